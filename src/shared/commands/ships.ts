import { z } from 'zod'
import { AtrilianCrewSheet, CrewQuality } from '../atrilia/crew'
import { AtrilianDesign } from '../atrilia/design'
import { AtrilianQuote } from '../atrilia/shipyard'
import { Nation } from '../atrilia/tables'
import { Hull, ShipDesign, ShipQuote, Term } from '../ship/design'
import { contract } from './contract'
import { DisplayName, NoInput } from './schemas'

/** Contracts of the shipyard and the fleet (seed 003, I. Of Ship Construction; seed 002 §2 in an Atrilia campaign). */

const Id = z.number().int().positive()

export const SHIP_STATUSES = ['construction', 'port', 'sea', 'sold', 'scuttled', 'sunk'] as const
export const ShipStatus = z.enum(SHIP_STATUSES)
export type ShipStatus = z.infer<typeof ShipStatus>

export const ShipOwners = z
  .array(z.object({ ownerId: Id, share: z.number().int('must be a whole percentage').min(1, 'must be at least 1%').max(100, 'must be at most 100%') }).strict())
  .min(1, 'a ship needs at least one owner')
  .max(20, 'at most 20 owners')
  .refine((o) => new Set(o.map((x) => x.ownerId)).size === o.length, 'each owner may appear once')
  .refine((o) => o.reduce((n, x) => n + x.share, 0) === 100, {
    message: 'shares must add up to 100%'
  })

export const ShipOwnerOut = z.object({ ownerId: Id, name: z.string(), share: z.number().int() })

/**
 * A design for the campaign's shipyard: a Théah hull (seed 003) or a ship of the Atrilian catalogue
 * (seed 002 §2: `{type, improvements, improved?}`). The campaign's setting chooses which it builds;
 * the other is refused at the field. A malformed design is reported by the kind it looks like.
 */
export const AnyShipDesign = z.union([ShipDesign, AtrilianDesign], {
  error: (iss) => {
    const input = iss.input
    const atrilian = typeof input === 'object' && input !== null && 'type' in input
    const errors = (iss as unknown as { errors?: { path: PropertyKey[]; message: string }[][] }).errors?.[atrilian ? 1 : 0] ?? []
    const said = errors.map((e) => `${e.path.length ? e.path.map(String).join('.') : 'the design'}: ${e.message}`).join('; ')
    return `${atrilian ? 'an Atrilian design' : 'a Théah design'} with problems (${said || 'not a design'})`
  }
})
export type AnyShipDesign = z.output<typeof AnyShipDesign>

export const SHIP_SETTINGS = ['theah', 'atrilia'] as const

export const ShipSummary = z.object({
  id: Id,
  name: z.string(),
  /** Which shipyard built her: a Théah hull or an Atrilian catalogue type. */
  setting: z.enum(SHIP_SETTINGS),
  /** A Théah ship's hull (null for an Atrilian ship). */
  hull: Hull.nullable(),
  frigate: z.boolean(),
  /** An Atrilian ship's catalogue name ("Pheacian large galley"); null for a Théah ship. */
  atrilianType: z.string().nullable(),
  status: ShipStatus,
  origin: z.enum(['built', 'encounter', 'prize']),
  /** For a ship under construction: when it is launched. */
  launchDay: z.number().int().nullable(),
  launchLabel: z.string().nullable(),
  inDays: z.number().int().nullable(),
  owners: z.array(ShipOwnerOut),
  cost: z.number().int()
})
export type ShipSummary = z.infer<typeof ShipSummary>

export const ShipState = z.object({
  hullDamage: z.number().int(),
  riggingDamage: z.number().int(),
  /** Current Hull and Rigging points: the design's less the damage. */
  hullNow: z.number().int(),
  riggingNow: z.number().int(),
  crew: z.number().int(),
  powderTons: z.number(),
  gunsLost: z.object({ port: z.number().int(), starboard: z.number().int(), chasers: z.number().int(), stern: z.number().int() }),
  /** Handling lost to a rudder strained by Hard Turns, until repaired in port (seed 003 IV). */
  rudderDamage: z.number().int()
})
export type ShipState = z.infer<typeof ShipState>

export const ShipDetail = ShipSummary.extend({
  setting: z.literal('theah'),
  hull: Hull,
  design: ShipDesign,
  /** The design priced and measured by the campaign's current rule tables. */
  quote: ShipQuote,
  state: ShipState,
  orderedDay: z.number().int().nullable(),
  /** The ship recorded as having taken her (a prize, or a campaign ship captured): her cargo's booty is that ship's. */
  capturedBy: z.object({ shipId: Id, name: z.string() }).nullable(),
  history: z.array(z.object({ day: z.number().int(), dateLabel: z.string(), text: z.string() }))
})
export type ShipDetail = z.infer<typeof ShipDetail>

/** An Atrilian ship's sheet (seed 002 §2; issue 18): her design and quote, her people, owners and history. */
export const AtrilianShipDetail = ShipSummary.extend({
  setting: z.literal('atrilia'),
  design: AtrilianDesign,
  /** The design priced and measured by the campaign's current Atrilian tables. */
  quote: AtrilianQuote,
  crew: AtrilianCrewSheet,
  /** Her monthly upkeep in dinars (rules guide §3 "Money": the Théah defaults, 1 dinar = 1 guilder), each line with its terms. */
  upkeep: z.object({
    wages: z.number().int(),
    food: z.number().int(),
    total: z.number().int(),
    heads: z.number().int(),
    lines: z.array(Term),
    /** The bill in one sentence: "wages 120 sailors × 10 dinars = 1,200; …: 1,680 dinars". */
    sentence: z.string(),
    /** Whether the clock charges it (she is afloat: not on the stocks, not lost). */
    charged: z.boolean(),
    nextDay: z.number().int(),
    nextLabel: z.string(),
    owners: z.array(z.object({ ownerId: Id, name: z.string(), share: z.number().int(), amount: z.number().int() })),
    /** What her crew is owed from months her owners could not pay. */
    owed: z.number().int()
  }),
  location: z.string().nullable(),
  orderedDay: z.number().int().nullable(),
  capturedBy: z.object({ shipId: Id, name: z.string() }).nullable(),
  /**
   * Crippled in battle (issue 18; rules guide §3): her repair — "Crippled: repairing in <port>, ready on
   * <date>" or "Crippled: needs two weeks in a friendly port" — with its cost in dinars; null: she is whole.
   */
  repair: z
    .object({ repairing: z.boolean(), port: z.string().nullable(), readyDay: z.number().int().nullable(), readyLabel: z.string().nullable(), cost: z.number().int(), text: z.string() })
    .nullable(),
  history: z.array(z.object({ day: z.number().int(), dateLabel: z.string(), text: z.string() }))
})
export type AtrilianShipDetail = z.infer<typeof AtrilianShipDetail>

/** What `ships.get` answers: a Théah ship's sheet or an Atrilian one's, by `setting`. */
export const ShipSheet = z.discriminatedUnion('setting', [ShipDetail, AtrilianShipDetail])
export type ShipSheet = z.infer<typeof ShipSheet>

const Charged = z.array(z.object({ ownerId: Id, name: z.string(), share: z.number().int(), fromShipFund: z.number().int(), fromCash: z.number().int() }))

export const shipContracts = {
  'ships.quote': contract({
    summary:
      'Price a design line by line, measure the finished ship, and list every rule it breaks (never refused for breaking one). A Théah campaign prices a Théah hull (guilders), an Atrilia campaign a ship of the Atrilian catalogue (dinars, build days); the other kind is refused at `design`.',
    scope: 'campaign',
    mutates: false,
    input: z.object({ design: AnyShipDesign }).strict(),
    output: z.union([ShipQuote, AtrilianQuote])
  }),
  'ships.commission': contract({
    summary:
      "Order a ship built in a major port (a colonial one adds a month): each owner pays their share, from a character's ship fund first, then cash; it is launched there by the clock when its construction time is up.",
    scope: 'campaign',
    mutates: true,
    input: z
      .object({
        /** A Théah design in a Théah campaign, an Atrilian one in an Atrilia campaign (the setting chooses). */
        design: AnyShipDesign,
        name: DisplayName,
        owners: ShipOwners,
        /**
         * Théah: the major port where she is built (seed 003 I.1); a colonial one adds a month, so the design's
         * `colonial` must match it. Atrilia: any port on record (seed 002 names no yard rule). Left out: a yard not on record.
         */
        portId: Id.optional(),
        /** Atrilia only: her crew's nation (§11.1; default the nation her type names) and quality (default 2, green). */
        crew: z.object({ nation: Nation.optional(), quality: CrewQuality.optional() }).strict().optional()
      })
      .strict(),
    output: z.union([
      z.object({
        shipId: Id,
        launchDay: z.number().int(),
        launchLabel: z.string(),
        total: z.number().int(),
        charged: Charged,
        breakdown: z.array(Term),
        /** Where she is built and launched (null: a yard not on record). */
        builtAt: z.object({ portId: Id, name: z.string(), colonial: z.boolean() }).nullable(),
        /** Months to build (with the month a colonial port adds), and their terms. */
        constructionMonths: z.number().int(),
        construction: z.array(Term)
      }),
      z.object({
        setting: z.literal('atrilia'),
        shipId: Id,
        launchDay: z.number().int(),
        launchLabel: z.string(),
        /** Dinars. */
        total: z.number().int(),
        charged: Charged,
        breakdown: z.array(Term),
        builtAt: z.object({ portId: Id, name: z.string(), colonial: z.boolean() }).nullable(),
        /** Days to build (the catalogue's weeks), and their terms. */
        buildDays: z.number().int(),
        construction: z.array(Term)
      })
    ])
  }),
  'ships.list': contract({
    summary: 'Every ship, with status, owners and launch countdown.',
    scope: 'campaign',
    mutates: false,
    input: NoInput,
    output: z.array(ShipSummary)
  }),
  'ships.get': contract({
    summary: "One ship's sheet: design, quote with breakdowns, current state, owners and history (an Atrilian ship's with her marines, wizards, nation and crew quality).",
    scope: 'campaign',
    mutates: false,
    input: z.object({ shipId: Id }).strict(),
    output: ShipSheet
  }),
  'ships.rename': contract({
    summary: 'Rename a ship.',
    scope: 'campaign',
    mutates: true,
    input: z.object({ shipId: Id, name: DisplayName }).strict(),
    output: ShipSummary
  }),
  'ships.sell': contract({
    summary: 'Sell a ship: the price is shared among its owners by their shares; a buyer (an owner) pays it, or the outside world does.',
    scope: 'campaign',
    mutates: true,
    input: z.object({ shipId: Id, price: z.number().int().min(0).max(100_000_000), buyerId: Id.optional() }).strict(),
    output: z.object({ shipId: Id, proceeds: z.array(z.object({ ownerId: Id, name: z.string(), amount: z.number().int() })) })
  }),
  'ships.scuttle': contract({
    summary: 'Scuttle a ship: it is gone, and stays in the books and the history.',
    scope: 'campaign',
    mutates: true,
    input: z.object({ shipId: Id }).strict(),
    output: ShipSummary
  })
} as const


