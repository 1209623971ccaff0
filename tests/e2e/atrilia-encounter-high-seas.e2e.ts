import { afterEach, describe, expect, it } from 'vitest'
import Database from 'better-sqlite3'
import { apiOk, browser, hideMessages, noHorizontalOverflow, serve, shot, type Browser, type Served } from './harness'

/**
 * Issue 21, as a GM fights an Atrilian encounter under other rules: the encounter card asks which rules (the
 * Atrilian hex map by default, or High Seas range bands); High Seas, then "Fight in range bands…", opens the
 * conversion dialog: each ship's Atrilian numbers in words, her High Seas numbers with their terms, the
 * set-up's notes; a number the door refuses is shown at its field, a change for this battle is said. Started,
 * the High Seas board opens and the voyage waits. Played to its end by the computer, the review shows the
 * campaign's Atrilian lines (marines lost beyond those she carried refused at the field) and concludes them.
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
  it('chooses High Seas on the card, converts and adjusts in the dialog, fights, and concludes the review’s Atrilian lines', async () => {
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
    await fight.getByText('Fight in range bands…').waitFor()
    await hideMessages(page)
    await shot(page, 'atrilia-encounter-rules-choice')

    // ── The conversion dialog: her Atrilian numbers, the High Seas ones with terms, a change for this battle ──
    await fight.click()
    const dialog = page.locator('[data-test=conversion-dialog]')
    const ours = dialog.locator('[data-test=conversion-ship][data-ship="Thalassa"]')
    const theirs = dialog.locator('[data-test=conversion-ship][data-ship="Sekhmet"]')
    await ours.locator('[data-test=atrilian-numbers]').getByText('Pheacian large galley').waitFor()
    await ours.locator('[data-test=atrilian-numbers]').getByText('Green (2)').waitFor()
    await theirs.locator('[data-test=atrilian-numbers]').getByText('Gyptian or Meshuesh large galley').waitFor()
    await theirs.locator('[data-test=atrilian-numbers]').getByText('Veteran (3)').waitFor()
    await theirs.locator('[data-number=hullPoints] [data-test=breakdown]').waitFor()
    await theirs.locator('[data-test=conversion-hull]').getByText('hull, with oars').waitFor()
    await dialog.locator('[data-test=conversion-notes]').getByText('the battle opens at medium range', { exact: false }).waitFor()
    expect(await dialog.locator('[data-test=theah-numbers]').count()).toBe(0)
    const threat = theirs.locator('[data-number=threatRating] input')
    const threatBefore = Number(await threat.inputValue())
    await threat.fill('11')
    await theirs.locator('[data-number=threatRating] [data-test=adjust-error]').getByText('Must be at most 10').waitFor()
    expect(await dialog.locator('[data-test=start-battle]').isDisabled()).toBe(true)
    const threatNow = threatBefore === 10 ? 9 : threatBefore + 1
    await threat.fill(String(threatNow))
    await theirs.locator('[data-test=ship-changed]').getByText(`Threat Rating ${threatBefore} → ${threatNow}`).waitFor()
    await expect.poll(() => dialog.locator('[data-test=adjust-error]').count()).toBe(0)
    await hideMessages(page)
    expect(await noHorizontalOverflow(page)).toBeLessThanOrEqual(0)
    await shot(page, 'atrilia-encounter-high-seas-dialog')
    const words = await dialog.innerText()
    expect(words).not.toMatch(/gyptianLargeGalley|pheacianLargeGalley|smallWarship|largeWarship|highseas|theah|threatRating|issue \d/)
    await dialog.locator('[data-test=start-battle]').click()
    await page.waitForURL(/#\/campaign\/battles\/\d+/)
    await page.locator('[data-test=battle-name]').getByText('Battle at sea:', { exact: false }).waitFor()
    await page.locator('[data-test=battle-board]').waitFor()
    await page.locator('[data-test=orders-panel]').getByText('Thalassa').first().waitFor()
    const battleId = Number(/battles\/(\d+)/.exec(page.url())![1])
    const state = await api<{ ruleset: string; setup: { range: string; participants: { name: string; side: string; threatRating?: number }[] } }>('battles.state', { battleId })
    expect(state.ruleset).toBe('highSeas')
    expect(state.setup.participants.map((p) => [p.name, p.side])).toEqual([
      ['Thalassa', 'ours'],
      ['Sekhmet', 'them']
    ])
    await hideMessages(page)
    await shot(page, 'atrilia-encounter-high-seas-battle')
    const voyage = await api<{ battleId: number | null; stop: string }>('voyages.get', { voyageId: v.id })
    expect(voyage).toMatchObject({ battleId, stop: 'battle' })

    // ── Played to its end by the computer; the review's campaign lines, concluded ──
    for (const side of ['ours', 'them']) await api('battles.sideControl', { battleId, side, control: 'ai' })
    let over = false
    for (let n = 0; n < 300 && !over; n++) over = !!(await api<{ outcome: unknown }>('battles.resolveStep', { battleId })).outcome
    expect(over).toBe(true)
    await page.reload()
    await page.locator('[data-test=banner-conclude]').click()
    const review = page.locator('[data-test=review-dialog] [data-test=campaign-review]')
    const line = review.locator('tr[data-line="Thalassa"]')
    await line.waitFor()
    await review.locator('[data-how="Thalassa"]').getByText('Fought in High Seas range bands', { exact: false }).waitFor()
    await line.locator('[data-test=line-marines] input').fill('99')
    await page.locator('[data-test=review-dialog] [data-test=conclude-go]').click()
    await line.locator('[data-test=error-marinesLost]').waitFor()
    expect(await line.locator('[data-test=error-marinesLost]').innerText()).not.toMatch(/campaign\.lines|^[a-z]/)
    await line.locator('[data-test=line-marines] input').fill('0')
    await expect.poll(() => line.locator('[data-test=error-marinesLost]').count()).toBe(0)
    await hideMessages(page)
    await shot(page, 'atrilia-encounter-high-seas-review')
    await page.locator('[data-test=review-dialog] [data-test=conclude-go]').click()
    await page.locator('[data-test=review-dialog]').waitFor({ state: 'hidden' })
    await expect.poll(async () => (await api<{ stop: string | null }>('voyages.get', { voyageId: v.id })).stop).not.toBe('battle')
  })
})
