import type { AtrilianDesign } from '../../shared/atrilia/design'
import { quoteAtrilian, typePhrase, type AtrilianQuote, type AtrilianShipRules } from '../../shared/atrilia/shipyard'
import { defaultNation, NEW_CREW_QUALITY } from '../../shared/atrilia/crew'
import type { Nation } from '../../shared/atrilia/tables'
import type { ShipDesign } from '../../shared/ship/design'
import { CommandError } from '../../shared/errors'
import { ruleSource } from '../../shared/words'
import { stmt, type Db } from '../campaign/sqlite'
import { currentDay, labelOf } from '../campaign-core/clock-state'
import { requirePort } from '../campaign-core/ports'
import { getRule } from '../campaign-core/rules'
import { orderOwners, planCharges, recordOrder } from '../theah/shipyard'
import type { Yard } from '../theah/yard'
import { campaignSetting } from '../campaign-core/setting'

/**
 * The Atrilian shipyard (Naval Rules §2; issue 18): an Atrilia campaign builds from the catalogue. The
 * quote is the pure `quoteAtrilian` on the campaign's (editable) Atrilian ships and improvements
 * tables; commissioning charges the owners their shares in dinars exactly as the Théah yard does
 * (ship fund first, then cash, one ledger transaction) and lays her down; the clock's daily ship
 * launch (order 300, registered by the Théah shipyard for every ship on the stocks) launches her
 * after her build days, in the port she was built in.
 *
 * Yard (a reading, in the README's rule notes): seed 002 names no shipyard rule, so an Atrilian ship
 * may be built in any port on record (none: a yard not on record), and no port adds time (Théah's
 * "major port" and "a colonial port adds a month" are seed 003's rules and are not applied here).
 * She is handed over manned with her catalogue crew (seed 002 has no hiring rules), green and of the
 * nation her type names unless the order says otherwise.
 */

/** Campaign settings that have a shipyard of their own. */
export type Setting = 'theah' | 'atrilia'

export function settingOf(db: Db): Setting {
  return campaignSetting(db) === 'atrilia' ? 'atrilia' : 'theah'
}

/** Whether the design is an Atrilian one (a catalogue type) rather than a Théah hull. */
export const isAtrilianDesign = (d: ShipDesign | AtrilianDesign): d is AtrilianDesign => 'type' in d

/** Whether the ship is an Atrilian one (she has an Atrilian row, migration 0016). */
export function isAtrilianShip(db: Db, shipId: number): boolean {
  return stmt(db, `SELECT 1 FROM atrilian_ship WHERE ship_id = ?`).get(shipId) !== undefined
}

/** The campaign's Atrilian ship tables (an older file's edited catalogue is rekeyed by migration 0018). */
export function atrilianShipRules(db: Db): AtrilianShipRules {
  return { atriliaShips: getRule(db, 'atriliaShips'), atriliaImprovements: getRule(db, 'atriliaImprovements'), atriliaVoyages: getRule(db, 'voyagesAtrilia') }
}

export function quoteAtrilianFor(db: Db, design: AtrilianDesign): AtrilianQuote {
  return quoteAtrilian(design, atrilianShipRules(db))
}

/**
 * The setting chooses the design: refused at the field when a Théah design is given in an Atrilia
 * campaign, or an Atrilian one in a Théah campaign. Nothing is changed.
 */
export function requireDesignOfSetting(db: Db, design: ShipDesign | AtrilianDesign, field = 'design'): Setting {
  const setting = settingOf(db)
  const atrilian = isAtrilianDesign(design)
  if (setting === 'atrilia' && !atrilian) {
    const message =
      'This is an Atrilia campaign: its shipyard builds from the Atrilian catalogue (a design with a ship type and improvements, Naval Rules §2), not a Théah hull.'
    throw new CommandError('invalid_input', `${field}: ${message}`, { issues: [{ field, message }] })
  }
  if (setting === 'theah' && atrilian) {
    const message = 'This is a Théah campaign: its shipyard builds Théah hulls (High Seas Combat), not ships of the Atrilian catalogue.'
    throw new CommandError('invalid_input', `${field}: ${message}`, { issues: [{ field, message }] })
  }
  return setting
}

export interface AtrilianCommissionInput {
  design: AtrilianDesign
  name: string
  owners: { ownerId: number; share: number }[]
  portId?: number
  /** Her crew's nation (§11.1) and quality (1–4); by default the nation her type names, and green. */
  crew?: { nation?: Nation; quality?: number }
}

export function commissionAtrilian(db: Db, input: AtrilianCommissionInput, opts: { allowDebt: boolean; currency: string }) {
  const today = currentDay(db)
  const label = labelOf(db)
  const owners = orderOwners(db, input.owners)
  const quote = quoteAtrilianFor(db, input.design)
  if (quote.problems.length) {
    const n = quote.problems.length
    throw new CommandError(
      'rule',
      `The design breaks ${n} rule${n > 1 ? 's' : ''}, so the shipyard will not build it: ${quote.problems.map((p) => ruleSource(p.message)).join('; ')}.`,
      { problems: quote.problems, field: quote.problems[0]!.field === 'type' ? 'design.type' : `design.${quote.problems[0]!.field}` }
    )
  }
  let yard: Yard | null = null
  if (input.portId !== undefined) {
    const p = requirePort(db, input.portId, 'portId')
    yard = { portId: p.id, name: p.name, colonial: false }
  }
  const charges = planCharges(db, quote.total, owners, opts.allowDebt, opts.currency)
  const launchDay = today + quote.buildDays

  const id = Number(
    stmt(
      db,
      `INSERT INTO ship (name, design, status, origin, ordered_day, launch_day, cost, crew, powder_tons)
       VALUES (?, ?, 'construction', 'built', ?, ?, ?, ?, 0)`
    ).run(input.name, JSON.stringify(input.design), today, launchDay, quote.total, quote.derived.crew).lastInsertRowid
  )
  stmt(db, `INSERT INTO atrilian_ship (ship_id, nation, quality) VALUES (?, ?, ?)`).run(
    id,
    input.crew?.nation ?? defaultNation(input.design.type),
    input.crew?.quality ?? NEW_CREW_QUALITY
  )
  const weeks = quote.buildDays % 7 === 0 ? `${quote.buildDays / 7} week${quote.buildDays === 7 ? '' : 's'}` : `${quote.buildDays} days`
  const breakdown = recordOrder(
    db,
    { shipId: id, name: input.name, kind: typePhrase(quote.typeName), owners, yard, total: quote.total, build: weeks, launchDay },
    charges,
    quote.lines,
    opts.currency
  )
  return {
    setting: 'atrilia' as const,
    shipId: id,
    launchDay,
    launchLabel: label(launchDay),
    total: quote.total,
    charged: charges,
    breakdown,
    builtAt: yard ? { portId: yard.portId, name: yard.name, colonial: false } : null,
    buildDays: quote.buildDays,
    construction: quote.buildBreakdown
  }
}
