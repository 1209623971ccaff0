import { z } from 'zod'
import { Hull, ShipDesign, ShipQuote, Term } from '../ship/design'
import { contract } from './contract'
import { DisplayName, NoInput } from './schemas'

/** Contracts of the shipyard and the fleet (seed 003, I. Of Ship Construction). */

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

export const ShipSummary = z.object({
  id: Id,
  name: z.string(),
  hull: Hull,
  frigate: z.boolean(),
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

export const shipContracts = {
  'ships.quote': contract({
    summary: 'Price a design line by line, measure the finished ship, and list every rule it breaks (never refused for breaking one).',
    scope: 'campaign',
    mutates: false,
    input: z.object({ design: ShipDesign }).strict(),
    output: ShipQuote
  }),
  'ships.commission': contract({
    summary:
      "Order a ship built in a major port (a colonial one adds a month): each owner pays their share, from a character's ship fund first, then cash; it is launched there by the clock when its construction time is up.",
    scope: 'campaign',
    mutates: true,
    input: z
      .object({
        design: ShipDesign,
        name: DisplayName,
        owners: ShipOwners,
        /** The major port where she is built (seed 003 I.1); a colonial one adds a month, so the design's `colonial` must match it. Left out: a yard not on record. */
        portId: Id.optional()
      })
      .strict(),
    output: z.object({
      shipId: Id,
      launchDay: z.number().int(),
      launchLabel: z.string(),
      total: z.number().int(),
      charged: z.array(z.object({ ownerId: Id, name: z.string(), share: z.number().int(), fromShipFund: z.number().int(), fromCash: z.number().int() })),
      breakdown: z.array(Term),
      /** Where she is built and launched (null: a yard not on record). */
      builtAt: z.object({ portId: Id, name: z.string(), colonial: z.boolean() }).nullable(),
      /** Months to build (with the month a colonial port adds), and their terms. */
      constructionMonths: z.number().int(),
      construction: z.array(Term)
    })
  }),
  'ships.list': contract({
    summary: 'Every ship, with status, owners and launch countdown.',
    scope: 'campaign',
    mutates: false,
    input: NoInput,
    output: z.array(ShipSummary)
  }),
  'ships.get': contract({
    summary: "One ship's sheet: design, quote with breakdowns, current state, owners and history.",
    scope: 'campaign',
    mutates: false,
    input: z.object({ shipId: Id }).strict(),
    output: ShipDetail
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


