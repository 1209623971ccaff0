import { CommandError } from '../../shared/errors'
import { stmt, type Db } from '../campaign/sqlite'
import { currentDay } from '../campaign-core/clock-state'
import { companyOf } from './ship-state'
import { requireShip } from './shipyard'
import { potBalance } from '../campaign-core/ledger'

/**
 * Prizes and their captors; the booty pot's entries (issue 8; seed 003 VII "Of the Rewards of a
 * Pirate's Life": "When a pirate or privateer successfully takes a ship or coastal town, there may be
 * booty … Cargo may be sold at pirate haven, for normal prices").
 *
 * Readings:
 * - A prize knows the ship that took her (table prize_captor): concluding a battle records the
 *   campaign ship of the capturing side that was grappled with her (else the first of that side);
 *   the GM may change or clear it (`booty.setCaptor`).
 * - Whose booty a ship's cargo is when sold outside a trading venture (`bootyShipOf`): a prize of a
 *   pirate or privateer is her captor's booty; the cargo of a pirate or privateer herself (a town's
 *   plunder, a prize's cargo moved aboard) is her own booty; anything else is no booty (the ship's
 *   owners are paid, as for merchantmen and naval ships).
 * - The money of a booty pot is the pot's own ledger account (account 'booty' of the ship, issue 16
 *   point 2), not her owners' cash, so nothing an owner buys can spend it: a booty entry (+) is
 *   booked with the ledger transaction paying into the pot, and a division or the GM's withdrawal
 *   (−) with the one paying out of it (booty.ts). The entries are the pot's history; what it holds
 *   is read from the ledger.
 */

export const isBootyKind = (kind: string) => kind === 'pirate' || kind === 'privateer'

export interface ShipRef {
  shipId: number
  name: string
  kind: string
}

function refOf(db: Db, shipId: number): ShipRef {
  return { shipId, name: requireShip(db, shipId).name, kind: companyOf(db, shipId).kind }
}

/** The ship recorded as having taken this one (null: none recorded). */
export function captorOf(db: Db, shipId: number): (ShipRef & { battleId: number | null; day: number }) | null {
  const r = stmt(db, `SELECT captor_id AS captorId, battle_id AS battleId, day FROM prize_captor WHERE ship_id = ?`).get(shipId) as
    | { captorId: number; battleId: number | null; day: number }
    | undefined
  return r ? { ...refOf(db, r.captorId), battleId: r.battleId, day: r.day } : null
}

/** The prizes this ship took, newest first. */
export function prizesOf(db: Db, captorId: number): { shipId: number; name: string; status: string }[] {
  return stmt(
    db,
    `SELECT s.id AS shipId, s.name, s.status FROM prize_captor pc JOIN ship s ON s.id = pc.ship_id WHERE pc.captor_id = ? ORDER BY pc.day DESC, s.id DESC`
  ).all(captorId) as { shipId: number; name: string; status: string }[]
}

/** Record (or with null clear) the ship that took a prize. */
export function recordCaptor(db: Db, shipId: number, captorId: number | null, battleId: number | null = null): void {
  if (captorId === null) {
    stmt(db, `DELETE FROM prize_captor WHERE ship_id = ?`).run(shipId)
    return
  }
  stmt(
    db,
    `INSERT INTO prize_captor (ship_id, captor_id, battle_id, day) VALUES (?, ?, ?, ?)
     ON CONFLICT(ship_id) DO UPDATE SET captor_id = excluded.captor_id, battle_id = excluded.battle_id, day = excluded.day`
  ).run(shipId, captorId, battleId, currentDay(db))
}

/** `booty.setCaptor`: the GM names (or clears) the ship that took a prize. */
export function setCaptor(db: Db, input: { shipId: number; captorId: number | null }) {
  const ship = requireShip(db, input.shipId)
  if (input.captorId !== null) {
    if (input.captorId === ship.id) throw new CommandError('invalid_input', `captorId: the ${ship.name} cannot have taken herself.`, { field: 'captorId' })
    const captor = stmt(db, `SELECT id FROM ship WHERE id = ?`).get(input.captorId)
    if (!captor) throw new CommandError('not_found', `captorId: there is no ship with id ${input.captorId}.`, { field: 'captorId' })
    // No rings: the captor must not be (through her own captors) a prize of this ship.
    for (let at: number | null = input.captorId, n = 0; at !== null && n < 1000; n++) {
      const next = stmt(db, `SELECT captor_id AS c FROM prize_captor WHERE ship_id = ?`).get(at) as { c: number } | undefined
      if (next?.c === ship.id) throw new CommandError('rule', `The ${requireShip(db, input.captorId).name} is herself a prize of the ${ship.name}.`, { field: 'captorId' })
      at = next?.c ?? null
    }
  }
  recordCaptor(db, ship.id, input.captorId)
  return { shipId: ship.id, shipName: ship.name, captor: captorOf(db, ship.id) }
}

/**
 * Whose booty this ship's cargo is when sold (seed 003 VII): her captor's if she is a prize of a
 * pirate or privateer, her own if she is one, else nobody's (null).
 */
export function bootyShipOf(db: Db, shipId: number): ShipRef | null {
  const captor = captorOf(db, shipId)
  if (captor && isBootyKind(captor.kind)) return { shipId: captor.shipId, name: captor.name, kind: captor.kind }
  const own = companyOf(db, shipId).kind
  return isBootyKind(own) ? refOf(db, shipId) : null
}

/** Book booty into a ship's pot's history (its money is posted to the pot's account in the same write). */
export function addToPot(db: Db, shipId: number, amount: number, memo: string): void {
  if (amount !== 0) stmt(db, `INSERT INTO booty_entry (ship_id, day, amount, memo) VALUES (?, ?, ?, ?)`).run(shipId, currentDay(db), amount, memo)
}

export const potOf = (db: Db, shipId: number) => potBalance(db, shipId)
