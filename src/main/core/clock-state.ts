import { dateLabel, dateOf } from '../../shared/calendar'
import type { ClockNow } from '../../shared/commands/core'
import { stmt, type Db } from '../campaign/sqlite'
import { getRule } from './rules'

export function currentDay(db: Db): number {
  return (stmt(db, `SELECT day FROM clock WHERE id = 1`).get() as { day: number }).day
}

export function clockAt(db: Db, day: number): ClockNow {
  const cal = getRule(db, 'calendar')
  return { day, date: dateOf(cal, day), label: dateLabel(cal, day) }
}

export function labelOf(db: Db): (day: number) => string {
  const cal = getRule(db, 'calendar')
  return (day) => dateLabel(cal, day)
}
