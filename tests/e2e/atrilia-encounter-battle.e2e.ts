import { afterEach, describe, expect, it } from 'vitest'
import Database from 'better-sqlite3'
import { apiOk, browser, hideMessages, serve, shot, type Browser, type Served } from './harness'

/**
 * Issue 18, "Battles from encounters", as a GM fights one: an Atrilia campaign with a Pheacian galley on a
 * voyage meets a Meshuesh galley the GM adds; "Fight…" opens the set-up (a small hex map of both squadrons
 * at opposite edges), the GM chooses "Ambush!", turns the coastline off, moves the Meshuesh galley and turns
 * her, starts the battle, and the hex battle page shows both squadrons; the voyage page says a battle is
 * being fought, with a link to it.
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

describe('an Atrilian encounter fought on the hex board, in Chromium (issue 18)', () => {
  it('adds an encounter, Fight…, adjusts the set-up, starts the battle and finds both squadrons on the hex battle page', async () => {
    host = await serve()
    b = await browser()
    const { page } = b
    await page.goto(host.url)
    await page.getByLabel('Campaign name').fill('Encounter battles')
    await page.getByText('Atrilia — dinars').click()
    await page.locator('[data-test=new-chart-atrilia]').waitFor()
    await page.locator('[data-test=create-campaign]').click()
    await page.locator('[data-test=campaign-title]').getByText('Encounter battles').waitFor()

    const chart = await api<{ ports: { portId: number; name: string }[] }>('chart.get')
    const port = Object.fromEntries(chart.ports.map((p) => [p.name, p.portId]))
    const status = await api<{ campaign: { path: string } | null }>('app.status')
    const db = new Database(status.campaign!.path)
    let thalassa = 0
    try {
      thalassa = Number(
        db
          .prepare(`INSERT INTO ship (name, design, status, origin, crew) VALUES ('Thalassa', ?, 'port', 'built', 150)`)
          .run(JSON.stringify({ type: 'pheacianLargeGalley', improvements: { corvus: true, castle: true } })).lastInsertRowid
      )
      db.prepare(`INSERT INTO ship_owner (ship_id, owner_id, share) VALUES (?, 1, 100)`).run(thalassa)
      db.prepare(`INSERT INTO ship_company (ship_id, port_id) VALUES (?, ?)`).run(thalassa, port['al-Zabdiyat'])
      db.prepare(`INSERT INTO atrilian_ship (ship_id, nation, quality, marines) VALUES (?, 'pheacian', 2, 2)`).run(thalassa)
    } finally {
      db.close()
    }
    const v = await api<{ id: number }>('voyages.start', { shipIds: [thalassa], route: [port['al-Zabdiyat'], port['Meshuesh harbour']] })
    await api('voyages.sail', { voyageId: v.id, days: 1 })
    await api('voyages.addEncounter', {
      voyageId: v.id,
      label: 'Meshuesh raiders',
      ships: [{ type: 'gyptianLargeGalley', name: 'Sekhmet', nation: 'meshuesh', quality: 3, marines: 2, improvements: { castle: true }, wizards: 'none' }]
    })
    await page.goto(`${host.url}#/campaign/voyages/${v.id}`)
    const card = page.locator('[data-test=atrilian-encounter-card]')
    await card.locator('[data-test=encounter-label]').getByText('Meshuesh raiders').waitFor()

    // ── Fight…: the set-up, both squadrons at opposite edges ──────────────────
    await card.locator('[data-test=choice-fight]').getByText('Fight…').click()
    const dialog = page.locator('[data-test=encounter-battle-dialog]')
    const map = dialog.locator('[data-test=setup-map]')
    await map.locator('[data-ship=Thalassa]').waitFor()
    await map.locator('[data-ship=Sekhmet]').waitFor()
    const notes = dialog.locator('[data-test=setup-notes]')
    await notes.getByText('The squadron sets up along the', { exact: false }).waitFor()
    await hideMessages(page)
    await shot(page, 'atrilia-encounter-setup')

    // ── Adjust: Ambush! (the Meshuesh surprised), no coastline, Sekhmet moved to F9 and turned ──
    await dialog.locator('.n-card-header').getByText('Fight Meshuesh raiders', { exact: true }).waitFor()
    // The GM may draw a coast where the chart has none near (seed 002 §3: land hexes by the Campaign Master's instructions).
    await dialog.locator('[data-test=coast-edge]').click()
    await page.locator('.n-base-select-option:visible').getByText('West edge (left)', { exact: true }).click()
    await notes.getByText('A coastline 2 hexes deep runs along the west edge, where the GM put it.').waitFor()
    await expect.poll(() => map.locator('polygon[fill="#d9c9a0"]').count()).toBe(36)
    await shot(page, 'atrilia-encounter-setup-coast')
    await dialog.locator('[data-test=ambush]').click()
    await notes.getByText('Ambush! The encounter is surprised: none of its ships may move on the first turn (Naval Rules (Atrilia) §11.3.2).').waitFor()
    await dialog.locator('[data-test=coastline]').click()
    await notes.getByText('No coastline: the battle is fought in open sea.').waitFor()
    await map.locator('[data-ship=Sekhmet]').click()
    await dialog.locator('[data-test=selected-ship]').getByText('Sekhmet', { exact: true }).waitFor()
    await map.locator('[data-hex=F9]').click()
    await dialog.locator('[data-test=selected-ship]').getByText('at F9, facing south', { exact: false }).waitFor()
    await dialog.locator('[data-test=turn-starboard]').click()
    await dialog.locator('[data-test=selected-ship]').getByText('at F9, facing south-west', { exact: false }).waitFor()
    await expect.poll(() => dialog.locator('[data-test=start-battle]').isDisabled()).toBe(false)
    await shot(page, 'atrilia-encounter-setup-adjusted')

    // ── Start the battle: the hex battle page with both squadrons ─────────────
    await dialog.locator('[data-test=start-battle]').click()
    await page.waitForURL(/#\/campaign\/battles\/\d+/)
    await page.locator('[data-test=battle-name]').getByText('Battle at sea:', { exact: false }).waitFor()
    await page.locator('[data-test=hex-board] canvas').first().waitFor()
    await page.locator('[data-test=phase-label]').getByText('Turn 1 — the Pheacian squadron: roll for movement').waitFor()
    await page.locator('.n-tabs-tab[data-name="sides"]').click()
    await page.locator('[data-side="Pheacian squadron"]').getByText('Thalassa (size 3)', { exact: false }).waitFor()
    await page.locator('[data-side="Meshuesh raiders"]').getByText('Sekhmet (size 3) — F9', { exact: false }).waitFor()
    await hideMessages(page)
    await shot(page, 'atrilia-encounter-battle')
    const battles = await api<{ id: number; name: string }[]>('battles.list')
    const battleId = Number(/battles\/(\d+)/.exec(page.url())![1])
    expect(battles.map((x) => x.id)).toContain(battleId)
    const state = await api<{ setup: { ships: { name: string; shipId?: number; facing: number }[]; options: { ambush: string | null }; land: unknown[] } }>('battles.state', { battleId })
    expect(state.setup.ships.find((s) => s.name === 'Thalassa')!.shipId).toBe(thalassa)
    expect(state.setup.ships.find((s) => s.name === 'Sekhmet')).toMatchObject({ facing: 5 })
    expect(state.setup.options.ambush).toBe('encounter')
    expect(state.setup.land).toEqual([])

    // ── The voyage waits for the battle, with a link to it ────────────────────
    await page.goto(`${host.url}#/campaign/voyages/${v.id}`)
    await page.locator('[data-test=voyage-in-battle]').getByText('A battle is being fought', { exact: false }).waitFor()
    await page.locator('[data-test=voyage-encounters]').getByText('fought on the hex board', { exact: false }).waitFor()
    await hideMessages(page)
    await shot(page, 'atrilia-encounter-voyage-in-battle')
    await page.locator('[data-test=open-battle]').click()
    await page.waitForURL(new RegExp(`#/campaign/battles/${battleId}`))
  })
})
