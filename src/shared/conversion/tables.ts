import { z } from 'zod'
import type { RuleTableDef } from '../rules/table-def'
import { Hull } from '../ship/design'

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
    'Sunk, exploded or crashed: sunk; struck: captured; left the table: escaped. A ship that did not sink keeps her last hull point.',
  source: 'House default: neither seed 003 nor seed 000 converts a ship from one to the other.',
  seedValue: false,
  schema: TheahGalleysSchema,
  defaults: THEAH_GALLEYS
}

/** A Théah ship (seed 003 I) → a Broadsides & Boarding Parties ship (seed 001 variant), and back. */
const ClassKey = z.string().regex(/^[a-z][a-zA-Z0-9]{0,30}$/, 'a ship class key is a short word')
export const TheahBroadsidesSchema = z
  .object({
    /** Her deck template (a class of the Broadsides ship-deck table) by her Théah hull. */
    classByHull: z.object({ corsair: ClassKey, smallWarship: ClassKey, merchantman: ClassKey, largeWarship: ClassKey, galleon: ClassKey }).strict(),
    /** Théah hands for each crew figure on her deck, rounded to the nearest; 1 to 40. */
    crewPerFigure: Int(1, 999),
    /** A merchant crew sails without a Master Gunner. */
    merchantWithoutGunner: z.boolean(),
    /** Back: the share of her guns lost, of hull, rigging and crew, is the share of rows holed, masts down, cannon and figures lost. */
    hullAtAllRows: Share
  })
  .strict()
export type TheahBroadsides = z.output<typeof TheahBroadsidesSchema>

export const THEAH_BROADSIDES: TheahBroadsides = {
  classByHull: { corsair: 'merchantman', smallWarship: 'frigate', merchantman: 'merchantman', largeWarship: 'frigate', galleon: 'frigate' },
  crewPerFigure: 8,
  merchantWithoutGunner: true,
  hullAtAllRows: 1
}

export const THEAH_BROADSIDES_DEF: RuleTableDef<typeof TheahBroadsidesSchema> = {
  title: 'Conversion: Théah ship to Broadsides & Boarding Parties',
  description:
    'How a Théah ship fights a Broadsides & Boarding Parties duel and how the duel’s result comes back. Her deck template (a ship class of the Broadsides ship-deck table) by her Théah hull; ' +
    'her cannon are her template’s. Crew figures: one for so many Théah hands, rounded to the nearest (1 to 40). Officers: all four; a merchant crew without a Master Gunner when so set. ' +
    'Back: her holed rows on the worse side as a share of her rows × the share given is her share of hull points lost; masts down of three her share of rigging; cannon lost her share of guns; figures lost her share of crew. ' +
    'Sunk: sunk; struck or her crew wiped out: captured. A ship that did not sink keeps her last hull point.',
  source: 'House default: neither seed 003 nor seed 001 converts a ship from one to the other.',
  seedValue: false,
  schema: TheahBroadsidesSchema,
  defaults: THEAH_BROADSIDES
}

/** A Théah ship (seed 003 I) → an Atrilian hex-battle ship (seed 002 §2, §7, §9), and back. */
const TypeKey = z.string().min(1, 'must not be empty').max(40, 'must be at most 40 characters')
const Quality14 = Int(1, 4)
export const TheahAtriliaSchema = z
  .object({
    /** Her Atrilian ship type (a key of the Atrilian ships table) by her Théah hull: the board draws her as one. */
    typeByHull: z.object({ corsair: TypeKey, smallWarship: TypeKey, merchantman: TypeKey, largeWarship: TypeKey, galleon: TypeKey }).strict(),
    /** War gaming size 1–3: her Théah Size up to the first figure is 1, up to the second 2, above it 3. */
    size2From: Int(1, 99),
    size3From: Int(1, 99),
    /** Crew quality (1 slave, 2 green, 3 veteran, 4 elite) by who her crew are. */
    qualityByCrew: z.object({ merchant: Quality14, naval: Quality14, privateer: Quality14, pirate: Quality14 }).strict(),
    /** Théah marines for each marine strength point, rounded to the nearest; at most 20. */
    marinesPerPoint: Int(1, 999),
    /** Her Théah Size at or above this gives her a castle. */
    castleFromSize: Int(1, 99),
    /** Back: the share of her hull and rigging a crippled ship has lost. */
    crippledShare: Share
  })
  .strict()
  .refine((t) => t.size2From <= t.size3From, { message: 'the size 2 figure must not be above the size 3 one', path: ['size3From'] })
export type TheahAtrilia = z.output<typeof TheahAtriliaSchema>

export const THEAH_ATRILIA: TheahAtrilia = {
  typeByHull: { corsair: 'liburnianGalley', smallWarship: 'smallGalley', merchantman: 'smallGalley', largeWarship: 'pheacianLargeGalley', galleon: 'pheacianLargeGalley' },
  size2From: 2,
  size3From: 4,
  qualityByCrew: { merchant: 2, naval: 3, privateer: 3, pirate: 3 },
  // RULES.md §3 "Marines": one marine strength point = 25 men.
  marinesPerPoint: 25,
  castleFromSize: 4,
  crippledShare: 0.5
}

export const THEAH_ATRILIA_DEF: RuleTableDef<typeof TheahAtriliaSchema> = {
  title: 'Conversion: Théah ship to the Atrilian hex battle',
  description:
    'How a Théah ship fights on the Atrilian hex map and how the battle’s result comes back. Her ship type (drawn on the board) by her Théah hull; war gaming size 1–3 from her Théah Size; ' +
    'crew quality (1 slave, 2 green, 3 veteran, 4 elite) by who her crew are; marine strength points, one for so many Théah marines (at most 20); a castle from the Size given; a ram only with oars; no corvus, ballista or catapult. ' +
    'Back: sunk is sunk; boarded and held by the other side, captured; off the map, escaped; crippled, the share of her hull and rigging given lost (a ship that did not sink keeps her last hull point); each marine point lost, so many hands.',
  source:
    'House default: neither seed 003 nor seed 002 converts a ship from one to the other; the men a marine strength point is, 25, is RULES.md §3 "Marines".',
  seedValue: false,
  schema: TheahAtriliaSchema,
  defaults: THEAH_ATRILIA
}

/** An Atrilian ship (seed 002 §2) → High Seas numbers (seed 003 I, IV), and back. */
const PerSize = z.object({ s1: Int(1, 9999), s2: Int(1, 9999), s3: Int(1, 9999) }).strict()
export const AtriliaHighSeasSchema = z
  .object({
    /** Her High Seas hull (for the board) by war gaming size 1–3. */
    hullBySize: z.object({ s1: Hull, s2: Hull, s3: Hull }).strict(),
    hullPointsBySize: PerSize,
    riggingPointsBySize: PerSize,
    /** High Seas Size by war gaming size. */
    sizeBySize: PerSize,
    /** Handling by the kind of ship (galley, dhow, pirogue). */
    handlingByKind: z.object({ galley: Int(-20, 99), dhow: Int(-20, 99), pirogue: Int(-20, 99) }).strict(),
    /** Her fastest km an hour for each point of Speed, rounded up. */
    kmhPerSpeed: Int(1, 100),
    /** Threat Rating by crew quality 1 slave, 2 green, 3 veteran, 4 elite. */
    threatByQuality: z.object({ q1: Int(1, 10), q2: Int(1, 10), q3: Int(1, 10), q4: Int(1, 10) }).strict(),
    /** Théah marines for each Atrilian marine strength point. */
    marinesPerPoint: Int(1, 999),
    /** Back: the share of her hull points lost that cripples her. */
    crippledAt: Share
  })
  .strict()
export type AtriliaHighSeas = z.output<typeof AtriliaHighSeasSchema>

export const ATRILIA_HIGH_SEAS: AtriliaHighSeas = {
  hullBySize: { s1: 'corsair', s2: 'smallWarship', s3: 'largeWarship' },
  hullPointsBySize: { s1: 25, s2: 40, s3: 60 },
  riggingPointsBySize: { s1: 10, s2: 15, s3: 20 },
  sizeBySize: { s1: 1, s2: 2, s3: 3 },
  handlingByKind: { galley: 4, dhow: 3, pirogue: 5 },
  kmhPerSpeed: 3,
  threatByQuality: { q1: 1, q2: 1, q3: 2, q4: 3 },
  // RULES.md §3 "Marines": one marine strength point = 25 men.
  marinesPerPoint: 25,
  crippledAt: 0.5
}

export const ATRILIA_HIGH_SEAS_DEF: RuleTableDef<typeof AtriliaHighSeasSchema> = {
  title: 'Conversion: Atrilian ship to High Seas',
  description:
    'How an Atrilian ship fights a High Seas range-band battle and how its result comes back. Her High Seas hull, hull points, rigging points and Size by her war gaming size 1–3; ' +
    'Handling by kind (galley, dhow, pirogue); Speed one for so many km an hour of her fastest, rounded up; her Threat Rating by crew quality; no cannon; oars for galleys and pirogues; marines so many a strength point. ' +
    'Back: sunk is sunk; struck or taken, captured; escaped, off the map; crippled when she has lost the share of her hull points given; marine points lost in proportion to her crew lost.',
  source:
    'House default: neither seed 002 nor seed 003 converts a ship from one to the other; the men a marine strength point is, 25, is RULES.md §3 "Marines".',
  seedValue: false,
  schema: AtriliaHighSeasSchema,
  defaults: ATRILIA_HIGH_SEAS
}

export const CONVERSION_TABLE_DEFS = {
  conversionAtriliaHighSeas: ATRILIA_HIGH_SEAS_DEF,
  conversionTheahGalleys: THEAH_GALLEYS_DEF,
  conversionTheahBroadsides: THEAH_BROADSIDES_DEF,
  conversionTheahAtrilia: THEAH_ATRILIA_DEF
} as const
