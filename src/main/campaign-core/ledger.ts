import type { LedgerTx, Money } from '../../shared/commands/core'
import { CommandError } from '../../shared/errors'
import { stmt, type Db } from '../campaign/sqlite'
import { labelOf } from './clock-state'

/** An owner's own accounts (what it can pay from). */
export type Account = 'cash' | 'shipFund'
/**
 * A line: an owner's cash or ship fund, or a ship's booty pot (account 'booty', `shipId` set; issue
 * 16 point 2), which is kept under the outside world's owner row and which only the division of
 * booty and the GM's explicit withdrawal draw on.
 */
export type Line = { ownerId: number; account: Account; amount: number } | { ownerId: typeof WORLD_OWNER_ID; account: 'booty'; shipId: number; amount: number }

export const WORLD_OWNER_ID = 1

export function requireOwner(db: Db, ownerId: number): { id: number; kind: string; name: string } {
  const o = stmt(db, `SELECT id, kind, name FROM owner WHERE id = ?`).get(ownerId) as
    | { id: number; kind: string; name: string }
    | undefined
  if (!o) throw new CommandError('not_found', `There is no owner with id ${ownerId}.`, { field: 'ownerId' })
  return o
}

/** Post one balanced transaction. Lines must be whole amounts that sum to zero. */
export function post(db: Db, tx: { day: number; memo: string; command: string; lines: Line[] }): number {
  const sum = tx.lines.reduce((n, l) => n + l.amount, 0)
  if (sum !== 0 || tx.lines.some((l) => !Number.isInteger(l.amount))) {
    throw new Error(`Unbalanced ledger transaction (${tx.memo}): lines sum to ${sum}.`)
  }
  const id = Number(
    stmt(db, `INSERT INTO ledger_tx (day, memo, command) VALUES (?, ?, ?)`).run(tx.day, tx.memo, tx.command).lastInsertRowid
  )
  // The lines in one statement (rows inserted in the order given, so the same ids, and the same
  // triggers in the same order, as one statement a line): one statement for each count of lines up to
  // LINES_AT_ONCE, prepared once; a longer transaction in statements of that many.
  const values: unknown[] = []
  for (let i = 0; i < tx.lines.length; i += LINES_AT_ONCE) {
    const chunk = tx.lines.slice(i, i + LINES_AT_ONCE)
    values.length = 0
    for (const l of chunk) values.push(id, l.ownerId, l.account, l.amount, l.account === 'booty' ? l.shipId : null)
    stmt(db, insertLines(chunk.length)).run(...values)
  }
  return id
}

const LINES_AT_ONCE = 8
const insertLinesSql = Array.from({ length: LINES_AT_ONCE + 1 }, (_, n) =>
  `INSERT INTO ledger_line (tx_id, owner_id, account, amount, ship_id) VALUES ${Array.from({ length: n }, () => '(?, ?, ?, ?, ?)').join(', ')}`
)
const insertLines = (n: number): string => insertLinesSql[n]!

/** A pot line: money into (+) or out of (−) a ship's booty pot. */
export const potLine = (shipId: number, amount: number): Line => ({ ownerId: WORLD_OWNER_ID, account: 'booty', shipId, amount })

/** What a ship's booty pot holds (its ledger account). */
export const potBalance = (db: Db, shipId: number): number =>
  (stmt(db, `SELECT COALESCE(SUM(amount), 0) AS n FROM ledger_line WHERE ship_id = ? AND account = 'booty'`).get(shipId) as { n: number }).n

/** Every ship's booty pot that has ever held money, with what it holds now. */
export function pots(db: Db): { shipId: number; shipName: string; pot: number }[] {
  return stmt(
    db,
    `SELECT l.ship_id AS shipId, s.name AS shipName, SUM(l.amount) AS pot FROM ledger_line l JOIN ship s ON s.id = l.ship_id
     WHERE l.account = 'booty' GROUP BY l.ship_id ORDER BY s.name, l.ship_id`
  ).all() as { shipId: number; shipName: string; pot: number }[]
}

export function balance(db: Db, ownerId: number): Money {
  // The running balances the ledger keeps beside its lines (migration 0020): no sum over the owner's history.
  const rows = stmt(db, `SELECT account, total FROM ledger_balance WHERE owner_id = ? AND account <> 'booty'`).all(
    ownerId
  ) as { account: Account; total: number }[]
  const money: Money = { cash: 0, shipFund: 0 }
  for (const r of rows) money[r.account] = r.total
  return money
}

/** Refuse a payment the owner cannot make (the outside world can always pay). */
export function requireFunds(db: Db, ownerId: number, account: Account, amount: number, allowDebt: boolean, currency: string): void {
  if (ownerId === WORLD_OWNER_ID || allowDebt) return
  const have = balance(db, ownerId)[account]
  if (have < amount) {
    const who = requireOwner(db, ownerId).name
    const what = account === 'cash' ? 'cash' : 'ship fund'
    throw new CommandError(
      'rule',
      `${who} has ${have.toLocaleString('en')} ${currency} of ${what} but this needs ${amount.toLocaleString('en')}: ${(amount - have).toLocaleString('en')} short.`,
      { ownerId, account, have, need: amount, shortfall: amount - have }
    )
  }
}

export interface LedgerFilter {
  ownerId?: number
  from?: number
  to?: number
  search?: string
}

function where(f: LedgerFilter): { sql: string; params: unknown[] } {
  const parts: string[] = []
  const params: unknown[] = []
  if (f.ownerId !== undefined) {
    parts.push(`t.id IN (SELECT tx_id FROM ledger_line WHERE owner_id = ?)`)
    params.push(f.ownerId)
  }
  if (f.from !== undefined) {
    parts.push(`t.day >= ?`)
    params.push(f.from)
  }
  if (f.to !== undefined) {
    parts.push(`t.day <= ?`)
    params.push(f.to)
  }
  if (f.search) {
    parts.push(`t.memo LIKE ? ESCAPE '\\'`)
    params.push(`%${f.search.replace(/[\\%_]/g, (c) => '\\' + c)}%`)
  }
  return { sql: parts.length ? `WHERE ${parts.join(' AND ')}` : '', params }
}

export function history(db: Db, f: LedgerFilter & { limit: number; offset: number }): { transactions: LedgerTx[]; total: number } {
  const w = where(f)
  // Filtered by owner alone, the count is the one the ledger keeps per owner (migration 0020), the
  // same number as the owner's distinct transactions: every line belongs to a transaction.
  const ownerOnly = f.ownerId !== undefined && f.from === undefined && f.to === undefined && !f.search
  const total = ownerOnly
    ? ((stmt(db, `SELECT txs FROM ledger_owner_txs WHERE owner_id = ?`).get(f.ownerId) as { txs: number } | undefined)?.txs ?? 0)
    : (db.prepare(`SELECT count(*) AS n FROM ledger_tx t ${w.sql}`).get(...w.params) as { n: number }).n
  // Newest first. Transactions are posted on the clock's current day and the clock only moves
  // forward (undo takes later postings away first), so id order is day order.
  const txs = (
    ownerOnly
      ? // Walk the owner's own index entries backwards: a page costs its own rows, not the owner's history.
        stmt(
          db,
          `SELECT t.id, t.day, t.memo, t.command
           FROM (SELECT DISTINCT tx_id FROM ledger_line WHERE owner_id = ? ORDER BY tx_id DESC LIMIT ? OFFSET ?) x
           JOIN ledger_tx t ON t.id = x.tx_id ORDER BY t.id DESC`
        ).all(f.ownerId, f.limit, f.offset)
      : db.prepare(`SELECT t.id, t.day, t.memo, t.command FROM ledger_tx t ${w.sql} ORDER BY t.id DESC LIMIT ? OFFSET ?`).all(...w.params, f.limit, f.offset)
  ) as { id: number; day: number; memo: string; command: string }[]
  return { transactions: withLines(db, txs), total }
}

function withLines(db: Db, txs: { id: number; day: number; memo: string; command: string }[]): LedgerTx[] {
  if (txs.length === 0) return []
  const label = labelOf(db)
  // A page (up to 100 transactions): one statement a page size, prepared once; an export's chunks as they come.
  const sql = `SELECT l.tx_id AS txId, l.owner_id AS ownerId,
         CASE WHEN l.account = 'booty' THEN 'Booty pot of the ' || s.name ELSE o.name END AS ownerName, l.account, l.amount, l.ship_id AS shipId
       FROM ledger_line l JOIN owner o ON o.id = l.owner_id LEFT JOIN ship s ON s.id = l.ship_id
       WHERE l.tx_id IN (${txs.map(() => '?').join(',')}) ORDER BY l.id`
  const lines = (txs.length <= 100 ? stmt(db, sql) : db.prepare(sql)).all(...txs.map((t) => t.id)) as { txId: number; ownerId: number; ownerName: string; account: Account | 'booty'; amount: number; shipId: number | null }[]
  const byTx = new Map<number, LedgerTx['lines']>()
  for (const { txId, shipId, ...l } of lines) {
    const list = byTx.get(txId) ?? []
    list.push(shipId === null ? l : { ...l, shipId })
    byTx.set(txId, list)
  }
  return txs.map((t) => ({ ...t, dateLabel: label(t.day), lines: byTx.get(t.id) ?? [] }))
}

export function allMatching(db: Db, f: LedgerFilter): LedgerTx[] {
  const w = where(f)
  const txs = db
    .prepare(`SELECT t.id, t.day, t.memo, t.command FROM ledger_tx t ${w.sql} ORDER BY t.id`)
    .all(...w.params) as { id: number; day: number; memo: string; command: string }[]
  const out: LedgerTx[] = []
  for (let i = 0; i < txs.length; i += 500) out.push(...withLines(db, txs.slice(i, i + 500)))
  return out
}

/** Cash after each day on which an owner's cash changed. */
export function series(db: Db, ownerIds: number[]): { ownerId: number; name: string; points: { day: number; cash: number }[] }[] {
  const q = stmt(
    db,
    `SELECT t.day AS day, SUM(SUM(l.amount)) OVER (ORDER BY t.day) AS cash
     FROM ledger_line l JOIN ledger_tx t ON t.id = l.tx_id
     WHERE l.owner_id = ? AND l.account = 'cash'
     GROUP BY t.day ORDER BY t.day`
  )
  return ownerIds.map((id) => ({ ownerId: id, name: requireOwner(db, id).name, points: q.all(id) as { day: number; cash: number }[] }))
}

export function toCsv(rows: (string | number)[][]): string {
  const cell = (v: string | number) => {
    const s = String(v)
    // Quote when needed; a leading = + - @ would be read as a formula by spreadsheets.
    const safe = /^[=+\-@]/.test(s) && typeof v === 'string' ? `'${s}` : s
    return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
  }
  return rows.map((r) => r.map(cell).join(',')).join('\r\n') + '\r\n'
}
