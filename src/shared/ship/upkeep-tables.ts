import { z } from 'zod'
import { Int, NotationField } from '../rules/fields'

/**
 * The life of a ship as rule tables (seed 003, I. Of Ship Construction: 2. CREW, maintenance,
 * repairs and careening; V. Of Grappling and Boarding: Trained Fighters; rules guide §2: crew wages,
 * the careening schedule, food running out). `src/shared/rules/tables.ts` registers them; the
 * campaign's crew, port and upkeep code (src/main/theah: crew.ts, upkeep.ts, repairs.ts, careening.ts) reads them from the campaign, so a
 * GM's edit changes what the clock charges and rolls.
 */

const Guilders = Int(1_000_000)
const Notation = NotationField('1k1+2, 2k2 or 1d10')

// ─── Wages ──────────────────────────────────────────────────────────────────────────────────────

export const OFFICER_ROLES = [
  'captain',
  'firstMate',
  'masterOTops',
  'pilot',
  'gunner',
  'boatswain',
  'carpenter',
  'physician',
  'masterAtArms',
  'purser',
  /** A character aboard with no office (a player character sailing with the ship). */
  'aboard'
] as const
export type OfficerRole = (typeof OFFICER_ROLES)[number]

/** A table saved before "marines as sailors" existed: marines followed the sailors only if both wages were the same. */
function withMarinesSwitch(v: unknown): unknown {
  if (typeof v !== 'object' || v === null || Array.isArray(v) || 'marinesAsSailors' in v) return v
  const w = v as Record<string, unknown>
  return { ...w, marinesAsSailors: w.marine === w.sailor }
}

const CrewWagesObject = z
  .object({
    sailor: Guilders,
    /** Marines: not in the seed or the rules guide; paid as sailors by default (the switch below). */
    marinesAsSailors: z.boolean(),
    /** The marines' own wage, used only when marinesAsSailors is off. */
    marine: Guilders,
    gunnersMate: Guilders,
    captain: Guilders,
    firstMate: Guilders,
    masterOTops: Guilders,
    pilot: Guilders,
    gunner: Guilders,
    boatswain: Guilders,
    carpenter: Guilders,
    physician: Guilders,
    masterAtArms: Guilders,
    purser: Guilders,
    /** Player characters draw no wage unless the GM gives them one when they sign on. */
    aboard: Guilders
  })
  .strict()
export const CrewWagesSchema = z.preprocess(withMarinesSwitch, CrewWagesObject)
export type CrewWages = z.output<typeof CrewWagesObject>

/** What a marine is paid a month: the sailors' wage while the table says marines are paid as sailors. */
export function marineWage(w: CrewWages): number {
  return w.marinesAsSailors ? w.sailor : w.marine
}

export const CREW_WAGES: CrewWages = {
  sailor: 10,
  marinesAsSailors: true,
  marine: 10,
  gunnersMate: 14,
  captain: 60,
  firstMate: 40,
  masterOTops: 30,
  pilot: 40,
  gunner: 25,
  boatswain: 20,
  carpenter: 30,
  physician: 40,
  masterAtArms: 25,
  purser: 30,
  aboard: 0
}

// ─── Crew upkeep: gear, food, provisions, recruiting ────────────────────────────────────────────

export const CrewUpkeepSchema = z
  .object({
    /** Basic gear for each new hand coming aboard (the Disgruntled Crew discount is in Ship flaws). */
    gearPerRecruit: Guilders,
    /** Food for each crew member (hands and officers) each month. */
    foodPerCrewMonth: Guilders,
    /** How many weeks a month's provisions last (the Vermin flaw's weeks are in Ship flaws). */
    provisionWeeksPerMonth: Int(5, 1),
    /** Dashboard warning: provisions at sea that last this many weeks or fewer. */
    warnWeeksLeft: Int(52),
    /** Hands recruited each week in a friendly port, and shanghaied by press gangs. */
    recruitDice: Notation,
    pressGangDice: Notation,
    /** House rule: hands who desert or die each week at sea with no food aboard. */
    starvingLossDice: Notation
  })
  .strict()
export type CrewUpkeep = z.output<typeof CrewUpkeepSchema>

export const CREW_UPKEEP: CrewUpkeep = {
  gearPerRecruit: 16,
  foodPerCrewMonth: 4,
  provisionWeeksPerMonth: 4,
  warnWeeksLeft: 2,
  recruitDice: '1k1+2',
  pressGangDice: '1k1+2',
  starvingLossDice: '1k1'
}

// ─── Repairs ────────────────────────────────────────────────────────────────────────────────────

export const ShipRepairsSchema = z
  .object({
    /** Rigging points the crew repairs each week, at sea or in port. */
    crewRiggingPerWeek: Int(99),
    /** Hull points the crew repairs each week (with a ship's carpenter aboard: the second figure). */
    crewHullPerWeek: Int(99),
    crewHullPerWeekWithCarpenter: Int(99),
    /** The share of each hull damage (percent, rounded down) the crew may repair; the rest needs a friendly port. */
    crewHullSharePercent: Int(100),
    /** A friendly port's yard: guilders per point, and points (hull or rigging) a week. */
    portCostPerPoint: Guilders,
    portPointsPerWeek: Int(999)
  })
  .strict()
export type ShipRepairs = z.output<typeof ShipRepairsSchema>

export const SHIP_REPAIRS: ShipRepairs = {
  crewRiggingPerWeek: 4,
  crewHullPerWeek: 2,
  crewHullPerWeekWithCarpenter: 4,
  crewHullSharePercent: 50,
  portCostPerPoint: 50,
  portPointsPerWeek: 10
}

// ─── Careening ──────────────────────────────────────────────────────────────────────────────────

export const CareeningSchema = z
  .object({
    /** In a friendly port: this percentage of the hull's base cost (Ship hulls). The interval is in Ship outfitting. */
    portFeePercent: Int(1000),
    days: Int(60, 1),
    /** For each month past due: Speed lost (never below the floor in Ship outfitting) and nautical miles a day lost. */
    speedLossPerMonth: Int(99),
    travelSpeedLossPerMonth: Int(999),
    /** Hull lost each month from this many months past due (6 months without careening, 4 if Old). */
    hullLossFromMonthsPastDue: Int(120),
    hullLossDice: Notation
  })
  .strict()
export type Careening = z.output<typeof CareeningSchema>

export const CAREENING: Careening = {
  portFeePercent: 10,
  days: 3,
  speedLossPerMonth: 1,
  travelSpeedLossPerMonth: 5,
  hullLossFromMonthsPastDue: 2,
  hullLossDice: '1k1'
}

// ─── Trained Fighters ───────────────────────────────────────────────────────────────────────────

export const SHIP_KINDS = ['naval', 'merchant', 'privateer', 'pirate'] as const
export type ShipKind = (typeof SHIP_KINDS)[number]
export const CREW_ORIGINS = ['none', 'avalon', 'vesten'] as const
export type CrewOrigin = (typeof CREW_ORIGINS)[number]

const OneIn = Int(100, 1)
export const TrainedFightersSchema = z
  .object({
    /** One in N of the hands are Trained Fighters, by the ship's kind. */
    merchant: OneIn,
    naval: OneIn,
    privateer: OneIn,
    pirate: OneIn,
    /** An Avalon or Vesten crew: one in N, when that is more than the kind gives. */
    avalon: OneIn,
    vesten: OneIn
  })
  .strict()
export type TrainedFighters = z.output<typeof TrainedFightersSchema>

export const TRAINED_FIGHTERS: TrainedFighters = { merchant: 4, naval: 3, privateer: 3, pirate: 1, avalon: 2, vesten: 1 }

// ─── The tables as the rules editor lists them ──────────────────────────────────────────────────

export const UPKEEP_TABLE_DEFS = {
  crewWages: {
    title: 'Crew wages',
    description:
      'Monthly wages in guilders: every hand (sailors, marines, gunner’s mates) and each officer’s role. Naval ships’ wages ' +
      'are paid by their government; pirates’ and privateers’ are owed to the crew out of the next booty; merchantmen’s ' +
      'owners pay them by their shares. An officer signed on at another wage keeps it. With "Marines as sailors" on, marines are paid ' +
      'whatever the sailors are; turn it off to pay them the Marine wage.',
    source:
      'House default (rules guide §2, "Crew wages"; seed 003 I.2 defers to the Player’s Book). Marines: paid as sailors ' +
      '(house default); player characters aboard: no wage.',
    seedValue: false,
    schema: CrewWagesSchema,
    defaults: CREW_WAGES
  },
  crewUpkeep: {
    title: 'Crew upkeep and recruiting',
    description:
      'Gear for each new hand; food per crew member a month (charged in port; at sea the crew eats its provisions, bought ' +
      'by the month, a month lasting so many weeks); the Dashboard warning ahead of running short; the hands recruited and ' +
      'shanghaied by press gangs each week in a friendly port; and the house rule for a crew with no food left at sea.',
    source:
      'Seed 003, I.2 Crew (1K1+2 a week in a friendly port, another 1K1+2 by press gangs; 16 G of gear; 4 G of food a month). ' +
      'House default (rules guide §2): a month of provisions is 4 weekly rations; food running out: 1k1 crew lost each week.',
    seedValue: true,
    schema: CrewUpkeepSchema,
    defaults: CREW_UPKEEP
  },
  shipRepairs: {
    title: 'Ship repairs',
    description:
      'Rigging repaired by the crew each week anywhere; the crew’s share of each hull damage and how fast they mend it ' +
      '(faster with a ship’s carpenter aboard); the rest only in a friendly port’s yard, at a price per point and so many ' +
      'points (hull or rigging) a week.',
    source: 'Seed 003, I. Of Ship Construction (maintenance: 4 rigging a week; half the hull at 2 a week, 4 with a carpenter; 50 G a point and 10 points a week in port).',
    seedValue: true,
    schema: ShipRepairsSchema,
    defaults: SHIP_REPAIRS
  },
  careening: {
    title: 'Careening',
    description:
      'The fee in a friendly port (a percentage of the hull’s base cost) and the days it takes; the penalties of an overdue ' +
      'careening for each month past due; and the hull lost each month from some months past due (unrepairable until ' +
      'careened). How often a ship needs careening is in Ship outfitting (Old ships: Ship flaws).',
    source:
      'Seed 003, I. Of Ship Construction (careening: 10% of the hull’s cost, 800 G for a Small Warship; about three days; ' +
      '−1 Speed a month after the fourth; 1K1 hull a month after six). Travel −5 nm/day a month and "two months past due" ' +
      'for Old ships: house default (rules guide §2, "Costs and effects the text omits").',
    seedValue: true,
    schema: CareeningSchema,
    defaults: CAREENING
  },
  trainedFighters: {
    title: 'Trained Fighters',
    description:
      'One in how many of a ship’s hands are Trained Fighters, by the ship’s kind, and for Avalon or Vesten crews (the larger ' +
      'share counts). Marines, officers, major NPCs and player characters are always Trained Fighters.',
    source: 'Seed 003, V. Of Grappling and Boarding (¼ merchantman, ⅓ naval or privateer, ½ Avalon, all pirate and Vesten).',
    seedValue: true,
    schema: TrainedFightersSchema,
    defaults: TRAINED_FIGHTERS
  }
} as const
