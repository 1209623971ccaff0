import { describe, expect, it } from 'vitest'
import { checkOrders, controller, prep, resolveStep } from '../../src/shared/atrilia/engine'
import type { AtriliaState, MarineMove } from '../../src/shared/atrilia/types'
import { advanceTo, atMove, battle, faces, galley, hex, step } from './atrilia-helpers'

const moves = (...m: MarineMove[]) => ({ phase: 'marines' as const, scuttle: [], moves: m })
const P = (ship: string) => ({ ship })
const L = (h: { q: number; r: number }) => ({ hex: h })
const X = hex('F9')

describe('seed 002 §7 marine movement', () => {
  const setup = battle(
    [
      galley('large', 'a', X, 1, { size: 2, marines: 2 }),
      galley('small', 'a', step(X, 3), 1, { size: 1, type: 'liburnianGalley', marines: 0 }),
      galley('enemy', 'b', step(X, 6), 1, { size: 2, marines: 0 }),
      galley('far', 'a', step(X, 1, 3), 1, { marines: 1 })
    ],
    { land: [step(X, 4), step(X, 4, 2)] }
  )
  const start = advanceTo(setup, atMove(setup, 1), 'marines')

  it('seed 002 §7.1–7.3: points split and combine; each moves 1 hex onto a friendly ship or land, never an enemy ship or open sea', () => {
    expect(checkOrders(setup, start, moves({ from: P('large'), to: P('small'), points: 1, wizards: false }))).toEqual([])
    expect(checkOrders(setup, start, moves({ from: P('large'), to: L(step(X, 4)), points: 2, wizards: false }))).toEqual([])
    expect(checkOrders(setup, start, moves({ from: P('large'), to: P('enemy'), points: 1, wizards: false }))[0]).toMatch(/may not move onto an enemy ship, even one with no marines/)
    expect(checkOrders(setup, start, moves({ from: P('large'), to: L(step(X, 2)), points: 1, wizards: false }))[0]).toMatch(/open sea/)
    expect(checkOrders(setup, start, moves({ from: P('large'), to: P('far'), points: 1, wizards: false }))[0]).toMatch(/is not next to/)
    // 1 hex a turn: a point that arrived may not move on.
    expect(checkOrders(setup, start, moves({ from: P('large'), to: L(step(X, 4)), points: 1, wizards: false }, { from: L(step(X, 4)), to: L(step(X, 4, 2)), points: 1, wizards: false }))[0]).toMatch(/may still move/)
    const s = resolveStep(setup, start, moves({ from: P('large'), to: P('small'), points: 1, wizards: false }), faces()).state
    expect([s.ships.large!.marines, s.ships.small!.marines, s.ships.small!.marineSide]).toEqual([1, 1, 'a'])
  })
  it('seed 002 §7.4: at the end of the turn a small ship holds 1 point, a large one 2, land any number', () => {
    const three = { ...start, ships: { ...start.ships, small: { ...start.ships.small!, marines: 1, marineSide: 'a' } } }
    expect(checkOrders(setup, three, moves({ from: P('large'), to: P('small'), points: 1, wizards: false }))[0]).toMatch(/Small would end the turn with 2 points of marines; a size 1 ship holds at most 1 point/)
    const onLand: AtriliaState = { ...start, land: [{ side: 'a', at: step(X, 4), points: 5, volley: 0 }] }
    expect(checkOrders(setup, onLand, moves({ from: P('large'), to: L(step(X, 4)), points: 2, wizards: false }))).toEqual([])
    expect(checkOrders(setup, onLand, moves({ from: L(step(X, 4)), to: P('large'), points: 1, wizards: false }))[0]).toMatch(/Large would end the turn with 3 points/)
  })
  it('seed 002 §7.5: a marine scuttles the ship it is on at any point of the turn, before she moves', () => {
    const s = atMove(setup, 6)
    const o = { phase: 'move' as const, scuttle: ['large'], ships: [{ ship: 'large', steps: ['forward' as const], through: false }] }
    expect(checkOrders(setup, s, o)[0]).toMatch(/Large is sinking and may not move/)
    const r = resolveStep(setup, s, { ...o, ships: [] }, faces())
    expect(r.state.ships.large!.sinking).toBe(true)
    expect(checkOrders(setup, s, { phase: 'move', scuttle: ['small'], ships: [] })[0]).toMatch(/none of your marines aboard/)
    expect(checkOrders(setup, s, { phase: 'move', scuttle: ['enemy'], ships: [] })[0]).toMatch(/none of your marines aboard/)
  })
  it('seed 002 §7.6 example: a 2 point marine splits, one stays, one joins a captured small ship whose marine goes ashore: she is never abandoned', () => {
    const s2 = battle(
      [galley('large', 'a', X, 1, { size: 2, marines: 2 }), galley('prize', 'b', step(X, 3), 1, { size: 1, type: 'liburnianGalley', crippled: true }), galley('foe', 'b', hex('A18'), 1)],
      { land: [step(X, 3, 2)] }
    )
    const base = advanceTo(s2, atMove(s2, 1), 'marines')
    const captured: AtriliaState = { ...base, ships: { ...base.ships, prize: { ...base.ships.prize!, marines: 1, marineSide: 'a' } } }
    const pre = prep(s2)
    expect(controller(pre, captured.ships.prize!)).toBe('a')
    const arriveFirst = moves({ from: P('large'), to: P('prize'), points: 1, wizards: false }, { from: P('prize'), to: L(step(X, 3, 2)), points: 1, wizards: false })
    expect(checkOrders(s2, captured, arriveFirst)).toEqual([])
    const after = resolveStep(s2, captured, arriveFirst, faces()).state
    expect([after.ships.large!.marines, after.ships.prize!.marines, after.land]).toEqual([1, 1, [{ side: 'a', at: step(X, 3, 2), points: 1, volley: 0 }]])
    expect(controller(pre, after.ships.prize!)).toBe('a')
    // Leaving first abandons her: she goes back to her nation, and no marine may then move onto her.
    const leaveFirst = moves({ from: P('prize'), to: L(step(X, 3, 2)), points: 1, wizards: false }, { from: P('large'), to: P('prize'), points: 1, wizards: false })
    expect(checkOrders(s2, captured, leaveFirst)[0]).toMatch(/may not move onto an enemy ship/)
  })
})
