import type { OddsData, SimulateOptions } from '../battle/ruleset'
import { seedState } from '../dice/rng'
import { fastDice } from '../highseas/dice'
import { runSeed, wilson } from '../highseas/simulate'
import { aiOrders } from './ai'
import { resolveStep } from './engine'
import type { BroadsidesSetup, BroadsidesState } from './types'

/**
 * Odds for the Broadsides duel: the AI on both ships, the deck deciding their movement, from a state to
 * the end, many times; run `i` rolls with `fastDice(seedState(runSeed(seed, i)))` as the other rulesets do.
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
  const runs = Math.max(0, Math.floor(opts.runs))
  const maxTurns = opts.maxTurns ?? setup.rules.board.turns
  const ids = state.order
  const count = ids.map(() => ({ win: 0, sunk: 0, struck: 0 }))
  let undecided = 0
  let turns = 0
  const every = Math.max(1, Math.ceil(runs / 50))
  for (let i = 0; i < runs; i++) {
    const end = playOut(setup, state, runSeed(opts.seed, i), maxTurns).state
    turns += end.turn - state.turn
    if (!end.outcome || end.outcome.winner === null) undecided++
    ids.forEach((id, k) => {
      const c = count[k]!
      if (end.outcome?.winner === id) c.win++
      const s = end.ships[id]!.status
      if (s === 'sunk') c.sunk++
      if (s === 'struck' || s === 'wiped') c.struck++
    })
    if (opts.onProgress && ((i + 1) % every === 0 || i + 1 === runs)) opts.onProgress(i + 1, runs)
  }
  return {
    runs,
    maxTurns,
    sides: ids.map((side, k) => {
      const c = count[k]!
      return { side, win: wilson(c.win, runs), escape: wilson(0, runs), sunk: wilson(c.sunk, runs), struck: wilson(c.struck, runs) }
    }),
    undecided: wilson(undecided, runs),
    meanTurns: runs > 0 ? turns / runs : 0
  }
}
