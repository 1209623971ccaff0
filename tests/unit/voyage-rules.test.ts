import { describe, expect, it } from 'vitest'
import { DiceBox } from '../../src/shared/dice/roll'
import { Rng, seedState } from '../../src/shared/dice/rng'
import { ENCOUNTER_CHECKS, SPECIAL_EVENTS, TRAVEL_SPEEDS, WINDS } from '../../src/shared/voyage/tables'
import {
  encounterRow,
  encounterRows,
  encounterShips,
  eventFor,
  observationTN,
  offCourse,
  riggingSteps,
  seenAt,
  travelSpeed,
  waterAt,
  windFor
} from '../../src/shared/voyage/rules'

const box = (faces: number[]) => new DiceBox(new Rng(seedState(1)), faces, 'manual')

describe('seed 003 II wind table', () => {
  it('reads one die', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((r) => [windFor(r, WINDS).label, windFor(r, WINDS).nmPerDay])).toEqual([
      ['Light Breezes', -30],
      ['Poor Winds', -20],
      ['Light Winds', -10],
      ['Light Winds', -10],
      ['Moderate Winds', 0],
      ['Moderate Winds', 0],
      ['Strong Winds', 10],
      ['Strong Winds', 10],
      ['Powerful Winds', 20],
      ['Gales', 30]
    ])
  })
})

describe('seed 003 II travel speed', () => {
  const base = { designTerms: [{ label: 'Merchantman (nautical miles a day)', value: 100 }], masterOTopsRigging: null, pilotKnack: null, riggingPoints: 25, riggingDamage: 0, careeningMonthsOverdue: 0, careeningLossPerMonth: 5, floor: 10 }
  it('adds master-o’-tops (Rigging 4+) and pilot (Pilot 4+), not below rank 4', () => {
    expect(travelSpeed({ ...base, masterOTopsRigging: 4, pilotKnack: 5 }, TRAVEL_SPEEDS, WINDS).withoutWind).toBe(120)
    expect(travelSpeed({ ...base, masterOTopsRigging: 3, pilotKnack: 3 }, TRAVEL_SPEEDS, WINDS).withoutWind).toBe(100)
  })
  it('loses 5 per 20% of the Rigging points lost, 5 per month overdue careening; never below 10; the plan shows the wind range', () => {
    expect(riggingSteps(25, 10, 20)).toBe(2)
    expect(riggingSteps(25, 4, 20)).toBe(0)
    const s = travelSpeed({ ...base, riggingDamage: 10, careeningMonthsOverdue: 2 }, TRAVEL_SPEEDS, WINDS)
    expect(s.withoutWind).toBe(80)
    expect([s.min, s.max]).toEqual([50, 110])
    expect(travelSpeed({ ...base, designTerms: [{ label: 'Galleon (nautical miles a day)', value: 20 }] }, TRAVEL_SPEEDS, WINDS, -30).nmPerDay).toBe(10)
  })
})

describe('seed 003 II special events table', () => {
  it('reads one die into the ten results', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((r) => eventFor(r, SPECIAL_EVENTS).event)).toEqual([
      'becalmed',
      'becalmed',
      'fog',
      'fog',
      'disease',
      'disease',
      'squalls',
      'squalls',
      'wreck',
      'storm'
    ])
  })
  it('blows a ship off course in a direction of one die (36° a face)', () => {
    expect(offCourse(20, 5, 2)).toEqual({ x: 0, y: 10 })
    expect(offCourse(20, 10, 2)).toEqual({ x: -0, y: -10 })
  })
})

describe('seed 003 III encounter table (5K5, 5-50)', () => {
  it('has all 46 entries, the special ones for the GM', () => {
    const rows = encounterRows()
    expect(rows.map((r) => r.roll)).toEqual(Array.from({ length: 46 }, (_, i) => i + 5))
    expect(rows.filter((r) => r.special).map((r) => r.roll)).toEqual([42, 43, 46, 47, 48, 49, 50])
    expect(encounterRow(50).label).toMatch(/Black Freighter/)
    expect(encounterRow(46).prompt).toMatch(/Pilot check against TN 20/)
  })
  it('generates every ship entry with hand-entered dice', () => {
    for (const row of encounterRows().filter((r) => !r.special)) {
      const faces = Array.from({ length: 20 }, () => 4)
      const b = box(faces)
      const out = encounterShips(row, b, 'Montaigne')
      expect(out.ships.length).toBeGreaterThan(0)
      expect(out.ships.every((s) => s.side === 'them' && s.control === 'ai')).toBe(true)
    }
  })
  it('"3 to 6" is a d6 re-rolling 1 and 2; "1K1+2" as written; the treasure fleet guards are as many as the galleons', () => {
    const fleet = encounterShips(encounterRow(20), box([1, 2, 5]), '')
    expect(fleet.ships).toHaveLength(5)
    expect(fleet.ships[0]!.generate).toMatchObject({ hull: 'smallWarship', nation: 'Avalon', armament: 'heavy' })
    expect(encounterShips(encounterRow(36), box([4]), '').ships).toHaveLength(6)
    const treasure = encounterShips(encounterRow(41), box([3]), '').ships
    expect(treasure.map((s) => s.generate.hull)).toEqual(['galleon', 'galleon', 'galleon', 'largeWarship', 'largeWarship', 'largeWarship'])
    expect(encounterShips(encounterRow(7), box([]), 'Castille').ships[0]!.generate.nation).toBe('Castille')
  })
})

describe('seed 003 III sighting', () => {
  it('TN 10 at Close + 5 per interval (35 at Extreme); one roll gives the farthest range seen', () => {
    expect(['close', 'short', 'medium', 'long', 'far', 'extreme'].map((r) => observationTN(r as 'close', ENCOUNTER_CHECKS))).toEqual([10, 15, 20, 25, 30, 35])
    expect(seenAt(26, 'extreme', ENCOUNTER_CHECKS)).toBe('long')
    expect(seenAt(40, 'medium', ENCOUNTER_CHECKS)).toBe('medium')
    expect(seenAt(9, 'extreme', ENCOUNTER_CHECKS)).toBeNull()
  })
  it('checks daily in coastal, colonial or continental water, weekly in sea lanes, monthly uncharted; the most frequent area wins', () => {
    expect(ENCOUNTER_CHECKS.every).toEqual({ coastal: 'day', colonial: 'day', continental: 'day', seaLane: 'week', uncharted: 'month' })
    const sq = (x0: number, x1: number) => [{ x: x0, y: 0 }, { x: x1, y: 0 }, { x: x1, y: 10 }, { x: x0, y: 10 }]
    const areas = [{ kind: 'seaLane' as const, polygon: sq(0, 100) }, { kind: 'coastal' as const, polygon: sq(40, 60) }]
    expect(waterAt({ x: 50, y: 5 }, areas, 'uncharted', ENCOUNTER_CHECKS)).toBe('coastal')
    expect(waterAt({ x: 20, y: 5 }, areas, 'uncharted', ENCOUNTER_CHECKS)).toBe('seaLane')
    expect(waterAt({ x: 200, y: 5 }, areas, 'uncharted', ENCOUNTER_CHECKS)).toBe('uncharted')
  })
})
