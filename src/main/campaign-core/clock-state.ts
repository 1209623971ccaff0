import { calendarTableOf, dateLabel, dateOf, type Calendar } from '../../shared/calendar'
import type { ClockNow } from '../../shared/commands/core'
import { deferWrite, memoOf, stmt, type Db } from '../campaign/sqlite'
import { getRule } from './rules'
import { campaignSetting } from './setting'

export function currentDay(db: Db): number {
  const memo = memoOf(db)
  const kept = memo?.get('clock.day') as number | undefined
  if (kept !== undefined) return kept
  const day = (stmt(db, `SELECT day FROM clock WHERE id = 1`).get() as { day: number }).day
  memo?.set('clock.day', day)
  return day
}

/**
 * Move the campaign clock to `day`. Within a command the move is kept in its memo and written once
 * when the command's work ends (a voyage moves the clock a day at a time, sixty times a voyage);
 * `currentDay` reads the kept day meanwhile.
 */
export function setCurrentDay(db: Db, day: number): void {
  const write = () => stmt(db, `UPDATE clock SET day = ? WHERE id = 1`).run(day)
  const memo = memoOf(db)
  if (memo && deferWrite(db, 'clock.day', write)) memo.set('clock.day', day)
  else write()
}

/**
 * The campaign's calendar (rules guide §2 "Time": data): the Théah calendar table, or in an Atrilia
 * campaign the Atrilian one, so every date an Atrilia campaign shows is written with its own names.
 */
export function calendarOf(db: Db): Calendar {
  return getRule(db, calendarTableOf(campaignSetting(db)))
}

export function clockAt(db: Db, day: number): ClockNow {
  const cal = calendarOf(db)
  return { day, date: dateOf(cal, day), label: dateLabel(cal, day) }
}

export function labelOf(db: Db): (day: number) => string {
  const cal = calendarOf(db)
  return (day) => dateLabel(cal, day)
}
