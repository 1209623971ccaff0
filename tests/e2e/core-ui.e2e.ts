import { afterEach, describe, expect, it } from 'vitest'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { apiOk, campaignTitle, browser, serve, settled, shot, type Browser, type Served } from './harness'

/** The campaign core through the real UI: clock, reminders, dice (app-rolled and by hand), logs, rules, undo. */

let host: Served | undefined
let b: Browser | undefined
afterEach(async () => {
  await b?.close()
  await host?.stop()
  b = undefined
  host = undefined
})

interface ClockNow {
  day: number
  label: string
}
interface Reminder {
  id: number
  title: string
  inDays: number
  link: string | null
}
interface RollLogEntry {
  id: number
  purpose: string
  notation: string
  faces: number[]
  kept: number[]
  total: number
  manual: boolean
}
interface RuleDetail {
  value: Record<string, unknown>
  edited: boolean
  entries: { key: string; value: unknown; differs: boolean }[]
}

async function open(name: string): Promise<Page> {
  const dir = mkdtempSync(join(tmpdir(), 'qd-e2e-core-'))
  host = await serve(['--campaign', join(dir, `${name}.quarterdeck`), '--create'])
  b = await browser()
  const { page } = b
  await page.goto(host.url)
  await campaignTitle(page, name).waitFor()
  return page
}

const api = <T>(name: string, input: unknown = {}): Promise<T> => apiOk<T>(host, name, input)

async function goTo(page: Page, label: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Campaign pages' }).getByRole('link', { name: label, exact: true }).click()
}

/** Turn the mouse wheel and wait for the scroll it starts to end (Chromium animates a wheel's scroll). */
async function wheelScroll(page: Page, dy: number): Promise<void> {
  await page.evaluate(`void (window.qdScrollEnded = new Promise((ok) => addEventListener('scrollend', () => ok(true), { capture: true, once: true })))`)
  await page.mouse.wheel(0, dy)
  await page.evaluate('window.qdScrollEnded')
}

async function addReminder(page: Page, title: string, days: number, link?: string): Promise<void> {
  await page.getByLabel('Reminder title').fill(title)
  await page.getByLabel('Due in days').fill(String(days))
  if (link) {
    await page.getByLabel('Page the reminder opens').click()
    await page.locator('.n-base-select-option').filter({ hasText: new RegExp(`^${link}$`) }).click()
  }
  await page.locator('[data-test=reminder-add]').click()
  await page.locator('[data-test=reminders] li').filter({ hasText: title }).waitFor()
}

describe('campaign core in Chromium', () => {
  it('advances the clock a month, running the reminder step on the way; adds, follows and removes reminders', async () => {
    const page = await open('Clockwork')
    const start = await api<ClockNow>('clock.now')
    expect(start.day).toBe(0)
    await expect(page.locator('[data-test=clock-date]').textContent()).resolves.toBe(start.label)
    await page.locator('[data-test=clock-day]').getByText('Day 0').waitFor()

    // Reminders: one due in the coming month, one that opens another page, one to remove.
    await addReminder(page, 'Pay the crew', 10)
    await addReminder(page, 'Check the roll log', 40, 'Log')
    await addReminder(page, 'Careen the Sea Dog', 60)
    const list = page.locator('[data-test=reminders] li')
    await expect(list.filter({ hasText: 'Pay the crew' }).textContent()).resolves.toContain('in 10 days')
    expect((await api<Reminder[]>('reminders.list')).map((r) => r.title)).toEqual(['Pay the crew', 'Check the roll log', 'Careen the Sea Dog'])
    await settled(page)
    await shot(page, 'core-dashboard-reminders')

    await page.getByRole('button', { name: 'Remove reminder Careen the Sea Dog' }).click()
    await list.filter({ hasText: 'Careen the Sea Dog' }).waitFor({ state: 'detached' })
    expect((await api<Reminder[]>('reminders.list')).map((r) => r.title)).toEqual(['Pay the crew', 'Check the roll log'])

    // A month forward (to the same day next month: 1 Primus → 1 Secundus, 31 days): the date changes,
    // and the reminder that fell due on the way is reported.
    await page.locator('[data-test=advance-month]').click()
    const after = await expect.poll(async () => (await api<ClockNow>('clock.now')).day).toBe(31)
    void after
    const now = await api<ClockNow>('clock.now')
    await page.locator('[data-test=clock-date]').getByText(now.label, { exact: true }).waitFor()
    await page.locator('[data-test=clock-day]').getByText('Day 31').waitFor()
    const summary = page.locator('[data-test=advance-summary]')
    await summary.getByText('Due today: Pay the crew').waitFor()
    await summary.getByText('Reminders due').waitFor()
    await page.locator('.n-message').filter({ hasText: 'Advanced 31 days' }).waitFor()
    // The due reminder is now past; the other counts down from the new date.
    await list.filter({ hasText: 'Pay the crew' }).waitFor({ state: 'detached' })
    await expect(list.filter({ hasText: 'Check the roll log' }).textContent()).resolves.toContain('in 9 days')
    await settled(page)
    await shot(page, 'core-dashboard-clock-advanced')

    await page.getByLabel('Show past reminders').click()
    await expect(list.filter({ hasText: 'Pay the crew' }).textContent()).resolves.toContain('21 days ago')

    // Log → Clock shows the reminder step's entry on its day (day 10).
    await goTo(page, 'Log')
    await page.getByRole('tab', { name: 'Clock' }).click()
    const row = page.locator('[data-test=clock-log] tr').filter({ hasText: 'Due today: Pay the crew' })
    await row.waitFor()
    await expect(row.textContent()).resolves.toContain('Reminders due')
    const log = await api<{ day: number; effects: string[] }[]>('clock.log')
    expect(log).toEqual([expect.objectContaining({ day: 10, effects: ['Due today: Pay the crew'] })])
    await settled(page)
    await shot(page, 'core-log-clock')

    // A reminder with a link opens its page.
    await goTo(page, 'Dashboard')
    await page.locator('[data-test=reminders]').getByRole('link', { name: /Check the roll log/ }).click()
    await page.waitForURL(/#\/campaign\/log$/)

    // The dashboard at full HD: nothing overflows sideways.
    await page.setViewportSize({ width: 1920, height: 1080 })
    await goTo(page, 'Dashboard')
    await page.locator('[data-test=clock-day]').getByText('Day 31').waitFor()
    expect(await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth')).toBeLessThanOrEqual(0)
    await settled(page)
    await shot(page, 'core-dashboard-1920')
  })

  it('rolls app-rolled and by hand (with an exploding ten), cancels a prompt, and lists and exports the rolls', async () => {
    const page = await open('Dice-Box')

    // App-rolled.
    await page.getByLabel('Dice notation').fill('3k2+1')
    await page.getByLabel('Purpose of the roll').fill('Gunnery test')
    await page.locator('[data-test=roll-button]').click()
    const result = page.locator('[data-test=roll-result]')
    await result.getByText('Gunnery test').waitFor()
    const appRoll = (await api<RollLogEntry[]>('dice.log'))[0]!
    expect(appRoll).toMatchObject({ purpose: 'Gunnery test', notation: '3k2+1', manual: false })
    expect(appRoll.kept).toHaveLength(2)
    expect(appRoll.total).toBe(appRoll.kept[0]! + appRoll.kept[1]! + 1)
    await expect(result.locator('[data-test=roll-total]').textContent()).resolves.toBe(String(appRoll.total))
    await result.getByText('modifier').waitFor()
    await page.getByRole('button', { name: 'How to write a roll' }).hover()
    await page.getByText('roll X d10, keep the Y highest').waitFor()
    await settled(page)
    await shot(page, 'core-dice-app-rolled')
    await page.mouse.move(5, 790)

    // Switch to entering dice by hand from the header.
    await page.getByText('Enter by hand', { exact: true }).click()
    await expect.poll(async () => (await api<{ diceMode: string }>('settings.get')).diceMode).toBe('manual')
    await page.locator('[data-test=dice-mode-manual].n-radio-button--checked').waitFor()

    // 2k2 by hand: 10 (explodes), its re-roll 3, then 6 → dice 13 and 6, total 19.
    await page.getByLabel('Dice notation').fill('2k2')
    await page.getByLabel('Purpose of the roll').fill('Boarding action')
    await page.locator('[data-test=roll-button]').click()
    const prompt = page.getByRole('dialog', { name: 'Enter the dice you rolled' })
    await prompt.getByText('Roll 2k2').waitFor()
    await prompt.getByText('at least 2 more faces').waitFor()
    await prompt.getByText('Tens explode').waitFor()
    await prompt.locator('[data-test=face-10]').click()
    await expect(prompt.locator('[data-test=dice-status]').textContent()).resolves.toContain('2 more faces to enter (a 10 explodes')
    await prompt.locator('[data-test=face-3]').click()
    await page.getByLabel('Faces rolled').press('End')
    await page.getByLabel('Faces rolled').pressSequentially(' 6')
    await expect(prompt.locator('[data-test=dice-status]').textContent()).resolves.toContain('Ready')
    await settled(page)
    await shot(page, 'core-dice-prompt')
    await prompt.locator('[data-test=dice-submit]').click()
    await prompt.waitFor({ state: 'hidden' })
    await result.getByText('Boarding action').waitFor()
    await expect(result.locator('[data-test=roll-total]').textContent()).resolves.toBe('19')
    await result.getByText('by hand').waitFor()
    const manualRoll = (await api<RollLogEntry[]>('dice.log'))[0]!
    expect(manualRoll).toMatchObject({ purpose: 'Boarding action', notation: '2k2', faces: [10, 3, 6], kept: [13, 6], total: 19, manual: true })
    await settled(page)
    await shot(page, 'core-dice-by-hand-result')

    // Cancelling a prompt changes nothing.
    const journalBefore = (await api<{ entries: unknown[] }>('history.list')).entries.length
    await page.getByLabel('Dice notation').fill('1k1')
    await page.getByLabel('Purpose of the roll').fill('Never rolled')
    await page.locator('[data-test=roll-button]').click()
    await prompt.getByText('Roll 1k1').waitFor()
    await prompt.locator('[data-test=face-4]').click()
    await prompt.locator('[data-test=dice-cancel]').click()
    await prompt.waitFor({ state: 'hidden' })
    await page.locator('.n-message').filter({ hasText: 'Cancelled' }).waitFor()
    await result.getByText('Boarding action').waitFor() // the last result stays
    expect((await api<RollLogEntry[]>('dice.log')).map((r) => r.purpose)).toEqual(['Boarding action', 'Gunnery test'])
    expect((await api<{ entries: unknown[] }>('history.list')).entries).toHaveLength(journalBefore)

    // Log → Rolls lists both, the hand-entered one marked; Export CSV downloads them.
    await goTo(page, 'Log')
    await page.getByRole('tab', { name: 'Rolls' }).click()
    const table = page.locator('[data-test=rolls-table]')
    await table.getByText('Gunnery test').waitFor()
    const handRow = table.locator('tr').filter({ hasText: 'Boarding action' })
    await handRow.getByText('by hand').waitFor()
    await expect(handRow.textContent()).resolves.toContain('19')
    await expect(table.locator('tr').filter({ hasText: 'Gunnery test' }).getByText('by hand').count()).resolves.toBe(0)
    // Searching narrows the list.
    await page.getByLabel('Search rolls').fill('board')
    await table.getByText('Gunnery test').waitFor({ state: 'detached' })
    await table.getByText('Boarding action').waitFor()
    await page.getByLabel('Search rolls').fill('')
    await table.getByText('Gunnery test').waitFor()
    // The page comes first, the total after it into the pager: every roll of the log counted.
    const rolled = (await api<unknown[]>('dice.log')).length
    await expect.poll(() => table.locator('.n-pagination').textContent()).toContain(`${rolled} rolls`)
    await settled(page)
    await shot(page, 'core-log-rolls')

    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('[data-test=rolls-export]').click()])
    expect(download.suggestedFilename()).toBe('Dice-Box-rolls.csv')
    const csv = readFileSync((await download.path())!, 'utf8')
    expect(csv).toContain('Gunnery test')
    expect(csv).toContain('3k2+1')
    expect(csv).toContain('Boarding action')
    expect(csv).toContain('10 3 6')
    expect(csv.trim().split(/\r?\n/)).toHaveLength(3)
  })

  it('edits a rule table, shows what differs, resets it, and undoes the reset from the header', async () => {
    const page = await open('Rulebook')
    await goTo(page, 'Rules')
    await page.locator('[data-test=rule-heroPoints]').click()
    const detail = page.locator('[data-test=rule-detail]')
    await detail.getByText('Hero points into a ship fund').waitFor()
    const entries = page.locator('[data-test=rule-entries]')
    const gpp = entries.locator('tr').filter({ hasText: 'Guilders per point' })
    await expect(gpp.textContent()).resolves.toContain('600')
    await expect(gpp.locator('[data-test=differs]').count()).resolves.toBe(0)

    // A field left empty is refused, naming the field.
    await page.getByLabel('Max per character').fill('')
    await page.locator('[data-test=rule-save]').click()
    const toast = page.locator('.n-message').filter({ hasText: 'That input is not valid' })
    await toast.waitFor()
    await expect(toast.textContent()).resolves.toContain('Max per character: a number is needed')
    await expect(toast.textContent()).resolves.not.toContain('maxPerCharacter')
    await page.getByRole('button', { name: 'Discard changes' }).click()

    await page.getByLabel('Guilders per point').fill('500')
    await page.locator('[data-test=rule-save]').click()
    await gpp.locator('[data-test=differs]').waitFor()
    await expect(gpp.textContent()).resolves.toContain('500')
    await page.locator('[data-test=rule-heroPoints]').getByText('edited').waitFor()
    const edited = await api<RuleDetail>('rules.get', { table: 'heroPoints' })
    expect(edited.value).toEqual({ guildersPerPoint: 500, maxPerCharacter: 20 })
    expect(edited.entries.find((e) => e.key === 'guildersPerPoint')!.differs).toBe(true)
    await settled(page)
    await shot(page, 'core-rules-edited')

    await page.locator('[data-test=rule-reset]').click()
    await page.getByRole('button', { name: 'Reset to default', exact: true }).click()
    await gpp.locator('[data-test=differs]').waitFor({ state: 'detached' })
    await expect(gpp.textContent()).resolves.toContain('600')
    expect((await api<RuleDetail>('rules.get', { table: 'heroPoints' })).value).toEqual({ guildersPerPoint: 600, maxPerCharacter: 20 })

    // Undo (the header button) puts the edit back.
    await page.getByRole('button', { name: 'Undo', exact: true }).first().click()
    await gpp.locator('[data-test=differs]').waitFor()
    await expect(gpp.textContent()).resolves.toContain('500')
    await expect(page.getByLabel('Guilders per point').inputValue()).resolves.toBe('500')
    const undone = await api<RuleDetail>('rules.get', { table: 'heroPoints' })
    expect(undone).toMatchObject({ edited: true, value: { guildersPerPoint: 500, maxPerCharacter: 20 } })

    // The other tables get proper editors too: a list of names, and the calendar's fields.
    await page.locator('[data-test=rule-knacks]').click()
    await detail.getByText('Knacks', { exact: true }).waitFor()
    await expect(page.getByLabel('Knacks 1', { exact: true }).inputValue()).resolves.toBe('Captain')
    await settled(page)
    await shot(page, 'core-rules-knacks')
    await page.locator('[data-test=rule-calendar]').click()
    await expect(page.getByLabel('Months 1 Name').inputValue()).resolves.toBe('Primus')
    await page.getByLabel('Months 1 Name').scrollIntoViewIfNeeded()
    await page.mouse.move(800, 500)
    await wheelScroll(page, 500)
    await settled(page)
    await shot(page, 'core-rules-calendar')
  })
})
