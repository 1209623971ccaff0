import { z } from 'zod'
import { Int, NotationField } from '../rules/fields'

/**
 * Sea trade, joint-stock companies and booty as rule tables (issue 8; seed 003 "VIII. Of Sea Trade",
 * "VII. Of the Rewards of a Pirate's Life", heroic actions in "VI"; rules guide §2 "Cargo prices per
 * ton" and "Booty articles"). `src/shared/rules/tables.ts` registers them; the campaign code
 * (src/main/theah/trade.ts, companies.ts, booty.ts) reads them from the campaign, so a GM's edit
 * changes prices, splits and rolls.
 */

const Percent = z.number().min(0, 'must not be negative').max(100, 'must be at most 100')
const Notation = NotationField('1k1, 1d10 or 2d10')
const Key = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[a-z][a-zA-Z0-9]*$/, 'must be a short key such as textiles')

// ─── Cargo prices (rules guide §2) ──────────────────────────────────────────────────────────────

export const CargoPricesSchema = z
  .array(z.object({ key: Key, label: z.string().trim().min(1).max(40), continent: Int(10_000_000), colonies: Int(10_000_000) }).strict())
  .min(1)
  .max(100)
  .refine((a) => new Set(a.map((c) => c.key)).size === a.length, 'each cargo key may appear once')
export type CargoPrices = z.infer<typeof CargoPricesSchema>

export const CARGO_PRICES: CargoPrices = [
  { key: 'lumber', label: 'Lumber', continent: 60, colonies: 40 },
  { key: 'foodstuffs', label: 'Foodstuffs', continent: 120, colonies: 160 },
  { key: 'textiles', label: 'Textiles', continent: 600, colonies: 900 },
  { key: 'livestock', label: 'Livestock', continent: 200, colonies: 260 },
  { key: 'copper', label: 'Copper', continent: 450, colonies: 350 },
  { key: 'tin', label: 'Tin', continent: 400, colonies: 320 },
  { key: 'iron', label: 'Iron', continent: 300, colonies: 420 },
  { key: 'mercury', label: 'Mercury', continent: 1400, colonies: 1100 },
  { key: 'silver', label: 'Silver', continent: 2400, colonies: 2000 },
  { key: 'gold', label: 'Gold', continent: 9000, colonies: 7500 },
  { key: 'gems', label: 'Gems', continent: 12000, colonies: 9000 },
  { key: 'sugar', label: 'Sugar', continent: 700, colonies: 300 },
  { key: 'tobacco', label: 'Tobacco', continent: 800, colonies: 350 },
  { key: 'furs', label: 'Furs', continent: 1000, colonies: 500 },
  { key: 'wine', label: 'Wine', continent: 500, colonies: 850 },
  { key: 'rum', label: 'Rum', continent: 450, colonies: 200 },
  // Seed 003 VII's cargo table: "18 Special (GM's Call)". No price: the GM sets one at the port.
  { key: 'special', label: "Special (GM's call)", continent: 0, colonies: 0 }
]

// ─── Demand (seed 003 VIII) ─────────────────────────────────────────────────────────────────────

export const DemandBandsSchema = z
  .object({
    die: Notation,
    /** Added when the captain, an owner aboard or the purser has every one of these knacks (rank 1+). */
    bonus: Int(10),
    bonusKnacks: z.array(z.string().trim().min(1).max(40)).max(5),
    /** Bands by the lowest roll they cover, ascending; the last covers everything above ("10+"). */
    bands: z
      .array(z.object({ from: Int(100, -100), percent: z.number().int().min(-100).max(1000), label: z.string().trim().min(1).max(60) }).strict())
      .min(1)
      .max(20)
  })
  .strict()
export const DEMAND_BANDS: z.infer<typeof DemandBandsSchema> = {
  die: '1d10',
  bonus: 1,
  bonusKnacks: ['Appraising', 'Haggling'],
  bands: [
    { from: -100, percent: -20, label: 'Very little demand' },
    { from: 2, percent: -10, label: 'Poor demand' },
    { from: 4, percent: 0, label: 'Normal demand' },
    { from: 8, percent: 10, label: 'Good demand' },
    { from: 10, percent: 20, label: 'Excellent demand' }
  ]
}

export const MarketRulesSchema = z
  .object({
    /** Days in port to unload and load (the clock moves on the first cargo work of a visit; 0: it does not). */
    daysToWorkCargo: Int(60),
    /** What a pirate haven takes of each cargo of a ship that enters (percent, in kind). */
    havenCutPercent: Percent
  })
  .strict()
export const MARKET_RULES: z.infer<typeof MarketRulesSchema> = { daysToWorkCargo: 7, havenCutPercent: 20 }

// ─── Voyage profits (seed 003 VIII) ─────────────────────────────────────────────────────────────

export const ProfitSplitSchema = z
  .object({
    owners: Percent,
    captain: Percent,
    firstMate: Percent,
    expenses: Percent,
    /** A hired banker's cut, out of the owners' share. */
    banker: Percent
  })
  .strict()
  .refine((s) => Math.abs(s.owners + s.captain + s.firstMate + s.expenses - 100) < 1e-9, 'owners, captain, first mate and expenses must add up to 100')
  .refine((s) => s.banker <= s.owners, "the banker's cut comes out of the owners' share")
export const PROFIT_SPLIT: z.infer<typeof ProfitSplitSchema> = { owners: 45, captain: 30, firstMate: 5, expenses: 20, banker: 5 }

// ─── Joint-stock companies (seed 003 VIII) ─────────────────────────────────────────────────────

export const CompanyCharterSchema = z
  .object({
    knack: z.string().trim().min(1).max(40),
    /** The trait the applicant rolls with Oratory (the seed does not say: Panache by default). */
    trait: z.enum(['Brawn', 'Finesse', 'Wits', 'Resolve', 'Panache']),
    officialWits: Int(10, 1),
    continentCost: Int(10_000_000),
    coloniesCost: Int(10_000_000),
    /** The knack that makes a character a banker. */
    bankerKnack: z.string().trim().min(1).max(40)
  })
  .strict()
export const COMPANY_CHARTER: z.infer<typeof CompanyCharterSchema> = {
  knack: 'Oratory',
  trait: 'Panache',
  officialWits: 2,
  continentCost: 1500,
  coloniesCost: 2000,
  bankerKnack: 'Accounting'
}

export const ShareTradingSchema = z
  .object({
    startPrice: Int(1_000_000),
    minPrice: Int(1_000_000),
    maxPrice: Int(1_000_000),
    /** Shares that may be sold or bought back each month (rolled at the monthly step). */
    monthlyAllowance: Notation,
    /** The suggested price: multiple × the average profit per share (1%) over the last `voyages` closed voyages, rounded to `roundTo`, within min and max. */
    suggestion: z.object({ voyages: Int(100, 1), multiple: z.number().min(0).max(1000), roundTo: Int(1000, 1) }).strict()
  })
  .strict()
  .refine((s) => s.minPrice <= s.maxPrice, 'minPrice must not be above maxPrice')
export const SHARE_TRADING: z.infer<typeof ShareTradingSchema> = {
  startPrice: 500,
  minPrice: 100,
  maxPrice: 1000,
  monthlyAllowance: '1k1',
  suggestion: { voyages: 3, multiple: 10, roundTo: 10 }
}

// ─── Booty (seed 003 VII, VI) ───────────────────────────────────────────────────────────────────

export const PrizeHoldsSchema = z
  .object({
    suppliesTons: z.number().min(0).max(100),
    /** One to three tons of jolly boats: a d6 halved, rounded up (house reading). */
    boatsDie: Notation,
    /** Merchantmen's 1-3 t of powder: the same reading. */
    merchantPowderDie: Notation,
    /** Warships, pirates, privateers: share of what remains that is powder and shot. */
    fightingPowderShare: z.number().min(0).max(1),
    /** And the d10 roll (or more) for one type of cargo in the rest. */
    fightingCargoOn: Int(10, 1),
    cargoTypesMerchant: Int(10, 1),
    /** The cargo type table: 2d10, each total to a cargo key, or null for "no cargo, only ballast". */
    cargoTable: z.array(z.object({ roll: Int(20, 2), cargo: Key.nullable() }).strict()).min(1).max(19)
  })
  .strict()
export const PRIZE_HOLDS: z.infer<typeof PrizeHoldsSchema> = {
  suppliesTons: 1,
  boatsDie: '1d6',
  merchantPowderDie: '1d6',
  fightingPowderShare: 0.5,
  fightingCargoOn: 7,
  cargoTypesMerchant: 2,
  cargoTable: [
    { roll: 2, cargo: 'lumber' },
    { roll: 3, cargo: 'foodstuffs' },
    { roll: 4, cargo: 'textiles' },
    { roll: 5, cargo: 'livestock' },
    { roll: 6, cargo: 'copper' },
    { roll: 7, cargo: 'tin' },
    { roll: 8, cargo: 'iron' },
    { roll: 9, cargo: 'mercury' },
    { roll: 10, cargo: 'silver' },
    { roll: 11, cargo: 'gold' },
    { roll: 12, cargo: 'gems' },
    { roll: 13, cargo: 'sugar' },
    { roll: 14, cargo: 'tobacco' },
    { roll: 15, cargo: 'furs' },
    { roll: 16, cargo: 'wine' },
    { roll: 17, cargo: 'rum' },
    { roll: 18, cargo: 'special' },
    { roll: 19, cargo: null },
    { roll: 20, cargo: null }
  ]
}

export const TownRansomSchema = z
  .object({
    cargoTypesDie: Notation,
    tonsDie: Notation,
    ransomDie: Notation,
    ransomPer: Int(1_000_000),
    perFort: z.object({ small: Int(10_000_000), medium: Int(10_000_000), large: Int(10_000_000) }).strict(),
    /** A fort taken: this share of its guns, and a die of powder tons. */
    fortGunsShare: z.number().min(0).max(1),
    fortGuns: z.object({ small: Int(1000), medium: Int(1000), large: Int(1000) }).strict(),
    fortPowderDie: Notation
  })
  .strict()
export const TOWN_RANSOM: z.infer<typeof TownRansomSchema> = {
  cargoTypesDie: '1d10',
  tonsDie: '1d10',
  ransomDie: '1k1',
  ransomPer: 1000,
  perFort: { small: 1500, medium: 3000, large: 5000 },
  fortGunsShare: 0.5,
  fortGuns: { small: 8, medium: 16, large: 30 },
  fortPowderDie: '1k1'
}

export const BootyArticlesSchema = z
  .object({
    captain: z.number().min(0).max(100),
    officers: z.number().min(0).max(100),
    crew: z.number().min(0).max(100),
    /** Aboard pirates and privateers: extra shares per heroic action. */
    heroicShares: z.number().min(0).max(100),
    /** Aboard merchantmen and warships: a bonus per heroic action of this roll × `heroicBonusPer`. */
    heroicBonusDie: Notation,
    heroicBonusPer: Int(1_000_000)
  })
  .strict()
export const BOOTY_ARTICLES: z.infer<typeof BootyArticlesSchema> = {
  captain: 2,
  officers: 1.5,
  crew: 1,
  heroicShares: 1,
  heroicBonusDie: '1k1',
  heroicBonusPer: 20
}

export const TRADE_TABLE_DEFS = {
  cargoPrices: {
    title: 'Cargo prices',
    description: 'Price per ton of each cargo type on the Thean continent and in the colonies; a port may set its own price.',
    source: 'House default (rules guide §2, "Cargo prices per ton"; seed 003 VIII\'s table is missing). "Special" comes from seed 003 VII\'s cargo table (GM\'s call: priced at the port).',
    seedValue: false,
    schema: CargoPricesSchema,
    defaults: CARGO_PRICES
  },
  demandBands: {
    title: 'Demand when selling cargo',
    description: 'One die per cargo type per port visit, +1 when the captain, an owner aboard or the purser has both Appraising and Haggling; the five bands change the price.',
    source: 'Seed 003, VIII. Of Sea Trade (1: −20%; 2-3: −10%; 4-7: normal; 8-9: +10%; 10+: +20%)',
    seedValue: true,
    schema: DemandBandsSchema,
    defaults: DEMAND_BANDS
  },
  marketRules: {
    title: 'Ports and havens',
    description: 'Days in port to unload and load cargo (the clock moves on the first cargo work of a visit), and what a pirate haven takes of each cargo of a ship entering it.',
    source: 'Seed 003, VIII ("about a week in port to unload … and reload") and VII Havens ("20% of their cargoes")',
    seedValue: true,
    schema: MarketRulesSchema,
    defaults: MARKET_RULES
  },
  profitSplit: {
    title: 'Voyage profit split',
    description: "Percentages of a trading voyage's profit: owners, captain, first mate, expenses; a hired banker's cut comes out of the owners' share.",
    source: 'Seed 003, VIII. Of Sea Trade (45 / 30 / 5 / 20; a hired Banker 5% from the Owner\'s share)',
    seedValue: true,
    schema: ProfitSplitSchema,
    defaults: PROFIT_SPLIT
  },
  companyCharter: {
    title: 'Company charters',
    description: "The contested roll for a charter (the applicant's Oratory with a trait against the official's Wits) and its price when the roll fails.",
    source: 'Seed 003, VIII (Oratory vs Wits "usually a 2"; 1,500 G, 2,000 G in the colonies; a Banker has Accounting). House default: Oratory rolls with Panache (the seed names no trait).',
    seedValue: true,
    schema: CompanyCharterSchema,
    defaults: COMPANY_CHARTER
  },
  shareTrading: {
    title: 'Share trading',
    description:
      'Shares are first sold at the starting price; later at most the monthly allowance may be sold or bought back, at a price the GM sets between the bounds. ' +
      'Suggested price = multiple × (average profit of the last voyages ÷ 100), rounded, within the bounds.',
    source: 'Seed 003, VIII (500 G; 1K1 shares a month; 100-1,000 G). House default: the suggestion formula.',
    seedValue: true,
    schema: ShareTradingSchema,
    defaults: SHARE_TRADING
  },
  prizeHolds: {
    title: "Prizes' holds",
    description: "What a captured ship carries by kind: supplies, boats, powder and cargo (the 2d10 cargo table).",
    source: 'Seed 003, VII Booty. House reading: "one to three" is a d6 halved, rounded up.',
    seedValue: true,
    schema: PrizeHoldsSchema,
    defaults: PRIZE_HOLDS
  },
  townRansom: {
    title: 'Towns and forts',
    description: 'Cargo, ransom and fort plunder of a coastal town raided or bombarded into surrender.',
    source: 'Seed 003, VII Booty (1-10 types of 1-10 t; 1K1 × 1,000 G; 1,500 / 3,000 / 5,000 per fort; half the guns and 1K1 t powder). Fort guns: rules guide §2 Forts.',
    seedValue: true,
    schema: TownRansomSchema,
    defaults: TOWN_RANSOM
  },
  bootyArticles: {
    title: 'Booty articles (defaults)',
    description: "Shares of booty by role (each ship may set its own), and the reward for a heroic action.",
    source: 'House default (rules guide §2, "Booty articles": captain 2, officers 1.5, crew 1). Heroic actions: seed 003 VI (an extra share; 1K1 × 20 G aboard merchantmen and warships).',
    seedValue: false,
    schema: BootyArticlesSchema,
    defaults: BOOTY_ARTICLES
  }
} as const
