import { z } from 'zod'
import { CalcInputError } from '../battle/calc-error'
import { collision, criticalHit, fate, fightFire, fireTest, weatherChange, type CriticalEffect, type Vessel } from './procedures'
import { GALLEYS_RULES, WindMarker, type GalleysRules } from './tables'
import { Cause, Hull, Propulsion, type Criticals, type Wind } from './types'

/**
 * The calculators of seed 000's procedures (the rules reference; the API's `galleys.*` calculators
 * answer with these): the same pure functions as the table, on plain values, with the dice given in
 * the order the procedure rolls them. Each input has a zod schema whose messages name the field.
 */

const Die = z.number().int('a die is a whole number').min(1, 'a d6 shows 1 to 6').max(6, 'a d6 shows 1 to 6')
const Count = (max: number) => z.number().int('must be a whole number').min(0, 'must not be negative').max(max, `must be at most ${max}`)

export const CriticalsInput = z
  .object({ captain: Count(20).default(0), rudder: Count(20).default(0), holed: z.boolean().default(false), rigging: Count(20).default(0), fires: Count(20).default(0) })
  .strict()
export const VesselInput = z
  .object({ hull: Hull, propulsion: Propulsion, traits: z.array(z.string().trim().min(1).max(80)).max(30).default([]), criticals: CriticalsInput.default({ captain: 0, rudder: 0, holed: false, rigging: 0, fires: 0 }) })
  .strict()

export const WeatherInput = z
  .object({ wind: z.object({ direction: Count(63), marker: WindMarker.nullable().default(null) }).strict(), dice: z.array(Die).max(3) })
  .strict()
export function weatherCalc(input: z.input<typeof WeatherInput>, rules: GalleysRules = GALLEYS_RULES): { wind: Wind; changed: boolean; log: string[] } {
  const i = WeatherInput.parse(input)
  if (i.wind.direction >= rules.table.gaugePoints) throw new CalcInputError(`the gauge has points 0 to ${rules.table.gaugePoints - 1}`, 'wind.direction')
  const r = weatherChange(rules.weather, rules.table, i.wind, i.dice)
  return { wind: r.wind, changed: r.changed, log: r.log }
}

export const CriticalInput = z.object({ vessel: VesselInput, dice: z.array(Die).length(2, 'give the red die and the white die') }).strict()
export function criticalCalc(input: z.input<typeof CriticalInput>, rules: GalleysRules = GALLEYS_RULES): { effect: CriticalEffect; criticals: Criticals; text: string } {
  const i = CriticalInput.parse(input)
  const r = criticalHit(rules.criticals, i.vessel as Vessel, i.dice)
  return { effect: r.effect, criticals: r.criticals, text: r.text }
}

export const FireInput = z.object({ vessel: VesselInput, actions: Count(3), dice: z.array(Die).max(30) }).strict()
/**
 * Seed 000, Fire, for one vessel's turn: a die for each fire (any 6 explodes), else one critical at +1
 * (red, white: no holes, no explosion), then her activation fighting one fire (a die with one or two
 * actions; none with three or none).
 */
export function fireCalc(input: z.input<typeof FireInput>, rules: GalleysRules = GALLEYS_RULES) {
  const i = FireInput.parse(input)
  const fires = i.vessel.criticals.fires
  if (fires === 0) throw new CalcInputError('she is not on fire: give her fires (1 or more)', 'vessel.criticals.fires')
  const t = fireTest(rules.fire, fires, i.dice.slice(0, fires))
  const log = [t.text]
  if (t.explodes) {
    if (i.dice.length > fires) throw new CalcInputError(`dice: she explodes on the fire dice; ${i.dice.length - fires} more were given`)
    return { explodes: true, critical: null, putOut: 0, criticals: i.vessel.criticals, log }
  }
  const c = criticalHit(rules.criticals, i.vessel as Vessel, i.dice.slice(fires, fires + 2), { fireRoll: true })
  log.push(c.text)
  const f = fightFire(rules.fire, i.actions, i.dice.slice(fires + 2))
  log.push(f.text)
  const criticals = { ...c.criticals, fires: c.criticals.fires - (f.out ? 1 : 0) }
  return { explodes: false, critical: { effect: c.effect, criticals: c.criticals }, putOut: f.out ? 1 : 0, cutGrapples: f.cutGrapples, criticals, log }
}

export const CollisionInput = z
  .object({ roll: Die, reinforcedHull: z.boolean().default(false), againstBoats: z.boolean().default(false), againstLowerC: z.boolean().default(false) })
  .strict()
export function collisionCalc(input: z.input<typeof CollisionInput>, rules: GalleysRules = GALLEYS_RULES) {
  const r = collision(rules.collisions, CollisionInput.parse(input))
  return { result: r.result, hits: r.hits as 0 | 1 | 2, total: r.total, terms: r.terms }
}

export const FateInput = z
  .object({ cause: Cause, holed: z.boolean().default(false), doubled: z.boolean().default(false), roll: Die.optional(), lowerC: z.boolean().default(false) })
  .strict()
  .refine((f) => f.cause !== 'collision' || f.roll !== undefined, { message: 'a collision needs the sinking roll (a d6)', path: ['roll'] })
export function fateCalc(input: z.input<typeof FateInput>, rules: GalleysRules = GALLEYS_RULES): 'sink' | 'strike' {
  return fate(rules.collisions, FateInput.parse(input)).fate
}

