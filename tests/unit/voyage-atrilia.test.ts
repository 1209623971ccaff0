import { describe, expect, it } from 'vitest'
import { ATRILIA_SHIPS } from '../../src/shared/atrilia/tables'
import { shipTypeOf as catalogueType } from '../../src/shared/atrilia/shipyard'
import { ATRILIA_VOYAGES, dailyDistance } from '../../src/shared/atrilia/travel'
import {
  ATRILIA_ENCOUNTER_TABLE,
  AtriliaEncounterTableSchema,
  encounterLabel,
  encounterShipProblems,
  encounterShipText,
  houseRowFor,
  maxMarines,
  type AtrilianEncounterShip
} from '../../src/shared/voyage/atrilia'
import { ATRILIA_CHART } from '../../src/shared/voyage/atrilia-chart'

const type = (key: string) => catalogueType(ATRILIA_SHIPS, key)!
const ship = (patch: Partial<AtrilianEncounterShip>): AtrilianEncounterShip => ({ type: 'smallGalley', nation: 'pheacian', quality: 2, marines: 0, improvements: {}, wizards: 'none', ...patch })

describe('Atrilian voyages: the daily distance (seed 002 §2 speeds; rules guide §3 midpoint for 12 hours)', () => {
  it('seed 002 §2: every type sails the midpoint of her speed range × 12 hours a day, with each term', () => {
    const km = Object.fromEntries(ATRILIA_SHIPS.map((t) => [t.key, dailyDistance(t, ATRILIA_VOYAGES).kmPerDay]))
    // 3–14 → 8.5 × 12 = 102; 5–10 → 90; 5–15 → 120; 6 → 72; 5 → 60; 8 → 96; 3 → 36.
    expect(km).toMatchObject({ pheacianLargeGalley: 102, smallGalley: 90, liburnianGalley: 120, baghla: 72, sambuk: 60, zaruq: 96, ndogoLargePirogue: 36, standardPirogue: 36, kleshiteSmallPirogue: 36 })
    expect(km[catalogueType(ATRILIA_SHIPS, 'gyptianLargeGalley')!.key]).toBe(90)
    const d = dailyDistance(type('pheacianLargeGalley'), ATRILIA_VOYAGES)
    expect(d.breakdown.map((t) => t.value)).toEqual([3, 14, 8.5, 12])
    expect(d.text).toBe('Pheacian large galley, 3–14 km/h, midpoint 8.5 km/h × 12 h = 102 km a day')
  })
  it('rules guide §3: the hours a day are a campaign table (a GM who sails 10 hours gets 85 km)', () => {
    expect(dailyDistance(type('pheacianLargeGalley'), { ...ATRILIA_VOYAGES, hoursPerDay: 10 }).kmPerDay).toBe(85)
  })
  it('issue 18: the Gyptian or Meshuesh large galley is found by the design key gyptianLargeGalley', () => {
    expect(catalogueType(ATRILIA_SHIPS, 'gyptianLargeGalley')!.name).toBe('Gyptian or Meshuesh large galley')
    expect(catalogueType(ATRILIA_SHIPS, 'trireme')).toBeNull()
  })
})

describe('Atrilian encounters (rules guide §3: the GM adds them; seed 002 §2.4 improvements)', () => {
  it('seed 002 §2.4: "Baghlas cannot have rams"; only a baghla is improved to size 1', () => {
    expect(encounterShipProblems(ship({ type: 'baghla', improvements: { ram: true } }), ATRILIA_SHIPS, ATRILIA_VOYAGES)).toEqual([
      { field: 'improvements.ram', message: 'a baghla cannot have a ram (“Baghlas cannot have rams”, Naval Rules §2.4)' }
    ])
    expect(encounterShipProblems(ship({ improved: true }), ATRILIA_SHIPS, ATRILIA_VOYAGES, 'ships.0.').map((p) => p.field)).toEqual(['ships.0.improved'])
    expect(encounterShipProblems(ship({ type: 'sambuk', improvements: { ram: true } }), ATRILIA_SHIPS, ATRILIA_VOYAGES)).toEqual([])
  })
  it('seed 002 §2 holds, rules guide §3 (25 men a point): the marines a hold carries', () => {
    expect(maxMarines(type('pheacianLargeGalley'), false, ATRILIA_VOYAGES)).toBe(6) // 150 men
    expect(maxMarines(type('liburnianGalley'), false, ATRILIA_VOYAGES)).toBe(2) // 60 men
    expect(maxMarines(type('baghla'), false, ATRILIA_VOYAGES)).toBe(14) // 360 men
    expect(maxMarines(type('baghla'), true, ATRILIA_VOYAGES)).toBe(4) // improved: 120 men
    expect(maxMarines(type('zaruq'), false, ATRILIA_VOYAGES)).toBe(0) // cargo only
    expect(encounterShipProblems(ship({ type: 'liburnianGalley', marines: 3 }), ATRILIA_SHIPS, ATRILIA_VOYAGES)[0]).toEqual({
      field: 'marines',
      message: 'a Liburnian galley holds 60 men: at most 2 marine points (25 men a point)'
    })
  })
  it('seed 002 §9.1: wizards are carried by marines', () => {
    expect(encounterShipProblems(ship({ wizards: 'fire' }), ATRILIA_SHIPS, ATRILIA_VOYAGES).map((p) => p.field)).toEqual(['wizards'])
    expect(encounterShipProblems(ship({ wizards: 'fire', marines: 1 }), ATRILIA_SHIPS, ATRILIA_VOYAGES)).toEqual([])
  })
  it('seed 002 §2.4 "all galleys have rams": an encounter galley says her ram; words by nation and quality (seed 002 TABLES)', () => {
    const m = ship({ type: 'gyptianLargeGalley', nation: 'meshuesh', quality: 4, marines: 2, improvements: { castle: true } })
    expect(encounterShipText(m, ATRILIA_SHIPS)).toBe('a Meshuesh large galley, elite crew (2 marine points, a castle, a ram)')
    expect(encounterLabel([m, m, ship({ type: 'baghla', nation: 'haranese' })], ATRILIA_SHIPS)).toBe('2 × Meshuesh large galley and a Haranese baghla')
  })
})

describe('the house encounter table (rules guide §3: optional, starts empty)', () => {
  it('starts empty: nothing is met', () => {
    expect(ATRILIA_ENCOUNTER_TABLE.rows).toEqual([])
    expect(houseRowFor(ATRILIA_ENCOUNTER_TABLE, 12)).toBeNull()
  })
  it('a row answers the totals it covers; totals outside the dice or in two rows are refused', () => {
    const row = { from: 11, to: 12, label: 'Meshuesh raiders', ships: [ship({ type: 'gyptianLargeGalley', nation: 'meshuesh' })] }
    const t = AtriliaEncounterTableSchema.parse({ dice: '2d6', rows: [row] })
    expect(houseRowFor(t, 11)?.label).toBe('Meshuesh raiders')
    expect(houseRowFor(t, 10)).toBeNull()
    expect(AtriliaEncounterTableSchema.safeParse({ dice: '1d6', rows: [row] }).success).toBe(false)
    const two = AtriliaEncounterTableSchema.safeParse({ dice: '2d6', rows: [row, { ...row, from: 12, to: 12 }] })
    expect(two.success).toBe(false)
    expect(JSON.stringify(two.error?.issues)).toContain("a total of 12 is already row 1's")
  })
})

describe('the coasts around al-Zabdiyat (seed 002 §12)', () => {
  it('seed 002 §12: the island of al-Zabdiyat is on it; every other port says it is a house default; routes join its ports', () => {
    expect(ATRILIA_CHART.ports.find((p) => p.name === 'al-Zabdiyat')).toBeDefined()
    for (const p of ATRILIA_CHART.ports.filter((x) => x.name !== 'al-Zabdiyat')) expect(p.notes).toMatch(/^House default: seed 002 names no port here\./)
    const names = new Set(ATRILIA_CHART.ports.map((p) => p.name))
    for (const r of ATRILIA_CHART.routes) expect(names.has(r.from) && names.has(r.to)).toBe(true)
    expect(ATRILIA_CHART.land?.map((l) => l.name)).toContain('The island of al-Zabdiyat')
  })
})
