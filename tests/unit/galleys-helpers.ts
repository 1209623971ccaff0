/** Helpers for the Galleys & Galleons table tests (seed 000). */
import { DiceBox } from '../../src/shared/dice/roll'
import { Rng, seedState } from '../../src/shared/dice/rng'
import { boxDice, type DiceSource } from '../../src/shared/highseas/dice'
import { expect } from 'vitest'
import { hullPoints, prep, resolveStep, startBattle } from '../../src/shared/galleys/engine'
import { GalleysSetup, type ActionInput, type GalleysSetupInput, type GalleysState, type ShipSetupInput } from '../../src/shared/galleys/types'
import { GalleysOrders } from '../../src/shared/galleys/types'

/** Dice typed by hand, in order; running out is NeedsDice. */
export function faces(...f: number[]): DiceSource {
  return boxDice(new DiceBox(new Rng(seedState(1)), f, 'manual'))
}

export function ship(id: string, player: 'a' | 'b', x: number, y: number, more: Partial<ShipSetupInput> = {}): ShipSetupInput {
  return { id, name: id.charAt(0).toUpperCase() + id.slice(1), player, points: 30, quality: 3, combat: 3, at: { x, y }, facing: 0, ...more }
}

export function battle(ships: ShipSetupInput[], more: Partial<GalleysSetupInput> = {}): GalleysSetup {
  return GalleysSetup.parse({
    name: 'Test',
    players: [
      { id: 'a', name: 'Royalists' },
      { id: 'b', name: 'Parliament' }
    ],
    ships,
    wind: { direction: 8, marker: null },
    ...more
  })
}

/** Play the next player's turn with these actions and exactly these faces (every one must be used). */
export function turn(setup: GalleysSetup, state: GalleysState, actions: ActionInput[], dice: number[], order: string[] | null = null) {
  const box = new DiceBox(new Rng(seedState(1)), dice, 'manual')
  const r = resolveStep(setup, state, GalleysOrders.parse({ order, actions }), boxDice(box))
  expect(box.unused(), 'every typed face is used').toBe(0)
  return r
}

/** A state with some of her fields set (for a procedure's starting point). */
export function withShip(state: GalleysState, id: string, patch: Partial<GalleysState['ships'][string]>): GalleysState {
  return { ...state, ships: { ...state.ships, [id]: { ...state.ships[id]!, ...patch, criticals: { ...state.ships[id]!.criticals, ...(patch.criticals ?? {}) } } } }
}

export const start = (setup: GalleysSetup) => startBattle(setup)

/** Every state the engine can reach is possible: counts in range, no ship both out and grappled. */
export function assertPossible(setup: GalleysSetup, st: GalleysState) {
  const pre = prep(setup)
  for (const id of pre.ids) {
    const s = st.ships[id]!
    const def = pre.ships.get(id)!
    expect(s.hits).toBeGreaterThanOrEqual(0)
    expect(s.hits).toBeLessThanOrEqual(hullPoints(def))
    expect(s.criticals.rudder).toBeLessThanOrEqual(3)
    expect(s.criticals.fires).toBeGreaterThanOrEqual(0)
    expect(s.criticals.captain).toBeGreaterThanOrEqual(0)
    expect(s.quality).toBeGreaterThanOrEqual(def.quality)
    expect(['afloat', 'struck', 'sunk', 'exploded', 'crashed', 'exited']).toContain(s.status)
    expect(Number.isFinite(s.at.x) && Number.isFinite(s.at.y)).toBe(true)
    expect(s.facing).toBeGreaterThanOrEqual(0)
    expect(s.facing).toBeLessThan(360)
  }
  for (const [a, b] of st.grapples) {
    expect(a).not.toBe(b)
    for (const id of [a, b]) expect(['afloat', 'struck']).toContain(st.ships[id]!.status)
  }
  expect(st.wind.direction).toBeGreaterThanOrEqual(0)
  expect(st.wind.direction).toBeLessThan(setup.rules.table.gaugePoints)
}
