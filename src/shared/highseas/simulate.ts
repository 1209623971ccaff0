import { runSeed, tallyRuns } from '../battle/odds'
import { seedState } from '../dice/rng'
import type { OddsResult } from '../commands/battles'
import type { SimulateOptions as BaseSimulateOptions } from '../battle/ruleset'
import { ordersForTurn, type PartialTurnOrders } from './ai'
import { battleOver, fastDice, resolveTurn, type DiceSource } from './engine'
import { kernelCovers, kernelPlay } from './kernel'
import { copyState, resolveTurnImpl } from './turn'
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

const SUNK = new Set(['sunk', 'sinking', 'destroyed'])
const STRUCK = new Set(['struck', 'surrendered'])

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
    const run = kernelPlay(setup, s, dice ? s.rng : rng0, turns, maxTurns)
    if (run) return run
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
  const sides: string[] = []
  for (const p of setup.participants) if (!sides.includes(p.side)) sides.push(p.side)
  const members = sides.map((side) => setup.participants.filter((p) => p.side === side))
  const odds = tallyRuns(sides, opts, maxTurns, (rngSeed) => {
    const run = playOut(setup, state, rngSeed, maxTurns, opts.firstTurn)
    const end = run.state
    const beaten = sides.map(() => false)
    for (let k = 0; k < sides.length; k++) {
      for (const p of members[k]!) {
        const ps = end.participants[p.id]
        if (ps && (SUNK.has(ps.status) || STRUCK.has(ps.status) || ps.capturedBy !== null)) beaten[k] = true
      }
    }
    return {
      turns: run.turns,
      decided: run.decided,
      sides: sides.map((side, k) => {
        let anyShip = false
        let allEscaped = true
        let sunk = false
        let struck = false
        for (const p of members[k]!) {
          const ps = end.participants[p.id]
          if (!ps) continue
          if (p.kind === 'ship') {
            anyShip = true
            if (ps.status !== 'escaped') allEscaped = false
          }
          if (SUNK.has(ps.status)) sunk = true
          if (STRUCK.has(ps.status) || ps.capturedBy !== null) struck = true
        }
        const win = run.decided && end.winner === side && beaten.some((b, j) => b && j !== k)
        return { win, escape: anyShip && allEscaped, sunk, struck }
      })
    }
  })
  return { mode: opts.firstTurn ? 'asOrdered' : 'ai', ...odds }
}
