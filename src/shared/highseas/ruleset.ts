import type { OrderProblem, Ruleset } from '../battle/ruleset'
import { DiceBox } from '../dice/roll'
import { Rng } from '../dice/rng'
import { ordersForTurn } from './ai'
import { boxDice, checkOrders, IllegalOrders, replay, resolveTurn, startBattle, type DiceSource } from './engine'
import { sideHolds } from '../words'
import { simulate } from './simulate'
import { HIGH_SEAS_TABLE_DEF } from './tables'
import { BattleSetup, TurnOrders, type BattleState, type TurnOrdersInput, type TurnReport } from './types'

/**
 * High Seas (seed 003 IV–VI) on the battle seam: a thin adapter over the existing engine, AI and
 * simulator, with no behaviour of its own. A step is a whole turn (every captain orders at once).
 * The battle's seed lives in its setup (`BattleSetup.seed`); `start(setup, seed)` with another seed
 * starts the same battle with that seed.
 */

const STOP = new Error('stop at the first roll')
const NO_DICE: DiceSource = {
  roll() {
    throw STOP
  },
  rngState: () => []
}

const withSeed = (setup: BattleSetup, seed: number): BattleSetup => (setup.seed === seed ? setup : { ...setup, seed })

export const highSeasRuleset: Ruleset<BattleSetup, BattleState, TurnOrders, TurnReport, TurnOrdersInput> = {
  id: 'highSeas',
  name: 'High Seas Combat',
  tables: { highSeas: HIGH_SEAS_TABLE_DEF },
  setupSchema: BattleSetup,
  ordersSchema: TurnOrders,
  start: (setup, seed) => startBattle(withSeed(setup, seed)),
  step: (_setup, state) => ({ turn: state.turn, phase: 'turn', label: `Turn ${state.turn}`, side: null, diceOnly: false }),
  check(setup, state, orders) {
    // The engine checks a turn's orders (ships, melee results, heroic actions) before its first roll:
    // run it with dice that stop at the first roll, so the problems are exactly the engine's. Each is
    // placed where it belongs: a ship's under `ships.<her id>`, a melee result's under `melee`, a
    // heroic action's under `heroic`.
    let reasons: string[] = []
    try {
      resolveTurn(setup, state, orders, NO_DICE, { trace: false })
    } catch (e) {
      if (e instanceof IllegalOrders) reasons = e.reasons
      else if (e !== STOP) throw e
    }
    if (!reasons.length) return []
    const left = [...reasons]
    const problems: OrderProblem[] = []
    for (const [id, o] of Object.entries(orders.ships ?? {})) {
      if (state.participants[id]?.status !== 'active') continue
      for (const message of checkOrders(setup, state, id, o).problems) {
        const i = left.indexOf(message)
        if (i < 0) continue
        left.splice(i, 1)
        problems.push({ path: ['ships', id], message })
      }
    }
    for (const message of left) {
      const path = message.startsWith('melee result') ? ['melee'] : message.startsWith('heroic action') ? ['heroic'] : message.startsWith('there is no participant') ? ['ships'] : []
      problems.push({ path, message })
    }
    return problems
  },
  resolve: (setup, state, orders, dice) => resolveTurn(setup, state, orders, dice),
  aiOrders: (setup, state, sides) => {
    if (!sides) return ordersForTurn(setup, state, {}, { allAi: true })
    // AI orders for the named sides only; the other sides' ships get the engine's default orders.
    const all = ordersForTurn(setup, state, {}, { allAi: true })
    const mine = new Set(setup.participants.filter((p) => sides.includes(p.side)).map((p) => p.id))
    const given = Object.fromEntries(Object.entries(all.ships).filter(([id]) => mine.has(id)))
    return ordersForTurn(setup, state, { ships: given })
  },
  outcome: (_setup, state) =>
    state.outcome === 'ongoing'
      ? null
      : { winner: state.winner, reason: state.outcome === 'allEscaped' ? 'every ship got away' : state.winner ? `${sideHolds(state.winner)} the sea` : 'the battle is decided' },
  replay: (setup, steps, seed) => replay(withSeed(setup, seed), [...steps]),
  simulate: (setup, state, opts) => simulate(setup, state, opts)
}

/** Dice for one stored step of a High Seas battle (typed faces first, then the battle's generator). */
export function highSeasStepDice(state: BattleState, faces: readonly number[] = []) {
  return boxDice(new DiceBox(new Rng(state.rng), faces, 'app'))
}
