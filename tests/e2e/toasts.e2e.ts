import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { apiOk, openPage, settled, shot, useHost, type Served } from './harness'
import { shipDesign } from '../helpers'

/** Issue 16: toasts. Point 6 (a toast's Undo is its own change's), point 19 (error toasts). */

const qd = useHost()
let host: Served | undefined

async function open(name: string): Promise<Page> {
  const s = await qd.start({ campaign: name })
  host = s.host
  return s.page
}

async function createCharacter(page: Page, name: string): Promise<void> {
  const dialog = page.locator('[data-test=person-dialog]')
  await page.locator('[data-test=new-character]').click()
  await dialog.getByLabel('Character name').fill(name)
  await dialog.locator('[data-test=person-save]').click()
  await dialog.waitFor({ state: 'detached' })
}

const names = async () => (await apiOk<{ name: string }[]>(host, 'people.list')).map((p) => p.name)

describe('toasts (issue 16)', () => {
  it('point 6: a toast’s Undo goes once a later change is made, and the newest one’s tooltip names the change it undoes', async () => {
    const page = await open('Toasts')
    await openPage(page, 'People', 'people')
    await createCharacter(page, 'Anne Bonny')
    const first = page.locator('.n-message').filter({ hasText: 'Created Anne Bonny' })
    await first.hover() // keeps it on screen
    await first.locator('[data-test=toast-undo]').waitFor()

    // A later change (made in another window): the older toast no longer offers Undo.
    await apiOk(host, 'reminders.add', { title: 'Careen the Swan', inDays: 5 })
    await expect.poll(() => first.locator('[data-test=toast-undo]').count()).toBe(0)
    await expect.poll(() => first.isVisible()).toBe(true)

    // The header's Undo names what it would undo.
    await page.locator('.qd-topbar').getByRole('button', { name: 'Undo', exact: true }).hover()
    await page.locator('.n-tooltip').getByText('Undo “Reminder “Careen the Swan”', { exact: false }).waitFor()

    await createCharacter(page, 'Calico Jack')
    const second = page.locator('.n-message').filter({ hasText: 'Created Calico Jack' })
    const undo = second.locator('[data-test=toast-undo]')
    await undo.hover()
    await page.locator('.n-tooltip').getByText('Undo “Created player character Calico Jack”').waitFor()
    await settled(page) // the tooltip has finished fading in, for the picture
    await shot(page, 'issue16-toast-undo-names-change')
    await undo.click()
    await expect.poll(names).toEqual(['Anne Bonny'])
    // Only its own change was undone: the reminder is still there.
    expect((await apiOk<{ title: string }[]>(host, 'reminders.list', {})).map((r) => r.title)).toEqual(['Careen the Swan'])
  })

  it('point 19: an error toast can be closed and does not follow the GM to another page; undo on a ship’s sheet that removes her goes back to the Fleet with a message', async () => {
    const page = await open('Errors')
    // An empty campaign name is refused: the error toast has a close button.
    await page.locator('[data-test=rename-input] input').fill('')
    await page.locator('[data-test=rename-save]').click()
    const error = page.locator('.n-message').filter({ has: page.locator('[data-test=error-toast]') })
    await error.waitFor()
    await expect.poll(() => error.locator('.n-message__close').count()).toBe(1)
    await shot(page, 'issue16-error-toast')
    await openPage(page, 'People', 'people')
    await expect.poll(() => page.locator('[data-test=error-toast]').count()).toBe(0)

    // A ship commissioned, her sheet open, then the commission undone from the header.
    const anne = await apiOk<{ ownerId: number }>(host, 'people.create', { name: 'Anne Bonny', kind: 'pc' })
    await apiOk(host, 'ledger.grant', { ownerId: anne.ownerId, amount: 100_000, memo: 'A patron' })
    const { shipId } = await apiOk<{ shipId: number }>(host, 'ships.commission', { design: shipDesign('corsair'), name: 'Kestrel', owners: [{ ownerId: anne.ownerId, share: 100 }] })
    await page.goto(`${host!.origin}/#/campaign/fleet/${shipId}`)
    await page.locator('[data-test=ship-name]').getByText('Kestrel').waitFor()
    await page.locator('.qd-topbar').getByRole('button', { name: 'Undo', exact: true }).click()
    await page.waitForURL(/#\/campaign\/fleet$/)
    await page.locator('[data-test=info-toast]').getByText('The Kestrel is no longer in this campaign: the change that brought her in was undone.').waitFor()
    expect(await page.locator('[data-test=error-toast]').count()).toBe(0)
    await shot(page, 'issue16-undo-removed-ship')
  })
})
