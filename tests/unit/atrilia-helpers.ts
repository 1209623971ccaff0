/** Helpers for the Atrilian hex battle tests (seed 002). */
import { DiceBox } from '../../src/shared/dice/roll'
import { Rng, seedState } from '../../src/shared/dice/rng'
import { boxDice, type DiceSource } from '../../src/shared/highseas/dice'
import { resolveStep, startBattle } from '../../src/shared/atrilia/engine'
import { emptyOrders } from '../../src/shared/atrilia/ruleset'
import { neighbour, parseLabel, type Hex } from '../../src/shared/atrilia/hex'
import { AtriliaSetup, type AtriliaOrders, type AtriliaSetupInput, type AtriliaState, type Phase, type ShipSetupInput } from '../../src/shared/atrilia/types'

/** Dice typed by hand, in order; running out is NeedsDice. */
export function faces(...f: number[]): DiceSource {
  return boxDice(new DiceBox(new Rng(seedState(1)), f, 'manual'))
}
export const hex = (l: string): Hex => parseLabel(l)!
/** The hex `n` steps from `h` in direction `facing`. */
export function step(h: Hex, facing: number, n = 1): Hex {
  let x = h
  for (let i = 0; i < n; i++) x = neighbour(x, facing)
  return x
}

export function galley(id: string, side: 'a' | 'b', at: Hex, facing: number, more: Partial<ShipSetupInput> = {}): ShipSetupInput {
  return { id, name: id.charAt(0).toUpperCase() + id.slice(1), side, type: 'smallGalley', size: 2, crewQuality: 2, at, facing, ...more }
}

export function battle(ships: ShipSetupInput[], more: Partial<AtriliaSetupInput> = {}): AtriliaSetup {
  return AtriliaSetup.parse({
    name: 'Test',
    sides: [
      { id: 'a', name: 'Pheacians', nation: 'pheacian' },
      { id: 'b', name: 'Meshuesh', nation: 'meshuesh' }
    ],
    ships,
    ...more
  })
}

/** Resolve empty orders (with these faces) until the next step is `phase` of `player`. */
export function advanceTo(setup: AtriliaSetup, state: AtriliaState, phase: Phase, player: 0 | 1 = state.player, dice: DiceSource = faces()): AtriliaState {
  let s = state
  let guard = 0
  while (!(s.phase === phase && s.player === player)) {
    s = resolveStep(setup, s, emptyOrders(s.phase), dice).state
    if (++guard > 40) throw new Error('advanceTo: phase not reached')
  }
  return s
}

/** Start and roll `roll` for the first player's movement: the state at his movement phase. */
export function atMove(setup: AtriliaSetup, roll: number): AtriliaState {
  const s = startBattle(setup)
  return resolveStep(setup, s, { phase: 'roll', scuttle: [] }, faces(roll)).state
}

export function orders(o: AtriliaOrders): AtriliaOrders {
  return o
}
