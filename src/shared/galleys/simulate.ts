import { tallyRuns } from '../battle/odds'
import type { OddsData, SimulateOptions } from '../battle/ruleset'
import { seedState } from '../dice/rng'
import { fastDice } from '../highseas/dice'
import { aiOrders } from './ai'
import { prep, resolveStep } from './engine'
import type { GalleysSetup, GalleysState } from './types'

/**
 * Odds for the Galleys & Galleons table: the AI on every player (its stand-in for the core book's
 * activation and gunnery), from a state to the end, many times, tallied by `tallyRuns` (battle/odds.ts);
 * run `i` rolls with `fastDice(seedState(runSeed(seed, i)))` as the other rulesets do.
 */

export function playOut(setup: GalleysSetup, state: GalleysState, rngSeed: number, maxTurns = 1000): { state: GalleysState; steps: number } {
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

export function simulate(setup: GalleysSetup, state: GalleysState, opts: SimulateOptions): OddsData {
  const pre = prep(setup)
  const maxTurns = opts.maxTurns ?? pre.turns
  return tallyRuns(pre.players, opts, maxTurns, (rngSeed) => {
    const end = playOut(setup, state, rngSeed, maxTurns).state
    return {
      turns: end.turn - state.turn,
      decided: !!end.outcome && end.outcome.winner !== null,
      sides: pre.players.map((p) => {
        const mine = pre.ids.filter((id) => pre.ships.get(id)!.player === p).map((id) => end.ships[id]!)
        return {
          win: end.outcome?.winner === p,
          escape: mine.length > 0 && mine.every((s) => s.status === 'exited'),
          sunk: mine.some((s) => s.status === 'sunk' || s.status === 'exploded' || s.status === 'crashed'),
          struck: mine.some((s) => s.status === 'struck')
        }
      })
    }
  })
}
