import { tallyRuns } from '../battle/odds'
import type { OddsData, SimulateOptions } from '../battle/ruleset'
import { seedState } from '../dice/rng'
import { fastDice } from '../highseas/dice'
import { aiOrders } from './ai'
import { cloneState, controller, prep, stepInPlace } from './engine'
import type { AtriliaSetup, AtriliaState } from './types'

/**
 * Odds for the Atrilian hex battle: play from a state to the end many times with the AI on both
 * sides (trace off, fastDice), and count per side how often it wins, loses a ship sunk, has a ship
 * taken, or takes every ship off the map (tallied by `tallyRuns`, battle/odds.ts). Run `i` rolls with `fastDice(seedState(runSeed(seed, i)))`
 * as High Seas does. A run is undecided when it ends with no winner (the encounter's turns ran out).
 */

/** Play one run from `state` to its end (or `maxTurns` game-turns more). */
export function playOut(setup: AtriliaSetup, state: AtriliaState, rngSeed: number, maxTurns = 1000): { state: AtriliaState; steps: number } {
  const dice = fastDice(seedState(rngSeed))
  const pre = prep(setup)
  // The run owns its copy of the state and steps it in place (no copy per step).
  const s = cloneState(state)
  let steps = 0
  const lastTurn = state.turn + maxTurns
  while (!s.outcome && s.turn < lastTurn) {
    stepInPlace(pre, s, aiOrders(setup, s, { verify: false }), dice, false, false)
    steps++
  }
  s.rng = dice.rngState().slice()
  return { state: s, steps }
}

export function simulate(setup: AtriliaSetup, state: AtriliaState, opts: SimulateOptions): OddsData {
  const pre = prep(setup)
  const maxTurns = opts.maxTurns ?? pre.turns
  return tallyRuns(pre.sides, opts, maxTurns, (rngSeed) => {
    const end = playOut(setup, state, rngSeed, maxTurns).state
    return {
      turns: end.turn - state.turn,
      decided: !!end.outcome && end.outcome.winner !== null,
      sides: pre.sides.map((side) => {
        let all = true
        let any = false
        let sunk = false
        let struck = false
        for (const id of pre.ids) {
          if (pre.ships.get(id)!.side !== side) continue
          any = true
          const s = end.ships[id]!
          if (s.status !== 'exited') all = false
          if (s.status === 'sunk') sunk = true
          if (s.status === 'afloat' && controller(pre, s) !== side) struck = true
        }
        return { win: end.outcome?.winner === side, escape: any && all, sunk, struck }
      })
    }
  })
}
