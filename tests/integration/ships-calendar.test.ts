/**
 * Construction times are whole calendar months (seed 003, I: "construction times … 2 months"):
 * `addMonths` lands on the same day of the month N months later, clamped to that month's length
 * (RULES.md §2 "Time": the calendar is data).
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { addMonths, dateLabel, dateOf, dayOfDate, yearLength, type Calendar } from '../../src/shared/calendar'
import { THEAH_CALENDAR as T } from '../../src/shared/rules/tables'

const day = (year: number, month: number, dom: number) => dayOfDate(T, year, month, dom)

describe('dayOfDate', () => {
  it('is the inverse of dateOf on the Théah calendar', () => {
    expect(day(1668, 1, 1)).toBe(0)
    expect(day(1668, 2, 1)).toBe(31)
    expect(day(1669, 1, 1)).toBe(365)
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 365 * 40 }), (d) => {
        const x = dateOf(T, d)
        expect(dayOfDate(T, x.year, x.month, x.dayOfMonth)).toBe(d)
      })
    )
  })
})

describe('addMonths (RULES.md §2 "Time": construction times in calendar months)', () => {
  it.each([
    // from, months, to
    ['Soldi, 1 Primus 1668 AV', 0, 0, 'Soldi, 1 Primus 1668 AV'],
    ['1 Primus + 2 months', 0, 2, 'Veldi, 1 Tertius 1668 AV'],
    ['1 Primus + 3 months', 0, 3, 'Saturdi, 1 Quartus 1668 AV'],
    ['15 Secundus + 1 month', 31 + 14, 1, dateLabel(T, day(1668, 3, 15))],
    ['31 Primus + 1 month: clamped to 28 Secundus', 30, 1, 'Marsdi, 28 Secundus 1668 AV'],
    ['31 Primus + 3 months: clamped to 30 Quartus', 30, 3, dateLabel(T, day(1668, 4, 30))],
    ['31 Tertius + 1 month: clamped to 30 Quartus', day(1668, 3, 31), 1, dateLabel(T, day(1668, 4, 30))],
    ['1 Undecimus + 3 months: into the next year', day(1668, 11, 1), 3, dateLabel(T, day(1669, 2, 1))],
    ['31 Duodecimus + 2 months: 28 Secundus next year', day(1668, 12, 31), 2, dateLabel(T, day(1669, 2, 28))],
    ['1 Primus + 12 months: a year on', 0, 12, dateLabel(T, 365)],
    ['1 Primus 1669 − 1 month: 1 Duodecimus 1668', 365, -1, dateLabel(T, day(1668, 12, 1))]
  ])('%s', (_name, from, months, label) => {
    expect(dateLabel(T, addMonths(T, from, months))).toBe(label)
  })

  it('works on any calendar (the calendar is a rule table): short months clamp, years roll over', () => {
    const cal: Calendar = {
      months: [
        { name: 'Long', days: 40 },
        { name: 'Short', days: 3 },
        { name: 'Mid', days: 10 }
      ],
      weekdays: ['One', 'Two'],
      startYear: 1,
      era: ''
    }
    expect(addMonths(cal, 39, 1)).toBe(42) // 40 Long → 3 Short
    expect(addMonths(cal, 39, 2)).toBe(52) // 40 Long → 10 Mid
    expect(addMonths(cal, 39, 3)).toBe(yearLength(cal) + 39) // 40 Long of the next year
    expect(dateOf(cal, addMonths(cal, 42, 3))).toMatchObject({ year: 2, month: 2, dayOfMonth: 3 }) // 3 Short → 3 Short a year on
    expect(dateOf(cal, addMonths(cal, 41, 4))).toMatchObject({ year: 2, month: 3, dayOfMonth: 2 }) // 2 Short → 2 Mid next year
  })

  it('lands in the right month, on the same day clamped to its length, and never before the start', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 365 * 30 }), fc.integer({ min: 0, max: 60 }), (from, n) => {
        const a = dateOf(T, from)
        const to = addMonths(T, from, n)
        const b = dateOf(T, to)
        const months = (b.year - a.year) * 12 + (b.month - a.month)
        expect(months).toBe(n)
        expect(b.dayOfMonth).toBe(Math.min(a.dayOfMonth, T.months[b.month - 1]!.days))
        expect(to).toBeGreaterThanOrEqual(from)
        if (n > 0) expect(to).toBeGreaterThan(from)
      })
    )
  })
})
