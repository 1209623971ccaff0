import { describe, expect, it } from 'vitest'
import { apiOk, openPage, openSample, shot, useHost } from './harness'

/** Issue 16, point 17: a shortcut list (?), a command palette (Ctrl+K) and keys that go to a page. */

const qd = useHost()

describe('the keyboard (issue 16, point 17)', () => {
  it('? opens the shortcut list (not while typing in a field); g then a letter goes to a page', async () => {
    const { page } = await qd.start()
    await openSample(page)
    await page.keyboard.press('?')
    const list = page.locator('[data-test=shortcut-list]')
    await list.waitFor()
    await list.getByText('Find a page, ship, character, port, company or action').waitFor()
    const go = list.locator('[data-test=go-keys]')
    for (const p of ['Dashboard', 'People', 'Fleet', 'Battles', 'Shipyard', 'Ports', 'Chart', 'Companies', 'Ledger', 'Log', 'Rules']) {
      await go.getByText(p, { exact: true }).waitFor()
    }
    await list.getByText('On a battle').waitFor()
    await list.getByText('Resolve the turn').waitFor()
    await shot(page, 'issue16-shortcut-list')
    await page.keyboard.press('Escape')
    await list.waitFor({ state: 'detached' })

    // g then p: People; g then l: Ledger; g then d: back to the Dashboard.
    await page.keyboard.press('g')
    await page.keyboard.press('p')
    await page.waitForURL(/#\/campaign\/people$/)
    await page.keyboard.press('g')
    await page.keyboard.press('l')
    await page.waitForURL(/#\/campaign\/ledger$/)

    // Typed into a field, "?" and "g p" are text.
    const memo = page.locator('[data-test=money-card]').getByLabel('Grant memo')
    await memo.click()
    await page.keyboard.type('Why? gp')
    expect(await memo.inputValue()).toBe('Why? gp')
    expect(page.url()).toMatch(/#\/campaign\/ledger$/)
    expect(await list.count()).toBe(0)
    await memo.blur()

    await page.keyboard.press('g')
    await page.keyboard.press('d')
    await page.waitForURL(/#\/campaign\/dashboard$/)
  })

  it('Ctrl+K finds ships, characters, pages and actions, and Enter or a click opens them', async () => {
    const { host, page } = await qd.start()
    await openSample(page)
    const ships = await apiOk<{ id: number; name: string }[]>(host, 'ships.list')
    const seaDog = ships.find((s) => s.name === 'Sea Dog')!.id
    const people = await apiOk<{ id: number; name: string }[]>(host, 'people.list')
    const marcel = people.find((p) => p.name === 'Marcel du Sable')!.id

    const palette = page.locator('[data-test=palette]')
    const input = palette.getByLabel('Find')
    const items = palette.locator('[data-test=palette-item]')

    // A ship, by part of her name: the first result, opened with Enter.
    await page.keyboard.press('Control+k')
    await input.waitFor()
    await expect.poll(() => items.filter({ hasText: 'Sea Dog' }).count()).toBe(1)
    await input.fill('sea dog')
    await expect.poll(() => items.first().getAttribute('data-kind')).toBe('Ship')
    expect(await items.first().textContent()).toContain('Sea Dog')
    await shot(page, 'issue16-command-palette')
    await page.keyboard.press('Enter')
    await page.waitForURL(new RegExp(`#/campaign/fleet/${seaDog}$`))
    await palette.waitFor({ state: 'detached' })

    // A character: opens their page.
    await page.keyboard.press('Control+k')
    await input.fill('marcel')
    await items.filter({ hasText: 'Marcel du Sable' }).and(palette.locator('[data-kind=Character]')).click()
    await page.waitForURL(new RegExp(`#/campaign/people/${marcel}$`))
    await page.locator('[data-test=person-name]').getByText('Marcel du Sable').waitFor()

    // A page, with the arrow keys.
    await page.keyboard.press('Control+k')
    await input.fill('ledg')
    await expect.poll(() => items.first().getAttribute('data-kind')).toBe('Page')
    await page.keyboard.press('Enter')
    await page.waitForURL(/#\/campaign\/ledger$/)

    // An action: New character opens the dialog on the People page.
    await page.keyboard.press('Control+k')
    await input.fill('new char')
    await expect.poll(() => items.first().textContent()).toContain('New character')
    await page.keyboard.press('Enter')
    await page.locator('[data-test=person-dialog]').getByText('New character').waitFor()
    expect(page.url()).toMatch(/#\/campaign\/people$/)
    await page.keyboard.press('Escape')
    await page.locator('[data-test=person-dialog]').waitFor({ state: 'detached' })

    // Nothing found: said so.
    await page.keyboard.press('Control+k')
    await input.fill('kraken')
    await palette.locator('[data-test=palette-none]').getByText('Nothing here is called “kraken”.').waitFor()
    await page.keyboard.press('Escape')
    await palette.waitFor({ state: 'detached' })
  })
})
