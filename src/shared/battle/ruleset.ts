import type { z } from 'zod'
import type { DiceSource } from '../highseas/dice'
import type { RuleTableDef } from '../rules/table-def'

/**
 * The battle seam: one object per rule system. A ruleset is one folder in `src/shared` (pure: no
 * Node, Electron, database, `Date` or `Math.random`) that exports a `Ruleset`. The generic battle
 * (row, `battles.*`, the page's shell, the log, odds, undo, hand dice) only speaks to this interface;
 * the board component of the ruleset draws its state and collects its orders.
 *
 * A battle is played in **steps**. A step is what one `resolve` does: a whole turn for High Seas
 * (every captain orders at once), one phase of one player for the Atrilian hex battle (seed 002 §4:
 * roll for movement, movement and ramming, marine movement, marine attacks, other attacks, repair).
 * `step(setup, state)` says what the next step is and who orders it.
 *
 * Replay: the state is a pure function of the setup and, for each step, its orders and the faces
 * typed by hand (the rest come from the battle's own generator, whose state is part of the battle
 * state). `replay(setup, steps)` rebuilds it exactly.
 */

/** The ruleset ids `battles.start {ruleset}` accepts (High Seas is the default). */
export const RULESET_IDS = ['highSeas', 'atrilia', 'galleys', 'broadsides'] as const
export type RulesetId = (typeof RULESET_IDS)[number]

/** One term of a computed number (the UI shows every term). */
export interface Term {
  label: string
  value: number
}

/** One illegal thing in a step's orders: where (a path into the orders) and why, in words a GM reads. */
export interface OrderProblem {
  path: (string | number)[]
  message: string
}

/** What the next step is: its turn, its phase (a ruleset key, with a label to show), who orders it. */
export interface StepInfo {
  turn: number
  /** The ruleset's key of the phase ('turn' for a ruleset played in whole turns). */
  phase: string
  /** Words for the phase bar, e.g. "Turn 3 — the Pheacians: marine attacks". */
  label: string
  /** The side that orders this step; null when every side orders at once. */
  side: string | null
  /** True when this step takes no orders at all, only dice (the board may resolve it at once). */
  diceOnly: boolean
}

/** The outcome once the battle is over (null while it goes on). */
export interface BattleOutcome {
  /** The side that won, or null for a draw or an undecided end. */
  winner: string | null
  /** Why it ended, in words a GM reads. */
  reason: string
}

/** The odds of a battle from a state, side by side (the shape `battles.odds` answers with). */
export interface Probability {
  p: number
  low: number
  high: number
}
export interface OddsData {
  runs: number
  /** Turns played per run at most before a run counts as undecided. */
  maxTurns: number
  sides: Array<{ side: string; win: Probability; escape: Probability; sunk: Probability; struck: Probability }>
  undecided: Probability
  meanTurns: number
}

export interface SimulateOptions {
  runs: number
  seed: number
  maxTurns?: number
  /** Called about every 2% of the runs played and after the last: runs done (of this share), runs (of this share). */
  onProgress?: (done: number, runs: number) => void
  /**
   * A share of the runs (a worker of the odds pool): play only runs `from` … `to` − 1 of the `runs`
   * (run i's dice are always `runSeed(seed, i)`, whoever plays it), and hand their counts to `onTally`,
   * to be added up with the other shares' (battle/odds.ts `addTallies`, `oddsOfTally`).
   */
  from?: number
  to?: number
  onTally?: (tally: RunTally) => void
}

/** The counts of some runs (one share, or all of them): what the odds are worked out from. */
export interface RunTally {
  runs: number
  maxTurns: number
  sides: string[]
  /** Per side (in `sides`' order): runs it won, escaped with every ship, had a ship sunk, had a ship struck or taken. */
  counts: Array<{ win: number; escape: number; sunk: number; struck: number }>
  undecided: number
  /** Turns played, summed over the runs. */
  turns: number
}

/** One stored step of a battle: its orders and the faces typed by hand (if any). */
export interface StoredStep<Orders> {
  orders: Orders
  dice?: number[]
}

export interface Ruleset<Setup, State, Orders, Report, OrdersInput = Orders> {
  id: RulesetId
  /** The system's name in words a GM reads. */
  name: string
  /** Its rule tables (defaults + sources), registered with the campaign's rule tables. */
  tables: Record<string, RuleTableDef>
  /** What a battle is made of (parsed at `battles.start`). */
  setupSchema: z.ZodType<Setup>
  /** The orders of one step (parsed before `check`). */
  ordersSchema: z.ZodType<Orders, OrdersInput>
  /** The state at the start: `seed` seeds the battle's own dice generator. */
  start(setup: Setup, seed: number): State
  /** What the next step is and who orders it. */
  step(setup: Setup, state: State): StepInfo
  /** Every problem with these orders for the next step (empty = legal). Never throws for bad orders. */
  check(setup: Setup, state: State, orders: Orders): OrderProblem[]
  /**
   * Resolve the next step: a new state (the input is never mutated) and a report with every roll and
   * term. Illegal orders throw before any die is rolled; a `NeedsDice` from hand-typed dice leaves
   * nothing half-applied (the input state is untouched).
   */
  resolve(setup: Setup, state: State, orders: Orders, dice: DiceSource): { state: State; report: Report }
  /** Orders the AI would give for the next step (for the sides in `sides`, every side when absent); always legal. */
  aiOrders(setup: Setup, state: State, sides?: readonly string[]): Orders
  /** The outcome when the battle is over, else null. */
  outcome(setup: Setup, state: State): BattleOutcome | null
  /** Rebuild the state from the setup and each step's orders and typed faces. */
  replay(setup: Setup, steps: ReadonlyArray<StoredStep<Orders>>, seed: number): State
  /** The fast path for odds: play from `state` to the end many times with the AI on every side. */
  simulate(setup: Setup, state: State, opts: SimulateOptions): OddsData
}

/** Any ruleset, for the generic battle code that only passes its values through. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyRuleset = Ruleset<any, any, any, any, any>
