/**
 * The Shipyard's quote (seed 003, I. Of Ship Construction; rules guide §2 for the values the seed
 * lost): prices, construction time, the finished ship's numbers and every broken rule, read from the
 * four ship rule tables. Every figure below is written out by hand from the seed or the rules guide.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { DERIVED_KEYS, HULLS, ShipDesign, ShipQuote, type Hull, type ShipDesignInput } from '../../src/shared/ship/design'
import {
  DEFAULT_SHIP_RULES,
  SHIP_RULE_TABLES,
  fullArmament,
  hasShallowDraft,
  hullStats,
  quoteDesign,
  type ShipRules
} from '../../src/shared/ship/quote'
import { SHIP_FLAWS, SHIP_HULLS, SHIP_MODIFICATIONS, SHIP_OUTFITTING } from '../../src/shared/ship/tables'
import { RULE_TABLES } from '../../src/shared/rules/tables'

const R = DEFAULT_SHIP_RULES
const NO_GUNS = { port: 0, starboard: 0, chasers: 0, stern: 0 }

/** A design from the Shipyard's form (defaults filled in by the schema). */
function design(d: Partial<ShipDesignInput> & { hull: Hull }): ShipDesign {
  return ShipDesign.parse({ guns: NO_GUNS, pontGuns: { port: 0, starboard: 0 }, jollyBoats: 0, powderTons: 0, ...d })
}
const quote = (d: Partial<ShipDesignInput> & { hull: Hull }, rules: ShipRules = R) => quoteDesign(design(d), rules)
/** The lines other than the hull's. */
const extra = (q: ShipQuote) => q.lines.slice(1)
const amounts = (q: ShipQuote) => q.lines.map((l) => l.amount)
const fields = (q: ShipQuote) => q.problems.map((p) => p.field)
const sumTerms = (q: ShipQuote, key: string) => q.breakdown[key]!.reduce((n, t) => n + t.value, 0)
/** Rules with some entries changed (as a GM's edit of the rule tables would). */
function edited(change: (r: ShipRules) => void): ShipRules {
  const r = structuredClone(R)
  change(r)
  return r
}

describe('the ship rule tables', () => {
  it('are registered with the other rule tables, with their defaults valid under their schemas', () => {
    for (const name of SHIP_RULE_TABLES) {
      const def = RULE_TABLES[name]
      expect(def.schema.parse(def.defaults)).toEqual(def.defaults)
      expect(def.defaults).toEqual(R[name])
      expect(def.title.length).toBeGreaterThan(0)
      expect(def.source).toMatch(/Seed 003/)
    }
  })

  it('RULES.md §2: every value the seed lacks says "house default" in its source', () => {
    expect(RULE_TABLES.shipHulls.source).toMatch(/Base cost, construction months and travel speed: house default \(rules guide §2/)
    expect(RULE_TABLES.shipModifications.source).toMatch(/Well Trained Crew’s price: house default \(rules guide §2/)
    expect(RULE_TABLES.shipFlaws.source).toMatch(/Poorly Trained Crew’s discount: house default \(rules guide §2/)
    expect(RULE_TABLES.shipOutfitting.source).toMatch(/House default \(rules guide §2\): sea travel speed never below 10/)
  })

  it('RULES.md §2: the descriptions state how percentages are rounded (costs to the guilder, crews down)', () => {
    for (const name of ['shipModifications', 'shipFlaws'] as const) {
      expect(RULE_TABLES[name].description).toContain('of the hull’s base cost in Ship hulls (never of a running total), rounded to the nearest guilder')
      expect(RULE_TABLES[name].description).toContain('rounded down (10% of 105 is 10)')
    }
  })

  it.each([
    // hull, Hull, Rigging, Speed, Handling, Size, cargo t, max crew, min sail crew, per side, chasers, stern, mates, gunners
    ['corsair', 25, 15, 4, 4, 1, 10, 100, 6, 8, 2, 2, 10, 2],
    ['smallWarship', 35, 20, 3, 3, 2, 16, 160, 10, 16, 2, 4, 19, 2],
    ['merchantman', 40, 25, 3, 2, 3, 24, 160, 12, 12, 2, 4, 15, 2],
    ['largeWarship', 45, 25, 2, 2, 4, 20, 200, 12, 20, 2, 6, 24, 4],
    ['galleon', 50, 30, 1, 1, 4, 32, 250, 16, 24, 4, 6, 29, 4]
  ] as const)(
    'seed 003 I (hull types) / RULES.md §2 hull table: %s',
    (hull, hp, rp, speed, handling, size, cargo, maxCrew, sail, perSide, chasers, stern, mates, gunners) => {
      expect(hullStats(SHIP_HULLS, hull)).toMatchObject({
        hullPoints: hp,
        riggingPoints: rp,
        speed,
        handling,
        size,
        cargoTons: cargo,
        maxCrew,
        minSailCrew: sail,
        gunsPerSide: perSide,
        chasers,
        sternGuns: stern,
        gunnersMates: mates,
        gunners
      })
    }
  )

  it.each([
    ['corsair', 20, 60],
    ['smallWarship', 38, 114],
    ['merchantman', 30, 90],
    ['largeWarship', 48, 144],
    ['galleon', 58, 174]
  ] as const)('seed 003 I: a fully armed %s has %i long guns and a gunnery crew of %i (3 per long gun, I.1)', (hull, guns, crew) => {
    const row = hullStats(SHIP_HULLS, hull)
    expect(fullArmament(row)).toBe(guns)
    expect(SHIP_OUTFITTING.crewPerLongGun * guns).toBe(crew)
    // One gunner's mate per two guns of the full armament, on every hull (the reading of gunCrewNeeded).
    expect(row.gunnersMates * 2).toBe(guns)
  })

  it.each([
    ['corsair', 5_000, 2, 130],
    ['smallWarship', 8_000, 3, 120],
    ['merchantman', 10_000, 3, 100],
    ['largeWarship', 16_000, 5, 90],
    ['galleon', 20_000, 6, 80]
  ] as const)('RULES.md §2 (house default): a %s costs %i G, takes %i months and sails %i nm a day', (hull, cost, months, speed) => {
    expect(hullStats(SHIP_HULLS, hull)).toMatchObject({ baseCost: cost, constructionMonths: months, travelSpeed: speed })
  })

  it('RULES.md §2: the Small Warship base cost 8,000 is the one the seed implies (careening in port 800 = 10%)', () => {
    expect(hullStats(SHIP_HULLS, 'smallWarship').baseCost * 0.1).toBe(800)
  })

  it('seed 003 I (careening): shallow drafts are Corsairs and all Small Warships except frigates; a retractable keel gives one', () => {
    const shallow = (d: Partial<ShipDesignInput> & { hull: Hull }) => hasShallowDraft(design(d), SHIP_HULLS)
    expect(shallow({ hull: 'corsair' })).toBe(true)
    expect(shallow({ hull: 'smallWarship' })).toBe(true)
    expect(shallow({ hull: 'smallWarship', frigate: true })).toBe(false)
    expect(shallow({ hull: 'merchantman' })).toBe(false)
    expect(shallow({ hull: 'largeWarship' })).toBe(false)
    expect(shallow({ hull: 'galleon' })).toBe(false)
    expect(shallow({ hull: 'galleon', modifications: { retractableKeel: true } })).toBe(true)
    expect(shallow({ hull: 'smallWarship', frigate: true, modifications: { retractableKeel: true } })).toBe(true)
  })

  it('the hull table needs each hull exactly once, and refuses impossible values', () => {
    const schema = RULE_TABLES.shipHulls.schema
    expect(schema.safeParse({ ...SHIP_HULLS, hulls: SHIP_HULLS.hulls.slice(1) }).success).toBe(false)
    expect(schema.safeParse({ ...SHIP_HULLS, hulls: [...SHIP_HULLS.hulls, SHIP_HULLS.hulls[0]] }).success).toBe(false)
    const bad = structuredClone(SHIP_HULLS)
    bad.hulls[0]!.speed = 0
    expect(schema.safeParse(bad).success).toBe(false)
    expect(RULE_TABLES.shipOutfitting.schema.safeParse({ ...SHIP_OUTFITTING, longGunCost: -1 }).success).toBe(false)
    expect(RULE_TABLES.shipModifications.schema.safeParse({ ...SHIP_MODIFICATIONS, oars: { ...SHIP_MODIFICATIONS.oars, fixedCost: 1.5 } }).success).toBe(false)
    expect(RULE_TABLES.shipFlaws.schema.safeParse({ ...SHIP_FLAWS, old: { ...SHIP_FLAWS.old, careeningIntervalDivisor: 0 } }).success).toBe(false)
  })
})

describe('the hull', () => {
  it.each(HULLS)('seed 003 I / RULES.md §2: a bare %s is one line, its base cost, and nothing else', (hull) => {
    const q = quote({ hull })
    const row = hullStats(SHIP_HULLS, hull)
    expect(q.lines).toEqual([{ label: `${row.name}: base cost`, amount: row.baseCost, source: expect.stringContaining('House default (rules guide §2') }])
    expect(q.total).toBe(row.baseCost)
    expect(q.problems).toEqual([])
  })

  it('seed 003 I: a colonial port adds one month to the construction time', () => {
    expect(quote({ hull: 'merchantman' }).constructionBreakdown).toEqual([{ label: 'Merchantman: construction time', value: 3 }])
    const q = quote({ hull: 'merchantman', colonial: true })
    expect(q.constructionMonths).toBe(3 + 1)
    expect(q.constructionBreakdown).toEqual([
      { label: 'Merchantman: construction time', value: 3 },
      { label: 'Built in a colonial port', value: 1 }
    ])
    expect(q.total).toBe(10_000)
  })

  it('seed 003 I: a frigate is a Small Warship; on any other hull it is a problem', () => {
    expect(quote({ hull: 'smallWarship', frigate: true }).problems).toEqual([])
    expect(quote({ hull: 'galleon', frigate: true }).problems).toEqual([
      { field: 'frigate', message: 'Only a Small Warship can be built as a frigate; this is a Galleon.' }
    ])
  })
})

describe('1. WEAPONRY (seed 003 I.1)', () => {
  it('seed 003 I.1 WEAPONRY: long guns cost 400 G each, a line per battery', () => {
    const q = quote({ hull: 'merchantman', guns: { port: 12, starboard: 10, chasers: 2, stern: 3 } })
    expect(extra(q)).toEqual([
      { label: 'Long guns, port broadside: 12 × 400', amount: 12 * 400, source: 'Seed 003, I.1 Weaponry' },
      { label: 'Long guns, starboard broadside: 10 × 400', amount: 10 * 400, source: 'Seed 003, I.1 Weaponry' },
      { label: 'Long guns, bow chasers: 2 × 400', amount: 2 * 400, source: 'Seed 003, I.1 Weaponry' },
      { label: 'Long guns, stern guns: 3 × 400', amount: 3 * 400, source: 'Seed 003, I.1 Weaponry' }
    ])
    expect(q.total).toBe(10_000 + 27 * 400)
  })

  it('seed 003 I: guns per broadside over the hull’s limit are a problem on that side', () => {
    const q = quote({ hull: 'corsair', guns: { port: 10, starboard: 9, chasers: 0, stern: 0 } })
    expect(q.problems).toEqual([
      { field: 'guns.port', message: 'A Corsair carries at most 8 long guns per broadside; port has 10.' },
      { field: 'guns.starboard', message: 'A Corsair carries at most 8 long guns per broadside; starboard has 9.' }
    ])
    // Still priced as designed: the quote never refuses a design.
    expect(q.total).toBe(5_000 + 19 * 400)
  })

  it('seed 003 I: chasers and stern guns over the hull’s limit are problems', () => {
    expect(quote({ hull: 'galleon', guns: { port: 24, starboard: 24, chasers: 5, stern: 7 } }).problems).toEqual([
      { field: 'guns.chasers', message: 'A Galleon carries at most 4 chasers on the bow; 5 are fitted.' },
      { field: 'guns.stern', message: 'A Galleon carries at most 6 stern guns; 7 are fitted.' }
    ])
    expect(quote({ hull: 'galleon', guns: { port: 24, starboard: 24, chasers: 4, stern: 6 } }).problems).toEqual([])
  })

  it('seed 003 I.1 WEAPONRY: pont guns cost 120 G each, one line for both sides', () => {
    const q = quote({ hull: 'merchantman', pontGuns: { port: 3, starboard: 2 } })
    expect(extra(q)).toEqual([{ label: 'Pont guns: 5 × 120', amount: 5 * 120, source: 'Seed 003, I.1 Weaponry' }])
  })

  it('seed 003 I.1 WEAPONRY: one pont gun per Size point on each side (a Merchantman, Size 3, no more than three a side)', () => {
    expect(quote({ hull: 'merchantman', pontGuns: { port: 3, starboard: 3 } }).problems).toEqual([])
    expect(quote({ hull: 'merchantman', pontGuns: { port: 4, starboard: 3 } }).problems).toEqual([
      { field: 'pontGuns.port', message: 'A Merchantman (Size 3) has room for at most 3 pont guns on each side; port has 4.' }
    ])
    expect(fields(quote({ hull: 'corsair', pontGuns: { port: 1, starboard: 2 } }))).toEqual(['pontGuns.starboard'])
  })

  it('seed 003 I.1 WEAPONRY: pont guns do not count towards the maximum number of cannons, nor need gun crews', () => {
    const q = quote({ hull: 'corsair', guns: { port: 8, starboard: 8, chasers: 2, stern: 2 }, pontGuns: { port: 1, starboard: 1 } })
    expect(q.problems).toEqual([])
    expect(q.derived.gunCrewNeeded).toBe(3 * 20 + 10 + 2)
  })

  it('seed 003 I.1 WEAPONRY: shot and powder costs 400 G a ton and takes a ton of the hold per ton (tenths allowed)', () => {
    const q = quote({ hull: 'merchantman', powderTons: 2.5 })
    expect(extra(q)).toEqual([{ label: 'Shot and powder: 2.5 t × 400', amount: 1_000, source: 'Seed 003, I.1 Weaponry' }])
    expect(q.derived.cargoUsed).toBe(2.5)
    expect(quote({ hull: 'merchantman', powderTons: 0.3 }).lines[1]!.amount).toBe(120)
  })
})

describe('2. CREW (seed 003 I.2) and the crew’s numbers', () => {
  it('seed 003 I: gun crews are 3 per long gun; a fully armed Corsair needs 60 + 10 gunner’s mates + 2 gunners', () => {
    const q = quote({ hull: 'corsair', guns: { port: 8, starboard: 8, chasers: 2, stern: 2 } })
    expect(q.derived.gunCrewNeeded).toBe(60 + 10 + 2)
    expect(q.breakdown.gunCrewNeeded).toEqual([
      { label: 'Gun crews: 3 × 20 long guns', value: 60 },
      { label: 'Gunner’s mates: 10 for a full 20 guns, for 20 (rounded up)', value: 10 },
      { label: 'Gunners: 2 for a full 20 guns, for 20 (rounded up)', value: 2 }
    ])
  })

  it.each([
    // hull, guns mounted (port, starboard, chasers, stern), gun crews + mates + gunners
    ['smallWarship', [16, 16, 2, 4], 114 + 19 + 2],
    ['merchantman', [12, 12, 2, 4], 90 + 15 + 2],
    ['largeWarship', [20, 20, 2, 6], 144 + 24 + 4],
    ['galleon', [24, 24, 4, 6], 174 + 29 + 4]
  ] as const)('seed 003 I: a fully armed %s needs exactly the seed’s gunnery crew, mates and gunners', (hull, [port, starboard, chasers, stern], need) => {
    expect(quote({ hull, guns: { port, starboard, chasers, stern } }).derived.gunCrewNeeded).toBe(need)
  })

  it('seed 003 I (reading): mates and gunners scale with the guns mounted against the full armament, rounded up', () => {
    // A Small Warship with 19 of its 38 guns: 3 × 19 = 57; mates 19 × 19 / 38 = 9.5 → 10; gunners 2 × 19 / 38 = 1.
    expect(quote({ hull: 'smallWarship', guns: { port: 8, starboard: 8, chasers: 2, stern: 1 } }).breakdown.gunCrewNeeded!.map((t) => t.value)).toEqual([57, 10, 1])
    // One gun still needs a mate and a gunner: 3 + ⌈10 × 1 / 20⌉ + ⌈2 × 1 / 20⌉ = 3 + 1 + 1.
    expect(quote({ hull: 'corsair', guns: { port: 1, starboard: 0, chasers: 0, stern: 0 } }).derived.gunCrewNeeded).toBe(3 + 1 + 1)
    // A Galleon with half its guns (29 of 58): 87 + ⌈29 × 29 / 58⌉ = 15 + ⌈4 × 29 / 58⌉ = 2.
    expect(quote({ hull: 'galleon', guns: { port: 12, starboard: 12, chasers: 2, stern: 3 } }).derived.gunCrewNeeded).toBe(87 + 15 + 2)
    // No guns, no gun crew.
    expect(quote({ hull: 'galleon' }).derived.gunCrewNeeded).toBe(0)
  })

  it('seed 003 I: max crew and minimum sail crew are the hull’s', () => {
    const q = quote({ hull: 'largeWarship' })
    expect(q.derived).toMatchObject({ maxCrew: 200, minSailCrew: 12 })
    expect(q.breakdown.minSailCrew).toEqual([{ label: 'Large Warship', value: 12 }])
  })

  it('seed 003 I.2 CREW: one ton of the hold is set aside for food on a voyage, shown apart from cargo used', () => {
    const q = quote({ hull: 'corsair', powderTons: 3, jollyBoats: 1 })
    expect(q.derived).toMatchObject({ cargoCapacity: 10, cargoUsed: 3 + 1, foodReserve: 1 })
    expect(q.breakdown.foodReserve).toEqual([{ label: 'Food for a voyage: kept free in the hold at sea, not counted in cargo used', value: 1 }])
    expect(q.problems).toEqual([])
  })

  it('RULES.md §2 "Cannon hit roll": the crew’s Threat Rating is 2, 3 with a Well Trained Crew, 1 with a Poorly Trained Crew', () => {
    expect(quote({ hull: 'corsair' }).derived.threatRating).toBe(2)
    expect(quote({ hull: 'corsair', modifications: { wellTrainedCrew: true } }).derived.threatRating).toBe(3)
    expect(quote({ hull: 'corsair', flaws: { poorlyTrainedCrew: true } }).derived.threatRating).toBe(1)
    expect(quote({ hull: 'corsair', flaws: { poorlyTrainedCrew: true } }).breakdown.threatRating).toEqual([
      { label: 'Crew Threat Rating', value: 2 },
      { label: 'Poorly trained crew', value: -1 }
    ])
  })
})

describe('3. BOATS (seed 003 I.3)', () => {
  it('seed 003 I.3 BOATS: jolly boats cost 300 G each and take a ton of the hold each', () => {
    const q = quote({ hull: 'galleon', jollyBoats: 3 })
    expect(extra(q)).toEqual([{ label: 'Jolly boats: 3 × 300', amount: 900, source: 'Seed 003, I.3 Boats' }])
    expect(q.derived.cargoUsed).toBe(3)
    expect(q.breakdown.cargoUsed).toEqual([
      { label: 'Shot and powder', value: 0 },
      { label: 'Jolly boats (3 × 1 t)', value: 3 }
    ])
  })
})

describe('the hold (seed 003 I.1, I.2, I.3)', () => {
  it('seed 003 I.1 / I.3: powder and boats over the hold are a problem saying by how much', () => {
    const q = quote({ hull: 'corsair', powderTons: 9.5, jollyBoats: 2 })
    expect(q.problems).toEqual([
      {
        field: 'powderTons',
        message: 'Shot and powder (9.5 t) and jolly boats (2 t) take 11.5 t of the 10 t hold: 1.5 t too much, before the 1 t a voyage needs for food.'
      }
    ])
  })

  it('seed 003 I.2 (reading): powder and boats that leave less than the food ton free are a problem (the ship cannot sail so)', () => {
    const q = quote({ hull: 'corsair', powderTons: 8.5, jollyBoats: 1 })
    expect(q.problems).toEqual([
      {
        field: 'powderTons',
        message: 'Shot and powder (8.5 t) and jolly boats (1 t) take 9.5 t of the 10 t hold, leaving 0.5 t where a voyage needs 1 t for food: 0.5 t too much to sail.'
      }
    ])
    expect(fields(quote({ hull: 'corsair', jollyBoats: 10 }))).toEqual(['jollyBoats'])
  })

  it('seed 003 I.2: exactly the hold less the food ton is fine', () => {
    expect(quote({ hull: 'corsair', powderTons: 7, jollyBoats: 2 }).problems).toEqual([])
    expect(quote({ hull: 'corsair', powderTons: 8, jollyBoats: 1, modifications: { extraCargoSpace: true } }).problems).toEqual([])
  })
})

describe('4. MODIFICATIONS (seed 003 I.4)', () => {
  it('seed 003 I.4: reinforcing the hull, 400 G a point, +1 Hull a point, up to five points', () => {
    const q = quote({ hull: 'corsair', modifications: { reinforcedHull: 3 } })
    expect(extra(q)).toEqual([{ label: 'Reinforced hull: 3 points × 400', amount: 1_200, source: 'Seed 003, I.4 Modifications' }])
    expect(q.derived.hull).toBe(25 + 3)
    expect(q.breakdown.hull).toEqual([
      { label: 'Corsair', value: 25 },
      { label: 'Reinforced hull (3 points)', value: 3 }
    ])
    expect(quote({ hull: 'corsair', modifications: { reinforcedHull: 6 } }).problems).toEqual([
      { field: 'modifications.reinforcedHull', message: 'The hull can be reinforced by at most 5 points; 6 are asked for.' }
    ])
  })

  it('seed 003 I.4: reinforcing the rigging, 200 G a point, +1 Rigging a point, up to five points', () => {
    const q = quote({ hull: 'galleon', modifications: { reinforcedRigging: 5 } })
    expect(amounts(q)).toEqual([20_000, 5 * 200])
    expect(q.derived.rigging).toBe(30 + 5)
    expect(quote({ hull: 'galleon', modifications: { reinforcedRigging: 7 } }).problems).toEqual([
      { field: 'modifications.reinforcedRigging', message: 'The rigging can be reinforced by at most 5 points; 7 are asked for.' }
    ])
  })

  it('seed 003 I.4: streamlining costs 1,000 G + 50% of the base cost, +1 Speed, one more month; II: +10 nm a day', () => {
    const q = quote({ hull: 'corsair', modifications: { streamlined: true } })
    expect(extra(q)).toEqual([{ label: 'Streamlined: 1,000 + 50% of 5,000', amount: 1_000 + 2_500, source: 'Seed 003, I.4 Modifications' }])
    expect(q.derived).toMatchObject({ speed: 4 + 1, travelSpeed: 130 + 10 })
    expect(q.constructionMonths).toBe(2 + 1)
    expect(q.constructionBreakdown).toEqual([
      { label: 'Corsair: construction time', value: 2 },
      { label: 'Streamlined', value: 1 }
    ])
  })

  it('seed 003 I.4: close hauling costs 1,000 G + 20% of the base cost, +1 Handling, one more month', () => {
    const q = quote({ hull: 'galleon', colonial: true, modifications: { closeHauled: true } })
    expect(amounts(q)).toEqual([20_000, 1_000 + 4_000])
    expect(q.derived.handling).toBe(1 + 1)
    expect(q.constructionMonths).toBe(6 + 1 + 1)
  })

  it('RULES.md §2: percent costs are of the hull’s base cost, never of a running total', () => {
    // A Merchantman with 24 guns, streamlined and close hauled: 50% and 20% of 10,000, not of 19,600 or more.
    const q = quote({ hull: 'merchantman', guns: { port: 12, starboard: 12, chasers: 0, stern: 0 }, modifications: { streamlined: true, closeHauled: true, extraCargoSpace: true } })
    expect(amounts(q)).toEqual([10_000, 12 * 400, 12 * 400, 1_000 + 5_000, 1_000 + 2_000, 500 + 500])
    expect(q.total).toBe(10_000 + 24 * 400 + 6_000 + 3_000 + 1_000)
  })

  it('seed 003 I.4: hidden towline 600 G, oars 600 G, smuggling compartments 1,800 G', () => {
    const q = quote({ hull: 'corsair', modifications: { hiddenTowline: true, oars: true, smugglingCompartments: true } })
    expect(extra(q)).toEqual([
      { label: 'Hidden towline: 600', amount: 600, source: 'Seed 003, I.4 Modifications (special modifications)' },
      { label: 'Oars: 600', amount: 600, source: 'Seed 003, I.4 Modifications (special modifications)' },
      { label: 'Smuggling compartments: 1,800', amount: 1_800, source: 'Seed 003, I.4 Modifications (special modifications)' }
    ])
    // Oars slow the ship only while rowing (a combat rule): the ship's Speed is unchanged.
    expect(q.derived.speed).toBe(4)
    expect(SHIP_MODIFICATIONS.oars.speedLossWhenRowing).toBe(2)
  })

  it('seed 003 I.4: concealed gunports cost 30 G per gunport, one for every long gun (not the pont guns)', () => {
    const q = quote({ hull: 'largeWarship', guns: { port: 20, starboard: 18, chasers: 2, stern: 6 }, pontGuns: { port: 4, starboard: 4 }, modifications: { concealedGunports: true } })
    expect(q.lines.at(-1)).toEqual({ label: 'Concealed gunports: 46 gunports × 30', amount: 46 * 30, source: 'Seed 003, I.4 Modifications (special modifications)' })
  })

  it('RULES.md §2 (house default): a Well Trained Crew costs 1,500 G; seed 003 II: +10 nm a day', () => {
    const q = quote({ hull: 'merchantman', modifications: { wellTrainedCrew: true } })
    expect(extra(q)).toEqual([
      { label: 'Well trained crew: 1,500', amount: 1_500, source: 'House default (rules guide §2, "Costs and effects the text omits")' }
    ])
    expect(q.derived.travelSpeed).toBe(100 + 10)
    expect(q.breakdown.travelSpeed).toEqual([
      { label: 'Merchantman (nautical miles a day)', value: 100 },
      { label: 'Well trained crew', value: 10 }
    ])
  })

  it('seed 003 I.4: extra cargo space costs 500 G + 5% of the base cost for one more ton', () => {
    const q = quote({ hull: 'smallWarship', modifications: { extraCargoSpace: true } })
    expect(amounts(q)).toEqual([8_000, 500 + 400])
    expect(q.derived.cargoCapacity).toBe(16 + 1)
  })

  it('seed 003 I.4: extra crew quarters cost 1,000 G + 10% of the base cost for 10% more crew', () => {
    const q = quote({ hull: 'galleon', modifications: { extraCrewQuarters: true } })
    expect(amounts(q)).toEqual([20_000, 1_000 + 2_000])
    expect(q.derived.maxCrew).toBe(250 + 25)
    expect(q.breakdown.maxCrew).toEqual([
      { label: 'Galleon', value: 250 },
      { label: 'Extra crew quarters (+10%, rounded down)', value: 25 }
    ])
  })

  it('seed 003 I.4: a boarding party costs 10 G per crewman, and cannot be larger than the ship’s crew', () => {
    const q = quote({ hull: 'corsair', modifications: { boardingParty: 40 } })
    expect(extra(q)).toEqual([{ label: 'Boarding party: 40 crewmen × 10', amount: 400, source: 'Seed 003, I.4 Modifications (special modifications)' }])
    expect(q.problems).toEqual([])
    expect(quote({ hull: 'corsair', modifications: { boardingParty: 100 } }).problems).toEqual([])
    expect(quote({ hull: 'corsair', modifications: { boardingParty: 101 } }).problems).toEqual([
      { field: 'modifications.boardingParty', message: 'A boarding party of 101 is larger than the ship’s maximum crew of 100.' }
    ])
    // Against the finished ship's crew: 110 with extra quarters, 90 when cramped.
    expect(quote({ hull: 'corsair', modifications: { boardingParty: 110, extraCrewQuarters: true } }).problems).toEqual([])
    expect(fields(quote({ hull: 'corsair', modifications: { boardingParty: 91 }, flaws: { cramped: true } }))).toEqual(['modifications.boardingParty'])
    expect(quote({ hull: 'corsair', modifications: { boardingParty: 1 } }).lines[1]!.label).toBe('Boarding party: 1 crewman × 10')
  })

  it('seed 003 I.4: a retractable keel costs 2,000 G + 20% of the base cost; on a shallow hull it is allowed', () => {
    expect(amounts(quote({ hull: 'largeWarship', modifications: { retractableKeel: true } }))).toEqual([16_000, 2_000 + 3_200])
    expect(quote({ hull: 'corsair', modifications: { retractableKeel: true } }).problems).toEqual([])
    expect(quote({ hull: 'smallWarship', modifications: { retractableKeel: true } }).problems).toEqual([])
  })
})

describe('flaws (seed 003 I.4)', () => {
  it('seed 003 I.4 flaws: Old takes 5% off the base cost and halves the careening interval (every 2 months instead of 4)', () => {
    const q = quote({ hull: 'largeWarship', flaws: { old: true } })
    expect(extra(q)).toEqual([{ label: 'Old: 5% of 16,000 off', amount: -800, source: 'Seed 003, I.4 Modifications (flaws)' }])
    expect(q.derived.careeningIntervalMonths).toBe(2)
    expect(q.breakdown.careeningIntervalMonths).toEqual([
      { label: 'Careening due every (months)', value: 4 },
      { label: 'Old (every 4 ÷ 2 months, rounded down)', value: -2 }
    ])
    expect(quote({ hull: 'largeWarship' }).derived.careeningIntervalMonths).toBe(4)
  })

  it('seed 003 I.4 flaws: Sluggish takes 1,000 G off, −1 Speed (minimum 1) and −5 nm a day', () => {
    const q = quote({ hull: 'merchantman', flaws: { sluggish: true } })
    expect(amounts(q)).toEqual([10_000, -1_000])
    expect(q.derived).toMatchObject({ speed: 3 - 1, travelSpeed: 100 - 5 })
    // A Galleon's Speed is 1 already: the floor is a term of its own.
    const g = quote({ hull: 'galleon', flaws: { sluggish: true } })
    expect(g.derived.speed).toBe(1)
    expect(g.breakdown.speed).toEqual([
      { label: 'Galleon', value: 1 },
      { label: 'Sluggish', value: -1 },
      { label: 'Minimum 1', value: 1 }
    ])
  })

  it('seed 003 I.4 flaws: Sluggish cannot be taken on a streamlined ship', () => {
    expect(quote({ hull: 'corsair', modifications: { streamlined: true }, flaws: { sluggish: true } }).problems).toEqual([
      { field: 'flaws.sluggish', message: 'A streamlined ship cannot take the Sluggish flaw.' }
    ])
  })

  it('seed 003 I.4 flaws: Small Rudder takes 1,000 G off and −1 Handling (minimum 1); not with close hauling', () => {
    const q = quote({ hull: 'corsair', flaws: { smallRudder: true } })
    expect(amounts(q)).toEqual([5_000, -1_000])
    expect(q.derived.handling).toBe(4 - 1)
    expect(quote({ hull: 'galleon', flaws: { smallRudder: true } }).breakdown.handling).toEqual([
      { label: 'Galleon', value: 1 },
      { label: 'Small rudder', value: -1 },
      { label: 'Minimum 1', value: 1 }
    ])
    expect(quote({ hull: 'corsair', modifications: { closeHauled: true }, flaws: { smallRudder: true } }).problems).toEqual([
      { field: 'flaws.smallRudder', message: 'A ship close hauled and fitted with a superior rudder cannot take the Small Rudder flaw.' }
    ])
  })

  it('RULES.md §2 (house default): a Poorly Trained Crew takes 1,000 G off; not with a Well Trained one', () => {
    const q = quote({ hull: 'corsair', flaws: { poorlyTrainedCrew: true } })
    expect(extra(q)).toEqual([
      { label: 'Poorly trained crew: 1,000 off', amount: -1_000, source: 'House default (rules guide §2, "Costs and effects the text omits")' }
    ])
    expect(quote({ hull: 'corsair', modifications: { wellTrainedCrew: true }, flaws: { poorlyTrainedCrew: true } }).problems).toEqual([
      { field: 'flaws.poorlyTrainedCrew', message: 'A crew cannot be both Well Trained and Poorly Trained.' }
    ])
  })

  it('seed 003 I.4 flaws: Tattered Sails takes 200 G off per Rigging point lost, up to five points', () => {
    const q = quote({ hull: 'smallWarship', flaws: { tatteredSails: 4 } })
    expect(extra(q)).toEqual([{ label: 'Tattered sails: 4 points × 200 off', amount: -800, source: 'Seed 003, I.4 Modifications (flaws)' }])
    expect(q.derived.rigging).toBe(20 - 4)
    expect(quote({ hull: 'smallWarship', flaws: { tatteredSails: 6 } }).problems).toEqual([
      { field: 'flaws.tatteredSails', message: 'Tattered sails take at most 5 points off the rigging; 6 are asked for.' }
    ])
  })

  it('seed 003 I.4 flaws: Vermin takes 1,200 G off (a month of food lasts three weeks)', () => {
    expect(amounts(quote({ hull: 'corsair', flaws: { vermin: true } }))).toEqual([5_000, -1_200])
    expect(SHIP_FLAWS.vermin.foodWeeksPerMonth).toBe(3)
  })

  it('seed 003 I.4 flaws: Awkward Cargo Space takes 500 G and a ton of the hold off; RULES.md §2: not with Extra Cargo Space', () => {
    const q = quote({ hull: 'merchantman', flaws: { awkwardCargoSpace: true } })
    expect(amounts(q)).toEqual([10_000, -500])
    expect(q.derived.cargoCapacity).toBe(24 - 1)
    expect(quote({ hull: 'merchantman', modifications: { extraCargoSpace: true }, flaws: { awkwardCargoSpace: true } }).problems).toEqual([
      { field: 'flaws.awkwardCargoSpace', message: 'Awkward Cargo Space and Extra Cargo Space exclude each other.' }
    ])
  })

  it('seed 003 I.4 flaws: Cramped takes 1,000 G off and 10% of the crew; RULES.md §2: not with Extra Crew Quarters', () => {
    const q = quote({ hull: 'galleon', flaws: { cramped: true } })
    expect(amounts(q)).toEqual([20_000, -1_000])
    expect(q.derived.maxCrew).toBe(250 - 25)
    expect(quote({ hull: 'galleon', modifications: { extraCrewQuarters: true }, flaws: { cramped: true } }).problems).toEqual([
      { field: 'flaws.cramped', message: 'Cramped and Extra Crew Quarters exclude each other.' }
    ])
  })

  it('seed 003 I.4 flaws: Disgruntled Crew takes nothing off construction; its 5% is off hiring and equipping the crew', () => {
    const q = quote({ hull: 'corsair', flaws: { disgruntledCrew: true } })
    expect(extra(q)).toEqual([
      {
        label: 'Disgruntled crew: nothing off construction (hiring and equipping the crew costs 5% less)',
        amount: 0,
        source: 'Seed 003, I.4 Modifications (flaws)'
      }
    ])
    expect(q.total).toBe(5_000)
    expect(SHIP_FLAWS.disgruntledCrew.crewHiringDiscountPercent).toBe(5)
  })

  it('seed 003 I.4 flaws: a Warped Rudder takes 600 G off, whichever side it is bent to', () => {
    expect(extra(quote({ hull: 'corsair', flaws: { warpedRudder: 'starboard' } }))).toEqual([
      { label: 'Warped rudder (bent to starboard): 600 off', amount: -600, source: 'Seed 003, I.4 Modifications (flaws)' }
    ])
  })

  it('seed 003 I.4 flaws (reading): flaws reduce the basic construction cost, so together they take off at most the base cost', () => {
    // A bare Corsair with every flaw (those that exclude no modification):
    // 250 + 1,000 + 1,000 + 1,000 + 5 × 200 + 1,200 + 500 + 1,000 + 0 + 600 = 7,550 off a 5,000 hull.
    const q = quote({
      hull: 'corsair',
      flaws: { old: true, sluggish: true, smallRudder: true, poorlyTrainedCrew: true, tatteredSails: 5, vermin: true, awkwardCargoSpace: true, cramped: true, disgruntledCrew: true, warpedRudder: 'port' }
    })
    expect(q.lines.at(-1)).toEqual({
      label: 'Flaws take off at most the base cost (5,000): 2,550 of their discounts do not apply',
      amount: 7_550 - 5_000,
      source: 'Seed 003, I.4 Modifications (flaws): flaws reduce "the basic ship construction cost"'
    })
    expect(q.total).toBe(0)
    // It is not a broken rule: the flaws are allowed, they just stop paying.
    expect(q.problems).toEqual([])
    // The guns are still paid for in full.
    expect(quote({ hull: 'corsair', guns: { port: 2, starboard: 0, chasers: 0, stern: 0 }, flaws: { old: true, sluggish: true, smallRudder: true, poorlyTrainedCrew: true, tatteredSails: 5, vermin: true } }).total).toBe(2 * 400)
    // Below the cap, no extra line: 5,000 − 250 − 1,000 − 1,000 − 1,000 − 1,000 = 750.
    const under = quote({ hull: 'corsair', flaws: { old: true, sluggish: true, smallRudder: true, poorlyTrainedCrew: true, tatteredSails: 5 } })
    expect(under.total).toBe(750)
    expect(under.lines).toHaveLength(6)
  })
})

/**
 * Every hull with every option (two designs each, since some options exclude others). Design A:
 * fully armed, every pont gun, 2 boats, 4 t of powder, every modification, colonial port, and the
 * flaws that exclude none of them. Design B: part-armed, the other flaws.
 */
function fitted(hull: Hull): ShipDesign {
  const r = hullStats(SHIP_HULLS, hull)
  return design({
    hull,
    frigate: hull === 'smallWarship',
    colonial: true,
    guns: { port: r.gunsPerSide, starboard: r.gunsPerSide, chasers: r.chasers, stern: r.sternGuns },
    pontGuns: { port: r.size, starboard: r.size },
    jollyBoats: 2,
    powderTons: 4,
    modifications: {
      reinforcedHull: 5,
      reinforcedRigging: 5,
      streamlined: true,
      closeHauled: true,
      hiddenTowline: true,
      oars: true,
      concealedGunports: true,
      wellTrainedCrew: true,
      smugglingCompartments: true,
      extraCargoSpace: true,
      extraCrewQuarters: true,
      boardingParty: 20,
      retractableKeel: true
    },
    flaws: { old: true, tatteredSails: 2, vermin: true, disgruntledCrew: true, warpedRudder: 'starboard' }
  })
}
function flawed(hull: Hull): ShipDesign {
  return design({
    hull,
    guns: { port: 4, starboard: 3, chasers: 1, stern: 0 },
    pontGuns: { port: 1, starboard: 0 },
    jollyBoats: 1,
    powderTons: 2.5,
    flaws: { old: true, sluggish: true, smallRudder: true, poorlyTrainedCrew: true, tatteredSails: 5, vermin: true, awkwardCargoSpace: true, cramped: true, disgruntledCrew: true, warpedRudder: 'port' }
  })
}

type Expect = { amounts: number[]; total: number; months: number; derived: Record<(typeof DERIVED_KEYS)[number], number> }

const FITTED: [Hull, Expect][] = [
  ['corsair', {
    // hull, 4 batteries, pont, powder, boats, reinforced hull & rigging, streamlined, close hauled, towline, oars, gunports,
    // well trained, smuggling, extra cargo, extra crew, boarding party, keel, old, tattered, vermin, disgruntled, warped
    amounts: [5_000, 8 * 400, 8 * 400, 2 * 400, 2 * 400, 2 * 120, 4 * 400, 2 * 300, 5 * 400, 5 * 200, 1_000 + 2_500, 1_000 + 1_000, 600, 600, 20 * 30,
      1_500, 1_800, 500 + 250, 1_000 + 500, 20 * 10, 2_000 + 1_000, -250, -2 * 200, -1_200, 0, -600],
    total: 32_040,
    months: 2 + 1 + 1 + 1,
    derived: { hull: 25 + 5, rigging: 15 + 5 - 2, speed: 4 + 1, handling: 4 + 1, size: 1, cargoCapacity: 10 + 1, cargoUsed: 4 + 2, foodReserve: 1,
      maxCrew: 100 + 10, minSailCrew: 6, gunCrewNeeded: 3 * 20 + 10 + 2, travelSpeed: 130 + 10 + 10, careeningIntervalMonths: 4 - 2, threatRating: 3 }
  }],
  ['smallWarship', {
    amounts: [8_000, 16 * 400, 16 * 400, 2 * 400, 4 * 400, 4 * 120, 4 * 400, 2 * 300, 5 * 400, 5 * 200, 1_000 + 4_000, 1_000 + 1_600, 600, 600, 38 * 30,
      1_500, 1_800, 500 + 400, 1_000 + 800, 20 * 10, 2_000 + 1_600, -400, -2 * 200, -1_200, 0, -600],
    total: 46_020,
    months: 3 + 1 + 1 + 1,
    derived: { hull: 35 + 5, rigging: 20 + 5 - 2, speed: 3 + 1, handling: 3 + 1, size: 2, cargoCapacity: 16 + 1, cargoUsed: 4 + 2, foodReserve: 1,
      maxCrew: 160 + 16, minSailCrew: 10, gunCrewNeeded: 3 * 38 + 19 + 2, travelSpeed: 120 + 10 + 10, careeningIntervalMonths: 4 - 2, threatRating: 3 }
  }],
  ['merchantman', {
    amounts: [10_000, 12 * 400, 12 * 400, 2 * 400, 4 * 400, 6 * 120, 4 * 400, 2 * 300, 5 * 400, 5 * 200, 1_000 + 5_000, 1_000 + 2_000, 600, 600, 30 * 30,
      1_500, 1_800, 500 + 500, 1_000 + 1_000, 20 * 10, 2_000 + 2_000, -500, -2 * 200, -1_200, 0, -600],
    total: 46_820,
    months: 3 + 1 + 1 + 1,
    derived: { hull: 40 + 5, rigging: 25 + 5 - 2, speed: 3 + 1, handling: 2 + 1, size: 3, cargoCapacity: 24 + 1, cargoUsed: 4 + 2, foodReserve: 1,
      maxCrew: 160 + 16, minSailCrew: 12, gunCrewNeeded: 3 * 30 + 15 + 2, travelSpeed: 100 + 10 + 10, careeningIntervalMonths: 4 - 2, threatRating: 3 }
  }],
  ['largeWarship', {
    amounts: [16_000, 20 * 400, 20 * 400, 2 * 400, 6 * 400, 8 * 120, 4 * 400, 2 * 300, 5 * 400, 5 * 200, 1_000 + 8_000, 1_000 + 3_200, 600, 600, 48 * 30,
      1_500, 1_800, 500 + 800, 1_000 + 1_600, 20 * 10, 2_000 + 3_200, -800, -2 * 200, -1_200, 0, -600],
    total: 66_800,
    months: 5 + 1 + 1 + 1,
    derived: { hull: 45 + 5, rigging: 25 + 5 - 2, speed: 2 + 1, handling: 2 + 1, size: 4, cargoCapacity: 20 + 1, cargoUsed: 4 + 2, foodReserve: 1,
      maxCrew: 200 + 20, minSailCrew: 12, gunCrewNeeded: 3 * 48 + 24 + 4, travelSpeed: 90 + 10 + 10, careeningIntervalMonths: 4 - 2, threatRating: 3 }
  }],
  ['galleon', {
    amounts: [20_000, 24 * 400, 24 * 400, 4 * 400, 6 * 400, 8 * 120, 4 * 400, 2 * 300, 5 * 400, 5 * 200, 1_000 + 10_000, 1_000 + 4_000, 600, 600, 58 * 30,
      1_500, 1_800, 500 + 1_000, 1_000 + 2_000, 20 * 10, 2_000 + 4_000, -1_000, -2 * 200, -1_200, 0, -600],
    total: 79_100,
    months: 6 + 1 + 1 + 1,
    derived: { hull: 50 + 5, rigging: 30 + 5 - 2, speed: 1 + 1, handling: 1 + 1, size: 4, cargoCapacity: 32 + 1, cargoUsed: 4 + 2, foodReserve: 1,
      maxCrew: 250 + 25, minSailCrew: 16, gunCrewNeeded: 3 * 58 + 29 + 4, travelSpeed: 80 + 10 + 10, careeningIntervalMonths: 4 - 2, threatRating: 3 }
  }]
]

const FLAWED: [Hull, Expect][] = [
  ['corsair', {
    // hull, port 4, starboard 3, chaser 1, 1 pont gun, 2.5 t powder, 1 boat, old, sluggish, small rudder, poorly trained,
    // tattered 5, vermin, awkward, cramped, disgruntled, warped; then the cap: 7,550 of discounts on a 5,000 hull
    amounts: [5_000, 4 * 400, 3 * 400, 1 * 400, 1 * 120, 1_000, 1 * 300, -250, -1_000, -1_000, -1_000, -5 * 200, -1_200, -500, -1_000, 0, -600, 7_550 - 5_000],
    total: 4_620,
    months: 2,
    // Gun crew for 8 of 20 guns: 3 × 8 + ⌈10 × 8 / 20⌉ + ⌈2 × 8 / 20⌉.
    derived: { hull: 25, rigging: 15 - 5, speed: 4 - 1, handling: 4 - 1, size: 1, cargoCapacity: 10 - 1, cargoUsed: 2.5 + 1, foodReserve: 1,
      maxCrew: 100 - 10, minSailCrew: 6, gunCrewNeeded: 24 + 4 + 1, travelSpeed: 130 - 5, careeningIntervalMonths: 4 - 2, threatRating: 1 }
  }],
  ['smallWarship', {
    amounts: [8_000, 4 * 400, 3 * 400, 1 * 400, 1 * 120, 1_000, 1 * 300, -400, -1_000, -1_000, -1_000, -5 * 200, -1_200, -500, -1_000, 0, -600],
    total: 4_920,
    months: 3,
    // 8 of 38 guns: 24 + ⌈19 × 8 / 38⌉ = 4 + ⌈2 × 8 / 38⌉ = 1.
    derived: { hull: 35, rigging: 20 - 5, speed: 3 - 1, handling: 3 - 1, size: 2, cargoCapacity: 16 - 1, cargoUsed: 3.5, foodReserve: 1,
      maxCrew: 160 - 16, minSailCrew: 10, gunCrewNeeded: 24 + 4 + 1, travelSpeed: 120 - 5, careeningIntervalMonths: 2, threatRating: 1 }
  }],
  ['merchantman', {
    amounts: [10_000, 4 * 400, 3 * 400, 1 * 400, 1 * 120, 1_000, 1 * 300, -500, -1_000, -1_000, -1_000, -5 * 200, -1_200, -500, -1_000, 0, -600],
    total: 6_820,
    months: 3,
    derived: { hull: 40, rigging: 25 - 5, speed: 3 - 1, handling: 2 - 1, size: 3, cargoCapacity: 24 - 1, cargoUsed: 3.5, foodReserve: 1,
      maxCrew: 160 - 16, minSailCrew: 12, gunCrewNeeded: 24 + 4 + 1, travelSpeed: 100 - 5, careeningIntervalMonths: 2, threatRating: 1 }
  }],
  ['largeWarship', {
    amounts: [16_000, 4 * 400, 3 * 400, 1 * 400, 1 * 120, 1_000, 1 * 300, -800, -1_000, -1_000, -1_000, -5 * 200, -1_200, -500, -1_000, 0, -600],
    total: 12_520,
    months: 5,
    derived: { hull: 45, rigging: 25 - 5, speed: 2 - 1, handling: 2 - 1, size: 4, cargoCapacity: 20 - 1, cargoUsed: 3.5, foodReserve: 1,
      maxCrew: 200 - 20, minSailCrew: 12, gunCrewNeeded: 24 + 4 + 1, travelSpeed: 90 - 5, careeningIntervalMonths: 2, threatRating: 1 }
  }],
  ['galleon', {
    amounts: [20_000, 4 * 400, 3 * 400, 1 * 400, 1 * 120, 1_000, 1 * 300, -1_000, -1_000, -1_000, -1_000, -5 * 200, -1_200, -500, -1_000, 0, -600],
    total: 16_320,
    months: 6,
    // Speed and Handling 1 − 1 = 0, lifted to the minimum of 1.
    derived: { hull: 50, rigging: 30 - 5, speed: 1, handling: 1, size: 4, cargoCapacity: 32 - 1, cargoUsed: 3.5, foodReserve: 1,
      maxCrew: 250 - 25, minSailCrew: 16, gunCrewNeeded: 24 + 4 + 1, travelSpeed: 80 - 5, careeningIntervalMonths: 2, threatRating: 1 }
  }]
]

describe('every hull with every option (seed 003 I; RULES.md §2 prices and times)', () => {
  it.each(FITTED)('seed 003 I.1–I.4: a %s fully armed, with every modification and the flaws they allow', (hull, e) => {
    const q = quoteDesign(fitted(hull), R)
    expect(amounts(q)).toEqual(e.amounts)
    expect(q.total).toBe(e.amounts.reduce((a, b) => a + b, 0))
    expect(q.total).toBe(e.total)
    expect(q.constructionMonths).toBe(e.months)
    expect(q.derived).toEqual(e.derived)
    expect(q.problems).toEqual([])
    expect(ShipQuote.parse(q)).toEqual(q)
  })

  it.each(FLAWED)('seed 003 I.4 flaws: a %s part-armed, with every flaw', (hull, e) => {
    const q = quoteDesign(flawed(hull), R)
    expect(amounts(q)).toEqual(e.amounts)
    expect(q.total).toBe(e.amounts.reduce((a, b) => a + b, 0))
    expect(q.total).toBe(e.total)
    expect(q.constructionMonths).toBe(e.months)
    expect(q.derived).toEqual(e.derived)
    expect(q.problems).toEqual([])
  })

  it('the Corsair’s lines, word for word', () => {
    expect(quoteDesign(fitted('corsair'), R).lines.map((l) => l.label)).toEqual([
      'Corsair: base cost',
      'Long guns, port broadside: 8 × 400',
      'Long guns, starboard broadside: 8 × 400',
      'Long guns, bow chasers: 2 × 400',
      'Long guns, stern guns: 2 × 400',
      'Pont guns: 2 × 120',
      'Shot and powder: 4 t × 400',
      'Jolly boats: 2 × 300',
      'Reinforced hull: 5 points × 400',
      'Reinforced rigging: 5 points × 200',
      'Streamlined: 1,000 + 50% of 5,000',
      'Close hauled, with a superior rudder: 1,000 + 20% of 5,000',
      'Hidden towline: 600',
      'Oars: 600',
      'Concealed gunports: 20 gunports × 30',
      'Well trained crew: 1,500',
      'Smuggling compartments: 1,800',
      'Extra cargo space: 500 + 5% of 5,000',
      'Extra crew quarters: 1,000 + 10% of 5,000',
      'Boarding party: 20 crewmen × 10',
      'Retractable keel: 2,000 + 20% of 5,000',
      'Old: 5% of 5,000 off',
      'Tattered sails: 2 points × 200 off',
      'Vermin: 1,200 off',
      'Disgruntled crew: nothing off construction (hiring and equipping the crew costs 5% less)',
      'Warped rudder (bent to starboard): 600 off'
    ])
    expect(quoteDesign(fitted('corsair'), R).constructionBreakdown).toEqual([
      { label: 'Corsair: construction time', value: 2 },
      { label: 'Built in a colonial port', value: 1 },
      { label: 'Streamlined', value: 1 },
      { label: 'Close hauled, with a superior rudder', value: 1 }
    ])
  })
})

describe('edited rule tables change the quote', () => {
  it('long guns at 450 (a GM’s edit of seed 003 I.1’s 400): a Merchantman’s 24 broadside guns cost 24 × 450', () => {
    const rules = edited((r) => (r.shipOutfitting.longGunCost = 450))
    const q = quoteDesign(design({ hull: 'merchantman', guns: { port: 12, starboard: 12, chasers: 0, stern: 0 } }), rules)
    expect(amounts(q)).toEqual([10_000, 12 * 450, 12 * 450])
    expect(q.total).toBe(10_000 + 24 * 450)
    expect(q.lines[1]).toEqual({ label: 'Long guns, port broadside: 12 × 450', amount: 5_400, source: 'Edited for this campaign (default: Seed 003, I.1 Weaponry)' })
  })

  it('a new base cost moves every percentage with it (RULES.md §2: percentages of the hull’s base cost)', () => {
    const rules = edited((r) => (hullStats(r.shipHulls, 'corsair').baseCost = 6_000))
    const q = quoteDesign(design({ hull: 'corsair', modifications: { streamlined: true }, flaws: { old: true } }), rules)
    expect(amounts(q)).toEqual([6_000, 1_000 + 3_000, -300])
    expect(q.lines[0]!.source).toMatch(/^Edited for this campaign \(default: House default/)
    // The modification's own price was not edited: its source is still the seed.
    expect(q.lines[1]!.source).toBe('Seed 003, I.4 Modifications')
  })

  it('percent costs round to the nearest guilder: 5% of 5,010 is 250.5 → 251', () => {
    const rules = edited((r) => (hullStats(r.shipHulls, 'corsair').baseCost = 5_010))
    expect(amounts(quoteDesign(design({ hull: 'corsair', modifications: { extraCargoSpace: true } }), rules))).toEqual([5_010, 500 + 251])
  })

  it('crew percentages round down: 10% of 105 is 10, both ways', () => {
    const rules = edited((r) => (hullStats(r.shipHulls, 'corsair').maxCrew = 105))
    expect(quoteDesign(design({ hull: 'corsair', modifications: { extraCrewQuarters: true } }), rules).derived.maxCrew).toBe(105 + 10)
    expect(quoteDesign(design({ hull: 'corsair', flaws: { cramped: true } }), rules).derived.maxCrew).toBe(105 - 10)
  })

  it('gun limits, pont guns per Size, crews per gun, threat ratings, careening and floors are read from the tables', () => {
    const rules = edited((r) => {
      hullStats(r.shipHulls, 'corsair').gunsPerSide = 10
      r.shipHulls.colonialPortMonths = 2
      r.shipOutfitting.pontGunsPerSizePerSide = 2
      r.shipOutfitting.crewPerLongGun = 4
      r.shipOutfitting.threatRatingWellTrained = 4
      r.shipOutfitting.careeningIntervalMonths = 6
      r.shipOutfitting.minTravelSpeed = 130
      r.shipModifications.streamlined.months = 2
      r.shipModifications.reinforcedHull.maxUnits = 8
      r.shipFlaws.old.careeningIntervalDivisor = 3
    })
    const q = quoteDesign(
      design({
        hull: 'corsair',
        colonial: true,
        guns: { port: 10, starboard: 10, chasers: 0, stern: 0 },
        pontGuns: { port: 2, starboard: 2 },
        modifications: { wellTrainedCrew: true, streamlined: true, reinforcedHull: 8 },
        flaws: { old: true, sluggish: true }
      }),
      rules
    )
    expect(fields(q)).toEqual(['flaws.sluggish'])
    // 20 of a full 24 guns: 4 × 20 + ⌈10 × 20 / 24⌉ + ⌈2 × 20 / 24⌉ = 80 + 9 + 2.
    expect(q.derived.gunCrewNeeded).toBe(80 + 9 + 2)
    expect(q.derived.threatRating).toBe(4)
    expect(q.derived.careeningIntervalMonths).toBe(2)
    expect(q.constructionMonths).toBe(2 + 2 + 2)
    // 130 + 10 + 10 − 5 = 145 stays above the new floor of 130; a Sluggish bare Corsair would not.
    expect(q.derived.travelSpeed).toBe(145)
    const slow = quoteDesign(design({ hull: 'corsair', flaws: { sluggish: true } }), rules)
    expect(slow.breakdown.travelSpeed).toEqual([
      { label: 'Corsair (nautical miles a day)', value: 130 },
      { label: 'Sluggish', value: -5 },
      { label: 'Minimum 130', value: 5 }
    ])
  })

  it('RULES.md §2: sea travel speed never falls below 10 nm a day', () => {
    const rules = edited((r) => (hullStats(r.shipHulls, 'galleon').travelSpeed = 12))
    const q = quoteDesign(design({ hull: 'galleon', flaws: { sluggish: true } }), rules)
    expect(q.derived.travelSpeed).toBe(10)
    expect(q.breakdown.travelSpeed!.at(-1)).toEqual({ label: 'Minimum 10', value: 3 })
  })

  it('a renamed hull is named so in lines and problems', () => {
    const rules = edited((r) => (hullStats(r.shipHulls, 'merchantman').name = 'Indiaman'))
    const q = quoteDesign(design({ hull: 'merchantman', guns: { port: 13, starboard: 0, chasers: 0, stern: 0 } }), rules)
    expect(q.lines[0]!.label).toBe('Indiaman: base cost')
    expect(q.problems[0]!.message).toBe('An Indiaman carries at most 12 long guns per broadside; port has 13.')
  })
})

// ─── Properties ─────────────────────────────────────────────────────────────────────────────────

const optional = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: undefined })
const arbDesign: fc.Arbitrary<ShipDesign> = fc
  .record({
    hull: fc.constantFrom(...HULLS),
    frigate: fc.boolean(),
    colonial: fc.boolean(),
    guns: fc.record({ port: fc.nat(30), starboard: fc.nat(30), chasers: fc.nat(6), stern: fc.nat(8) }),
    pontGuns: fc.record({ port: fc.nat(6), starboard: fc.nat(6) }),
    jollyBoats: fc.nat(8),
    powderTons: fc.nat(400).map((n) => n / 10),
    modifications: fc.record({
      reinforcedHull: optional(fc.nat(8)),
      reinforcedRigging: optional(fc.nat(8)),
      streamlined: optional(fc.boolean()),
      closeHauled: optional(fc.boolean()),
      hiddenTowline: optional(fc.boolean()),
      oars: optional(fc.boolean()),
      concealedGunports: optional(fc.boolean()),
      wellTrainedCrew: optional(fc.boolean()),
      smugglingCompartments: optional(fc.boolean()),
      extraCargoSpace: optional(fc.boolean()),
      extraCrewQuarters: optional(fc.boolean()),
      boardingParty: optional(fc.nat(300)),
      retractableKeel: optional(fc.boolean())
    }),
    flaws: fc.record({
      old: optional(fc.boolean()),
      sluggish: optional(fc.boolean()),
      smallRudder: optional(fc.boolean()),
      poorlyTrainedCrew: optional(fc.boolean()),
      tatteredSails: optional(fc.nat(40)),
      vermin: optional(fc.boolean()),
      awkwardCargoSpace: optional(fc.boolean()),
      cramped: optional(fc.boolean()),
      disgruntledCrew: optional(fc.boolean()),
      warpedRudder: optional(fc.constantFrom('port' as const, 'starboard' as const))
    })
  })
  .map((d) => ShipDesign.parse(d))

/** Rule tables a GM might have edited: other prices, base costs and hull numbers. */
const arbRules: fc.Arbitrary<ShipRules> = fc
  .record({
    longGunCost: fc.nat(2_000),
    baseCost: fc.nat(40_000),
    maxCrew: fc.nat(400),
    cargoTons: fc.nat(40),
    speed: fc.integer({ min: 1, max: 6 }),
    travelSpeed: fc.nat(200),
    percent: fc.nat(200)
  })
  .map((x) =>
    edited((r) => {
      r.shipOutfitting.longGunCost = x.longGunCost
      for (const row of r.shipHulls.hulls) Object.assign(row, { baseCost: x.baseCost, maxCrew: x.maxCrew, cargoTons: x.cargoTons, speed: x.speed, travelSpeed: x.travelSpeed })
      r.shipModifications.streamlined.percentOfBaseCost = x.percent
      r.shipFlaws.old.percentOfBaseCost = x.percent
    })
  )
const arbAnyRules = fc.oneof(fc.constant(R), arbRules)

describe('properties', () => {
  it('the total is the sum of the lines, whole guilders, never negative', () => {
    fc.assert(
      fc.property(arbDesign, arbAnyRules, (d, rules) => {
        const q = quoteDesign(d, rules)
        expect(q.total).toBe(q.lines.reduce((n, l) => n + l.amount, 0))
        expect(q.lines.every((l) => Number.isInteger(l.amount) && !Object.is(l.amount, -0))).toBe(true)
        expect(q.total).toBeGreaterThanOrEqual(0)
      }),
      { numRuns: 500 }
    )
  })

  it('every derived number is the sum of its breakdown terms (floors included), and construction months of theirs', () => {
    fc.assert(
      fc.property(arbDesign, arbAnyRules, (d, rules) => {
        const q = quoteDesign(d, rules)
        expect(Object.keys(q.breakdown).sort()).toEqual([...DERIVED_KEYS].sort())
        for (const key of DERIVED_KEYS) expect(q.derived[key]).toBeCloseTo(sumTerms(q, key), 9)
        expect(q.constructionMonths).toBe(q.constructionBreakdown.reduce((n, t) => n + t.value, 0))
        expect(q.derived.speed).toBeGreaterThanOrEqual(rules.shipOutfitting.minSpeed)
        expect(q.derived.handling).toBeGreaterThanOrEqual(rules.shipOutfitting.minHandling)
        expect(q.derived.travelSpeed).toBeGreaterThanOrEqual(rules.shipOutfitting.minTravelSpeed)
        expect(ShipQuote.safeParse(q).success).toBe(true)
      }),
      { numRuns: 500 }
    )
  })

  it('a design with no options is exactly one line, the hull, whatever the port or sub-type', () => {
    fc.assert(
      fc.property(fc.constantFrom(...HULLS), fc.boolean(), fc.boolean(), arbAnyRules, (hull, colonial, frigate, rules) => {
        const q = quoteDesign(design({ hull, colonial, frigate }), rules)
        expect(q.lines).toHaveLength(1)
        expect(q.lines[0]!.amount).toBe(hullStats(rules.shipHulls, hull).baseCost)
        expect(q.total).toBe(q.lines[0]!.amount)
      })
    )
  })

  it('every hull fully armed to its limits, with options that exclude nothing they are taken with, has no problems', () => {
    const arbFitted = fc
      .record({
        hull: fc.constantFrom(...HULLS),
        frigate: fc.boolean(),
        colonial: fc.boolean(),
        jollyBoats: fc.nat(2),
        /** Tenths of a ton of the hold left for powder after boats, food and a possible Awkward Cargo Space. */
        powderShare: fc.double({ min: 0, max: 1, noNaN: true }),
        reinforcedHull: fc.nat(5),
        reinforcedRigging: fc.nat(5),
        tatteredSails: fc.nat(5),
        boardingShare: fc.double({ min: 0, max: 1, noNaN: true }),
        mods: fc.subarray(['streamlined', 'closeHauled', 'hiddenTowline', 'oars', 'concealedGunports', 'wellTrainedCrew', 'smugglingCompartments', 'extraCargoSpace', 'extraCrewQuarters', 'retractableKeel'] as const),
        flaws: fc.subarray(['old', 'sluggish', 'smallRudder', 'poorlyTrainedCrew', 'vermin', 'awkwardCargoSpace', 'cramped', 'disgruntledCrew'] as const),
        warpedRudder: optional(fc.constantFrom('port' as const, 'starboard' as const))
      })
      .map((x) => {
        const row = hullStats(SHIP_HULLS, x.hull)
        const excluded: Record<string, string> = {
          streamlined: 'sluggish',
          closeHauled: 'smallRudder',
          wellTrainedCrew: 'poorlyTrainedCrew',
          extraCargoSpace: 'awkwardCargoSpace',
          extraCrewQuarters: 'cramped'
        }
        const flaws = x.flaws.filter((f) => !x.mods.some((m) => excluded[m] === f))
        const room = row.cargoTons - 1 - 1 - x.jollyBoats // awkward cargo space, food, boats
        const crew = row.maxCrew - Math.floor(row.maxCrew / 10) // cramped
        return design({
          hull: x.hull,
          frigate: x.frigate && x.hull === 'smallWarship',
          colonial: x.colonial,
          guns: { port: row.gunsPerSide, starboard: row.gunsPerSide, chasers: row.chasers, stern: row.sternGuns },
          pontGuns: { port: row.size, starboard: row.size },
          jollyBoats: x.jollyBoats,
          powderTons: Math.floor(x.powderShare * room * 10) / 10,
          modifications: {
            ...Object.fromEntries(x.mods.map((m) => [m, true])),
            reinforcedHull: x.reinforcedHull,
            reinforcedRigging: x.reinforcedRigging,
            boardingParty: Math.floor(x.boardingShare * crew)
          },
          flaws: { ...Object.fromEntries(flaws.map((f) => [f, true])), tatteredSails: x.tatteredSails, warpedRudder: x.warpedRudder }
        })
      })
    fc.assert(
      fc.property(arbFitted, (d) => {
        expect(quoteDesign(d, R).problems).toEqual([])
      }),
      { numRuns: 500 }
    )
  })

  it('the quote is pure: the same design and tables give the same quote, and neither is changed', () => {
    fc.assert(
      fc.property(arbDesign, arbAnyRules, (d, rules) => {
        const before = structuredClone({ d, rules })
        const a = quoteDesign(d, rules)
        expect(quoteDesign(d, rules)).toEqual(a)
        expect({ d, rules }).toEqual(before)
      }),
      { numRuns: 200 }
    )
  })

  it('every problem names a design field and says one sentence', () => {
    const known = /^(frigate|guns\.(port|starboard|chasers|stern)|pontGuns\.(port|starboard)|powderTons|jollyBoats|modifications\.\w+|flaws\.\w+)$/
    fc.assert(
      fc.property(arbDesign, arbAnyRules, (d, rules) => {
        for (const p of quoteDesign(d, rules).problems) {
          expect(p.field).toMatch(known)
          expect(p.message).toMatch(/^[A-Z][^]*\.$/)
        }
      }),
      { numRuns: 300 }
    )
  })
})
