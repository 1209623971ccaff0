import { describe, expect, it } from 'vitest'
import { ATRILIA_UPKEEP, atrilianUpkeep, upkeepSentence } from '../../src/shared/atrilia/upkeep'
import { ATRILIA_CALENDAR, RULE_TABLES, THEAH_CALENDAR } from '../../src/shared/rules/tables'
import { calendarTableOf, dateLabel } from '../../src/shared/calendar'

describe('an Atrilian ship’s monthly bill (rules guide §3 "Money")', () => {
  it('rules guide §3: sailors, marines by the point and wizards are paid and fed, each line with its terms', () => {
    const bill = atrilianUpkeep({ sailors: 40, marines: 1, wizards: { kind: 'fire', count: 2 } }, ATRILIA_UPKEEP, 25)
    expect(bill.lines).toEqual([
      { label: 'Wages: 40 sailors × 10 dinars', value: 400 },
      { label: 'Wages: 25 marines (1 point × 25 men) × 10 dinars', value: 250 },
      { label: 'Wages: 2 fire wizards × 40 dinars', value: 80 },
      { label: 'Food: 67 people aboard × 4 dinars', value: 268 }
    ])
    expect(bill).toMatchObject({ wages: 730, food: 268, total: 998, heads: 67 })
  })

  it('nobody aboard costs nothing, and says so', () => {
    const bill = atrilianUpkeep({ sailors: 0, marines: 0, wizards: null }, ATRILIA_UPKEEP, 25)
    expect(bill).toMatchObject({ total: 0, lines: [] })
    expect(upkeepSentence(bill)).toBe('nobody aboard: 0 dinars')
  })

  it('an edited table and men a point change the bill', () => {
    const bill = atrilianUpkeep({ sailors: 10, marines: 2, wizards: null }, { sailor: 12, marine: 15, wizard: 40, foodPerHeadMonth: 5 }, 20)
    expect(bill.total).toBe(10 * 12 + 40 * 15 + 50 * 5)
  })
})

describe('the Atrilian calendar (rules guide §2 "Time")', () => {
  it('rules guide §2: an Atrilia campaign reads its own calendar table, a house default with Théah’s month lengths; Théah’s is unchanged', () => {
    expect(calendarTableOf('atrilia')).toBe('calendarAtrilia')
    expect(calendarTableOf('theah')).toBe('calendar')
    expect(RULE_TABLES.calendarAtrilia.seedValue).toBe(false)
    expect(RULE_TABLES.calendarAtrilia.schema.safeParse(ATRILIA_CALENDAR).success).toBe(true)
    expect(ATRILIA_CALENDAR.months.map((m) => m.days)).toEqual(THEAH_CALENDAR.months.map((m) => m.days))
    expect(dateLabel(ATRILIA_CALENDAR, 0)).toBe('First Day, 1 Early Spring 1')
    expect(dateLabel(ATRILIA_CALENDAR, 365)).toBe('Second Day, 1 Early Spring 2')
    expect(dateLabel(THEAH_CALENDAR, 0)).toBe('Soldi, 1 Primus 1668 AV')
  })
})
