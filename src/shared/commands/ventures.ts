import { z } from 'zod'
import { contract } from './contract'
import { VentureEntry } from './trade'
import { VoyageStatus } from './voyages'

/**
 * Contracts linking trading voyages' accounts (ventures) and the voyages they sailed (issue 8; seed
 * 003 "VIII. Of Sea Trade": "a trading voyage keeps its accounts: cargo bought, cargo sold,
 * passengers, port costs, wages and food on the way").
 *
 * While a ship has an open venture, every voyage she starts (or is on when it opens) is linked to
 * it, and these are entered in its accounts without touching the ledger again (they are already
 * posted): the monthly wages and food her owners pay, provisions bought, and passengers' fares paid
 * on arrival (income the owners already hold: closing the venture takes it back into the split).
 */

const Id = z.number().int().positive()
const Money = z.number().int()

/** One voyage a venture sailed, with what the venture's accounts took in and paid out on it. */
export const VentureVoyage = z.object({
  voyageId: Id,
  name: z.string(),
  status: VoyageStatus,
  startedLabel: z.string(),
  endedLabel: z.string().nullable(),
  daysAtSea: z.number().int(),
  /** This venture's entries made on the voyage, by kind (costs negative). */
  wages: Money,
  food: Money,
  passengers: Money,
  other: Money,
  entries: z.number().int()
})
export type VentureVoyage = z.infer<typeof VentureVoyage>

/** A venture seen from one of its voyages: its entries made on that voyage, and its totals so far. */
export const VoyageVenture = z.object({
  ventureId: Id,
  shipId: Id,
  shipName: z.string(),
  status: z.enum(['open', 'closed']),
  openedLabel: z.string(),
  closedLabel: z.string().nullable(),
  entries: z.array(VentureEntry),
  /** The entries made on this voyage. */
  onVoyage: z.object({ income: Money, costs: Money }),
  /** The whole venture so far (or as closed). */
  totals: z.object({ income: Money, costs: Money, profit: Money })
})
export type VoyageVenture = z.infer<typeof VoyageVenture>

export const ventureContracts = {
  'ventures.voyages': contract({
    summary: "The voyages a trading voyage's accounts were open for, newest first, with the wages, food and fares entered on each.",
    scope: 'campaign',
    mutates: false,
    input: z.object({ ventureId: Id }).strict(),
    output: z.array(VentureVoyage)
  }),
  'ventures.ofVoyage': contract({
    summary: "The trading voyages' accounts a voyage was sailed for (one per ship with an open venture), with the entries made on it.",
    scope: 'campaign',
    mutates: false,
    input: z.object({ voyageId: Id }).strict(),
    output: z.array(VoyageVenture)
  })
} as const
