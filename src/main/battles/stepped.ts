import { isDeepStrictEqual } from 'node:util'
import type { BattleOutcome, OrderProblem, Ruleset, RulesetId, StepInfo } from '../../shared/battle/ruleset'
import type { BattleSummary, SideControl } from '../../shared/commands/battles'
import { CommandError } from '../../shared/errors'
import { DiceBox, NeedsDice, type DiceMode } from '../../shared/dice/roll'
import { Rng } from '../../shared/dice/rng'
import { boxDice } from '../../shared/highseas/dice'
import { runSeed } from '../../shared/highseas/simulate'
import { stmt, type Db } from '../campaign/sqlite'
import { currentDay } from '../campaign-core/clock-state'
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
  /** The sides in their order: id, name, and the names of their ships. */
  sides(setup: Setup): { side: string; name: string; names: string[] }[]
}

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
  return {
    row,
    setup: JSON.parse(row.setup) as S,
    state: JSON.parse(row.state) as T,
    pending: JSON.parse(row.pending) as O,
    control: JSON.parse(row.control) as Record<string, SideControl>
  }
}

export function stepsOf<O, R>(db: Db, battleId: number): StoredStepRow<O, R>[] {
  const rows = stmt(db, `SELECT step, orders, dice, report FROM battle_step WHERE battle_id = ? ORDER BY step`).all(battleId) as {
    step: number
    orders: string
    dice: string | null
    report: string
  }[]
  return rows.map((r) => ({ step: r.step, orders: JSON.parse(r.orders) as O, dice: r.dice === null ? null : (JSON.parse(r.dice) as number[]), report: JSON.parse(r.report) as R }))
}

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

export function steppedSummary(def: SteppedDef, b: SteppedBattle, label: (day: number) => string): BattleSummary & { ruleset: RulesetId } {
  const step = def.ruleset.step(b.setup, b.state)
  return {
    id: b.row.id,
    ruleset: def.ruleset.id,
    name: b.row.name,
    status: b.row.status,
    turn: step.turn,
    startedDay: b.row.started_day,
    startedLabel: label(b.row.started_day),
    sides: def.sides(b.setup).map((s) => ({ side: s.side, names: s.names })),
    winner: def.ruleset.outcome(b.setup, b.state)?.winner ?? null
  }
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
  const steps = stepsOf(db, battleId)
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

/** The problems of these orders for the next step (read-only; a phase mismatch is a problem too). */
export function checkStepOrders(db: Db, def: SteppedDef, battleId: number, orders: unknown): { problems: OrderProblem[] } {
  const b = loadStepped(db, def, battleId)
  return { problems: def.ruleset.check(b.setup, b.state, orders) }
}

/** Save the orders of the next step: only legal orders, only for a side the GM orders. */
export function saveStepOrders(db: Db, def: SteppedDef, battleId: number, orders: unknown) {
  const b = loadStepped(db, def, battleId)
  requireActive(b, 'giving orders')
  requireGoingOn(def, b)
  const step = def.ruleset.step(b.setup, b.state)
  if (step.side !== null && b.control[step.side] === 'ai') {
    throw new CommandError('rule', `The AI orders the ${sideNameOf(def, b, step.side)}: take them over first, then give their orders.`, { field: 'orders' })
  }
  const problems = def.ruleset.check(b.setup, b.state, orders)
  if (problems.length) {
    throw new CommandError('rule', `orders: ${step.label} cannot be ordered so: ${problems.map((p) => p.message).join('; ')}.`, {
      field: 'orders',
      problems,
      issues: problems.map((p) => ({ field: ['orders', ...p.path].join('.'), message: p.message }))
    })
  }
  stmt(db, `UPDATE battle SET pending = ? WHERE id = ?`).run(JSON.stringify(orders), b.row.id)
  return { pending: orders, name: b.row.name, label: step.label }
}

export function setSideControl(db: Db, def: SteppedDef, battleId: number, side: string, control: SideControl) {
  const b = loadStepped(db, def, battleId)
  requireActive(b, 'handing a side over')
  if (!(side in b.control)) {
    throw new CommandError('not_found', `side: there is no side “${side}” in ${theBattle(b.row.name)} (its sides are ${Object.keys(b.control).join(' and ')}).`, {
      field: 'side',
      issues: [{ field: 'side', message: 'no such side' }]
    })
  }
  b.control[side] = control
  stmt(db, `UPDATE battle SET control = ? WHERE id = ?`).run(JSON.stringify(b.control), b.row.id)
  const step = def.ruleset.step(b.setup, b.state)
  if (control === 'ai' && step.side === side) {
    // The AI orders this step now: the orders the GM saved for it no longer stand.
    stmt(db, `UPDATE battle SET pending = ? WHERE id = ?`).run(JSON.stringify(def.emptyOrders(b.setup, b.state)), b.row.id)
  }
  return { side, control, name: sideNameOf(def, b, side), battle: b.row.name }
}

// ─── Resolving a step ───────────────────────────────────────────────────────────────────────────

/**
 * Resolve the next step: the AI's orders when its side is the AI's, else the saved orders; the faces
 * typed first, then the battle's own generator (in hand-entry mode running out is a refusal saying how
 * many more faces it needs, and nothing changes). Stores the step, the new state and its dice in the log.
 */
export function resolveNextStep(db: Db, def: SteppedDef, battleId: number, typed: number[] | undefined, mode: DiceMode, command: string) {
  const b = loadStepped(db, def, battleId)
  requireActive(b, 'resolving a step')
  requireGoingOn(def, b)
  const step = def.ruleset.step(b.setup, b.state)
  const byAi = step.side !== null && b.control[step.side] === 'ai'
  const orders = byAi ? def.ruleset.aiOrders(b.setup, b.state, [step.side!]) : b.pending
  const problems = def.ruleset.check(b.setup, b.state, orders)
  if (problems.length) {
    throw new CommandError('rule', `${step.label} of ${theBattle(b.row.name)} cannot be resolved: ${problems.map((p) => p.message).join('; ')}.`, { problems })
  }
  const faces = typed ?? []
  const box = new DiceBox(new Rng((b.state as { rng: number[] }).rng), faces, mode, () => currentDay(db))
  let result: { state: unknown; report: unknown }
  try {
    result = def.ruleset.resolve(b.setup, b.state, orders, boxDice(box))
  } catch (e) {
    if (e instanceof NeedsDice) {
      const given = faces.length
      throw new CommandError(
        'invalid_input',
        `dice: ${given === 0 ? 'no faces were given' : `the ${plural(given, 'face')} given ${given === 1 ? 'is' : 'are'} not enough`}: ${e.message}`,
        { field: 'dice', need: e.need, issues: [{ field: 'dice', message: `needs ${e.need.atLeast === 1 ? 'one more face' : `${e.need.atLeast} more faces`} at least` }] }
      )
    }
    const reasons = reasonsOf(e)
    if (reasons) throw new CommandError('rule', `${step.label} of ${theBattle(b.row.name)} cannot be resolved: ${reasons.join('; ')}.`, { problems: reasons })
    throw e
  }
  const unused = box.unused()
  if (unused > 0) {
    const used = box.records.reduce((n, r) => n + r.faces.length, 0)
    throw new CommandError('invalid_input', `dice: ${unused} of the faces given ${unused === 1 ? 'was' : 'were'} not needed (this step used ${used}).`, {
      field: 'dice',
      issues: [{ field: 'dice', message: 'more faces than needed' }]
    })
  }
  const { state, report } = result
  const next = def.ruleset.step(b.setup, state)
  const outcome = def.ruleset.outcome(b.setup, state)
  const n = (stmt(db, `SELECT COUNT(*) AS n FROM battle_step WHERE battle_id = ?`).get(b.row.id) as { n: number }).n + 1
  stmt(db, `UPDATE battle SET state = ?, pending = ? WHERE id = ?`).run(JSON.stringify(state), JSON.stringify(def.emptyOrders(b.setup, state)), b.row.id)
  stmt(db, `INSERT INTO battle_step (battle_id, step, orders, dice, report) VALUES (?, ?, ?, ?, ?)`).run(
    b.row.id,
    n,
    JSON.stringify(orders),
    faces.length ? JSON.stringify(faces) : null,
    JSON.stringify(report)
  )
  const log = stmt(db, `INSERT INTO roll_log (day, kind, purpose, notation, faces, dice, kept, total, manual, command) VALUES (?, 'battle', ?, ?, ?, ?, ?, ?, ?, ?)`)
  box.records.forEach((r, i) => {
    log.run(box.days[i] ?? 0, `${b.row.name}, ${step.label}: ${r.purpose}`, r.notation, JSON.stringify(r.faces), JSON.stringify(r.dice), JSON.stringify(r.kept), r.total, r.manual ? 1 : 0, command)
  })
  return { report, state, step: next, outcome, name: b.row.name, label: step.label, byAi }
}

// ─── Replay, odds, conclusion ───────────────────────────────────────────────────────────────────

export function replayStepped(db: Db, def: SteppedDef, battleId: number): { steps: number; same: boolean } {
  const b = loadStepped(db, def, battleId)
  const steps = stepsOf(db, battleId)
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
  const n = (stmt(db, `SELECT COUNT(*) AS n FROM battle_step WHERE battle_id = ?`).get(b.row.id) as { n: number }).n
  const base = (b.setup as { seed?: unknown }).seed
  // The battle's seed mixed with the step: the same step gives the same odds.
  return { setup: b.setup, state: b.state, seed: runSeed(typeof base === 'number' ? base : 0, 0x20000 + n), name: b.row.name }
}
