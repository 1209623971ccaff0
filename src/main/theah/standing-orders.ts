import type { StandingOrders } from '../../shared/commands/crew'
import { CommandError } from '../../shared/errors'
import type { ShipQuote } from '../../shared/ship/design'
import { hullStats } from '../../shared/ship/quote'
import type { DiceBox } from '../../shared/dice/roll'
import { stmt, type Db } from '../campaign/sqlite'
import { registerPeriodicStep } from '../campaign-core/clock'
import { currentDay } from '../campaign-core/clock-state'
import { getRule } from '../campaign-core/rules'
import { addShipEvent, GONE, listing, requireShip } from './shipyard'
import { fmt } from '../../shared/numbers'
import { currencyOf } from '../campaign-core/currency'
import { getPort } from '../campaign-core/ports'
import { careenShip } from './careening'
import { type RecruitWeek, weekStartOf } from './crew'
import { applyHull, crewWork, tally, workText, yardWork } from './repairs'
import { type ShipRow, careeningOf, companyOf, ctxOf, gunsOf, hullParts, monthlyOf, ordersOf, payerOf, placeOf, plural, requireFoodRoom, setCompany, weeksPerMonthOf } from './ship-state'
import { allowDebtOf, chargeCrewCost, chargeOwners, gearFor } from './upkeep'

/**
 * Standing orders in port (seed 003 I.2 Crew: recruiting 1k1+2 a week in a friendly port, press gangs,
 * repairs, careening, provisions): the orders a ship is given, the weekly port-work clock step (order
 * 200) that carries them out, and a port's page (the ships lying there, what each can do).
 */

// ---------------------------------------------------------------------------------------------
// Standing orders
// ---------------------------------------------------------------------------------------------

export function setOrders(db: Db, input: { shipId: number } & Partial<StandingOrders>): StandingOrders {
  const row = requireShip(db, input.shipId) as ShipRow
  if (GONE.includes(row.status as never)) throw new CommandError('rule', `The ${row.name} is ${row.status}.`)
  const { shipId, ...patch } = input
  const next = { ...ordersOf(companyOf(db, shipId)) }
  for (const [k, v] of Object.entries(patch)) if (v !== undefined) (next as Record<string, unknown>)[k] = v
  setCompany(db, shipId, { orders: JSON.stringify(next) })
  return next
}

export function portPage(db: Db, portId: number) {
  const port = getPort(db, portId)
  const up = getRule(db, 'crewUpkeep')
  const r = getRule(db, 'shipRepairs')
  const avg = (notation: string) => {
    // The average of XkY+N with one kept die is not simple with explosions; use 5.5 a kept die (plus the modifier).
    const m = /^(\d+)k(\d+)n?([+-]\d+)?$/.exec(notation.replace(/\s+/g, '').toLowerCase())
    return m ? Math.round(Number(m[2]) * 5.5 + Number(m[3] ?? 0)) : 0
  }
  // Standing orders are Théah's (seed 003 I.2): an Atrilian ship lying here (issue 18) is in the port's list, not in these.
  const theah = port.ships.filter((s) => stmt(db, `SELECT 1 FROM atrilian_ship WHERE ship_id = ?`).get(s.shipId) === undefined)
  const ships = theah.map((s) => {
    const x = ctxOf(db, s.shipId)
    const o = ordersOf(x.c)
    const guns = gunsOf(db, x)
    const m = monthlyOf(db, x, guns)
    const breakdown: { label: string; value: number }[] = []
    const payer = payerOf(x.c.kind)
    if (s.friendly) {
      const room = Math.max(0, x.quote.derived.maxCrew - (x.row.crew + x.officers.filter((f) => f.kind === 'npc').length))
      const n = Math.min(room, (o.recruit ? avg(up.recruitDice) : 0) + (o.pressGang ? avg(up.pressGangDice) : 0))
      if (n > 0 && payer === 'owners') breakdown.push({ label: `Gear for about ${n} recruits`, value: gearFor(db, x.design, n) })
      if (o.repair) {
        const hp = hullParts(db, x)
        const crew = crewWork(db, x, 1)
        const pts = Math.min(r.portPointsPerWeek, hp.repairable - crew.hull + x.row.rigging_damage - crew.rigging)
        if (pts > 0) breakdown.push({ label: `Yard repairs: ${pts} points × ${r.portCostPerPoint}`, value: pts * r.portCostPerPoint })
      }
      const k = careeningOf(db, x, currentDay(db))
      if (o.careen && k.due - currentDay(db) <= 7) {
        breakdown.push({ label: 'Careening', value: Math.round((hullStats(getRule(db, 'shipHulls'), x.design.hull).baseCost * k.rules.portFeePercent) / 100) })
      }
    }
    return {
      shipId: s.shipId,
      name: s.name,
      friendly: s.friendly,
      hands: x.row.crew,
      orders: o,
      week: { total: breakdown.reduce((n, t) => n + t.value, 0), breakdown },
      month: { total: m.total, payer }
    }
  })
  return { port, ships }
}

/** Standing orders in port (order 200): careen when due, keep provisions, recruit and press, yard repairs. */
export function portWork(db: Db, day: number, dice: () => DiceBox, effect: (t: string) => void, quotes = new Map<string, ShipQuote>()): void {
  const allowDebt = allowDebtOf(db)
  const up = getRule(db, 'crewUpkeep')
  const currency = currencyOf(db)
  const rows = stmt(
    db,
    `SELECT s.id FROM ship s JOIN ship_company c ON c.ship_id = s.id WHERE s.status = 'port' AND c.orders <> '{}' ORDER BY s.id`
  ).all() as { id: number }[]
  for (const { id } of rows) {
    let x = ctxOf(db, id, quotes)
    const o = ordersOf(x.c)
    const place = placeOf(db, x.row, x.c)
    if (!place.friendly) {
      if (o.recruit || o.pressGang || o.repair || o.careen || o.provisionMonths) effect(`The ${x.row.name}: ${place.portName} is not friendly, so her standing orders wait`)
      continue
    }
    const refusal = (e: unknown) => (e instanceof CommandError && e.code === 'rule' ? e.message : null)

    // Careen when due within the week, or overdue.
    if (o.careen && !(x.c.careening_until !== null && x.c.careening_until > day)) {
      const k = careeningOf(db, x, day)
      if (k.due - day <= 7) {
        try {
          const out = careenShip(db, { shipId: id, where: 'port' }, allowDebt, 'clock.advance')
          effect(`The ${x.row.name} careened in ${place.portName ?? 'port'} for ${fmt(out.cost)} ${currency}, until ${out.condition.careening.untilLabel}`)
        } catch (e) {
          const why = refusal(e)
          if (why === null) throw e
          effect(`The ${x.row.name} was not careened: ${why}`)
        }
        x = ctxOf(db, id, quotes)
      }
    }

    // Recruiting and press gangs: 1k1+2 each, up to the target, gear charged.
    if (o.recruit || o.pressGang) {
      const counted = () => x.row.crew + x.officers.filter((f) => f.kind === 'npc').length
      const target = Math.min(x.quote.derived.maxCrew, o.recruitUpTo === null ? Infinity : o.recruitUpTo + x.officers.filter((f) => f.kind === 'npc').length)
      if (counted() < target) {
        const rolls: string[] = []
        let n = 0
        if (o.recruit) {
          const r = dice().roll(up.recruitDice, `${x.row.name}: recruits this week`)
          n += r.total
          rolls.push(`recruited ${r.total} (${up.recruitDice}: ${r.faces.join(', ')})`)
        }
        if (o.pressGang) {
          const r = dice().roll(up.pressGangDice, `${x.row.name}: shanghaied by press gangs this week`)
          n += r.total
          rolls.push(`press gangs ${r.total} (${up.pressGangDice}: ${r.faces.join(', ')})`)
        }
        const take = Math.max(0, Math.min(n, target - counted()))
        // This week's roll is the week's: what is not signed on now may be by hand later in the week.
        const found: RecruitWeek = { week: weekStartOf(db, day), recruited: o.recruit, pressed: o.pressGang, left: n - take, rolls: rolls }
        const gear = gearFor(db, x.design, take)
        try {
          const paid = chargeCrewCost(db, x, gear, {
            memo: `Gear for ${plural(take, 'new hand')} of the ${x.row.name}`,
            command: 'clock.advance',
            mode: 'refuse',
            allowDebt,
            what: `the gear of ${plural(take, 'new hand')}`,
            cost: { kind: 'gear' }
          })
          stmt(db, `UPDATE ship SET crew = crew + ? WHERE id = ?`).run(take, id)
          setCompany(db, id, { recruits: JSON.stringify(found) })
          const pay = paid.payer === 'government' ? 'by the government' : paid.payer === 'booty' ? 'owed from the next booty' : `paid by ${listing(paid.charged.filter((c) => c.amount).map((c) => `${c.name} ${fmt(c.amount)}`)) || 'nobody'}`
          const capped = take < n ? ` (room for ${take})` : ''
          effect(`The ${x.row.name}: ${rolls.join(', ')}; ${plural(take, 'hand')} signed on${capped}, now ${x.row.crew + take}; gear ${fmt(gear)} ${currency} ${pay}`)
          if (take > 0) addShipEvent(db, id, day, `Signed on ${plural(take, 'hand')} by ${o.recruit && o.pressGang ? 'recruiting and press gangs' : o.recruit ? 'recruiting' : 'press gangs'}`)
        } catch (e) {
          const why = refusal(e)
          if (why === null) throw e
          effect(`The ${x.row.name}: ${rolls.join(', ')}, but none signed on: ${why}`)
        }
        x = ctxOf(db, id, quotes)
      }
    }

    // Keep provisions for so many months.
    if (o.provisionMonths > 0) {
      const eaters = x.row.crew + x.officers.length
      const wpm = weeksPerMonthOf(db, x.design)
      const want = eaters * o.provisionMonths * wpm
      if (eaters > 0 && x.c.provisions < want) {
        const crewMonths = Math.ceil((want - x.c.provisions) / wpm)
        const cost = crewMonths * up.foodPerCrewMonth
        try {
          requireFoodRoom(db, x, 'provisionMonths')
          const paid = chargeCrewCost(db, x, cost, {
            memo: `Provisions for the ${x.row.name} (${crewMonths} crew-months)`,
            command: 'clock.advance',
            mode: 'refuse',
            allowDebt,
            what: 'provisions',
            cost: { kind: 'provisions' }
          })
          setCompany(db, id, { provisions: companyOf(db, id).provisions + crewMonths * wpm })
          effect(`The ${x.row.name} took on provisions: ${crewMonths} crew-months for ${fmt(cost)} ${currency}${paid.payer === 'government' ? ', paid by the government' : paid.payer === 'booty' ? ', owed from the next booty' : ''}`)
        } catch (e) {
          const why = refusal(e)
          if (why === null) throw e
          effect(`The ${x.row.name} took on no provisions: ${why}`)
        }
        x = ctxOf(db, id, quotes)
      }
    }

    // The yard repairs what the crew cannot (the crew's own work is the next step).
    if (o.repair) {
      const hp = hullParts(db, x)
      if (hp.repairable > 0 || x.row.rigging_damage > 0) {
        const crew = crewWork(db, x, 1)
        const yard = yardWork(db, x, 1, crew)
        if (yard.hull + yard.rigging > 0) {
          const r = getRule(db, 'shipRepairs')
          const cost = (yard.hull + yard.rigging) * r.portCostPerPoint
          try {
            chargeOwners(db, id, cost, {
              memo: `Repairs to the ${x.row.name} in ${place.portName ?? 'port'}: ${yard.hull + yard.rigging} points × ${r.portCostPerPoint}`,
              command: 'clock.advance',
              mode: 'refuse',
              allowDebt,
              what: 'the yard’s repairs'
            })
            // The yard takes the port's part first; the crew's week of work is the next step.
            applyHull(db, x, 0, yard.hull, yard.rigging)
            tally(id, { hullByYard: yard.hull, riggingByYard: yard.rigging, cost })
            effect(`The ${x.row.name}: the yard repaired ${workText(yard.hull, yard.rigging)} for ${fmt(cost)} ${currency}`)
          } catch (e) {
            const why = refusal(e)
            if (why === null) throw e
            effect(`The ${x.row.name}: no yard repairs this week: ${why}`)
          }
        }
      }
    }
  }
}
registerPeriodicStep({ id: 'ship-port-work', title: 'Standing orders in port', every: 'week', order: 200, run: ({ db, day, dice, effect, quotes }) => portWork(db, day, dice, effect, quotes) })
