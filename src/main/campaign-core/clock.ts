import { dateLabel, dateOf, type CalendarDate } from '../../shared/calendar'
import type { StepRun } from '../../shared/commands/core'
import type { DiceBox } from '../../shared/dice/roll'
import type { ShipQuote } from '../../shared/ship/design'
import { stmt, type Db } from '../campaign/sqlite'
import { calendarOf, clockAt, currentDay, setCurrentDay } from './clock-state'
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
  /**
   * What a step may keep from one day to the next of the same clock run (its own key), when what it
   * keeps cannot change while the run lasts. Absent when a step is run on its own.
   */
  memo?: Map<string, unknown>
  /** The last day the clock run may reach (when it is known): what a step reads ahead for need go no further. */
  until?: number
}

export interface PeriodicStep {
  id: string
  title: string
  every: 'day' | 'week' | 'month'
  /** Lower runs first. Documented order: 100s monthly upkeep, 200s weekly port work, 900 reminders. */
  order: number
  /**
   * The step neither reads nor sets what other steps put off to later in the command (the days counted,
   * see `registerClockSettle`), so what they put off need not be written before it runs. A daily step
   * that is not apart has it written before it every day.
   */
  apart?: boolean
  run: (ctx: StepContext) => void
}

const registry = new Map<string, PeriodicStep>()
const settles: ((db: Db) => void)[] = []

/**
 * A feature that keeps some of its steps' writes for later in the command (the days counted, kept by
 * ship and written once) registers how to write them: the clock calls it before every step that is not
 * `apart`, so such a step reads and sets the rows as if each day's writes had been made on the day.
 */
export function registerClockSettle(settle: (db: Db) => void): void {
  settles.push(settle)
}

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
  memo: Map<string, unknown>
  /** The last day this run may reach, when known (a voyage sails at most the days asked). */
  until?: number
}

export function clockRun(db: Db, quotes: Map<string, ShipQuote> = new Map(), until?: number): ClockRun {
  const cal = calendarOf(db)
  return { cal, label: (day) => dateLabel(cal, day), steps: periodicSteps(), quotes, runs: [], memo: new Map(), ...(until !== undefined ? { until } : {}) }
}

/**
 * Move the clock to `day` (the day after the current one) and run the steps that fall due on it.
 * Returns whether a weekly or monthly step fell due (on other days only the daily steps run).
 */
export function clockDay(db: Db, run: ClockRun, day: number, dice: () => DiceBox): boolean {
  setCurrentDay(db, day)
  const date = dateOf(run.cal, day)
  const week = date.weekdayIndex === 0
  const month = date.dayOfMonth === 1
  const log = stmt(db, `INSERT INTO clock_log (day, step, effects) VALUES (?, ?, ?)`)
  let periodic = false
  for (const step of run.steps) {
    if (!isDue(step, week, month)) continue
    if (step.every !== 'day') periodic = true
    if (!step.apart) for (const settle of settles) settle(db)
    const effects: string[] = []
    step.run({ db, day, date, dice, effect: (t) => effects.push(t), quotes: run.quotes, memo: run.memo, ...(run.until !== undefined ? { until: run.until } : {}) })
    if (effects.length === 0) continue
    log.run(day, step.id, JSON.stringify(effects))
    run.runs.push({ day, label: run.label(day), step: step.id, title: step.title, effects })
  }
  return periodic
}

export function advanceClock(db: Db, days: number, dice: () => DiceBox) {
  const start = currentDay(db)
  const run = clockRun(db, new Map(), start + days)
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
  apart: true, // the GM's reminders alone
  run: ({ db, day, effect, memo, until }) => {
    if (!memo) {
      const due = stmt(db, `SELECT title FROM reminder WHERE due_day = ? AND source = 'gm' ORDER BY id`).all(day) as { title: string }[]
      for (const r of due) effect(`Due today: ${r.title}`)
      return
    }
    // The GM's reminders change only by the GM's own commands, never by a clock step: a run reads
    // those of its days (from its first to its last, when known) once, in the order of each day's
    // query (by id).
    let byDay = memo.get('reminders') as Map<number, string[]> | undefined
    if (!byDay) {
      byDay = new Map()
      const rows = stmt(db, `SELECT due_day, title FROM reminder WHERE due_day BETWEEN ? AND ? AND source = 'gm' ORDER BY due_day, id`).all(day, until ?? Number.MAX_SAFE_INTEGER) as { due_day: number; title: string }[]
      for (const r of rows) {
        const list = byDay.get(r.due_day)
        if (list) list.push(r.title)
        else byDay.set(r.due_day, [r.title])
      }
      memo.set('reminders', byDay)
    }
    for (const title of byDay.get(day) ?? []) effect(`Due today: ${title}`)
  }
})
