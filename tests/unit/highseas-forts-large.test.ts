import { describe, expect, it } from 'vitest'
import { resolveTurn, startBattle } from '../../src/shared/highseas/engine'
import { ParticipantSetup } from '../../src/shared/highseas/types'
import { faces, fort, range, setup, ship, step, turn, withState } from './highseas-helpers'

const town = (id: string, side: string) =>
  ParticipantSetup.parse({
    id,
    name: `Town ${id}`,
    side,
    kind: 'town',
    hullPoints: 200,
    riggingPoints: 0,
    speed: 0,
    handling: 0,
    size: 10,
    threatRating: 2,
    guns: { port: 2, starboard: 0, chasers: 0, stern: 0 },
    crew: 6,
    powderTons: 20
  })

describe('forts (seed 003 VI FORTS)', () => {
  it('seed 003 VI FORTS: a fort fires its full battery every turn (no reload) with one free raise', () => {
    const su = setup([fort('f', 'F'), ship('a', 'corsair', 'A')], { range: 'medium' })
    const orders = { f: { fire: [{ battery: 'port' as const, target: 'a' }] }, a: { tactic: 'circle' as const } }
    // TN: 5 × 4 + 10 (Medium) − 5 (Gunnery 1) − 5 (smaller) − 5 (one raise) = 15.
    const r = step(su, startBattle(su), orders, [1, 2])
    expect(r.report.events.find((e) => e.kind === 'miss')!.text).toMatch(/TN 15/)
    const r2 = step(su, r.state, orders, [1, 2])
    expect(r2.report.events.find((e) => e.kind === 'miss')).toBeDefined()
  })
  it('seed 003 VI FORTS: shots at a fort get two free raises; at 0 Structure it is destroyed', () => {
    const su = setup([fort('f', 'F'), ship('a', 'corsair', 'A')], { range: 'medium' })
    const st = withState(su, (s) => (s.participants.f!.hullDamage = 55))
    // TN: 0 + 10 − 5 + 5 (larger) − 10 (two raises) = 0.
    const r = step(su, st, { a: { tactic: 'circle', fire: [{ battery: 'port', target: 'f' }] } }, [1, 2, 5, 5])
    // A TN of 1 or less is met by any roll: the log says so (issue 16 point 14: never "TN 0" or "TN -5").
    expect(r.report.events.find((e) => e.kind === 'hit')!.text).toMatch(/: any roll hits\)/)
    expect(r.state.participants.f!.status).toBe('destroyed')
    expect(r.state.winner).toBe('A')
  })
  it('seed 003 VI FORTS: only shallow-draft ships come within Short or Close of a fort', () => {
    const su = setup([fort('f', 'F'), ship('a', 'corsair', 'A'), ship('m', 'merchantman', 'A')], { range: 'medium' })
    const r = step(su, startBattle(su), { a: { tactic: 'bearDown', target: 'f' }, m: { tactic: 'bearDown', target: 'f' } }, [])
    expect(range(r.state, 'a', 'f')).toBe(1)
    expect(range(r.state, 'm', 'f')).toBe(2)
    // Starting closer is clamped as well.
    expect(range(startBattle(setup([fort('f', 'F'), ship('m', 'merchantman', 'A')], { range: 'close' })), 'f', 'm')).toBe(2)
  })
  it('seed 003 VI FORTS: a ship at Close may board a fort without grappling; the whole garrison fights', () => {
    const su = setup([fort('f', 'F'), ship('a', 'corsair', 'A', { crewKind: 'pirate' })], { range: 'close' })
    const r = step(su, startBattle(su), { a: { tactic: 'circle', board: 'f' } }, [
      ...Array(16).fill(9), // a: 100 pirates = 16 squads, all kill
      ...Array(6).fill(1) // f: 40 garrison = 6 squads
    ])
    expect(r.report.events.find((e) => e.kind === 'board')!.text).toMatch(/16 Brute Squads .* against 6/)
    expect(r.state.participants.f!.status).toBe('struck')
    expect(r.state.participants.f!.capturedBy).toBe('A')
  })
})

describe('bombardment (seed 003 VI BOMBARDMENTS)', () => {
  it('seed 003 VI BOMBARDMENTS: shots at a town always hit; after 200 points it surrenders', () => {
    const su = setup([town('t', 'T'), ship('a', 'largeWarship', 'A')], { range: 'short' })
    const st = withState(su, (s) => (s.participants.t!.bombardment = 190))
    const r = step(su, st, { a: { tactic: 'circle', fire: [{ battery: 'port', target: 't' }] } }, [5, 5])
    const hit = r.report.events.find((e) => e.kind === 'hit')!
    expect(hit.rolls.map((x) => x.notation)).toEqual(['2k2']) // no hit roll
    expect(r.state.participants.t!.bombardment).toBe(210)
    expect(r.state.participants.t!.status).toBe('surrendered')
    expect(r.state.participants.t!.capturedBy).toBe('A')
  })
  it('seed 003 VI BOMBARDMENTS: the town’s guns fire back as at Medium range', () => {
    const su = setup([town('t', 'T'), ship('a', 'largeWarship', 'A')], { range: 'close' })
    // 5 × 2 + 10 (as at Medium) − 5 (Gunnery) − 5 (smaller) = 10.
    const r = step(su, startBattle(su), { t: { fire: [{ battery: 'port', target: 'a' }] }, a: { tactic: 'circle' } }, [1, 2])
    expect(r.report.events.find((e) => e.kind === 'miss')!.text).toMatch(/TN 10/)
  })
})

describe('large battles (seed 003 VI LARGE BATTLES)', () => {
  it('seed 003 VI LARGE BATTLES 2: Circle against at most two — by default the nearest two enemies', () => {
    const su = setup([ship('a', 'corsair', 'A'), ship('b', 'merchantman', 'B'), ship('c', 'merchantman', 'B'), ship('d', 'merchantman', 'B')], {
      range: 'far',
      ranges: { 'a|b': 'short', 'a|c': 'long', 'a|d': 'far' }
    })
    const r = step(su, startBattle(su), { a: { tactic: 'circle', fire: [{ battery: 'port', target: 'c' }, { battery: 'starboard', target: 'd' }] }, b: { tactic: 'evade' }, c: { tactic: 'evade' }, d: { tactic: 'evade' } }, [1, 2])
    expect(r.report.events.find((e) => e.kind === 'miss')!.who).toEqual(['a', 'c'])
    expect(r.report.events.find((e) => e.kind === 'holdFire')!.who).toEqual(['a', 'd'])
  })
  it('seed 003 VI LARGE BATTLES 3: a ship ordered to catch up returns to sighting range of one out of sight, through a ship that sees both', () => {
    const su = setup([ship('a', 'merchantman', 'A'), ship('b', 'merchantman', 'B'), ship('c', 'merchantman', 'A')], {
      range: 'extreme',
      ranges: { 'a|c': 'close' }
    })
    const st = withState(su, (s) => (s.ranges['a|b'] = 6))
    // The catch-up is her choice (an order), never automatic.
    const none = resolveTurn(su, st, turn({}), faces(5, 5, 5, 5))
    expect(range(none.state, 'a', 'b')).toBe(6)
    const r = resolveTurn(su, st, turn({ a: { catchUp: 'b' } }), faces(5, 5, 5, 5))
    expect(range(r.state, 'a', 'b')).toBe(5)
    expect(r.state.participants.a!.status).toBe('active')
    expect(r.report.events.some((e) => e.kind === 'catchUp')).toBe(true)
  })
  it('seed 003 VI LARGE BATTLES: the battle is decided when the ships still fighting are all of one side', () => {
    const su = setup([ship('a', 'corsair', 'A'), ship('b', 'merchantman', 'B'), ship('c', 'merchantman', 'B')], { range: 'long' })
    const r = step(su, startBattle(su), { a: { tactic: 'circle', strike: true }, b: { tactic: 'circle' }, c: { tactic: 'circle' } }, [])
    expect(r.state.outcome).toBe('decided')
    expect(r.state.winner).toBe('B')
  })
})
