import type { Ruleset } from '../battle/ruleset'
import { DiceBox } from '../dice/roll'
import { Rng } from '../dice/rng'
import { boxDice } from '../highseas/dice'
import { aiOrders } from './ai'
import { activePlayer, checkOrders, playerName, resolveStep, startBattle } from './engine'
import { simulate } from './simulate'
import { GALLEYS_TABLE_DEFS } from './tables'
import { GalleysOrders, GalleysSetup, type GalleysOrdersInput, type GalleysReport, type GalleysState } from './types'

/**
 * The Galleys & Galleons table (seed 000 house rules; rules guide §4) on the battle seam. A step is
 * one player's (or group's) turn, in the order the GM sets: its start-of-turn procedures (weather,
 * fires, fire spreading) and the actions the GM enters, with the core book's outcomes typed in.
 */

export const emptyOrders = (): GalleysOrders => ({ order: null, actions: [], endTurn: true })

export function replayGalleys(setup: GalleysSetup, steps: ReadonlyArray<{ orders: GalleysOrders; dice?: number[] }>, seed: number = setup.seed): GalleysState {
  let state = startBattle(setup, seed)
  for (const t of steps) {
    if (state.outcome) break
    const dice = boxDice(new DiceBox(new Rng(state.rng), t.dice ?? [], 'app'))
    state = resolveStep(setup, state, t.orders, dice).state
  }
  return state
}

export const galleysRuleset: Ruleset<GalleysSetup, GalleysState, GalleysOrders, GalleysReport, GalleysOrdersInput> = {
  id: 'galleys',
  name: 'Galleys & Galleons (house rules)',
  tables: GALLEYS_TABLE_DEFS,
  setupSchema: GalleysSetup,
  ordersSchema: GalleysOrders,
  start: (setup, seed) => startBattle(setup, seed),
  step: (setup, state) => ({
    turn: state.turn,
    phase: 'turn',
    label: `Turn ${state.turn} — ${playerName(setup, activePlayer(state))}`,
    side: activePlayer(state),
    diceOnly: false
  }),
  check: (setup, state, orders) => checkOrders(setup, state, orders),
  resolve: (setup, state, orders, dice) => resolveStep(setup, state, orders, dice),
  aiOrders: (setup, state, sides) => {
    if (sides && !sides.includes(activePlayer(state))) return emptyOrders()
    return aiOrders(setup, state)
  },
  outcome: (_setup, state) => state.outcome,
  replay: (setup, steps, seed) => replayGalleys(setup, steps, seed),
  simulate: (setup, state, opts) => simulate(setup, state, opts)
}
