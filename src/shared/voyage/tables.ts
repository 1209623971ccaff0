import { z } from 'zod'

/**
 * Rule tables of sea travel (issue 7; seed 003, II. Of Sea Travel, III. Of Encounters at Sea, VIII.
 * Of Sea Trade: passengers; rules guide §1-2). Base travel speeds by hull live in `shipHulls`
 * (rules guide §2 "Sea travel speed"), streamlined / well trained / sluggish in the modification and
 * flaw tables, the careening penalty in `careening`: these tables hold the rest.
 */

const Int = (max: number) => z.number().int().min(0).max(max)
const Signed = z.number().int().min(-999).max(999)
const Dice = z.string().trim().min(2).max(20)
const Label = z.string().trim().min(1).max(80)
const Face = z.number().int().min(1).max(10)

export const TravelSpeedsSchema = z
  .object({
    /** The master-o'-tops' Rigging rank that adds `masterOTopsBonus` nm a day. */
    masterOTopsRigging: Int(5),
    masterOTopsBonus: Int(999),
    /** The pilot's Pilot rank that adds `pilotBonus` nm a day. */
    pilotKnack: Int(5),
    pilotBonus: Int(999),
    /** Each this percent of the total Rigging points lost costs `riggingStepLoss` nm a day. */
    riggingStepPercent: z.number().int().min(1).max(100),
    riggingStepLoss: Int(999),
    /** A ship with Oars rows when becalmed: nm a day (house default). */
    rowingNmPerDay: Int(999)
  })
  .strict()

export const WindsSchema = z
  .array(z.object({ from: Face, to: Face, label: Label, nmPerDay: Signed }).strict())
  .min(1)
  .max(10)
  .refine((rows) => coversOneToTen(rows), 'the rows must cover 1 to 10 once each, in order')

export const SpecialEventsSchema = z
  .object({
    table: z
      .array(z.object({ from: Face, to: Face, event: z.enum(['becalmed', 'fog', 'disease', 'squalls', 'wreck', 'storm']), label: Label }).strict())
      .min(1)
      .max(10)
      .refine((rows) => coversOneToTen(rows), 'the rows must cover 1 to 10 once each, in order'),
    becalmedDays: Dice,
    fogDays: Dice,
    navigationTN: Int(99),
    lostDays: Dice,
    diseaseResolveTN: Int(99),
    /** A Resolve total below this dies of the illness unless treated by someone with the Doctor knack. */
    diseaseDiesBelow: Int(99),
    crewIll: Dice,
    crewIllWithDoctor: Dice,
    /** One die: this or higher and the crew's illness is terminal. */
    terminalOn: Face,
    squallDelayDays: Int(99),
    squallRigging: Dice,
    squallOffCourse: Dice,
    wreckPilotTN: Int(99),
    wreckWitsTN: Int(99),
    stormDays: Dice,
    stormDamage: Dice,
    stormOffCourse: Dice,
    stormPilotTN: Int(99)
  })
  .strict()

export const EncounterChecksSchema = z
  .object({
    every: z
      .object({
        coastal: z.enum(['day', 'week', 'month']),
        colonial: z.enum(['day', 'week', 'month']),
        continental: z.enum(['day', 'week', 'month']),
        seaLane: z.enum(['day', 'week', 'month']),
        uncharted: z.enum(['day', 'week', 'month'])
      })
      .strict(),
    /** One die: this or higher is an encounter (seed: a 10). */
    encounterOn: Face,
    /** The encounter table's roll (rules guide §1: 5K5 summed without explosion = 5d10). */
    tableDice: Dice,
    /** Where an encounter appears, by the weather (seed: Extreme unless the weather reduces the sighting distance). */
    appearsAt: z
      .object({
        clear: z.enum(['close', 'short', 'medium', 'long', 'far', 'extreme']),
        rough: z.enum(['close', 'short', 'medium', 'long', 'far', 'extreme']),
        storm: z.enum(['close', 'short', 'medium', 'long', 'far', 'extreme']),
        fog: z.enum(['close', 'short', 'medium', 'long', 'far', 'extreme'])
      })
      .strict(),
    /** The Observation TN: base at Close, plus this per range step past Close. */
    observationBaseTN: Int(99),
    observationStepTN: Int(99)
  })
  .strict()

export const PassengersSchema = z
  .object({
    /** A passenger pays `guilders` for every `perNm` nautical miles (seed 003 VIII: one Guilder for every 40 miles). */
    guilders: z.number().min(0).max(1000),
    perNm: z.number().int().min(1).max(10_000)
  })
  .strict()

function coversOneToTen(rows: readonly { from: number; to: number }[]): boolean {
  let next = 1
  for (const r of rows) {
    if (r.from !== next || r.to < r.from) return false
    next = r.to + 1
  }
  return next === 11
}

export type TravelSpeeds = z.output<typeof TravelSpeedsSchema>
export type Winds = z.output<typeof WindsSchema>
export type SpecialEvents = z.output<typeof SpecialEventsSchema>
export type EncounterChecks = z.output<typeof EncounterChecksSchema>
export type Passengers = z.output<typeof PassengersSchema>

export const WINDS: Winds = [
  { from: 1, to: 1, label: 'Light Breezes', nmPerDay: -30 },
  { from: 2, to: 2, label: 'Poor Winds', nmPerDay: -20 },
  { from: 3, to: 4, label: 'Light Winds', nmPerDay: -10 },
  { from: 5, to: 6, label: 'Moderate Winds', nmPerDay: 0 },
  { from: 7, to: 8, label: 'Strong Winds', nmPerDay: 10 },
  { from: 9, to: 9, label: 'Powerful Winds', nmPerDay: 20 },
  { from: 10, to: 10, label: 'Gales', nmPerDay: 30 }
]

export const SPECIAL_EVENTS: SpecialEvents = {
  table: [
    { from: 1, to: 2, event: 'becalmed', label: 'Becalmed' },
    { from: 3, to: 4, event: 'fog', label: 'Fog' },
    { from: 5, to: 6, event: 'disease', label: 'Shipboard disease' },
    { from: 7, to: 8, event: 'squalls', label: 'Squalls' },
    { from: 9, to: 9, event: 'wreck', label: 'Wreck' },
    { from: 10, to: 10, event: 'storm', label: 'Storm' }
  ],
  becalmedDays: '1k1',
  fogDays: '1k1-5',
  navigationTN: 20,
  lostDays: '1k1-5',
  diseaseResolveTN: 20,
  diseaseDiesBelow: 5,
  crewIll: '6k6',
  crewIllWithDoctor: '3k3',
  terminalOn: 7,
  squallDelayDays: 1,
  squallRigging: '1k1',
  squallOffCourse: '6k6',
  wreckPilotTN: 15,
  wreckWitsTN: 10,
  stormDays: '1k1-5',
  stormDamage: '1k1',
  stormOffCourse: '10k10',
  stormPilotTN: 15
}

export const TRAVEL_SPEEDS: TravelSpeeds = {
  masterOTopsRigging: 4,
  masterOTopsBonus: 10,
  pilotKnack: 4,
  pilotBonus: 10,
  riggingStepPercent: 20,
  riggingStepLoss: 5,
  rowingNmPerDay: 20
}

export const ENCOUNTER_CHECKS: EncounterChecks = {
  every: { coastal: 'day', colonial: 'day', continental: 'day', seaLane: 'week', uncharted: 'month' },
  encounterOn: 10,
  tableDice: '5d10',
  appearsAt: { clear: 'extreme', rough: 'far', storm: 'long', fog: 'medium' },
  observationBaseTN: 10,
  observationStepTN: 5
}

export const PASSENGERS: Passengers = { guilders: 1, perNm: 40 }

export const VOYAGE_TABLE_DEFS = {
  travelSpeeds: {
    title: 'Sea travel: officers, rigging, rowing',
    description:
      'Miles a day a master-o’-tops (Rigging 4+) and a pilot (Pilot 4+) add, the miles lost per 20% of the Rigging points lost, and what Oars row when becalmed. Base speeds by hull are in Ship hulls; streamlined, well trained and sluggish in the modification and flaw tables; the careening penalty in Careening.',
    source:
      'Seed 003, II. Of Sea Travel ("at least four ranks in the Rigging Knack … another ten miles per day"; "For each 20% of total Rigging Points … lose five miles per day"). Rowing: house default.',
    seedValue: true,
    schema: TravelSpeedsSchema,
    defaults: TRAVEL_SPEEDS
  },
  winds: {
    title: 'Winds',
    description: 'One die a voyage, rolled when she sails: the average winds and what they add to every ship’s miles a day.',
    source: 'Seed 003, II. Of Sea Travel: the wind table.',
    seedValue: true,
    schema: WindsSchema,
    defaults: WINDS
  },
  specialEvents: {
    title: 'Special events at sea',
    description:
      'One die when the GM spends a Drama Die on a voyage: becalmed, fog (and getting lost), shipboard disease, squalls, wreck, storm — with their days, damage, off-course miles and the checks they call for.',
    source: 'Seed 003, II. Of Sea Travel: the special events table.',
    seedValue: true,
    schema: SpecialEventsSchema,
    defaults: SPECIAL_EVENTS
  },
  encounterChecks: {
    title: 'Encounter checks',
    description:
      'How often an encounter check (one die, a 10 meets something) is made by the water the ship is in, the table roll, where encounters appear by the weather, and the lookouts’ Observation TN.',
    source:
      'Seed 003, III. Of Encounters at Sea (daily in coastal, colonial or continental water, weekly in major sea lanes, monthly in uncharted waters; 5K5; Extreme range; TN 10 + 5 per interval past Close). Closer sightings in rough weather, storm and fog: house default.',
    seedValue: true,
    schema: EncounterChecksSchema,
    defaults: ENCOUNTER_CHECKS
  },
  passengers: {
    title: 'Passenger fares',
    description: 'What a passenger pays, by the miles of the voyage (paid on arrival to the ship’s owners). Adjustable per voyage.',
    source: 'Seed 003, VIII. Of Sea Trade: "one Guilder for every 40 miles traveled".',
    seedValue: true,
    schema: PassengersSchema,
    defaults: PASSENGERS
  }
}
