import { dateLabel, dateOf, type CalendarDate } from '../../shared/calendar'
import type { StepRun } from '../../shared/commands/core'
import type { DiceBox } from '../../shared/dice/roll'
import type { ShipQuote } from '../../shared/ship/design'
import { stmt, type Db } from '../campaign/sqlite'
import { clockAt, currentDay } from './clock-state'
import { getRule } from './rules'

/**
 * The campaign clock and its periodic steps.
 *
 * Features register a step (weekly recruiting, monthly wages, careening clocks, …) with
 * `registerPeriodicStep`; `advance` moves the clock one day at a time and, on each new day, runs
 * every step that falls due in ascending `order` (ties by id). Daily steps fall every day, weekly
 * steps on the first day of the calendar week, monthly steps on the first day of a month. Each run
 * is written to the clock log with the effects the step reported.
 */
export interface StepContext {
  db: Db
  day: number
  date: CalendarDate
  /** The command's dice: faces the GM typed first, then the generator (or needs_dice). */
  dice: () => DiceBox
  /** Record one effect of this step ("Hired 7 sailors for the Sea Dog"). */
  effect: (text: string) => void
  /**
   * Quotes of ship designs (by their design JSON) already made in this command: the rule tables
   * do not change while a command runs, so a step may reuse them instead of quoting again.
   */
  quotes: Map<string, ShipQuote>
}

export interface PeriodicStep {
  id: string
  title: string
  every: 'day' | 'week' | 'month'
  /** Lower runs first. Documented order: 100s monthly upkeep, 200s weekly port work, 900 reminders. */
  order: number
  run: (ctx: StepContext) => void
}

const registry = new Map<string, PeriodicStep>()

/** Register a periodic step; returns a function that removes it again. */
export function registerPeriodicStep(step: PeriodicStep): () => void {
  if (registry.has(step.id)) throw new Error(`A periodic step "${step.id}" is already registered.`)
  registry.set(step.id, step)
  return () => registry.delete(step.id)
}

export function periodicSteps(): PeriodicStep[] {
  return [...registry.values()].sort((a, b) => a.order - b.order || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
}

function isDue(step: PeriodicStep, week: boolean, month: boolean): boolean {
  if (step.every === 'day') return true
  if (step.every === 'week') return week
  return month
}

/**
 * One run of the clock over some days: what stays the same from day to day (the calendar, the
 * steps, the statements, the design quotes). `advanceClock` makes one; a voyage makes one for all
 * the days it sails in one command and moves it a day at a time with `clockDay`.
 */
export interface ClockRun {
  cal: ReturnType<typeof getRule<'calendar'>>
  label: (day: number) => string
  steps: PeriodicStep[]
  quotes: Map<string, ShipQuote>
  runs: StepRun[]
}

export function clockRun(db: Db, quotes: Map<string, ShipQuote> = new Map()): ClockRun {
  const cal = getRule(db, 'calendar')
  return { cal, label: (day) => dateLabel(cal, day), steps: periodicSteps(), quotes, runs: [] }
}

/** Move the clock to `day` (the day after the current one) and run the steps that fall due on it. */
export function clockDay(db: Db, run: ClockRun, day: number, dice: () => DiceBox): void {
  stmt(db, `UPDATE clock SET day = ? WHERE id = 1`).run(day)
  const date = dateOf(run.cal, day)
  const week = date.weekdayIndex === 0
  const month = date.dayOfMonth === 1
  const log = stmt(db, `INSERT INTO clock_log (day, step, effects) VALUES (?, ?, ?)`)
  for (const step of run.steps) {
    if (!isDue(step, week, month)) continue
    const effects: string[] = []
    step.run({ db, day, date, dice, effect: (t) => effects.push(t), quotes: run.quotes })
    if (effects.length === 0) continue
    log.run(day, step.id, JSON.stringify(effects))
    run.runs.push({ day, label: run.label(day), step: step.id, title: step.title, effects })
  }
}

export function advanceClock(db: Db, days: number, dice: () => DiceBox) {
  const run = clockRun(db)
  const start = currentDay(db)
  for (let day = start + 1; day <= start + days; day++) clockDay(db, run, day, dice)
  return { from: clockAt(db, start), to: clockAt(db, start + days), steps: run.runs }
}

// The GM's own reminders that fall due are announced in the clock log on their day (a feature's
// reminder, such as a ship's launch, is logged by that feature's own step when it happens).
registerPeriodicStep({
  id: 'reminders',
  title: 'Reminders due',
  every: 'day',
  order: 900,
  run: ({ db, day, effect }) => {
    const due = stmt(db, `SELECT title FROM reminder WHERE due_day = ? AND source = 'gm' ORDER BY id`).all(day) as { title: string }[]
    for (const r of due) effect(`Due today: ${r.title}`)
  }
})
