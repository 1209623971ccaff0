import { z } from 'zod'
import { directionTo, label, onMap, type Hex } from '../atrilia/hex'
import { Column, COMBAT_RESULTS, Nation, RAM_RESULTS, RamKind } from '../atrilia/tables'
import { MoveStep } from '../atrilia/types'
import { contract } from './contract'
import { Term } from './core'

/**
 * The calculators of the Atrilian hex battle (seed 002 "Naval Rules", issue 17): the rules
 * reference panel and the tests ask them what a rule gives, with every term. With a campaign open they
 * read its Atrilian battle rule table as its GM edited it; with none, the seed's (the table's defaults).
 *
 * Hexes are axial `{q, r}` on the flat-topped 12 × 18 map (column A–L is q = 0…11); a facing is
 * 1–6, 1 the neighbour (0, −1) ("north"), increasing clockwise: 1 (0,−1), 2 (+1,−1), 3 (+1,0),
 * 4 (0,+1), 5 (−1,+1), 6 (−1,0). Hexes in an answer carry their label ("D11") beside them.
 */

const whole = 'must be a whole number'
const Int = (min: number, max: number) => z.number().int(whole).min(min, `must be at least ${min}`).max(max, `must be at most ${max}`)
/** One face of the die (seed 002 is d6 throughout). */
const Die = Int(1, 6)
/** Crew quality 0 crippled, 1 slave, 2 green, 3 veteran, 4 elite (TABLES "Naval Crew Quality"). */
const CrewQuality = Int(0, 4)
/** War gaming size: 1–3 (size 0 ships are not used in naval battles, §2). */
const Size = Int(1, 3)

const MAP_WORDS = 'must be a hex of the 12 × 18 map (columns A–L, rows 1–18)'
/** A hex of the battle map. */
const Q = Int(0, 11)
/** Row = r + ⌊q / 2⌋ (odd-q layout), 0…17: r runs from −5 (column K or L, row 1) to 17 (column A, row 18). */
const R = Int(-5, 17)
/** q and r passed their own bounds (zod runs an object's refinements after those issues too: only one issue a field). */
const inBounds = (h: { q: number; r: number }) => Q.safeParse(h.q).success && R.safeParse(h.r).success
export const MapHex = z
  .object({ q: Q, r: R })
  .strict()
  .refine((h) => !inBounds(h) || onMap(h), { message: MAP_WORDS })
const Facing = Int(1, 6)

/** A hex in an answer, with its label beside it. */
const LabelledHex = z.object({ q: z.number().int(), r: z.number().int(), label: z.string() })
/** The 'On Fire' table's results (sinking, burning, extinguished) and the 'Sinking' table's (sinks, sinking, repaired). */
const REPAIR_RESULTS = ['sinking', 'burning', 'extinguished', 'sinks', 'repaired'] as const
export const withLabel = (h: Hex) => ({ q: h.q, r: h.r, label: label(h) })

export const atriliaContracts = {
  'atrilia.movement': contract({
    summary: "A ship's movement allowance (seed 002 §5.1–5.3): the fleet's die + her crew quality; a crippled ship has quality 0, a sinking ship may not move.",
    scope: 'app',
    mutates: false,
    input: z.object({ crewQuality: CrewQuality, roll: Die, crippled: z.boolean().default(false), sinking: z.boolean().default(false) }).strict(),
    output: z.object({ allowance: z.number().int(), breakdown: z.array(Term) })
  }),
  'atrilia.pathCost': contract({
    summary: 'What a path of steps costs in movement points (seed 002 §5.4–5.6): forward 2, back 3, one hexside to port or starboard 5.',
    scope: 'app',
    mutates: false,
    input: z.object({ steps: z.array(MoveStep).max(30, 'give at most 30 steps') }).strict(),
    output: z.object({ cost: z.number().int(), breakdown: z.array(Term) })
  }),
  'atrilia.ramKind': contract({
    summary: "Which ram a ship entering the target's hex from the next hex makes (seed 002 §6): through her bow an oar rake, through her stern a rudder attack, through any of her four broadside hexsides a broadside ram.",
    scope: 'app',
    mutates: false,
    input: z
      .object({ attacker: MapHex, target: z.object({ q: Q, r: R, facing: Facing }).strict() })
      .strict()
      .superRefine((v, ctx) => {
        if (!inBounds(v.target) || !inBounds(v.attacker)) return
        if (!onMap(v.target)) ctx.addIssue({ code: 'custom', path: ['target'], message: MAP_WORDS })
        else if (onMap(v.attacker) && !directionTo(v.target, v.attacker))
          ctx.addIssue({ code: 'custom', path: ['attacker'], message: `must be a hex next to the target (${label(v.target)}); ${label(v.attacker)} is not` })
      }),
    output: RamKind
  }),
  'atrilia.ram': contract({
    summary: 'A ram on the Ramming Table (seed 002 §6, TABLES): die + crew quality, +1 for a ship larger than her target, read on the oar rake, rudder attack or broadside ram column.',
    scope: 'app',
    mutates: false,
    input: z.object({ kind: RamKind, roll: Die, crewQuality: CrewQuality, attackerSize: Size, targetSize: Size }).strict(),
    output: z.object({ total: z.number().int(), result: z.enum(RAM_RESULTS), breakdown: z.array(Term) })
  }),
  'atrilia.attack': contract({
    summary:
      'An attack on the Naval Combat Results Table (seed 002 §8–§9, TABLES): one die on its column; boardings add corvus +1, the target’s castle −1, a crippled target +1, rammed −1; a nation given adds its characteristic (§11.1).',
    scope: 'app',
    mutates: false,
    input: z
      .object({
        column: Column,
        roll: Die,
        modifiers: z
          .object({ corvus: z.boolean().optional(), castle: z.boolean().optional(), crippledTarget: z.boolean().optional(), rammed: z.boolean().optional(), nation: Nation.optional() })
          .strict()
          .default({})
      })
      .strict(),
    output: z.object({ total: z.number().int(), result: z.enum(COMBAT_RESULTS), breakdown: z.array(Term) })
  }),
  'atrilia.repair': contract({
    summary: "A roll on the Naval Repair Tables (seed 002 §10): die + ship size on the 'On Fire' or the 'Sinking' table (+1 for Pheacians when a nation is given, §11.1).",
    scope: 'app',
    mutates: false,
    input: z.object({ table: z.enum(['fire', 'sinking']), roll: Die, size: Size, nation: Nation.optional() }).strict(),
    output: z.object({ total: z.number().int(), result: z.enum(REPAIR_RESULTS), breakdown: z.array(Term) })
  }),
  'atrilia.lineOfSight': contract({
    summary:
      'Line of sight (seed 002 §8.7) from the centre of one hex to the centre of another: blocked by any blocking hex (a ship or land) it passes through; a line along a hexside is blocked only if both hexes beside it block.',
    scope: 'app',
    mutates: false,
    input: z.object({ from: MapHex, to: MapHex, blocking: z.array(MapHex).max(216, 'give at most 216 hexes (the whole map)') }).strict(),
    output: z.object({
      clear: z.boolean(),
      /** The hexes the line crosses (not its two ends), nearest first. */
      through: z.array(LabelledHex),
      /** The hexsides it runs along: the two hexes beside each. */
      along: z.array(z.tuple([LabelledHex, LabelledHex])),
      /** The blocking hexes that block it (empty when clear). */
      blockedBy: z.array(LabelledHex)
    })
  })
} as const
