import type { shipContracts } from '../../shared/commands/ships'
import { currentDay, labelOf } from '../campaign-core/clock-state'
import { getSettings } from '../campaign-core/settings'
import {
  commissionShip,
  hullLabel,
  listing,
  listShips,
  quoteFor,
  renameShip,
  requireShip,
  scuttleShip,
  sellShip,
  shipDetail,
  shipSummary
} from '../theah/shipyard'
import type { CampaignContext, HandlerSpec } from './types'
import { fmt } from '../../shared/numbers'

type ShipHandlers = { [N in keyof typeof shipContracts]: HandlerSpec<N> }

const currencyOf = (c: CampaignContext) => (c.campaign.info().setting === 'atrilia' ? 'dinars' : 'G')
const money = (c: CampaignContext) => ({ allowDebt: getSettings(c.campaign.db).allowDebt, currency: currencyOf(c) })

/** The name a ship had before a rename (describe() runs after the write). */
const renamedFrom = new WeakMap<CampaignContext, string>()

/** The shipyard and the fleet (seed 003, I. Of Ship Construction). */
export const shipHandlers: ShipHandlers = {
  'ships.quote': { kind: 'read', run: ({ campaign: { db } }, input) => quoteFor(db, input.design) },

  'ships.commission': {
    kind: 'write',
    run: (c, input) => commissionShip(c.campaign.db, input, money(c)),
    describe: (input, out, c) => {
      const owners = listing(out.charged.map((o) => (out.charged.length > 1 ? `${o.name} (${o.share}%)` : o.name)))
      const at = out.builtAt ? ` in ${out.builtAt.name}` : ''
      const when = out.launchDay > currentDay(c.campaign.db) ? `to be launched${at} on ${out.launchLabel}` : `launched${at} at once`
      return `Commissioned the ${input.name}, a ${hullLabel(c.campaign.db, input.design)}, for ${fmt(out.total)} ${currencyOf(c)} paid by ${owners}; ${when}`
    }
  },

  'ships.list': { kind: 'read', run: ({ campaign: { db } }) => listShips(db) },

  'ships.get': { kind: 'read', run: ({ campaign: { db } }, input) => shipDetail(db, input.shipId) },

  'ships.rename': {
    kind: 'write',
    run: (c, input) => {
      const { from, ship } = renameShip(c.campaign.db, input.shipId, input.name)
      renamedFrom.set(c, from)
      return ship
    },
    describe: (_input, out, c) => {
      const from = renamedFrom.get(c)
      return from === undefined || from === out.name ? `The ${out.name} keeps her name` : `Renamed the ${from} to the ${out.name}`
    }
  },

  'ships.sell': {
    kind: 'write',
    run: (c, input) => {
      const { shipId, proceeds } = sellShip(c.campaign.db, input, money(c))
      return { shipId, proceeds }
    },
    describe: (input, out, c) => {
      const db = c.campaign.db
      const ship = requireShip(db, out.shipId)
      const buyer = ship.status === 'sold' ? 'the outside world' : shipSummary(db, out.shipId).owners[0]!.name
      const shares = out.proceeds.length > 1 ? ` (${out.proceeds.map((p) => `${p.name} ${fmt(p.amount)}`).join(', ')})` : ''
      return `Sold the ${ship.name} to ${buyer} for ${fmt(input.price)} ${currencyOf(c)}${shares}`
    }
  },

  'ships.scuttle': {
    kind: 'write',
    run: ({ campaign: { db } }, input) => scuttleShip(db, input.shipId),
    describe: (_input, out, c) => `Scuttled the ${out.name} on ${labelOf(c.campaign.db)(currentDay(c.campaign.db))}`
  }
}
