/**
 * Ships, forts and towns made for a battle (src/shared/highseas/generate.ts): the rules guide §2
 * Encounter armament ("lightly armed": half of each battery rounded down, 60% of max crew; "heavily
 * armed": every gun slot filled, max crew), the rules guide §2 Forts table, the hull table of seed 003
 * I (as the campaign's Ship hulls table holds it), and the encounter table of seed 003 III.
 */
import { describe, expect, it } from 'vitest'
import { GeneratedShip } from '../../src/shared/commands/battles'
import {
  defaultBehaviour,
  encounterCrew,
  encounterDesign,
  encounterName,
  encounterTable,
  FORTS,
  fortParticipant,
  generateShip,
  numberNames,
  POWDER_VOLLEYS,
  townParticipant
} from '../../src/shared/highseas/generate'
import { ParticipantSetup } from '../../src/shared/highseas/types'
import { ShipDesign } from '../../src/shared/ship/design'
import { DEFAULT_SHIP_RULES, quoteDesign, type ShipRules } from '../../src/shared/ship/quote'

const R = DEFAULT_SHIP_RULES
const at = { id: 'gen-1', side: 'Montaigne', control: 'ai' as const }
const gen = (g: Parameters<typeof GeneratedShip.parse>[0], rules: ShipRules = R, place = at) => generateShip(GeneratedShip.parse(g), place, rules)

describe('rules guide §2 Encounter armament: heavily armed', () => {
  it('a heavily armed Merchantman fills every gun slot (12 a side, 2 chasers, 4 stern; 3 pont guns a side for Size 3) and has her max crew of 160', () => {
    const { participant, design } = gen({ hull: 'merchantman', armament: 'heavy', nation: 'Montaigne' })
    expect(design.guns).toEqual({ port: 12, starboard: 12, chasers: 2, stern: 4 })
    expect(design.pontGuns).toEqual({ port: 3, starboard: 3 })
    expect(participant).toMatchObject({
      id: 'gen-1',
      name: 'Montaigne Merchantman',
      side: 'Montaigne',
      kind: 'ship',
      hull: 'merchantman',
      hullPoints: 40,
      riggingPoints: 25,
      speed: 3,
      handling: 2,
      size: 3,
      threatRating: 2,
      crew: 160,
      guns: { port: 12, starboard: 12, chasers: 2, stern: 4 },
      control: 'ai',
      behaviour: 'merchant'
    })
    // House default: shot and powder for 10 volleys of all 30 long guns: 30 × 10 / 120 = 2.5 t.
    expect(POWDER_VOLLEYS).toBe(10)
    expect(design.powderTons).toBe(2.5)
    expect(participant.powderTons).toBe(2.5)
  })

  it('a heavily armed Galleon: 24 a side, 4 chasers, 6 stern, 250 crew; powder 58 × 10 / 120 = 4.83 t, rounded up to 4.9 t', () => {
    const { participant, design } = gen({ hull: 'galleon', armament: 'heavy', nation: 'Castillian' })
    expect(design.guns).toEqual({ port: 24, starboard: 24, chasers: 4, stern: 6 })
    expect(participant.crew).toBe(250)
    expect(design.powderTons).toBe(4.9)
  })
})

describe('rules guide §2 Encounter armament: lightly armed', () => {
  it('a lightly armed Merchantman mounts half of each battery rounded down and 60% of her max crew (96 of 160)', () => {
    const { participant, design } = gen({ hull: 'merchantman', armament: 'light', nation: 'Montaigne' })
    expect(design.guns).toEqual({ port: 6, starboard: 6, chasers: 1, stern: 2 })
    expect(design.pontGuns).toEqual({ port: 1, starboard: 1 })
    expect(participant.crew).toBe(96)
    // 15 long guns × 10 / 120 = 1.25 t → 1.3 t.
    expect(design.powderTons).toBe(1.3)
  })

  it('a lightly armed Corsair: 4 a side, 1 chaser, 1 stern gun (half of 2, 2), 60 of 100 crew', () => {
    const { participant, design } = gen({ hull: 'corsair', armament: 'light', crewKind: 'pirate' })
    expect(design.guns).toEqual({ port: 4, starboard: 4, chasers: 1, stern: 1 })
    expect(participant.crew).toBe(60)
    expect(participant.name).toBe('Pirate Corsair')
    expect(participant.behaviour).toBe('corsair')
    expect(encounterCrew(160, 'light')).toBe(96)
    expect(encounterCrew(105, 'light')).toBe(63)
    expect(encounterCrew(105, 'heavy')).toBe(105)
  })
})

describe('generated designs', () => {
  it('are well-formed designs the shipyard quotes without a problem (so a captured one can join the fleet as a prize)', () => {
    for (const hull of ['corsair', 'smallWarship', 'merchantman', 'largeWarship', 'galleon'] as const) {
      for (const armament of ['light', 'heavy'] as const) {
        const d = encounterDesign({ hull, armament }, R)
        expect(ShipDesign.parse(d)).toEqual(d)
        expect(quoteDesign(d, R).problems).toEqual([])
        const { participant } = gen({ hull, armament })
        expect(() => ParticipantSetup.parse(participant)).not.toThrow()
      }
    }
  })

  it("follow the campaign's edited hull table, and powder never takes more than the hold leaves after the ton of food", () => {
    const edited: ShipRules = {
      ...R,
      shipHulls: { ...R.shipHulls, hulls: R.shipHulls.hulls.map((h) => (h.hull === 'corsair' ? { ...h, maxCrew: 120, cargoTons: 2, gunsPerSide: 10 } : h)) }
    }
    const { participant, design } = gen({ hull: 'corsair', armament: 'heavy' }, edited)
    expect(participant.crew).toBe(120)
    expect(design.guns.port).toBe(10)
    // 24 guns would want 2.0 t; a 2 t hold keeps 1 t for food, so 1.0 t.
    expect(design.powderTons).toBe(1)
  })

  it('a frigate is a Small Warship built as one, named so', () => {
    const { participant, design } = gen({ hull: 'smallWarship', frigate: true, armament: 'light', nation: 'Vendel', crewKind: 'naval' })
    expect(design.frigate).toBe(true)
    expect(participant.name).toBe('Vendel Frigate')
    expect(participant.behaviour).toBe('patrol')
  })

  it('take the gunnery rank for every battery, a given captain or an average one (Wits 2, Tactics 1, Strategy 1), and a given name', () => {
    const a = gen({ hull: 'corsair', armament: 'heavy', gunnery: 3, captain: { wits: 4, tactics: 3, strategy: 2 }, name: 'La Belle' })
    expect(a.participant.gunners).toEqual({ port: 3, starboard: 3, chasers: 3, stern: 3 })
    expect(a.participant.captain).toMatchObject({ wits: 4, tactics: 3, strategy: 2 })
    expect(a.participant.name).toBe('La Belle')
    const b = gen({ hull: 'corsair', armament: 'heavy' })
    expect(b.participant.captain).toMatchObject({ wits: 2, tactics: 1, strategy: 1 })
  })
})

describe('names and behaviours', () => {
  it('names read "<nation> <hull>", pirates and privateers by their trade; repeated names are numbered', () => {
    expect(encounterName({ hull: 'merchantman', nation: 'Montaigne' }, R)).toBe('Montaigne Merchantman')
    expect(encounterName({ hull: 'corsair', crewKind: 'privateer' }, R)).toBe('Privateer Corsair')
    expect(encounterName({ hull: 'largeWarship' }, R)).toBe('Large Warship')
    expect(numberNames(['Castillian Galleon', 'Pirate Corsair', 'Castillian Galleon'])).toEqual(['Castillian Galleon 1', 'Pirate Corsair', 'Castillian Galleon 2'])
  })

  it('seed 003 III: merchantmen and galleons evade, corsairs prey on merchants, navies patrol, raiders act as corsairs', () => {
    expect(defaultBehaviour('merchantman', 'merchant')).toBe('merchant')
    expect(defaultBehaviour('galleon', 'naval')).toBe('merchant')
    expect(defaultBehaviour('corsair', 'pirate')).toBe('corsair')
    expect(defaultBehaviour('corsair', 'naval')).toBe('patrol')
    expect(defaultBehaviour('smallWarship', 'naval')).toBe('patrol')
    expect(defaultBehaviour('largeWarship', 'naval')).toBe('warship')
    expect(defaultBehaviour('smallWarship', 'pirate')).toBe('corsair')
    expect(defaultBehaviour('largeWarship', 'privateer')).toBe('corsair')
  })
})

describe('rules guide §2 Forts', () => {
  it('small 60 Structure / 8 guns / 40 garrison; medium 120 / 16 / 80; large 200 / 30 / 150; one free raise when firing', () => {
    expect(FORTS).toEqual({
      small: { structure: 60, guns: 8, garrison: 40, freeRaises: 1 },
      medium: { structure: 120, guns: 16, garrison: 80, freeRaises: 1 },
      large: { structure: 200, guns: 30, garrison: 150, freeRaises: 1 }
    })
  })

  it('a fort: Structure as Hull, all guns in one battery, the garrison as crew and all Trained Fighters, immovable and large', () => {
    const f = ParticipantSetup.parse(fortParticipant({ size: 'medium', name: 'Fort Rouge', nation: 'Montaigne' }, { id: 'fort-1', side: 'Montaigne', control: 'ai' }))
    expect(f).toMatchObject({
      kind: 'fort',
      fortSize: 'medium',
      name: 'Fort Rouge',
      hullPoints: 120,
      guns: { port: 16, starboard: 0, chasers: 0, stern: 0 },
      crew: 80,
      marines: 80,
      crewKind: 'naval',
      speed: 0,
      handling: 0,
      behaviour: 'fort'
    })
    expect(f.size).toBeGreaterThan(4)
  })

  it('a town: its guns in one battery, Hull points = the damage that makes it surrender', () => {
    const t = ParticipantSetup.parse(townParticipant({ name: 'San Cristóbal', guns: 4 }, { id: 'town-1', side: 'Castille', control: 'ai' }, 200))
    expect(t).toMatchObject({ kind: 'town', hullPoints: 200, guns: { port: 4, starboard: 0, chasers: 0, stern: 0 }, speed: 0 })
  })
})

describe('seed 003 III: the encounter table', () => {
  const table = encounterTable()
  const entry = (roll: number) => table.find((e) => e.roll === roll)!

  it('offers the entries that name ships, verbatim, with their parsed fields', () => {
    expect(entry(21)).toMatchObject({
      label: 'A heavily armed Montaigne Merchantman',
      groups: [{ count: { kind: 'fixed', n: 1 }, hull: 'merchantman', armament: 'heavy', nation: 'Montaigne', crewKind: 'merchant', behaviour: 'merchant' }]
    })
    expect(entry(10)).toMatchObject({ label: 'A lightly armed Vendel Frigate (Small Warship)', groups: [{ hull: 'smallWarship', frigate: true, armament: 'light' }] })
    expect(entry(12).groups).toMatchObject([
      { count: { kind: 'fixed', n: 2 }, hull: 'merchantman', armament: 'light', nation: 'Castillian' },
      { count: { kind: 'fixed', n: 2 }, hull: 'smallWarship', armament: 'heavy', nation: 'Castillian' }
    ])
    expect(entry(36).groups[0]!.count).toEqual({ kind: 'roll', notation: '1k1+2' })
    expect(entry(20).groups[0]!.count).toEqual({ kind: 'range', min: 3, max: 6 })
    expect(entry(41).groups[1]!.count).toEqual({ kind: 'same', as: 0 })
  })

  it('leaves out the entries that name no ship (Sirens, an island, the 7th Sea, a Leviathan, a ghost ship, a major pirate, the Black Freighter)', () => {
    for (const roll of [42, 43, 46, 47, 48, 49, 50]) expect(table.some((e) => e.roll === roll)).toBe(false)
    expect(table.map((e) => e.roll)).toEqual([...Array.from({ length: 37 }, (_, i) => i + 5), 44, 45])
  })

  it('every entry makes valid participants', () => {
    for (const e of table) {
      for (const g of e.groups) {
        const { participant } = gen({ hull: g.hull, frigate: g.frigate, armament: g.armament, nation: g.nation, crewKind: g.crewKind, behaviour: g.behaviour })
        expect(() => ParticipantSetup.parse(participant)).not.toThrow()
      }
    }
  })
})
