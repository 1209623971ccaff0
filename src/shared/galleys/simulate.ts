import type { OddsData, SimulateOptions } from '../battle/ruleset'
import { seedState } from '../dice/rng'
import { fastDice } from '../highseas/dice'
import { runSeed, wilson } from '../highseas/simulate'
import { aiOrders } from './ai'
import { prep, resolveStep } from './engine'
import type { GalleysSetup, GalleysState } from './types'

/**
 * Odds for the Galleys & Galleons table: the AI on every player (its stand-in for the core book's
 * activation and gunnery), from a state to the end, many times; run `i` rolls with
 * `fastDice(seedState(runSeed(seed, i)))` as the other rulesets do.
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
  const runs = Math.max(0, Math.floor(opts.runs))
  const maxTurns = opts.maxTurns ?? pre.turns
  const count = pre.players.map(() => ({ win: 0, escape: 0, sunk: 0, struck: 0 }))
  let undecided = 0
  let turns = 0
  const every = Math.max(1, Math.ceil(runs / 50))
  for (let i = 0; i < runs; i++) {
    const end = playOut(setup, state, runSeed(opts.seed, i), maxTurns).state
    turns += end.turn - state.turn
    if (!end.outcome || end.outcome.winner === null) undecided++
    pre.players.forEach((p, k) => {
      const c = count[k]!
      if (end.outcome?.winner === p) c.win++
      const mine = pre.ids.filter((id) => pre.ships.get(id)!.player === p).map((id) => end.ships[id]!)
      if (mine.length && mine.every((s) => s.status === 'exited')) c.escape++
      if (mine.some((s) => s.status === 'sunk' || s.status === 'exploded' || s.status === 'crashed')) c.sunk++
      if (mine.some((s) => s.status === 'struck')) c.struck++
    })
    if (opts.onProgress && ((i + 1) % every === 0 || i + 1 === runs)) opts.onProgress(i + 1, runs)
  }
  return {
    runs,
    maxTurns,
    sides: pre.players.map((side, k) => {
      const c = count[k]!
      return { side, win: wilson(c.win, runs), escape: wilson(c.escape, runs), sunk: wilson(c.sunk, runs), struck: wilson(c.struck, runs) }
    }),
    undecided: wilson(undecided, runs),
    meanTurns: runs > 0 ? turns / runs : 0
  }
}
