import type { OddsData, Probability, SimulateOptions } from './ruleset'

/**
 * The odds tally every ruleset's simulator shares: play `runs` runs, run `i` with its own 32-bit seed
 * `runSeed(seed, i)`, and count per side how often it wins, takes every ship off the table (escape),
 * loses a ship sunk, or has a ship struck or taken; each count is given as a 95% Wilson interval.
 * The ruleset says how one run is played and what befell each side at its end (`RunEnd`).
 *
 * Random streams: `runSeed` mixes the seed and the run index through a 32-bit avalanche hash (murmur3's
 * finaliser over `seed + (i + 1) × 0x9E3779B9`), so neighbouring runs (and neighbouring seeds) get
 * unrelated generator streams.
 */

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

/** What befell one side at the end of a run. */
export interface SideFate {
  win: boolean
  /** Every one of its ships left the table. */
  escape: boolean
  /** At least one of its ships was sunk. */
  sunk: boolean
  /** At least one of its ships struck or was taken. */
  struck: boolean
}

/** The end of one run, as the ruleset reads it. */
export interface RunEnd {
  /** Turns the run played. */
  turns: number
  /** False when the run ended with no winner (its turns ran out, or nobody won): it counts as undecided. */
  decided: boolean
  /** Per side, in the order of the `sides` given to `tallyRuns`. */
  sides: readonly SideFate[]
}

/**
 * Refuse a run count that is not a whole number of 0 or more: the command's schema refuses it at `runs`
 * before this; a caller of the pure simulator gets the same refusal, never a silent rewrite.
 */
export function checkRuns(runs: number): void {
  if (!Number.isInteger(runs) || runs < 0) {
    throw new RangeError(`The number of runs must be a whole number of 0 or more (got ${String(runs)}).`)
  }
}

/**
 * Play `opts.runs` runs with `play(runSeed(opts.seed, i), i)` and tally them per side. `onProgress`
 * is called about every 2% of the runs and after the last. A `runs` that is not a whole number of 0 or
 * more throws (`checkRuns`).
 */
export function tallyRuns(
  sides: readonly string[],
  opts: SimulateOptions,
  maxTurns: number,
  play: (rngSeed: number, index: number) => RunEnd
): OddsData {
  const runs = opts.runs
  checkRuns(runs)
  const count = sides.map(() => ({ win: 0, escape: 0, sunk: 0, struck: 0 }))
  let undecided = 0
  let turns = 0
  const every = Math.max(1, Math.ceil(runs / 50))
  for (let i = 0; i < runs; i++) {
    const end = play(runSeed(opts.seed, i), i)
    turns += end.turns
    if (!end.decided) undecided++
    for (let k = 0; k < sides.length; k++) {
      const c = count[k]!
      const f = end.sides[k]!
      if (f.win) c.win++
      if (f.escape) c.escape++
      if (f.sunk) c.sunk++
      if (f.struck) c.struck++
    }
    if (opts.onProgress && ((i + 1) % every === 0 || i + 1 === runs)) opts.onProgress(i + 1, runs)
  }
  return {
    runs,
    maxTurns,
    sides: sides.map((side, k) => {
      const c = count[k]!
      return { side, win: wilson(c.win, runs), escape: wilson(c.escape, runs), sunk: wilson(c.sunk, runs), struck: wilson(c.struck, runs) }
    }),
    undecided: wilson(undecided, runs),
    meanTurns: runs > 0 ? turns / runs : 0
  }
}
