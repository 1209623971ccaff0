import { runSeed, tallyRuns, type RunEnd, type SideFate } from '../battle/odds'
import { seedState } from '../dice/rng'
import type { OddsResult } from '../commands/battles'
import type { SimulateOptions as BaseSimulateOptions } from '../battle/ruleset'
import { ordersForTurn, type PartialTurnOrders } from './ai'
import { battleOver, fastDice, resolveTurn, type DiceSource } from './engine'
import { duelRuns, kernelCovers, kernelEnd, kernelPlay, type DuelEnd } from './kernel'
import { copyState, resolveTurnImpl } from './turn'
import { PARTICIPANT_STATUSES, STATUS_INDEX, type BattleSetup, type BattleState } from './types'

/**
 * The odds simulator: plays a battle from a given state many times with the AI captain on every
 * ship (seed 003 III behaviours, `ai.ts`) and counts, per side, how often it wins (is left fighting
 * having sunk or taken at least one enemy — a quarry that merely got away is her escape, nobody's
 * win), all its ships escape, one of its ships is sunk, one strikes. Pure (no clock, no I/O): the worker
 * thread of the main process runs it, and tests run it in-thread with the same numbers.
 *
 * Random streams: run `i` (0-based) rolls its dice with `fastDice(seedState(runSeed(seed, i)))`,
 * where `runSeed` mixes the seed and the run index through a 32-bit avalanche hash (murmur3's
 * finaliser over `seed + (i + 1) × 0x9E3779B9`), so neighbouring runs (and neighbouring seeds) get
 * unrelated xoroshiro128+ streams. The battle's own stored generator state is never used or changed.
 * The tally itself is the one every ruleset shares (`tallyRuns`, battle/odds.ts).
 */

export type OddsResultData = Omit<OddsResult, 'ms'>
export type Probability = OddsResultData['undecided']

export interface SimulateOptions extends BaseSimulateOptions {
  /** Turns played at most per run before it counts as undecided (default 60). */
  maxTurns?: number
  /**
   * The orders the GM has given for the turn being played (issue 16 point 9, "this turn as ordered, then
   * the AI"): the first turn of every run plays them (AI ships and GM ships without orders as the turn
   * would fill them in), then the AI is on every ship. Without them the AI is on every ship from the start.
   */
  firstTurn?: PartialTurnOrders
}

/** The seed the odds command uses for a battle at a given turn (the battle seed mixed with the turn). */
export function oddsSeed(setup: BattleSetup, state: BattleState): number {
  return runSeed(setup.seed, 0x10000 + state.turn)
}

/** By status (its index in PARTICIPANT_STATUSES): sunk (sinking, sunk, destroyed) or struck (struck, surrendered). */
const SUNK = PARTICIPANT_STATUSES.map((s) => s === 'sunk' || s === 'sinking' || s === 'destroyed')
const STRUCK = PARTICIPANT_STATUSES.map((s) => s === 'struck' || s === 'surrendered')
const ESCAPED = PARTICIPANT_STATUSES.indexOf('escaped')

/**
 * Play one run from `state` with every ship under the AI; returns the final state and the turns played.
 *
 * A duel (two ships of two sides: kernel.ts `kernelCovers`) is played by the duel kernel: the battle in
 * reused scalars, the AI's choice and the turn written against them, the dice straight from the
 * generator's state (tests/unit/highseas-kernel.test.ts holds it to the full engine). Any other battle's
 * AI turns take the engine's fast path (turn.ts `fast`: AI orders are legal by construction and are not
 * checked, the next state is written into reused objects, the generator's state is read once at the
 * end). The GM's orders of `firstTurn` are checked and played by the engine as the stepped battle plays
 * them. The final state is the caller's, as any engine state is. `fast: false` plays every turn through
 * `resolveTurn` (tests/unit/highseas-fast-path.test.ts: all three give the same outcome).
 */
export function playOut(
  setup: BattleSetup,
  state: BattleState,
  rngSeed: number,
  maxTurns: number,
  firstTurn?: PartialTurnOrders,
  fast = true
): { state: BattleState; turns: number; decided: boolean } {
  return playRun(setup, state, rngSeed, maxTurns, firstTurn, fast, null)!
}

/** playOut; with `end`, a duel the kernel plays is written there instead (no final state built) and the result is null. */
function playRun(
  setup: BattleSetup,
  state: BattleState,
  rngSeed: number,
  maxTurns: number,
  firstTurn: PartialTurnOrders | undefined,
  fast: boolean,
  end: DuelEnd | null
): { state: BattleState; turns: number; decided: boolean } | null {
  const rng0 = seedState(rngSeed)
  let dice: DiceSource | null = null
  let s = state
  let turns = 0
  let reused = false
  let decided = true
  if (fast && maxTurns > 0 && !battleOver(s) && kernelCovers(setup)) {
    // A duel: the GM's first turn (if any) through the engine, then the kernel plays the AI turns.
    if (firstTurn) {
      dice = fastDice(rng0)
      s = resolveTurn(setup, s, ordersForTurn(setup, s, firstTurn), dice, { trace: false }).state
      turns++
      if (battleOver(s) || turns >= maxTurns) return { state: s, turns, decided: battleOver(s) }
    }
    const rng = dice ? s.rng : rng0
    if (end !== null) {
      if (kernelEnd(setup, s, rng, turns, maxTurns, end)) return null
    } else {
      const run = kernelPlay(setup, s, rng, turns, maxTurns)
      if (run) return run
    }
  }
  if (dice === null) dice = fastDice(rng0)
  while (!battleOver(s)) {
    if (turns >= maxTurns) {
      decided = false
      break
    }
    if (turns === 0 && firstTurn) {
      s = resolveTurn(setup, s, ordersForTurn(setup, s, firstTurn), dice, { trace: false }).state
      reused = false
    } else {
      const orders = ordersForTurn(setup, s, {}, { allAi: true })
      s = fast ? resolveTurnImpl(setup, s, orders, dice, false, true).state : resolveTurn(setup, s, orders, dice, { trace: false }).state
      reused = fast
    }
    turns++
  }
  return { state: reused ? copyState(s, dice.rngState()) : s, turns, decided }
}

export function simulate(setup: BattleSetup, state: BattleState, opts: SimulateOptions): OddsResultData {
  const maxTurns = opts.maxTurns ?? 60
  const runs = oddsRuns(setup, state, maxTurns, opts.firstTurn)
  const odds = tallyRuns(runs.sides, opts, maxTurns, runs.play)
  return { mode: opts.firstTurn ? 'asOrdered' : 'ai', ...odds }
}

/**
 * The odds' runs of a battle: its sides, and `play(rngSeed)`, one run played out (playOut) and read as
 * each side's fate. A duel's end is read straight from the kernel (kernel.ts `kernelEnd`, or `duelRuns`
 * when every turn is the AI's: the state is read once for all the runs), with no final state built; any
 * other run's from its final state. The RunEnd returned is the same object each time,
 * rewritten by the next run (tallyRuns reads it at once). The duels bench (scripts/bench-duels.ts) times
 * `play`, as the odds play a run.
 */
export function oddsRuns(
  setup: BattleSetup,
  state: BattleState,
  maxTurns: number,
  firstTurn?: PartialTurnOrders
): { sides: string[]; play: (rngSeed: number) => RunEnd } {
  const ps = setup.participants
  const sides: string[] = []
  for (const p of ps) if (!sides.includes(p.side)) sides.push(p.side)
  const n = ps.length
  /** Each participant's side, by her index in the setup, and whether she is a ship. */
  const sideOf = Int32Array.from(ps, (p) => sides.indexOf(p.side))
  const isShip = Uint8Array.from(ps, (p) => (p.kind === 'ship' ? 1 : 0))
  const m = sides.length
  // Each participant's end by index (status as its index in PARTICIPANT_STATUSES, −1 when she is not in
  // the final state), and the run's reading: reused run after run.
  const status = new Int32Array(n)
  const taken = new Uint8Array(n)
  const beaten = new Uint8Array(sides.length)
  const duel: DuelEnd = { turns: 0, decided: false, winner: null, status: [0, 0], taken: [false, false] }
  const fates: SideFate[] = sides.map(() => ({ win: false, escape: false, sunk: false, struck: false }))
  const end: RunEnd = { turns: 0, decided: false, sides: fates }
  // With the AI on every turn from the start, a duel's runs start from the state read once (kernel.ts duelRuns).
  const runs = !firstTurn && maxTurns > 0 && !battleOver(state) ? duelRuns(setup, state) : null
  const play = (rngSeed: number): RunEnd => {
    let run: ReturnType<typeof playRun> = null
    if (runs !== null) runs(rngSeed, maxTurns, duel)
    else run = playRun(setup, state, rngSeed, maxTurns, firstTurn, true, duel)
    let winner: string | null
    if (run === null) {
      end.turns = duel.turns
      end.decided = duel.decided
      winner = duel.winner
      for (let q = 0; q < 2; q++) {
        status[q] = duel.status[q]!
        taken[q] = duel.taken[q] ? 1 : 0
      }
    } else {
      end.turns = run.turns
      end.decided = run.decided
      winner = run.state.winner
      for (let q = 0; q < n; q++) {
        const e = run.state.participants[ps[q]!.id]
        status[q] = e === undefined ? -1 : STATUS_INDEX.get(e.status)!
        taken[q] = e !== undefined && e.capturedBy !== null ? 1 : 0
      }
    }
    for (let k = 0; k < m; k++) {
      beaten[k] = 0
      const f = fates[k]!
      f.sunk = f.struck = false
    }
    for (let q = 0; q < n; q++) {
      const st = status[q]!
      if (st < 0) continue
      const k = sideOf[q]!
      const f = fates[k]!
      if (SUNK[st] || STRUCK[st] || taken[q]) beaten[k] = 1
      if (SUNK[st]) f.sunk = true
      if (STRUCK[st] || taken[q]) f.struck = true
    }
    for (let k = 0; k < m; k++) {
      const f = fates[k]!
      let anyShip = false
      let allEscaped = true
      for (let q = 0; q < n; q++) {
        if (sideOf[q] !== k || status[q]! < 0 || !isShip[q]) continue
        anyShip = true
        if (status[q] !== ESCAPED) allEscaped = false
      }
      f.escape = anyShip && allEscaped
      let other = false
      for (let j = 0; j < m; j++) if (j !== k && beaten[j]) other = true
      f.win = end.decided && winner === sides[k] && other
    }
    return end
  }
  return { sides, play }
}
