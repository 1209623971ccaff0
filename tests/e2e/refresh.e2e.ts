import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { apiOk, openPage, shot, useHost } from './harness'

/** Issue 16, point 1: a restore, an undo or a redo, here or in another window, shows on every open view. */

const qd = useHost()

const rows = (page: Page) => page.locator('[data-test=people-table] tbody tr').filter({ hasNot: page.locator('.n-data-table-empty') })

async function names(page: Page): Promise<string[]> {
  return (await rows(page).allTextContents()).map((t) => t.trim())
}

describe('every open view follows the campaign (issue 16, point 1)', () => {
  it('Backups → Restore shows the restored state at once and says what it restored; a restore or an undo in another window shows too', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'qd-e2e-refresh-'))
    const host = await qd.serve(['--campaign', join(dir, 'Restore.quarterdeck'), '--create'])
    await apiOk(host, 'people.create', { name: 'Anne Bonny', kind: 'pc' })
    await apiOk(host, 'clock.advance', { days: 3 })
    const label = (await apiOk<{ label: string }>(host, 'clock.now')).label
    await apiOk(host, 'backups.create')
    await apiOk(host, 'people.create', { name: 'Calico Jack', kind: 'pc' })
    await apiOk(host, 'clock.advance', { days: 10 })

    const b = await qd.browser()
    const { page } = b
    await page.goto(host.url)
    await page.locator('[data-test=campaign-title]').getByText('Restore').waitFor()
    await openPage(page, 'People', 'people')
    await expect.poll(() => rows(page).count()).toBe(2)

    // A second window on the same campaign, on the Dashboard.
    const other = await b.context.newPage()
    await other.goto(host.url)
    await other.locator('[data-test=campaign-title]').getByText('Restore').waitFor()

    // Restore the manual backup from the Backups window.
    await page.locator('.qd-topbar').getByRole('button', { name: 'Backups' }).click()
    const modal = page.locator('.n-modal').filter({ hasText: 'Backups' })
    const manual = modal.locator('tr').filter({ hasText: 'Manual' })
    await manual.getByRole('button', { name: 'Restore…' }).click()
    await page.locator('.n-dialog').getByRole('button', { name: 'Restore', exact: true }).click()
    await modal.waitFor({ state: 'detached' })

    // This window: the list is the backup's at once, and the toast names the backup and the campaign date.
    await expect.poll(() => names(page)).toEqual([expect.stringContaining('Anne Bonny')])
    const toast = page.locator('.n-message').filter({ hasText: 'Restored the backup of' })
    await toast.waitFor()
    expect(await toast.textContent()).toContain(`the campaign is back at ${label}`)
    await shot(page, 'issue16-restore-refresh')

    // The other window followed too, without a reload.
    await expect.poll(() => other.locator('[data-test=clock-date]').textContent()).toBe(label)

    // A change in the other window (a character added through the host), then undone there: this window follows both.
    await apiOk(host, 'people.create', { name: 'Mary Read', kind: 'pc' })
    await expect.poll(() => rows(page).count()).toBe(2)
    await other.locator('.qd-topbar').getByRole('button', { name: 'Undo', exact: true }).click()
    await expect.poll(() => names(page)).toEqual([expect.stringContaining('Anne Bonny')])
    await other.locator('.qd-topbar').getByRole('button', { name: 'Redo', exact: true }).click()
    await expect.poll(() => rows(page).count()).toBe(2)
    await other.close()
  })
})
