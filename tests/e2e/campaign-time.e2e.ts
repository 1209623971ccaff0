import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { apiOk, hideMessages, openPage, shot, type Browser, type Served, useHost } from './harness'

/**
 * Issue 16, point 16: the Log, Recent changes and Backups show the campaign date beside the
 * wall-clock time; backups can be named; "+1 month" moves to the same day next month.
 */

let host: Served | undefined
let b: Browser | undefined
// The host and browser of each test close after it.
const qd = useHost()

describe('time in the window (issue 16, point 16)', () => {
  it('+1 month goes to the same day next month (the last day when next month is shorter); the Log, Recent changes and a named backup show the campaign date', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'qd-e2e-time-'))
    host = await qd.serve(['--campaign', join(dir, 'Time.quarterdeck'), '--create'])
    // Day 30 of the Théah calendar is 31 Primus; Secundus has 28 days.
    await apiOk(host, 'clock.advance', { days: 30 })
    expect((await apiOk<{ label: string }>(host, 'clock.now')).label).toContain('31 Primus 1668')

    b = await qd.browser()
    const { page } = b
    await page.goto(host.url)
    await page.locator('[data-test=campaign-title]').getByText('Time').waitFor()
    const month = page.locator('[data-test=advance-month]')
    // The tooltip says where the button goes and what happens when next month is shorter.
    await expect.poll(() => month.getAttribute('title')).toContain('28 Secundus 1668 AV (28 days)')
    expect(await month.getAttribute('title')).toContain('next month is shorter, so the clock stops on its last day.')
    await month.click()
    await page.locator('[data-test=clock-date]').getByText('28 Secundus 1668', { exact: false }).waitFor()
    await page.locator('[data-test=clock-day]').getByText('Day 58').waitFor()
    // From 28 Secundus, a month is 28 days: 28 Tertius (not shorter, so the tooltip says only where it goes).
    await expect.poll(() => month.getAttribute('title')).toContain('28 Tertius 1668 AV (28 days)')
    expect(await month.getAttribute('title')).toContain('the same day next month')
    await month.click()
    await page.locator('[data-test=clock-date]').getByText('28 Tertius 1668', { exact: false }).waitFor()
    await page.locator('[data-test=clock-day]').getByText('Day 86').waitFor()
    const today = (await apiOk<{ label: string }>(host, 'clock.now')).label
    expect(today).toMatch(/^\w+, 28 Tertius 1668 AV$/)
    const secundus = (await apiOk<{ entries: { dateLabel: string | null }[] }>(host, 'history.list')).entries[1]!.dateLabel!
    expect(secundus).toMatch(/^\w+, 28 Secundus 1668 AV$/)

    // Recent changes: each change with the campaign date it left the clock on.
    const recent = page.locator('.n-card').filter({ has: page.getByText('Recent changes', { exact: true }) })
    await recent.getByText(`Advanced the clock 28 days to ${today}`).first().waitFor()
    await expect.poll(() => recent.locator('.n-timeline-item').first().textContent()).toContain(`· ${today}`)
    await hideMessages(page)
    await shot(page, 'issue16-time-dashboard')

    // The Log: a campaign date column beside the wall-clock time.
    await openPage(page, 'Log', 'log')
    const header = page.locator('.n-data-table thead')
    await header.getByText('Campaign date').waitFor()
    const rows = page.locator('.n-data-table tbody tr')
    await expect.poll(() => rows.count()).toBe(3)
    await expect.poll(() => rows.nth(0).textContent()).toContain(today)
    expect(await rows.nth(1).textContent()).toContain(secundus)
    expect(await rows.nth(2).textContent()).toContain('31 Primus 1668 AV')
    await shot(page, 'issue16-time-log')

    // Backups: a name at most 80 characters, shown at the field; then a named backup with its campaign date.
    await page.locator('.qd-topbar').getByRole('button', { name: 'Backups' }).click()
    const modal = page.locator('.n-modal').filter({ hasText: 'Backups' })
    const name = modal.locator('[data-test=backup-name] input')
    await name.fill('x'.repeat(81))
    await modal.getByText('At most 80 characters (this is 81).').waitFor()
    expect(await modal.locator('[data-test=backup-now]').isDisabled()).toBe(true)
    await name.fill('before the battle')
    await modal.locator('[data-test=backup-now]').click()
    await page.locator('.n-message').filter({ hasText: `Backup “before the battle” taken (campaign date ${today}).` }).waitFor()
    const row = modal.locator('tbody tr').filter({ hasText: 'before the battle' })
    await row.waitFor()
    expect(await row.textContent()).toContain(today)
    expect(await row.textContent()).toContain('Manual')
    expect(await name.inputValue()).toBe('')
    await modal.locator('thead').getByText('Campaign date').waitFor()
    await hideMessages(page)
    await shot(page, 'issue16-time-backups')

    // The backup answers with its name and date over the door too.
    const list = await apiOk<{ name: string | null; dateLabel: string | null; kind: string }[]>(host, 'backups.list')
    expect(list.find((x) => x.kind === 'manual')).toMatchObject({ name: 'before the battle', dateLabel: today })
  })
})
