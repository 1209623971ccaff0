import { describe, expect, it } from 'vitest'
import { ATRILIA_REPAIRS, AtriliaRepairsSchema, repairCost, repairDaysText } from '../../src/shared/atrilia/repairs'

describe('repairing a crippled Atrilian ship (rules guide §3, house default)', () => {
  it('RULES.md §3: two weeks in a friendly port and 10% of her price, to the nearest dinar, with its terms', () => {
    expect(ATRILIA_REPAIRS).toEqual({ days: 14, pricePercent: 10 })
    expect(repairCost(18_300, ATRILIA_REPAIRS)).toEqual({
      cost: 1830,
      breakdown: [
        { label: 'her price', value: 18_300 },
        { label: '× 10% (rules guide §3), to the nearest dinar', value: 1830 }
      ]
    })
    expect(repairCost(2_505, ATRILIA_REPAIRS).cost).toBe(251)
    expect(repairDaysText(14)).toBe('two weeks')
    expect(repairDaysText(7)).toBe('one week')
    expect(repairDaysText(10)).toBe('10 days')
  })

  it('refuses an edited table out of bounds, naming the field', () => {
    const bad = AtriliaRepairsSchema.safeParse({ days: 0, pricePercent: 120 })
    expect(bad.success).toBe(false)
    expect(bad.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['days', 'must be at least 1'],
      ['pricePercent', 'must be at most 100']
    ])
  })
})
