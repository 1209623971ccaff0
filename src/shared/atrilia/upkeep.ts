import { z } from 'zod'
import type { RuleTableDef } from '../rules/table-def'
import type { Term } from '../ship/design'
import { CREW_UPKEEP, CREW_WAGES } from '../ship/upkeep-tables'
import { Int } from './tables'

/**
 * An Atrilian ship's monthly upkeep (rules guide §3 "Money": seed 002 gives no wages or food, so the
 * Théah defaults are used with 1 dinar = 1 guilder; issue 18). Her sailors, her marines (strength
 * points of so many men, the Atrilian voyages table) and her wizards are paid a month's wages and fed
 * a month's food, in dinars. Pure: the caller gives the people aboard and the tables.
 *
 * Readings (in the README's rule notes):
 * - The rows are copied from the Théah defaults (crew wages: a sailor 10; marines paid as sailors;
 *   crew upkeep: food 4 a head a month), 1 dinar = 1 guilder. A wizard has no Théah wage: paid as a
 *   Théah pilot or physician, 40 (the trained specialists aboard), a house default.
 * - Wizards ride amongst the marines and take no room (§9.1), but are paid and fed as well as them.
 * - The bill falls on the first of each month for every Atrilian ship afloat then, for a whole month
 *   (as Théah's wages do); seed 002 counts no food on a voyage, so food is a month's too, port or sea.
 */

const Dinars = Int(0, 1_000_000)

export const AtriliaUpkeepSchema = z
  .object({
    /** A sailor's wage a month, in dinars. */
    sailor: Dinars,
    /** A marine's wage a month (each man of a strength point). */
    marine: Dinars,
    /** A wizard's wage a month (sea or fire). */
    wizard: Dinars,
    /** Food for each person aboard a month. */
    foodPerHeadMonth: Dinars
  })
  .strict()
export type AtriliaUpkeep = z.output<typeof AtriliaUpkeepSchema>

export const ATRILIA_UPKEEP: AtriliaUpkeep = {
  sailor: CREW_WAGES.sailor,
  marine: CREW_WAGES.marinesAsSailors ? CREW_WAGES.sailor : CREW_WAGES.marine,
  wizard: CREW_WAGES.pilot,
  foodPerHeadMonth: CREW_UPKEEP.foodPerCrewMonth
}

export const ATRILIA_UPKEEP_TABLE_DEF: RuleTableDef<typeof AtriliaUpkeepSchema> = {
  title: 'Atrilian wages and food',
  description:
    'What an Atrilian ship costs her owners each month, in dinars: the wage of each sailor, each marine (every man of a strength point) and ' +
    'each wizard, and the food of everyone aboard. Charged on the first of the month, by the owners’ shares.',
  source:
    'House default (from Théah), 1 dinar = 1 guilder (rules guide §3 "Money": the Naval Rules give no wages or food): a sailor 10 and ' +
    'marines paid as sailors (the Théah crew wages, rules guide §2), food 4 a head a month (seed 003 I.2). A wizard: 40, a Théah pilot’s ' +
    'or physician’s wage (house default).',
  seedValue: false,
  schema: AtriliaUpkeepSchema,
  defaults: ATRILIA_UPKEEP
}

export interface AtrilianAboard {
  sailors: number
  /** Marine strength points. */
  marines: number
  wizards: { kind: 'sea' | 'fire'; count: number } | null
}

export interface AtrilianUpkeepBill {
  wages: number
  food: number
  total: number
  /** Everyone fed: sailors, the marines' men and the wizards. */
  heads: number
  /** Each line with its terms in words ("120 sailors × 10 dinars"), the wages then the food. */
  lines: Term[]
}

const n = (x: number) => x.toLocaleString('en')
const many = (k: number, one: string, more = `${one}s`) => `${n(k)} ${k === 1 ? one : more}`

/** A month's wages and food for the people aboard, every line with its terms. */
export function atrilianUpkeep(aboard: AtrilianAboard, table: AtriliaUpkeep, menPerPoint: number, currency = 'dinars'): AtrilianUpkeepBill {
  const marineMen = aboard.marines * menPerPoint
  const wizards = aboard.wizards?.count ?? 0
  const wizardWord = aboard.wizards?.kind === 'fire' ? 'fire wizard' : 'sea wizard'
  const lines: Term[] = []
  if (aboard.sailors > 0) lines.push({ label: `Wages: ${many(aboard.sailors, 'sailor')} × ${n(table.sailor)} ${currency}`, value: aboard.sailors * table.sailor })
  if (marineMen > 0) {
    lines.push({
      label: `Wages: ${many(marineMen, 'marine')} (${many(aboard.marines, 'point')} × ${menPerPoint} men) × ${n(table.marine)} ${currency}`,
      value: marineMen * table.marine
    })
  }
  if (wizards > 0) lines.push({ label: `Wages: ${many(wizards, wizardWord)} × ${n(table.wizard)} ${currency}`, value: wizards * table.wizard })
  const wages = lines.reduce((s, l) => s + l.value, 0)
  const heads = aboard.sailors + marineMen + wizards
  const food = heads * table.foodPerHeadMonth
  if (heads > 0) lines.push({ label: `Food: ${many(heads, 'person', 'people')} aboard × ${n(table.foodPerHeadMonth)} ${currency}`, value: food })
  return { wages, food, total: wages + food, heads, lines }
}

/** "120 sailors × 10 dinars = 1,200; … : 2,140 dinars": the bill as one sentence. */
export function upkeepSentence(bill: AtrilianUpkeepBill, currency = 'dinars'): string {
  if (bill.lines.length === 0) return `nobody aboard: 0 ${currency}`
  return `${bill.lines.map((l) => `${l.label.replace(/^(Wages|Food): /, (_m, w: string) => `${w.toLowerCase()} `)} = ${n(l.value)}`).join('; ')}: ${n(bill.total)} ${currency}`
}
