/**
 * With a campaign open, the calculators read its rule tables as its GM edited them — `broadsides.*`
 * (seed 001; rules guide §5), `galleys.*` (seed 000) and `atrilia.*` (seed 002) — and with none open, the seed's; and a Broadsides
 * duel whose crew does not fit her deck under the campaign's tables is refused at the field, in words
 * that name the ship (seed 001 Crew, Boarding Action), changing nothing.
 */
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest'
import { BROADSIDES_RULES } from '../../src/shared/broadsides/tables'
import { GALLEYS_RULES } from '../../src/shared/galleys/tables'
import { ATRILIA_RULES } from '../../src/shared/atrilia/tables'
import { dropSample, openSample, type SampleSession } from './battles-ops'

let s: SampleSession
beforeEach(async () => {
  s = await openSample()
})
afterEach(async () => {
  await s.t.cleanup()
})
afterAll(dropSample)

const calc = (name: string, input: unknown) => s.call(name as never, input as never) as Promise<Record<string, unknown>>

describe('the calculators read the open campaign’s tables', () => {
  it('seed 001 Reefs, Maneuver Decks, Crew, Wind, Ship Combat: an edited Broadsides table changes the calculator’s answer; reset, the seed’s again; closed, the seed’s', async () => {
    expect(await calc('broadsides.reef', { speed: 3 })).toEqual({ hullTokens: 2 })
    await s.call('rules.set', { table: 'broadsidesReefs', value: { hullTokens: [0, 1, 2, 3] } })
    expect(await calc('broadsides.reef', { speed: 3 })).toEqual({ hullTokens: 3 })
    expect(await calc('broadsides.reef', { speed: 1 })).toEqual({ hullTokens: 1 })

    const lost3 = { speed: 3, mastsLost: 3, hullRows: { port: [], starboard: [] } }
    expect(await calc('broadsides.deck', lost3)).toMatchObject({ damage: 3, forward: 3 })
    await s.call('rules.set', { table: 'broadsidesDeck', value: { ...BROADSIDES_RULES.deck, maxDamage: 1 } })
    const deck = await calc('broadsides.deck', lost3)
    expect(deck).toMatchObject({ damage: 1, forward: 3 })
    expect((deck.terms as { label: string }[])[0]!.label).toBe('Damage cards (one per destroyed mast, at most 1)')

    const fight = { attacker: { roll: 3, crew: 2, officers: ['captain'] }, defender: { roll: 3, crew: 2, officers: [] } }
    expect(await calc('broadsides.melee', fight)).toMatchObject({ attack: 7, defence: 5 })
    await s.call('rules.set', { table: 'broadsidesOfficers', value: { ...BROADSIDES_RULES.officers, melee: { ...BROADSIDES_RULES.officers.melee, captain: 4 } } })
    expect(await calc('broadsides.melee', fight)).toMatchObject({ attack: 9, defence: 5, losses: 4 })

    await s.call('rules.set', { table: 'broadsidesWind', value: { shift: [1, 1, 1, 1, 1, 1] } })
    expect(await calc('broadsides.wind', { direction: 3, roll: 1 })).toEqual({ direction: 4, shift: 1 })
    await s.call('rules.set', { table: 'broadsidesDrift', value: { rows: [1, 1, 1, 1, 1, 1] } })
    expect(await calc('broadsides.drift', { roll: 1 })).toEqual({ rows: 1 })
    await s.call('rules.set', { table: 'broadsidesHit', value: { location: ['hull', 'hull', 'hull', 'hull', 'hull', 'hull'] } })
    expect(await calc('broadsides.hit', { roll: 1 })).toEqual({ location: 'hull' })

    await s.call('rules.reset', { table: 'broadsidesReefs' })
    expect(await calc('broadsides.reef', { speed: 3 })).toEqual({ hullTokens: 2 })
    await s.call('campaigns.close')
    expect(await calc('broadsides.hit', { roll: 1 })).toEqual({ location: 'miss' })
    expect(await calc('broadsides.wind', { direction: 3, roll: 1 })).toEqual({ direction: 2, shift: -1 })
  })

  it('seed 000 Weather Change: an edited gauge changes what galleys.weather takes (a point off the seed’s 16-point gauge is refused at its field)', async () => {
    const weather = { wind: { direction: 20, marker: null }, dice: [1] }
    const e = await s.fail('galleys.weather', weather)
    expect(e).toMatchObject({ code: 'invalid_input', details: { issues: [{ field: 'wind.direction', message: 'the gauge has points 0 to 15' }] } })
    expect(e.message).toBe('Wind, direction: the gauge has points 0 to 15')
    await s.call('rules.set', { table: 'galleysTable', value: { ...GALLEYS_RULES.table, gaugePoints: 32 } })
    expect(await calc('galleys.weather', weather)).toMatchObject({ wind: { direction: 20 }, changed: false })
  })
})

describe('the Atrilian calculators too', () => {
  it('seed 002 §5.4: an edited Atrilian battle table changes atrilia.pathCost', async () => {
    const path = { steps: ['forward', 'forward', 'forward'] }
    expect((await calc('atrilia.pathCost', path)).cost).toBe(6)
    await s.call('rules.set', { table: 'atriliaBattle', value: { ...ATRILIA_RULES, forwardCost: 1 } })
    expect((await calc('atrilia.pathCost', path)).cost).toBe(3)
  })
})

describe('seed 001 Crew, Boarding Action: a duel whose crew does not fit her deck', () => {
  it('is refused at her crew, the message naming her in words and saying how many squares and places there are; nothing changes', async () => {
    await s.call('rules.set', { table: 'broadsidesMelee', value: { ...BROADSIDES_RULES.melee, perSquare: 1, perMastOrCannon: 1 } })
    const before = s.snapshot()
    const setup = {
      ships: [
        { id: 'a', name: 'Arrow', class: 'frigate', crew: 40, at: { x: 4, y: 8 }, heading: 2 },
        { id: 'b', name: 'Bess', class: 'merchantman', at: { x: 20, y: 8 }, heading: 6 }
      ]
    }
    const e = await s.fail('battles.start', { ruleset: 'broadsides', setup })
    expect(e).toMatchObject({ code: 'invalid_input', details: { field: 'setup.ships.0.crew' } })
    expect(e.message).toBe('The Arrow, crew: her 40 crew and 4 officers do not fit: the Frigate’s 27 squares hold 27 (1 on a square, 1 on a mast or cannon square, at most 2 crew at a cannon).')
    expect(s.snapshot()).toEqual(before)
    // Her class's own crew fits the same deck.
    const ok = await s.call('battles.start', { ruleset: 'broadsides', setup: { ships: [{ ...setup.ships[0], crew: undefined }, setup.ships[1]] } })
    const view = (await s.call('battles.state', { battleId: ok.battleId })) as unknown as { state: { units: { side: string }[] } }
    expect(view.state.units.filter((u) => u.side === 'a')).toHaveLength(16 + 4)
  })
})
