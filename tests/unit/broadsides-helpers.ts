/** Helpers for the Broadsides & Boarding Parties duel tests (seed 001). */
import { expect } from 'vitest'
import { DiceBox } from '../../src/shared/dice/roll'
import { Rng, seedState } from '../../src/shared/dice/rng'
import { boxDice } from '../../src/shared/highseas/dice'
import { resolveStep, startBattle, prep } from '../../src/shared/broadsides/engine'
import { BroadsidesOrders, BroadsidesSetup, type BroadsidesOrdersInput, type BroadsidesSetupInput, type BroadsidesState, type ShipState } from '../../src/shared/broadsides/types'
import { capacity, inGrid, squareAt } from '../../src/shared/broadsides/ship-deck'

export function duel(more: Partial<BroadsidesSetupInput> = {}, a: Record<string, unknown> = {}, b: Record<string, unknown> = {}): BroadsidesSetup {
  return BroadsidesSetup.parse({
    name: 'Test duel',
    ships: [
      { id: 'a', name: 'Arrow', class: 'frigate', at: { x: 4, y: 8 }, heading: 2, ...a },
      { id: 'b', name: 'Bess', class: 'merchantman', at: { x: 20, y: 8 }, heading: 6, ...b }
    ],
    ...more
  })
}

/** Resolve the next step with exactly these typed faces (every one used; running out is an error). */
export function step(setup: BroadsidesSetup, st: BroadsidesState, orders: BroadsidesOrdersInput, dice: number[] = []) {
  const box = new DiceBox(new Rng(seedState(1)), dice, 'manual')
  const r = resolveStep(setup, st, BroadsidesOrders.parse(orders), boxDice(box))
  expect(box.unused(), 'every typed face is used').toBe(0)
  return r
}

export const start = (setup: BroadsidesSetup) => startBattle(setup)

export function withShip(st: BroadsidesState, id: string, patch: Partial<ShipState>): BroadsidesState {
  return { ...st, ships: { ...st.ships, [id]: { ...st.ships[id]!, ...patch } } }
}

/** Every state the engine can reach is possible: crew counts, hull tokens ≤ 2 a row, speed 0–3, squares within their room. */
export function assertPossible(setup: BroadsidesSetup, st: BroadsidesState, first: BroadsidesState) {
  const pre = prep(setup)
  for (const id of st.order) {
    const s = st.ships[id]!
    expect(s.speed).toBeGreaterThanOrEqual(0)
    expect(s.speed).toBeLessThanOrEqual(3)
    for (const side of ['port', 'starboard'] as const) for (const n of s.hull[side]) expect(n >= 0 && n <= 2).toBe(true)
    expect(s.hull.port).toHaveLength(pre.grids[id]!.rows)
    expect(s.cannon.length).toBeLessThanOrEqual(first.ships[id]!.cannon.length)
    expect(st.units.filter((u) => u.side === id).length).toBeLessThanOrEqual(first.units.filter((u) => u.side === id).length)
    expect(s.deck.length + s.played.length).toBeLessThanOrEqual(setup.rules.deck.size)
    expect(s.played.length).toBeLessThanOrEqual(setup.rules.deck.plays)
    for (const m of s.masts) expect(m.down).toBe(m.hits >= m.strength)
  }
  const seen = new Map<string, number>()
  for (const u of st.units) {
    const g = pre.grids[u.ship]!
    expect(inGrid(g, u)).toBe(true)
    const k = `${u.ship}:${u.row}:${u.col}`
    seen.set(k, (seen.get(k) ?? 0) + 1)
    const room = capacity(setup.rules.melee, squareAt(g, u).kind === 'mast' || st.ships[u.ship]!.cannon.some((c) => c.row === u.row && c.col === u.col))
    expect(seen.get(k)!, `units on ${k}`).toBeLessThanOrEqual(room)
  }
  expect(new Set(st.units.map((u) => u.id)).size).toBe(st.units.length)
}
