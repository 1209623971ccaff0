import { z } from 'zod'
import type { RuleTableDef } from '../rules/table-def'
import type { Term } from '../ship/design'
import { Int, type ShipType } from './tables'

/**
 * How far an Atrilian ship sails in a campaign day (seed 002 §2 "Speed: Only used for campaign game";
 * rules guide §3): the midpoint of her speed range for the hours of sailing a day, and the men a marine
 * strength point stands for. One table and one function, read by the shipyard's quote (a day's run on
 * her sheet), the crew's marines and the voyage, so they always agree. Pure.
 */


// ─── The daily distance ─────────────────────────────────────────────────────────────────────────

export const AtriliaVoyagesSchema = z
  .object({
    /** Hours of sailing a day (rules guide §3: 12). */
    hoursPerDay: z.number().min(1, 'must be at least 1').max(24, 'must be at most 24'),
    /** Men a marine strength point stands for (rules guide §3: 25), for what a hold can carry. */
    menPerMarinePoint: Int(1, 1000)
  })
  .strict()
export type AtriliaVoyages = z.output<typeof AtriliaVoyagesSchema>

export const ATRILIA_VOYAGES: AtriliaVoyages = { hoursPerDay: 12, menPerMarinePoint: 25 }

export const ATRILIA_VOYAGES_TABLE_DEF: RuleTableDef<typeof AtriliaVoyagesSchema> = {
  title: 'Atrilian voyages',
  description:
    'How far an Atrilian ship sails in a day: the midpoint of her speed range (the Atrilian ships table) for this many hours of sailing; ' +
    'the squadron sails at its slowest ship. And the men a marine strength point stands for, which limits the marines an encountered ship carries.',
  source:
    'House default (rules guide §3): seed 002 §2 gives speed as a range ("3 to 14 km/h") "only used for campaign game"; a campaign voyage uses the ' +
    'midpoint for 12 hours of sailing a day. One marine strength point = 25 men (rules guide §3).',
  seedValue: false,
  schema: AtriliaVoyagesSchema,
  defaults: ATRILIA_VOYAGES
}

const one = (n: number) => String(Math.round(n * 100) / 100)

/** "3–14 km/h" (or "6 km/h" for a single speed). */
export function speedRangeText(t: Pick<ShipType, 'speedKmh'>): string {
  return t.speedKmh.min === t.speedKmh.max ? `${one(t.speedKmh.min)} km/h` : `${one(t.speedKmh.min)}–${one(t.speedKmh.max)} km/h`
}

/** A ship's kilometres a day: the midpoint of her speed range × the hours of sailing a day, every term shown. */
export function dailyDistance(t: ShipType, rules: AtriliaVoyages): { kmPerDay: number; midKmh: number; breakdown: Term[]; text: string } {
  const mid = (t.speedKmh.min + t.speedKmh.max) / 2
  const km = Math.round(mid * rules.hoursPerDay)
  const breakdown: Term[] = [
    { label: `${t.name}: slowest speed, km/h (Naval Rules §2)`, value: t.speedKmh.min },
    { label: `${t.name}: fastest speed, km/h`, value: t.speedKmh.max },
    { label: 'Midpoint of the range, km/h', value: mid },
    { label: 'Hours of sailing a day (house default)', value: rules.hoursPerDay }
  ]
  const text = `${t.name}, ${speedRangeText(t)}, midpoint ${one(mid)} km/h × ${one(rules.hoursPerDay)} h = ${km} km a day`
  return { kmPerDay: km, midKmh: mid, breakdown, text }
}

