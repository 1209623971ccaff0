import { z } from 'zod'

/**
 * A ship design as the GM builds it in the Shipyard (seed 003, I. Of Ship Construction). Plain data:
 * the same shape goes to `ships.quote` and `ships.commission` and is stored with the ship.
 *
 * The schema only checks that a design is well formed (whole numbers, known options). Whether it
 * obeys the rules (gun limits, at most five points of reinforcement, exclusions…) is for the quote,
 * which lists every broken rule as a problem, because those limits are rule tables the GM can edit.
 */
export const HULLS = ['corsair', 'smallWarship', 'merchantman', 'largeWarship', 'galleon'] as const
export const Hull = z.enum(HULLS)
export type Hull = z.infer<typeof Hull>
/** Each hull type by the name the seed gives it (seed 003 I): the Shipyard's words, and every message that names a hull. */
export const HULL_LABELS: Record<Hull, string> = {
  corsair: 'Corsair',
  smallWarship: 'Small Warship',
  merchantman: 'Merchantman',
  largeWarship: 'Large Warship',
  galleon: 'Galleon'
}

const Count = z.number().int('must be a whole number').min(0, 'must not be negative').max(999, 'is too many')
const Points = z.number().int('must be a whole number').min(0, 'must not be negative').max(99, 'is too many')

export const ShipDesign = z
  .object({
    hull: Hull,
    /** Small Warships only: a frigate has a deep draft and cannot be beached. */
    frigate: z.boolean().default(false),
    /** Built in a colonial port: one more month. */
    colonial: z.boolean().default(false),
    guns: z.object({ port: Count, starboard: Count, chasers: Count, stern: Count }).strict(),
    pontGuns: z.object({ port: Count, starboard: Count }).strict(),
    jollyBoats: Count,
    /** Tons of shot and powder in the magazine (tenths allowed). */
    powderTons: z.number().min(0, 'must not be negative').max(999, 'is too much').multipleOf(0.1, 'is given in tenths of a ton at most'),
    modifications: z
      .object({
        reinforcedHull: Points.optional(),
        reinforcedRigging: Points.optional(),
        streamlined: z.boolean().optional(),
        closeHauled: z.boolean().optional(),
        hiddenTowline: z.boolean().optional(),
        oars: z.boolean().optional(),
        concealedGunports: z.boolean().optional(),
        wellTrainedCrew: z.boolean().optional(),
        smugglingCompartments: z.boolean().optional(),
        extraCargoSpace: z.boolean().optional(),
        extraCrewQuarters: z.boolean().optional(),
        /** Crewmen trained as a boarding party. */
        boardingParty: Count.optional(),
        retractableKeel: z.boolean().optional()
      })
      .strict()
      .default({}),
    flaws: z
      .object({
        old: z.boolean().optional(),
        sluggish: z.boolean().optional(),
        smallRudder: z.boolean().optional(),
        poorlyTrainedCrew: z.boolean().optional(),
        tatteredSails: Points.optional(),
        vermin: z.boolean().optional(),
        awkwardCargoSpace: z.boolean().optional(),
        cramped: z.boolean().optional(),
        disgruntledCrew: z.boolean().optional(),
        warpedRudder: z.enum(['port', 'starboard']).optional()
      })
      .strict()
      .default({})
  })
  .strict()
export type ShipDesign = z.output<typeof ShipDesign>
export type ShipDesignInput = z.input<typeof ShipDesign>

/** One term of a computed number (the same shape as the dice breakdowns). */
export const Term = z.object({ label: z.string(), value: z.number() })
export type Term = z.infer<typeof Term>

export const QuoteLine = z.object({
  label: z.string(),
  /** Guilders: positive for costs, negative for a flaw's discount. */
  amount: z.number().int(),
  /** Where the price comes from: the seed section, or "house default" with the rules guide section. */
  source: z.string()
})
export type QuoteLine = z.infer<typeof QuoteLine>

/** A rule the design breaks; `field` is the design path of the control that causes it (e.g. "guns.port"). */
export const DesignProblem = z.object({ field: z.string(), message: z.string() })
export type DesignProblem = z.infer<typeof DesignProblem>

export const DERIVED_KEYS = [
  'hull',
  'rigging',
  'speed',
  'handling',
  'size',
  'cargoCapacity',
  'cargoUsed',
  'foodReserve',
  'maxCrew',
  'minSailCrew',
  'gunCrewNeeded',
  'travelSpeed',
  'careeningIntervalMonths',
  'threatRating'
] as const
export type DerivedKey = (typeof DERIVED_KEYS)[number]

export const Derived = z.object(Object.fromEntries(DERIVED_KEYS.map((k) => [k, z.number()])) as Record<DerivedKey, z.ZodNumber>)
export type Derived = z.infer<typeof Derived>

export const ShipQuote = z.object({
  total: z.number().int(),
  lines: z.array(QuoteLine),
  constructionMonths: z.number().int(),
  /** The terms of constructionMonths (base time, colonial port, streamlining, close hauling). */
  constructionBreakdown: z.array(Term),
  /** The finished ship's numbers (foodReserve: the 1 t of the hold kept for food at sea, shown apart from cargoUsed). */
  derived: Derived,
  /** Every derived number's terms: base + modifications − flaws. */
  breakdown: z.record(z.string(), z.array(Term)),
  problems: z.array(DesignProblem)
})
export type ShipQuote = z.infer<typeof ShipQuote>
