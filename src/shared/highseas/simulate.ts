import { seedState } from '../dice/rng'
import type { OddsResult } from '../commands/battles'
import { ordersForTurn, type PartialTurnOrders } from './ai'
import { battleOver, fastDice, resolveTurn } from './engine'
import type { BattleSetup, BattleState } from './types'

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
 */

export type OddsResultData = Omit<OddsResult, 'ms'>
export type Probability = OddsResultData['undecided']

export interface SimulateOptions {
  runs: number
  seed: number
  /** Turns played at most per run before it counts as undecided (default 60). */
  maxTurns?: number
  /** Called after some runs (about every 2%) and after the last: runs done, runs in all. */
  onProgress?: (done: number, runs: number) => void
  /**
   * The orders the GM has given for the turn being played (issue 16 point 9, "this turn as ordered, then
   * the AI"): the first turn of every run plays them (AI ships and GM ships without orders as the turn
   * would fill them in), then the AI is on every ship. Without them the AI is on every ship from the start.
   */
  firstTurn?: PartialTurnOrders
}

/** The 32-bit seed of run `index`: murmur3 fmix32 of seed + (index + 1) × golden ratio. */
export function runSeed(seed: number, index: number): number {
  let h = (seed + Math.imul(index + 1, 0x9e3779b9)) | 0
  h ^= h >>> 16
  h = Math.imul(h, 0x85ebca6b)
  h ^= h >>> 13
  h = Math.imul(h, 0xc2b2ae35)
  h ^= h >>> 16
  return h | 0
}

/** The seed the odds command uses for a battle at a given turn (the battle seed mixed with the turn). */
export function oddsSeed(setup: BattleSetup, state: BattleState): number {
  return runSeed(setup.seed, 0x10000 + state.turn)
}

const Z95 = 1.959963984540054

/** The Wilson score interval (95%) of `k` successes in `n` trials. */
export function wilson(k: number, n: number): Probability {
  if (n <= 0) return { p: 0, low: 0, high: 1 }
  const p = k / n
  const z2 = Z95 * Z95
  const denom = 1 + z2 / n
  const centre = (p + z2 / (2 * n)) / denom
  const half = (Z95 * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denom
  return { p, low: Math.max(0, centre - half), high: Math.min(1, centre + half) }
}

const SUNK = new Set(['sunk', 'sinking', 'destroyed'])
const STRUCK = new Set(['struck', 'surrendered'])

/** Play one run from `state` with every ship under the AI; returns the final state and the turns played. */
export function playOut(
  setup: BattleSetup,
  state: BattleState,
  rngSeed: number,
  maxTurns: number,
  firstTurn?: PartialTurnOrders
): { state: BattleState; turns: number; decided: boolean } {
  const dice = fastDice(seedState(rngSeed))
  let s = state
  let turns = 0
  while (!battleOver(s)) {
    if (turns >= maxTurns) return { state: s, turns, decided: false }
    const orders = turns === 0 && firstTurn ? ordersForTurn(setup, s, firstTurn) : ordersForTurn(setup, s, {}, { allAi: true })
    s = resolveTurn(setup, s, orders, dice, { trace: false }).state
    turns++
  }
  return { state: s, turns, decided: true }
}

export function simulate(setup: BattleSetup, state: BattleState, opts: SimulateOptions): OddsResultData {
  const runs = Math.max(0, Math.floor(opts.runs))
  const maxTurns = opts.maxTurns ?? 60
  const sides: string[] = []
  for (const p of setup.participants) if (!sides.includes(p.side)) sides.push(p.side)
  const members = sides.map((side) => setup.participants.filter((p) => p.side === side))
  const count = sides.map(() => ({ win: 0, escape: 0, sunk: 0, struck: 0 }))
  let undecided = 0
  let turnsSum = 0
  const every = Math.max(1, Math.ceil(runs / 50))

  for (let i = 0; i < runs; i++) {
    const run = playOut(setup, state, runSeed(opts.seed, i), maxTurns, opts.firstTurn)
    turnsSum += run.turns
    if (!run.decided) undecided++
    const end = run.state
    const beaten = sides.map(() => false)
    for (let k = 0; k < sides.length; k++) {
      for (const p of members[k]!) {
        const ps = end.participants[p.id]
        if (ps && (SUNK.has(ps.status) || STRUCK.has(ps.status) || ps.capturedBy !== null)) beaten[k] = true
      }
    }
    for (let k = 0; k < sides.length; k++) {
      const c = count[k]!
      const ships = members[k]!
      if (run.decided && end.winner === sides[k] && beaten.some((b, j) => b && j !== k)) c.win++
      let anyShip = false
      let allEscaped = true
      let sunk = false
      let struck = false
      for (const p of ships) {
        const ps = end.participants[p.id]
        if (!ps) continue
        if (p.kind === 'ship') {
          anyShip = true
          if (ps.status !== 'escaped') allEscaped = false
        }
        if (SUNK.has(ps.status)) sunk = true
        if (STRUCK.has(ps.status) || ps.capturedBy !== null) struck = true
      }
      if (anyShip && allEscaped) c.escape++
      if (sunk) c.sunk++
      if (struck) c.struck++
    }
    if (opts.onProgress && ((i + 1) % every === 0 || i + 1 === runs)) opts.onProgress(i + 1, runs)
  }

  return {
    mode: opts.firstTurn ? 'asOrdered' : 'ai',
    runs,
    maxTurns,
    sides: sides.map((side, k) => {
      const c = count[k]!
      return { side, win: wilson(c.win, runs), escape: wilson(c.escape, runs), sunk: wilson(c.sunk, runs), struck: wilson(c.struck, runs) }
    }),
    undecided: wilson(undecided, runs),
    meanTurns: runs > 0 ? turnsSum / runs : 0
  }
}
