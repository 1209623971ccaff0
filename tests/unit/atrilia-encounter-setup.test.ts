import { describe, expect, it } from 'vitest'
import {
  COAST_DEPTH,
  COAST_NEAR_KM,
  EncounterBattleChoices,
  encounterSetup,
  nearestLand,
  type Fleet,
  type FleetProfile
} from '../../src/shared/atrilia/encounter-setup'
import { checkSetup, startBattle } from '../../src/shared/atrilia/engine'
import { COLUMNS, ROWS, label, toOffset } from '../../src/shared/atrilia/hex'

const galley: FleetProfile = { type: 'pheacianLargeGalley', size: 3, crewQuality: 3, nation: 'pheacian', ram: true, corvus: true, castle: true, catapult: false, ballista: null, marines: 2, wizards: 'sea' }
const meshuesh: FleetProfile = { ...galley, type: 'gyptianLargeGalley', nation: 'meshuesh', crewQuality: 2, corvus: false, castle: false, wizards: null }

const squadron = (n = 2): Fleet => ({
  name: 'Pheacian squadron',
  nation: 'pheacian',
  ships: Array.from({ length: n }, (_, i) => ({ id: `ship-${i + 1}`, name: `Galley ${i + 1}`, shipId: i + 1, profile: galley }))
})
const encounter = (n = 1): Fleet => ({
  name: 'Meshuesh large galley',
  nation: 'meshuesh',
  ships: Array.from({ length: n }, (_, i) => ({ id: `met-${i + 1}`, name: `Meshuesh large galley ${i + 1}`, shipId: null, profile: meshuesh }))
})
const build = (choices: Parameters<typeof EncounterBattleChoices.parse>[0] = {}, near: ReturnType<typeof nearestLand> = null, sq = squadron(), en = encounter()) =>
  encounterSetup({ name: 'Battle at sea: To Meshuesh harbour', squadron: sq, encounter: en, near, choices: EncounterBattleChoices.parse(choices), seed: 7 })

describe('the battle set-up from an Atrilian encounter (issue 18)', () => {
  it('seed 002 §3: the map is 12 × 18 hexes; by default the sides set up at opposite edges (squadron south, encounter north) facing inward', () => {
    const r = build()
    expect(r.problems).toEqual([])
    expect(COLUMNS * ROWS).toBe(216)
    expect(r.edges).toEqual({ squadron: 'south', encounter: 'north', coast: null })
    const s = r.setup!
    for (const x of s.ships.filter((x) => x.side === 'squadron')) {
      expect(toOffset(x.at).row).toBe(ROWS - 1)
      expect(x.facing).toBe(1)
    }
    const them = s.ships.find((x) => x.side === 'encounter')!
    expect(toOffset(them.at).row).toBe(0)
    expect(them.facing).toBe(4)
    expect(checkSetup(s)).toEqual([])
    expect(() => startBattle(s)).not.toThrow()
  })

  it('seed 002 §5.12: one ship a hex — a line along the edge with a hex between neighbours, side by side when the edge is full, then a second line', () => {
    const two = build().setup!.ships.filter((x) => x.side === 'squadron').map((x) => toOffset(x.at).col)
    expect(two[1]! - two[0]!).toBe(2)
    const many = build({}, null, squadron(14)).setup!
    const ours = many.ships.filter((x) => x.side === 'squadron')
    expect(ours).toHaveLength(14)
    expect(new Set(ours.map((x) => label(x.at))).size).toBe(14)
    expect(ours.filter((x) => toOffset(x.at).row === ROWS - 1)).toHaveLength(12)
    expect(ours.filter((x) => toOffset(x.at).row === ROWS - 2)).toHaveLength(2)
    expect(checkSetup(many)).toEqual([])
  })

  it('the campaign link: squadron ships keep their campaign ship id; the encounter’s ships have none', () => {
    const s = build().setup!
    expect(s.ships.filter((x) => x.side === 'squadron').map((x) => x.shipId)).toEqual([1, 2])
    expect(s.ships.find((x) => x.side === 'encounter')!.shipId).toBeUndefined()
    expect(s.ships[0]).toMatchObject({ type: 'pheacianLargeGalley', size: 3, crewQuality: 3, corvus: true, castle: true, marines: 2, wizards: 'sea', nation: 'pheacian' })
  })

  it('seed 002 §3 land hexes: the chart’s land near the voyage makes a coastline two hexes deep along the edge facing it; the sides take the other edges', () => {
    const near = nearestLand({ x: 700, y: 540 }, [{ name: 'The island of al-Zabdiyat', polygon: [{ x: 745, y: 488 }, { x: 860, y: 482 }, { x: 900, y: 540 }, { x: 850, y: 600 }, { x: 760, y: 605 }, { x: 715, y: 550 }] }], 0.5)
    expect(near).toMatchObject({ name: 'The island of al-Zabdiyat', edge: 'east' })
    expect(near!.km).toBeLessThanOrEqual(COAST_NEAR_KM)
    const r = build({}, near)
    expect(r.edges).toEqual({ squadron: 'south', encounter: 'north', coast: 'east' })
    expect(r.setup!.land).toHaveLength(COAST_DEPTH * ROWS)
    expect(r.setup!.land.every((h) => toOffset(h).col >= COLUMNS - COAST_DEPTH)).toBe(true)
    expect(r.notes.join(' ')).toMatch(/The island of al-Zabdiyat is [\d.]+ km away, to the east/)
    // Land to the north: the coast runs along the north edge, the sides at west and east.
    const north = build({}, { name: 'The Northerners’ coast', km: 5, edge: 'north' })
    expect(north.edges).toEqual({ squadron: 'west', encounter: 'east', coast: 'north' })
    expect(checkSetup(north.setup!)).toEqual([])
  })

  it('open sea: with no land within reach (house default 20 km) there is no coastline, and the set-up says so; the GM may turn the coast off', () => {
    expect(nearestLand({ x: 100, y: 100 }, [{ name: 'Far', polygon: [{ x: 900, y: 900 }, { x: 950, y: 900 }, { x: 950, y: 950 }] }], 0.5)).toBeNull()
    const r = build()
    expect(r.setup!.land).toEqual([])
    expect(r.notes.join(' ')).toMatch(/open sea/)
    const off = build({ coastline: false }, { name: 'Island', km: 3, edge: 'east' })
    expect(off.setup!.land).toEqual([])
    expect(off.notes[0]).toMatch(/No coastline/)
  })

  it('the GM chooses the edges: either side’s edge, the other opposite it by default; both on one edge is refused at the field', () => {
    expect(build({ squadronEdge: 'west' }).edges).toMatchObject({ squadron: 'west', encounter: 'east' })
    expect(build({ encounterEdge: 'south' }).edges).toMatchObject({ squadron: 'north', encounter: 'south' })
    const west = build({ squadronEdge: 'west' }).setup!.ships.filter((x) => x.side === 'squadron')
    expect(west.every((x) => toOffset(x.at).col === 0 && x.facing === 3)).toBe(true)
    expect(build({ squadronEdge: 'north', encounterEdge: 'north' }).problems[0]).toMatchObject({ field: 'encounterEdge' })
    expect(build({ coastEdge: 'south' }).edges).toMatchObject({ squadron: 'west', encounter: 'east', coast: 'south' })
    expect(build({ squadronEdge: 'south', coastEdge: 'south' }).problems[0]).toMatchObject({ field: 'coastEdge' })
  })

  it('seed 002 §11.2 "Set up in hex D11 facing direction 1": the GM moves a ship; a hex off the map, on land or already taken is refused at its field', () => {
    const r = build({ placements: [{ ship: 'met-1', at: 'D11', facing: 1 }] })
    expect(r.problems).toEqual([])
    const m = r.setup!.ships.find((x) => x.id === 'met-1')!
    expect(label(m.at)).toBe('D11')
    expect(m.facing).toBe(1)
    expect(build({ placements: [{ ship: 'met-1', at: 'Z40' }] }).problems[0]).toMatchObject({ field: 'placements.0.at' })
    expect(build({ placements: [{ ship: 'nobody', at: 'D11' }] }).problems[0]).toMatchObject({ field: 'placements.0.ship' })
    expect(build({ placements: [{ ship: 'met-1', at: 'D11' }, { ship: 'ship-1', at: 'd11' }] }).problems[0]).toMatchObject({ field: 'placements.1.at', message: expect.stringMatching(/already holds/) })
    expect(build({ coastEdge: 'east', placements: [{ ship: 'met-1', at: 'L5' }] }).problems[0]).toMatchObject({ field: 'placements.0.at', message: expect.stringMatching(/is land/) })
    // A ship placed by hand keeps her hex; the others are lined up around her.
    const around = build({ placements: [{ ship: 'ship-1', at: 'F18' }] }).setup!
    expect(checkSetup(around)).toEqual([])
  })

  it('seed 002 §3.3 "The first player listed by the Campaign Master moves first": the squadron by default, the encounter when the GM says', () => {
    expect(build().setup!.sides.map((x) => x.id)).toEqual(['squadron', 'encounter'])
    expect(build({ first: 'encounter' }).setup!.sides.map((x) => x.id)).toEqual(['encounter', 'squadron'])
  })

  it('seed 002 §11.3.1 "Even start" and §11.3.2 "Ambush!" are the GM’s choice, and none by default', () => {
    expect(build().setup!.options).toMatchObject({ evenStart: null, ambush: null })
    const even = build({ evenStart: 4 })
    expect(even.setup!.options.evenStart).toBe(4)
    expect(even.notes.join(' ')).toMatch(/Even start: each side's first movement roll is 4/)
    const amb = build({ ambush: 'encounter' })
    expect(amb.setup!.options.ambush).toBe('encounter')
    expect(amb.notes.join(' ')).toMatch(/Ambush! The encounter is surprised/)
    expect(EncounterBattleChoices.safeParse({ evenStart: 6 }).success).toBe(false)
  })

  it('seed 002 §9.2: a ballista fires spears or flaming missiles for the whole encounter, as the GM chooses; a ship without one is refused at the field', () => {
    const sq: Fleet = { ...squadron(1), ships: [{ id: 'ship-1', name: 'Thalassa', shipId: 1, profile: { ...galley, ballista: 'spear' } }] }
    expect(build({}, null, sq).setup!.ships[0]!.ballista).toBe('spear')
    expect(build({ ballistas: { 'ship-1': 'flaming' } }, null, sq).setup!.ships[0]!.ballista).toBe('flaming')
    expect(build({ ballistas: { 'met-1': 'flaming' } }, null, sq).problems[0]).toMatchObject({ field: 'ballistas.met-1', message: expect.stringMatching(/has no ballista/) })
  })

  it('seed 002 §11.1: national characteristics are an optional rule, off unless the GM turns them on', () => {
    expect(build().setup!.options.nationalCharacteristics).toBe(false)
    const on = build({ nationalCharacteristics: true })
    expect(on.setup!.options.nationalCharacteristics).toBe(true)
    expect(on.notes).toContain('National characteristics are in play (seed 002 §11.1).')
  })

  it('seed 002 §7.4: marines beyond what a ship holds on the board stay out of the battle, and the set-up says so; §2: a size 0 ship never fights', () => {
    const sq: Fleet = { ...squadron(1), ships: [{ id: 'ship-1', name: 'Baghla', shipId: 1, profile: { ...galley, type: 'baghla', size: 1, marines: 3 } }, { id: 'ship-2', name: 'Pirogue', shipId: 2, profile: null }] }
    const r = build({}, null, sq)
    const b = r.setup!.ships.find((x) => x.id === 'ship-1')!
    expect(b.marines).toBe(1)
    expect(r.notes.join(' ')).toMatch(/the Baghla carries 3 points of marines; 1 point may be aboard a size 1 ship/)
    expect(r.setup!.ships.some((x) => x.id === 'ship-2')).toBe(false)
    expect(r.notes.join(' ')).toMatch(/the Pirogue is too small to fight/)
    const none = build({}, null, { ...squadron(0), ships: [{ id: 'ship-2', name: 'Pirogue', shipId: 2, profile: null }] })
    expect(none.setup).toBeNull()
    expect(none.problems[0]).toMatchObject({ field: 'voyageId' })
  })
})
