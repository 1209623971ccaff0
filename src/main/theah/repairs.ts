import { CommandError } from '../../shared/errors'
import type { ShipQuote } from '../../shared/ship/design'
import type { DiceBox } from '../../shared/dice/roll'
import { stmt, type Db } from '../campaign/sqlite'
import { advanceClock, registerPeriodicStep } from '../campaign-core/clock'
import { currentDay } from '../campaign-core/clock-state'
import { getRule } from '../campaign-core/rules'
import { addShipEvent, listing, shipOwners, splitByShares } from './shipyard'
import { fmt } from '../../shared/numbers'
import { currencyOf } from '../campaign-core/currency'
import { type Ctx, ctxOf, hullParts, ordersOf, placeOf, plural, requireAfloat, requireFriendlyPort, setCompany, shipCondition } from './ship-state'
import { requireOwnersCanPay } from './upkeep'

/**
 * Repairs (seed 003 I. maintenance: "a ship's Rigging may be repaired by the crew … the Hull only in a
 * friendly port"): the crew's weekly work anywhere, a friendly yard's 10 points a week at 50 G a point,
 * `ships.repair` of N weeks moving the clock, and the weekly crew-repairs clock step (order 210).
 */

// ---------------------------------------------------------------------------------------------
// Repairs
// ---------------------------------------------------------------------------------------------

interface RepairWork {
  hullByCrew: number
  riggingByCrew: number
  hullByYard: number
  riggingByYard: number
}

/** Write the repairable hull accounting after the damage changed by `repaired` points of the port's part. */
export function applyHull(db: Db, x: Ctx, hullByCrew: number, hullByYard: number, riggingRepaired: number): void {
  const hp = hullParts(db, x)
  const fromPort = Math.min(hullByYard, hp.portOnly)
  const repairedTotal = hullByCrew + hullByYard
  const repairable = hp.repairable - repairedTotal
  stmt(db, `UPDATE ship SET hull_damage = hull_damage - ?, rigging_damage = rigging_damage - ? WHERE id = ?`).run(repairedTotal, riggingRepaired, x.row.id)
  setCompany(db, x.row.id, { hull_seen: repairable, hull_port_only: Math.min(repairable, hp.portOnly - fromPort), unrepairable_hull: hp.unrepairable })
}

/** One or more weeks of the crew's repairs (free, anywhere): rigging and their part of the hull. */
export function crewWork(db: Db, x: Ctx, weeks: number): { hull: number; rigging: number } {
  if (x.row.crew === 0) return { hull: 0, rigging: 0 }
  const r = getRule(db, 'shipRepairs')
  const hp = hullParts(db, x)
  const rate = x.officers.some((o) => o.role === 'carpenter') ? r.crewHullPerWeekWithCarpenter : r.crewHullPerWeek
  return { hull: Math.min(hp.crewRepairable, rate * weeks), rigging: Math.min(x.row.rigging_damage, r.crewRiggingPerWeek * weeks) }
}

/** What a friendly port's yard repairs in some weeks after the crew's work: the hull (the port's half first), then rigging. */
export function yardWork(db: Db, x: Ctx, weeks: number, crew: { hull: number; rigging: number }): { hull: number; rigging: number } {
  const r = getRule(db, 'shipRepairs')
  const hp = hullParts(db, x)
  let points = r.portPointsPerWeek * weeks
  const hull = Math.min(points, hp.repairable - crew.hull)
  points -= hull
  const rigging = Math.min(points, x.row.rigging_damage - crew.rigging)
  return { hull, rigging }
}

/** What the clock's repair steps did to each ship while a `ships.repair` runs (null otherwise). */
let repairTally: Map<number, RepairWork & { cost: number }> | null = null
export function tally(shipId: number, w: Partial<RepairWork> & { cost?: number }): void {
  if (!repairTally) return
  const t = repairTally.get(shipId) ?? { hullByCrew: 0, riggingByCrew: 0, hullByYard: 0, riggingByYard: 0, cost: 0 }
  t.hullByCrew += w.hullByCrew ?? 0
  t.riggingByCrew += w.riggingByCrew ?? 0
  t.hullByYard += w.hullByYard ?? 0
  t.riggingByYard += w.riggingByYard ?? 0
  t.cost += w.cost ?? 0
  repairTally.set(shipId, t)
}

/** The voyage a ship is sailing on, if any (the voyage moves the clock while she sails). */
function voyageOf(db: Db, shipId: number): number | null {
  const r = stmt(db, `SELECT v.id FROM voyage_ship vs JOIN voyage v ON v.id = vs.voyage_id WHERE vs.ship_id = ? AND v.status = 'atSea' AND vs.state IN ('sailing', 'escaped')`).get(shipId) as
    | { id: number }
    | undefined
  return r?.id ?? null
}

/**
 * Some weeks of repairs (seed 003 I, maintenance): repairs take the time they take, so the clock
 * moves those weeks and its weekly steps do the work — the crew's (rigging 4 a week, their half of the
 * hull 2 a week, 4 with a carpenter) and, in a friendly port, the yard's (10 points a week at 50 G a
 * point), with the yard order in force for those weeks. No point is mended twice in a week: the
 * command is the clock's own weeks. Refused, with nothing done, when there is nothing to repair, when
 * the owners cannot pay the yard's estimate, or when she is on a voyage (the voyage moves her clock).
 */
export function repairShip(db: Db, input: { shipId: number; weeks: number; yard?: boolean }, allowDebt: boolean, dice: () => DiceBox, command = 'ships.repair') {
  const x = ctxOf(db, input.shipId)
  requireAfloat(x.row, 'be repaired')
  const place = placeOf(db, x.row, x.c)
  const inFriendly = place.status === 'port' && place.friendly === true
  if (input.yard === true) requireFriendlyPort(db, x.row, x.c, 'be repaired by a yard')
  const useYard = input.yard ?? inFriendly
  const hp = hullParts(db, x)
  if (hp.repairable === 0 && x.row.rigging_damage === 0) {
    const why = hp.unrepairable > 0 ? ` (the ${plural(hp.unrepairable, 'hull point')} lost to a missed careening cannot be repaired until she is careened)` : ''
    throw new CommandError('rule', `The ${x.row.name} has nothing to repair${why}.`)
  }
  const crew = crewWork(db, x, input.weeks)
  const yard = useYard ? yardWork(db, x, input.weeks, crew) : { hull: 0, rigging: 0 }
  if (crew.hull + crew.rigging + yard.hull + yard.rigging === 0) {
    const why = x.row.crew === 0 ? 'she has no crew to do the work' : 'what is left needs a friendly port’s yard'
    throw new CommandError('rule', `Nothing can be repaired aboard the ${x.row.name} now: ${why}.`)
  }
  const voyage = voyageOf(db, x.row.id)
  if (voyage !== null) {
    throw new CommandError('rule', `The ${x.row.name} is on a voyage: her crew mends what it can each week as she sails (the clock’s weekly repairs). Sail on, or end the voyage in port for the yard.`, {
      field: 'weeks',
      voyageId: voyage
    })
  }
  const r = getRule(db, 'shipRepairs')
  requireOwnersCanPay(db, x.row.id, (yard.hull + yard.rigging) * r.portCostPerPoint, allowDebt, 'the yard’s repairs', 'weeks')

  // The weeks pass on the clock; the yard order is in force for them, then as it was.
  const orders = ordersOf(x.c)
  if (useYard && !orders.repair) setCompany(db, x.row.id, { orders: JSON.stringify({ ...orders, repair: true }) })
  const days = input.weeks * 7
  repairTally = new Map()
  let clock: ReturnType<typeof advanceClock>
  let done: RepairWork & { cost: number }
  try {
    clock = advanceClock(db, days, dice)
    done = repairTally.get(x.row.id) ?? { hullByCrew: 0, riggingByCrew: 0, hullByYard: 0, riggingByYard: 0, cost: 0 }
  } finally {
    repairTally = null
  }
  // No clock step changes standing orders: they go back as they were.
  if (useYard && !orders.repair) setCompany(db, x.row.id, { orders: x.c.orders })
  const parts: string[] = []
  if (done.hullByCrew || done.riggingByCrew) parts.push(`the crew mended ${workText(done.hullByCrew, done.riggingByCrew)}`)
  if (done.hullByYard || done.riggingByYard) parts.push(`the yard ${workText(done.hullByYard, done.riggingByYard)} for ${fmt(done.cost)} ${currencyOf(db)}`)
  addShipEvent(db, x.row.id, currentDay(db), `Repairs (${plural(input.weeks, 'week')}): ${parts.join('; ') || 'nothing mended'}`)
  const owners = shipOwners(db, x.row.id)
  const shares = done.cost > 0 && owners.length ? splitByShares(done.cost, owners.map((o) => o.share)) : []
  const charged = owners.map((o, i) => ({ ownerId: o.ownerId, name: o.name, amount: shares[i] ?? 0 })).filter((c) => c.amount > 0)
  return { ...done, charged, condition: shipCondition(db, x.row.id), days, to: clock.to, steps: clock.steps }
}

export const workText = (hull: number, rigging: number) =>
  listing([hull ? plural(hull, 'hull point') : '', rigging ? plural(rigging, 'rigging point') : ''].filter(Boolean))

/** The crew's own repairs (order 210), every week, at sea or in port: rigging and their part of the hull. */
export function crewRepairs(db: Db, day: number, effect: (t: string) => void, quotes = new Map<string, ShipQuote>()): void {
  const rows = stmt(db, `SELECT id FROM ship WHERE status IN ('port', 'sea') AND crew > 0 AND (hull_damage > 0 OR rigging_damage > 0) ORDER BY id`).all() as { id: number }[]
  for (const { id } of rows) {
    const x = ctxOf(db, id, quotes)
    const w = crewWork(db, x, 1)
    if (w.hull + w.rigging === 0) continue
    applyHull(db, x, w.hull, 0, w.rigging)
    tally(id, { hullByCrew: w.hull, riggingByCrew: w.rigging })
    effect(`The ${x.row.name}'s crew mended ${workText(w.hull, w.rigging)}`)
    void day
  }
}
registerPeriodicStep({ id: 'ship-repairs', title: 'Repairs by the crews', every: 'week', order: 210, run: ({ db, day, effect, quotes }) => crewRepairs(db, day, effect, quotes) })
