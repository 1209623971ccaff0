/**
 * A Théah encounter fought on the Galleys & Galleons table (issue 21), through the one door: the
 * preview of every ship converted (house default (issue 21) conversion table) with its terms and the
 * GM's adjustments refused at their field; the fight started under the chosen rules and linked to the
 * voyage, which waits for it; the table played by the AI to its end; the review in Théah numbers, each
 * line naming how it was converted; a bad line refused at its field with nothing changed; concluding
 * changes the campaign as the review said, in one undoable change, and the voyage sails on.
 */
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { GalleysBattleReview, GalleysBattleView } from '../../src/shared/commands/battles'
import { THEAH_GALLEYS } from '../../src/shared/conversion/tables'
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

const shipRow = (id: number) => s.db().prepare(`SELECT hull_damage, rigging_damage, guns_lost, crew, status FROM ship WHERE id = ?`).get(id) as {
  hull_damage: number
  rigging_damage: number
  guns_lost: string
  crew: number
  status: string
}

describe('a Théah encounter fought under Galleys & Galleons (issue 21)', () => {
  it('house default (issue 21): the preview converts every ship with her terms; an adjustment changes only that number; a bad one is refused at its field', async () => {
    const voyageId = await meetFrigate()
    const view = await s.call('voyages.encounterConversion', { voyageId, ruleset: 'galleys' })
    expect(view.tableSource).toMatch(/House default: neither seed 00[0-3] nor seed 00[0-3] converts/)
    expect(view.ships.map((x) => x.side)).toEqual(['ours', 'them'])
    const dog = view.ships.find((x) => x.shipId === s.ids.seaDog)!
    expect(dog.name).toBe('Sea Dog')
    const sum = (t: { value: number }[]) => t.reduce((n, x) => n + x.value, 0)
    for (const x of view.ships) {
      expect(x.quality!.value).toBe(sum(x.quality!.terms))
      expect(x.combat!.value).toBe(Math.min(12, Math.ceil(x.from!.guns / THEAH_GALLEYS.gunsPerCombat)))
      expect(x.hullPoints!.value).toBe(Math.ceil(x.from!.hullPoints / THEAH_GALLEYS.hullPerHit))
      expect(x.fights).toEqual({ quality: x.quality!.value, combat: x.combat!.value, hullPoints: x.hullPoints!.value, points: x.points!.value })
    }
    const adjusted = await s.call('voyages.encounterConversion', { voyageId, ruleset: 'galleys', adjustments: [{ ship: dog.ship, quality: 2 }] })
    expect(adjusted.ships.find((x) => x.ship === dog.ship)!.fights).toEqual({ ...dog.fights, quality: 2 })
    expect(adjusted.ships.find((x) => x.ship === dog.ship)!.adjusted).toEqual(['quality'])
    expect(await s.fail('voyages.encounterConversion', { voyageId, ruleset: 'galleys', adjustments: [{ ship: dog.ship, quality: 9 }] })).toMatchObject({
      code: 'invalid_input',
      details: { issues: [expect.objectContaining({ field: 'adjustments.0.quality' })] }
    })
    const before = s.snapshot()
    expect(await s.fail('voyages.fightEncounterUnder', { voyageId, ruleset: 'galleys', adjustments: [{ ship: 'nobody', combat: 3 }] })).toMatchObject({
      code: 'invalid_input',
      details: { field: 'adjustments.0.ship' }
    })
    expect(s.snapshot()).toEqual(before)
  })

  it('started, played by the AI, reviewed in Théah numbers and concluded: the campaign changes as the review said, in one undoable change', async () => {
    const voyageId = await meetFrigate()
    const preview = await s.call('voyages.encounterConversion', { voyageId, ruleset: 'galleys', adjustments: [] })
    const dogShip = preview.ships.find((x) => x.shipId === s.ids.seaDog)!.ship
    const { battleId } = await s.call('voyages.fightEncounterUnder', { voyageId, ruleset: 'galleys', adjustments: [{ ship: dogShip, combat: 4 }] })
    const waiting = await s.call('voyages.get', { voyageId })
    expect(waiting.battleId).toBe(battleId)
    expect(waiting.log.at(-1)!.text).toMatch(/Galleys & Galleons table/)
    let v = (await s.call('battles.state', { battleId })) as unknown as GalleysBattleView
    expect(v.ruleset).toBe('galleys')
    expect(v.setup.ships.find((x) => x.id === dogShip)).toMatchObject({ shipId: s.ids.seaDog, combat: 4, player: 'ours' })
    expect(v.control).toEqual({ ours: 'gm', them: 'ai' })
    // The table played by the AI on both sides to its end.
    await s.call('battles.sideControl', { battleId, side: 'ours', control: 'ai' })
    let steps = 0
    for (; steps < 400; steps++) {
      const out = (await s.call('battles.resolveStep', { battleId })) as { outcome: unknown }
      if (out.outcome) break
    }
    // Played, not given up at once: both sides had turns.
    expect(steps).toBeGreaterThan(2)
    v = (await s.call('battles.state', { battleId })) as unknown as GalleysBattleView
    expect(v.over).toBe(true)

    const review = (await s.call('battles.review', { battleId })) as unknown as GalleysBattleReview
    expect(review.campaign).not.toBeNull()
    const lines = review.campaign!.lines
    expect(lines.map((l) => l.ship)).toEqual(v.setup.ships.map((x) => x.id))
    const dogLine = lines.find((l) => l.shipId === s.ids.seaDog)!
    expect(dogLine.how.join(' ')).toMatch(/Fate: she .* on the table/)
    expect(dogLine.how.join(' ')).toMatch(/Hull: /)
    const fateOf = { afloat: 'afloat', struck: 'captured', sunk: 'sunk', exploded: 'sunk', crashed: 'sunk', exited: 'escaped' } as const
    expect(dogLine.fate).toBe(fateOf[v.state.ships[dogShip]!.status])

    // The GM edits the review: the Sea Dog afloat with 7 hull and 3 rigging damage, 2 port guns and 5 hands lost.
    const edited = lines.map(({ name: _n, side: _s, how: _h, ...l }) =>
      l.shipId === s.ids.seaDog ? { ...l, fate: 'afloat' as const, hullDamage: 7, riggingDamage: 3, crewLost: 5, gunsLost: { port: 2, starboard: 0, chasers: 0, stern: 0 } } : l
    )
    const dogBefore = shipRow(s.ids.seaDog)
    const before = s.snapshot()
    // A line beyond her numbers is refused at its field; nothing changes.
    const tooMuch = edited.map((l) => (l.shipId === s.ids.seaDog ? { ...l, hullDamage: 9999 } : l))
    const i = edited.findIndex((l) => l.shipId === s.ids.seaDog)
    expect(await s.fail('battles.conclude', { ruleset: 'galleys', battleId, lines: tooMuch })).toMatchObject({ code: 'invalid_input', details: { field: `lines.${i}.hullDamage` } })
    expect(s.snapshot()).toEqual(before)

    const done = await s.call('battles.conclude', { ruleset: 'galleys', battleId, lines: edited })
    expect(done.applied.find((a) => a.shipId === s.ids.seaDog)!.text).toMatch(/Galleys & Galleons table/)
    const dogAfter = shipRow(s.ids.seaDog)
    expect(dogAfter.hull_damage).toBe(7)
    expect(dogAfter.rigging_damage).toBe(3)
    // The hands she put aboard a prize (issue 21: a ship of the encounter struck while grappled with her) leave her.
    const moved = edited.filter((l) => l.fate === 'captured' && l.prizeCrewFrom === s.ids.seaDog).reduce((n, l) => n + (l.prizeCrew ?? 0), 0)
    expect(dogAfter.crew).toBe(dogBefore.crew - 5 - moved)
    expect(JSON.parse(dogAfter.guns_lost).port).toBe((JSON.parse(dogBefore.guns_lost).port ?? 0) + 2)
    expect(dogAfter.status).toBe(dogBefore.status)
    const after = await s.call('voyages.get', { voyageId })
    expect(after.log.at(-1)!.text).toMatch(/is over/)
    expect(((await s.call('battles.review', { battleId })) as unknown as GalleysBattleReview).concluded).toBe(true)

    // One change: undo gives the campaign back as it was before concluding.
    await s.call('history.undo', {})
    expect(s.snapshot()).toMatchObject({ tables: (before as { tables: unknown }).tables })
  })

  it('concluded as proposed: a Théah ship the table sank is sunk in the campaign and leaves the squadron', async () => {
    const voyageId = await meetFrigate()
    const { battleId } = await s.call('voyages.fightEncounterUnder', { voyageId, ruleset: 'galleys' })
    const review = (await s.call('battles.review', { battleId })) as unknown as GalleysBattleReview
    const proposed = review.campaign!.lines.map(({ name: _n, side: _s, how: _h, ...l }) => (l.shipId === s.ids.seaDog ? { ...l, fate: 'sunk' as const } : l))
    await s.call('battles.conclude', { ruleset: 'galleys', battleId, lines: proposed })
    expect(shipRow(s.ids.seaDog).status).toBe('sunk')
    const after = await s.call('voyages.get', { voyageId })
    expect(after.ships.find((x) => x.shipId === s.ids.seaDog)!.state).toBe('sunk')
  })
})
