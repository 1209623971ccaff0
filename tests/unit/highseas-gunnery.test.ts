import { describe, expect, it } from 'vitest'
import { cannonTN, checkOrders, IllegalOrders, resolveTurn, startBattle } from '../../src/shared/highseas/engine'
import { HIGH_SEAS_RULES } from '../../src/shared/highseas/tables'
import { faces, o, range, setup, ship, step, turn, withState } from './highseas-helpers'

const duel = (r: 'close' | 'short' | 'medium' | 'long' = 'close', extra = {}) => setup([ship('a', 'corsair', 'A'), ship('b', 'merchantman', 'B')], { range: r, ...extra })
/** Both bear down on each other at Close: no maneuver rolls, broadsides allowed. */
const closeIn = { tactic: 'bearDown' as const }

describe('cannon TN (rules guide §2 "Cannon hit roll")', () => {
  it('rules guide §2 Cannon hit roll: 5 × Handling, +5 per step past Close, +10 rigging, −5 per Gunnery, +5 larger target', () => {
    const r = cannonTN({ attacker: { size: 1, gunnery: 2 }, target: { handling: 3, size: 3 }, range: 'long', aim: 'rigging' })
    expect(r.tn).toBe(15 + 15 + 10 - 10 + 5)
    expect(r.breakdown.map((t) => t.value)).toEqual([15, 15, 10, -10, 5])
  })
  it('rules guide §2 Cannon hit roll: −5 smaller target; negative Handling lowers the TN by 5 a level (seed 003 IV)', () => {
    expect(cannonTN({ attacker: { size: 3, gunnery: 0 }, target: { handling: -2, size: 1 }, range: 0, aim: 'hull' }).tn).toBe(-10 - 5)
  })
  it('seed 003 VI FORTS / rules guide §2 Raise: two raises at a fort, one from a fort, a brilliant raise, −15 at a melee (seed 003 V)', () => {
    const base = { attacker: { size: 2, gunnery: 0 }, target: { handling: 2, size: 2 }, range: 'close' as const, aim: 'hull' as const }
    expect(cannonTN({ ...base, fort: 'atFort' }).tn).toBe(0)
    expect(cannonTN({ ...base, fort: 'fromFort' }).tn).toBe(5)
    expect(cannonTN({ ...base, brilliant: true }).tn).toBe(5)
    expect(cannonTN({ ...base, meleeTarget: true }).tn).toBe(-5)
  })
})

describe('cannon fire (seed 003 IV CANNON FIRE)', () => {
  it('rules guide §2 Battery damage: a hit does ceil(firepower × 2k2), firepower = guns × 0.1', () => {
    const su = duel()
    // a: 8 port guns at b (Handling 2, larger): TN 10 − 5 + 5 = 10. Hit 5 + 6 = 11; 2k2 = 7 + 8 = 15 → ceil(0.8 × 15) = 12.
    const r = step(su, startBattle(su), { a: { ...closeIn, target: 'b', fire: [{ battery: 'port', target: 'b' }] }, b: { ...closeIn, target: 'a' } }, [5, 6, 7, 8])
    const hit = r.report.events.find((e) => e.kind === 'hit')!
    expect(hit.value).toBe(12)
    expect(hit.terms).toContainEqual({ label: 'damage (rounded up)', value: 12 })
    expect(r.state.participants.b!.hullDamage).toBe(12)
    expect(r.state.participants.a!.firedOnTurn.port).toBe(1)
  })
  it('rules guide §2 Battery damage: the "add" reading does ceil(2k2 + firepower) (a rule-table toggle)', () => {
    const su = duel('close', { rules: { ...HIGH_SEAS_RULES, damageReading: 'add' } })
    const r = step(su, startBattle(su), { a: { ...closeIn, target: 'b', fire: [{ battery: 'port', target: 'b' }] }, b: { ...closeIn, target: 'a' } }, [5, 6, 7, 8])
    expect(r.state.participants.b!.hullDamage).toBe(16)
  })
  it('rules guide §2 Cannon hit roll: a roll under the TN misses (no damage roll)', () => {
    const su = duel()
    const r = step(su, startBattle(su), { a: { ...closeIn, target: 'b', fire: [{ battery: 'port', target: 'b' }] }, b: { ...closeIn, target: 'a' } }, [2, 3])
    expect(r.report.events.find((e) => e.kind === 'miss')!.text).toMatch(/5 against TN 10/)
    expect(r.state.participants.b!.hullDamage).toBe(0)
  })
  it('seed 003 IV CANNON FIRE: all dice showing 1 — a gun of the battery explodes with its crew (3) and the volley misses', () => {
    const su = duel()
    const r = step(su, startBattle(su), { a: { ...closeIn, target: 'b', fire: [{ battery: 'port', target: 'b' }] }, b: { ...closeIn, target: 'a' } }, [1, 1])
    expect(r.state.participants.a!.gunsLost.port).toBe(1)
    expect(r.state.participants.a!.crew).toBe(97)
    expect(r.state.participants.b!.hullDamage).toBe(0)
  })
  it('seed 003 IV CANNON FIRE: aimed at the rigging, +10 TN and the damage goes to the rigging', () => {
    const su = duel()
    const r = step(su, startBattle(su), { a: { ...closeIn, target: 'b', fire: [{ battery: 'port', target: 'b', aim: 'rigging' }] }, b: { ...closeIn, target: 'a' } }, [10, 9, 1, 5, 5])
    expect(r.state.participants.b!.riggingDamage).toBe(8)
  })
  it('seed 003 IV CANNON FIRE: fire is simultaneous — a ship sunk this turn still fires', () => {
    const su = duel()
    const st = withState(su, (s) => (s.participants.b!.hullDamage = 35))
    const r = step(su, st, { a: { ...closeIn, target: 'b', fire: [{ battery: 'port', target: 'b' }] }, b: { ...closeIn, target: 'a', fire: [{ battery: 'port', target: 'a' }] } }, [
      5, 6, 7, 8, // a hits b: 12
      9, 9, 5, 5 // b (12 guns, TN 5×4 − 5 − 5 = 10) hits a: ceil(1.2 × 10) = 12
    ])
    expect(r.state.participants.b!.status).toBe('sinking')
    expect(r.state.participants.a!.hullDamage).toBe(12)
  })
  it('seed 003 IV CANNON FIRE: a battery reloads for a turn after firing (reported, not an error)', () => {
    const su = duel()
    const orders = { a: { ...closeIn, target: 'b', fire: [{ battery: 'port' as const, target: 'b' }] }, b: { ...closeIn, target: 'a' } }
    const r = step(su, startBattle(su), orders, [2, 3])
    expect(checkOrders(su, r.state, 'a', o({ ...closeIn, target: 'b', fire: [{ battery: 'port', target: 'b' }] })).notes[0]).toMatch(/reloading/)
    const r2 = step(su, r.state, orders, [])
    expect(r2.report.events.find((e) => e.kind === 'holdFire')!.text).toMatch(/reloading/)
    const r3 = step(su, r2.state, orders, [2, 3])
    expect(r3.report.events.find((e) => e.kind === 'miss')).toBeDefined()
  })
  it('seed 003 IV CANNON FIRE: no two batteries at the same ship; each battery once', () => {
    const su = duel()
    const st = startBattle(su)
    const p = checkOrders(su, st, 'a', o({ fire: [{ battery: 'port', target: 'b' }, { battery: 'starboard', target: 'b' }] })).problems
    expect(p[0]).toMatch(/same ship/)
    const q = checkOrders(su, st, 'a', o({ fire: [{ battery: 'port', target: 'b' }, { battery: 'port', target: 'b' }] })).problems
    expect(q.join()).toMatch(/ordered twice/)
    expect(() => resolveTurn(su, st, turn({ a: { fire: [{ battery: 'port', target: 'b' }, { battery: 'stern', target: 'b' }] } }), faces())).toThrow(IllegalOrders)
  })
  it('seed 003 IV CANNON FIRE: grapeshot only at Close; its damage is enemy crew on deck killed', () => {
    const su = duel()
    const r = step(su, startBattle(su), { a: { ...closeIn, target: 'b', fire: [{ battery: 'port', target: 'b', shot: 'grape' }] }, b: { ...closeIn, target: 'a' } }, [5, 6, 7, 8])
    expect(r.state.participants.b!.crew).toBe(160 - 12)
    expect(r.state.participants.b!.hullDamage).toBe(0)
    const su2 = duel('long')
    const r2 = step(su2, startBattle(su2), { a: { tactic: 'circle', fire: [{ battery: 'port', target: 'b', shot: 'grape' }] }, b: { tactic: 'circle' } }, [5, 5, 5, 5, 5, 5])
    expect(r2.report.events.find((e) => e.kind === 'holdFire')!.text).toMatch(/grapeshot reaches only at Close/)
  })
  it('rules guide §2 Shot and powder: each battery fired uses guns / 120 t; no powder aboard, no fire', () => {
    const su = duel()
    const r = step(su, startBattle(su), { a: { ...closeIn, target: 'b', fire: [{ battery: 'port', target: 'b' }] }, b: { ...closeIn, target: 'a' } }, [2, 3])
    expect(r.state.participants.a!.powderTons).toBeCloseTo(6 - 8 / 120, 9)
    expect(r.state.participants.a!.powderSpent).toBeCloseTo(8 / 120, 9)
    const st = withState(su, (s) => (s.participants.a!.powderTons = 0))
    const r2 = step(su, st, { a: { ...closeIn, target: 'b', fire: [{ battery: 'port', target: 'b' }] }, b: { ...closeIn, target: 'a' } }, [])
    expect(r2.report.events.find((e) => e.kind === 'holdFire')!.text).toMatch(/no powder/)
  })
  it('seed 003 IV: a battery with no guns left cannot fire', () => {
    const su = duel()
    const st = withState(su, (s) => (s.participants.a!.gunsLost.port = 8))
    const r = step(su, st, { a: { ...closeIn, target: 'b', fire: [{ battery: 'port', target: 'b' }] }, b: { ...closeIn, target: 'a' } }, [])
    expect(r.report.events.find((e) => e.kind === 'holdFire')!.text).toMatch(/no guns/)
  })
})

describe('who may fire what (seed 003 IV EVASION / BEARING DOWN / CIRCLING)', () => {
  it('seed 003 IV EVASION: an evading ship fires only her stern guns', () => {
    const su = duel('medium')
    // chase: a (evader, 4 dice) 20 vs b (3 dice) 18 → long. a's port holds; stern fires (TN 10 + 15 − 5 + 5 = 25): 1 + 2 misses.
    const r = step(su, startBattle(su), { a: { tactic: 'evade', fire: [{ battery: 'port', target: 'b' }] }, b: { tactic: 'bearDown', target: 'a' } }, [5, 5, 5, 5, 6, 6, 6])
    expect(range(r.state, 'a', 'b')).toBe(3)
    expect(r.report.events.find((e) => e.kind === 'holdFire')!.text).toMatch(/stern guns/)
    const r2 = step(su, startBattle(su), { a: { tactic: 'evade', fire: [{ battery: 'stern', target: 'b' }] }, b: { tactic: 'bearDown', target: 'a' } }, [5, 5, 5, 5, 6, 6, 6, 1, 2])
    expect(r2.report.events.find((e) => e.kind === 'miss')!.text).toMatch(/against TN 25/)
  })
  it('seed 003 IV EVASION: an evading ship may fire a broadside at a pursuer that reached Close', () => {
    const su = duel('short')
    const r = step(su, startBattle(su), { a: { tactic: 'evade', fire: [{ battery: 'port', target: 'b' }] }, b: { tactic: 'bearDown', target: 'a', fire: [{ battery: 'port', target: 'a' }] } }, [
      1, 1, 1, 1, 5, 5, 5, // b closes to Close
      2, 3, // a's port broadside: a miss
      // b bearing down at Close: broadside allowed
      2, 3
    ])
    expect(range(r.state, 'a', 'b')).toBe(0)
    expect(r.report.events.filter((e) => e.kind === 'miss').length).toBe(2)
  })
  it('seed 003 IV BEARING DOWN: a ship bearing down fires only chasers until Close', () => {
    const su = duel('long')
    const r = step(su, startBattle(su), { a: { tactic: 'bearDown', target: 'b', fire: [{ battery: 'port', target: 'b' }] }, b: { tactic: 'evade', fire: [{ battery: 'stern', target: 'a' }] } }, [
      5, 5, 5, 5, 5, 5, 5, // b 15, a 20 → medium
      1, 2 // b's stern at a: a miss
    ])
    expect(r.report.events.find((e) => e.kind === 'holdFire')!.text).toMatch(/only her chasers until Close/)
    const r2 = step(su, startBattle(su), { a: { tactic: 'bearDown', target: 'b', fire: [{ battery: 'chasers', target: 'b' }] }, b: { tactic: 'evade' } }, [5, 5, 5, 5, 5, 5, 5, 1, 2])
    expect(r2.report.events.find((e) => e.kind === 'miss')).toBeDefined()
  })
  it('seed 003 IV CIRCLING: a circling ship fires a broadside at an evading ship automatically', () => {
    const su = duel('medium')
    const r = step(su, startBattle(su), { a: { tactic: 'circle', fire: [{ battery: 'port', target: 'b' }] }, b: { tactic: 'evade', fire: [{ battery: 'port', target: 'a' }] } }, [2, 3])
    expect(r.report.events.find((e) => e.kind === 'miss')!.who).toEqual(['a', 'b'])
    expect(r.report.events.find((e) => e.kind === 'holdFire')!.who).toEqual(['b', 'a'])
  })
  it('seed 003 IV CIRCLING: the circler rolling higher fires without suffering a broadside; otherwise both fire', () => {
    const su = duel('long')
    const orders = { a: { tactic: 'bearDown' as const, target: 'b', fire: [{ battery: 'port' as const, target: 'b' }] }, b: { tactic: 'circle' as const, fire: [{ battery: 'port' as const, target: 'a' }] } }
    // circling: a 4 dice = 4, b 2 dice = 18 → b wins: a holds, b fires (miss 1 + 2).
    const r = step(su, startBattle(su), orders, [1, 1, 1, 1, 9, 9, 1, 2])
    expect(r.report.events.find((e) => e.kind === 'holdFire')!.who).toEqual(['a', 'b'])
    // a 20, b 18: both fire (misses).
    const r2 = step(su, startBattle(su), orders, [5, 5, 5, 5, 9, 9, 1, 2, 1, 2])
    expect(r2.report.events.filter((e) => e.kind === 'miss').length).toBe(2)
  })
  it('seed 003 IV CIRCLING: circling each other, the winner by 20+ fires a broadside and the loser only chasers or stern guns', () => {
    const su = duel('long')
    const orders = { a: { tactic: 'circle' as const, fire: [{ battery: 'port' as const, target: 'b' }] }, b: { tactic: 'circle' as const, fire: [{ battery: 'port' as const, target: 'a' }] } }
    const r = step(su, startBattle(su), orders, [9, 9, 9, 9, 1, 1, 1, 2])
    expect(r.report.events.find((e) => e.kind === 'holdFire')!.text).toMatch(/chasers or stern guns only/)
    const r2 = step(su, startBattle(su), { ...orders, b: { tactic: 'circle', fire: [{ battery: 'stern', target: 'a' }] } }, [9, 9, 9, 9, 1, 1, 1, 2, 1, 2])
    expect(r2.report.events.filter((e) => e.kind === 'miss').length).toBe(2)
  })
  it('seed 003 VI LARGE BATTLES: a ship holding relative to another fires at her only at Close', () => {
    const su = setup([ship('a', 'corsair', 'A'), ship('b', 'merchantman', 'B'), ship('c', 'merchantman', 'B')], { range: 'long' })
    const r = step(su, startBattle(su), { a: { tactic: 'circle', circleAgainst: ['b'], fire: [{ battery: 'port', target: 'c' }] }, b: { tactic: 'circle', circleAgainst: ['a'] }, c: { tactic: 'circle', circleAgainst: ['a'] } }, [
      5, 5, 5, 5, 5, 5, // a-b circling
      5, 5, 5, 5, 5, 5 // a-c: c circles a, a holds — no contest, so these are spare
    ].slice(0, 6))
    expect(r.report.events.find((e) => e.kind === 'holdFire')!.text).toMatch(/broadsides only at Close/)
  })
})
