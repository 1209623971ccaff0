import { afterEach, describe, expect, it } from 'vitest'
import Database from 'better-sqlite3'
import type { Page } from 'playwright-core'
import { apiOk, campaignTitle, browser, chooseMany, choose, hideMessages, noHorizontalOverflow, openPage, serve, shot, type Browser, type Served } from './harness'

/**
 * Issue 18, voyages in an Atrilia campaign, as a GM sails one: a new Atrilia campaign starts with the
 * coasts around al-Zabdiyat (in km); a Pheacian large galley plans a voyage to the Meshuesh harbour at the
 * midpoint of 3 to 14 km/h for 12 hours a day (102 km, every term shown), sails day by day, meets a
 * Meshuesh galley the GM adds in the Add encounter dialog (each field checked as it is given), parleys and
 * arrives. Nothing on these pages says "nm".
 *
 * The Atrilian shipyard is another part of issue 18: until it is in, the galley is written into the
 * campaign file beside the running host, as the shipyard will make her (an Atrilian design, her crew, her
 * port), and the page is reloaded to read her.
 */

let host: Served | undefined
let b: Browser | undefined
afterEach(async () => {
  await b?.close()
  await host?.stop()
  b = undefined
  host = undefined
})

const api = <T>(name: string, input: unknown = {}): Promise<T> => apiOk<T>(host, name, input)

async function pick(page: Page, select: ReturnType<Page['locator']>, typed: string, option: string): Promise<void> {
  await select.click()
  await page.keyboard.type(typed)
  await page.locator('.n-base-select-option:visible').getByText(option, { exact: true }).click()
  await expect.poll(() => page.locator('.n-base-select-menu:visible').count()).toBe(0)
}

/** No distance on the page is in nautical miles. */
async function noMiles(page: Page): Promise<void> {
  const text = (await page.locator('#app').textContent()) ?? ''
  expect(text).not.toMatch(/\d\s*nm\b|\bnm\/day|\bnm a day/)
}

describe('an Atrilia voyage in Chromium (issue 18)', () => {
  it('creates an Atrilia campaign, sees the al-Zabdiyat chart, sails a Pheacian galley and adds a Meshuesh encounter', async () => {
    host = await serve()
    b = await browser()
    const { page } = b
    await page.goto(host.url)

    // ── A new Atrilia campaign, with the coasts around al-Zabdiyat ─────────────
    await page.getByLabel('Campaign name').fill('The al-Zabdiyat Voyages')
    await page.getByText('Atrilia — dinars').click()
    const choice = page.locator('[data-test=new-chart]')
    await choice.locator('[data-test=new-chart-atrilia]').waitFor()
    await page.locator('[data-test=new-chart-note]').getByText('The island of al-Zabdiyat and the coasts around it, in kilometres', { exact: false }).waitFor()
    await shot(page, 'atrilia-new-campaign')
    await page.locator('[data-test=create-campaign]').click()
    await campaignTitle(page, 'The al-Zabdiyat Voyages').waitFor()

    const chart = await api<{ settings: { unit: string }; ports: { portId: number; name: string }[] }>('chart.get')
    expect(chart.settings.unit).toBe('km')
    const port = Object.fromEntries(chart.ports.map((p) => [p.name, p.portId]))
    expect(port['al-Zabdiyat']).toBeDefined()

    // ── The galley, as the shipyard will launch her (see above) ────────────────
    const status = await api<{ campaign: { path: string } | null }>('app.status')
    const db = new Database(status.campaign!.path)
    try {
      const id = Number(
        db
          .prepare(`INSERT INTO ship (name, design, status, origin, crew) VALUES ('Thalassa', ?, 'port', 'built', 150)`)
          .run(JSON.stringify({ type: 'pheacianLargeGalley', improvements: { corvus: true, castle: true } })).lastInsertRowid
      )
      db.prepare(`INSERT INTO ship_owner (ship_id, owner_id, share) VALUES (?, 1, 100)`).run(id)
      db.prepare(`INSERT INTO ship_company (ship_id, port_id) VALUES (?, ?)`).run(id, port['al-Zabdiyat'])
    } finally {
      db.close()
    }
    await page.reload()
    await campaignTitle(page, 'The al-Zabdiyat Voyages').waitFor()

    // ── The chart, in km ──────────────────────────────────────────────────────
    await openPage(page, 'Chart', 'chart')
    await page.locator('[data-test=sea-chart] canvas').first().waitFor()
    await page.locator('.qd-scale').getByText(/\d km$/).waitFor()
    await expect.poll(() => page.locator('[data-test=sea-chart]').first().getAttribute('data-animating'), { timeout: 10_000 }).toBe('no')
    await noMiles(page)
    expect(await noHorizontalOverflow(page)).toBeLessThanOrEqual(0)
    await shot(page, 'atrilia-chart')
    await page.locator('[data-test=edit-chart]').click()
    await page.getByLabel('Kilometres per unit').waitFor()
    await page.locator('[data-test=land-list]').getByText('The island of al-Zabdiyat').waitFor()
    await noMiles(page)
    await shot(page, 'atrilia-chart-editor')
    await page.locator('[data-test=edit-chart]').click()

    // ── Plan: al-Zabdiyat to the Meshuesh harbour ─────────────────────────────
    await page.locator('[data-test=plan-voyage]').click()
    const planPanel = page.locator('[data-test=plan-panel]')
    await chooseMany(page, planPanel.locator('[data-test=plan-ships]'), ['Thalassa — in al-Zabdiyat'])
    await pick(page, planPanel.locator('[data-test=plan-stop-1]'), 'Mesh', 'Meshuesh harbour')
    const result = planPanel.locator('[data-test=plan-result]')
    await result.waitFor()
    await expect.poll(() => planPanel.locator('[data-test=set-sail]').isDisabled()).toBe(false)
    await expect(result.locator('[data-test=plan-speed]').textContent()).resolves.toContain('102 km/day')
    const breakdown = (await result.locator('[data-ship="Thalassa"] [data-test=breakdown]').textContent()) ?? ''
    for (const term of ['Pheacian large galley: slowest speed', 'fastest speed', 'Midpoint of the range', 'Hours of sailing a day', '8.5', '102']) expect(breakdown).toContain(term)
    await result.locator('[data-test=plan-encounters]').getByText('the GM adds encounters on any day at sea', { exact: false }).waitFor()
    const km = Number((await result.locator('[data-test=plan-distance]').textContent())!.replace(/[^\d]/g, ''))
    expect(km).toBeGreaterThan(102)
    await noMiles(page)
    await shot(page, 'atrilia-voyage-plan')

    // ── Set sail (no wind roll in Atrilia) and sail a day ─────────────────────
    await planPanel.locator('[data-test=set-sail]').click()
    await page.waitForURL(/#\/campaign\/voyages\/\d+$/)
    const voyageId = Number(/voyages\/(\d+)$/.exec(page.url())![1])
    await page.locator('[data-test=voyage-name]').waitFor()
    await page.locator('[data-test=voyage-speed]').getByText('102 km a day (the slowest ship)', { exact: false }).waitFor()
    expect(await page.locator('[data-test=voyage-wind]').count()).toBe(0)
    expect(await page.locator('[data-test=drama]').count()).toBe(0)
    await page.locator('[data-test=sail-day]').click()
    await expect.poll(() => page.locator('[data-test=voyage-progress]').getAttribute('data-sailed')).toBe('102')
    const v1 = await api<{ log: { kind: string; text: string }[] }>('voyages.get', { voyageId })
    expect(v1.log.find((e) => e.kind === 'day')!.text).toMatch(/^Made 102 km \(the Thalassa: Pheacian large galley, 3–14 km\/h, midpoint 8\.5 km\/h × 12 h\) — 102 of \d+ km$/)

    // ── Add encounter: a Meshuesh galley, each field checked as it is given ───
    await page.locator('[data-test=add-encounter]').click()
    const dialog = page.locator('[data-test=add-encounter-dialog]')
    await dialog.waitFor()
    const add = dialog.locator('[data-test=enc-add]')
    expect(await add.isDisabled()).toBe(true)
    await dialog.getByText('Choose her type.').waitFor()
    await choose(page, dialog.locator('[data-test=enc-type-0]'), 'Gyptian or Meshuesh large galley — size 3, 200 crew')
    await choose(page, dialog.locator('[data-test=enc-nation-0]'), 'Meshuesh')
    await choose(page, dialog.locator('[data-test=enc-quality-0]'), '3 — veteran')
    // Her hold takes 100 men: at most 4 marine points (25 men a point).
    await dialog.locator('[data-test=enc-marines-0] input').fill('5')
    await dialog.getByText('A Gyptian or Meshuesh large galley holds 100 men: at most 4 marine points (25 men a point).').waitFor()
    expect(await add.isDisabled()).toBe(true)
    await dialog.locator('[data-test=enc-marines-0] input').fill('2')
    await dialog.getByText('At most 4 (25 men a point)').waitFor()
    // All galleys have rams: the ram is ticked and cannot be taken off.
    const ram = dialog.locator('[data-test=enc-imp-ram-0]')
    await ram.getByText('(all galleys have rams)').waitFor()
    expect(await ram.getAttribute('class')).toContain('disabled')
    await dialog.locator('[data-test=enc-imp-corvus-0]').click()
    await dialog.locator('[data-test=enc-note] input').fill('Raiders out of the north')
    await expect.poll(() => add.isDisabled()).toBe(false)
    await shot(page, 'atrilia-add-encounter')
    await add.click()
    const card = page.locator('[data-test=atrilian-encounter-card]')
    await card.waitFor()
    await card.locator('[data-test=encounter-label]').getByText('Meshuesh large galley', { exact: true }).waitFor()
    await card.getByText('A Meshuesh large galley, veteran crew (2 marine points, a corvus, a ram)').waitFor()
    expect(await page.locator('[data-test=sail-on]').isDisabled()).toBe(true)
    const v2 = await api<{ pending: unknown; encounters: { ships: unknown[] }[] }>('voyages.get', { voyageId })
    expect(v2.encounters[0]!.ships[0]).toEqual({ type: 'gyptianLargeGalley', nation: 'meshuesh', quality: 3, marines: 2, improvements: { corvus: true }, wizards: 'none' })
    await hideMessages(page)
    expect(await noHorizontalOverflow(page)).toBeLessThanOrEqual(0)
    await shot(page, 'atrilia-encounter')

    // ── Parley, then sail on to arrival ───────────────────────────────────────
    await card.locator('[data-test=choice-parley]').click()
    await card.locator('[data-test=parley-note]').locator('textarea').fill('They take our measure and row away')
    await card.locator('[data-test=choice-parley]').click()
    await card.waitFor({ state: 'detached' })
    await page.locator('[data-test=voyage-encounters]').getByText('parley: They take our measure and row away').waitFor()
    await page.locator('[data-test=sail-on]').click()
    await page.locator('[data-test=arrived]').getByText('Arrived at Meshuesh harbour', { exact: false }).waitFor()
    await noMiles(page)
    await page.locator('.n-tabs-tab[data-name="log"]').click()
    await page.locator('[data-test=voyage-log]').getByText('The GM adds an encounter: Meshuesh large galley', { exact: false }).waitFor()
    await noMiles(page)
    await hideMessages(page)
    await shot(page, 'atrilia-voyage-log')
    // ── The house encounter table: empty, a house default, on the Rules page ────
    await openPage(page, 'Rules', 'rules')
    await page.locator('[data-test=rule-encountersAtrilia]').click()
    const detail = page.locator('[data-test=rule-detail]')
    await detail.getByText('Atrilian encounters at sea (house table)').waitFor()
    await detail.getByText('house default', { exact: true }).waitFor()
    await detail.getByText('The Atrilian naval rules have no encounter table', { exact: false }).waitFor()
    await page.evaluate('window.scrollTo(0, 0)')
    await detail.scrollIntoViewIfNeeded()
    await shot(page, 'atrilia-house-encounter-table')
    // The GM fills it (as JSON: its rows hold ships) and saves it; the door checks it as the voyage will read it.
    const row = { from: 12, to: 12, label: 'Meshuesh raiders', ships: [{ type: 'gyptianLargeGalley', nation: 'meshuesh', quality: 2, marines: 2, improvements: {}, wizards: 'none' }] }
    await page.getByLabel('Atrilian encounters at sea (house table) as JSON').fill(JSON.stringify({ dice: '2d6', rows: [row] }, null, 2))
    await page.locator('[data-test=rule-save]').click()
    await expect.poll(async () => (await api<{ value: { rows: unknown[] } }>('rules.get', { table: 'encountersAtrilia' })).value.rows.length).toBe(1)
    await page.locator('[data-test=rule-encountersAtrilia]').getByText('edited').waitFor()
    const ports = await api<{ name: string; id: number }[]>('ports.list')
    const chartNow = await api<{ ships: { name: string; portId: number | null }[] }>('chart.get')
    expect(chartNow.ships.find((s) => s.name === 'Thalassa')!.portId).toBe(ports.find((p) => p.name === 'Meshuesh harbour')!.id)
  })
})
