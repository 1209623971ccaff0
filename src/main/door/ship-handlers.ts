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
import type { ShipDesign } from '../../shared/ship/design'
import { atrilianShipDetail } from '../atrilia/sheet'
import { commissionAtrilian, isAtrilianDesign, isAtrilianShip, quoteAtrilianFor, requireDesignOfSetting } from '../atrilia/shipyard'
import { CommandError } from '../../shared/errors'
import { typePhrase } from '../../shared/atrilia/shipyard'

type ShipHandlers = { [N in keyof typeof shipContracts]: HandlerSpec<N> }

const currencyOf = (c: CampaignContext) => (c.campaign.info().setting === 'atrilia' ? 'dinars' : 'G')
const money = (c: CampaignContext) => ({ allowDebt: getSettings(c.campaign.db).allowDebt, currency: currencyOf(c) })

/** The name a ship had before a rename (describe() runs after the write). */
const renamedFrom = new WeakMap<CampaignContext, string>()

/** The shipyard and the fleet (seed 003, I. Of Ship Construction; seed 002 §2 in an Atrilia campaign). */
export const shipHandlers: ShipHandlers = {
  // The campaign's setting chooses the shipyard (issue 18): Théah hulls, or the Atrilian catalogue.
  'ships.quote': {
    kind: 'read',
    run: ({ campaign: { db } }, input) => {
      const d = input.design
      requireDesignOfSetting(db, d)
      return isAtrilianDesign(d) ? quoteAtrilianFor(db, d) : quoteFor(db, d)
    }
  },

  'ships.commission': {
    kind: 'write',
    run: (c, input) => {
      const db = c.campaign.db
      const d = input.design
      requireDesignOfSetting(db, d)
      if (isAtrilianDesign(d)) return commissionAtrilian(db, { ...input, design: d }, money(c))
      if (input.crew !== undefined) {
        const message = 'a crew nation and quality are given only for an Atrilian ship (a Théah ship is crewed on her Crew tab)'
        throw new CommandError('invalid_input', `crew: ${message}.`, { issues: [{ field: 'crew', message }] })
      }
      const { crew: _crew, ...theah } = input
      return commissionShip(db, { ...theah, design: d }, money(c))
    },
    describe: (input, out, c) => {
      const owners = listing(out.charged.map((o) => (out.charged.length > 1 ? `${o.name} (${o.share}%)` : o.name)))
      const at = out.builtAt ? ` in ${out.builtAt.name}` : ''
      const when = out.launchDay > currentDay(c.campaign.db) ? `to be launched${at} on ${out.launchLabel}` : `launched${at} at once`
      const kind = isAtrilianDesign(input.design)
        ? typePhrase(quoteAtrilianFor(c.campaign.db, input.design).typeName)
        : hullLabel(c.campaign.db, input.design as ShipDesign)
      return `Commissioned the ${input.name}, a ${kind}, for ${fmt(out.total)} ${currencyOf(c)} paid by ${owners}; ${when}`
    }
  },

  'ships.list': { kind: 'read', run: ({ campaign: { db } }) => listShips(db) },

  'ships.get': { kind: 'read', run: ({ campaign: { db } }, input) => (isAtrilianShip(db, input.shipId) ? atrilianShipDetail(db, input.shipId) : shipDetail(db, input.shipId)) },

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
