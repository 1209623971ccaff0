import { copyFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { apiOk, choose, hideMessages, noHorizontalOverflow, openSample, openShip, ROOT, shot, SHOTS, useHost } from './harness'

/**
 * Issue 21's Done-when, as a new user would: in the Tortuga Run the Sea Dog and the Santa Lucia meet a
 * Vendel frigate at sea. The encounter card asks which rules to fight under (a Broadsides duel disabled
 * with why: two ships against one); the GM chooses the Galleys & Galleons table, reads a converted
 * number's terms, changes one (a value the door refuses is shown at its field first) and starts the
 * battle. Played to its end by the computer on both sides (through the door, as the page's own buttons
 * call it), the review shows each ship's campaign line naming how it was converted; the GM changes the
 * Sea Dog's line (a hull damage beyond her hull refused at its field, then 7) and concludes, and her
 * sheet shows what the review said. Screenshots of the card, the dialog (docs/images) and the review.
 */

const { start } = useHost()

describe('a Théah encounter fought on the Galleys & Galleons table (issue 21)', () => {
  it('is chosen on the card, converted and adjusted in the dialog, played, reviewed and written back to the ship', async () => {
    const { host, page } = await start()
    await openSample(page)
    const ports = await apiOk<{ id: number; name: string }[]>(host, 'ports.list')
    const ships = await apiOk<{ id: number; name: string }[]>(host, 'ships.list')
    const port = ports.find((p) => p.name === 'San Cristóbal')!.id
    const seaDog = ships.find((s) => s.name === 'Sea Dog')!.id
    const santaLucia = ships.find((s) => s.name === 'Santa Lucia')!.id
    for (const shipId of [seaDog, santaLucia]) await apiOk(host, 'ships.moveTo', { shipId, portId: port })
    // The voyage set out and sailed (voyage.e2e.ts drives that page): day 1's check is a 10, the 5k5 a lightly armed Vendel frigate.
    const voyage = await apiOk<{ id: number }>(host, 'voyages.start', { shipIds: [seaDog, santaLucia], route: [port, ports.find((p) => p.name === 'La Bucca')!.id], dice: [5] })
    expect((await apiOk<{ stop: string }>(host, 'voyages.sail', { voyageId: voyage.id, dice: [10, 2, 2, 2, 2, 2] })).stop).toBe('encounter')
    await page.evaluate(`window.location.hash = '#/campaign/voyages/${voyage.id}'`)

    // ── The card: which rules to fight under ─────────────────────────────────
    const card = page.locator('[data-test=encounter-card]')
    const under = card.locator('[data-test=fight-under]')
    await under.locator('[data-ruleset=broadsides] [data-test=ruleset-why]').getByText('one a side: here the squadron has 2 ships and the encounter has 1 ship', { exact: false }).waitFor()
    expect(await under.locator('[data-ruleset=broadsides] .n-radio--disabled').count()).toBe(1)
    expect(await under.locator('[data-ruleset=highSeas] .n-radio--checked').count()).toBe(1)
    await under.locator('[data-ruleset=galleys]').getByText('Galleys & Galleons table').click()
    await expect.poll(() => under.locator('[data-ruleset=galleys] .n-radio--checked').count()).toBe(1)
    await hideMessages(page)
    await card.screenshot({ path: join(SHOTS, 'encounter-under-card.png') })

    // ── The conversion dialog: the terms, a number changed for this battle ────
    await card.locator('[data-test=choice-fight]').click()
    const dialog = page.locator('[data-test=conversion-dialog]')
    const dog = dialog.locator('[data-test=conversion-ship][data-ship="Sea Dog"]')
    await dog.locator('[data-number=combat] [data-test=breakdown]').getByText('10 long guns, one Combat for each 8 (rounded up)').waitFor()
    await dog.locator('[data-test=conversion-traits]').getByText('Swashbucklers').waitFor()
    await dialog.locator('[data-test=conversion-source]').getByText('House default: neither High Seas Combat nor Galleys & Galleons house rules converts a ship', { exact: false }).waitFor()
    const quality = dog.locator('[data-number=quality] input')
    await quality.fill('9')
    // The door refuses it at the field, and the battle waits until it is put right.
    await dog.locator('[data-number=quality] [data-test=adjust-error]').getByText('Must be at most 6').waitFor()
    expect(await dialog.locator('[data-test=start-battle]').isDisabled()).toBe(true)
    await quality.fill('2')
    await dog.locator('[data-test=ship-changed]').getByText('Quality 3 → 2').waitFor()
    await expect.poll(() => dialog.locator('[data-test=adjust-error]').count()).toBe(0)
    await hideMessages(page)
    expect(await noHorizontalOverflow(page)).toBeLessThanOrEqual(0)
    await shot(page, 'encounter-under-dialog')
    copyFileSync(join(SHOTS, 'encounter-under-dialog.png'), join(ROOT, 'docs', 'images', 'conversion-dialog.png'))
    await dialog.locator('[data-test=start-battle]').click()
    await page.waitForURL(/#\/campaign\/battles\/\d+\?voyage=\d+$/)
    const battleId = Number(/battles\/(\d+)/.exec(page.url())![1])
    await page.locator('[data-test=galleys-table] canvas').first().waitFor()
    const state = await apiOk<{ setup: { ships: { shipId?: number; quality: number }[] } }>(host, 'battles.state', { battleId })
    expect(state.setup.ships.find((s) => s.shipId === seaDog)!.quality).toBe(2)

    // ── Played to its end by the computer on both sides ──────────────────────
    for (const side of ['ours', 'them']) await apiOk(host, 'battles.sideControl', { battleId, side, control: 'ai' })
    let over = false
    for (let n = 0; n < 400 && !over; n++) over = !!(await apiOk<{ outcome: unknown }>(host, 'battles.resolveStep', { battleId })).outcome
    expect(over).toBe(true)
    await page.reload()
    await page.locator('[data-test=banner-conclude]').click()

    // ── The review: the campaign's lines, each naming how it was converted ────
    const review = page.locator('[data-test=galleys-review]')
    const line = review.locator('tr[data-line="Sea Dog"]')
    await line.waitFor()
    await review.locator('[data-how="Sea Dog"] [data-test=line-how]').getByText(/Fate: she .* on the table.*Hull: /).waitFor()
    await review.locator('[data-how="Santa Lucia"] [data-test=line-how]').getByText('Hull: ', { exact: false }).waitFor()
    await choose(page, line.locator('[data-test=line-fate]'), 'Afloat')
    const hull = line.locator('[data-test=line-hullDamage]')
    await hull.fill('999')
    await review.locator('[data-test=review-conclude]').click()
    await line.locator('[data-error=hullDamage]').getByText('her damage cannot be more', { exact: false }).waitFor()
    await hull.fill('7')
    await hideMessages(page)
    await shot(page, 'encounter-under-review')
    await review.locator('[data-test=review-conclude]').click()
    await review.waitFor({ state: 'hidden' })
    await page.locator('[data-test=back-to-voyage]').waitFor()

    // ── Her sheet: 7 hull damage, as the review said ─────────────────────────
    await openShip(page, 'Sea Dog')
    const bar = page.locator('[data-test=attributes] [data-stat=hull] .qd-bar-num')
    await bar.waitFor()
    const [now, max] = (await bar.innerText()).split('/').map((x) => Number(x.trim()))
    expect(max! - now!).toBe(7)
    await page.locator('[data-test=history]').getByText('on the Galleys & Galleons table', { exact: false }).first().waitFor()
  })

  it('a lone Sea Dog fights the frigate on the Atrilian hex map: her type chosen by name, the notes read, the review in Théah lines concluded', async () => {
    const { host, page } = await start()
    await openSample(page)
    const ports = await apiOk<{ id: number; name: string }[]>(host, 'ports.list')
    const ships = await apiOk<{ id: number; name: string }[]>(host, 'ships.list')
    const port = ports.find((p) => p.name === 'San Cristóbal')!.id
    const seaDog = ships.find((s) => s.name === 'Sea Dog')!.id
    await apiOk(host, 'ships.moveTo', { shipId: seaDog, portId: port })
    const voyage = await apiOk<{ id: number }>(host, 'voyages.start', { shipIds: [seaDog], route: [port, ports.find((p) => p.name === 'La Bucca')!.id], dice: [5] })
    expect((await apiOk<{ stop: string }>(host, 'voyages.sail', { voyageId: voyage.id, dice: [10, 2, 2, 2, 2, 2] })).stop).toBe('encounter')
    await page.evaluate(`window.location.hash = '#/campaign/voyages/${voyage.id}'`)
    const card = page.locator('[data-test=encounter-card]')
    const under = card.locator('[data-test=fight-under]')
    await under.locator('[data-ruleset=atrilia]').getByText('Atrilian hex map').click()
    await expect.poll(() => under.locator('[data-ruleset=atrilia] .n-radio--checked').count()).toBe(1)
    await card.locator('[data-test=choice-fight]').click()

    // ── The dialog: her hex-map type by name (and why), crew quality in words, the set-up's notes ──
    const dialog = page.locator('[data-test=conversion-dialog]')
    const dog = dialog.locator('[data-test=conversion-ship][data-ship="Sea Dog"]')
    await dog.locator('[data-test=conversion-type]').getByText('Converted: a Liburnian galley, as a Corsair hull is drawn as this type.').waitFor()
    await dog.locator('[data-number=crewQuality] [data-test=quality-word]').getByText('Veteran').waitFor()
    await dialog.locator('[data-test=conversion-notes]').getByText('No coastline: the battle is fought in open sea.').waitFor()
    await choose(page, dog.locator('[data-test=adjust-type]'), 'Small galley')
    await dog.locator('[data-test=ship-changed]').getByText('Ship type Liburnian galley → Small galley').waitFor()
    await hideMessages(page)
    expect(await noHorizontalOverflow(page)).toBeLessThanOrEqual(0)
    await shot(page, 'encounter-under-hex-dialog')
    expect(await dialog.innerText()).not.toMatch(/liburnianGalley|smallGalley|smallWarship|corsair hull|theah|issue \d/)
    await dialog.locator('[data-test=start-battle]').click()
    await page.waitForURL(/#\/campaign\/battles\/\d+\?voyage=\d+$/)
    const battleId = Number(/battles\/(\d+)/.exec(page.url())![1])
    await page.locator('[data-test=phase-bar]').waitFor()
    const state = await apiOk<{ ruleset: string; setup: { ships: { name: string; type: string }[] } }>(host, 'battles.state', { battleId })
    expect(state.ruleset).toBe('atrilia')
    expect(state.setup.ships.find((x) => x.name === 'Sea Dog')!.type).toBe('smallGalley')

    // ── Played out by the computer; the review's Théah lines, concluded ──
    for (const side of ['squadron', 'encounter']) await apiOk(host, 'battles.sideControl', { battleId, side, control: 'ai' })
    let over = false
    for (let n = 0; n < 3000 && !over; n++) over = !!(await apiOk<{ outcome: unknown }>(host, 'battles.resolveStep', { battleId })).outcome
    expect(over).toBe(true)
    await page.reload()
    await page.locator('[data-test=over-review]').click()
    const review = page.locator('[data-test=atrilia-review] [data-test=converted-review]')
    const line = review.locator('tr[data-line="Sea Dog"]')
    await line.waitFor()
    await review.locator('[data-how="Sea Dog"] [data-test=line-how]').getByText('Fought on the Atrilian hex map', { exact: false }).waitFor()
    await line.locator('[data-test=line-crewLost]').fill('9999')
    await page.locator('[data-test=atrilia-review] [data-test=conclude]').click()
    await line.locator('[data-error=crewLost]').waitFor()
    await line.locator('[data-test=line-crewLost]').fill('3')
    await hideMessages(page)
    await shot(page, 'encounter-under-hex-review')
    await page.locator('[data-test=atrilia-review] [data-test=conclude]').click()
    await page.locator('[data-test=atrilia-review]').waitFor({ state: 'hidden' })
    await expect.poll(async () => (await apiOk<{ stop: string | null }>(host, 'voyages.get', { voyageId: voyage.id })).stop).not.toBe('battle')
  })
})
