import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { browser, openPage, serve, shot, type Browser, type Served } from './harness'

/** The campaign-core issue's "done when": a session of play through the UI, then undo all the way back. */

let host: Served | undefined
let b: Browser | undefined
afterEach(async () => {
  await b?.close()
  await host?.stop()
  b = undefined
  host = undefined
})


/** Everything a GM's evening changes, as the host reports it. */
async function state(host: Served) {
  return {
    people: (await host.api<unknown[]>('people.list')).body.length,
    ledger: (await host.api<{ total: number }>('ledger.history', {})).body.total,
    day: (await host.api<{ day: number }>('clock.now')).body.day,
    rolls: (await host.api<unknown[]>('dice.log', {})).body.length,
    settings: (await host.api('settings.get')).body
  }
}

describe('undo back to the start', () => {
  it('after characters, money, a month and rolls in both modes, Undo in the header returns the campaign to where it began', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'qd-e2e-files-'))
    host = await serve(['--campaign', join(dir, 'Evening.quarterdeck'), '--create'])
    const start = await state(host)
    expect(start).toMatchObject({ people: 0, ledger: 0, day: 0, rolls: 0 })
    b = await browser()
    const { page } = b
    await page.goto(host.url)
    await page.locator('[data-test=campaign-title]').getByText('Evening').waitFor()

    // Two characters.
    await openPage(page, 'People', 'people')
    const personDialog = page.locator('[data-test=person-dialog]')
    for (const name of ['Anne Bonny', 'Calico Jack']) {
      await page.locator('[data-test=new-character]').click()
      await personDialog.getByLabel('Character name').fill(name)
      await personDialog.locator('[data-test=person-save]').click()
      await personDialog.waitFor({ state: 'detached' })
      await page.locator('[data-test=people-table]').getByRole('row').filter({ hasText: name }).waitFor()
    }

    // Money in from the outside world.
    await openPage(page, 'Ledger', 'ledger')
    const money = page.locator('[data-test=money-card]')
    await money.getByLabel('Grant amount').waitFor()
    await page.locator('[data-test=grant-to]').click()
    await page.locator('.n-base-select-option:visible').getByText('Anne Bonny', { exact: true }).click()
    await money.getByLabel('Grant amount').fill('750')
    await money.getByLabel('Grant memo').fill('Share of the prize')
    await money.locator('[data-test=grant-go]').click()
    await expect.poll(async () => (await state(host!)).ledger).toBe(1)

    // A month passes; a roll by the app, then one by hand.
    await openPage(page, 'Dashboard', 'dashboard')
    await page.locator('[data-test=advance-month]').click()
    await page.locator('[data-test=clock-day]').getByText('Day 31').waitFor() // 1 Primus → 1 Secundus
    await page.getByLabel('Dice notation').fill('2k2')
    await page.locator('[data-test=roll-button]').click()
    await page.locator('[data-test=roll-result]').waitFor()
    await page.locator('[data-test=dice-mode-manual]').click()
    await page.locator('[data-test=dice-mode-manual].n-radio-button--checked').waitFor()
    await page.getByLabel('Dice notation').fill('1k1')
    await page.locator('[data-test=roll-button]').click()
    const prompt = page.locator('[data-test=dice-prompt]')
    await prompt.locator('[data-test=face-7]').click()
    await prompt.locator('[data-test=dice-submit]').click()
    await expect.poll(async () => (await state(host!)).rolls).toBe(2)

    const played = await state(host)
    expect(played).toMatchObject({ people: 2, ledger: 1, day: 31, rolls: 2, settings: { diceMode: 'manual' } })
    await shot(page, 'undo-to-start-before')

    // Undo until there is nothing left to undo, waiting each time for the header to catch up.
    const undo = page.locator('.qd-topbar').getByRole('button', { name: 'Undo', exact: true })
    const history = async () => (await host!.api<{ entries: { undone: boolean }[]; canUndo: boolean }>('history.list', {})).body
    let steps = 0
    while ((await history()).canUndo) {
      const left = (await history()).entries.filter((e) => !e.undone).length
      await expect.poll(() => undo.isEnabled()).toBe(true)
      await undo.click()
      await expect.poll(async () => (await history()).entries.filter((e) => !e.undone).length).toBe(left - 1)
      expect(++steps).toBeLessThanOrEqual(20)
    }
    expect(steps).toBe(7) // two characters, a grant, the month, two rolls and the switch to dice by hand
    await expect.poll(() => undo.isDisabled()).toBe(true)
    expect(await state(host)).toEqual(start)
    await page.locator('[data-test=clock-day]').getByText('Day 0').waitFor()
    // The summary of the month that was undone is gone with it.
    await expect.poll(() => page.locator('[data-test=advance-summary]').count()).toBe(0)
    await shot(page, 'undo-to-start-after')
  })
})
