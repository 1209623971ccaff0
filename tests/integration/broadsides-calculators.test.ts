/**
 * The Broadsides & Boarding Parties calculators (seed 001, issue 20) over the local HTTP host, with no
 * campaign open (scope 'app', read-only): `broadsides.deck`, `broadsides.drift`, `broadsides.hit`,
 * `broadsides.reef`, `broadsides.melee`, `broadsides.wind`. Each answer is checked against the seed's
 * section (or the rules guide §5 default); bad input is a 400 naming the field.
 */
import { describe, expect, it } from 'vitest'
import { calculatorHost } from '../helpers'

const { ok, refused } = calculatorHost('broadsides-calculators-token')

describe('broadsides.* calculators (seed 001)', () => {
  it('seed 001 §Maneuver Decks (rules guide §5): broadsides.deck — Forward up to speed, Damage per mast, turn cards out by damaged rows', async () => {
    expect(await ok('broadsides.deck', { speed: 3, mastsLost: 0, hullRows: { port: [], starboard: [] } })).toMatchObject({ forward: 3, turnPort: 1, turnStarboard: 1, anchor: 1, damage: 0, size: 6, terms: expect.any(Array) })
    expect(await ok('broadsides.deck', { speed: 1, mastsLost: 1, hullRows: { port: [0], starboard: [3, 4] } })).toMatchObject({ forward: 1, turnPort: 0, turnStarboard: 0, anchor: 1, damage: 1, size: 3, terms: expect.any(Array) })
    expect(await refused('broadsides.deck', { speed: 4, mastsLost: 0, hullRows: { port: [], starboard: [] } }, 'speed')).toMatch(/at most 3/)
    expect(await refused('broadsides.deck', { speed: 2, mastsLost: 0, hullRows: { port: [1, 1], starboard: [] } }, 'hullRows.port.1')).toMatch(/listed twice/)
  })
  it('seed 001 §Ship Combat: broadsides.drift — 1–2 left, 3–4 none, 5–6 right; the Master Gunner needs no roll', async () => {
    expect(await ok('broadsides.drift', { roll: 2, masterGunner: false })).toEqual({ rows: -1 })
    expect(await ok('broadsides.drift', { roll: 4, masterGunner: false })).toEqual({ rows: 0 })
    expect(await ok('broadsides.drift', { roll: 5, masterGunner: false })).toEqual({ rows: 1 })
    expect(await ok('broadsides.drift', { roll: 1, masterGunner: true })).toEqual({ rows: 0 })
    expect(await ok('broadsides.drift', { masterGunner: true })).toEqual({ rows: 0 })
    expect(await refused('broadsides.drift', { masterGunner: false }, 'roll')).toMatch(/drift die/)
    expect(await refused('broadsides.drift', { roll: 7, masterGunner: false }, 'roll')).toMatch(/1 to 6/)
  })
  it('rules guide §5: broadsides.hit — 1 miss, 2 hull, 3–4 deck, 5 mast, 6 choice', async () => {
    const got = []
    for (let roll = 1; roll <= 6; roll++) got.push((await ok('broadsides.hit', { roll })).location)
    expect(got).toEqual(['miss', 'hull', 'deck', 'deck', 'mast', 'choice'])
    expect(await refused('broadsides.hit', { roll: 0 }, 'roll')).toMatch(/1 to 6/)
  })
  it('seed 001 §Reefs: broadsides.reef — 2 tokens at speed 3, 1 at 2, none at 1', async () => {
    expect(await ok('broadsides.reef', { speed: 3 })).toEqual({ hullTokens: 2 })
    expect(await ok('broadsides.reef', { speed: 2 })).toEqual({ hullTokens: 1 })
    expect(await ok('broadsides.reef', { speed: 1 })).toEqual({ hullTokens: 0 })
    expect(await refused('broadsides.reef', { speed: -1 }, 'speed')).toMatch(/negative/)
  })
  it('seed 001 §Boarding Action: broadsides.melee — crew counts every unit, officers on top; the loser removes the difference', async () => {
    const r = await ok('broadsides.melee', {
      attacker: { roll: 4, crew: 3, officers: ['captain'] },
      defender: { roll: 3, crew: 2, officers: ['firstMate'], topOfLadder: true, higherDeck: true }
    })
    expect(r).toMatchObject({ attack: 9, defence: 8, loser: 'defender', losses: 1 })
    // Each total is the sum of its terms (the breakdown the GM reads).
    const sum = (ts: { value: number }[]) => ts.reduce((a, t) => a + t.value, 0)
    expect([sum((r as { attackTerms: { value: number }[] }).attackTerms), sum((r as { defenceTerms: { value: number }[] }).defenceTerms)]).toEqual([9, 8])
    expect(await ok('broadsides.melee', { attacker: { roll: 2, crew: 1, officers: [] }, defender: { roll: 1, crew: 2, officers: [] } })).toMatchObject({ attack: 3, defence: 3, loser: null, losses: 0, attackTerms: expect.any(Array), defenceTerms: expect.any(Array) })
    expect(await refused('broadsides.melee', { attacker: { roll: 2, crew: 1, officers: ['captain', 'boatswain'] }, defender: { roll: 1, crew: 2, officers: [] } }, 'attacker.officers')).toMatch(/officers included/)
    expect(await refused('broadsides.melee', { attacker: { roll: 2, crew: 1, officers: ['bosun'] }, defender: { roll: 1, crew: 2, officers: [] } }, 'attacker.officers.0')).toBeTruthy()
  })
  it('seed 001 §Wind (rules guide §5 Compass): broadsides.wind — back, hold or veer one point', async () => {
    expect(await ok('broadsides.wind', { direction: 0, roll: 1 })).toEqual({ direction: 7, shift: -1 })
    expect(await ok('broadsides.wind', { direction: 5, roll: 3 })).toEqual({ direction: 5, shift: 0 })
    expect(await ok('broadsides.wind', { direction: 7, roll: 6 })).toEqual({ direction: 0, shift: 1 })
    expect(await refused('broadsides.wind', { direction: 8, roll: 1 }, 'direction')).toMatch(/at most 7/)
  })
})
