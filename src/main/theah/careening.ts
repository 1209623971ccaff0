import { CommandError } from '../../shared/errors'
import type { ShipQuote } from '../../shared/ship/design'
import { hasShallowDraft, hullStats } from '../../shared/ship/quote'
import type { DiceBox } from '../../shared/dice/roll'
import { stmt, type Db } from '../campaign/sqlite'
import { registerPeriodicStep } from '../campaign-core/clock'
import { currentDay, labelOf } from '../campaign-core/clock-state'
import { getRule } from '../campaign-core/rules'
import { addShipEvent } from './shipyard'
import { fmt } from '../../shared/numbers'
import { currencyOf } from '../campaign-core/currency'
import { careeningOf, ctxOf, hullParts, placeOf, plural, requireAfloat, requireFriendlyPort, setCompany, shipCondition } from './ship-state'
import { type Paid, chargeOwners, fleetForCareening } from './upkeep'

/**
 * Careening (seed 003 I. maintenance: "Ships will require careening and maintenance every four
 * months"): careening in port or on a beach, and the careening clock step (order 110) that counts the
 * months past due and the hull damage they do. The careening state itself (due, months past due, the
 * Speed it costs) is part of a ship's condition: `careeningOf` in ship-state.ts.
 */

// ---------------------------------------------------------------------------------------------
// Careening
// ---------------------------------------------------------------------------------------------

export function careenShip(db: Db, input: { shipId: number; where: 'port' | 'beach' }, allowDebt: boolean, command = 'ships.careen') {
  const x = ctxOf(db, input.shipId)
  requireAfloat(x.row, 'be careened')
  const today = currentDay(db)
  const rules = getRule(db, 'careening')
  if (x.c.careening_until !== null && x.c.careening_until > today) {
    throw new CommandError('rule', `The ${x.row.name} is already being careened until ${labelOf(db)(x.c.careening_until)}.`)
  }
  let cost = 0
  let paid: Paid = { charged: [], unpaid: 0 }
  const place = placeOf(db, x.row, x.c)
  if (input.where === 'port') {
    requireFriendlyPort(db, x.row, x.c, 'be careened in port')
    const base = hullStats(getRule(db, 'shipHulls'), x.design.hull).baseCost
    cost = Math.round((base * rules.portFeePercent) / 100)
    paid = chargeOwners(db, x.row.id, cost, {
      memo: `Careening the ${x.row.name} in ${place.portName ?? 'port'} (${rules.portFeePercent}% of ${fmt(base)})`,
      command,
      mode: 'refuse',
      allowDebt,
      what: 'careening'
    })
  } else {
    if (!hasShallowDraft(x.design, getRule(db, 'shipHulls'))) {
      throw new CommandError('rule', `The ${x.row.name} has a deep draft: only shallow drafts (Corsairs, Small Warships that are not frigates, or a retractable keel) can be beached to careen.`)
    }
    if (place.status !== 'sea') throw new CommandError('rule', `The ${x.row.name} is in port: put to sea to beach her on a deserted shore, or careen her in port.`)
  }
  // The hull lost to the missed careening becomes ordinary damage, repairable again.
  const hp = hullParts(db, x)
  setCompany(db, x.row.id, {
    careened_day: today,
    careening_until: today + rules.days,
    beached: input.where === 'beach' ? 1 : 0,
    unrepairable_hull: 0,
    hull_seen: hp.repairable,
    hull_port_only: hp.portOnly
  })
  const until = labelOf(db)(today + rules.days)
  addShipEvent(
    db,
    x.row.id,
    today,
    input.where === 'port'
      ? `Careened in ${place.portName ?? 'port'} for ${fmt(cost)} ${currencyOf(db)}, until ${until}`
      : `Beached on a deserted shore to careen, vulnerable until ${until}`
  )
  return { cost, charged: paid.charged, condition: shipCondition(db, x.row.id) }
}

/** The careening clock (order 110): from two months past due, 1k1 hull a month, unrepairable until careened. */
export function careeningClock(db: Db, day: number, dice: () => DiceBox, effect: (t: string) => void, quotes = new Map<string, ShipQuote>(), memo?: Map<string, unknown>): void {
  // Visiting a ship changes only her rows: her rows as read at the start are hers when she is visited.
  // The fleet is the one the monthly upkeep read just before, when nothing else was written since.
  for (const x of fleetForCareening(db, memo, day, quotes)) {
    const s = x.row
    const k = careeningOf(db, x, day)
    if (!k.hullLossActive) continue
    const roll = dice().roll(k.rules.hullLossDice, `${x.row.name}: hull lost to a careening ${plural(k.pastDue, 'month')} overdue`)
    const hullLeft = x.quote.derived.hull - x.row.hull_damage
    const lost = Math.max(0, Math.min(roll.total, hullLeft))
    const hp = hullParts(db, x)
    stmt(db, `UPDATE ship SET hull_damage = hull_damage + ? WHERE id = ?`).run(lost, s.id)
    setCompany(db, s.id, { unrepairable_hull: hp.unrepairable + lost, hull_seen: hp.repairable, hull_port_only: hp.portOnly }, x.c)
    addShipEvent(db, s.id, day, `Lost ${plural(lost, 'hull point')} to a careening ${plural(k.pastDue, 'month')} overdue (${k.rules.hullLossDice}: ${roll.total})`)
    if (lost >= hullLeft) {
      stmt(db, `UPDATE ship SET status = 'sunk' WHERE id = ?`).run(s.id)
      addShipEvent(db, s.id, day, 'Sank: her rotten hull gave way')
      effect(`The ${x.row.name} lost ${plural(lost, 'hull point')} (${k.rules.hullLossDice}: ${roll.total}) and sank: careening ${plural(k.pastDue, 'month')} overdue`)
    } else {
      effect(`The ${x.row.name} lost ${plural(lost, 'hull point')} (${k.rules.hullLossDice}: ${roll.total}), careening ${plural(k.pastDue, 'month')} overdue: not repairable until careened`)
    }
  }
}
registerPeriodicStep({
  id: 'ship-careening',
  title: 'Careening clock',
  every: 'month',
  order: 110,
  run: ({ db, day, dice, effect, quotes, memo }) => careeningClock(db, day, dice, effect, quotes, memo)
})
