import { z } from 'zod'
import { contract } from './contract'
import { Term } from './core'

/**
 * Fighting a campaign encounter under another rule system (issue 21): the preview of every ship as the
 * chosen rules measure her (each number with its terms, and the GM's adjustments for this battle), and
 * the fight itself, linked to the voyage. The conversion tables are rule tables (src/shared/conversion).
 */

const Id = z.number().int().positive()
const Int = (min: number, max: number) => z.number().int('must be a whole number').min(min, `must be at least ${min}`).max(max, `must be at most ${max}`)
const Dice = z.array(z.number().int()).max(2000).optional()
const Converted = z.object({ value: z.number(), terms: z.array(Term) })

/** The rule systems an encounter can be fought under by conversion (so far: the Galleys & Galleons table). */
export const ConversionRuleset = z.enum(['galleys', 'broadsides'], {
  error: 'ruleset: an encounter is fought by conversion under "galleys" (the Galleys & Galleons table) or "broadsides" (a Broadsides & Boarding Parties duel)'
})

/** The GM's change to one ship's converted numbers for this battle only (the table is not changed). */
export const GalleysAdjustment = z
  .object({
    /** The ship, by her id in the preview (`ships[].ship`). */
    ship: z.string().min(1, 'must not be empty').max(40, 'must be at most 40 characters'),
    quality: Int(2, 6).optional(),
    combat: Int(0, 12).optional(),
    hullPoints: Int(1, 30).optional(),
    points: Int(0, 10000).optional(),
    /** Broadsides: her deck template (a ship class of the campaign's ship-deck table) and crew figures. */
    class: z.string().regex(/^[a-z][a-zA-Z0-9]{0,30}$/, 'a ship class key is a short word').optional(),
    crew: Int(1, 40).optional()
  })
  .strict()

export const ConversionInput = z
  .object({
    voyageId: Id,
    ruleset: ConversionRuleset,
    adjustments: z.array(GalleysAdjustment).max(40, 'at most 40 adjustments').default([])
  })
  .strict()

export const ConversionView = z.object({
  ruleset: ConversionRuleset,
  /** The rules it is fought under, and the conversion table used, by name. */
  rulesetName: z.string(),
  tableTitle: z.string(),
  tableSource: z.string(),
  voyageId: Id,
  encounter: z.string(),
  ships: z.array(
    z.object({
      ship: z.string(),
      name: z.string(),
      /** 'ours' (the squadron) or 'them' (the encounter). */
      side: z.string(),
      shipId: Id.nullable(),
      /** Her numbers as the setting knows them. */
      from: z.object({ size: z.number(), handling: z.number(), speed: z.number(), crew: z.number(), crewKind: z.string(), guns: z.number(), hullPoints: z.number() }),
      /** Galleys & Galleons: her Quality, Combat, hull points, points and traits. */
      quality: Converted.optional(),
      combat: Converted.optional(),
      hullPoints: Converted.optional(),
      points: Converted.optional(),
      traits: z.array(z.object({ name: z.string(), why: z.string() })).optional(),
      /** Broadsides: her deck template (the GM's class for this battle when adjusted), crew figures, its cannon and officers. */
      deck: z.object({ class: z.string(), /** Her class by its name (the ship-deck table's). */ className: z.string(), why: z.string(), crew: Converted, cannon: Converted, officers: z.array(z.string()), officersWhy: z.string() }).optional(),
      /** The numbers she fights with: the conversion's, or the GM's adjustment for this battle. */
      fights: z.record(z.string(), z.union([z.number(), z.string()])),
      adjusted: z.array(z.string())
    })
  )
})
export type ConversionView = z.infer<typeof ConversionView>

export const conversionContracts = {
  'voyages.encounterConversion': contract({
    summary:
      'Théah: the encounter the voyage waits on, every ship converted to the rules chosen (Galleys & Galleons: Quality, Combat, hull points, traits and points), each number with its terms, and the GM’s adjustments for this battle. Nothing changes.',
    scope: 'campaign',
    mutates: false,
    input: ConversionInput,
    output: ConversionView
  }),
  'voyages.fightEncounterUnder': contract({
    summary:
      'Théah: fight the encounter the voyage waits on under the rules chosen (Galleys & Galleons), the ships converted as voyages.encounterConversion shows with the same adjustments. The battle is linked to the voyage, which waits for it; concluding it reads the result back into the campaign.',
    scope: 'campaign',
    mutates: true,
    input: ConversionInput.extend({ note: z.string().max(2000).optional(), dice: Dice }).strict(),
    output: z.object({ battleId: Id, voyageId: Id })
  })
} as const
