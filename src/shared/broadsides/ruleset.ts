import type { Ruleset } from '../battle/ruleset'
import { DiceBox } from '../dice/roll'
import { Rng } from '../dice/rng'
import { boxDice } from '../highseas/dice'
import { aiOrders, emptyOrders } from './ai'
import { checkOrders, resolveStep, startBattle, stepInfo } from './engine'
import { simulate } from './simulate'
import { BROADSIDES_TABLE_DEFS } from './tables'
import { BroadsidesOrders, BroadsidesSetup, type BroadsidesOrdersInput, type BroadsidesReport, type BroadsidesState } from './types'

/**
 * The Broadsides & Boarding Parties duel (seed 001; rules guide §5) on the battle seam. A step is the
 * wind, one ship's crew step, one card played, an exchange of fire, or one side's boarding step.
 */

export function replayBroadsides(setup: BroadsidesSetup, steps: ReadonlyArray<{ orders: BroadsidesOrders; dice?: number[] }>, seed: number = setup.seed): BroadsidesState {
  let state = startBattle(setup, seed)
  for (const t of steps) {
    if (state.outcome) break
    const dice = boxDice(new DiceBox(new Rng(state.rng), t.dice ?? [], 'app'))
    state = resolveStep(setup, state, t.orders, dice).state
  }
  return state
}

export const broadsidesRuleset: Ruleset<BroadsidesSetup, BroadsidesState, BroadsidesOrders, BroadsidesReport, BroadsidesOrdersInput> = {
  id: 'broadsides',
  name: 'Broadsides & Boarding Parties (solo variant)',
  tables: BROADSIDES_TABLE_DEFS,
  setupSchema: BroadsidesSetup,
  ordersSchema: BroadsidesOrders,
  start: (setup, seed) => startBattle(setup, seed),
  step: (setup, state) => stepInfo(setup, state),
  check: (setup, state, orders) => checkOrders(setup, state, orders),
  resolve: (setup, state, orders, dice) => resolveStep(setup, state, orders, dice),
  aiOrders: (setup, state, sides) => {
    const side = stepInfo(setup, state).side
    if (sides && side !== null && !sides.includes(side)) return emptyOrders()
    const o = aiOrders(setup, state)
    // An exchange of fire: only the shots of the sides asked for.
    if (sides && side === null) return { ...o, shots: o.shots.filter((s) => sides.includes(s.ship)) }
    return o
  },
  outcome: (_setup, state) => (state.outcome ? { winner: state.outcome.winner, reason: state.outcome.reason } : null),
  replay: (setup, steps, seed) => replayBroadsides(setup, steps, seed),
  simulate: (setup, state, opts) => simulate(setup, state, opts)
}
