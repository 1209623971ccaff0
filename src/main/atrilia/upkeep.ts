import { addMonths, dateOf } from '../../shared/calendar'
import { atrilianUpkeep, upkeepSentence, type AtrilianUpkeepBill } from '../../shared/atrilia/upkeep'
import { fmt } from '../../shared/numbers'
import { stmt, type Db } from '../campaign/sqlite'
import { registerPeriodicStep } from '../campaign-core/clock'
import { calendarOf, currentDay, labelOf } from '../campaign-core/clock-state'
import { currencyOf } from '../campaign-core/currency'
import { balance, post, WORLD_OWNER_ID, type Line } from '../campaign-core/ledger'
import type { UpkeepSummary } from '../../shared/commands/crew'
import { getRule } from '../campaign-core/rules'
import { ventureCrewCost } from '../theah/trade'
import { allowDebtOf, chargeOwners, requireOwnersCanPay } from '../theah/upkeep'
import { addShipEvent, listing, requireShip, shipOwners, splitByShares } from '../theah/shipyard'
import { CommandError } from '../../shared/errors'
import { crewState } from './crew'

/**
 * An Atrilian ship's monthly upkeep (rules guide §3 "Money"; issue 18): on the first of each month the
 * clock (step `atrilian-upkeep`, order 105, beside Théah's 100 which passes Atrilian ships by) charges
 * each Atrilian ship afloat a month's wages and food for her sailors, marines and wizards, by the
 * `upkeepAtrilia` table (the Théah defaults, 1 dinar = 1 guilder), in dinars. Her owners pay by their
 * shares from their cash through the ledger, as Théah's upkeep does; what an owner cannot pay is owed
 * to her crew (`ship_company.owed`, the row her launch made) and said so. The pure bill is
 * src/shared/atrilia/upkeep.ts.
 */

const ATRILIAN_AFLOAT = `SELECT s.id, s.name FROM ship s JOIN atrilian_ship a ON a.ship_id = s.id WHERE s.status IN ('port', 'sea') ORDER BY s.id`

/** The month's bill for her people aboard now, every line with its terms. */
export function upkeepBillOf(db: Db, shipId: number): AtrilianUpkeepBill {
  const s = crewState(db, shipId)
  return atrilianUpkeep(s, getRule(db, 'upkeepAtrilia'), getRule(db, 'voyagesAtrilia').menPerMarinePoint, currencyOf(db))
}

/** What her crew is owed from months her owners could not pay. */
export function owedOf(db: Db, shipId: number): number {
  return (stmt(db, `SELECT owed FROM ship_company WHERE ship_id = ?`).get(shipId) as { owed: number } | undefined)?.owed ?? 0
}

function addOwed(db: Db, shipId: number, amount: number): void {
  if (amount <= 0) return
  stmt(db, `INSERT OR IGNORE INTO ship_company (ship_id) VALUES (?)`).run(shipId)
  stmt(db, `UPDATE ship_company SET owed = owed + ? WHERE ship_id = ?`).run(amount, shipId)
}

/** The first of next month: when the clock next charges the upkeep (today's ran when the clock arrived). */
export function nextUpkeepDay(db: Db, today = currentDay(db)): number {
  const cal = calendarOf(db)
  return addMonths(cal, today - dateOf(cal, today).dayOfMonth + 1, 1)
}

/** The sheet's upkeep: this month's bill with its terms, who pays what, when, and what is owed. */
export function upkeepSheet(db: Db, shipId: number, afloat: boolean) {
  const bill = upkeepBillOf(db, shipId)
  const owners = shipOwners(db, shipId)
  const parts = owners.length && bill.total > 0 ? splitByShares(bill.total, owners.map((o) => o.share)) : owners.map(() => 0)
  const next = nextUpkeepDay(db)
  return {
    ...bill,
    sentence: upkeepSentence(bill, currencyOf(db)),
    /** Charged only while she is afloat (not on the stocks, not lost). */
    charged: afloat,
    nextDay: next,
    nextLabel: labelOf(db)(next),
    owners: owners.filter((o) => o.ownerId !== WORLD_OWNER_ID).map((o) => ({ ownerId: o.ownerId, name: o.name, share: o.share, amount: parts[owners.indexOf(o)]! })),
    owed: owedOf(db, shipId)
  }
}

/** The monthly upkeep of every Atrilian ship afloat (the clock's step on the first of a month). */
export function atrilianMonthlyUpkeep(db: Db, effect: (t: string) => void): void {
  const ships = stmt(db, ATRILIAN_AFLOAT).all() as { id: number; name: string }[]
  if (ships.length === 0) return
  const allowDebt = allowDebtOf(db)
  const currency = currencyOf(db)
  for (const s of ships) {
    const bill = upkeepBillOf(db, s.id)
    if (bill.total === 0) continue
    const money = `wages ${fmt(bill.wages)} and food ${fmt(bill.food)} ${currency}`
    const terms = upkeepSentence(bill, currency)
    const memo = `Monthly upkeep of the ${s.name}: ${money} (${terms})`
    if (shipOwners(db, s.id).length === 0) {
      addOwed(db, s.id, bill.total)
      effect(`The ${s.name}: ${money}; she has no owners to pay it, so ${fmt(bill.total)} ${currency} is owed to the crew (${terms})`)
      continue
    }
    const paid = chargeOwners(db, s.id, bill.total, { memo, command: 'clock.advance', mode: 'owe', allowDebt, what: 'the monthly upkeep' })
    // Wages and food of an open trading voyage go into its accounts, as Théah's do.
    ventureCrewCost(db, s.id, bill.total, { cost: { kind: 'upkeep', wages: bill.wages }, memo }, paid)
    addOwed(db, s.id, paid.unpaid)
    const by = paid.charged.filter((c) => c.amount > 0).map((c) => `${c.name} ${fmt(c.amount)}`)
    effect(
      `The ${s.name}: ${money}` +
        (by.length ? `, paid by ${listing(by)}` : '') +
        (paid.unpaid ? `; ${fmt(paid.unpaid)} ${currency} unpaid, owed to the crew` : '') +
        ` (${terms})`
    )
  }
}

/**
 * The Dashboard's upkeep with the Atrilian ships added (`upkeep.summary`): what each owner pays of each
 * Atrilian ship afloat at the next first of the month, by their shares, and her crew's unpaid wages as
 * a warning. `summary` is Théah's (which passes Atrilian ships by); it is returned with them added.
 */
export function withAtrilianUpkeep(db: Db, summary: UpkeepSummary): UpkeepSummary {
  const ships = stmt(db, ATRILIAN_AFLOAT).all() as { id: number; name: string }[]
  if (ships.length === 0) return summary
  const owners = new Map(summary.owners.map((o) => [o.ownerId, { ...o, ships: [...o.ships] }]))
  const warnings = [...summary.warnings]
  const currency = currencyOf(db)
  for (const s of ships) {
    const bill = upkeepBillOf(db, s.id)
    const os = shipOwners(db, s.id)
    if (bill.total > 0 && os.length) {
      const parts = splitByShares(bill.total, os.map((o) => o.share))
      os.forEach((o, i) => {
        if (o.ownerId === WORLD_OWNER_ID) return
        const e = owners.get(o.ownerId) ?? { ownerId: o.ownerId, name: o.name, cash: balance(db, o.ownerId).cash, due: 0, short: 0, ships: [] }
        e.due += parts[i]!
        e.ships.push({ shipId: s.id, shipName: s.name, share: o.share, amount: parts[i]! })
        owners.set(o.ownerId, e)
      })
    }
    const owed = owedOf(db, s.id)
    if (owed > 0) warnings.push({ shipId: s.id, shipName: s.name, kind: 'owed', severity: 'warning', message: `The crew of the ${s.name} are owed ${fmt(owed)} ${currency} in unpaid wages and food` })
  }
  for (const e of owners.values()) e.short = Math.max(0, e.due - Math.max(0, e.cash))
  return { ...summary, owners: [...owners.values()].sort((a, b) => b.due - a.due || a.ownerId - b.ownerId), warnings }
}

/**
 * Pay what an Atrilian crew is owed (`crew.settle` of an Atrilian ship): her owners by their shares from
 * their cash (refused, naming each owner short, unless debt is allowed), to the outside world (the hands
 * and suppliers), in one ledger transaction.
 */
export function settleAtrilianOwed(db: Db, input: { shipId: number; amount?: number }, allowDebt: boolean) {
  const ship = requireShip(db, input.shipId)
  const owed = owedOf(db, input.shipId)
  const currency = currencyOf(db)
  if (owed <= 0) throw new CommandError('rule', `The ${ship.name}'s crew is owed nothing.`, { field: 'amount' })
  const amount = input.amount ?? owed
  if (amount > owed) {
    throw new CommandError('invalid_input', `amount: the ${ship.name}'s crew is owed ${fmt(owed)} ${currency}, not ${fmt(amount)}.`, {
      field: 'amount',
      issues: [{ field: 'amount', message: `her crew is owed ${fmt(owed)} ${currency}, not ${fmt(amount)}` }]
    })
  }
  requireOwnersCanPay(db, input.shipId, amount, allowDebt, 'what her crew is owed', 'amount')
  const owners = shipOwners(db, input.shipId)
  const parts = splitByShares(amount, owners.map((o) => o.share))
  const memo = `Wages and food owed to the crew of the ${ship.name} settled: ${fmt(amount)} ${currency}`
  const net = new Map<number, number>()
  owners.forEach((o, i) => net.set(o.ownerId, (net.get(o.ownerId) ?? 0) - parts[i]!))
  net.set(WORLD_OWNER_ID, (net.get(WORLD_OWNER_ID) ?? 0) + amount)
  const lines: Line[] = [...net.entries()].filter(([, a]) => a !== 0).map(([ownerId, a]) => ({ ownerId, account: 'cash', amount: a }))
  post(db, { day: currentDay(db), memo, command: 'crew.settle', lines })
  stmt(db, `UPDATE ship_company SET owed = owed - ? WHERE ship_id = ?`).run(amount, input.shipId)
  addShipEvent(db, input.shipId, currentDay(db), memo)
  return {
    amount,
    paidTo: [{ ownerId: WORLD_OWNER_ID, name: 'the hands and suppliers', amount }],
    charged: owners.map((o, i) => ({ ownerId: o.ownerId, name: o.name, amount: parts[i]! })).filter((c) => c.amount > 0),
    roster: null
  }
}

registerPeriodicStep({
  id: 'atrilian-upkeep',
  title: 'Monthly upkeep: wages and food',
  every: 'month',
  order: 105,
  run: ({ db, effect }) => atrilianMonthlyUpkeep(db, effect)
})
