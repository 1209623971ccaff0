import { describe, expect, it } from 'vitest'
import { currentStats, resolveTurn, startBattle } from '../../src/shared/highseas/engine'
import { faces, setup, ship, step, turn, withState } from './highseas-helpers'

const duel = () => setup([ship('a', 'corsair', 'A'), ship('b', 'merchantman', 'B')], { range: 'close' })
const bd = (target: string, fire: { battery: 'port' | 'starboard' | 'chasers' | 'stern'; target: string; aim?: 'hull' | 'rigging' }[] = []) => ({ tactic: 'bearDown' as const, target, fire })
/** a hits b with her 8-gun port battery for ceil(0.8 × 2k2). */
const hitB = (st: ReturnType<typeof startBattle>, d2: number[], aim: 'hull' | 'rigging' = 'hull') =>
  step(duel(), st, { a: bd('b', [{ battery: 'port', target: 'b', aim }]), b: bd('a') }, aim === 'hull' ? [9, 9, ...d2] : [10, 9, 1, ...d2])

describe('damage effects (seed 003 IV)', () => {
  it('seed 003 IV damage: every 10 points of hull damage destroys a gun and its crew (cumulative thresholds)', () => {
    const su = duel()
    const st = withState(su, (s) => (s.participants.b!.hullDamage = 8))
    const r = hitB(st, [3, 3]) // ceil(0.8 × 6) = 5 → 13: one threshold crossed
    expect(r.state.participants.b!.hullDamage).toBe(13)
    expect(r.state.participants.b!.gunsLost).toEqual({ port: 1, starboard: 0, chasers: 0, stern: 0 })
    expect(r.state.participants.b!.crew).toBe(157)
  })
  it('seed 003 IV damage: guns are lost from the battery with most guns left (ties: port, starboard, chasers, stern)', () => {
    const su = duel()
    const st = withState(su, (s) => (s.participants.b!.gunsLost.port = 1))
    const r = hitB(st, [10, 5, 10, 10, 5]) // 2k2 = 15 + 25 = 40 → 32: three guns
    expect(r.state.participants.b!.hullDamage).toBe(32)
    // starboard 12 > port 11: starboard, then port/starboard tie at 11 → port, then starboard.
    expect(r.state.participants.b!.gunsLost).toEqual({ port: 2, starboard: 2, chasers: 0, stern: 0 })
  })
  it('seed 003 IV damage: hull damage over half costs a point of Handling and the ship takes water', () => {
    const su = duel()
    const r = hitB(startBattle(su), [10, 10, 6, 1]) // 16 + 10 = 26 → ceil(20.8) = 21 > 20
    const s = currentStats(su, r.state, 'b')
    expect(s.takingWater).toBe(true)
    expect(s.handling).toBe(1)
    expect(r.report.events.some((e) => e.kind === 'takingWater')).toBe(true)
  })
  it('seed 003 IV damage: at 0 Hull the ship sinks — the crew has two turns to get away', () => {
    const su = duel()
    const st = withState(su, (s) => (s.participants.b!.hullDamage = 35))
    const r = hitB(st, [5, 5])
    expect(r.state.participants.b!.status).toBe('sinking')
    expect(r.state.participants.b!.sinkingIn).toBe(2)
    expect(r.state.outcome).toBe('ongoing') // a sinking ship still counts until she is gone
    const r2 = resolveTurn(su, r.state, turn({ a: { tactic: 'circle' } }), faces())
    expect(r2.state.participants.b!.status).toBe('sinking')
    expect(r2.state.participants.b!.sinkingIn).toBe(1)
    const r3 = resolveTurn(su, r2.state, turn({ a: { tactic: 'circle' } }), faces())
    expect(r3.state.participants.b!.status).toBe('sunk')
    expect(r3.state.outcome).toBe('decided')
    expect(r3.state.winner).toBe('A')
  })
  it('seed 003 IV damage: every 5 points of rigging damage kills a crewman on sail duty', () => {
    const su = duel()
    const r = hitB(startBattle(su), [7, 6], 'rigging') // ceil(0.8 × 13) = 11 → two sail crew
    expect(r.state.participants.b!.riggingDamage).toBe(11)
    expect(r.state.participants.b!.crew).toBe(158)
  })
  it('seed 003 IV damage: rigging over half halves Speed (round down, min 1); rigging 0 cripples', () => {
    const su = duel()
    const st = withState(su, (s) => (s.participants.b!.riggingDamage = 13))
    expect(currentStats(su, st, 'b').speed).toBe(1)
    expect(currentStats(su, st, 'b').halfRigging).toBe(true)
    const r = hitB(st, [10, 10, 5, 1], 'rigging') // 15 + 10 = 25 → 20 → rigging 25 of 25: crippled
    expect(currentStats(su, r.state, 'b').crippled).toBe(true)
    expect(currentStats(su, r.state, 'b').speed).toBe(0)
    expect(r.report.events.some((e) => e.kind === 'crippled')).toBe(true)
  })
})

describe('heroic action: light the magazine (seed 003 VI)', () => {
  it('seed 003 VI Light the Ship’s Powder Magazine: 2k2 hull per ton aboard, 1k1 to every ship grappled to her', () => {
    const su = duel()
    const st = withState(su, (s) => {
      s.participants.b!.powderTons = 2
      s.participants.a!.grappledWith = ['b']
      s.participants.b!.grappledWith = ['a']
      s.participants.a!.meleeWith = ['b']
      s.participants.b!.meleeWith = ['a']
    })
    const r = resolveTurn(
      su,
      st,
      turn({ a: { tactic: 'circle' }, b: { tactic: 'circle' } }, { heroic: [{ participant: 'b', hero: 'Jean', action: 'lightMagazine' }] }),
      faces(
        /* melee: a 2 squads? a corsair merchant crew 100: 25 fighters → 4 squads; b 160 → 40 → 6 */ 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
        /* magazine: two 2k2 */ 9, 9, 5, 5,
        /* 1k1 to a */ 4
      )
    )
    expect(r.state.participants.b!.hullDamage).toBe(28)
    expect(r.state.participants.b!.powderTons).toBe(0)
    expect(r.state.participants.a!.hullDamage).toBe(4)
    expect(r.state.heroic).toHaveLength(1)
  })
})
