/**
 * A Théah encounter fought on the Atrilian hex map (issue 21), and under High Seas (the setting's own rules),
 * through the same two commands of the one door: the preview (house default (issue 21) conversion table
 * `conversionTheahAtrilia`: type, war gaming size, crew quality, marines, improvements), adjustments refused at
 * their fields, the battle started on the right engine and linked to the voyage, played by the AI on both
 * sides to its end, the review in Théah numbers with how each line was converted, and concluding changes the
 * campaign as the review said.
 */
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { AtriliaBattleReview, BattleReview } from '../../src/shared/commands/battles'
import { dropSample, meetFrigate as meetFrigateOf, openSample, type SampleSession } from './battles-ops'

let s: SampleSession
beforeEach(async () => {
  s = await openSample()
})
afterEach(async () => {
  await s.t.cleanup()
})
afterAll(dropSample)

const meetFrigate = () => meetFrigateOf(s)

const shipRow = (id: number) =>
  s.db().prepare(`SELECT hull_damage, rigging_damage, crew, status, guns_lost FROM ship WHERE id = ?`).get(id) as {
    hull_damage: number
    rigging_damage: number
    crew: number
    status: string
    guns_lost: string
  }

/** Every step resolved by the AI on both sides until the battle is decided; the steps it took. */
async function playOut(battleId: number, sides: string[], most: number): Promise<number> {
  for (const side of sides) await s.call('battles.sideControl', { battleId, side, control: 'ai' })
  let steps = 0
  for (; steps < most; steps++) {
    const out = (await s.call('battles.resolveStep', { battleId })) as { outcome: unknown }
    if (out.outcome) return steps + 1
  }
  throw new Error(`the battle was not decided in ${most} steps`)
}

describe('a Théah encounter on the Atrilian hex map (issue 21)', () => {
  it('house default (issue 21): the preview converts each ship (type, size, crew quality, marines, improvements) with its terms; adjustments are checked at their fields', async () => {
    const voyageId = await meetFrigate()
    const before = s.snapshot()
    const view = await s.call('voyages.encounterConversion', { voyageId, ruleset: 'atrilia' })
    expect(s.snapshot()).toEqual(before)
    expect(view).toMatchObject({ setting: 'theah', converted: true, rulesetName: 'Atrilian hex map', tableTitle: 'Conversion: Théah ship to the Atrilian hex battle' })
    expect(view.tableSource).toMatch(/House default: neither seed 00[0-3] nor seed 00[0-3] converts/)
    expect(view.notes.join(' ')).toMatch(/open sea/)
    const dog = view.ships.find((x) => x.shipId === s.ids.seaDog)!
    // The Sea Dog is a corsair hull with a pirate crew: the table's liburnian galley, crew quality 3 (veteran).
    expect(dog.atrilia!.type.value).toBe('liburnianGalley')
    // Why, in words: the hull by its seed 003 I name, never its key.
    expect(dog.atrilia!.type.why).toBe('a Corsair hull is drawn as this type')
    expect(dog.atrilia!.crewQuality.value).toBe(3)
    expect(dog.atrilia!.size.value).toBe(dog.from!.size >= 4 ? 3 : dog.from!.size >= 2 ? 2 : 1)
    expect(dog.atrilia!.marines.terms[0]!.label).toMatch(/one strength point for each 25/)
    expect(dog.fights).toEqual({ type: 'liburnianGalley', size: dog.atrilia!.size.value, crewQuality: 3, marines: dog.atrilia!.marines.value })

    const adjusted = await s.call('voyages.encounterConversion', { voyageId, ruleset: 'atrilia', adjustments: [{ ship: dog.ship, crewQuality: 4, marines: 3 }] })
    const a = adjusted.ships.find((x) => x.ship === dog.ship)!
    expect(a.fights).toMatchObject({ crewQuality: 4, marines: 3 })
    expect(a.adjusted).toEqual(['crewQuality', 'marines'])
    // Seed 002 §7.4: more marine points than her size stacks stay out of the battle, said in the preview's notes.
    const crowded = await s.call('voyages.encounterConversion', { voyageId, ruleset: 'atrilia', adjustments: [{ ship: dog.ship, marines: 20 }] })
    expect(crowded.notes.join(' ')).toMatch(/carries 20 points of marines; .* may be aboard a size \d ship on the board \(seed 002 §7\.4\)/)
    const cases: [Record<string, unknown>, string][] = [
      [{ ship: dog.ship, size: 4 }, 'adjustments.0.size'],
      [{ ship: dog.ship, marines: 21 }, 'adjustments.0.marines'],
      [{ ship: dog.ship, type: 'trireme' }, 'adjustments.0.type'],
      [{ ship: dog.ship, quality: 3 }, 'adjustments.0.quality'],
      [{ ship: dog.ship, threatRating: 3 }, 'adjustments.0.threatRating']
    ]
    for (const [adj, field] of cases) {
      expect(await s.fail('voyages.fightEncounterUnder', { voyageId, ruleset: 'atrilia', adjustments: [adj] })).toMatchObject({ code: 'invalid_input', details: { field } })
    }
    expect(s.snapshot()).toEqual(before)
  })

  it('started on the hex map and linked to the voyage, played by the AI to its end, reviewed in Théah numbers and concluded as the review said', async () => {
    const voyageId = await meetFrigate()
    const preview = await s.call('voyages.encounterConversion', { voyageId, ruleset: 'atrilia' })
    const dogShip = preview.ships.find((x) => x.shipId === s.ids.seaDog)!.ship
    const { battleId } = await s.call('voyages.fightEncounterUnder', { voyageId, ruleset: 'atrilia', adjustments: [{ ship: dogShip, marines: 4 }], note: 'rowed in' })
    const waiting = await s.call('voyages.get', { voyageId })
    expect(waiting.battleId).toBe(battleId)
    expect(waiting.stop).toBe('battle')
    expect(waiting.log.at(-1)!.text).toMatch(/on the Atrilian hex map, the ships converted from their Théah numbers — rowed in$/)
    const state = (await s.call('battles.state', { battleId })) as unknown as { ruleset: string; setup: { ships: { id: string; side: string; marines: number; type: string }[] }; control: Record<string, string> }
    expect(state.ruleset).toBe('atrilia')
    expect(state.control).toEqual({ squadron: 'gm', encounter: 'ai' })
    const dogSetup = state.setup.ships.find((x) => x.id === dogShip)!
    expect(dogSetup).toMatchObject({ side: 'squadron', type: 'liburnianGalley' })
    // Seed 002 §7.4: a size 1 ship carries at most her stack limit of marines on the board.
    expect(dogSetup.marines).toBeLessThanOrEqual(4)

    const steps = await playOut(battleId, ['squadron', 'encounter'], 3000)
    expect(steps).toBeGreaterThan(2)

    const review = (await s.call('battles.review', { battleId })) as unknown as AtriliaBattleReview
    expect(review.ruleset).toBe('atrilia')
    expect(review.lines).toEqual([])
    const lines = review.campaign!.lines
    expect(lines.map((l) => l.ship).sort()).toEqual(state.setup.ships.map((x) => x.id).sort())
    const dogLine = lines.find((l) => l.shipId === s.ids.seaDog)!
    expect(dogLine.how[0]).toMatch(/^Fought on the Atrilian hex map: read back by the table “Conversion: Théah ship to the Atrilian hex battle”/)
    expect(dogLine.how.join(' ')).toMatch(/on the hex map, so (afloat|sunk|captured|escaped)/)
    expect(Object.values(dogLine.gunsLost)).toEqual([0, 0, 0, 0])

    // A line is refused at its field under campaign.lines; nothing changes.
    const given = lines.map(({ name: _n, side: _s, how: _h, ...l }) => l)
    const i = given.findIndex((l) => l.shipId === s.ids.seaDog)
    const before = s.snapshot()
    const tooMuch = given.map((l, k) => (k === i ? { ...l, crewLost: 9999 } : l))
    expect(await s.fail('battles.conclude', { ruleset: 'atrilia', battleId, campaign: { lines: tooMuch } })).toMatchObject({ code: 'invalid_input', details: { field: `campaign.lines.${i}.crewLost` } })
    expect(await s.fail('battles.conclude', { ruleset: 'atrilia', battleId, lines: [{ ship: dogShip, name: 'Sea Dog', side: 'squadron', shipId: s.ids.seaDog, fate: 'afloat', needsRepair: false, marinesLost: 0, wizardsLost: 0, qualityAfter: 3 }] })).toMatchObject({
      code: 'invalid_input',
      details: { field: 'lines' }
    })
    expect(s.snapshot()).toEqual(before)

    const dogBefore = shipRow(s.ids.seaDog)
    const done = await s.call('battles.conclude', { ruleset: 'atrilia', battleId })
    expect(done.applied.find((a) => a.shipId === s.ids.seaDog)!.text).toMatch(/on the Atrilian hex map/)
    const dogAfter = shipRow(s.ids.seaDog)
    expect(dogAfter.hull_damage).toBe(dogLine.hullDamage)
    expect(dogAfter.rigging_damage).toBe(dogLine.riggingDamage)
    // Her prizes' crews (issue 21: a captured encounter ship taken by her boarders, §8.11) leave her.
    const moved = lines.filter((l) => l.fate === 'captured' && l.prizeCrewFrom === s.ids.seaDog).reduce((n, l) => n + (l.prizeCrew ?? 0), 0)
    expect(dogAfter.crew).toBe(Math.max(0, dogBefore.crew - dogLine.crewLost) - moved)
    for (const l of lines.filter((x) => x.shipId === null && x.fate === 'captured' && x.prizeOwners.length)) {
      const prize = done.applied.find((a) => a.participantId === l.ship)!
      expect(prize.text).toMatch(/^Taken as a prize in the .* \(fought on the Atrilian hex map\)/)
      expect(s.db().prepare(`SELECT origin, crew FROM ship WHERE id = ?`).get(prize.shipId)).toEqual({ origin: 'prize', crew: l.prizeCrew })
    }
    expect(dogAfter.status).toBe(dogLine.fate === 'sunk' ? 'sunk' : dogBefore.status)
    expect(dogAfter.guns_lost).toBe(dogBefore.guns_lost)
    const after = await s.call('voyages.get', { voyageId })
    expect(after.stop).not.toBe('battle')
    expect(after.log.at(-1)!.text).toMatch(/is over/)
  })

  it('the GM’s edited lines are written: the Sea Dog crippled on the map, half her hull and rigging, 20 hands', async () => {
    const voyageId = await meetFrigate()
    const { battleId } = await s.call('voyages.fightEncounterUnder', { voyageId, ruleset: 'atrilia' })
    const review = (await s.call('battles.review', { battleId })) as unknown as AtriliaBattleReview
    const dogBefore = shipRow(s.ids.seaDog)
    const lines = review.campaign!.lines.map(({ name: _n, side: _s, how: _h, ...l }) => (l.shipId === s.ids.seaDog ? { ...l, fate: 'afloat' as const, hullDamage: 20, riggingDamage: 10, crewLost: 20 } : l))
    const before = s.snapshot() as { tables: unknown }
    await s.call('battles.conclude', { ruleset: 'atrilia', battleId, campaign: { lines } })
    const dogAfter = shipRow(s.ids.seaDog)
    expect(dogAfter).toMatchObject({ hull_damage: 20, rigging_damage: 10, crew: dogBefore.crew - 20 })
    // One change: undo gives the campaign back as it was before concluding.
    await s.call('history.undo', {})
    expect(s.snapshot()).toMatchObject({ tables: before.tables })
  })
})

describe('a Théah encounter under High Seas, the setting’s own rules, through the same commands (issue 21)', () => {
  it('seed 003 III–IV: nothing converted, nothing to adjust; the voyage’s own fight, played by the AI to its end and concluded with its review', async () => {
    const voyageId = await meetFrigate()
    const view = await s.call('voyages.encounterConversion', { voyageId, ruleset: 'highseas' })
    expect(view).toMatchObject({ setting: 'theah', converted: false, rulesetName: 'High Seas Combat' })
    expect(view.ships.every((x) => Object.keys(x.fights).length === 0)).toBe(true)
    const dog = view.ships.find((x) => x.shipId === s.ids.seaDog)!
    expect(await s.fail('voyages.encounterConversion', { voyageId, ruleset: 'highseas', adjustments: [{ ship: dog.ship, speed: 3 }] })).toMatchObject({
      code: 'invalid_input',
      details: { field: 'adjustments.0.speed' }
    })
    const { battleId } = await s.call('voyages.fightEncounterUnder', { voyageId, ruleset: 'highseas' })
    const v = await s.call('voyages.get', { voyageId })
    expect(v.battleId).toBe(battleId)
    expect(v.log.at(-1)!.text).toMatch(/^Fought .* from (close|short|medium|long|far|extreme) range: the battle is on the board/)
    const st = (await s.call('battles.state', { battleId })) as unknown as { ruleset: string }
    expect(st.ruleset).toBe('highSeas')
    const turns = await playOut(battleId, ['ours', 'them'], 200)
    expect(turns).toBeGreaterThan(0)

    const review = (await s.call('battles.review', { battleId })) as unknown as BattleReview
    expect(review.campaign).toBeUndefined()
    const dogLine = review.lines.find((l) => l.shipId === s.ids.seaDog)!
    // A battle of its own rules takes its own lines, never campaign lines; without lines it is refused at them.
    expect(await s.fail('battles.conclude', { battleId, campaign: { lines: [] } })).toMatchObject({ code: 'invalid_input', details: { field: 'campaign' } })
    expect(await s.fail('battles.conclude', { battleId })).toMatchObject({ code: 'invalid_input', details: { field: 'lines' } })
    await s.call('battles.conclude', { battleId, lines: review.lines })
    const after = shipRow(s.ids.seaDog)
    if (dogLine.fate === 'sunk') expect(after.status).toBe('sunk')
    else {
      expect(after.hull_damage).toBe(dogLine.hullDamage)
      expect(after.rigging_damage).toBe(dogLine.riggingDamage)
    }
    if (dogLine.fate === 'afloat' || dogLine.fate === 'escaped') expect(after.crew).toBe(dogLine.crewAfter)
    expect((await s.call('voyages.get', { voyageId })).log.at(-1)!.text).toMatch(/is over/)
  })
})
