/**
 * The life of a ship's rule tables (issue 6): their defaults with the seed section or rules-guide
 * heading each value comes from, their registration with the other rule tables, and their schemas.
 */
import { describe, expect, it } from 'vitest'
import { RULE_TABLES } from '../../src/shared/rules/tables'
import { SHIP_FLAWS, SHIP_HULLS, SHIP_OUTFITTING } from '../../src/shared/ship/tables'
import {
  CAREENING,
  CareeningSchema,
  CREW_UPKEEP,
  CREW_WAGES,
  CrewUpkeepSchema,
  SHIP_REPAIRS,
  TRAINED_FIGHTERS,
  UPKEEP_TABLE_DEFS
} from '../../src/shared/ship/upkeep-tables'

describe('upkeep rule tables', () => {
  it('are registered with the campaign rule tables, each with its source', () => {
    for (const name of ['crewWages', 'crewUpkeep', 'shipRepairs', 'careening', 'trainedFighters'] as const) {
      expect(RULE_TABLES[name]).toBe(UPKEEP_TABLE_DEFS[name])
      expect(RULE_TABLES[name].schema.safeParse(RULE_TABLES[name].defaults).success).toBe(true)
      expect(RULE_TABLES[name].source).toMatch(/Seed 003|rules guide §2/)
    }
  })

  it('seed 003 I.2 Crew: 1K1+2 recruits a week, another 1K1+2 by press gangs, 16 G of gear, 4 G of food a month', () => {
    expect(CREW_UPKEEP).toMatchObject({ recruitDice: '1k1+2', pressGangDice: '1k1+2', gearPerRecruit: 16, foodPerCrewMonth: 4 })
    // One ton of the hold set aside for food on a voyage.
    expect(SHIP_OUTFITTING.foodReserveTons).toBe(1)
  })

  it('rules guide §2 "Food running out at sea": 1k1 crew lost each week (house rule); a month of provisions is four weekly rations', () => {
    expect(CREW_UPKEEP).toMatchObject({ starvingLossDice: '1k1', provisionWeeksPerMonth: 4 })
    expect(UPKEEP_TABLE_DEFS.crewUpkeep.source).toMatch(/House default/)
  })

  it('seed 003 I.4 flaws: Vermin provisions last three weeks a month; Disgruntled Crew hires and equips 5% cheaper; Old careens every two months', () => {
    expect(SHIP_FLAWS.vermin.foodWeeksPerMonth).toBe(3)
    expect(SHIP_FLAWS.disgruntledCrew.crewHiringDiscountPercent).toBe(5)
    expect(SHIP_OUTFITTING.careeningIntervalMonths / SHIP_FLAWS.old.careeningIntervalDivisor).toBe(2)
  })

  it('rules guide §2 "Crew wages": the default monthly wages', () => {
    expect(CREW_WAGES).toEqual({
      sailor: 10,
      marinesAsSailors: true,
      marine: 10,
      gunnersMate: 14,
      gunner: 25,
      boatswain: 20,
      masterOTops: 30,
      pilot: 40,
      carpenter: 30,
      physician: 40,
      masterAtArms: 25,
      purser: 30,
      firstMate: 40,
      captain: 60,
      aboard: 0
    })
    expect(UPKEEP_TABLE_DEFS.crewWages.seedValue).toBe(false)
  })

  it('seed 003 I maintenance: rigging 4 a week by the crew; half the hull at 2 a week (4 with a carpenter); 50 G a point and 10 a week in port', () => {
    expect(SHIP_REPAIRS).toEqual({
      crewRiggingPerWeek: 4,
      crewHullPerWeek: 2,
      crewHullPerWeekWithCarpenter: 4,
      crewHullSharePercent: 50,
      portCostPerPoint: 50,
      portPointsPerWeek: 10
    })
  })

  it('seed 003 I careening: 10% of the hull’s base cost in port (800 G for a Small Warship), three days, −1 Speed a month past due, 1K1 hull from six months', () => {
    const sw = SHIP_HULLS.hulls.find((h) => h.hull === 'smallWarship')!
    expect((sw.baseCost * CAREENING.portFeePercent) / 100).toBe(800)
    expect(CAREENING).toMatchObject({ days: 3, speedLossPerMonth: 1, hullLossDice: '1k1' })
    expect(SHIP_OUTFITTING.careeningIntervalMonths + CAREENING.hullLossFromMonthsPastDue).toBe(6)
    // Rules guide §2 "Costs and effects the text omits": −5 nm a day for each month past due.
    expect(CAREENING.travelSpeedLossPerMonth).toBe(5)
  })

  it('seed 003 V Trained Fighters: ¼ merchantman, ⅓ naval and privateer, ½ Avalon, all pirate and Vesten', () => {
    expect(TRAINED_FIGHTERS).toEqual({ merchant: 4, naval: 3, privateer: 3, pirate: 1, avalon: 2, vesten: 1 })
  })

  it('dice entries must be dice notation; counts must be whole and in range', () => {
    expect(CrewUpkeepSchema.safeParse({ ...CREW_UPKEEP, recruitDice: '2k1+1' }).success).toBe(true)
    expect(CrewUpkeepSchema.safeParse({ ...CREW_UPKEEP, recruitDice: 'lots' }).success).toBe(false)
    expect(CareeningSchema.safeParse({ ...CAREENING, days: 0 }).success).toBe(false)
    expect(CareeningSchema.safeParse({ ...CAREENING, portFeePercent: 2.5 }).success).toBe(false)
  })
})
