import { tallyRuns } from '../battle/odds'
import type { OddsData, SimulateOptions } from '../battle/ruleset'
import { seedState } from '../dice/rng'
import { fastDice } from '../highseas/dice'
import { aiOrders } from './ai'
import { resolveStep } from './engine'
import type { BroadsidesSetup, BroadsidesState } from './types'

/**
 * Odds for the Broadsides duel: the AI on both ships, the deck deciding their movement, from a state to
 * the end, many times, tallied by `tallyRuns` (battle/odds.ts); run `i` rolls with `fastDice(seedState(runSeed(seed, i)))` as the other rulesets do.
 */

export function playOut(setup: BroadsidesSetup, state: BroadsidesState, rngSeed: number, maxTurns = setup.rules.board.turns): { state: BroadsidesState; steps: number } {
  const dice = fastDice(seedState(rngSeed))
  let s = state
  let steps = 0
  const last = state.turn + maxTurns
  while (!s.outcome && s.turn < last) {
    s = resolveStep(setup, s, aiOrders(setup, s), dice).state
    steps++
  }
  return { state: s, steps }
}

export function simulate(setup: BroadsidesSetup, state: BroadsidesState, opts: SimulateOptions): OddsData {
  const maxTurns = opts.maxTurns ?? setup.rules.board.turns
  const ids = state.order
  return tallyRuns(ids, opts, maxTurns, (rngSeed) => {
    const end = playOut(setup, state, rngSeed, maxTurns).state
    return {
      turns: end.turn - state.turn,
      decided: !!end.outcome && end.outcome.winner !== null,
      sides: ids.map((id) => {
        const st = end.ships[id]!.status
        return { win: end.outcome?.winner === id, escape: false, sunk: st === 'sunk', struck: st === 'struck' || st === 'wiped' }
      })
    }
  })
}
