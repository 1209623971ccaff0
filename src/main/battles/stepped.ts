import { isDeepStrictEqual } from 'node:util'
import type { BattleOutcome, OrderProblem, Ruleset, RulesetId, StepInfo } from '../../shared/battle/ruleset'
import type { BattleSummary, SideControl } from '../../shared/commands/battles'
import { CommandError } from '../../shared/errors'
import { DiceBox, NeedsDice, type DiceMode } from '../../shared/dice/roll'
import { Rng } from '../../shared/dice/rng'
import { boxDice } from '../../shared/highseas/dice'
import { runSeed } from '../../shared/battle/odds'
import { stmt, type Db } from '../campaign/sqlite'
import { currentDay } from '../campaign-core/clock-state'
import { insertRolls } from '../campaign-core/dice'
import { type BattleRow, plural, requireRow, RULESET_NAMES, theBattle } from './rows'

/**
 * A battle under any stepped ruleset (issue 17): one whose `resolve` plays a step finer than a turn
 * (Atrilia: one phase of one player, seed 002 §4), each step ordered by one side, each side ordered by
 * the GM or the AI. Everything here goes through the `Ruleset` seam (src/shared/battle/ruleset.ts);
 * what only a ruleset knows (its empty orders, its sides, its review) comes from its `SteppedDef`.
 *
 * Stored per battle (table `battle`, migration 0015): `ruleset`, the setup (rules snapshotted when it
 * started), the state (a cache: replaying the steps gives it again), `pending` (the legal orders saved
 * for the next step), `control` (side id → 'gm' | 'ai'). Every resolved step is a `battle_step` row:
 * the orders it followed (the AI's filled in), the faces typed (or null) and its report. Each write
 * is one command, so the campaign's undo takes back one step (or one saved order) at a time.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export interface SteppedDef<Setup = any, State = any, Orders = any, Report = any> {
  ruleset: Ruleset<Setup, State, Orders, Report, unknown>
  /** The orders of the next step with nothing ordered (always legal). */
  emptyOrders(setup: Setup, state: State): Orders
  /** The sides in their order: id, the name to show, and the names of their ships. */
  sides(setup: Setup): { side: string; name: string; names: string[] }[]
  /** The whole turns played so far (a battle that is over "ended after N turns"). */
  turnsPlayed(setup: Setup, state: State): number
  /** The most odds runs one request may ask for: what the bench plays in about five seconds on one core. */
  oddsMaxRuns: number
  /** Where the resolved steps are kept: `battle_step` (the default) or, for High Seas, `battle_turn` (one row a turn, keyed by the turn). */
  stepTable?: 'battle_step' | 'battle_turn'
  /** The saved orders as stored (default: as they are). */
  readPending?(raw: unknown): Orders
  /**
   * Control kept in the setup (High Seas: per ship): hand a side over by a new setup. Absent: the
   * row's `control` (side id → 'gm' | 'ai') holds it.
   */
  withSideControl?(setup: Setup, side: string, control: SideControl): Setup
  /** The orders saved for the next step once a side is handed to the AI (default: none, when the side orders this step). */
  dropOrdersOf?(setup: Setup, state: State, pending: Orders, side: string): Orders
  /**
   * The orders the next step resolves with: default, the AI's when the step's side is the AI's, else
   * the saved ones (High Seas: the saved ones with every AI ship's filled in).
   */
  ordersToResolve?(setup: Setup, state: State, pending: Orders, control: Record<string, SideControl>): Orders
  /** Every problem with orders about to be saved (default: the ruleset's `check`); may read the campaign (High Seas: a hero's person). */
  checkToSave?(db: Db, setup: Setup, state: State, orders: Orders): OrderProblem[]
  /** The words the roll log gives a step (default: its label). */
  rollLabel?(step: StepInfo): string
}

/** How the generic commands word a refusal: High Seas' turn commands keep their own words. */
export interface StepWords {
  /** 'step' (the step commands) or 'turn' (battles.resolveTurn). */
  unit: 'step' | 'turn'
  /** A short hand of typed faces: 'refuse' (400 at `dice`, the step commands) or 'raise' (the door's 409 needs_dice, as battles.resolveTurn always did). */
  shortHand: 'refuse' | 'raise'
}
const STEP_WORDS: StepWords = { unit: 'step', shortHand: 'refuse' }

export interface SteppedBattle<Setup = unknown, State = unknown, Orders = unknown> {
  row: BattleRow
  setup: Setup
  state: State
  pending: Orders
  control: Record<string, SideControl>
}

export interface StoredStepRow<Orders = unknown, Report = unknown> {
  step: number
  orders: Orders
  dice: number[] | null
  report: Report
}

// ─── Loading and storing ────────────────────────────────────────────────────────────────────────

export function loadStepped<S, T, O>(db: Db, def: SteppedDef<S, T, O>, battleId: number): SteppedBattle<S, T, O> {
  const row = requireRow(db, battleId)
  if (row.ruleset !== def.ruleset.id) {
    throw new CommandError('rule', `${theBattle(row.name, true)} is fought under ${RULESET_NAMES[row.ruleset]}, not ${RULESET_NAMES[def.ruleset.id]}.`, { field: 'battleId', ruleset: row.ruleset })
  }
  const raw = JSON.parse(row.pending) as unknown
  return {
    row,
    setup: JSON.parse(row.setup) as S,
    state: JSON.parse(row.state) as T,
    pending: def.readPending ? def.readPending(raw) : (raw as O),
    control: JSON.parse(row.control) as Record<string, SideControl>
  }
}

/** The stored steps of a battle, oldest first (High Seas: its turns, from `battle_turn`). */
export function stepsOf<O, R>(db: Db, battleId: number, table: SteppedDef['stepTable'] = 'battle_step'): StoredStepRow<O, R>[] {
  const sql =
    table === 'battle_turn'
      ? `SELECT turn AS step, orders, dice, report FROM battle_turn WHERE battle_id = ? ORDER BY turn`
      : `SELECT step, orders, dice, report FROM battle_step WHERE battle_id = ? ORDER BY step`
  const rows = stmt(db, sql).all(battleId) as {
    step: number
    orders: string
    dice: string | null
    report: string
  }[]
  return rows.map((r) => ({ step: r.step, orders: JSON.parse(r.orders) as O, dice: r.dice === null ? null : (JSON.parse(r.dice) as number[]), report: JSON.parse(r.report) as R }))
}

const countSteps = (db: Db, def: SteppedDef, battleId: number): number =>
  (stmt(db, `SELECT COUNT(*) AS n FROM ${def.stepTable ?? 'battle_step'} WHERE battle_id = ?`).get(battleId) as { n: number }).n

/** Why a ruleset refused a setup, when its `start` throws with reasons (an illegal set-up). */
const reasonsOf = (e: unknown): string[] | null => (e instanceof Error && Array.isArray((e as { reasons?: unknown }).reasons) ? ((e as unknown as { reasons: string[] }).reasons) : null)

/** Start a stepped battle: its first state from the ruleset, every side's control (GM unless given). */
export function insertStepped<S, T, O>(
  db: Db,
  def: SteppedDef<S, T, O>,
  input: { name: string; setup: S; seed: number; control?: Record<string, SideControl> | undefined }
): { battleId: number } {
  const sides = def.sides(input.setup)
  const control: Record<string, SideControl> = {}
  for (const s of sides) control[s.side] = 'gm'
  for (const [side, c] of Object.entries(input.control ?? {})) {
    if (!(side in control)) {
      throw new CommandError('invalid_input', `control: there is no side “${side}” in this battle (its sides are ${sides.map((s) => s.side).join(' and ')}).`, {
        field: 'control',
        issues: [{ field: `control.${side}`, message: 'no such side' }]
      })
    }
    control[side] = c
  }
  let state: T
  try {
    state = def.ruleset.start(input.setup, input.seed)
  } catch (e) {
    const reasons = reasonsOf(e)
    if (!reasons) throw e
    throw new CommandError('invalid_input', `setup: the battle cannot be set up: ${reasons.join('; ')}.`, {
      field: 'setup',
      issues: reasons.map((message) => ({ field: 'setup', message }))
    })
  }
  const pending = def.emptyOrders(input.setup, state)
  const id = Number(
    stmt(db, `INSERT INTO battle (name, status, started_day, setup, state, pending, designs, ruleset, control) VALUES (?, 'active', ?, ?, ?, ?, '{}', ?, ?)`).run(
      input.name,
      currentDay(db),
      JSON.stringify(input.setup),
      JSON.stringify(state),
      JSON.stringify(pending),
      def.ruleset.id,
      JSON.stringify(control)
    ).lastInsertRowid
  )
  return { battleId: id }
}

// ─── Reading ────────────────────────────────────────────────────────────────────────────────────

/** A battle's line in the list (any ruleset): its sides by the names to show, its turn, and whether it is over and after how many turns. */
export function summaryOf(def: SteppedDef, row: BattleRow, setup: unknown, state: unknown, label: (day: number) => string): BattleSummary {
  const step = def.ruleset.step(setup, state)
  const outcome = def.ruleset.outcome(setup, state)
  return {
    id: row.id,
    ruleset: def.ruleset.id,
    name: row.name,
    status: row.status,
    turn: step.turn,
    turnsPlayed: def.turnsPlayed(setup, state),
    over: outcome !== null,
    startedDay: row.started_day,
    startedLabel: label(row.started_day),
    sides: def.sides(setup).map((s) => ({ side: s.side, name: s.name, names: s.names })),
    winner: outcome?.winner ?? null
  }
}

export function steppedSummary(def: SteppedDef, b: SteppedBattle, label: (day: number) => string): BattleSummary & { ruleset: RulesetId } {
  return summaryOf(def, b.row, b.setup, b.state, label)
}

/** True when the stored steps replay to the stored state. */
export function replaysTo(def: SteppedDef, b: SteppedBattle, steps: StoredStepRow[]): boolean {
  const seed = (b.setup as { seed?: unknown }).seed
  const replayed = def.ruleset.replay(
    b.setup,
    steps.map((s) => (s.dice ? { orders: s.orders, dice: s.dice } : { orders: s.orders })),
    typeof seed === 'number' ? seed : 0
  )
  return isDeepStrictEqual(JSON.parse(JSON.stringify(replayed)), b.state)
}

/** What the AI would order for the next step when the phasing side is the AI's (null otherwise, or when it is over). */
function aiPreviewOf(def: SteppedDef, b: SteppedBattle, step: StepInfo): unknown {
  if (b.row.status !== 'active' || def.ruleset.outcome(b.setup, b.state)) return null
  if (step.side === null || b.control[step.side] !== 'ai') return null
  return def.ruleset.aiOrders(b.setup, b.state, [step.side])
}

export function steppedView(db: Db, def: SteppedDef, battleId: number, label: (day: number) => string) {
  const b = loadStepped(db, def, battleId)
  const steps = stepsOf(db, battleId, def.stepTable)
  const step = def.ruleset.step(b.setup, b.state)
  const outcome: BattleOutcome | null = def.ruleset.outcome(b.setup, b.state)
  return {
    ...steppedSummary(def, b, label),
    setup: b.setup,
    state: b.state,
    step,
    control: b.control,
    pending: b.pending,
    problems: outcome ? [] : def.ruleset.check(b.setup, b.state, b.pending),
    aiPreview: aiPreviewOf(def, b, step),
    log: steps.map((s) => s.report),
    outcome,
    replayable: replaysTo(def, b, steps)
  }
}

// ─── Orders and control ─────────────────────────────────────────────────────────────────────────

function requireActive(b: SteppedBattle, doing: string): void {
  if (b.row.status !== 'active') throw new CommandError('rule', `${theBattle(b.row.name, true)} is concluded: ${doing} is no longer possible.`, { status: b.row.status })
}

function requireGoingOn(def: SteppedDef, b: SteppedBattle): void {
  const o = def.ruleset.outcome(b.setup, b.state)
  if (o) throw new CommandError('rule', `${theBattle(b.row.name, true)} is over (${o.reason}): conclude it to close it.`)
}

const sideNameOf = (def: SteppedDef, b: SteppedBattle, side: string) => def.sides(b.setup).find((s) => s.side === side)?.name ?? side

/**
 * The orders of a step as the command was given them, parsed by the ruleset's orders schema: a bad
 * shape is refused naming each field under `orders` (as the door names the fields of its input).
 */
export function parseOrders(def: SteppedDef, orders: unknown): unknown {
  const parsed = def.ruleset.ordersSchema.safeParse(orders)
  if (parsed.success) return parsed.data
  const issues = parsed.error.issues.map((i) => ({ field: ['orders', ...i.path.map(String)].join('.'), message: i.message }))
  throw new CommandError('invalid_input', issues.map((i) => `${i.field}: ${i.message}`).join('; '), { field: issues[0]?.field ?? 'orders', issues })
}

const problemsToSave = (db: Db, def: SteppedDef, b: SteppedBattle, orders: unknown): OrderProblem[] =>
  def.checkToSave ? def.checkToSave(db, b.setup, b.state, orders) : def.ruleset.check(b.setup, b.state, orders)

/** The problems of these orders for the next step (read-only; a phase mismatch is a problem too). */
export function checkStepOrders(db: Db, def: SteppedDef, battleId: number, orders: unknown): { problems: OrderProblem[] } {
  const b = loadStepped(db, def, battleId)
  return { problems: problemsToSave(db, def, b, parseOrders(def, orders)) }
}

/** The one write of a battle's saved orders (the step commands and High Seas' orders, melee and heroic commands). */
export function writePending(db: Db, battleId: number, orders: unknown): void {
  stmt(db, `UPDATE battle SET pending = ? WHERE id = ?`).run(JSON.stringify(orders), battleId)
}

/** Save the orders of the next step: only legal orders, only for a side the GM orders. */
export function saveStepOrders(db: Db, def: SteppedDef, battleId: number, given: unknown) {
  const b = loadStepped(db, def, battleId)
  const orders = parseOrders(def, given)
  requireActive(b, 'giving orders')
  requireGoingOn(def, b)
  const step = def.ruleset.step(b.setup, b.state)
  if (step.side !== null && b.control[step.side] === 'ai') {
    throw new CommandError('rule', `The AI orders the ${sideNameOf(def, b, step.side)}: take them over first, then give their orders.`, { field: 'orders' })
  }
  const problems = problemsToSave(db, def, b, orders)
  if (problems.length) {
    const issues = problems.map((p) => ({ field: ['orders', ...p.path].join('.'), message: p.message }))
    throw new CommandError('rule', `${step.label} cannot be ordered so: ${problems.map((p) => p.message).join('; ')}.`, {
      field: issues[0]!.field,
      problems,
      issues
    })
  }
  writePending(db, b.row.id, orders)
  return { pending: orders, name: b.row.name, label: step.label }
}

export function setSideControl(db: Db, def: SteppedDef, battleId: number, side: string, control: SideControl) {
  const b = loadStepped(db, def, battleId)
  requireActive(b, 'handing a side over')
  const sides = def.sides(b.setup).map((s) => s.side)
  if (!sides.includes(side)) {
    throw new CommandError('not_found', `side: there is no side “${side}” in ${theBattle(b.row.name)} (its sides are ${sides.join(' and ')}).`, {
      field: 'side',
      issues: [{ field: 'side', message: 'no such side' }]
    })
  }
  if (def.withSideControl) {
    stmt(db, `UPDATE battle SET setup = ? WHERE id = ?`).run(JSON.stringify(def.withSideControl(b.setup, side, control)), b.row.id)
  } else {
    b.control[side] = control
    stmt(db, `UPDATE battle SET control = ? WHERE id = ?`).run(JSON.stringify(b.control), b.row.id)
  }
  if (control === 'ai') {
    // The AI orders this side now: the orders the GM saved for it no longer stand.
    const step = def.ruleset.step(b.setup, b.state)
    const left = def.dropOrdersOf ? def.dropOrdersOf(b.setup, b.state, b.pending, side) : step.side === side ? def.emptyOrders(b.setup, b.state) : b.pending
    if (!isDeepStrictEqual(left, b.pending)) writePending(db, b.row.id, left)
  }
  return { side, control, name: sideNameOf(def, b, side), battle: b.row.name }
}

// ─── Resolving a step ───────────────────────────────────────────────────────────────────────────

/**
 * Resolve the next step: the AI's orders when its side is the AI's, else the saved orders; the faces
 * typed first, then the battle's own generator (in hand-entry mode running out is a refusal saying how
 * many more faces it needs, and nothing changes). Stores the step, the new state and its dice in the log.
 */
export function resolveNextStep(db: Db, def: SteppedDef, battleId: number, typed: number[] | undefined, mode: DiceMode, command: string, words: StepWords = STEP_WORDS) {
  const b = loadStepped(db, def, battleId)
  requireActive(b, `resolving a ${words.unit}`)
  requireGoingOn(def, b)
  const step = def.ruleset.step(b.setup, b.state)
  const byAi = step.side !== null && b.control[step.side] === 'ai'
  const orders = def.ordersToResolve ? def.ordersToResolve(b.setup, b.state, b.pending, b.control) : byAi ? def.ruleset.aiOrders(b.setup, b.state, [step.side!]) : b.pending
  const cannot = (reasons: string[], problems: unknown) =>
    new CommandError('rule', `${step.label} of ${theBattle(b.row.name)} cannot be resolved: ${reasons.join('; ')}.`, { problems, reasons })
  const problems = def.ruleset.check(b.setup, b.state, orders)
  if (problems.length) throw cannot(problems.map((p) => p.message), problems)
  const faces = typed ?? []
  const box = new DiceBox(new Rng((b.state as { rng: number[] }).rng), faces, mode, () => currentDay(db))
  let result: { state: unknown; report: unknown }
  try {
    result = def.ruleset.resolve(b.setup, b.state, orders, boxDice(box))
  } catch (e) {
    if (e instanceof NeedsDice && words.shortHand === 'refuse') {
      const given = faces.length
      throw new CommandError(
        'invalid_input',
        `dice: ${given === 0 ? 'no faces were given' : `the ${plural(given, 'face')} given ${given === 1 ? 'is' : 'are'} not enough`}: ${e.message}`,
        { field: 'dice', need: e.need, issues: [{ field: 'dice', message: `needs ${e.need.atLeast === 1 ? 'one more face' : `${e.need.atLeast} more faces`} at least` }] }
      )
    }
    const reasons = reasonsOf(e)
    if (reasons) throw cannot(reasons, reasons)
    throw e
  }
  const unused = box.unused()
  if (unused > 0) {
    const used = box.records.reduce((n, r) => n + r.faces.length, 0)
    throw new CommandError('invalid_input', `dice: ${unused} of the faces given ${unused === 1 ? 'was' : 'were'} not needed (this ${words.unit} used ${used}).`, {
      field: 'dice',
      issues: [{ field: 'dice', message: 'more faces than needed' }]
    })
  }
  const { state, report } = result
  const next = def.ruleset.step(b.setup, state)
  const outcome = def.ruleset.outcome(b.setup, state)
  stmt(db, `UPDATE battle SET state = ?, pending = ? WHERE id = ?`).run(JSON.stringify(state), JSON.stringify(def.emptyOrders(b.setup, state)), b.row.id)
  const dice = faces.length ? JSON.stringify(faces) : null
  if (def.stepTable === 'battle_turn') {
    stmt(db, `INSERT INTO battle_turn (battle_id, turn, orders, dice, report) VALUES (?, ?, ?, ?, ?)`).run(b.row.id, step.turn, JSON.stringify(orders), dice, JSON.stringify(report))
  } else {
    const n = countSteps(db, def, b.row.id) + 1
    stmt(db, `INSERT INTO battle_step (battle_id, step, orders, dice, report) VALUES (?, ?, ?, ?, ?)`).run(b.row.id, n, JSON.stringify(orders), dice, JSON.stringify(report))
  }
  const rollLabel = def.rollLabel ? def.rollLabel(step) : step.label
  insertRolls(db, box.records.map((r, i) => ({ day: box.days[i] ?? 0, kind: 'battle', roll: { ...r, purpose: `${b.row.name}, ${rollLabel}: ${r.purpose}` }, command })))
  return { report, state, step: next, outcome, name: b.row.name, label: step.label, byAi }
}

// ─── Replay, odds, conclusion ───────────────────────────────────────────────────────────────────

export function replayStepped(db: Db, def: SteppedDef, battleId: number): { steps: number; same: boolean } {
  const b = loadStepped(db, def, battleId)
  const steps = stepsOf(db, battleId, def.stepTable)
  return { steps: steps.length, same: replaysTo(def, b, steps) }
}

/** Mark a stepped battle concluded: nothing else is written (the campaign adapter of a setting × ruleset writes the rest). */
export function concludeStepped(db: Db, def: SteppedDef, battleId: number): { battleId: number; name: string } {
  const b = loadStepped(db, def, battleId)
  if (b.row.status !== 'active') throw new CommandError('rule', `${theBattle(b.row.name, true)} is already concluded.`, { status: b.row.status })
  stmt(db, `UPDATE battle SET status = 'concluded', concluded_day = ? WHERE id = ?`).run(currentDay(db), b.row.id)
  return { battleId: b.row.id, name: b.row.name }
}

/** What the odds worker needs (read inside the door's queue): the setup, the state, and a seed for this step. */
export function steppedOddsInput(db: Db, def: SteppedDef, battleId: number): { setup: unknown; state: unknown; seed: number; name: string } {
  const b = loadStepped(db, def, battleId)
  const n = countSteps(db, def, b.row.id)
  const base = (b.setup as { seed?: unknown }).seed
  // The battle's seed mixed with the step: the same step gives the same odds.
  return { setup: b.setup, state: b.state, seed: runSeed(typeof base === 'number' ? base : 0, 0x20000 + n), name: b.row.name }
}
