import { z } from 'zod'
import { drift, hitLocation } from './cannon-fire'
import type { Term } from '../battle/ruleset'
import { buildDeck, type DeckCounts } from './maneuver-deck'
import { reefTokens } from './maneuvers'
import { melee } from './melee'
import { BROADSIDES_RULES, Officer, type BroadsidesRules, type HitLocation } from './tables'
import { shiftWind } from './wind'

/**
 * The calculators of seed 001's procedures (the rules reference; the API's `broadsides.*` calculators
 * answer with these): the same pure functions as the engine, on plain values. Each input has a zod
 * schema whose messages name the field.
 */

const Die = z.number().int('a die is a whole number').min(1, 'a d6 shows 1 to 6').max(6, 'a d6 shows 1 to 6')
const Count = (min: number, max: number) => z.number().int('must be a whole number').min(min, min === 0 ? 'must not be negative' : `must be at least ${min}`).max(max, `must be at most ${max}`)
const Rows = z
  .array(Count(0, 15))
  .max(16)
  .superRefine((rows, ctx) => {
    rows.forEach((r, i) => {
      if (rows.indexOf(r) !== i) ctx.addIssue({ code: 'custom', message: `row ${r} is listed twice: list a row with hull tokens once, stacked or not`, path: [i] })
    })
  })

export const DeckInput = z
  .object({ speed: Count(0, 3), mastsLost: Count(0, 3), hullRows: z.object({ port: Rows, starboard: Rows }).strict() })
  .strict()
/** Seed 001, Maneuver Decks; rules guide §5: the deck of 6 built from the speed, the masts lost and the damaged rows. */
export function deckCalc(input: z.input<typeof DeckInput>, rules: BroadsidesRules = BROADSIDES_RULES): DeckCounts & { terms: Term[] } {
  const i = DeckInput.parse(input)
  const built = buildDeck(rules.deck, { speed: i.speed, mastsLost: i.mastsLost, portRows: i.hullRows.port.length, starboardRows: i.hullRows.starboard.length })
  return { ...built.counts, terms: built.terms }
}

export const DriftInput = z
  .object({ roll: Die.optional(), masterGunner: z.boolean().default(false) })
  .strict()
  .refine((d) => d.masterGunner || d.roll !== undefined, { message: 'give the drift die (1 to 6), unless the Master Gunner is on that deck', path: ['roll'] })
/** Seed 001, Ship Combat: drift — 1–2 one row left, 3–4 none, 5–6 one row right; none with the Master Gunner. */
export function driftCalc(input: z.input<typeof DriftInput>, rules: BroadsidesRules = BROADSIDES_RULES): { rows: -1 | 0 | 1 } {
  const i = DriftInput.parse(input)
  return drift(rules.drift, i.roll, i.masterGunner)
}

export const HitInput = z.object({ roll: Die }).strict()
/** Rules guide §5: where the cannonball hits. */
export function hitCalc(input: z.input<typeof HitInput>, rules: BroadsidesRules = BROADSIDES_RULES): { location: HitLocation } {
  return { location: hitLocation(rules.hit, HitInput.parse(input).roll) }
}

export const ReefInput = z.object({ speed: Count(0, 3) }).strict()
/** Seed 001, Reefs: hull tokens by speed. */
export function reefCalc(input: z.input<typeof ReefInput>, rules: BroadsidesRules = BROADSIDES_RULES): { hullTokens: number } {
  return { hullTokens: reefTokens(rules.reefs, ReefInput.parse(input).speed) }
}

const Officers = z.array(Officer).max(4).superRefine((a, ctx) => {
  a.forEach((o, i) => {
    if (a.indexOf(o) !== i) ctx.addIssue({ code: 'custom', message: 'each officer may be listed once', path: [i] })
  })
})
const MeleeSideInput = z.object({ roll: Die, crew: Count(1, 30), officers: Officers.default([]) }).strict()
const withinCrew = (s: { crew: number; officers: string[] }) => s.officers.length <= s.crew
export const MeleeInput = z
  .object({
    attacker: MeleeSideInput.refine(withinCrew, { message: 'crew counts every unit in the space, officers included: list no more officers than that', path: ['officers'] }),
    defender: MeleeSideInput.extend({ topOfLadder: z.boolean().default(false), higherDeck: z.boolean().default(false) }).refine(withinCrew, {
      message: 'crew counts every unit in the space, officers included: list no more officers than that',
      path: ['officers']
    })
  })
  .strict()
/** Seed 001, Boarding Action: hand to hand. */
export function meleeCalc(input: z.input<typeof MeleeInput>, rules: BroadsidesRules = BROADSIDES_RULES): { attack: number; defence: number; loser: 'attacker' | 'defender' | null; losses: number; attackTerms: Term[]; defenceTerms: Term[] } {
  const i = MeleeInput.parse(input)
  const r = melee(rules.melee, rules.officers, i.attacker, i.defender)
  return { attack: r.attack, defence: r.defence, loser: r.loser, losses: r.losses, attackTerms: r.attackTerms, defenceTerms: r.defenceTerms }
}

export const WindInput = z.object({ direction: Count(0, 7), roll: Die }).strict()
/** Seed 001, Wind; rules guide §5 Compass: each later turn the wind backs, holds or veers one point. */
export function windCalc(input: z.input<typeof WindInput>, rules: BroadsidesRules = BROADSIDES_RULES): { direction: number; shift: number } {
  const i = WindInput.parse(input)
  const r = shiftWind(rules.wind, i.direction, i.roll)
  return { direction: r.direction, shift: r.shift }
}
