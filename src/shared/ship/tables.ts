import { z } from 'zod'
import { HULLS, Hull } from './design'

/**
 * The ship construction rule tables (seed 003, I. Of Ship Construction), as data: schemas, defaults,
 * and where each value comes from. `src/shared/rules/tables.ts` registers them with the other rule
 * tables; `quote.ts` prices and measures a design with them. Shapes are chosen for the rules editor:
 * plain numbers and text (no booleans inside lists of records), one entry per modification or flaw.
 */

const Int = (max: number, min = 0) =>
  z
    .number()
    .int('must be a whole number')
    .min(min, min === 0 ? 'must not be negative' : `must be at least ${min}`)
    .max(max, `must be at most ${max}`)
const Guilders = Int(10_000_000)
const Percent = Int(1000)
const Months = Int(120)
const Unit = z.string().trim().min(1, 'must not be empty').max(30, 'must be at most 30 characters')
const Draft = z.enum(['shallow', 'deep'])

// ─── Hulls ──────────────────────────────────────────────────────────────────────────────────────

export const ShipHullRow = z
  .object({
    hull: Hull,
    name: z.string().trim().min(1, 'must not be empty').max(40, 'must be at most 40 characters'),
    hullPoints: Int(999, 1),
    riggingPoints: Int(999, 1),
    speed: Int(99, 1),
    handling: Int(99, 1),
    size: Int(99, 1),
    cargoTons: Int(9999),
    maxCrew: Int(9999),
    minSailCrew: Int(9999),
    /** Long guns on each broadside (port, starboard). */
    gunsPerSide: Int(999),
    chasers: Int(999),
    sternGuns: Int(999),
    /** Gunner's mates and gunners of the fully armed ship (the gun crews are 3 per long gun, Ship outfitting). */
    gunnersMates: Int(999),
    gunners: Int(999),
    baseCost: Guilders,
    constructionMonths: Months,
    /** Sea travel speed, nautical miles a day. */
    travelSpeed: Int(9999),
    /** Shallow: may be beached and careened on a deserted island or a riverbank. */
    draft: Draft
  })
  .strict()
export type ShipHullRow = z.output<typeof ShipHullRow>

export const ShipHullsSchema = z
  .object({
    hulls: z
      .array(ShipHullRow)
      .refine((rows) => HULLS.every((h) => rows.filter((r) => r.hull === h).length === 1), {
        message: `each hull type (${HULLS.join(', ')}) must appear exactly once`
      }),
    /** A Small Warship built as a frigate (seed 003: "except for frigates"). */
    frigateDraft: Draft,
    /** Added to the construction time when the ship is built in a colonial port. */
    colonialPortMonths: Months
  })
  .strict()
export type ShipHulls = z.output<typeof ShipHullsSchema>

export const SHIP_HULLS: ShipHulls = {
  hulls: [
    {
      hull: 'corsair',
      name: 'Corsair',
      hullPoints: 25,
      riggingPoints: 15,
      speed: 4,
      handling: 4,
      size: 1,
      cargoTons: 10,
      maxCrew: 100,
      minSailCrew: 6,
      gunsPerSide: 8,
      chasers: 2,
      sternGuns: 2,
      gunnersMates: 10,
      gunners: 2,
      baseCost: 5_000,
      constructionMonths: 2,
      travelSpeed: 130,
      draft: 'shallow'
    },
    {
      hull: 'smallWarship',
      name: 'Small Warship',
      hullPoints: 35,
      riggingPoints: 20,
      speed: 3,
      handling: 3,
      size: 2,
      cargoTons: 16,
      maxCrew: 160,
      minSailCrew: 10,
      gunsPerSide: 16,
      chasers: 2,
      sternGuns: 4,
      gunnersMates: 19,
      gunners: 2,
      baseCost: 8_000,
      constructionMonths: 3,
      travelSpeed: 120,
      draft: 'shallow'
    },
    {
      hull: 'merchantman',
      name: 'Merchantman',
      hullPoints: 40,
      riggingPoints: 25,
      speed: 3,
      handling: 2,
      size: 3,
      cargoTons: 24,
      maxCrew: 160,
      minSailCrew: 12,
      gunsPerSide: 12,
      chasers: 2,
      sternGuns: 4,
      gunnersMates: 15,
      gunners: 2,
      baseCost: 10_000,
      constructionMonths: 3,
      travelSpeed: 100,
      draft: 'deep'
    },
    {
      hull: 'largeWarship',
      name: 'Large Warship',
      hullPoints: 45,
      riggingPoints: 25,
      speed: 2,
      handling: 2,
      size: 4,
      cargoTons: 20,
      maxCrew: 200,
      minSailCrew: 12,
      gunsPerSide: 20,
      chasers: 2,
      sternGuns: 6,
      gunnersMates: 24,
      gunners: 4,
      baseCost: 16_000,
      constructionMonths: 5,
      travelSpeed: 90,
      draft: 'deep'
    },
    {
      hull: 'galleon',
      name: 'Galleon',
      hullPoints: 50,
      riggingPoints: 30,
      speed: 1,
      handling: 1,
      size: 4,
      cargoTons: 32,
      maxCrew: 250,
      minSailCrew: 16,
      gunsPerSide: 24,
      chasers: 4,
      sternGuns: 6,
      gunnersMates: 29,
      gunners: 4,
      baseCost: 20_000,
      constructionMonths: 6,
      travelSpeed: 80,
      draft: 'deep'
    }
  ],
  frigateDraft: 'deep',
  colonialPortMonths: 1
}

// ─── Outfitting ─────────────────────────────────────────────────────────────────────────────────

export const ShipOutfittingSchema = z
  .object({
    longGunCost: Guilders,
    /** The gun crew of one long gun (the seed's "gunnery crew" of a full armament is this × its guns). */
    crewPerLongGun: Int(99),
    pontGunCost: Guilders,
    /** Pont guns each side may carry per point of Size. */
    pontGunsPerSizePerSide: Int(99),
    /** Shot and powder, per ton; each ton takes a ton of the hold. */
    powderCostPerTon: Guilders,
    jollyBoatCost: Guilders,
    jollyBoatTons: Int(99),
    /** Tons of the hold kept for the crew's food on a voyage. */
    foodReserveTons: Int(99),
    /** Crew Threat Rating: the dice of a cannon hit roll; boarding Brute Squads. */
    threatRating: Int(20),
    threatRatingWellTrained: Int(20),
    threatRatingPoorlyTrained: Int(20),
    careeningIntervalMonths: Int(120, 1),
    minSpeed: Int(99),
    minHandling: Int(99),
    minRigging: Int(99),
    /** Sea travel speed never falls below this (nautical miles a day). */
    minTravelSpeed: Int(9999)
  })
  .strict()
export type ShipOutfitting = z.output<typeof ShipOutfittingSchema>

export const SHIP_OUTFITTING: ShipOutfitting = {
  longGunCost: 400,
  crewPerLongGun: 3,
  pontGunCost: 120,
  pontGunsPerSizePerSide: 1,
  powderCostPerTon: 400,
  jollyBoatCost: 300,
  jollyBoatTons: 1,
  foodReserveTons: 1,
  threatRating: 2,
  threatRatingWellTrained: 3,
  threatRatingPoorlyTrained: 1,
  careeningIntervalMonths: 4,
  minSpeed: 1,
  minHandling: 1,
  minRigging: 1,
  minTravelSpeed: 10
}

// ─── Modifications ──────────────────────────────────────────────────────────────────────────────

/** What every modification may cost: a fixed price, a percentage of the hull's base cost, and months of work. */
const price = { fixedCost: Guilders, percentOfBaseCost: Percent, months: Months }
/** Modifications bought by the unit (points, gunports, crewmen). */
const perUnit = { unitCost: Guilders, unit: Unit }

export const ShipModificationsSchema = z
  .object({
    reinforcedHull: z.object({ ...price, ...perUnit, maxUnits: Int(999), hullPerUnit: Int(99) }).strict(),
    reinforcedRigging: z.object({ ...price, ...perUnit, maxUnits: Int(999), riggingPerUnit: Int(99) }).strict(),
    streamlined: z.object({ ...price, speed: Int(99), travelSpeed: Int(999) }).strict(),
    closeHauled: z.object({ ...price, handling: Int(99) }).strict(),
    hiddenTowline: z.object(price).strict(),
    /** Rowing: the ship's Speed counts this much less (minimum 1). */
    oars: z.object({ ...price, speedLossWhenRowing: Int(99) }).strict(),
    /** Paid per gunport: one per long gun. */
    concealedGunports: z.object({ ...price, ...perUnit, spotTn: Int(999) }).strict(),
    /** The crew's Threat Rating is in Ship outfitting. */
    wellTrainedCrew: z.object({ ...price, travelSpeed: Int(999) }).strict(),
    smugglingCompartments: z.object(price).strict(),
    extraCargoSpace: z.object({ ...price, cargoTons: Int(999) }).strict(),
    extraCrewQuarters: z.object({ ...price, maxCrewPercent: Percent }).strict(),
    /** Paid per crewman; its Brute Squads have this Threat Rating. */
    boardingParty: z.object({ ...price, ...perUnit, threatRating: Int(20) }).strict(),
    retractableKeel: z.object(price).strict()
  })
  .strict()
export type ShipModifications = z.output<typeof ShipModificationsSchema>
export type ShipModificationKey = keyof ShipModifications

const none = { fixedCost: 0, percentOfBaseCost: 0, months: 0 }

export const SHIP_MODIFICATIONS: ShipModifications = {
  reinforcedHull: { ...none, unitCost: 400, unit: 'point', maxUnits: 5, hullPerUnit: 1 },
  reinforcedRigging: { ...none, unitCost: 200, unit: 'point', maxUnits: 5, riggingPerUnit: 1 },
  streamlined: { fixedCost: 1_000, percentOfBaseCost: 50, months: 1, speed: 1, travelSpeed: 10 },
  closeHauled: { fixedCost: 1_000, percentOfBaseCost: 20, months: 1, handling: 1 },
  hiddenTowline: { ...none, fixedCost: 600 },
  oars: { ...none, fixedCost: 600, speedLossWhenRowing: 2 },
  concealedGunports: { ...none, unitCost: 30, unit: 'gunport', spotTn: 20 },
  wellTrainedCrew: { ...none, fixedCost: 1_500, travelSpeed: 10 },
  smugglingCompartments: { ...none, fixedCost: 1_800 },
  extraCargoSpace: { fixedCost: 500, percentOfBaseCost: 5, months: 0, cargoTons: 1 },
  extraCrewQuarters: { fixedCost: 1_000, percentOfBaseCost: 10, months: 0, maxCrewPercent: 10 },
  boardingParty: { ...none, unitCost: 10, unit: 'crewman', threatRating: 3 },
  retractableKeel: { fixedCost: 2_000, percentOfBaseCost: 20, months: 0 }
}

// ─── Flaws ──────────────────────────────────────────────────────────────────────────────────────

/** What every flaw takes off the construction cost: a fixed sum and a percentage of the hull's base cost. */
const discount = { discount: Guilders, percentOfBaseCost: Percent }

export const ShipFlawsSchema = z
  .object({
    /** Careening comes due this many times as often. */
    old: z.object({ ...discount, careeningIntervalDivisor: Int(12, 1) }).strict(),
    sluggish: z.object({ ...discount, speedLoss: Int(99), travelSpeedLoss: Int(999) }).strict(),
    smallRudder: z.object({ ...discount, handlingLoss: Int(99) }).strict(),
    /** The crew's Threat Rating is in Ship outfitting. */
    poorlyTrainedCrew: z.object(discount).strict(),
    tatteredSails: z.object({ ...discount, unitDiscount: Guilders, unit: Unit, maxUnits: Int(999), riggingLossPerUnit: Int(99) }).strict(),
    /** A month's provisions last this many weeks. */
    vermin: z.object({ ...discount, foodWeeksPerMonth: Int(5) }).strict(),
    awkwardCargoSpace: z.object({ ...discount, cargoTonsLoss: Int(999) }).strict(),
    cramped: z.object({ ...discount, maxCrewPercentLoss: Int(100) }).strict(),
    /** No construction discount; hiring and equipping the crew later costs this much less. */
    disgruntledCrew: z.object({ ...discount, crewHiringDiscountPercent: Int(100) }).strict(),
    warpedRudder: z.object(discount).strict()
  })
  .strict()
export type ShipFlaws = z.output<typeof ShipFlawsSchema>
export type ShipFlawKey = keyof ShipFlaws

export const SHIP_FLAWS: ShipFlaws = {
  old: { discount: 0, percentOfBaseCost: 5, careeningIntervalDivisor: 2 },
  sluggish: { discount: 1_000, percentOfBaseCost: 0, speedLoss: 1, travelSpeedLoss: 5 },
  smallRudder: { discount: 1_000, percentOfBaseCost: 0, handlingLoss: 1 },
  poorlyTrainedCrew: { discount: 1_000, percentOfBaseCost: 0 },
  tatteredSails: { discount: 0, percentOfBaseCost: 0, unitDiscount: 200, unit: 'point', maxUnits: 5, riggingLossPerUnit: 1 },
  vermin: { discount: 1_200, percentOfBaseCost: 0, foodWeeksPerMonth: 3 },
  awkwardCargoSpace: { discount: 500, percentOfBaseCost: 0, cargoTonsLoss: 1 },
  cramped: { discount: 1_000, percentOfBaseCost: 0, maxCrewPercentLoss: 10 },
  disgruntledCrew: { discount: 0, percentOfBaseCost: 0, crewHiringDiscountPercent: 5 },
  warpedRudder: { discount: 600, percentOfBaseCost: 0 }
}

// ─── The four tables as the rules editor lists them ─────────────────────────────────────────────

const ROUNDING =
  'Percentages of a cost are of the hull’s base cost in Ship hulls (never of a running total), rounded to the nearest guilder; ' +
  'percentages of a crew are of the hull’s maximum crew, and the men they add or remove are rounded down (10% of 105 is 10).'

export const SHIP_TABLE_DEFS = {
  shipHulls: {
    title: 'Ship hulls',
    description:
      'The five hull types: Hull and Rigging points, Speed, Handling, Size, cargo tons, maximum crew and minimum sail crew; ' +
      'the most long guns per broadside, as chasers and at the stern; the gunner’s mates and gunners a fully armed ship needs ' +
      '(its gun crews are the crew per long gun in Ship outfitting: 3 × 20 guns = the seed’s 60 for a Corsair); base cost in ' +
      'guilders, construction months and sea travel speed in nautical miles a day; draft (shallow: may be beached to careen). ' +
      'A Small Warship built as a frigate has the frigate draft; a colonial port adds months to the construction.',
    source:
      'Seed 003, I. Of Ship Construction (hull types and armament; crews; colonial port +1 month; shallow drafts: Corsairs and ' +
      'Small Warships except frigates). Base cost, construction months and travel speed: house default (rules guide §2, ' +
      '"Base cost and construction time" and "Sea travel speed"; the seed’s tables are missing).',
    seedValue: true,
    schema: ShipHullsSchema,
    defaults: SHIP_HULLS
  },
  shipOutfitting: {
    title: 'Ship outfitting',
    description:
      'Prices of long guns, pont guns (at most this many per point of Size on each side), shot and powder (a ton of the hold ' +
      'per ton) and jolly boats (tons of the hold each); the gun crew per long gun; the ton of the hold kept for food at sea; ' +
      'the crew’s Threat Rating (normal, Well Trained, Poorly Trained); how often a ship needs careening; and the floors of ' +
      'Speed, Handling, Rigging and sea travel speed after modifications and flaws.',
    source:
      'Seed 003, I.1 Weaponry, I.2 Crew, I.3 Boats, careening ("every four months"), Sluggish and Small Rudder ("to a minimum ' +
      'of one"); Threat Ratings: seed 003 (normal 2, poorly trained 1) and the rules guide §2 reading "Cannon hit roll" ' +
      '(Well Trained 3). House default (rules guide §2): sea travel speed never below 10 nm a day; Rigging never below 1.',
    seedValue: true,
    schema: ShipOutfittingSchema,
    defaults: SHIP_OUTFITTING
  },
  shipModifications: {
    title: 'Ship modifications',
    description:
      'Each modification: a fixed cost, a percentage of the hull’s base cost, a cost per unit (point, gunport, crewman) with ' +
      'the most units allowed, the months it adds to construction, and its effects. Concealed gunports are paid for every ' +
      'long gun. ' +
      ROUNDING,
    source:
      'Seed 003, I.4 Modifications (and II. Of Sea Travel: streamlined ships and Well Trained crews sail 10 nm a day more). ' +
      'Well Trained Crew’s price: house default (rules guide §2, "Costs and effects the text omits").',
    seedValue: true,
    schema: ShipModificationsSchema,
    defaults: SHIP_MODIFICATIONS
  },
  shipFlaws: {
    title: 'Ship flaws',
    description:
      'Each flaw: the guilders and the percentage of the hull’s base cost it takes off construction, and its effects. ' +
      'Flaws lower the basic construction cost, so together they take off at most the hull’s base cost. Disgruntled Crew ' +
      'takes nothing off construction; hiring and equipping the crew later costs its percentage less. ' +
      ROUNDING,
    source:
      'Seed 003, I.4 flaws (and careening: an Old ship every two months instead of four). Poorly Trained Crew’s discount: ' +
      'house default (rules guide §2, "Costs and effects the text omits").',
    seedValue: true,
    schema: ShipFlawsSchema,
    defaults: SHIP_FLAWS
  }
} as const
