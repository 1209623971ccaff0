import { z } from 'zod'
import type { RuleTableDef } from '../rules/table-def'

/**
 * The conversion rule tables (issue 21): how a ship of one setting is measured under another rule
 * system's numbers, and how that system's battle result is read back into the setting's review. No seed
 * gives a conversion: every number here is a house default (issue 21), editable per campaign.
 */

const Int = (min: number, max: number) => z.number().int('must be a whole number').min(min, `must be at least ${min}`).max(max, `must be at most ${max}`)
const Share = z.number().min(0, 'must be at least 0').max(1, 'must be at most 1')
const Quality = Int(2, 6)

/** A Théah ship (seed 003 I) → a Galleys & Galleons ship (seed 000), and back. */
export const TheahGalleysSchema = z
  .object({
    /** Quality (the activation number, lower is better) by who her crew are. */
    qualityByCrew: z.object({ merchant: Quality, naval: Quality, privateer: Quality, pirate: Quality }).strict(),
    /** Her Handling at or above this improves her Quality by one (never below 2). */
    handlingForBetterQuality: Int(0, 99),
    /** Long guns (all batteries) for each point of Combat, rounded up; at most 12. */
    gunsPerCombat: Int(1, 200),
    /** Théah hull points for each Galleys & Galleons hull point (the hits she takes), rounded up; 1 to 30. */
    hullPerHit: Int(1, 999),
    /** Handling at or above this gives her the trait Yare. */
    handlingForYare: Int(0, 99),
    /** Points: per point of Combat, per step of Quality better than 7, per trait. */
    pointsPerCombat: Int(0, 100),
    pointsPerQuality: Int(0, 100),
    pointsPerTrait: Int(0, 100),
    /** Back: the share of her rigging lost for each rigging critical. */
    riggingPerCritical: Share,
    /** Back: the share of her crew lost for each hit. */
    crewPerHit: Share,
    /** Back: the share of her guns lost for the whole of her hull points taken in hits. */
    gunsAtFullHits: Share
  })
  .strict()
export type TheahGalleys = z.output<typeof TheahGalleysSchema>

export const THEAH_GALLEYS: TheahGalleys = {
  qualityByCrew: { merchant: 4, naval: 3, privateer: 3, pirate: 3 },
  handlingForBetterQuality: 5,
  gunsPerCombat: 8,
  hullPerHit: 10,
  handlingForYare: 4,
  pointsPerCombat: 6,
  pointsPerQuality: 4,
  pointsPerTrait: 2,
  riggingPerCritical: 0.25,
  crewPerHit: 0.05,
  gunsAtFullHits: 0.5
}

export const THEAH_GALLEYS_DEF: RuleTableDef<typeof TheahGalleysSchema> = {
  title: 'Conversion: Théah ship to Galleys & Galleons',
  description:
    'How a Théah ship fights on the Galleys & Galleons table and how the table’s result comes back. ' +
    'Quality (the activation number, lower is better) by who her crew are: merchant, naval, privateer, pirate; one better when her Handling reaches the figure given. ' +
    'Combat: one point for so many long guns, rounded up (at most 12). Hull points on the table: one for so many Théah hull points, rounded up (1 to 30). ' +
    'Traits: Shallow Draft from her hull, Sweeps from oars, Yare when her Handling reaches the figure given, Swashbucklers for a pirate crew. ' +
    'Points: so many per point of Combat, per step of Quality better than 7, and per trait. ' +
    'Back: each hit on the table is her Théah hull points divided by her table hull points; each rigging critical costs the share of her rigging given; ' +
    'each hit costs the share of her crew given; hits up to her table hull points cost up to the share of her guns given. ' +
    'Sunk, exploded or crashed: sunk; struck: captured; left the table: escaped.',
  source: 'House default (issue 21): no seed converts between High Seas Combat (seed 003) and the Galleys & Galleons house rules (seed 000).',
  seedValue: false,
  schema: TheahGalleysSchema,
  defaults: THEAH_GALLEYS
}

export const CONVERSION_TABLE_DEFS = { conversionTheahGalleys: THEAH_GALLEYS_DEF } as const
