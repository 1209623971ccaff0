/**
 * The campaign calendar (RULES.md §2 "Time"): the clock counts days; weekly steps fall on the
 * first day of the week, monthly steps on the first of a month; month and weekday names are data.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { dateLabel, dateOf, nextMonthSameDay, startsMonth, startsWeek, yearLength, type Calendar } from '../../src/shared/calendar'
import { RULE_TABLES, THEAH_CALENDAR } from '../../src/shared/rules/tables'

/** The calendar rule table's schema (what rules.set checks a calendar against). */
const CalendarSchema = RULE_TABLES.calendar.schema

const T = THEAH_CALENDAR

describe('the Théah calendar (RULES.md §2 "Time": a Théah calendar by default)', () => {
  it('is the calendar rule table\'s default, and valid under its schema', () => {
    expect(RULE_TABLES.calendar.defaults).toBe(T)
    expect(CalendarSchema.parse(T)).toEqual(T)
    expect(yearLength(T)).toBe(365)
    expect(T.weekdays).toHaveLength(7)
  })

  it('day 0 is the first day of the first month of the start year, and the first day of the week', () => {
    expect(dateOf(T, 0)).toEqual({
      year: 1668,
      month: 1,
      monthName: 'Primus',
      dayOfMonth: 1,
      weekday: 'Soldi',
      weekdayIndex: 0
    })
    expect(dateLabel(T, 0)).toBe('Soldi, 1 Primus 1668 AV')
  })

  it.each([
    [30, 1668, 1, 31, 'Marsdi, 31 Primus 1668 AV'],
    [31, 1668, 2, 1, 'Veldi, 1 Secundus 1668 AV'],
    [58, 1668, 2, 28, 'Marsdi, 28 Secundus 1668 AV'],
    [59, 1668, 3, 1, 'Veldi, 1 Tertius 1668 AV'],
    [364, 1668, 12, 31, 'Soldi, 31 Duodecimus 1668 AV'],
    [365, 1669, 1, 1, 'Lunadi, 1 Primus 1669 AV'],
    [3650, 1678, 1, 1, `${T.weekdays[3650 % 7]}, 1 Primus 1678 AV`]
  ])('day %i → %i-%i-%i (%s)', (day, year, month, dayOfMonth, label) => {
    expect(dateOf(T, day)).toMatchObject({ year, month, dayOfMonth })
    expect(dateLabel(T, day)).toBe(label)
  })

  it('month boundaries: the first of each month falls after the previous month\'s last day', () => {
    let day = 0
    for (let m = 0; m < 12; m++) {
      expect(dateOf(T, day)).toMatchObject({ month: m + 1, monthName: T.months[m]!.name, dayOfMonth: 1 })
      expect(startsMonth(T, day)).toBe(true)
      day += T.months[m]!.days
      expect(dateOf(T, day - 1)).toMatchObject({ month: m + 1, dayOfMonth: T.months[m]!.days })
      expect(startsMonth(T, day - 1)).toBe(false)
    }
    expect(dateOf(T, day)).toMatchObject({ year: 1669, month: 1, dayOfMonth: 1 })
  })

  it('the weekday cycles every 7 days and runs on across month and year ends', () => {
    for (let day = 0; day < 800; day++) {
      const d = dateOf(T, day)
      expect(d.weekdayIndex).toBe(day % 7)
      expect(d.weekday).toBe(T.weekdays[day % 7])
      expect(startsWeek(T, day)).toBe(day % 7 === 0)
    }
  })

  it('startsWeek and startsMonth are independent (RULES.md §2 "Time": weekly and monthly steps on calendar boundaries)', () => {
    expect(startsWeek(T, 7)).toBe(true)
    expect(startsMonth(T, 7)).toBe(false)
    expect(startsWeek(T, 31)).toBe(false)
    expect(startsMonth(T, 31)).toBe(true)
    expect(startsWeek(T, 0) && startsMonth(T, 0)).toBe(true)
    // 1 Decimus 1668 (day 273) also falls on Soldi.
    expect(dateLabel(T, 273)).toBe('Soldi, 1 Decimus 1668 AV')
    expect(startsWeek(T, 273) && startsMonth(T, 273)).toBe(true)
  })

  it('ten years hold 120 month starts and 522 week starts', () => {
    let months = 0
    let weeks = 0
    for (let day = 1; day <= 3650; day++) {
      if (startsMonth(T, day)) months++
      if (startsWeek(T, day)) weeks++
    }
    expect(months).toBe(120)
    expect(weeks).toBe(Math.floor(3650 / 7))
  })
})

describe('a custom calendar (RULES.md §2 "Time": the calendar\'s names are data)', () => {
  const C: Calendar = {
    months: [
      { name: 'Thaw', days: 10 },
      { name: 'Sun', days: 1 },
      { name: 'Frost', days: 4 }
    ],
    weekdays: ['Oneday', 'Twoday', 'Threeday', 'Fourday'],
    startYear: -2,
    era: ''
  }

  it('uses its own months, weeks, start year and no era', () => {
    expect(yearLength(C)).toBe(15)
    expect(dateLabel(C, 0)).toBe('Oneday, 1 Thaw -2')
    expect(dateOf(C, 10)).toMatchObject({ month: 2, monthName: 'Sun', dayOfMonth: 1, weekday: 'Threeday', weekdayIndex: 2 })
    expect(dateOf(C, 11)).toMatchObject({ month: 3, monthName: 'Frost', dayOfMonth: 1 })
    expect(dateOf(C, 14)).toMatchObject({ year: -2, month: 3, dayOfMonth: 4 })
    expect(dateOf(C, 15)).toMatchObject({ year: -1, month: 1, dayOfMonth: 1, weekdayIndex: 3 })
    expect(dateLabel(C, 30)).toBe('Threeday, 1 Thaw 0')
    expect(dateLabel(C, 45)).toBe('Twoday, 1 Thaw 1')
  })

  it('a one-day month starts a month every year; a one-day week starts a week every day', () => {
    expect(startsMonth(C, 10)).toBe(true)
    expect(startsMonth(C, 25)).toBe(true)
    const oneDayWeek: Calendar = { ...C, weekdays: ['Always'] }
    for (let d = 0; d < 40; d++) expect(startsWeek(oneDayWeek, d)).toBe(true)
  })

  it('one month holding the whole year: every day but the first is inside the month', () => {
    const single: Calendar = { months: [{ name: 'Only', days: 100 }], weekdays: ['A', 'B'], startYear: 1, era: 'X' }
    expect(dateLabel(single, 99)).toBe('B, 100 Only 1 X')
    expect(dateLabel(single, 100)).toBe('A, 1 Only 2 X')
  })

  it.each([
    [{ ...C, months: [] }, 'months', 'a calendar needs at least one month'],
    [{ ...C, weekdays: [] }, 'weekdays', 'a week needs at least one day'],
    [{ ...C, months: [{ name: 'Zero', days: 0 }] }, 'months.0.days', ''],
    [{ ...C, months: [{ name: '  ', days: 3 }] }, 'months.0.name', ''],
    [{ ...C, extra: 1 }, '', 'extra']
  ])('the schema refuses a broken calendar (%#: %s)', (value, path, message) => {
    const r = CalendarSchema.safeParse(value)
    expect(r.success).toBe(false)
    const issue = r.error!.issues[0]!
    expect(issue.path.join('.')).toBe(path)
    expect(issue.message).toContain(message)
  })
})

describe('properties (RULES.md §2 "Time")', () => {
  const calendar: fc.Arbitrary<Calendar> = fc.record({
    months: fc.array(fc.record({ name: fc.string({ minLength: 1, maxLength: 8 }).filter((s) => s.trim().length > 0), days: fc.integer({ min: 1, max: 100 }) }), {
      minLength: 1,
      maxLength: 30
    }),
    weekdays: fc.array(fc.string({ minLength: 1, maxLength: 8 }).filter((s) => s.trim().length > 0), { minLength: 1, maxLength: 14 }),
    startYear: fc.integer({ min: -100000, max: 100000 }),
    era: fc.string({ maxLength: 20 })
  })

  it('consecutive days advance dayOfMonth by 1, or wrap to 1 with the next month (and the next year after the last)', () => {
    fc.assert(
      fc.property(calendar, fc.integer({ min: 0, max: 100_000 }), (cal, day) => {
        const a = dateOf(cal, day)
        const b = dateOf(cal, day + 1)
        if (b.dayOfMonth === a.dayOfMonth + 1) {
          expect(b.month).toBe(a.month)
          expect(b.year).toBe(a.year)
          expect(startsMonth(cal, day + 1)).toBe(false)
        } else {
          expect(b.dayOfMonth).toBe(1)
          expect(a.dayOfMonth).toBe(cal.months[a.month - 1]!.days)
          expect(startsMonth(cal, day + 1)).toBe(true)
          if (a.month === cal.months.length) {
            expect(b).toMatchObject({ month: 1, year: a.year + 1 })
          } else {
            expect(b).toMatchObject({ month: a.month + 1, year: a.year })
          }
        }
        expect(b.monthName).toBe(cal.months[b.month - 1]!.name)
        expect(b.weekdayIndex).toBe((a.weekdayIndex + 1) % cal.weekdays.length)
        expect(b.weekday).toBe(cal.weekdays[b.weekdayIndex])
      }),
      { numRuns: 500 }
    )
  })

  it('a whole year later is the same month and day, one year on', () => {
    fc.assert(
      fc.property(calendar, fc.integer({ min: 0, max: 100_000 }), (cal, day) => {
        const a = dateOf(cal, day)
        const b = dateOf(cal, day + yearLength(cal))
        expect(b).toMatchObject({ month: a.month, dayOfMonth: a.dayOfMonth, year: a.year + 1 })
        expect(a.dayOfMonth).toBeGreaterThanOrEqual(1)
        expect(a.dayOfMonth).toBeLessThanOrEqual(cal.months[a.month - 1]!.days)
      }),
      { numRuns: 300 }
    )
  })
})

describe('"+1 month" on the clock (issue 16, point 16: the same day next month on the calendar)', () => {
  it('goes to the same day of the next month, by that month\'s length, across the year\'s end', () => {
    const d = nextMonthSameDay(T, 14) // 15 Primus
    expect(d).toEqual({ day: 14 + 31, days: 31, clamped: false })
    expect(dateOf(T, d.day)).toMatchObject({ monthName: 'Secundus', dayOfMonth: 15 })
    const dec = 365 - 31 + 9 // 10 Duodecimus 1668
    expect(dateOf(T, dec)).toMatchObject({ monthName: 'Duodecimus', dayOfMonth: 10 })
    expect(dateOf(T, nextMonthSameDay(T, dec).day)).toMatchObject({ year: 1669, monthName: 'Primus', dayOfMonth: 10 })
  })

  it('stops on the last day of a shorter next month, and says so (house reading, README "Rule notes")', () => {
    const d = nextMonthSameDay(T, 30) // 31 Primus
    expect(d).toEqual({ day: 58, days: 28, clamped: true })
    expect(dateOf(T, d.day)).toMatchObject({ monthName: 'Secundus', dayOfMonth: 28 })
    // From the clamped day, the month after keeps the 28th (the 31st is not remembered).
    expect(dateOf(T, nextMonthSameDay(T, 58).day)).toMatchObject({ monthName: 'Tertius', dayOfMonth: 28 })
  })

  it('is always at least one day and lands on the same day of the month or its last day, for any calendar', () => {
    const cal = fc.record({
      months: fc.array(fc.record({ name: fc.constant('M'), days: fc.integer({ min: 1, max: 40 }) }), { minLength: 1, maxLength: 14 }),
      weekdays: fc.constant(['A', 'B'] as string[]),
      startYear: fc.constant(1),
      era: fc.constant('')
    })
    fc.assert(
      fc.property(cal, fc.integer({ min: 0, max: 5000 }), (c, day) => {
        const n = nextMonthSameDay(c, day)
        const from = dateOf(c, day)
        const to = dateOf(c, n.day)
        expect(n.days).toBeGreaterThanOrEqual(1)
        expect(n.day - day).toBe(n.days)
        const len = c.months[to.month - 1]!.days
        expect(to.dayOfMonth).toBe(Math.min(from.dayOfMonth, len))
        expect(n.clamped).toBe(from.dayOfMonth > len)
      })
    )
  })
})
