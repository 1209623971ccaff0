import { z } from 'zod'
import { contract } from './contract'
import { Term } from './core'
import { DisplayName } from './schemas'

/**
 * Contracts of sea trade, joint-stock companies and booty (issue 8; seed 003 "VIII. Of Sea Trade",
 * "VII. Of the Rewards of a Pirate's Life", heroic actions in "VI"; rules guide §2 cargo prices).
 *
 * Money flows (see src/main/theah/trade.ts, companies.ts, booty.ts):
 * - `trade.buy` charges the payer at once (an owner or a company).
 * - `trade.sell` inside an open trading venture keeps the proceeds on the venture; closing it
 *   (`trade.closeVenture`) pays back every cost to whoever bore it and splits the profit, all in one
 *   ledger transaction. Outside a venture the proceeds go to the ship's owners by their shares; booty
 *   (seed 003 VII) instead to the owners of the ship whose pot takes it — a pirate's or privateer's
 *   prize's cargo into her captor's pot, their own cargo into their own — divided by `booty.divide`.
 * - The first cargo command of a port visit takes the week of loading and unloading: the campaign
 *   clock moves on 7 days (a rule table), running its steps.
 */

const Id = z.number().int().positive()
const Dice = z.array(z.number().int().min(1).max(10)).max(500).optional()
/** A cargo type: a key of the campaign's cargo price table (lumber, textiles, gold, …). */
const Cargo = z.string().trim().min(1, 'must not be empty').max(40, 'must be at most 40 characters')
const Tons = z.number().positive('must be more than 0').max(10_000, 'is too many tons')
const Guilders = z.number().int('must be a whole number').min(0, 'must not be negative').max(1_000_000_000)
const Memo = z.string().trim().max(200, 'must be at most 200 characters')
const Paid = z.array(z.object({ ownerId: Id, name: z.string(), amount: z.number().int() }))
const ClockMoved = z.object({
  days: z.number().int(),
  toLabel: z.string(),
  steps: z.array(z.object({ day: z.number().int(), label: z.string(), step: z.string(), title: z.string(), effects: z.array(z.string()) }))
})

// ─── Markets ────────────────────────────────────────────────────────────────────────────────────

export const MarketLine = z.object({
  cargo: z.string(),
  label: z.string(),
  /** The rule table's price for this port's column (continent or colonies). */
  basePrice: z.number().int(),
  /** The GM's price at this port, if set. */
  override: z.number().int().nullable(),
  price: z.number().int()
})
export const Market = z.object({
  portId: Id,
  portName: z.string(),
  column: z.enum(['continent', 'colonies']),
  pirateHaven: z.boolean(),
  lines: z.array(MarketLine)
})
export type Market = z.infer<typeof Market>

export const DemandBand = z.object({
  /** The die read (after the +1 bonus), the band it falls in and the price change in percent. */
  roll: z.number().int(),
  die: z.number().int(),
  bonus: z.number().int(),
  band: z.string(),
  percent: z.number().int()
})
export const PriceQuote = z.object({
  cargo: z.string(),
  label: z.string(),
  perTon: z.number().int(),
  tons: z.number(),
  total: z.number().int(),
  breakdown: z.array(Term)
})

// ─── A ship's hold ──────────────────────────────────────────────────────────────────────────────

export const HoldLine = z.object({
  cargo: z.string(),
  label: z.string(),
  tons: z.number(),
  /** What was paid for the tons aboard (0 for booty). */
  paid: z.number().int(),
  /** The price here per ton (null at sea). */
  marketPrice: z.number().int().nullable(),
  /** The demand rolled for it on this port visit, if any. */
  demand: DemandBand.nullable()
})
export const Hold = z.object({
  shipId: Id,
  shipName: z.string(),
  portId: Id.nullable(),
  portName: z.string().nullable(),
  capacity: z.object({
    hold: z.number(),
    powderTons: z.number(),
    boatTons: z.number(),
    foodTons: z.number(),
    /** An Atrilian ship: the room her marines take of the hold (seed 002 §2: "N tons of cargo or M men"). */
    marinesTons: z.number().optional(),
    cargoTons: z.number(),
    free: z.number()
  }),
  lines: z.array(HoldLine),
  /** Whether the captain, an owner aboard or the purser has both Appraising and Haggling (+1 to demand rolls), and who. */
  demandBonus: z.object({ bonus: z.number().int(), who: z.string().nullable() }),
  /** This port visit: whether the week of loading and unloading has been taken. */
  visit: z.object({ portId: Id, startedDay: z.number().int(), worked: z.boolean() }).nullable(),
  ventureId: Id.nullable()
})
export type Hold = z.infer<typeof Hold>

// ─── Trading ventures (a voyage's accounts) ────────────────────────────────────────────────────

export const VentureEntryKind = z.enum(['purchase', 'sale', 'passengers', 'portCosts', 'wages', 'food', 'other'])
export const VentureEntry = z.object({
  id: Id,
  day: z.number().int(),
  dateLabel: z.string(),
  kind: VentureEntryKind,
  memo: z.string(),
  /** Positive: income (sales, passengers); negative: a cost. */
  amount: z.number().int(),
  /** Who bore a cost (and is paid it back at the close), or null for income. */
  payerId: Id.nullable(),
  payerName: z.string().nullable()
})
export const SplitLine = z.object({
  role: z.enum(['costs', 'owners', 'captain', 'firstMate', 'banker', 'shareholder', 'expenses', 'loss']),
  ownerId: Id,
  name: z.string(),
  percent: z.number(),
  amount: z.number().int(),
  note: z.string()
})
export const Venture = z.object({
  id: Id,
  shipId: Id,
  shipName: z.string(),
  companyId: Id.nullable(),
  status: z.enum(['open', 'closed']),
  openedDay: z.number().int(),
  openedLabel: z.string(),
  closedDay: z.number().int().nullable(),
  closedLabel: z.string().nullable(),
  entries: z.array(VentureEntry),
  totals: z.object({ income: z.number().int(), costs: z.number().int(), profit: z.number().int() }),
  /** The split: proposed while open (as it would be today), as posted once closed. */
  split: z.array(SplitLine),
  splitBreakdown: z.array(Term),
  ledgerTxId: Id.nullable()
})
export type Venture = z.infer<typeof Venture>

// ─── Companies ──────────────────────────────────────────────────────────────────────────────────

export const CharterRoll = z.object({
  applicant: z.string(),
  applicantTotal: z.number().int(),
  applicantBreakdown: z.array(Term),
  officialWits: z.number().int(),
  officialTotal: z.number().int(),
  success: z.boolean()
})
export const CompanySummary = z.object({
  id: Id,
  ownerId: Id,
  name: z.string(),
  portId: Id.nullable(),
  portName: z.string().nullable(),
  status: z.enum(['applying', 'chartered']),
  charterCost: z.number().int(),
  treasury: z.number().int(),
  sharePrice: z.number().int(),
  sharesOut: z.number().int(),
  ships: z.number().int()
})
export const Company = CompanySummary.extend({
  charteredDay: z.number().int().nullable(),
  charteredLabel: z.string().nullable(),
  /** How the charter was had: granted on the Oratory roll, bought, or not yet. */
  charterHow: z.enum(['granted', 'bought', 'none']),
  charterRoll: CharterRoll.nullable(),
  founders: z.array(z.object({ ownerId: Id, name: z.string() })),
  banker: z.object({
    personId: Id.nullable(),
    name: z.string().nullable(),
    /** A hired banker takes this percent of the profits out of the owners' share (0 when a founder keeps the books). */
    percent: z.number(),
    note: z.string()
  }),
  shipsOwned: z.array(z.object({ shipId: Id, name: z.string(), share: z.number().int() })),
  shareholders: z.array(z.object({ ownerId: Id, name: z.string(), shares: z.number().int(), percent: z.number() })),
  /** The initial offering at the starting price (until the first voyage closes), then the month's allowance. */
  offering: z.boolean(),
  allowance: z.object({ month: z.string(), rolled: z.number().int().nullable(), used: z.number().int(), left: z.number().int().nullable() }),
  maxShares: z.number().int(),
  ventures: z.array(
    z.object({
      id: Id,
      shipName: z.string(),
      closedLabel: z.string().nullable(),
      profit: z.number().int(),
      split: z.array(SplitLine),
      /** The voyages she sailed while the venture was open. */
      voyages: z.array(z.object({ voyageId: Id, name: z.string() }))
    })
  ),
  priceHistory: z.array(z.object({ day: z.number().int(), label: z.string(), price: z.number().int(), note: z.string() })),
  suggestedPrice: z.object({ price: z.number().int(), breakdown: z.array(Term) })
})
export type Company = z.infer<typeof Company>

// ─── Booty ──────────────────────────────────────────────────────────────────────────────────────

export const PrizeHold = z.object({
  shipId: Id,
  shipName: z.string(),
  kind: z.enum(['fighting', 'merchant']),
  supplies: z.number(),
  boats: z.number(),
  powder: z.number(),
  cargo: z.array(z.object({ cargo: z.string(), label: z.string(), tons: z.number() })),
  breakdown: z.array(Term),
  hold: Hold
})
export const Articles = z.object({
  shipId: Id,
  shipName: z.string(),
  kind: z.string(),
  captain: z.number(),
  officers: z.number(),
  crew: z.number(),
  edited: z.boolean()
})
export const BootyDivision = z.object({
  shipId: Id,
  shipName: z.string(),
  amount: z.number().int(),
  owedPaid: z.number().int(),
  /** Who the owed pay went to (seed 003 I.2): named officers their wages, the rest to the hands and suppliers. */
  owedTo: z.array(z.object({ ownerId: Id, name: z.string(), amount: z.number().int() })).default([]),
  divided: z.number().int(),
  totalShares: z.number(),
  perShare: z.number(),
  lines: z.array(
    z.object({ ownerId: Id, name: z.string(), role: z.string(), shares: z.number(), amount: z.number().int(), heroic: z.number().int() })
  ),
  bonuses: z.array(z.object({ ownerId: Id, name: z.string(), actions: z.number().int(), amount: z.number().int(), rolls: z.array(z.number()) })),
  breakdown: z.array(Term),
  pot: z.number().int()
})
const ShipRef = z.object({ shipId: Id, name: z.string(), kind: z.string() })
const PotEntry = z.object({ day: z.number().int(), label: z.string(), amount: z.number().int(), memo: z.string() })
/** Where booty was booked: the ship whose pot took it, how much, and the pot after. */
export const BootyBooked = z.object({ shipId: Id, shipName: z.string(), kind: z.string(), amount: z.number().int(), pot: z.number().int() })
export const BootyState = z.object({
  shipId: Id,
  shipName: z.string(),
  kind: z.string(),
  /** Booty held by the ship's owners awaiting division (haven sales of her cargo and her prizes' cargo, ransoms). */
  pot: z.number().int(),
  owed: z.number().int(),
  /** Of what is owed, the named officers' wages, by officer (seed 003 I.2: paid to them from the booty). */
  owedToOfficers: z.array(z.object({ ownerId: Id, name: z.string(), amount: z.number().int() })).default([]),
  articles: Articles,
  divisions: z.array(PotEntry),
  /** The pot's entries, newest first (at most 200): booty in (+) and divisions (−). */
  entries: z.array(PotEntry),
  /** Who holds the pot's money in their cash until it is divided: the ship's owners, by their shares. */
  holders: z.array(z.object({ ownerId: Id, name: z.string(), share: z.number() })),
  /** The ship that took her, if she is a prize and it is recorded. */
  captor: ShipRef.extend({ battleId: Id.nullable(), day: z.number().int() }).nullable(),
  /** Whose booty her cargo is when sold (no venture open): her captor's (a pirate's or privateer's prize), her own (a pirate or privateer), or null (her owners are paid). */
  bootyTo: z.object({ shipId: Id, shipName: z.string(), kind: z.string(), pot: z.number().int() }).nullable(),
  /** The prizes she took (their cargo sold goes into her pot if she is a pirate or privateer). */
  prizes: z.array(z.object({ shipId: Id, name: z.string(), status: z.string() }))
})

const FortCount = z.number().int().min(0).max(20)

export const tradeContracts = {
  'market.get': contract({
    summary: "A port's market: every cargo type with its price per ton (the continent or colonies column, or the GM's price at this port).",
    scope: 'campaign',
    mutates: false,
    input: z.object({ portId: Id }).strict(),
    output: Market
  }),
  'market.setPrice': contract({
    summary: "Set (or with null clear) a port's own price for a cargo type.",
    scope: 'campaign',
    mutates: true,
    input: z.object({ portId: Id, cargo: Cargo, price: z.number().int().min(0).max(1_000_000).nullable() }).strict(),
    output: Market
  }),
  'trade.hold': contract({
    summary: "A ship's hold: cargo by type with what was paid and the price here, the room left (hold minus powder, boats and food), demand rolled this visit.",
    scope: 'campaign',
    mutates: false,
    input: z.object({ shipId: Id }).strict(),
    output: Hold
  }),
  'trade.buy': contract({
    summary: 'Buy cargo in port for a ship (paid by an owner or a company); room in the hold and money are checked. The first cargo work of a visit takes a week.',
    scope: 'campaign',
    mutates: true,
    input: z.object({ shipId: Id, cargo: Cargo, tons: Tons, payerId: Id, dice: Dice }).strict(),
    output: z.object({ hold: Hold, price: PriceQuote, paid: Paid, clock: ClockMoved.nullable() })
  }),
  'trade.sell': contract({
    summary: "Sell cargo in port: one demand die per cargo type per port visit (+1 with Appraising and Haggling aboard), the seed's five bands (−20% … +20%), with the price breakdown.",
    scope: 'campaign',
    mutates: true,
    input: z.object({ shipId: Id, cargo: Cargo, tons: Tons, dice: Dice }).strict(),
    output: z.object({
      hold: Hold,
      price: PriceQuote,
      demand: DemandBand,
      /** Whether the demand die was rolled now (false: remembered from earlier this visit). */
      rolledNow: z.boolean(),
      /** Paid now (no open venture): to the ship's owners, or for booty to the owners of the ship whose pot took it. */
      paid: Paid,
      /** Booty (seed 003 VII): a pirate's or privateer's prize's cargo goes into her captor's pot, their own cargo into their own; null otherwise. */
      booty: BootyBooked.nullable(),
      ventureId: Id.nullable(),
      clock: ClockMoved.nullable()
    })
  }),
  'trade.enterHaven': contract({
    summary: 'Bring a ship into a pirate haven: ships known hostile are refused; others pay 20% of each cargo (in kind).',
    scope: 'campaign',
    mutates: true,
    /** hostile: the GM's call that the pirates know her for an enemy (default: naval ships are). */
    input: z.object({ shipId: Id, portId: Id, hostile: z.boolean().optional() }).strict(),
    output: z.object({ hold: Hold, taken: z.array(z.object({ cargo: z.string(), label: z.string(), tons: z.number() })), breakdown: z.array(Term) })
  }),
  'trade.openVenture': contract({
    summary: "Open a trading voyage's accounts for a ship: cargo bought and sold, passengers, port costs, wages and food on the way.",
    scope: 'campaign',
    mutates: true,
    input: z.object({ shipId: Id }).strict(),
    output: Venture
  }),
  'trade.recordVenture': contract({
    summary: "Add passengers' fares, port costs, wages or food to a trading voyage's accounts (a cost with a payer is charged to them now and paid back at the close).",
    scope: 'campaign',
    mutates: true,
    input: z
      .object({
        ventureId: Id,
        kind: z.enum(['passengers', 'portCosts', 'wages', 'food', 'other']),
        amount: Guilders.refine((n) => n > 0, 'must be more than 0'),
        /** For a cost: who pays it now (omit when it was already paid, e.g. by the monthly upkeep: then the ship's owners bore it). */
        payerId: Id.optional(),
        memo: Memo.default('')
      })
      .strict(),
    output: Venture
  }),
  'trade.closeVenture': contract({
    summary: "Close a trading voyage: costs paid back, the profit split (owners 45%, captain 30%, first mate 5%, expenses 20%; banker and shareholders from the owners' share) and every share posted to the ledger; losses fall on the owners.",
    scope: 'campaign',
    mutates: true,
    input: z.object({ ventureId: Id }).strict(),
    output: Venture
  }),
  'trade.venture': contract({
    summary: "A trading voyage's accounts and its split (proposed while open).",
    scope: 'campaign',
    mutates: false,
    input: z.object({ ventureId: Id }).strict(),
    output: Venture
  }),
  'trade.ventures': contract({
    summary: 'Trading voyages, newest first (of one ship, or all).',
    scope: 'campaign',
    mutates: false,
    input: z.object({ shipId: Id.optional() }).strict(),
    output: z.array(Venture.pick({ id: true, shipId: true, shipName: true, companyId: true, status: true, openedLabel: true, closedLabel: true, totals: true }))
  }),

  'companies.list': contract({
    summary: 'Joint-stock companies with their treasury, share price and shares out.',
    scope: 'campaign',
    mutates: false,
    input: z.object({}).strict(),
    output: z.array(CompanySummary)
  }),
  'companies.get': contract({
    summary: "A company's page: charter, banker, ships, shareholders and their percentages, treasury, voyages with their splits, share price history and suggestion, this month's trading allowance.",
    scope: 'campaign',
    mutates: false,
    input: z.object({ companyId: Id }).strict(),
    output: Company
  }),
  'companies.charter': contract({
    summary: "Apply for a charter at a major continental city or major colonial port: the applicant's Oratory (with Panache) against the official's Wits (2 by default). Failed: the company waits to buy it.",
    scope: 'campaign',
    mutates: true,
    input: z
      .object({
        name: DisplayName,
        portId: Id,
        /** Owners founding the company (characters); the first is the applicant unless applicantId is given. */
        founders: z.array(Id).min(1, 'a company needs a founder').max(20),
        applicantId: Id.optional(),
        /** The official's Wits (default: the companyCharter table, 2). */
        officialWits: z.number().int().min(1).max(10).optional(),
        dice: Dice
      })
      .strict(),
    output: z.object({ company: Company, roll: CharterRoll })
  }),
  'companies.buyCharter': contract({
    summary: 'Buy the charter after a failed roll: 1,500 G on the continent, 2,000 G in the colonies (paid by a founder).',
    scope: 'campaign',
    mutates: true,
    input: z.object({ companyId: Id, payerId: Id }).strict(),
    output: Company
  }),
  'companies.update': contract({
    summary: "Rename a company, name its banker (a character with Accounting: no fee) or hire one (5% of profits from the owners' share).",
    scope: 'campaign',
    mutates: true,
    input: z
      .object({
        companyId: Id,
        name: DisplayName.optional(),
        bankerId: Id.nullable().optional(),
        bankerHired: z.boolean().optional()
      })
      .strict(),
    output: Company
  }),
  'companies.addShip': contract({
    summary: "Put a ship into a company: her owners' shares pass to it (they contribute her; no money moves).",
    scope: 'campaign',
    mutates: true,
    input: z.object({ companyId: Id, shipId: Id }).strict(),
    output: Company
  }),
  'companies.deposit': contract({
    summary: "Pay money into a company's treasury (a founder's stake) or take it out to an owner.",
    scope: 'campaign',
    mutates: true,
    input: z.object({ companyId: Id, ownerId: Id, amount: z.number().int().min(-1_000_000_000).max(1_000_000_000).refine((n) => n !== 0, 'must not be 0') }).strict(),
    output: Company
  }),
  'companies.sellShares': contract({
    summary: 'Sell shares (1% of profits each) to an owner: at 500 G during the first offering, later at the set price within the month’s 1k1 allowance; the money goes to the treasury.',
    scope: 'campaign',
    mutates: true,
    input: z.object({ companyId: Id, buyerId: Id, count: z.number().int().min(1).max(100), dice: Dice }).strict(),
    output: z.object({ company: Company, price: z.number().int(), total: z.number().int() })
  }),
  'companies.buyBack': contract({
    summary: 'Buy shares back from a shareholder at the set price, within the month’s 1k1 allowance, from the treasury.',
    scope: 'campaign',
    mutates: true,
    input: z.object({ companyId: Id, sellerId: Id, count: z.number().int().min(1).max(100), dice: Dice }).strict(),
    output: z.object({ company: Company, price: z.number().int(), total: z.number().int() })
  }),
  'companies.setPrice': contract({
    summary: "Set a company's share price (100-1,000 G; the GM's call, with the suggestion from recent voyage profits shown).",
    scope: 'campaign',
    mutates: true,
    input: z.object({ companyId: Id, price: z.number().int(), note: Memo.default('') }).strict(),
    output: Company
  }),

  'booty.rollPrizeHold': contract({
    summary: "Roll a prize's hold by her kind (seed 003 VII): supplies, 1-3 t of boats, powder, and cargo (warships, pirates, privateers: one type on 7+; merchantmen and galleons: two types by 2d10, split evenly).",
    scope: 'campaign',
    mutates: true,
    input: z.object({ shipId: Id, kind: z.enum(['fighting', 'merchant']).optional(), dice: Dice }).strict(),
    output: PrizeHold
  }),
  'booty.town': contract({
    summary: 'A coastal town raided or bombarded into surrender: 1-10 cargo types of 1-10 t, 1k1 × 1,000 G ransom plus 1,500 / 3,000 / 5,000 per small / medium / large fort; taken forts give half their guns and 1k1 t of powder each. The cargo and powder go into the ship’s hold, which must have room for them (or the GM names what to leave behind), the ransom to her owners.',
    scope: 'campaign',
    mutates: true,
    input: z
      .object({
        shipId: Id,
        town: DisplayName.default('the town'),
        forts: z.object({ small: FortCount.default(0), medium: FortCount.default(0), large: FortCount.default(0) }).strict().default({ small: 0, medium: 0, large: 0 }),
        fortsTaken: z.object({ small: FortCount.default(0), medium: FortCount.default(0), large: FortCount.default(0) }).strict().default({ small: 0, medium: 0, large: 0 }),
        /**
         * What of the plunder the GM leaves behind when it does not all fit in the hold (seed 003 I: one
         * hold): tons by cargo type, and tons of the forts' powder and shot. Without it, plunder that does
         * not fit is refused with the room left and what was taken (the same dice give the same plunder).
         */
        leaveBehind: z
          .object({
            cargo: z.record(z.string().max(40), z.number().min(0, 'must not be negative').max(9999)).default({}),
            powder: z.number().min(0, 'must not be negative').max(9999).default(0)
          })
          .strict()
          .optional(),
        dice: Dice
      })
      .strict(),
    output: z.object({
      town: z.string(),
      cargo: z.array(z.object({ cargo: z.string(), label: z.string(), tons: z.number(), loaded: z.number() })),
      ransom: z.number().int(),
      fortGuns: z.number().int(),
      fortPowder: z.number(),
      /** The forts' powder and shot taken aboard (the rest left behind). */
      powderLoaded: z.number(),
      breakdown: z.array(Term),
      /** The breakdown by what it counts: the ransom in guilders, the cargo in tons, taken forts' guns (with their powder in the label). */
      ransomTerms: z.array(Term),
      cargoTerms: z.array(Term),
      fortTerms: z.array(Term),
      /** The ransom, paid to the ship's owners to hold in her booty pot. */
      paid: Paid,
      /** Her booty pot after the ransom. */
      pot: z.number().int(),
      hold: Hold
    })
  }),
  'booty.setCaptor': contract({
    summary: "Name (or with null clear) the ship that took a prize: a pirate's or privateer's prize's cargo sold goes into her captor's booty pot. Concluding a battle records it.",
    scope: 'campaign',
    mutates: true,
    input: z.object({ shipId: Id, captorId: Id.nullable() }).strict(),
    output: z.object({ shipId: Id, shipName: z.string(), captor: ShipRef.extend({ battleId: Id.nullable(), day: z.number().int() }).nullable() })
  }),
  'booty.get': contract({
    summary: "A ship's booty: the pot awaiting division, what the crew is owed, her articles and past divisions.",
    scope: 'campaign',
    mutates: false,
    input: z.object({ shipId: Id }).strict(),
    output: BootyState
  }),
  'booty.setArticles': contract({
    summary: "Set a ship's articles: shares of the booty for the captain, officers and every other hand (default 2 / 1.5 / 1).",
    scope: 'campaign',
    mutates: true,
    input: z
      .object({ shipId: Id, captain: z.number().min(0).max(100), officers: z.number().min(0).max(100), crew: z.number().min(0).max(100) })
      .strict(),
    output: Articles
  }),
  'booty.divide': contract({
    summary:
      "Divide booty by the ship's articles after paying the crew what it is owed (pirates, privateers): an extra share per heroic action (merchantmen and warships: 1k1 × 20 G instead); crew shares go to the world as their pay, characters' to them.",
    scope: 'campaign',
    mutates: true,
    input: z
      .object({
        shipId: Id,
        /** Guilders to divide; default: the booty pot (beyond the pot, the owners pay from their cash). */
        amount: Guilders.optional(),
        heroic: z.array(z.object({ personId: Id, actions: z.number().int().min(1).max(20).default(1) }).strict()).max(40).default([]),
        dice: Dice
      })
      .strict(),
    output: BootyDivision
  }),
  'booty.withdraw': contract({
    summary: "The GM's explicit transfer out of a ship's booty pot to an owner (to the outside world: spent or lost); nothing else but the division draws on the pot.",
    scope: 'campaign',
    mutates: true,
    input: z
      .object({
        shipId: Id,
        to: Id,
        amount: z.number().int('must be a whole number').positive('must be more than 0').max(1_000_000_000),
        memo: z.string().trim().min(1, 'must not be empty').max(200, 'must be at most 200 characters')
      })
      .strict(),
    output: z.object({ txId: Id, shipId: Id, shipName: z.string(), pot: z.number().int() })
  }),
  'booty.pots': contract({
    summary: "Every ship's booty pot that has held money, with what it holds now (its own ledger account).",
    scope: 'campaign',
    mutates: false,
    input: z.object({}).strict(),
    output: z.array(z.object({ shipId: Id, shipName: z.string(), pot: z.number().int() }))
  })
} as const
