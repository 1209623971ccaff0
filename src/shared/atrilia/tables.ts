import { z } from 'zod'
import type { RuleTableDef } from '../rules/table-def'

/**
 * The Atrilian naval rules (seed 002 "Naval Rules", MC Gianni) as rule tables: data with the seed's
 * values as defaults, a source for each, editable per campaign. A battle takes a snapshot of the
 * battle table when it starts (`AtriliaSetup.rules`), so editing it never changes a battle fought.
 * They are registered with the campaign's rule tables in `src/shared/rules/tables.ts` (the Rules
 * page lists and edits them with their sources); a new Atrilian battle snapshots the campaign's
 * (possibly edited) battle table into its setup.
 */

/** A whole number between two bounds, with the words a GM reads when it is not. */
export const Int = (min: number, max: number) => z.number().int('must be a whole number').min(min, `must be at least ${min}`).max(max, `must be at most ${max}`)

// ─── Results ────────────────────────────────────────────────────────────────────────────────────

export const COMBAT_RESULTS = ['-', 'A', 'AS', 'B', 'E', 'F', 'M'] as const
export const CombatResult = z.enum(COMBAT_RESULTS)
export type CombatResult = z.infer<typeof CombatResult>

export const RAM_RESULTS = ['-', 'C', 'CS', 'CSE', 'S'] as const
export const RamResult = z.enum(RAM_RESULTS)
export type RamResult = z.infer<typeof RamResult>

export const FIRE_RESULTS = ['sinking', 'burning', 'extinguished'] as const
export const SINKING_RESULTS = ['sinks', 'sinking', 'repaired'] as const

/** The columns of the Naval Combat Results Table (seed 002 TABLES), each a key of the table. */
export const COLUMNS = ['seaWizards', 'boarding', 'archery', 'ballistaSpear', 'catapult', 'fireWizards', 'ballistaFlaming'] as const
export const Column = z.enum(COLUMNS)
export type Column = z.infer<typeof Column>

export const RAM_KINDS = ['oarRake', 'rudder', 'broadside'] as const
export const RamKind = z.enum(RAM_KINDS)
export type RamKind = z.infer<typeof RamKind>

export const NATIONS = ['gyptian', 'meshuesh', 'pheacian', 'talian', 'liburnian', 'haranese', 'ndogo', 'kleshite', 'other'] as const
export const Nation = z.enum(NATIONS)
export type Nation = z.infer<typeof Nation>

/** Six results for die totals 1…6: the first is "1-" (1 or less), the last "6+" (6 or more). */
const Row6 = <T extends z.ZodType>(t: T) => z.array(t).length(6, 'give a result for each of 1-, 2, 3, 4, 5 and 6+')
/** Eight results for totals 1…8 (the last is 8+). */
const Row8 = z.array(RamResult).length(8, 'give a result for each total 1 to 7 and 8+')

export const AtriliaRulesSchema = z
  .object({
    /** §3: turns an encounter lasts unless the Campaign Master says otherwise. */
    encounterTurns: Int(1, 200),
    /** §5.4–5.6: movement points to move forward one hex, back one hex, change facing one hexside. */
    forwardCost: Int(1, 20),
    backCost: Int(1, 20),
    turnCost: Int(1, 20),
    /** §7.4: end-of-turn stacking, marine points on a small (size 1) and a large (size 2–3) ship. */
    smallShipMarines: Int(0, 20),
    largeShipMarines: Int(0, 20),
    /** TABLES "Range" (hexes): magic, boarding, archery from ships, archery from land (§8.3), ballista, catapult. */
    ranges: z
      .object({
        magic: z.object({ min: Int(1, 18), max: Int(1, 18) }).strict(),
        boarding: z.object({ min: Int(1, 18), max: Int(1, 18) }).strict(),
        archery: z.object({ min: Int(1, 18), max: Int(1, 18) }).strict(),
        landArchery: z.object({ min: Int(1, 18), max: Int(1, 18) }).strict(),
        ballista: z.object({ min: Int(1, 18), max: Int(1, 18) }).strict(),
        catapult: z.object({ min: Int(1, 18), max: Int(1, 18) }).strict()
      })
      .strict(),
    /** TABLES "Notes": boarding modifiers. */
    corvus: Int(-6, 6),
    castle: Int(-6, 6),
    crippledTarget: Int(-6, 6),
    rammed: Int(-6, 6),
    /** Ramming Table "Procedure": ships larger than the target. */
    largerRam: Int(-6, 6),
    /** The Naval Combat Results Table, by column, for die totals 1- … 6+. */
    combat: z.object(Object.fromEntries(COLUMNS.map((c) => [c, Row6(CombatResult)])) as Record<Column, ReturnType<typeof Row6<typeof CombatResult>>>).strict(),
    /** The Ramming Table, by kind, for totals 1 … 8+. */
    ramming: z.object({ oarRake: Row8, rudder: Row8, broadside: Row8 }).strict(),
    /** Naval Repair Tables: the lowest total of each result (die + ship size). */
    fireBurningFrom: Int(1, 20),
    fireExtinguishedFrom: Int(1, 20),
    sinkingStillFrom: Int(1, 20),
    sinkingRepairedFrom: Int(1, 20),
    /** §11.1 national characteristics (applied when a battle turns the option on). */
    nations: z
      .object({
        boarding: z.record(z.string(), Int(-6, 6)),
        repair: z.record(z.string(), Int(-6, 6)),
        seaWizards: z.record(z.string(), Int(-6, 6)),
        fireWizards: z.record(z.string(), Int(-6, 6))
      })
      .strict()
  })
  .strict()
export type AtriliaRules = z.output<typeof AtriliaRulesSchema>

export const ATRILIA_RULES: AtriliaRules = {
  encounterTurns: 20,
  forwardCost: 2,
  backCost: 3,
  turnCost: 5,
  smallShipMarines: 1,
  largeShipMarines: 2,
  ranges: {
    magic: { min: 1, max: 1 },
    boarding: { min: 1, max: 1 },
    archery: { min: 1, max: 2 },
    landArchery: { min: 1, max: 1 },
    ballista: { min: 1, max: 3 },
    catapult: { min: 3, max: 5 }
  },
  corvus: 1,
  castle: -1,
  crippledTarget: 1,
  rammed: -1,
  largerRam: 1,
  combat: {
    seaWizards: ['-', '-', '-', '-', 'M', 'M'],
    boarding: ['-', '-', '-', '-', 'E', 'B'],
    archery: ['-', '-', '-', '-', '-', 'A'],
    ballistaSpear: ['-', '-', '-', '-', '-', 'AS'],
    catapult: ['-', '-', '-', '-', '-', 'AS'],
    fireWizards: ['-', '-', '-', '-', '-', 'F'],
    ballistaFlaming: ['-', '-', '-', '-', '-', 'F']
  },
  ramming: {
    oarRake: ['-', '-', '-', '-', '-', '-', 'C', 'CS'],
    rudder: ['-', '-', '-', '-', '-', 'C', 'CS', 'CS'],
    broadside: ['-', '-', '-', 'C', 'CSE', 'CSE', 'S', 'S']
  },
  fireBurningFrom: 6,
  fireExtinguishedFrom: 7,
  sinkingStillFrom: 6,
  sinkingRepairedFrom: 7,
  nations: {
    boarding: { gyptian: 1 },
    repair: { pheacian: 1 },
    seaWizards: { liburnian: 1 },
    fireWizards: { haranese: 1 }
  }
}

export const ATRILIA_BATTLE_TABLE_DEF: RuleTableDef<typeof AtriliaRulesSchema> = {
  title: 'Atrilian hex battles',
  description:
    'The numbers of the hex battle: encounter length, movement costs, marine stacking, ranges, boarding and ramming modifiers, ' +
    'the Naval Combat Results Table, the Ramming Table, the On Fire and Sinking tables and the national characteristics.',
  source:
    'Seed 002 §3 (20 turns), §5.4–5.6 (2 / 3 / 5 points), §7.4 (1 point on a small ship, 2 on a large one), TABLES (Range, ' +
    'Notes: corvus +1, castle −1, crippled target +1, rammed −1; Naval Combat Results Table; Ramming Table with "ships larger ' +
    'than target have +1"; Naval Repair Tables), §8.3 (marines on land shoot at adjacent ships only), §11.1 (Gyptians +1 in ' +
    'boardings, Pheacians +1 to naval repair, Liburnians +1 to sea wizards, Haranese +1 to fire wizards). Rules guide §3: the ' +
    'catapult range is 3–5 hexes (the "ballista" in §9.3 is a typo).',
  seedValue: true,
  schema: AtriliaRulesSchema,
  defaults: ATRILIA_RULES
}

// ─── Ships and improvements (§2) ────────────────────────────────────────────────────────────────

export const SHIP_KINDS = ['galley', 'dhow', 'pirogue'] as const

export const ShipTypeSchema = z
  .object({
    key: z.string().regex(/^[a-zA-Z0-9]+$/),
    name: z.string().min(1).max(80),
    kind: z.enum(SHIP_KINDS),
    price: Int(0, 1_000_000),
    /** Time to build in days (weeks × 7; "< 1 week" = 3 days, rules guide §3). */
    buildDays: Int(1, 400),
    crew: Int(0, 10_000),
    holdsCargoTons: z.number().min(0).max(10_000),
    /** Men the hold takes instead of cargo (null where the seed gives cargo only). */
    holdsMen: Int(0, 10_000).nullable(),
    speedKmh: z.object({ min: z.number().min(0).max(100), max: z.number().min(0).max(100) }).strict(),
    /** War gaming size: 0 ships are not used in naval battles. */
    size: Int(0, 3),
    /** "All galleys have rams. Baghlas cannot have rams." Others may add one. */
    ram: z.enum(['included', 'never', 'optional']),
    /** The baghla's improvement to size 1 (2,500 dinars; then 50 tons or 120 men). */
    improved: z.object({ price: Int(0, 1_000_000), size: Int(0, 3), holdsCargoTons: z.number().min(0), holdsMen: Int(0, 10_000) }).strict().nullable()
  })
  .strict()
export type ShipType = z.output<typeof ShipTypeSchema>

export const AtriliaShipsSchema = z.array(ShipTypeSchema).min(1).max(60)

export const ATRILIA_SHIPS: ShipType[] = [
  { key: 'pheacianLargeGalley', name: 'Pheacian large galley', kind: 'galley', price: 15000, buildDays: 28, crew: 150, holdsCargoTons: 150, holdsMen: 150, speedKmh: { min: 3, max: 14 }, size: 3, ram: 'included', improved: null },
  { key: 'gyptianLargeGalley', name: 'Gyptian or Meshuesh large galley', kind: 'galley', price: 12500, buildDays: 35, crew: 200, holdsCargoTons: 100, holdsMen: 100, speedKmh: { min: 5, max: 10 }, size: 3, ram: 'included', improved: null },
  { key: 'smallGalley', name: 'Small galley', kind: 'galley', price: 7500, buildDays: 21, crew: 100, holdsCargoTons: 50, holdsMen: 50, speedKmh: { min: 5, max: 10 }, size: 2, ram: 'included', improved: null },
  { key: 'liburnianGalley', name: 'Liburnian galley', kind: 'galley', price: 7500, buildDays: 21, crew: 50, holdsCargoTons: 30, holdsMen: 60, speedKmh: { min: 5, max: 15 }, size: 1, ram: 'included', improved: null },
  { key: 'baghla', name: 'Baghla', kind: 'dhow', price: 10000, buildDays: 21, crew: 40, holdsCargoTons: 150, holdsMen: 360, speedKmh: { min: 6, max: 6 }, size: 0, ram: 'never', improved: { price: 2500, size: 1, holdsCargoTons: 50, holdsMen: 120 } },
  { key: 'sambuk', name: 'Sambuk', kind: 'dhow', price: 3000, buildDays: 14, crew: 20, holdsCargoTons: 90, holdsMen: 80, speedKmh: { min: 5, max: 5 }, size: 0, ram: 'optional', improved: null },
  { key: 'zaruq', name: 'Zaruq', kind: 'dhow', price: 2500, buildDays: 14, crew: 15, holdsCargoTons: 60, holdsMen: null, speedKmh: { min: 8, max: 8 }, size: 0, ram: 'optional', improved: null },
  { key: 'ndogoLargePirogue', name: 'Ndogo large pirogue', kind: 'pirogue', price: 20, buildDays: 3, crew: 20, holdsCargoTons: 0, holdsMen: 60, speedKmh: { min: 3, max: 3 }, size: 0, ram: 'optional', improved: null },
  { key: 'standardPirogue', name: 'Standard pirogue', kind: 'pirogue', price: 10, buildDays: 3, crew: 20, holdsCargoTons: 1, holdsMen: null, speedKmh: { min: 3, max: 3 }, size: 0, ram: 'optional', improved: null },
  { key: 'kleshiteSmallPirogue', name: 'Kleshite small pirogue', kind: 'pirogue', price: 5, buildDays: 3, crew: 4, holdsCargoTons: 0.25, holdsMen: null, speedKmh: { min: 3, max: 3 }, size: 0, ram: 'optional', improved: null }
]

export const ATRILIA_SHIPS_TABLE_DEF: RuleTableDef<typeof AtriliaShipsSchema> = {
  title: 'Atrilian ships',
  description: 'Galleys, dhows and pirogues: price in dinars, time to build, crew, holds, campaign speed and war gaming size.',
  source:
    'Seed 002 §2.1–2.3 (every figure). "All galleys have rams. Baghlas cannot have rams" (§2.4). The baghla may be improved to ' +
    'size 1 for 2,500 dinars (then 50 tons or 120 men). Rules guide §3: "< 1 week" to build is 3 days (house default).',
  seedValue: true,
  schema: AtriliaShipsSchema,
  defaults: ATRILIA_SHIPS
}

export const AtriliaImprovementsSchema = z
  .object({
    corvus: Int(0, 100_000),
    ballista: Int(0, 100_000),
    catapult: Int(0, 100_000),
    /** Per point of war gaming size. */
    ramPerSize: Int(0, 100_000),
    castlePerSize: Int(0, 100_000)
  })
  .strict()
export type AtriliaImprovements = z.output<typeof AtriliaImprovementsSchema>

export const ATRILIA_IMPROVEMENTS: AtriliaImprovements = { corvus: 300, ballista: 600, catapult: 800, ramPerSize: 500, castlePerSize: 1000 }

export const ATRILIA_IMPROVEMENTS_TABLE_DEF: RuleTableDef<typeof AtriliaImprovementsSchema> = {
  title: 'Atrilian ship improvements',
  description: 'Prices in dinars of the corvus, the ballista, the catapult, the ram (per point of size) and the castle (per point of size). Magic has no price: wizards aboard need the Campaign Master’s consent.',
  source: 'Seed 002 §2.4. Rules guide §3: a galley’s price includes her ram; improvements add no build time (house default).',
  seedValue: true,
  schema: AtriliaImprovementsSchema,
  defaults: ATRILIA_IMPROVEMENTS
}

/** Naval Crew Quality (seed 002 TABLES): 0 Crippled … 4 Elite. */
export const CREW_QUALITY_NAMES = ['crippled', 'slave', 'green', 'veteran', 'elite'] as const
export function crewQualityName(q: number): string {
  return CREW_QUALITY_NAMES[q] ?? `quality ${q}`
}

/** The names of the nations in words (for the board and the log). */
export const NATION_NAMES: Record<Nation, { one: string; many: string }> = {
  gyptian: { one: 'Gyptian', many: 'Gyptians' },
  meshuesh: { one: 'Meshuesh', many: 'Meshuesh' },
  pheacian: { one: 'Pheacian', many: 'Pheacians' },
  talian: { one: 'Talian', many: 'Talians' },
  liburnian: { one: 'Liburnian', many: 'Liburnians' },
  haranese: { one: 'Haranese', many: 'Haranese' },
  ndogo: { one: 'Ndogo', many: 'Ndogo' },
  kleshite: { one: 'Kleshite', many: 'Kleshites' },
  other: { one: 'foreign', many: 'foreigners' }
}

export const ATRILIA_TABLE_DEFS = {
  atriliaBattle: ATRILIA_BATTLE_TABLE_DEF,
  atriliaShips: ATRILIA_SHIPS_TABLE_DEF,
  atriliaImprovements: ATRILIA_IMPROVEMENTS_TABLE_DEF
}
