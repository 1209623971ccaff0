import type { Ruleset } from '../battle/ruleset'
import { DiceBox } from '../dice/roll'
import { Rng } from '../dice/rng'
import { boxDice } from '../highseas/dice'
import { aiOrders } from './ai'
import { checkOrders, phasingSide, prep, resolveStep, sideName, startBattle } from './engine'
import { simulate } from './simulate'
import { ATRILIA_TABLE_DEFS } from './tables'
import { AtriliaOrders, AtriliaSetup, emptyOrders, PHASE_NAMES, type AtriliaOrdersInput, type AtriliaReport, type AtriliaState } from './types'

/**
 * The Atrilian hex battle (seed 002 "Naval Rules") on the battle seam. A step is one phase of the
 * phasing player (§4); the roll and repair phases take no orders (only scuttling) and dice only.
 */

export function replayAtrilia(setup: AtriliaSetup, steps: ReadonlyArray<{ orders: AtriliaOrders; dice?: number[] }>, seed: number = setup.seed): AtriliaState {
  let state = startBattle(setup, seed)
  for (const t of steps) {
    if (state.outcome) break
    const dice = boxDice(new DiceBox(new Rng(state.rng), t.dice ?? [], 'app'))
    state = resolveStep(setup, state, t.orders, dice, { trace: false }).state
  }
  return state
}

export const atriliaRuleset: Ruleset<AtriliaSetup, AtriliaState, AtriliaOrders, AtriliaReport, AtriliaOrdersInput> = {
  id: 'atrilia',
  name: 'Atrilian naval rules',
  tables: ATRILIA_TABLE_DEFS,
  setupSchema: AtriliaSetup,
  ordersSchema: AtriliaOrders,
  start: (setup, seed) => startBattle(setup, seed),
  step: (setup, state) => ({
    turn: state.turn,
    phase: state.phase,
    label: `Turn ${state.turn} — the ${sideName(setup, phasingSide(prep(setup), state))}: ${PHASE_NAMES[state.phase]}`,
    side: phasingSide(prep(setup), state),
    diceOnly: state.phase === 'roll' || state.phase === 'repair'
  }),
  check: (setup, state, orders) => checkOrders(setup, state, orders).map((message) => ({ path: [], message })),
  resolve: (setup, state, orders, dice) => resolveStep(setup, state, orders, dice),
  aiOrders: (setup, state, sides) => {
    const side = phasingSide(prep(setup), state)
    // The phasing player is not among the AI's sides: nothing for the AI to order (empty orders are legal).
    if (sides && !sides.includes(side)) return emptyOrders(state.phase)
    return aiOrders(setup, state)
  },
  outcome: (_setup, state) => state.outcome,
  replay: (setup, steps, seed) => replayAtrilia(setup, steps, seed),
  simulate: (setup, state, opts) => simulate(setup, state, opts)
}
export { emptyOrders }
