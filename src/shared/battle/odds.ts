import type { OddsData, Probability, RunTally, SimulateOptions } from './ruleset'

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
 * more throws (`checkRuns`). With `opts.from`/`opts.to` only that share of the runs is played (the
 * odds returned are those of the share) and `opts.onTally` gets its counts: the shares of the runs,
 * added up (`addTallies`), give exactly the odds of all of them played in one go.
 */
export function tallyRuns(
  sides: readonly string[],
  opts: SimulateOptions,
  maxTurns: number,
  play: (rngSeed: number, index: number) => RunEnd
): OddsData {
  const runs = opts.runs
  checkRuns(runs)
  const from = opts.from ?? 0
  const to = opts.to ?? runs
  if (!Number.isInteger(from) || !Number.isInteger(to) || from < 0 || to < from || to > runs) {
    throw new RangeError(`A share of the runs must be whole run numbers within 0 … ${runs} (got ${String(from)} … ${String(to)}).`)
  }
  const share = to - from
  const counts = sides.map(() => ({ win: 0, escape: 0, sunk: 0, struck: 0 }))
  let undecided = 0
  let turns = 0
  const every = Math.max(1, Math.ceil(share / 50))
  for (let i = from; i < to; i++) {
    const end = play(runSeed(opts.seed, i), i)
    turns += end.turns
    if (!end.decided) undecided++
    for (let k = 0; k < sides.length; k++) {
      const c = counts[k]!
      const f = end.sides[k]!
      if (f.win) c.win++
      if (f.escape) c.escape++
      if (f.sunk) c.sunk++
      if (f.struck) c.struck++
    }
    const done = i + 1 - from
    if (opts.onProgress && (done % every === 0 || done === share)) opts.onProgress(done, share)
  }
  const tally: RunTally = { runs: share, maxTurns, sides: sides.slice(), counts, undecided, turns }
  opts.onTally?.(tally)
  return oddsOfTally(tally)
}

/** The counts of several shares of the same runs added up (the same sides, in the same order). */
export function addTallies(tallies: readonly RunTally[]): RunTally {
  if (tallies.length === 0) throw new RangeError('addTallies: no shares to add up')
  const first = tallies[0]!
  const sum: RunTally = { runs: 0, maxTurns: first.maxTurns, sides: first.sides.slice(), counts: first.sides.map(() => ({ win: 0, escape: 0, sunk: 0, struck: 0 })), undecided: 0, turns: 0 }
  for (const t of tallies) {
    if (t.sides.length !== sum.sides.length || t.sides.some((s, k) => s !== sum.sides[k])) throw new RangeError('addTallies: the shares are of different battles')
    sum.runs += t.runs
    sum.undecided += t.undecided
    sum.turns += t.turns
    t.counts.forEach((c, k) => {
      const s = sum.counts[k]!
      s.win += c.win
      s.escape += c.escape
      s.sunk += c.sunk
      s.struck += c.struck
    })
  }
  return sum
}

/** The odds of a tally: each count as a 95% Wilson interval, the mean turns. */
export function oddsOfTally(t: RunTally): OddsData {
  const runs = t.runs
  return {
    runs,
    maxTurns: t.maxTurns,
    sides: t.sides.map((side, k) => {
      const c = t.counts[k]!
      return { side, win: wilson(c.win, runs), escape: wilson(c.escape, runs), sunk: wilson(c.sunk, runs), struck: wilson(c.struck, runs) }
    }),
    undecided: wilson(t.undecided, runs),
    meanTurns: runs > 0 ? t.turns / runs : 0
  }
}
