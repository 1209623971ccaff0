import { afterEach, describe, expect, it } from 'vitest'
import Database from 'better-sqlite3'
import { apiOk, browser, hideMessages, serve, shot, type Browser, type Served } from './harness'

/**
 * Issue 21, as a GM fights an Atrilian encounter under other rules: the encounter card asks which rules (the
 * Atrilian hex map by default, or High Seas range bands); High Seas, then "Fight in range bands", starts the
 * High Seas battle of the converted ships and opens its board; the voyage waits for it.
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

describe('an Atrilian encounter fought in High Seas range bands, in Chromium (issue 21)', () => {
  it('chooses High Seas on the encounter card, fights, and finds both ships on the range-band board', async () => {
    host = await serve()
    b = await browser()
    const { page } = b
    await page.goto(host.url)
    await page.getByLabel('Campaign name').fill('Range bands')
    await page.getByText('Atrilia — dinars').click()
    await page.locator('[data-test=new-chart-atrilia]').waitFor()
    await page.locator('[data-test=create-campaign]').click()
    await page.locator('[data-test=campaign-title]').getByText('Range bands').waitFor()

    const chart = await api<{ ports: { portId: number; name: string }[] }>('chart.get')
    const port = Object.fromEntries(chart.ports.map((p) => [p.name, p.portId]))
    const status = await api<{ campaign: { path: string } | null }>('app.status')
    const db = new Database(status.campaign!.path)
    let thalassa = 0
    try {
      thalassa = Number(
        db.prepare(`INSERT INTO ship (name, design, status, origin, crew) VALUES ('Thalassa', ?, 'port', 'built', 150)`).run(JSON.stringify({ type: 'pheacianLargeGalley', improvements: {} })).lastInsertRowid
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
      ships: [{ type: 'gyptianLargeGalley', name: 'Sekhmet', nation: 'meshuesh', quality: 3, marines: 2, improvements: {}, wizards: 'none' }]
    })
    await page.goto(`${host.url}#/campaign/voyages/${v.id}`)
    const card = page.locator('[data-test=atrilian-encounter-card]')
    await card.locator('[data-test=encounter-label]').getByText('Meshuesh raiders').waitFor()
    // The hex map is the default; its Fight… opens the hex set-up.
    await card.locator('[data-test=choice-fight]').getByText('Fight…').waitFor()
    await card.locator('[data-test=rules-highseas]').click()
    const fight = card.locator('[data-test=choice-fight]')
    await fight.getByText('Fight in range bands').waitFor()
    await hideMessages(page)
    await shot(page, 'atrilia-encounter-rules-choice')

    await fight.click()
    await page.waitForURL(/#\/campaign\/battles\/\d+/)
    await page.locator('[data-test=battle-name]').getByText('Battle at sea:', { exact: false }).waitFor()
    await page.locator('[data-test=battle-board]').waitFor()
    await page.locator('[data-test=orders-panel]').getByText('Thalassa').first().waitFor()
    const battleId = Number(/battles\/(\d+)/.exec(page.url())![1])
    const state = await api<{ ruleset: string; setup: { range: string; participants: { name: string; side: string }[] } }>('battles.state', { battleId })
    expect(state.ruleset).toBe('highSeas')
    expect(state.setup.participants.map((p) => [p.name, p.side])).toEqual([
      ['Thalassa', 'ours'],
      ['Sekhmet', 'them']
    ])
    await hideMessages(page)
    await shot(page, 'atrilia-encounter-high-seas-battle')
    const voyage = await api<{ battleId: number | null; stop: string }>('voyages.get', { voyageId: v.id })
    expect(voyage).toMatchObject({ battleId, stop: 'battle' })
  })
})
