import { copyFileSync, mkdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { campaignTitle, hideMessages, noHorizontalOverflow, openPage, openShip, ROOT, shot, SHOTS, useHost } from './harness'

/**
 * Issue 18, the Atrilian sample: from the start screen a GM opens "The al-Zabdiyat Campaign" (next to the
 * Tortuga Run), sees the two fleets, a galley's sheet with her marines and wizard, and the chart of the
 * coasts around al-Zabdiyat with the Meshuesh squadron at sea. The README's picture of it
 * (docs/images/atrilia-sample.png) is taken here, at 1280 px, as readme-shots.e2e.ts takes its own.
 */
const qd = useHost()

/** Nothing a GM should not read: no ids, keys, "undefined", "NaN" or nautical miles. */
async function wordsOnly(page: Page): Promise<void> {
  const text = (await page.locator('#app').innerText()).replace(/\s+/g, ' ')
  for (const bad of [/\bundefined\b/, /\bNaN\b/, /\balZabdiyat\b/, /\btortugaRun\b/, /[a-z]+[A-Z][a-z]+Galley/, /\d\s*nm\b/]) {
    expect(text, `the page shows ${bad}`).not.toMatch(bad)
  }
}

describe('the al-Zabdiyat sample in Chromium', () => {
  it('opens from the start screen next to the Tortuga Run: its fleets, a ship’s sheet and the chart', async () => {
    // A home of a steady name, so the pages read as a GM's would (not a random test folder).
    const home = join(tmpdir(), 'Quarterdeck-atrilia')
    rmSync(home, { recursive: true, force: true })
    mkdirSync(home, { recursive: true })
    const host = await qd.serve([], home)
    const { page } = await qd.browser({ width: 1280, height: 800 })
    await page.goto(host.url)

    // ── The start screen offers both samples ──────────────────────────────────
    const tortuga = page.locator('[data-test=sample-tortugaRun]')
    const zabdiyat = page.locator('[data-test=sample-alZabdiyat]')
    await tortuga.getByText('The Tortuga Run').waitFor()
    await tortuga.getByText('Théah', { exact: true }).waitFor()
    await zabdiyat.getByText('The al-Zabdiyat Campaign').waitFor()
    await zabdiyat.getByText('Atrilia', { exact: true }).waitFor()
    await zabdiyat.getByText('A Pheacian fleet of galleys and a Meshuesh squadron', { exact: false }).waitFor()
    await expect.poll(() => tortuga.locator('[data-test=open-sample]').count()).toBe(1)
    await wordsOnly(page)
    expect(await noHorizontalOverflow(page)).toBeLessThanOrEqual(0)
    await shot(page, 'atrilia-sample-start')

    await page.getByRole('button', { name: 'Open the sample campaign The al-Zabdiyat Campaign' }).click()
    await campaignTitle(page, 'The al-Zabdiyat Campaign').waitFor()

    // ── The fleets: Pheacian galleys in port, the Meshuesh squadron at sea ─────
    await openPage(page, 'Fleet', 'fleet')
    const table = page.locator('[data-test=fleet-table]')
    const fleet: [string, string][] = [
      ['Thalassa', 'Pheacian large galley'],
      ['Skylla', 'Small galley'],
      ['Phaiax', 'Liburnian galley'],
      ['Kerkyra', 'Liburnian galley'],
      ['Wadj-wer', 'Gyptian or Meshuesh large galley'],
      ['Sekhmet', 'Small galley'],
      ['Apophis', 'Small galley']
    ]
    for (const [name, type] of fleet) {
      await table.locator(`tr[data-ship="${name}"]`).getByText(type).waitFor()
    }
    await table.locator('tr[data-ship="Thalassa"]').getByText('Nikandros of the Pheacians').waitFor()
    await table.locator('tr[data-ship="Wadj-wer"]').getByText('Osorkon, Great Chief of the Meshuesh').waitFor()
    await table.getByText('18,300').waitFor()
    expect(await table.locator('tbody tr').count()).toBe(7)
    await wordsOnly(page)
    expect(await noHorizontalOverflow(page)).toBeLessThanOrEqual(0)
    await hideMessages(page)
    await shot(page, 'atrilia-sample-fleet')
    mkdirSync(join(ROOT, 'docs', 'images'), { recursive: true })
    copyFileSync(join(SHOTS, 'atrilia-sample-fleet.png'), join(ROOT, 'docs', 'images', 'atrilia-sample.png'))

    // ── A ship's sheet: the Phaiax, a Liburnian crew with a sea wizard ─────────
    await openShip(page, 'Phaiax')
    const sheet = page.locator('[data-test=ship-sheet][data-setting=atrilia]')
    await expect.poll(() => sheet.getAttribute('data-status')).toBe('port')
    await sheet.locator('[data-test=ship-kind]').getByText('Liburnian galley').waitFor()
    await sheet.locator('[data-test=ship-place]').getByText('In Pheacian harbour').waitFor()
    await sheet.locator('[data-stat=quality]').getByText('Veteran (3)').waitFor()
    await sheet.locator('[data-stat=nation]').getByText("Liburnian · +1 to sea wizards' combat rolls").waitFor()
    await sheet.locator('[data-test=history]').getByText('Launched: the Phaiax is afloat and in port in Pheacian harbour').waitFor()
    await wordsOnly(page)
    await hideMessages(page)
    await shot(page, 'atrilia-sample-sheet')
    await sheet.locator('.n-tabs-tab[data-name="crew"]').click()
    await sheet.locator('[data-test=crew-marines] [data-test=marines-now]').getByText('2 points of marines aboard (50 men)').waitFor()
    await sheet.locator('[data-test=crew-wizards] [data-test=wizards-now]').getByText('1 sea wizard').waitFor()
    await wordsOnly(page)
    await hideMessages(page)
    await shot(page, 'atrilia-sample-crew')

    // ── The chart of the coasts around al-Zabdiyat, in km ─────────────────────
    await openPage(page, 'Chart', 'chart')
    await page.locator('[data-test=sea-chart] canvas').first().waitFor()
    await page.locator('.qd-scale').getByText(/\d km$/).waitFor()
    await expect.poll(() => page.locator('[data-test=sea-chart]').first().getAttribute('data-animating'), { timeout: 10_000 }).toBe('no')
    await wordsOnly(page)
    expect(await noHorizontalOverflow(page)).toBeLessThanOrEqual(0)
    await hideMessages(page)
    // The Meshuesh squadron is under way: the chart's voyages list it, a day out.
    await page.getByText('Meshuesh harbour to al-Zabdiyat').first().waitFor()
    await page.getByText('Wadj-wer, Sekhmet, Apophis · 90 / 178 km', { exact: false }).first().waitFor()
    await shot(page, 'atrilia-sample-chart')
  })

  it('`--sample alZabdiyat` opens it straight away; the Tortuga Run stays the default sample', async () => {
    const host = await qd.serve(['--sample', 'alZabdiyat'])
    const { page } = await qd.browser()
    await page.goto(host.url)
    await campaignTitle(page, 'The al-Zabdiyat Campaign').waitFor()

    const other = await qd.serve(['--last-or-sample'])
    const b = await qd.browser()
    await b.page.goto(other.url)
    await b.page.locator('[data-test=campaign-title]').getByText('The Tortuga Run').waitFor()
  })
})
