/**
 * The Broadsides & Boarding Parties duel (seed 001; rules guide §5) follows its rule tables as a campaign
 * edited them, and refuses what would otherwise be dropped or clamped unsaid: a crew that does not fit her
 * deck (seed 001 Crew / Boarding Action), the rows that sink a ship (seed 001 Ship Combat, the sea board
 * table's sinkRows), the surrender share (rules guide §5 Surrender), the deck's Damage cards (seed 001
 * Maneuver Decks), a reef's speed (seed 001 Reefs); and its set-up's words are plain English.
 */
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { CalcInputError } from '../../src/shared/battle/calc-error'
import { sinks } from '../../src/shared/broadsides/cannon-fire'
import { deckCalc, meleeCalc } from '../../src/shared/broadsides/calculators'
import { buildDeck } from '../../src/shared/broadsides/maneuver-deck'
import { reefTokens } from '../../src/shared/broadsides/maneuvers'
import { strikes } from '../../src/shared/broadsides/melee'
import { deckRoom, gridOf } from '../../src/shared/broadsides/ship-deck'
import { checkOrders } from '../../src/shared/broadsides/engine'
import { BROADSIDES_BOARD, BROADSIDES_DECK, BROADSIDES_MELEE, BROADSIDES_REEFS, BROADSIDES_RULES, BROADSIDES_TEMPLATES, BoardSchema } from '../../src/shared/broadsides/tables'
import { BroadsidesOrders, BroadsidesSetup, setupProblemWords } from '../../src/shared/broadsides/types'
import { RULE_TABLES } from '../../src/shared/rules/tables'
import { duel, start, step, withShip } from './broadsides-helpers'

const setupWith = (rules: Partial<typeof BROADSIDES_RULES>, a: Record<string, unknown> = {}, b: Record<string, unknown> = {}) =>
  BroadsidesSetup.safeParse({
    name: 'Test duel',
    rules: { ...BROADSIDES_RULES, ...rules },
    ships: [
      { id: 'a', name: 'Arrow', class: 'frigate', at: { x: 4, y: 8 }, heading: 2, ...a },
      { id: 'b', name: 'Bess', class: 'merchantman', at: { x: 20, y: 8 }, heading: 6, ...b }
    ]
  })
const issuesOf = (r: ReturnType<typeof setupWith>) => (r.success ? [] : r.error.issues.map((i) => ({ path: i.path, message: i.message })))

describe('seed 001 Crew, Boarding Action: a crew that does not fit her deck is refused at the field, never dropped', () => {
  it('seed 001 Boarding Action ("Up to 3 crew may occupy a space (2 in a mast or cannon space)"): the default placement stands every unit on her deck (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom('frigate', 'merchantman'), fc.integer({ min: 0, max: 40 }), fc.subarray(['captain', 'firstMate', 'boatswain', 'masterGunner'] as const), (cls, crew, officers) => {
        const setup = duel({}, { class: cls, crew, officers })
        const st = start(setup)
        expect(st.units.filter((u) => u.side === 'a' && u.kind === 'crew')).toHaveLength(crew)
        expect(st.units.filter((u) => u.side === 'a' && u.kind !== 'crew').map((u) => u.kind).sort()).toEqual([...officers].sort())
      })
    )
  })

  it('seed 001 Boarding Action: one unit a square (an edited melee table) leaves the frigate room for 27 of her 44: refused at her crew with how many squares and places', () => {
    const melee = { ...BROADSIDES_MELEE, perSquare: 1, perMastOrCannon: 1 }
    const g = gridOf(BROADSIDES_TEMPLATES.frigate!)
    expect(deckRoom(g, melee, ['captain', 'firstMate', 'boatswain', 'masterGunner'])).toEqual({ squares: 27, room: 27 })
    const r = setupWith({ melee }, { crew: 40 })
    expect(issuesOf(r)).toEqual([{ path: ['ships', 0, 'crew'], message: expect.stringMatching(/^her 40 crew and 4 officers do not fit: the Frigate’s 27 squares hold 27 \(1 on a square, 1 on a mast or cannon square/) }])
    // Her class's own crew (16 and 4 officers) fits the same deck; 23 and 4 is one too many.
    expect(setupWith({ melee }).success).toBe(true)
    expect(setupWith({ melee }, { crew: 23 }).success).toBe(true)
    expect(issuesOf(setupWith({ melee }, { crew: 24 }))[0]!.path).toEqual(['ships', 0, 'crew'])
  })

  it('seed 001 Crew: a placement the set-up gives is checked square by square, in the deck’s own terms', () => {
    const r = setupWith({}, { crew: 1, officers: [], placement: [{ kind: 'crew', row: 12, col: 0 }] })
    expect(issuesOf(r)).toEqual([{ path: ['ships', 0, 'placement', 0], message: 'not a square of the Frigate’s deck (rows 1 to 9, squares 1 to 3)' }])
  })
})

describe('seed 001 Ship Combat: the rows that sink a ship are the sea board table’s sinkRows', () => {
  it('seed 001 Ship Combat ("5 or more rows with hull dmg tokens along a single side"): the table’s seed value is 5, with its source', () => {
    expect(BROADSIDES_BOARD.sinkRows).toBe(5)
    expect(RULE_TABLES.broadsidesBoard.source).toMatch(/5 or more rows with hull dmg tokens along a single side of a ship, it sinks/)
    expect(BoardSchema.safeParse({ ...BROADSIDES_BOARD, sinkRows: 0 }).error!.issues[0]!.path).toEqual(['sinkRows'])
    expect(sinks({ port: [1, 1, 1, 0, 0, 0, 0], starboard: [0, 0, 0, 0, 0, 0, 0] }, 3)).toMatchObject({ sinks: true, side: 'port' })
    expect(sinks({ port: [1, 1, 1, 0, 0, 0, 0], starboard: [0, 0, 0, 0, 0, 0, 0] }, 5).sinks).toBe(false)
  })

  it('seed 001 Ship Combat: edited to 3, the engine sinks a ship at 3 holed rows and says 3', () => {
    const setup = duel({ rules: { ...BROADSIDES_RULES, board: { ...BROADSIDES_BOARD, sinkRows: 3 } } })
    const st = withShip(start(setup), 'b', { hull: { port: [1, 2, 1, 0, 0, 0, 0], starboard: [0, 0, 0, 0, 0, 0, 0] } })
    const r = step(setup, st, {}, [1])
    expect(r.state.ships.b!.status).toBe('sunk')
    expect(r.report.events.find((e) => e.kind === 'sinks')!.text).toBe('The Bess sinks: 3 or more rows holed on her port side.')
    // At the seed's 5, the same hull keeps her afloat.
    const seed = duel()
    expect(step(seed, withShip(start(seed), 'b', { hull: st.ships.b!.hull }), {}, [1]).state.ships.b!.status).toBe('afloat')
  })

  it('seed 001 Ship Combat: a class with fewer rows than sink a ship is refused at her class (she could never sink)', () => {
    const r = setupWith({ board: { ...BROADSIDES_BOARD, sinkRows: 8 } })
    expect(issuesOf(r)).toEqual([{ path: ['ships', 1, 'class'], message: 'the Merchantman’s deck has 7 rows: she could never sink, which takes 8 rows holed along one side (the sea board table)' }])
  })
})

describe('the words quote the tables as edited', () => {
  it('rules guide §5 Surrender: the share a side must keep aboard is the melee table’s, in words', () => {
    expect(strikes(BROADSIDES_MELEE, 1, 4, true, true).why).toBe('her crew aboard (1) is below a third of the boarders (4)')
    const two = { ...BROADSIDES_MELEE, strikeBelowThirds: 2 }
    expect(strikes(two, 2, 4, true, true)).toEqual({ strikes: true, why: 'her crew aboard (2) is below two thirds of the boarders (4)' })
    expect(strikes(BROADSIDES_MELEE, 2, 4, true, true).strikes).toBe(false)
  })

  it('seed 001 Maneuver Decks ("Damage cards … (up to 3 max)"): the Damage cards’ term names the deck table’s most', () => {
    expect(buildDeck(BROADSIDES_DECK, { speed: 3, mastsLost: 3, portRows: 0, starboardRows: 0 }).terms[0]).toEqual({ label: 'Damage cards (one per destroyed mast, at most 3)', value: 3 })
    const two = buildDeck({ ...BROADSIDES_DECK, maxDamage: 2 }, { speed: 3, mastsLost: 3, portRows: 0, starboardRows: 0 })
    expect(two.terms[0]).toEqual({ label: 'Damage cards (one per destroyed mast, at most 2)', value: 2 })
    expect(deckCalc({ speed: 3, mastsLost: 3, hullRows: { port: [], starboard: [] } }, { ...BROADSIDES_RULES, deck: { ...BROADSIDES_DECK, maxDamage: 2 } }).damage).toBe(2)
    // Melee terms sum to the totals with an edited table too.
    const m = meleeCalc({ attacker: { roll: 3, crew: 2 }, defender: { roll: 3, crew: 2, topOfLadder: true } }, { ...BROADSIDES_RULES, melee: { ...BROADSIDES_MELEE, topOfLadder: 3 } })
    expect(m.defence).toBe(3 + 2 + 3)
  })

  it('seed 001 Reefs: a speed outside 0–3 is refused at the field, never clamped', () => {
    expect(reefTokens(BROADSIDES_REEFS, 3)).toBe(2)
    expect(() => reefTokens(BROADSIDES_REEFS, 4)).toThrow(CalcInputError)
    let err: unknown = null
    try {
      reefTokens(BROADSIDES_REEFS, -1)
    } catch (e) {
      err = e
    }
    expect(err).toMatchObject({ field: 'speed', message: 'a ship’s speed is 0 to 3' })
  })
})

describe('rules guide §5: the set-up’s refusals in plain English', () => {
  it('an unknown class names the classes by their names, two ships alike are told apart without keys, and the message names the ship', () => {
    const r = setupWith({}, { class: 'junk' }, { id: 'a' })
    const msgs = issuesOf(r)
    expect(msgs).toContainEqual({ path: ['ships', 0, 'class'], message: 'the ship-deck table has no ship class “junk” (its classes: Frigate, Merchantman)' })
    expect(msgs).toContainEqual({ path: ['ships', 1, 'id'], message: 'both ships go by “a”: give the second another' })
    for (const m of msgs) expect(m.message).not.toMatch(/\bids?\b|merchantman,|frigate,/)
    expect(setupProblemWords({ ships: [{ name: 'Arrow' }] }, ['ships', 0, 'crew'], 'too many')).toBe('The Arrow, crew: too many')
    expect(setupProblemWords({ ships: [{ name: 'Le Marchand' }] }, ['ships', 0], 'x')).toBe('Le Marchand: x')
    expect(setupProblemWords({}, ['reefs', 2], 'off the board')).toBe('Reefs, entry 3: off the board')
  })

  it('seed 001 Crew (Captain, First Mate): a redraw’s card typed alone is refused without naming the field', () => {
    const setup = duel()
    const st0 = start(setup)
    const st = { ...st0, phase: 'card' as const, round: 1, index: 0, ships: { ...st0.ships, a: { ...st0.ships.a!, deck: ['forward', 'anchor'] as ('forward' | 'anchor')[] } } }
    const problems = checkOrders(setup, st, BroadsidesOrders.parse({ redraw: 'captain', newCard: 'forward' }))
    expect(problems).toEqual([{ path: ['newCard'], message: 'type the card drawn first too: the new card is drawn from what it left' }])
  })
})
