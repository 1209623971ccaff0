import { z } from 'zod'
import { contract } from './contract'
import { Term } from './core'
import { BattleParticipantInput } from './battles'
import { DisplayName } from './schemas'

/**
 * Fighting a campaign encounter under another rule system (issue 21): the preview of every ship as the
 * chosen rules measure her (each number with its terms, and the GM's adjustments for this battle), and
 * the fight itself, linked to the voyage. The conversion tables are rule tables (src/shared/conversion).
 */

const Id = z.number().int().positive()
const Int = (min: number, max: number) => z.number().int('must be a whole number').min(min, `must be at least ${min}`).max(max, `must be at most ${max}`)
const Dice = z.array(z.number().int()).max(2000).optional()
const Converted = z.object({ value: z.number(), terms: z.array(Term) })

/**
 * The rule systems an encounter can be fought under: 'galleys' (the Galleys & Galleons table) and
 * 'broadsides' (a Broadsides & Boarding Parties duel), a Théah encounter converted; 'atrilia' (the Atrilian
 * hex map: a Théah encounter converted, an Atrilian one under its own rules); 'highseas' (High Seas range
 * bands: an Atrilian encounter converted, a Théah one under its own rules).
 */
export const ConversionRuleset = z.enum(['galleys', 'broadsides', 'atrilia', 'highseas'], {
  error:
    'ruleset: an encounter is fought under "galleys" (the Galleys & Galleons table), "broadsides" (a Broadsides & Boarding Parties duel), "atrilia" (the Atrilian hex map) or "highseas" (High Seas range bands)'
})
export type ConversionRuleset = z.infer<typeof ConversionRuleset>

/**
 * The GM's change to one ship's converted numbers for this battle only (the table is not changed). Each
 * number belongs to some rules, and within them to a range the door checks at its field (a number the
 * chosen rules do not have is refused there too): Galleys & Galleons `quality` 2–6, `combat` 0–12,
 * `hullPoints` 1–30, `points` 0–10000; Broadsides `class`, `crew` 1–40 figures; the Atrilian hex map
 * `type`, `size` 1–3, `crewQuality` 1–4, `marines` 0–20 strength points; High Seas `hullPoints` 1–9999,
 * `riggingPoints` 0–9999, `size` 0–99, `handling` −20–99, `speed` 0–99, `threatRating` 1–10, `crew` 0–9999,
 * `marines` 0–9999.
 */
export const GalleysAdjustment = z
  .object({
    /** The ship, by her id in the preview (`ships[].ship`). */
    ship: z.string().min(1, 'must not be empty').max(40, 'must be at most 40 characters'),
    quality: Int(2, 6).optional(),
    combat: Int(0, 12).optional(),
    hullPoints: Int(1, 9999).optional(),
    points: Int(0, 10000).optional(),
    /** Broadsides: her deck template (a ship class of the campaign's ship-deck table) and crew figures. */
    class: z.string().regex(/^[a-z][a-zA-Z0-9]{0,30}$/, 'a ship class key is a short word').optional(),
    crew: Int(0, 9999).optional(),
    /** The Atrilian hex map: her ship type (a key of the Atrilian ships table), war gaming size, crew quality, marine strength points. */
    type: z.string().regex(/^[a-z][a-zA-Z0-9]{0,39}$/, 'a ship type key is a short word').optional(),
    size: Int(0, 99).optional(),
    crewQuality: Int(1, 4).optional(),
    marines: Int(0, 9999).optional(),
    /** High Seas: her rigging points, Handling, Speed and Threat Rating. */
    riggingPoints: Int(0, 9999).optional(),
    handling: Int(-20, 99).optional(),
    speed: Int(0, 99).optional(),
    threatRating: Int(1, 10).optional()
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
  /** The conversion table, or, for the setting's own rules, words saying nothing is converted. */
  tableTitle: z.string(),
  tableSource: z.string(),
  /** The setting the encounter is of, and whether its ships are converted (false: fought under the setting's own rules). */
  setting: z.enum(['theah', 'atrilia']),
  converted: z.boolean(),
  /** How the battle is set up, in words (the house defaults it follows). */
  notes: z.array(z.string()),
  /** The voyage whose encounter it is (null: a skirmish of the Skirmish screen). */
  voyageId: Id.nullable(),
  /** The encounter's label, or the skirmish's name. */
  encounter: z.string(),
  ships: z.array(
    z.object({
      ship: z.string(),
      name: z.string(),
      /** 'ours' (the squadron) or 'them' (the encounter); a skirmish's side by its name. */
      side: z.string(),
      shipId: Id.nullable(),
      /** A Théah ship: her numbers as the setting knows them (absent for an Atrilian ship). */
      from: z.object({ size: z.number(), handling: z.number(), speed: z.number(), crew: z.number(), crewKind: z.string(), guns: z.number(), hullPoints: z.number() }).optional(),
      /** An Atrilian ship: her type (key and name), war gaming size, crew quality (1 slave … 4 elite), marine strength points, improvements (absent for a Théah ship). */
      fromAtrilia: z
        .object({ type: z.string(), typeName: z.string(), size: z.number(), crewQuality: z.number(), marines: z.number(), improvements: z.array(z.string()) })
        .optional(),
      /** Galleys & Galleons: her Quality, Combat, hull points, points and traits. */
      quality: Converted.optional(),
      combat: Converted.optional(),
      hullPoints: Converted.optional(),
      points: Converted.optional(),
      traits: z.array(z.object({ name: z.string(), why: z.string() })).optional(),
      /** Broadsides: her deck template (the GM's class for this battle when adjusted), crew figures, its cannon and officers. */
      deck: z.object({ class: z.string(), /** Her class by its name (the ship-deck table's). */ className: z.string(), why: z.string(), crew: Converted, cannon: Converted, officers: z.array(z.string()), officersWhy: z.string() }).optional(),
      /** The Atrilian hex map: her ship type (drawn as), war gaming size, crew quality, marine strength points and improvements. */
      atrilia: z
        .object({
          type: z.object({ value: z.string(), why: z.string() }),
          size: Converted,
          crewQuality: Converted,
          marines: Converted,
          improvements: z.array(z.object({ name: z.string(), why: z.string() }))
        })
        .optional(),
      /** High Seas: her hull (drawn as), hull and rigging points, Size, Handling, Speed, Threat Rating, crew, marines; no cannon. */
      highSeas: z
        .object({
          hull: z.string(),
          hullPoints: Converted,
          riggingPoints: Converted,
          size: Converted,
          handling: Converted,
          speed: Converted,
          threatRating: Converted,
          crew: Converted,
          marines: Converted,
          oars: z.boolean()
        })
        .optional(),
      /** The numbers she fights with: the conversion's, or the GM's adjustment for this battle. */
      fights: z.record(z.string(), z.union([z.number(), z.string()])),
      adjusted: z.array(z.string())
    })
  )
})
export type ConversionView = z.infer<typeof ConversionView>

/**
 * A skirmish of the Skirmish screen under other rules: its participants (as `battles.start` takes them;
 * only ships convert) and the rules chosen ('galleys', 'broadsides' or 'atrilia': High Seas is the
 * skirmish's own, started by `battles.start`), with the GM's adjustments for this battle.
 */
export const SkirmishConversionInput = z
  .object({
    participants: z.array(BattleParticipantInput).min(2, 'a battle needs at least two participants').max(40),
    ruleset: ConversionRuleset,
    adjustments: z.array(GalleysAdjustment).max(40, 'at most 40 adjustments').default([]),
    name: DisplayName.optional()
  })
  .strict()

export const conversionContracts = {
  'voyages.encounterConversion': contract({
    summary:
      'The encounter the voyage waits on, every ship converted to the rules chosen, each number with its terms, and the GM’s adjustments for this battle. A Théah encounter: Galleys & Galleons (Quality, Combat, hull points, traits, points), Broadsides (deck template, crew figures, cannon, officers), the Atrilian hex map (type, size, crew quality, marines, improvements) or High Seas (its own rules: nothing converted). An Atrilian encounter: High Seas (hull, hull and rigging points, Size, Handling, Speed, Threat Rating, crew, marines) or the hex map (its own rules). Nothing changes.',
    scope: 'campaign',
    mutates: false,
    input: ConversionInput,
    output: ConversionView
  }),
  'voyages.fightEncounterUnder': contract({
    summary:
      'Fight the encounter the voyage waits on under the rules chosen, the ships converted as voyages.encounterConversion shows with the same adjustments (under the setting\'s own rules: the battle its own fight starts). The battle is linked to the voyage, which waits for it; concluding it reads the result back into the campaign (the review\'s `campaign` lines).',
    scope: 'campaign',
    mutates: true,
    input: ConversionInput.extend({ note: z.string().max(2000).optional(), dice: Dice }).strict(),
    output: z.object({ battleId: Id, voyageId: Id })
  }),
  'battles.skirmishConversion': contract({
    summary:
      'A skirmish (the Skirmish screen\'s participants) converted to the rules chosen — Galleys & Galleons, a Broadsides duel (two ships, one a side) or the Atrilian hex map (two sides) — every ship with her Théah numbers and each converted number with its terms, after the GM\'s adjustments: the same preview as voyages.encounterConversion. Forts and towns are refused at `ruleset`. Nothing changes.',
    scope: 'campaign',
    mutates: false,
    input: SkirmishConversionInput,
    output: ConversionView
  }),
  'battles.startSkirmishUnder': contract({
    summary:
      'Start a skirmish under the rules chosen, the ships converted as battles.skirmishConversion shows with the same adjustments; the seed is drawn from the campaign unless given. Concluding it writes the campaign ships back through the review\'s `campaign` lines, as an encounter fought by conversion.',
    scope: 'campaign',
    mutates: true,
    input: SkirmishConversionInput.extend({ seed: z.number().int().min(0).max(2 ** 31 - 1).optional(), dice: Dice }).strict(),
    output: z.object({ battleId: Id })
  })
} as const
