import { describe, expect, it } from 'vitest'
import { NeedsDice } from '../../src/shared/dice/roll'
import {
  checkOrders,
  currentStats,
  IllegalOrders,
  observationTN,
  recognitionRange,
  resolveTurn,
  sightingRange,
  startBattle
} from '../../src/shared/highseas/engine'
import { faces, o, range, setup, ship, step, texts, turn, withState } from './highseas-helpers'

const duel = (r: 'close' | 'short' | 'medium' | 'long' | 'far' | 'extreme' = 'medium', weather: 'clear' | 'rough' | 'storm' | 'fog' = 'clear') =>
  setup([ship('a', 'corsair', 'A'), ship('b', 'merchantman', 'B')], { range: r, weather })

describe('sighting and ranges', () => {
  it('seed 003 IV SCALE: sighting Extreme / Long / Medium, recognition Far / Medium / Short', () => {
    expect([sightingRange('clear'), sightingRange('rough'), sightingRange('storm'), sightingRange('fog')]).toEqual([5, 3, 2, 2])
    expect([recognitionRange('clear'), recognitionRange('rough'), recognitionRange('storm'), recognitionRange('fog')]).toEqual([4, 2, 1, 1])
  })
  it('seed 003 III: Observation TN 10 at Close + 5 per step (35 at Extreme)', () => {
    expect([0, 1, 2, 3, 4, 5].map((s) => observationTN(s))).toEqual([10, 15, 20, 25, 30, 35])
  })
  it('seed 003 III: an encounter appears at the sighting range at most (fog: Medium)', () => {
    const st = startBattle(duel('extreme', 'fog'))
    expect(range(st, 'a', 'b')).toBe(2)
    expect(st.turn).toBe(1)
    expect(st.outcome).toBe('ongoing')
  })
  it('seed 003 IV EVASION: a ship evading past the sighting range of every enemy escapes', () => {
    const su = duel('extreme')
    // b evades, a circles: +1 → out of sight → b escapes, the battle is decided for A.
    const r = step(su, startBattle(su), { a: { tactic: 'circle' }, b: { tactic: 'evade' } }, [])
    expect(range(r.state, 'a', 'b')).toBe(6)
    expect(r.state.participants.b!.status).toBe('escaped')
    expect(r.state.outcome).toBe('decided')
    expect(r.state.winner).toBe('A')
  })
})

describe('tactics (seed 003 IV)', () => {
  it('seed 003 IV EVASION: if every ship Evades, all escape and the encounter ends', () => {
    const su = duel()
    const r = step(su, startBattle(su), { a: { tactic: 'evade' }, b: { tactic: 'evade' } }, [])
    expect(r.state.outcome).toBe('allEscaped')
    expect(r.state.participants.a!.status).toBe('escaped')
    expect(r.state.participants.b!.status).toBe('escaped')
  })
  it('seed 003 IV EVASION: evade against evade opens the range by one (a third ship keeps the battle going)', () => {
    const su = setup([ship('a', 'corsair', 'A'), ship('b', 'merchantman', 'B'), ship('c', 'merchantman', 'B')], { range: 'medium' })
    const r = step(su, startBattle(su), { a: { tactic: 'evade' }, b: { tactic: 'evade' }, c: { tactic: 'circle', circleAgainst: ['a'] } }, [])
    expect(range(r.state, 'a', 'b')).toBe(3)
    // evade vs circle: +1 as well; b-c are friends (b evades: +1).
    expect(range(r.state, 'a', 'c')).toBe(3)
  })
  it('seed 003 IV EVASION: an evading ship nobody bears down on gains one step', () => {
    const su = duel()
    const r = step(su, startBattle(su), { a: { tactic: 'circle' }, b: { tactic: 'evade' } }, [])
    expect(range(r.state, 'a', 'b')).toBe(3)
  })
  it('seed 003 IV BEARING DOWN: two ships bearing down on each other close two steps', () => {
    const su = duel('long')
    const r = step(su, startBattle(su), { a: { tactic: 'bearDown', target: 'b' }, b: { tactic: 'bearDown', target: 'a' } }, [])
    expect(range(r.state, 'a', 'b')).toBe(1)
  })
  it('seed 003 IV: the range never goes below Close', () => {
    const su = duel('short')
    const r = step(su, startBattle(su), { a: { tactic: 'bearDown', target: 'b' }, b: { tactic: 'bearDown', target: 'a' } }, [])
    expect(range(r.state, 'a', 'b')).toBe(0)
  })
  it('seed 003 IV CIRCLING: circle against bear down closes one step and the two roll Handling dice', () => {
    const su = duel('long')
    // a (corsair, Handling 4) bears down; b (merchantman, Handling 2) circles. Circling dice: a 4d10!, b 2d10!.
    const r = step(su, startBattle(su), { a: { tactic: 'bearDown', target: 'b' }, b: { tactic: 'circle' } }, [1, 1, 1, 1, 9, 9])
    expect(range(r.state, 'a', 'b')).toBe(2)
    const ev = r.report.events.find((e) => e.kind === 'circling')!
    expect(ev.value).toBe(-1) // b (the circler, second of the pair) wins: only she may fire a broadside
    expect(ev.rolls.map((x) => x.notation)).toEqual(['4d10!', '2d10!'])
  })
  it('seed 003 IV CIRCLING: two ships circling keep their range', () => {
    const su = duel('long')
    const r = step(su, startBattle(su), { a: { tactic: 'circle' }, b: { tactic: 'circle' } }, [5, 5, 5, 5, 5, 5])
    expect(range(r.state, 'a', 'b')).toBe(3)
    expect(r.report.events.find((e) => e.kind === 'circling')!.value).toBe(0)
  })
  it('seed 003 VI LARGE BATTLES: relative to a ship she neither bears down on nor circles, a ship holds', () => {
    const su = setup([ship('a', 'corsair', 'A'), ship('b', 'merchantman', 'B'), ship('c', 'merchantman', 'B')], { range: 'long' })
    // a bears down on b; c circles against nobody near a? c circles a (nearest). b circles c? b is a friend of c: b circles against a.
    const r = step(su, startBattle(su), { a: { tactic: 'bearDown', target: 'b' }, b: { tactic: 'evade' }, c: { tactic: 'bearDown', target: 'a' } }, [
      // chase a→b: b 3d10! then a 4d10!
      5, 5, 5, 5, 5, 5, 5
    ])
    // a holds relative to c; c bears down on a: −1.
    expect(range(r.state, 'a', 'c')).toBe(2)
  })
})

describe('chases (seed 003 IV EVASION)', () => {
  const chase = (f: number[], r: 'medium' | 'long' = 'medium') => {
    const su = duel(r)
    return step(su, startBattle(su), { a: { tactic: 'bearDown', target: 'b' }, b: { tactic: 'evade' } }, f)
  }
  it('seed 003 IV EVASION: the pursuer rolling higher closes one step, +1 per full 10 points', () => {
    // pursued b: 3 dice (Speed 3) = 3; pursuer a: 4 dice (Speed 4) = 20 → margin 17 → two steps.
    const r = chase([1, 1, 1, 5, 5, 5, 5])
    expect(range(r.state, 'a', 'b')).toBe(0)
    const ev = r.report.events.find((e) => e.kind === 'chase')!
    expect(ev.rolls.map((x) => x.notation)).toEqual(['3d10!', '4d10!'])
  })
  it('seed 003 IV EVASION: the pursued rolling higher opens one step (margin under 10)', () => {
    const r = chase([9, 9, 9, 5, 5, 4, 4])
    expect(range(r.state, 'a', 'b')).toBe(3)
  })
  it('rules guide §1: chase dice explode (a ten is rolled again and added)', () => {
    // b: 10+9, 9, 9 = 37; a: 5,5,5,5 = 20 → margin 17 → +2.
    const r = chase([10, 9, 9, 9, 5, 5, 5, 5])
    expect(range(r.state, 'a', 'b')).toBe(4)
  })
  it('seed 003 IV EVASION mishap 1-2: the pursuer’s sail fouls — Speed 1 until the master-o’-tops re-rigs (TN 15)', () => {
    const r = chase([3, 3, 3, 2, 2, 2, 3, 1])
    expect(range(r.state, 'a', 'b')).toBe(2)
    expect(r.state.participants.a!.sailFouled).toBe(true)
    expect(currentStats(duel(), r.state, 'a').speed).toBe(1)
    // Next turn: the master-o'-tops rolls (Finesse 2 + Rigging 1)k2 at the start: 8 + 9 = 17 ≥ 15 → re-rigged.
    const r2 = step(duel(), r.state, { a: { tactic: 'circle' }, b: { tactic: 'circle' } }, [8, 9, 1, 5, 5, 5, 5, 5, 5])
    expect(r2.state.participants.a!.sailFouled).toBe(false)
    expect(r2.report.events[0]!.kind).toBe('rerig')
  })
  it('seed 003 IV EVASION mishap 3-4: a swell hits the pursued — a GM prompt', () => {
    const r = chase([3, 3, 3, 2, 2, 2, 3, 4])
    const ev = r.report.events.find((e) => e.kind === 'mishap')!
    expect(ev.prompt).toMatch(/Finesse \+ Balance, TN 15/)
    expect(ev.who).toEqual(['b'])
  })
  it('seed 003 IV EVASION mishap 5-6: becalmed for 1k1 turns — no movement unless oars', () => {
    const r = chase([3, 3, 3, 2, 2, 2, 3, 5, 2])
    expect(r.state.becalmedTurns).toBe(2)
    expect(currentStats(duel(), r.state, 'a').speed).toBe(0)
    const r2 = step(duel(), r.state, { a: { tactic: 'bearDown', target: 'b' }, b: { tactic: 'evade' } }, [])
    expect(range(r2.state, 'a', 'b')).toBe(2)
    expect(r2.state.becalmedTurns).toBe(1)
    // An oared ship still moves, at Speed −2 (minimum 1).
    const su = setup([ship('a', 'corsair', 'A', { oars: true }), ship('b', 'merchantman', 'B')], { range: 'medium' })
    const st = withState(su, (s) => (s.becalmedTurns = 2))
    expect(currentStats(su, st, 'a').speed).toBe(2)
    const r3 = step(su, st, { a: { tactic: 'bearDown', target: 'b' }, b: { tactic: 'evade' } }, [])
    expect(range(r3.state, 'a', 'b')).toBe(1)
  })
  it('seed 003 IV EVASION mishap 7-8: a major crewman of the pursuer overboard — a GM prompt', () => {
    const r = chase([3, 3, 3, 2, 2, 2, 3, 8])
    const ev = r.report.events.find((e) => e.kind === 'mishap')!
    expect(ev.prompt).toMatch(/overboard/)
    expect(ev.who).toEqual(['a'])
  })
  it('seed 003 IV EVASION mishap 9-10: the pursued’s anchor comes loose — −1 Speed until cleared', () => {
    const r = chase([3, 3, 3, 2, 2, 2, 3, 10])
    expect(r.state.participants.b!.anchorDragging).toBe(true)
    expect(r.report.events.find((e) => e.kind === 'mishap')!.prompt).toMatch(/Climbing/)
    expect(currentStats(duel(), r.state, 'b').speed).toBe(2)
    // Clearing it is a Finesse + Climbing roll (TN 15; house default hand: Finesse 2, Climbing 1 → 3k2), then cut.
    const r2 = step(duel(), r.state, { a: { tactic: 'circle' }, b: { tactic: 'circle', clearAnchor: true } }, [9, 9, 1, 5, 5, 5, 5, 5, 5])
    expect(r2.state.participants.b!.anchorDragging).toBe(false)
  })
  it('seed 003 IV damage effects: rigging over half halves Speed and so the chase dice', () => {
    const su = duel()
    const st = withState(su, (s) => (s.participants.a!.riggingDamage = 8)) // corsair rigging 15
    expect(currentStats(su, st, 'a').speed).toBe(2)
    const r = step(su, st, { a: { tactic: 'bearDown', target: 'b' }, b: { tactic: 'evade' } }, [5, 5, 5, 5, 5])
    expect(r.report.events.find((e) => e.kind === 'chase')!.rolls.map((x) => x.notation)).toEqual(['3d10!', '2d10!'])
  })
})

describe('desperate strategies (seed 003 IV)', () => {
  it('seed 003 IV Wet Sails: +2 Speed for two turns; a 9-10 tears the sails: 1k1 non-exploding rigging and half Speed next turn', () => {
    const su = duel()
    // Turn 1: a wets her sails (d10 = 9 → 1k1n = 10: no explosion) ; circling contest 4 + 2 dice.
    const r = step(su, startBattle(su), { a: { tactic: 'circle', desperate: 'wetSails' }, b: { tactic: 'circle' } }, [9, 10, 5, 5, 5, 5, 5, 5])
    expect(r.state.participants.a!.riggingDamage).toBe(10)
    expect(r.state.participants.a!.halfSpeedNextTurn).toBe(true)
    expect(r.state.participants.a!.wetSailsTurns).toBe(1)
    // Next turn: still wet (+2), half Speed: (4 + 2) → rigging 10 of 15 is over half → 3, torn → 1.
    expect(currentStats(su, r.state, 'a').speed).toBe(1)
    const r2 = step(su, r.state, { a: { tactic: 'circle' }, b: { tactic: 'circle' } }, [3, 5, 5, 5, 5, 5, 5])
    expect(r2.state.participants.a!.wetSailsTurns).toBe(0)
    expect(r2.state.participants.a!.halfSpeedNextTurn).toBe(false)
  })
  it('seed 003 IV Wet Sails: +2 Speed in the chase', () => {
    const su = duel()
    const r = step(su, startBattle(su), { a: { tactic: 'bearDown', target: 'b', desperate: 'wetSails' }, b: { tactic: 'evade' } }, [
      1, // sails hold
      5, 5, 5, // b 3 dice
      1, 1, 1, 1, 1, 1 // a 6 dice
    ])
    expect(r.report.events.find((e) => e.kind === 'chase')!.rolls.map((x) => x.notation)).toEqual(['3d10!', '6d10!'])
  })
  it('seed 003 IV Hard Turns: +2 Handling this turn; a 9-10 costs 1 hull and −1 Handling until repaired', () => {
    const su = duel()
    const r = step(su, startBattle(su), { a: { tactic: 'circle', desperate: 'hardTurns' }, b: { tactic: 'circle' } }, [10, 5, 5, 5, 5, 5, 5, 5, 5])
    const ev = r.report.events.find((e) => e.kind === 'circling')!
    expect(ev.rolls.map((x) => x.notation)).toEqual(['6d10!', '2d10!'])
    expect(r.state.participants.a!.hullDamage).toBe(1)
    expect(r.state.participants.a!.rudderDamage).toBe(1)
    expect(currentStats(su, r.state, 'a').handling).toBe(3)
  })
})

describe('Brilliant Maneuver (seed 003 IV)', () => {
  const cap = (wits: number, tactics: number, strategy = 0) => ({ captain: { name: 'C', wits, tactics, strategy } })
  it('seed 003 IV Brilliant Maneuver: (Wits + Tactics)k(Wits); the winner has a free raise (+5) in the circling contest', () => {
    const su = setup([ship('a', 'corsair', 'A', cap(2, 1)), ship('b', 'merchantman', 'B', cap(2, 2))], { range: 'long' })
    const r = resolveTurn(
      su,
      startBattle(su),
      turn({ a: { tactic: 'circle', brilliantManeuver: true }, b: { tactic: 'circle', brilliantManeuver: true } }),
      faces(9, 9, 1, /* b 4k2 */ 1, 1, 1, 2, /* circling a 4 dice */ 5, 5, 5, 5, /* b 2 dice */ 9, 9)
    )
    const b = r.report.events.find((e) => e.kind === 'brilliant')!
    expect(b.rolls.map((x) => x.notation)).toEqual(['3k2', '4k2'])
    expect(b.value).toBe(0) // a (index 0) wins
    const c = r.report.events.find((e) => e.kind === 'circling')!
    expect(c.terms).toContainEqual({ label: 'Heavy Corsair a: Brilliant Maneuver raise', value: 5 })
    expect(c.text).toMatch(/25 against .* 18/)
  })
  it('seed 003 IV Brilliant Maneuver: Strategy instead of Tactics when facing more than one enemy', () => {
    const su = setup([ship('a', 'corsair', 'A', cap(2, 1, 3)), ship('b', 'merchantman', 'B'), ship('c', 'merchantman', 'B')], { range: 'long' })
    const r = resolveTurn(su, startBattle(su), turn({ a: { tactic: 'circle', brilliantManeuver: true } }), faces(5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5))
    expect(r.report.events.find((e) => e.kind === 'brilliant')!.rolls[0]!.notation).toBe('5k2')
  })
})

describe('orders (seed 003 IV)', () => {
  it('seed 003 IV damage effects: a crippled ship (rigging 0) may only Circle, at −5 Handling', () => {
    const su = duel()
    const st = withState(su, (s) => (s.participants.a!.riggingDamage = 15))
    expect(checkOrders(su, st, 'a', o({ tactic: 'evade' })).problems[0]).toMatch(/crippled/)
    expect(checkOrders(su, st, 'a', o({ tactic: 'circle' })).problems).toEqual([])
    const s = currentStats(su, st, 'a')
    expect(s.crippled).toBe(true)
    expect(s.speed).toBe(0)
    expect(s.handling).toBe(-1)
    expect(() => resolveTurn(su, st, turn({ a: { tactic: 'evade' } }), faces())).toThrow(IllegalOrders)
  })
  it('seed 003 VI LARGE BATTLES: Bear Down needs one target; Circle at most two enemies', () => {
    const su = duel()
    const st = startBattle(su)
    expect(checkOrders(su, st, 'a', o({ tactic: 'bearDown' })).problems[0]).toMatch(/needs the ship/)
    expect(checkOrders(su, st, 'a', o({ tactic: 'bearDown', target: 'a' })).problems[0]).toMatch(/herself/)
    expect(checkOrders(su, st, 'a', o({ tactic: 'bearDown', target: 'zz' })).problems[0]).toMatch(/not in this battle/)
  })
  it('IllegalOrders lists every reason before any roll (a manual DiceSource with no faces is never asked)', () => {
    const su = duel()
    const st = startBattle(su)
    try {
      resolveTurn(su, st, turn({ a: { tactic: 'bearDown' }, zz: { tactic: 'circle' } }), faces())
      expect.unreachable()
    } catch (e) {
      expect(e).toBeInstanceOf(IllegalOrders)
      expect((e as IllegalOrders).reasons.length).toBe(2)
    }
  })
  it('ships without orders get the default (Circle, no fire); NeedsDice propagates when the faces run out', () => {
    const su = duel()
    expect(() => resolveTurn(su, startBattle(su), turn({}), faces(1))).toThrow(NeedsDice)
    const r = resolveTurn(su, startBattle(su), turn({}), faces(1, 1, 1, 1, 1, 1))
    expect(r.report.orders.a!.tactic).toBe('circle')
    expect(texts(r)).toMatch(/Circling/)
  })
})
