import { describe, expect, it } from 'vitest'
import { ram, ramKind } from '../../src/shared/atrilia/calc'
import { checkOrders, resolveStep } from '../../src/shared/atrilia/engine'
import { ATRILIA_RULES } from '../../src/shared/atrilia/tables'
import type { MoveStep } from '../../src/shared/atrilia/types'
import { advanceTo, atMove, battle, faces, galley, hex, step } from './atrilia-helpers'

const mv = (ship: string, steps: MoveStep[], through = false) => ({ phase: 'move' as const, scuttle: [], ships: [{ ship, steps, through }] })
const T = hex('F9')

describe('seed 002 §6 ramming', () => {
  it('seed 002 §6.1–6.3: through her bow an oar rake, through her stern a rudder attack, any of the four others a broadside ram', () => {
    const target = { ...T, facing: 1 }
    expect(ramKind({ attacker: step(T, 1), target })).toBe('oarRake')
    expect(ramKind({ attacker: step(T, 4), target })).toBe('rudder')
    for (const f of [2, 3, 5, 6]) expect(ramKind({ attacker: step(T, f), target })).toBe('broadside')
    expect(ramKind({ attacker: step(T, 3), target: { ...T, facing: 3 } })).toBe('oarRake')
    expect(() => ramKind({ attacker: step(T, 1, 2), target })).toThrow(/next to her target/)
  })
  it('seed 002 Ramming Table: every total of every column exactly, 8+ read at 8', () => {
    const col = (kind: 'oarRake' | 'rudder' | 'broadside') => [1, 2, 3, 4, 5, 6, 7, 8, 9].map((t) => ram({ kind, roll: t, crewQuality: 0, attackerSize: 1, targetSize: 1 }).result)
    expect(col('oarRake')).toEqual(['-', '-', '-', '-', '-', '-', 'C', 'CS', 'CS'])
    expect(col('rudder')).toEqual(['-', '-', '-', '-', '-', 'C', 'CS', 'CS', 'CS'])
    expect(col('broadside')).toEqual(['-', '-', '-', 'C', 'CSE', 'CSE', 'S', 'S', 'S'])
  })
  it('seed 002 Ramming Table procedure: die + crew quality (0 to 4), +1 for a ship larger than her target', () => {
    const r = ram({ kind: 'broadside', roll: 3, crewQuality: 2, attackerSize: 3, targetSize: 2 })
    expect(r).toEqual({ total: 6, result: 'CSE', breakdown: [{ label: 'die', value: 3 }, { label: 'crew quality', value: 2 }, { label: 'larger than the target', value: 1 }] })
    expect(ram({ kind: 'broadside', roll: 3, crewQuality: 2, attackerSize: 2, targetSize: 2 }).total).toBe(5)
    expect(ATRILIA_RULES.largerRam).toBe(1)
  })
  it('seed 002 §6.1: an oar rake continues through and stops beyond; both ships turn one hexside clockwise; both roll, simultaneously', () => {
    const setup = battle([galley('rammer', 'a', step(T, 1, 2), 4, { crewQuality: 2 }), galley('target', 'b', T, 1, { crewQuality: 2 })])
    const s = atMove(setup, 6) // 8 points: forward 2, ram 2, through 2
    const o = mv('rammer', ['forward', 'forward'], true)
    expect(checkOrders(setup, s, o)).toEqual([])
    const r = resolveStep(setup, s, o, faces(6, 5)) // rammer 6+2 = 8 CS; target 5+2 = 7 C
    const a = r.state.ships.rammer!
    const t = r.state.ships.target!
    expect(a.at).toEqual(step(T, 4))
    expect(a.facing).toBe(5)
    expect(t.facing).toBe(2)
    expect(t.crippled).toBe(true)
    expect(a.crippled).toBe(true)
    const e = r.report.events.find((x) => x.kind === 'ram')!
    expect(e.ramKind).toBe('oarRake')
    expect(e.rolls.map((x) => x.dice[0])).toEqual([6, 5])
  })
  it('seed 002 §6.1.1: with too few points to continue through she stays in the hex before', () => {
    const setup = battle([galley('rammer', 'a', step(T, 1, 2), 4), galley('target', 'b', T, 1)])
    const s = atMove(setup, 3) // 5 points: forward 2, ram 2; through would need 6
    expect(checkOrders(setup, s, mv('rammer', ['forward', 'forward'], true))[0]).toMatch(/costs 6 points but her allowance is 5/)
    const r = resolveStep(setup, s, mv('rammer', ['forward', 'forward']), faces(1, 1))
    expect(r.state.ships.rammer!.at).toEqual(step(T, 1))
    expect(r.state.ships.rammer!.facing).toBe(5)
  })
  it('seed 002 §6.2: a rudder attack: only the mover rolls; she may continue through', () => {
    const setup = battle([galley('rammer', 'a', step(T, 4), 1, { crewQuality: 3 }), galley('target', 'b', T, 1)])
    const s = atMove(setup, 3) // 6 points
    const r = resolveStep(setup, s, mv('rammer', ['forward'], true), faces(4)) // 4+3 = 7: CS
    expect(r.report.events.find((x) => x.kind === 'ram')!.ramKind).toBe('rudder')
    expect(r.state.ships.rammer!.at).toEqual(step(T, 1))
    expect(r.state.ships.target!.crippled).toBe(true)
    expect(r.state.ships.target!.facing).toBe(1)
  })
  it('seed 002 §6.3: a broadside ram ends in the hex before (no moving through); CSE commits both ships', () => {
    const setup = battle([galley('rammer', 'a', step(T, 3), 6), galley('target', 'b', T, 1)])
    const s = atMove(setup, 6)
    expect(checkOrders(setup, s, mv('rammer', ['forward'], true))[0]).toMatch(/broadside ram ends in the hex before/)
    const r = resolveStep(setup, s, mv('rammer', ['forward']), faces(3)) // 3+2 = 5: CSE
    expect(r.state.ships.rammer!.at).toEqual(step(T, 3))
    expect(r.state.ships.target!.crippled).toBe(true)
    expect(r.state.ships.rammer!.committedWith).toEqual(['target'])
    expect(r.state.ships.target!.committedWith).toEqual(['rammer'])
    // CS / CSE on a crippled ship: she starts sinking; S: a sinking marker.
    const again = resolveStep(setup, { ...s, ships: { ...s.ships, target: { ...s.ships.target!, crippled: true } } }, mv('rammer', ['forward']), faces(3)).state
    expect(again.ships.target!.sinking).toBe(true)
    const sunk = resolveStep(setup, s, mv('rammer', ['forward']), faces(6)).state // 8: S
    expect(sunk.ships.target!.sinking).toBe(true)
    expect(sunk.ships.target!.crippled).toBe(false)
  })
  it('seed 002 §6: ramming only moving forward, with a ram; a ram ends her move; backing into an enemy is refused', () => {
    const setup = battle([galley('rammer', 'a', step(T, 4), 4), galley('target', 'b', T, 1), galley('ramless', 'a', step(T, 3), 6, { ram: false })])
    const s = atMove(setup, 6)
    expect(checkOrders(setup, s, mv('rammer', ['back']))[0]).toMatch(/only ramming, moving forward/)
    expect(checkOrders(setup, s, mv('ramless', ['forward']))[0]).toMatch(/has no ram/)
    const setup2 = battle([galley('rammer', 'a', step(T, 4, 2), 1, { crewQuality: 4 }), galley('target', 'b', T, 1)])
    const s2 = atMove(setup2, 6)
    expect(checkOrders(setup2, s2, mv('rammer', ['forward', 'forward', 'forward']))[0]).toMatch(/the ram on Target ends her move/)
  })
  it('seed 002 TABLES notes "rammed ships have −1 in boardings": boarders from a ship rammed this player-turn or the last one', () => {
    const setup = battle([galley('rammer', 'a', step(T, 3), 6, { marines: 2 }), galley('target', 'b', T, 1, { marines: 2 })])
    const s = atMove(setup, 6)
    const rammed = resolveStep(setup, s, mv('rammer', ['forward']), faces(1)).state // 3: no effect
    expect(rammed.ships.target!.rammedAt).toBe(2)
    // The Meshuesh board back from the rammed ship in their turn: −1.
    const bTurn = advanceTo(setup, rammed, 'marineAttacks', 1, faces(1, 1))
    const r = resolveStep(setup, bTurn, { phase: 'marineAttacks', scuttle: [], targets: [{ target: 'rammer', attacks: [{ from: { ship: 'target' }, kind: 'board', ifEmpty: 'capture' }] }], uncommit: [] }, faces(6))
    const b = r.report.events.find((x) => x.kind === 'boarding')!
    expect(b.terms).toContainEqual({ label: 'rammed', value: -1 })
    expect(b.result).toBe('E') // 6 − 1 = 5
  })
})
