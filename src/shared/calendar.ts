/**
 * The campaign calendar is data (a rules table): month names and lengths, the week, and how years
 * are numbered. Day 0 of the campaign clock is the first day of the first month of `startYear`.
 */
export interface Calendar {
  months: { name: string; days: number }[]
  weekdays: string[]
  startYear: number
  /** Written after the year, e.g. "AV" (Anno Veritas). */
  era: string
}

/** The rule table that holds a campaign's calendar, by its setting (an Atrilia campaign has its own). */
export function calendarTableOf(setting: string | null | undefined): 'calendar' | 'calendarAtrilia' {
  return setting === 'atrilia' ? 'calendarAtrilia' : 'calendar'
}

export interface CalendarDate {
  year: number
  /** 1-based. */
  month: number
  monthName: string
  dayOfMonth: number
  weekday: string
  /** 0-based position in the week. */
  weekdayIndex: number
}

export function yearLength(cal: Calendar): number {
  return cal.months.reduce((n, m) => n + m.days, 0)
}

export function dateOf(cal: Calendar, day: number): CalendarDate {
  const len = yearLength(cal)
  const yearsPast = Math.floor(day / len)
  let rest = day - yearsPast * len
  let month = 0
  while (rest >= cal.months[month]!.days) {
    rest -= cal.months[month]!.days
    month++
  }
  const wd = ((day % cal.weekdays.length) + cal.weekdays.length) % cal.weekdays.length
  return {
    year: cal.startYear + yearsPast,
    month: month + 1,
    monthName: cal.months[month]!.name,
    dayOfMonth: rest + 1,
    weekday: cal.weekdays[wd]!,
    weekdayIndex: wd
  }
}

export function dateLabel(cal: Calendar, day: number): string {
  const d = dateOf(cal, day)
  return `${d.weekday}, ${d.dayOfMonth} ${d.monthName} ${d.year}${cal.era ? ' ' + cal.era : ''}`
}

/** The first day of a week (weekday 0) or of a month: where weekly and monthly steps fall. */
export function startsWeek(cal: Calendar, day: number): boolean {
  return dateOf(cal, day).weekdayIndex === 0
}
export function startsMonth(cal: Calendar, day: number): boolean {
  return dateOf(cal, day).dayOfMonth === 1
}

/** The day number of a calendar date (1-based month and day of month). */
export function dayOfDate(cal: Calendar, year: number, month: number, dayOfMonth: number): number {
  let day = (year - cal.startYear) * yearLength(cal)
  for (let m = 0; m < month - 1; m++) day += cal.months[m]!.days
  return day + dayOfMonth - 1
}

/**
 * The same day of the month, `months` calendar months later (earlier when negative), clamped to
 * that month's length: 31 Primus + 1 month is the last day of Secundus. Used for construction
 * times ("3 months") and other whole-month spans.
 */
export function addMonths(cal: Calendar, day: number, months: number): number {
  const d = dateOf(cal, day)
  const n = cal.months.length
  const index = d.month - 1 + months
  const yearShift = Math.floor(index / n)
  const month = index - yearShift * n
  const dayOfMonth = Math.min(d.dayOfMonth, cal.months[month]!.days)
  return dayOfDate(cal, d.year + yearShift, month + 1, dayOfMonth)
}

/**
 * "+1 month" on the clock (issue 16, point 16): the same day of the month in the next calendar
 * month, and how many days that is. When the next month is shorter than today's day of the month,
 * the clock stops on that month's last day (31 Primus + 1 month → 28 Secundus) and `clamped` says so.
 */
export function nextMonthSameDay(cal: Calendar, day: number): { day: number; days: number; clamped: boolean } {
  const to = addMonths(cal, day, 1)
  return { day: to, days: to - day, clamped: dateOf(cal, to).dayOfMonth !== dateOf(cal, day).dayOfMonth }
}
