import { describe, expect, it } from 'vitest'
import { movement, pathCost } from '../../src/shared/atrilia/calc'
import { checkOrders, IllegalOrders, resolveStep } from '../../src/shared/atrilia/engine'
import { label } from '../../src/shared/atrilia/hex'
import type { MoveStep } from '../../src/shared/atrilia/types'
import { atMove, battle, faces, galley, hex, step } from './atrilia-helpers'

const mv = (ship: string, steps: MoveStep[], through = false) => ({ phase: 'move' as const, scuttle: [], ships: [{ ship, steps, through }] })

describe('seed 002 §5 movement', () => {
  it('seed 002 §5.1–5.3: allowance = the die + crew quality; crippled counts quality 0; sinking may not move', () => {
    expect(movement({ crewQuality: 4, roll: 3 })).toEqual({ allowance: 7, breakdown: [{ label: 'movement roll', value: 3 }, { label: 'crew quality', value: 4 }] })
    expect(movement({ crewQuality: 4, roll: 3, crippled: true }).allowance).toBe(3)
    expect(movement({ crewQuality: 4, roll: 6, sinking: true }).allowance).toBe(0)
  })
  it('seed 002 §5.4–5.6: forward 2, back 3, one hexside 5', () => {
    expect(pathCost({ steps: ['forward'] }).cost).toBe(2)
    expect(pathCost({ steps: ['back'] }).cost).toBe(3)
    expect(pathCost({ steps: ['port'] }).cost).toBe(5)
    expect(pathCost({ steps: ['starboard', 'forward', 'forward'] }).cost).toBe(9)
  })
  it('seed 002 §5.13 example: quality 4 rolls 3 (7 points): ahead 3, back 2, or turn 1 and move 1; crippled: forward 1 or back 1', () => {
    expect(movement({ crewQuality: 4, roll: 3 }).allowance).toBe(7)
    const setup = battle([
      galley('elite', 'a', hex('F9'), 1, { crewQuality: 4 }),
      galley('cripple', 'a', hex('B9'), 1, { crewQuality: 4, crippled: true }),
      galley('foe', 'b', hex('J18'), 1)
    ])
    const s = atMove(setup, 3)
    const ok = (ship: string, steps: MoveStep[]) => expect(checkOrders(setup, s, mv(ship, steps))).toEqual([])
    const no = (ship: string, steps: MoveStep[]) => expect(checkOrders(setup, s, mv(ship, steps))[0]).toMatch(/allowance is/)
    ok('elite', ['forward', 'forward', 'forward'])
    no('elite', ['forward', 'forward', 'forward', 'forward'])
    ok('elite', ['back', 'back'])
    no('elite', ['back', 'back', 'back'])
    ok('elite', ['starboard', 'forward'])
    no('elite', ['starboard', 'forward', 'forward'])
    ok('cripple', ['forward'])
    no('cripple', ['forward', 'forward'])
    ok('cripple', ['back'])
    const after = resolveStep(setup, s, mv('elite', ['forward', 'forward', 'forward']), faces()).state
    expect(label(after.ships.elite!.at)).toBe('F6')
    const turned = resolveStep(setup, s, mv('elite', ['starboard', 'forward']), faces()).state
    expect(turned.ships.elite!.facing).toBe(2)
    expect(turned.ships.elite!.at).toEqual(step(hex('F9'), 2))
  })
  it('seed 002 §5.7: the allowance is a maximum: less, or no move at all, is legal', () => {
    const setup = battle([galley('x', 'a', hex('F9'), 1), galley('y', 'b', hex('J18'), 1)])
    const s = atMove(setup, 6)
    expect(checkOrders(setup, s, mv('x', ['forward']))).toEqual([])
    expect(checkOrders(setup, s, { phase: 'move', scuttle: [], ships: [] })).toEqual([])
    expect(resolveStep(setup, s, { phase: 'move', scuttle: [], ships: [] }, faces()).state.ships.x!.at).toEqual(hex('F9'))
  })
  it('seed 002 §5.3 and §5.8: a sinking ship and a committed ship may not move', () => {
    const setup = battle([galley('x', 'a', hex('F9'), 1), galley('y', 'b', hex('J18'), 1)])
    const s = atMove(setup, 6)
    const sinking = { ...s, ships: { ...s.ships, x: { ...s.ships.x!, sinking: true } } }
    expect(checkOrders(setup, sinking, mv('x', ['forward']))[0]).toMatch(/sinking and may not move/)
    const committed = { ...s, ships: { ...s.ships, x: { ...s.ships.x!, committedWith: ['y'] } } }
    expect(checkOrders(setup, committed, mv('x', ['forward']))[0]).toMatch(/committed and cannot move/)
  })
  it('seed 002 §5.10: ships may not enter land hexes', () => {
    const setup = battle([galley('x', 'a', hex('F9'), 1), galley('y', 'b', hex('J18'), 1)], { land: [hex('F8')] })
    const s = atMove(setup, 6)
    expect(checkOrders(setup, s, mv('x', ['forward']))[0]).toMatch(/would enter land at F8/)
    expect(() => resolveStep(setup, s, mv('x', ['forward']), faces())).toThrow(IllegalOrders)
  })
  it('seed 002 §5.11: a ship leaving the map is lost to this encounter (and counted by the edge she left by)', () => {
    const setup = battle([galley('x', 'a', hex('F2'), 1, { marines: 2 }), galley('y', 'b', hex('J18'), 1)])
    const s = atMove(setup, 6)
    expect(checkOrders(setup, s, mv('x', ['forward', 'forward', 'forward']))[0]).toMatch(/leaves the map; leaving must be her last step/)
    const after = resolveStep(setup, s, mv('x', ['forward', 'forward']), faces()).state
    expect(after.ships.x!.status).toBe('exited')
    expect(after.ships.x!.exitedBy).toBe('north')
    expect(after.outcome?.reason).toMatch(/no ship of the Pheacians is left on the map/)
  })
  it('seed 002 §5.11: the outcome reads right for a side named after one ship ("no ship of the Meshuesh large galley is left", not "have")', () => {
    const sides = [
      { id: 'a', name: 'Meshuesh large galley', nation: 'meshuesh' as const },
      { id: 'b', name: 'Pheacians', nation: 'pheacian' as const }
    ]
    const setup = battle([galley('x', 'a', hex('F2'), 1), galley('y', 'b', hex('J18'), 1)], { sides })
    const after = resolveStep(setup, atMove(setup, 6), mv('x', ['forward', 'forward']), faces()).state
    expect(after.outcome).toEqual({ winner: 'b', reason: 'no ship of the Meshuesh large galley is left on the map' })
  })
  it('seed 002 §5.12: a ship passes through friends but may not end her move in a hex with another ship', () => {
    const setup = battle([galley('x', 'a', hex('F9'), 1), galley('friend', 'a', hex('F8'), 1), galley('y', 'b', hex('J18'), 1)])
    const s = atMove(setup, 6)
    expect(checkOrders(setup, s, mv('x', ['forward']))[0]).toMatch(/would end her move in F8 with Friend/)
    const after = resolveStep(setup, s, mv('x', ['forward', 'forward']), faces()).state
    expect(label(after.ships.x!.at)).toBe('F7')
    // Moved one by one: once the friend has moved off, her old hex is free.
    const both = { phase: 'move' as const, scuttle: [], ships: [{ ship: 'friend', steps: ['forward' as const], through: false }, { ship: 'x', steps: ['forward' as const], through: false }] }
    expect(checkOrders(setup, s, both)).toEqual([])
  })
  it('seed 002 §4 and §3.3: the first listed player rolls and moves first; the opponent then does likewise', () => {
    const setup = battle([galley('x', 'a', hex('F9'), 1), galley('y', 'b', hex('J17'), 1)])
    const s = atMove(setup, 4)
    expect(s.player).toBe(0)
    expect(s.phase).toBe('move')
    expect(checkOrders(setup, s, mv('y', ['forward']))[0]).toMatch(/not yours to move/)
  })
})
