import { dateOf } from '../../shared/calendar'
import type { Company } from '../../shared/commands/trade'
import type { DiceBox, Term } from '../../shared/dice/roll'
import { CommandError } from '../../shared/errors'
import { maxShares, suggestSharePrice, type SplitOut } from '../../shared/trade/rules'
import { stmt, type Db } from '../campaign/sqlite'
import { registerPeriodicStep } from '../campaign-core/clock'
import { calendarOf, currentDay, labelOf } from '../campaign-core/clock-state'
import { currencyOf } from '../campaign-core/currency'
import { balance, post, requireFunds, requireOwner, WORLD_OWNER_ID } from '../campaign-core/ledger'
import { getPerson, personByOwner } from '../campaign-core/people'
import { getRule } from '../campaign-core/rules'
import { addShipEvent, requireShip } from './shipyard'

/**
 * Joint-stock companies (issue 8; seed 003 VIII "Of Sea Trade").
 *
 * Readings:
 * - A company is an owner (owner.kind 'company'): its treasury is that owner's cash; it can own ships
 *   (ship_owner) and pay for cargo.
 * - Charter: only at a major port (port.major; a continental city or a colonial port alike). The
 *   applicant rolls (Panache + Oratory) keep Panache — the seed names no trait, the companyCharter
 *   table says which — against the official's Wits keep Wits (2 by default). Tens explode. The
 *   official is the defender: a tie goes to the official. On a failure the company waits, status
 *   'applying', until `companies.buyCharter` (1,500 G; 2,000 G at a colonial port).
 * - Banker: a founder who has Accounting keeps the books for nothing; otherwise (or when the GM
 *   marks one hired) a hired banker takes 5% of the profits out of the owners' share — paid to the
 *   named banker, else to the outside world.
 * - Shares: each is 1% of the profits of every voyage of the company's ships (scaled by the
 *   company's share of a jointly owned ship). The first offering sells at the starting price (500 G)
 *   with no monthly limit until the first voyage of the company closes; after that shares are sold
 *   and bought back at the GM's price within the month's allowance (1K1, rolled by the monthly step
 *   'share-allowance', order 150; rolled on first use in a month if the step has not run; unused
 *   allowance lapses). At most 45 shares (40 with a hired banker) can be out.
 */

interface CompanyRow {
  id: number
  owner_id: number
  port_id: number | null
  status: 'applying' | 'chartered'
  charter_how: 'granted' | 'bought' | 'none'
  charter_cost: number
  charter_roll: string | null
  created_day: number
  chartered_day: number | null
  banker_person_id: number | null
  banker_hired: number
  share_price: number
  offering: number
}

const fmt = (n: number) => n.toLocaleString('en')

export function requireCompany(db: Db, companyId: number): CompanyRow {
  const r = stmt(db, `SELECT * FROM company WHERE id = ?`).get(companyId) as CompanyRow | undefined
  if (!r) throw new CommandError('not_found', `There is no company with id ${companyId}.`, { field: 'companyId' })
  return r
}
const companyByOwner = (db: Db, ownerId: number) => stmt(db, `SELECT * FROM company WHERE owner_id = ?`).get(ownerId) as CompanyRow | undefined
const nameOf = (db: Db, c: CompanyRow) => requireOwner(db, c.owner_id).name

/** The company that owns (part of) a ship, if any (the largest share). */
export function companyForShip(db: Db, shipId: number): CompanyRow | null {
  return (
    (stmt(db, `SELECT c.* FROM ship_owner so JOIN company c ON c.owner_id = so.owner_id WHERE so.ship_id = ? ORDER BY so.share DESC LIMIT 1`).get(shipId) as
      | CompanyRow
      | undefined) ?? null
  )
}

function founders(db: Db, companyId: number) {
  return stmt(db, `SELECT f.owner_id AS ownerId, o.name FROM company_founder f JOIN owner o ON o.id = f.owner_id WHERE f.company_id = ? ORDER BY f.position`).all(
    companyId
  ) as { ownerId: number; name: string }[]
}

function shareholders(db: Db, companyId: number) {
  return stmt(
    db,
    `SELECT s.owner_id AS ownerId, o.name, s.shares FROM company_share s JOIN owner o ON o.id = s.owner_id WHERE s.company_id = ? ORDER BY s.shares DESC, o.name`
  ).all(companyId) as { ownerId: number; name: string; shares: number }[]
}
const sharesOut = (db: Db, companyId: number) =>
  (stmt(db, `SELECT COALESCE(SUM(shares), 0) AS n FROM company_share WHERE company_id = ?`).get(companyId) as { n: number }).n

/** Who keeps the books: a founder (or the named banker) with Accounting means no fee; else a hired banker. */
function bankerOf(db: Db, c: CompanyRow): { hired: boolean; personId: number | null; ownerId: number; name: string | null; note: string } {
  const knack = getRule(db, 'companyCharter').bankerKnack
  const named = c.banker_person_id !== null ? getPerson(db, c.banker_person_id) : null
  if (c.banker_hired === 1) {
    return {
      hired: true,
      personId: named?.id ?? null,
      ownerId: named?.ownerId ?? WORLD_OWNER_ID,
      name: named?.name ?? null,
      note: named ? `${named.name}, hired` : 'A hired banker (paid to the outside world)'
    }
  }
  if (named && (named.knacks[knack] ?? 0) >= 1) return { hired: false, personId: named.id, ownerId: named.ownerId, name: named.name, note: `${named.name} keeps the books (${knack})` }
  for (const f of founders(db, c.id)) {
    const p = personByOwner(db, f.ownerId)
    if (p && (p.knacks[knack] ?? 0) >= 1) return { hired: false, personId: p.id, ownerId: p.ownerId, name: p.name, note: `${p.name} keeps the books (${knack})` }
  }
  return { hired: true, personId: null, ownerId: WORLD_OWNER_ID, name: null, note: `No founder has ${knack}: a banker must be hired` }
}

/** For a venture's split: the company among the ship's owners, its hired banker and shareholders. */
export function companyShareInfo(db: Db, shipId: number) {
  const c = companyForShip(db, shipId)
  if (!c) return null
  const b = bankerOf(db, c)
  return {
    ownerId: c.owner_id,
    banker: b.hired ? { ownerId: b.ownerId, name: b.name ?? requireOwner(db, b.ownerId).name } : null,
    shareholders: shareholders(db, c.id)
  }
}

/** A voyage of the company's closed: the first offering ends. */
export function noteVentureClosed(db: Db, companyId: number): void {
  stmt(db, `UPDATE company SET offering = 0 WHERE id = ?`).run(companyId)
}

function monthKey(db: Db, day: number): { key: string; label: string } {
  const d = dateOf(calendarOf(db), day)
  return { key: `${d.year}-${d.month}`, label: `${d.monthName} ${d.year}` }
}

function allowanceRow(db: Db, companyId: number, key: string) {
  return stmt(db, `SELECT rolled, used FROM company_allowance WHERE company_id = ? AND month = ?`).get(companyId, key) as { rolled: number; used: number } | undefined
}

function rollAllowance(db: Db, c: CompanyRow, key: string, dice: () => DiceBox): { rolled: number; used: number } {
  const have = allowanceRow(db, c.id, key)
  if (have) return have
  const t = getRule(db, 'shareTrading')
  const rolled = dice().roll(t.monthlyAllowance, `${nameOf(db, c)}: shares that may change hands this month`).total
  stmt(db, `INSERT INTO company_allowance (company_id, month, rolled, used) VALUES (?, ?, ?, 0)`).run(c.id, key, rolled)
  return { rolled, used: 0 }
}

function useAllowance(db: Db, c: CompanyRow, count: number, dice: () => DiceBox) {
  const { key, label } = monthKey(db, currentDay(db))
  const a = rollAllowance(db, c, key, dice)
  if (a.used + count > a.rolled) {
    const left = Math.max(0, a.rolled - a.used)
    const s = (n: number) => `${n} share${n === 1 ? '' : 's'}`
    throw new CommandError(
      'rule',
      `${nameOf(db, c)} may trade only ${s(a.rolled)} in ${label} (the month's 1K1); ${a.used} ${a.used === 1 ? 'has' : 'have'} changed hands, so ${left} ${left === 1 ? 'is' : 'are'} left, not ${count}. ` +
        `Unused shares do not carry over: a new allowance is rolled on the first of next month.`,
      { rolled: a.rolled, used: a.used, left, asked: count, month: label }
    )
  }
  stmt(db, `UPDATE company_allowance SET used = used + ? WHERE company_id = ? AND month = ?`).run(count, c.id, key)
}

function recordPrice(db: Db, companyId: number, price: number, note: string) {
  stmt(db, `INSERT INTO company_price (company_id, day, price, note) VALUES (?, ?, ?, ?)`).run(companyId, currentDay(db), price, note)
}

function voyageProfits(db: Db, companyId: number): { id: number; ship_id: number; closed_day: number; profit: number; split: string | null }[] {
  return stmt(db, `SELECT id, ship_id, closed_day, profit, split FROM trade_venture WHERE company_id = ? AND status = 'closed' ORDER BY closed_day, id`).all(
    companyId
  ) as { id: number; ship_id: number; closed_day: number; profit: number; split: string | null }[]
}

export function companyView(db: Db, companyId: number): Company {
  const c = requireCompany(db, companyId)
  const label = labelOf(db)
  const owner = requireOwner(db, c.owner_id)
  const port = c.port_id !== null ? (stmt(db, `SELECT name FROM port WHERE id = ?`).get(c.port_id) as { name: string } | undefined) : undefined
  const split = getRule(db, 'profitSplit')
  const trading = getRule(db, 'shareTrading')
  const b = bankerOf(db, c)
  const holders = shareholders(db, c.id)
  const out = holders.reduce((n, h) => n + h.shares, 0)
  const ships = stmt(db, `SELECT s.id AS shipId, s.name, so.share FROM ship_owner so JOIN ship s ON s.id = so.ship_id WHERE so.owner_id = ? ORDER BY s.name`).all(
    c.owner_id
  ) as { shipId: number; name: string; share: number }[]
  const voyages = voyageProfits(db, c.id)
  const { key, label: monthLabel } = monthKey(db, currentDay(db))
  const a = allowanceRow(db, c.id, key)
  const history = stmt(db, `SELECT day, price, note FROM company_price WHERE company_id = ? ORDER BY id`).all(c.id) as { day: number; price: number; note: string }[]
  const shipName = (id: number) => requireShip(db, id).name
  return {
    id: c.id,
    ownerId: c.owner_id,
    name: owner.name,
    portId: c.port_id,
    portName: port?.name ?? null,
    status: c.status,
    charterCost: c.charter_cost,
    treasury: balance(db, c.owner_id).cash,
    sharePrice: c.share_price,
    sharesOut: out,
    ships: ships.length,
    charteredDay: c.chartered_day,
    charteredLabel: c.chartered_day === null ? null : label(c.chartered_day),
    charterHow: c.charter_how,
    charterRoll: c.charter_roll ? JSON.parse(c.charter_roll) : null,
    founders: founders(db, c.id),
    banker: { personId: b.personId, name: b.name, percent: b.hired ? split.banker : 0, note: b.note },
    shipsOwned: ships,
    shareholders: holders.map((h) => ({ ...h, percent: h.shares })),
    offering: c.offering === 1,
    allowance: { month: monthLabel, rolled: a?.rolled ?? null, used: a?.used ?? 0, left: a ? Math.max(0, a.rolled - a.used) : null },
    maxShares: maxShares(split, b.hired),
    ventures: voyages
      .slice()
      .reverse()
      .map((v) => ({
        id: v.id,
        shipName: shipName(v.ship_id),
        closedLabel: label(v.closed_day),
        profit: v.profit,
        split: v.split ? (JSON.parse(v.split) as { lines: SplitOut[] }).lines : [],
        voyages: stmt(db, `SELECT v.id AS voyageId, v.name FROM venture_voyage vv JOIN voyage v ON v.id = vv.voyage_id WHERE vv.venture_id = ? ORDER BY v.id`).all(v.id) as {
          voyageId: number
          name: string
        }[]
      })),
    priceHistory: history.map((h) => ({ ...h, label: label(h.day) })),
    suggestedPrice: suggestSharePrice(trading, voyages.map((v) => v.profit), c.share_price)
  }
}

export function listCompanies(db: Db) {
  const ids = stmt(db, `SELECT c.id FROM company c JOIN owner o ON o.id = c.owner_id ORDER BY o.name COLLATE NOCASE`).all() as { id: number }[]
  return ids.map(({ id }) => {
    const v = companyView(db, id)
    return {
      id: v.id,
      ownerId: v.ownerId,
      name: v.name,
      portId: v.portId,
      portName: v.portName,
      status: v.status,
      charterCost: v.charterCost,
      treasury: v.treasury,
      sharePrice: v.sharePrice,
      sharesOut: v.sharesOut,
      ships: v.ships
    }
  })
}

// ─── Charter ────────────────────────────────────────────────────────────────────────────────────

export function charterCompany(
  db: Db,
  input: { name: string; portId: number; founders: number[]; applicantId?: number; officialWits?: number },
  dice: () => DiceBox
) {
  const port = stmt(db, `SELECT id, name, major, colonial FROM port WHERE id = ?`).get(input.portId) as
    | { id: number; name: string; major: number; colonial: number }
    | undefined
  if (!port) throw new CommandError('not_found', `portId: there is no port with id ${input.portId}.`, { field: 'portId' })
  if (port.major !== 1) {
    throw new CommandError('rule', `Charters are granted only at a major city of the continent or a major colonial port; ${port.name} is not major.`, { portId: port.id })
  }
  const uniq = [...new Set(input.founders)]
  for (const [i, id] of uniq.entries()) {
    const o = stmt(db, `SELECT kind FROM owner WHERE id = ?`).get(id) as { kind: string } | undefined
    if (!o) throw new CommandError('not_found', `founders.${i}: there is no owner with id ${id}.`, { field: `founders.${i}` })
    if (o.kind !== 'character') throw new CommandError('invalid_input', `founders.${i}: founders are characters.`, { field: `founders.${i}` })
  }
  const applicantOwner = input.applicantId ?? uniq[0]!
  if (!uniq.includes(applicantOwner)) throw new CommandError('invalid_input', 'applicantId: the applicant must be one of the founders.', { field: 'applicantId' })
  const applicant = personByOwner(db, applicantOwner)!
  const t = getRule(db, 'companyCharter')
  const trait = applicant.traits[t.trait]
  const knack = applicant.knacks[t.knack] ?? 0
  const wits = input.officialWits ?? t.officialWits
  const a = dice().roll({ kind: 'keep', roll: trait + knack, keep: Math.max(1, trait), explode: true, modifier: 0 }, `Charter: ${applicant.name}'s ${t.knack} (${t.trait})`)
  const o = dice().roll({ kind: 'keep', roll: wits, keep: wits, explode: true, modifier: 0 }, `Charter: the official's Wits ${wits}`)
  const success = a.total > o.total
  const applicantBreakdown: Term[] = [
    { label: `${t.trait} ${trait} (dice kept)`, value: trait },
    { label: `${t.knack} ${knack} (extra dice)`, value: knack },
    { label: `rolled ${trait + knack}k${trait}: ${a.breakdown[0]!.label}`, value: a.total }
  ]
  const roll = { applicant: applicant.name, applicantTotal: a.total, applicantBreakdown, officialWits: wits, officialTotal: o.total, success }
  const ownerId = Number(stmt(db, `INSERT INTO owner (kind, name) VALUES ('company', ?)`).run(input.name).lastInsertRowid)
  const day = currentDay(db)
  const cost = port.colonial === 1 ? t.coloniesCost : t.continentCost
  const start = getRule(db, 'shareTrading').startPrice
  const id = Number(
    stmt(
      db,
      `INSERT INTO company (owner_id, port_id, status, charter_how, charter_cost, charter_roll, created_day, chartered_day, share_price)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`
    ).run(ownerId, port.id, success ? 'chartered' : 'applying', success ? 'granted' : 'none', cost, JSON.stringify(roll), day, success ? day : null, start).lastInsertRowid
  )
  uniq.forEach((f, i) => stmt(db, `INSERT INTO company_founder (company_id, owner_id, position) VALUES (?, ?, ?)`).run(id, f, i))
  recordPrice(db, id, start, 'First offering')
  return { company: companyView(db, id), roll }
}

export function buyCharter(db: Db, input: { companyId: number; payerId: number }, opts: { allowDebt: boolean; command: string }) {
  const c = requireCompany(db, input.companyId)
  if (c.status === 'chartered') throw new CommandError('rule', `${nameOf(db, c)} already has its charter.`)
  const payer = requireOwner(db, input.payerId)
  requireFunds(db, payer.id, 'cash', c.charter_cost, opts.allowDebt, currencyOf(db))
  post(db, {
    day: currentDay(db),
    memo: `Charter of ${nameOf(db, c)} bought`,
    command: opts.command,
    lines: [
      { ownerId: payer.id, account: 'cash', amount: -c.charter_cost },
      { ownerId: WORLD_OWNER_ID, account: 'cash', amount: c.charter_cost }
    ]
  })
  stmt(db, `UPDATE company SET status = 'chartered', charter_how = 'bought', chartered_day = ? WHERE id = ?`).run(currentDay(db), c.id)
  return companyView(db, c.id)
}

const requireChartered = (db: Db, c: CompanyRow, doing: string) => {
  if (c.status !== 'chartered') throw new CommandError('rule', `${nameOf(db, c)} has no charter yet: it can ${doing} once the charter is granted or bought.`)
}

export function updateCompany(db: Db, input: { companyId: number; name?: string; bankerId?: number | null; bankerHired?: boolean }) {
  const c = requireCompany(db, input.companyId)
  if (input.name !== undefined) stmt(db, `UPDATE owner SET name = ? WHERE id = ?`).run(input.name, c.owner_id)
  if (input.bankerId !== undefined) {
    if (input.bankerId !== null) getPerson(db, input.bankerId)
    stmt(db, `UPDATE company SET banker_person_id = ? WHERE id = ?`).run(input.bankerId, c.id)
  }
  if (input.bankerHired !== undefined) stmt(db, `UPDATE company SET banker_hired = ? WHERE id = ?`).run(input.bankerHired ? 1 : 0, c.id)
  const b = bankerOf(db, requireCompany(db, c.id))
  const max = maxShares(getRule(db, 'profitSplit'), b.hired)
  if (sharesOut(db, c.id) > max) throw new CommandError('rule', `With a hired banker at most ${max} shares may be out; ${sharesOut(db, c.id)} are.`)
  return companyView(db, c.id)
}

export function addShipToCompany(db: Db, input: { companyId: number; shipId: number }) {
  const c = requireCompany(db, input.companyId)
  requireChartered(db, c, 'own ships')
  const ship = requireShip(db, input.shipId)
  if (ship.status === 'sunk' || ship.status === 'sold' || ship.status === 'scuttled') throw new CommandError('rule', `The ${ship.name} is ${ship.status}.`)
  const open = stmt(db, `SELECT id FROM trade_venture WHERE ship_id = ? AND status = 'open'`).get(ship.id)
  if (open) throw new CommandError('rule', `The ${ship.name} has an open trading voyage: close it before she changes owners.`)
  stmt(db, `DELETE FROM ship_owner WHERE ship_id = ?`).run(ship.id)
  stmt(db, `INSERT INTO ship_owner (ship_id, owner_id, share) VALUES (?, ?, 100)`).run(ship.id, c.owner_id)
  addShipEvent(db, ship.id, currentDay(db), `Passed to ${nameOf(db, c)}`)
  return companyView(db, c.id)
}

export function depositCompany(db: Db, input: { companyId: number; ownerId: number; amount: number }, opts: { allowDebt: boolean; command: string }) {
  const c = requireCompany(db, input.companyId)
  const o = requireOwner(db, input.ownerId)
  if (o.id === c.owner_id) throw new CommandError('invalid_input', 'ownerId: the company cannot pay itself.', { field: 'ownerId' })
  const from = input.amount > 0 ? o.id : c.owner_id
  const to = input.amount > 0 ? c.owner_id : o.id
  const amount = Math.abs(input.amount)
  requireFunds(db, from, 'cash', amount, opts.allowDebt, currencyOf(db))
  post(db, {
    day: currentDay(db),
    memo: input.amount > 0 ? `${o.name} pays into ${nameOf(db, c)}` : `${nameOf(db, c)} pays out to ${o.name}`,
    command: opts.command,
    lines: [
      { ownerId: from, account: 'cash', amount: -amount },
      { ownerId: to, account: 'cash', amount }
    ]
  })
  return companyView(db, c.id)
}

export function sellShares(db: Db, input: { companyId: number; buyerId: number; count: number }, opts: { dice: () => DiceBox; allowDebt: boolean; command: string }) {
  const c = requireCompany(db, input.companyId)
  requireChartered(db, c, 'sell shares')
  const buyer = requireOwner(db, input.buyerId)
  if (buyer.id === c.owner_id || buyer.kind === 'world') throw new CommandError('invalid_input', 'buyerId: shares are sold to characters or other companies.', { field: 'buyerId' })
  const b = bankerOf(db, c)
  const max = maxShares(getRule(db, 'profitSplit'), b.hired)
  const out = sharesOut(db, c.id)
  if (out + input.count > max) {
    throw new CommandError('rule', `${nameOf(db, c)} may have at most ${max} shares out (the owners' share${b.hired ? ' less the banker' : ''}); ${out} are, so ${max - out} can be sold.`)
  }
  const price = c.offering === 1 ? getRule(db, 'shareTrading').startPrice : c.share_price
  if (c.offering !== 1) useAllowance(db, c, input.count, opts.dice)
  const total = price * input.count
  requireFunds(db, buyer.id, 'cash', total, opts.allowDebt, currencyOf(db))
  post(db, {
    day: currentDay(db),
    memo: `${input.count} share${input.count === 1 ? '' : 's'} of ${nameOf(db, c)} sold to ${buyer.name} at ${fmt(price)}`,
    command: opts.command,
    lines: [
      { ownerId: buyer.id, account: 'cash', amount: -total },
      { ownerId: c.owner_id, account: 'cash', amount: total }
    ]
  })
  stmt(db, `INSERT INTO company_share (company_id, owner_id, shares) VALUES (?, ?, ?) ON CONFLICT(company_id, owner_id) DO UPDATE SET shares = shares + excluded.shares`).run(
    c.id,
    buyer.id,
    input.count
  )
  return { company: companyView(db, c.id), price, total }
}

export function buyBackShares(db: Db, input: { companyId: number; sellerId: number; count: number }, opts: { dice: () => DiceBox; allowDebt: boolean; command: string }) {
  const c = requireCompany(db, input.companyId)
  const seller = requireOwner(db, input.sellerId)
  const held = (stmt(db, `SELECT shares FROM company_share WHERE company_id = ? AND owner_id = ?`).get(c.id, seller.id) as { shares: number } | undefined)?.shares ?? 0
  if (held < input.count) throw new CommandError('rule', `${seller.name} holds ${held} share${held === 1 ? '' : 's'} of ${nameOf(db, c)}, not ${input.count}.`)
  useAllowance(db, c, input.count, opts.dice)
  const price = c.share_price
  const total = price * input.count
  requireFunds(db, c.owner_id, 'cash', total, opts.allowDebt, currencyOf(db))
  post(db, {
    day: currentDay(db),
    memo: `${nameOf(db, c)} buys back ${input.count} share${input.count === 1 ? '' : 's'} from ${seller.name} at ${fmt(price)}`,
    command: opts.command,
    lines: [
      { ownerId: c.owner_id, account: 'cash', amount: -total },
      { ownerId: seller.id, account: 'cash', amount: total }
    ]
  })
  if (held === input.count) stmt(db, `DELETE FROM company_share WHERE company_id = ? AND owner_id = ?`).run(c.id, seller.id)
  else stmt(db, `UPDATE company_share SET shares = shares - ? WHERE company_id = ? AND owner_id = ?`).run(input.count, c.id, seller.id)
  return { company: companyView(db, c.id), price, total }
}

export function setSharePrice(db: Db, input: { companyId: number; price: number; note: string }) {
  const c = requireCompany(db, input.companyId)
  const t = getRule(db, 'shareTrading')
  if (input.price < t.minPrice || input.price > t.maxPrice) {
    throw new CommandError('invalid_input', `price: a share is worth between ${fmt(t.minPrice)} and ${fmt(t.maxPrice)}.`, { field: 'price' })
  }
  stmt(db, `UPDATE company SET share_price = ? WHERE id = ?`).run(input.price, c.id)
  recordPrice(db, c.id, input.price, input.note || 'Set by the GM')
  return companyView(db, c.id)
}

/** The monthly step: each chartered company rolls how many shares may change hands this month. */
export function monthlyShareAllowance(db: Db, day: number, dice: () => DiceBox, effect: (t: string) => void): void {
  const rows = stmt(db, `SELECT * FROM company WHERE status = 'chartered' ORDER BY id`).all() as CompanyRow[]
  if (rows.length === 0) return
  const { key } = monthKey(db, day)
  for (const c of rows) {
    if (allowanceRow(db, c.id, key)) continue
    const a = rollAllowance(db, c, key, dice)
    effect(`${nameOf(db, c)}: ${a.rolled} share${a.rolled === 1 ? '' : 's'} may be sold or bought back this month`)
  }
}

registerPeriodicStep({
  id: 'share-allowance',
  title: 'Share trading allowance (1K1 a month)',
  every: 'month',
  order: 150,
  run: ({ db, day, dice, effect }) => monthlyShareAllowance(db, day, dice, effect)
})

export { companyByOwner }
