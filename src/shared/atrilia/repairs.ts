import { z } from 'zod'
import type { RuleTableDef } from '../rules/table-def'
import type { Term } from '../ship/design'
import { Int } from './tables'

/**
 * Repairing a crippled Atrilian ship in a campaign (rules guide §3, a house default: seed 002 gives a
 * crippled ship no campaign repair): she lies this many days in a friendly port and her owners pay
 * this share of her price, then she is whole again. Pure.
 */

export const AtriliaRepairsSchema = z
  .object({
    /** Days in a friendly port (rules guide §3: two weeks). */
    days: Int(1, 365),
    /** Percent of her price the repair costs (rules guide §3: 10%). */
    pricePercent: z.number().min(0, 'must be at least 0').max(100, 'must be at most 100')
  })
  .strict()
export type AtriliaRepairs = z.output<typeof AtriliaRepairsSchema>

export const ATRILIA_REPAIRS: AtriliaRepairs = { days: 14, pricePercent: 10 }

export const ATRILIA_REPAIRS_TABLE_DEF: RuleTableDef<typeof AtriliaRepairsSchema> = {
  title: 'Atrilian repairs',
  description: 'A ship crippled in battle is repaired by lying this many days in a friendly port; when they are done her owners pay this share of her price.',
  source: 'House default (rules guide §3): "two weeks in a friendly port and 10% of her price". Seed 002 gives a crippled ship no campaign repair.',
  seedValue: false,
  schema: AtriliaRepairsSchema,
  defaults: ATRILIA_REPAIRS
}

/** What the repair costs: the share of her price, rounded to the nearest dinar, with its terms. */
export function repairCost(price: number, rules: AtriliaRepairs): { cost: number; breakdown: Term[] } {
  const cost = Math.round((price * rules.pricePercent) / 100)
  return {
    cost,
    breakdown: [
      { label: 'her price', value: price },
      { label: `× ${rules.pricePercent}% (rules guide §3), to the nearest dinar`, value: cost }
    ]
  }
}

/** "two weeks" for 14 days, "10 days" otherwise. */
export const repairDaysText = (days: number): string => (days % 7 === 0 ? `${days / 7 === 1 ? 'one week' : days / 7 === 2 ? 'two weeks' : `${days / 7} weeks`}` : `${days} day${days === 1 ? '' : 's'}`)
