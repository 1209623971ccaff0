import type { AtrilianDesign } from '../../shared/atrilia/design'
import { nationLabel } from '../../shared/atrilia/crew'
import type { Nation } from '../../shared/atrilia/tables'
import { repairCost, repairDaysText } from '../../shared/atrilia/repairs'
import { CommandError } from '../../shared/errors'
import { fmt } from '../../shared/numbers'
import { stmt, type Db } from '../campaign/sqlite'
import { registerPeriodicStep } from '../campaign-core/clock'
import { currentDay, labelOf } from '../campaign-core/clock-state'
import { currencyOf } from '../campaign-core/currency'
import { requirePort, sameNation, type PortRow } from '../campaign-core/ports'
import { getRule } from '../campaign-core/rules'
import { addShipEvent, requireShip } from '../theah/shipyard'
import { companyOf, isFriendly } from '../theah/ship-state'
import { allowDebtOf, chargeOwners } from '../theah/upkeep'
import { quoteAtrilianFor } from './shipyard'

/**
 * Repairing a crippled Atrilian ship (rules guide §3, house default: "two weeks in a friendly port and
 * 10% of her price"; table `repairsAtrilia`; migration 0019): the battle write-back marks her as
 * needing repair; the clock's daily step (order 215) counts her days in a friendly port from the day
 * she lies there, and when they are done charges her owners the share of her price through the ledger
 * (their cash, as Théah's yard repairs are paid) and she is whole again. Leaving port before then
 * starts the days over (a reading: the two weeks are spent in port); owners who cannot pay keep her
 * waiting in port, and the clock tries again each day.
 *
 * Friendly (a reading): a port friendly to her by the campaign's rule (it names one of her owners), or
 * a port of her crew's nation ("Pheacia" or "Pheacian" for a Pheacian crew).
 */

interface RepairRow {
  needs_repair: number
  repair_port_id: number | null
  repair_since: number | null
  nation: string
}

const repairRowOf = (db: Db, shipId: number) =>
  stmt(db, `SELECT needs_repair, repair_port_id, repair_since, nation FROM atrilian_ship WHERE ship_id = ?`).get(shipId) as RepairRow | undefined

/** Whether the port is friendly to this Atrilian ship (see above). */
export function friendlyToAtrilian(db: Db, port: PortRow, shipId: number, nation: string): boolean {
  return isFriendly(db, port, shipId, companyOf(db, shipId)) || (nation !== 'other' && ofNation(port.nation, nationLabel(nation as Nation)))
}

/** A port's nation names her crew's: "Pheacia" or "Pheacian" for Pheacian (one starts the other, at least four letters). */
function ofNation(portNation: string, label: string): boolean {
  const a = portNation.trim().toLowerCase()
  const b = label.trim().toLowerCase()
  if (a.length < 4) return sameNation(a, b)
  return a.startsWith(b) || b.startsWith(a)
}

/** The friendly port she lies in now, or null (at sea, on the stocks, gone, or in a port not friendly to her). */
export function friendlyPortOf(db: Db, shipId: number): PortRow | null {
  const ship = requireShip(db, shipId)
  if (ship.status !== 'port') return null
  const portId = companyOf(db, shipId).port_id
  if (portId === null) return null
  const port = requirePort(db, portId)
  const r = repairRowOf(db, shipId)
  return friendlyToAtrilian(db, port, shipId, r?.nation ?? '') ? port : null
}

/** Her price (the catalogue's, by the campaign's current tables) and what the repair costs. */
export function repairPriceOf(db: Db, shipId: number) {
  const design = JSON.parse(requireShip(db, shipId).design) as AtrilianDesign
  const price = quoteAtrilianFor(db, design).total
  const rules = getRule(db, 'repairsAtrilia')
  return { price, ...repairCost(price, rules), days: rules.days, daysText: repairDaysText(rules.days) }
}

/** Mark her as needing repair (the battle write-back); her days start now if she lies in a friendly port. */
export function markCrippled(db: Db, shipId: number, day: number): { port: string | null } {
  const port = friendlyPortOf(db, shipId)
  stmt(db, `UPDATE atrilian_ship SET needs_repair = 1, repair_port_id = ?, repair_since = ? WHERE ship_id = ?`).run(port?.id ?? null, port ? day : null, shipId)
  return { port: port?.name ?? null }
}

/** Mark her whole (the GM's review said she needs no repair, or the repair is done). */
export function clearRepair(db: Db, shipId: number): void {
  stmt(db, `UPDATE atrilian_ship SET needs_repair = 0, repair_port_id = NULL, repair_since = NULL WHERE ship_id = ?`).run(shipId)
}

/** What her sheet says of her repair: null when she needs none. */
export function repairStatus(db: Db, shipId: number): { repairing: boolean; port: string | null; readyDay: number | null; readyLabel: string | null; text: string; cost: number } | null {
  const r = repairRowOf(db, shipId)
  if (!r || r.needs_repair !== 1) return null
  const p = repairPriceOf(db, shipId)
  const currency = currencyOf(db)
  const costText = `${fmt(p.cost)} ${currency} (${getRule(db, 'repairsAtrilia').pricePercent}% of her price of ${fmt(p.price)})`
  if (r.repair_since !== null && r.repair_port_id !== null) {
    const port = (stmt(db, `SELECT name FROM port WHERE id = ?`).get(r.repair_port_id) as { name: string } | undefined)?.name ?? 'port'
    const readyDay = r.repair_since + p.days
    const label = labelOf(db)(readyDay)
    const late = readyDay <= currentDay(db)
    return {
      repairing: true,
      port,
      readyDay,
      readyLabel: label,
      cost: p.cost,
      text: late
        ? `Crippled: repaired in ${port} as soon as her owners pay ${costText} (her ${p.daysText} were done on ${label})`
        : `Crippled: repairing in ${port}, ready on ${label} for ${costText}`
    }
  }
  // Just come into a friendly port: the clock's next day is her first day of repairs (the daily step counts it).
  const here = friendlyPortOf(db, shipId)
  if (here) {
    const readyDay = currentDay(db) + 1 + p.days
    const label = labelOf(db)(readyDay)
    return { repairing: true, port: here.name, readyDay, readyLabel: label, cost: p.cost, text: `Crippled: repairing in ${here.name}, ready on ${label} for ${costText}` }
  }
  return { repairing: false, port: null, readyDay: null, readyLabel: null, cost: p.cost, text: `Crippled: needs ${p.daysText} in a friendly port and ${costText}` }
}

const refusal = (e: unknown) => (e instanceof CommandError && e.code === 'rule' ? e.message : null)

/** The clock's daily repair of crippled Atrilian ships (order 215). False when no crippled ship is afloat. */
export function atrilianRepairs(db: Db, day: number, effect: (t: string) => void): boolean {
  const rows = stmt(
    db,
    `SELECT s.id, s.name FROM atrilian_ship a JOIN ship s ON s.id = a.ship_id WHERE a.needs_repair = 1 AND s.status IN ('port', 'sea') ORDER BY s.id`
  ).all() as { id: number; name: string }[]
  if (rows.length === 0) return false
  const allowDebt = allowDebtOf(db)
  const currency = currencyOf(db)
  for (const { id, name } of rows) {
    const r = repairRowOf(db, id)!
    const port = friendlyPortOf(db, id)
    if (!port) {
      if (r.repair_since !== null) {
        stmt(db, `UPDATE atrilian_ship SET repair_port_id = NULL, repair_since = NULL WHERE ship_id = ?`).run(id)
        addShipEvent(db, id, day, 'Left the friendly port before her repairs were done: they start over in the next one')
        effect(`The ${name} left port crippled: her repairs start over in the next friendly port`)
      }
      continue
    }
    if (r.repair_since === null || r.repair_port_id !== port.id) {
      stmt(db, `UPDATE atrilian_ship SET repair_port_id = ?, repair_since = ? WHERE ship_id = ?`).run(port.id, day, id)
      const p = repairPriceOf(db, id)
      addShipEvent(db, id, day, `Began her repairs in ${port.name}: ${p.daysText} in port`)
      effect(`The ${name} began her repairs in ${port.name} (ready on ${labelOf(db)(day + p.days)})`)
      continue
    }
    const p = repairPriceOf(db, id)
    if (day - r.repair_since < p.days) continue
    try {
      chargeOwners(db, id, p.cost, {
        memo: `Repairs to the ${name} in ${port.name}: ${getRule(db, 'repairsAtrilia').pricePercent}% of her price of ${fmt(p.price)}`,
        command: 'clock.advance',
        mode: 'refuse',
        allowDebt,
        what: 'the repairs'
      })
    } catch (e) {
      const why = refusal(e)
      if (why === null) throw e
      effect(`The ${name} waits in ${port.name}, still crippled: ${why}`)
      continue
    }
    clearRepair(db, id)
    const text = `Repaired in ${port.name} after ${p.daysText} for ${fmt(p.cost)} ${currency} (${getRule(db, 'repairsAtrilia').pricePercent}% of her price of ${fmt(p.price)}): no longer crippled`
    addShipEvent(db, id, day, text)
    effect(`The ${name}: ${text.charAt(0).toLowerCase()}${text.slice(1)}`)
  }
  return true
}
registerPeriodicStep({
  id: 'atrilian-repairs',
  title: 'Repairs of crippled Atrilian ships',
  every: 'day',
  order: 215,
  apart: true, // Atrilian ships, whose days are not counted
  run: ({ db, day, effect, memo }) => {
    // A ship is crippled only by a battle's write-back, a command: with none crippled on a clock run's
    // first day, none is on its others (a voyage's sixty days ask once).
    if (memo?.get('atrilian-repairs') === 'none') return
    if (!atrilianRepairs(db, day, effect)) memo?.set('atrilian-repairs', 'none')
  }
})
