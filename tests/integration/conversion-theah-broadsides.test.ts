/**
 * A Théah encounter fought as a Broadsides & Boarding Parties duel (issue 21), through the one door: the
 * preview (house default (issue 21) conversion table: deck template, crew figures, cannon, officers), an
 * adjustment refused at its field, the duel started and linked to the voyage, played by the AI, the review
 * in Théah numbers with how each line was converted, and concluding changes the campaign as the review said.
 */
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { BroadsidesBattleReview } from '../../src/shared/commands/battles'
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

describe('a Théah encounter fought as a Broadsides duel (issue 21)', () => {
  it('house default (issue 21): previewed, an unknown deck refused at its field, fought by the AI and concluded as the review said', async () => {
    const voyageId = await meetFrigate()
    const view = await s.call('voyages.encounterConversion', { voyageId, ruleset: 'broadsides' })
    expect(view.tableSource).toMatch(/House default: neither seed 00[0-3] nor seed 00[0-3] converts/)
    const dog = view.ships.find((x) => x.shipId === s.ids.seaDog)!
    expect(dog.deck!.crew.value).toBe(Math.min(40, Math.max(1, Math.round(dog.from!.crew / 8))))
    expect(dog.fights).toEqual({ class: dog.deck!.class, crew: dog.deck!.crew.value })
    expect(await s.fail('voyages.encounterConversion', { voyageId, ruleset: 'broadsides', adjustments: [{ ship: dog.ship, class: 'junk' }] })).toMatchObject({
      code: 'invalid_input',
      details: { field: 'adjustments.0.class' }
    })
    expect(await s.fail('voyages.encounterConversion', { voyageId, ruleset: 'broadsides', adjustments: [{ ship: dog.ship, quality: 3 }] })).toMatchObject({
      code: 'invalid_input',
      details: { field: 'adjustments.0.quality' }
    })

    const { battleId } = await s.call('voyages.fightEncounterUnder', { voyageId, ruleset: 'broadsides', adjustments: [{ ship: dog.ship, crew: 12 }] })
    expect((await s.call('voyages.get', { voyageId })).log.at(-1)!.text).toMatch(/Broadsides & Boarding Parties duel/)
    const state = (await s.call('battles.state', { battleId })) as unknown as { ruleset: string; setup: { ships: { id: string; crew: number }[] } }
    expect(state.ruleset).toBe('broadsides')
    expect(state.setup.ships.find((x) => x.id === dog.ship)!.crew).toBe(12)
    await s.call('battles.sideControl', { battleId, side: dog.ship, control: 'ai' })
    let steps = 0
    for (; steps < 1500; steps++) {
      const out = (await s.call('battles.resolveStep', { battleId })) as { outcome: unknown }
      if (out.outcome) break
    }
    expect(steps).toBeGreaterThan(2)

    const review = (await s.call('battles.review', { battleId })) as unknown as BroadsidesBattleReview
    const lines = review.campaign!.lines
    expect(lines).toHaveLength(2)
    const dogLine = lines.find((l) => l.shipId === s.ids.seaDog)!
    expect(dogLine.how.join(' ')).toMatch(/rows holed/)
    const before = s.db().prepare(`SELECT crew, status FROM ship WHERE id = ?`).get(s.ids.seaDog) as { crew: number; status: string }
    const done = await s.call('battles.conclude', { ruleset: 'broadsides', battleId })
    expect(done.applied.find((a) => a.shipId === s.ids.seaDog)!.text).toMatch(/Broadsides & Boarding Parties duel/)
    const after = s.db().prepare(`SELECT hull_damage, rigging_damage, crew, status FROM ship WHERE id = ?`).get(s.ids.seaDog) as { hull_damage: number; rigging_damage: number; crew: number; status: string }
    expect(after.hull_damage).toBe(dogLine.hullDamage)
    expect(after.rigging_damage).toBe(dogLine.riggingDamage)
    expect(after.crew).toBe(Math.max(0, before.crew - dogLine.crewLost))
    expect(after.status).toBe(dogLine.fate === 'sunk' ? 'sunk' : before.status)
    expect((await s.call('voyages.get', { voyageId })).log.at(-1)!.text).toMatch(/is over/)
  })

  it('house default (issue 21): concluded with the lines as the GM edited them (a line beyond her numbers refused at its field), and the review then shows what was written', async () => {
    const voyageId = await meetFrigate()
    const { battleId } = await s.call('voyages.fightEncounterUnder', { voyageId, ruleset: 'broadsides' })
    const review = (await s.call('battles.review', { battleId })) as unknown as BroadsidesBattleReview
    const lines = review.campaign!.lines.map(({ name: _n, side: _s, how: _h, ...l }) => l)
    const i = lines.findIndex((l) => l.shipId === s.ids.seaDog)
    const dogBefore = s.db().prepare(`SELECT crew, status FROM ship WHERE id = ?`).get(s.ids.seaDog) as { crew: number; status: string }
    const edited = lines.map((l, k) => (k === i ? { ...l, fate: 'afloat' as const, hullDamage: 6, riggingDamage: 4, crewLost: 9, gunsLost: { port: 1, starboard: 0, chasers: 0, stern: 0 } } : l))
    const snapshot = s.snapshot()
    const tooMany = edited.map((l, k) => (k === i ? { ...l, crewLost: 9999 } : l))
    expect(await s.fail('battles.conclude', { ruleset: 'broadsides', battleId, lines: tooMany })).toMatchObject({ code: 'invalid_input', details: { field: `lines.${i}.crewLost` } })
    expect(s.snapshot()).toEqual(snapshot)

    await s.call('battles.conclude', { ruleset: 'broadsides', battleId, lines: edited })
    const row = s.db().prepare(`SELECT hull_damage, rigging_damage, crew, status FROM ship WHERE id = ?`).get(s.ids.seaDog) as { hull_damage: number; rigging_damage: number; crew: number; status: string }
    expect(row).toEqual({ hull_damage: 6, rigging_damage: 4, crew: dogBefore.crew - 9, status: dogBefore.status })
    const after = (await s.call('battles.review', { battleId })) as unknown as BroadsidesBattleReview
    expect(after.concluded).toBe(true)
    const written = after.campaign!.lines.find((l) => l.shipId === s.ids.seaDog)!
    expect(written).toMatchObject({ fate: 'afloat', hullDamage: 6, riggingDamage: 4, crewLost: 9, gunsLost: { port: 1, starboard: 0, chasers: 0, stern: 0 } })
    expect(written.how.join(' ')).toMatch(/Fate: she .* in the duel/)
  })

  it('house default (issue 21): a ship class the ship-deck table lacks is refused in words (never sailed with no cannon); the GM’s class for her is her deck, with its cannon', async () => {
    const voyageId = await meetFrigate()
    const view = await s.call('voyages.encounterConversion', { voyageId, ruleset: 'broadsides' })
    const dog = view.ships.find((x) => x.shipId === s.ids.seaDog)!
    expect(dog.deck!.why).toMatch(/^a (corsair|small warship|merchantman|large warship|galleon) hull sails as the (Frigate|Merchantman) deck$/)
    expect(dog.deck!.className).toBe(dog.deck!.class === 'frigate' ? 'Frigate' : 'Merchantman')
    const table = (await s.call('rules.get', { table: 'conversionTheahBroadsides' })).value as { classByHull: Record<string, string> }
    await s.call('rules.set', { table: 'conversionTheahBroadsides', value: { ...table, classByHull: Object.fromEntries(Object.keys(table.classByHull).map((h) => [h, 'sloop'])) } })
    const e = await s.fail('voyages.encounterConversion', { voyageId, ruleset: 'broadsides' })
    expect(e).toMatchObject({ code: 'invalid_input', details: { field: 'ruleset' } })
    expect(e.message).toMatch(/^Ruleset: the conversion table sails a [a-z ]+ hull as the ship class “sloop”, which the ship-deck table does not have \(its classes: Frigate, Merchantman\)/)
    const others = view.ships.filter((x) => x.ship !== dog.ship).map((x) => ({ ship: x.ship, class: 'frigate' }))
    const chosen = await s.call('voyages.encounterConversion', { voyageId, ruleset: 'broadsides', adjustments: [{ ship: dog.ship, class: 'merchantman' }, ...others] })
    const d = chosen.ships.find((x) => x.ship === dog.ship)!
    expect(d.deck).toMatchObject({ class: 'merchantman', className: 'Merchantman', why: 'the GM’s choice for this battle, the Merchantman deck', cannon: { value: 4 } })
    expect(d.fights.class).toBe('merchantman')
    expect(d.adjusted).toEqual(['class'])
    const bad = await s.fail('voyages.encounterConversion', { voyageId, ruleset: 'broadsides', adjustments: [{ ship: dog.ship, class: 'junk' }, ...others] })
    expect(bad).toMatchObject({ details: { field: 'adjustments.0.class' } })
    expect(bad.message).toMatch(/^Adjustments, entry 1, class: the ship-deck table has no ship class “junk” \(its classes: Frigate, Merchantman\), for the /)
  })

  it('refused when the encounter is not one ship against one', async () => {
    const voyageId = await meetFrigate()
    // The Sea Dog alone against one frigate is a duel; with a second ship of ours it is not.
    const santa = s.ids.santaLucia
    const row = s.db().prepare(`SELECT status FROM ship WHERE id = ?`).get(santa) as { status: string }
    expect(row.status).toBeTruthy()
    s.db().prepare(`INSERT INTO voyage_ship (voyage_id, ship_id, position) VALUES (?, ?, 9)`).run(voyageId, santa)
    expect(await s.fail('voyages.encounterConversion', { voyageId, ruleset: 'broadsides' })).toMatchObject({ code: 'rule', details: { field: 'ruleset' } })
  })
})
