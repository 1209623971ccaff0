import { ATRILIA_REPAIRS_TABLE_DEF } from '../atrilia/repairs'
import { z } from 'zod'
import type { Calendar } from '../calendar'
import { SHIP_TABLE_DEFS } from '../ship/tables'
import { UPKEEP_TABLE_DEFS } from '../ship/upkeep-tables'
import { HIGH_SEAS_TABLE_DEF } from '../highseas/tables'
import { VOYAGE_TABLE_DEFS } from '../voyage/tables'
import { TRADE_TABLE_DEFS } from '../trade/tables'
import { ATRILIA_TABLE_DEFS } from '../atrilia/tables'
import { VOYAGE_ATRILIA_TABLE_DEFS } from '../voyage/atrilia'
import { ATRILIA_UPKEEP_TABLE_DEF } from '../atrilia/upkeep'
import { GALLEYS_TABLE_DEFS } from '../galleys/tables'
import { BROADSIDES_TABLE_DEFS } from '../broadsides/tables'
import { CONVERSION_TABLE_DEFS } from '../conversion/tables'
import type { RuleTableDef } from './table-def'

/**
 * Rule tables are data, per campaign: each has a schema, seed or house-default values, and says
 * where its values come from. A campaign stores only the tables its GM edited; the others read
 * these defaults. Later features add their tables here.
 */
export type { RuleTableDef } from './table-def'

function table<S extends z.ZodType>(def: RuleTableDef<S>): RuleTableDef<S> {
  return def
}

/** The calendar's shape (see src/shared/calendar.ts, which stays free of zod for the renderer). */
export const CalendarSchema: z.ZodType<Calendar> = z
  .object({
    months: z
      .array(z.object({ name: z.string().trim().min(1).max(40), days: z.number().int().min(1).max(100) }).strict())
      .min(1, 'a calendar needs at least one month')
      .max(30),
    weekdays: z.array(z.string().trim().min(1).max(40)).min(1, 'a week needs at least one day').max(14),
    startYear: z.number().int().min(-100000).max(100000),
    /** Written after the year, e.g. "AV" (Anno Veritas). */
    era: z.string().max(20)
  })
  .strict()

/** A Théah-style calendar (house default: the rules guide leaves the names to the app). */
export const THEAH_CALENDAR: Calendar = {
  months: [
    { name: 'Primus', days: 31 },
    { name: 'Secundus', days: 28 },
    { name: 'Tertius', days: 31 },
    { name: 'Quartus', days: 30 },
    { name: 'Quintus', days: 31 },
    { name: 'Sextus', days: 30 },
    { name: 'Julius', days: 31 },
    { name: 'Augustus', days: 31 },
    { name: 'Nonus', days: 30 },
    { name: 'Decimus', days: 31 },
    { name: 'Undecimus', days: 30 },
    { name: 'Duodecimus', days: 31 }
  ],
  weekdays: ['Soldi', 'Lunadi', 'Marsdi', 'Veldi', 'Jovedi', 'Venerdi', 'Saturdi'],
  startYear: 1668,
  era: 'AV'
}

/**
 * Atrilia's calendar (house default: seed 002 names no months or days, and the rules guide's "Time" makes
 * the calendar data). Plain names a GM can rename on the Rules page: the months by the seasons, the days
 * of the week counted; Théah's month lengths; the years counted from the campaign's first.
 */
export const ATRILIA_CALENDAR: Calendar = {
  months: [
    { name: 'Early Spring', days: 31 },
    { name: 'Mid Spring', days: 28 },
    { name: 'Late Spring', days: 31 },
    { name: 'Early Summer', days: 30 },
    { name: 'Midsummer', days: 31 },
    { name: 'Late Summer', days: 30 },
    { name: 'Early Autumn', days: 31 },
    { name: 'Mid Autumn', days: 31 },
    { name: 'Late Autumn', days: 30 },
    { name: 'Early Winter', days: 31 },
    { name: 'Midwinter', days: 30 },
    { name: 'Late Winter', days: 31 }
  ],
  weekdays: ['First Day', 'Second Day', 'Third Day', 'Fourth Day', 'Fifth Day', 'Sixth Day', 'Seventh Day'],
  startYear: 1,
  era: ''
}

export const TRAITS = ['Brawn', 'Finesse', 'Wits', 'Resolve', 'Panache'] as const
export const Trait = z.enum(TRAITS)
export type Trait = z.infer<typeof Trait>

const KnackName = z.string().trim().min(1).max(40)

export const RULE_TABLES = {
  calendar: table({
    title: 'Calendar',
    description: 'Month names and lengths, the days of the week, and the year the campaign clock starts in.',
    source: 'House default (rules guide §2, "Time": the calendar is data, a Théah calendar by default)',
    seedValue: false,
    schema: CalendarSchema,
    defaults: THEAH_CALENDAR
  }),
  calendarAtrilia: table({
    title: 'Atrilian calendar',
    description:
      'The calendar of an Atrilia campaign: month names and lengths, the days of the week, and the year the campaign clock starts in. ' +
      'Every date the campaign shows is written with it.',
    source:
      'House default (rules guide §2, "Time": the calendar is data; seed 002 names no months or days): months named by the seasons, the days of the week counted, Théah’s month lengths',
    seedValue: false,
    schema: CalendarSchema,
    defaults: ATRILIA_CALENDAR
  }),
  knacks: table({
    title: 'Knacks',
    description:
      'The skills and knacks characters can have (ranks 0-5). The list holds those the High Seas rules roll; add your own.',
    source: 'Seed 003 (knacks named by its rules: Captain, Gunnery, Rigging, Pilot, Navigation, Tactics, Strategy, …)',
    seedValue: true,
    schema: z
      .array(KnackName)
      .min(1)
      .max(200)
      .refine((a) => new Set(a).size === a.length, 'each knack may appear once'),
    defaults: [
      'Captain',
      'Gunnery',
      'Rigging',
      'Pilot',
      'Navigation',
      'Tactics',
      'Strategy',
      'Oratory',
      'Appraising',
      'Haggling',
      'Accounting',
      'Doctor',
      'Climbing',
      'Balance',
      'Knotwork',
      'Swimming',
      'Leadership',
      'Sea Legs'
    ]
  }),
  heroPoints: table({
    title: 'Hero points into a ship fund',
    description: 'What one hero point buys towards building and outfitting a ship, and how many a character may spend.',
    source: 'Seed 003, I. Of Ship Construction: "up to 20 of their hero points … 600 Guilders" each',
    seedValue: true,
    schema: z
      .object({
        guildersPerPoint: z.number().int().min(0).max(1_000_000),
        maxPerCharacter: z.number().int().min(0).max(1000)
      })
      .strict(),
    defaults: { guildersPerPoint: 600, maxPerCharacter: 20 }
  }),
  // Ship construction (seed 003, I. Of Ship Construction): see src/shared/ship/tables.ts and quote.ts.
  shipHulls: table(SHIP_TABLE_DEFS.shipHulls),
  shipOutfitting: table(SHIP_TABLE_DEFS.shipOutfitting),
  shipModifications: table(SHIP_TABLE_DEFS.shipModifications),
  shipFlaws: table(SHIP_TABLE_DEFS.shipFlaws),
  highSeas: table(HIGH_SEAS_TABLE_DEF),
  // The life of a ship (seed 003 I.2 crew, maintenance, careening; V Trained Fighters): src/shared/ship/upkeep-tables.ts.
  crewWages: table(UPKEEP_TABLE_DEFS.crewWages),
  crewUpkeep: table(UPKEEP_TABLE_DEFS.crewUpkeep),
  shipRepairs: table(UPKEEP_TABLE_DEFS.shipRepairs),
  careening: table(UPKEEP_TABLE_DEFS.careening),
  trainedFighters: table(UPKEEP_TABLE_DEFS.trainedFighters),
  // Sea travel and encounters (seed 003 II, III; passengers in VIII): src/shared/voyage/tables.ts.
  travelSpeeds: table(VOYAGE_TABLE_DEFS.travelSpeeds),
  winds: table(VOYAGE_TABLE_DEFS.winds),
  specialEvents: table(VOYAGE_TABLE_DEFS.specialEvents),
  encounterChecks: table(VOYAGE_TABLE_DEFS.encounterChecks),
  passengers: table(VOYAGE_TABLE_DEFS.passengers),
  // Sea trade, companies and booty (seed 003 VII, VIII; rules guide §2): src/shared/trade/tables.ts.
  cargoPrices: table(TRADE_TABLE_DEFS.cargoPrices),
  demandBands: table(TRADE_TABLE_DEFS.demandBands),
  marketRules: table(TRADE_TABLE_DEFS.marketRules),
  profitSplit: table(TRADE_TABLE_DEFS.profitSplit),
  companyCharter: table(TRADE_TABLE_DEFS.companyCharter),
  shareTrading: table(TRADE_TABLE_DEFS.shareTrading),
  prizeHolds: table(TRADE_TABLE_DEFS.prizeHolds),
  townRansom: table(TRADE_TABLE_DEFS.townRansom),
  bootyArticles: table(TRADE_TABLE_DEFS.bootyArticles),
  // The Atrilian hex battle (seed 002 "Naval Rules" §2–§12, TABLES): src/shared/atrilia/tables.ts.
  atriliaBattle: table(ATRILIA_TABLE_DEFS.atriliaBattle),
  atriliaShips: table(ATRILIA_TABLE_DEFS.atriliaShips),
  atriliaImprovements: table(ATRILIA_TABLE_DEFS.atriliaImprovements),
  // Atrilian voyages (seed 002 §2 speeds; rules guide §3, house defaults): src/shared/voyage/atrilia.ts.
  voyagesAtrilia: table(VOYAGE_ATRILIA_TABLE_DEFS.voyagesAtrilia),
  encountersAtrilia: table(VOYAGE_ATRILIA_TABLE_DEFS.encountersAtrilia),
  // Repairing a crippled Atrilian ship (rules guide §3, house default): src/shared/atrilia/repairs.ts.
  repairsAtrilia: table(ATRILIA_REPAIRS_TABLE_DEF),
  // Atrilian wages and food (rules guide §3 "Money": the Théah defaults, 1 dinar = 1 guilder): src/shared/atrilia/upkeep.ts.
  upkeepAtrilia: table(ATRILIA_UPKEEP_TABLE_DEF),
  // The Galleys & Galleons table (seed 000 house rules; rules guide §4): src/shared/galleys/tables.ts.
  galleysTable: table(GALLEYS_TABLE_DEFS.galleysTable),
  galleysWeather: table(GALLEYS_TABLE_DEFS.galleysWeather),
  galleysCriticals: table(GALLEYS_TABLE_DEFS.galleysCriticals),
  galleysFire: table(GALLEYS_TABLE_DEFS.galleysFire),
  galleysCollisions: table(GALLEYS_TABLE_DEFS.galleysCollisions),
  // The Broadsides & Boarding Parties duel (seed 001 variant; rules guide §5): src/shared/broadsides/tables.ts.
  broadsidesBoard: table(BROADSIDES_TABLE_DEFS.broadsidesBoard),
  broadsidesWind: table(BROADSIDES_TABLE_DEFS.broadsidesWind),
  broadsidesDeck: table(BROADSIDES_TABLE_DEFS.broadsidesDeck),
  broadsidesDrift: table(BROADSIDES_TABLE_DEFS.broadsidesDrift),
  broadsidesHit: table(BROADSIDES_TABLE_DEFS.broadsidesHit),
  broadsidesReefs: table(BROADSIDES_TABLE_DEFS.broadsidesReefs),
  broadsidesMelee: table(BROADSIDES_TABLE_DEFS.broadsidesMelee),
  broadsidesOfficers: table(BROADSIDES_TABLE_DEFS.broadsidesOfficers),
  broadsidesArcs: table(BROADSIDES_TABLE_DEFS.broadsidesArcs),
  broadsidesShips: table(BROADSIDES_TABLE_DEFS.broadsidesShips),
  // Conversions between settings and rule systems (issue 21, house defaults): src/shared/conversion/tables.ts.
  conversionTheahGalleys: table(CONVERSION_TABLE_DEFS.conversionTheahGalleys),
  conversionTheahBroadsides: table(CONVERSION_TABLE_DEFS.conversionTheahBroadsides),
  conversionTheahAtrilia: table(CONVERSION_TABLE_DEFS.conversionTheahAtrilia),
  conversionAtriliaHighSeas: table(CONVERSION_TABLE_DEFS.conversionAtriliaHighSeas)
} as const

export type RuleTables = typeof RULE_TABLES
export type RuleTableName = keyof RuleTables
export type RuleValue<N extends RuleTableName> = z.output<RuleTables[N]['schema']>
export const RULE_TABLE_NAMES = Object.keys(RULE_TABLES) as RuleTableName[]

/**
 * Which campaigns a table serves (the Rules page lists an Atrilia campaign's own tables first): the
 * Atrilian tables, the Théah tables an Atrilia campaign uses too (rules guide §3 "Money": where seed 002
 * gives no price, the Théah default with 1 dinar = 1 guilder), with what to tell the GM; every other
 * table is Théah's.
 */
export const ATRILIA_TABLES: readonly RuleTableName[] = [
  'atriliaShips',
  'atriliaImprovements',
  'upkeepAtrilia',
  'repairsAtrilia',
  'voyagesAtrilia',
  'encountersAtrilia',
  'atriliaBattle',
  'calendarAtrilia',
  'conversionAtriliaHighSeas'
]
const IN_DINARS = 'Used in Atrilia too: house default (from Théah), its prices read as dinars, 1 dinar = 1 guilder.'
export const THEAH_TABLES_IN_ATRILIA: Partial<Record<RuleTableName, string>> = {
  cargoPrices: IN_DINARS,
  passengers: IN_DINARS,
  heroPoints: IN_DINARS,
  demandBands: 'Used in Atrilia too: house default (from Théah), when cargo is sold in an Atrilian port.',
  marketRules: 'Used in Atrilia too: house default (from Théah), the days cargo work takes in an Atrilian port.',
  profitSplit: 'Used in Atrilia too: house default (from Théah), how a trading voyage’s profit is shared.',
  knacks: 'Used in every campaign: the knacks characters can have.'
}

/**
 * The tables of the battle rulesets any campaign can fight under (the Galleys & Galleons table, seed 000;
 * the Broadsides & Boarding Parties duel, seed 001), whatever its setting.
 */
export const ANY_CAMPAIGN_TABLES: readonly RuleTableName[] = [
  'galleysTable',
  'galleysWeather',
  'galleysCriticals',
  'galleysFire',
  'galleysCollisions',
  'broadsidesBoard',
  'broadsidesWind',
  'broadsidesDeck',
  'broadsidesDrift',
  'broadsidesHit',
  'broadsidesReefs',
  'broadsidesMelee',
  'broadsidesOfficers',
  'broadsidesArcs',
  'broadsidesShips'
]

export type TableSetting = 'theah' | 'atrilia' | 'both' | 'any'
export function tableSetting(name: RuleTableName): TableSetting {
  if (ATRILIA_TABLES.includes(name)) return 'atrilia'
  if (ANY_CAMPAIGN_TABLES.includes(name)) return 'any'
  return name in THEAH_TABLES_IN_ATRILIA ? 'both' : 'theah'
}
