/**
 * Migration 0014_booty_pot_account (issue 16 point 2): a file made before it held each booty pot in
 * its ship's owners' cash. Opening it moves every pot into the pot's own ledger account, out of the
 * owners' cash by their shares, so every transaction still sums to zero and no pot changes.
 */
import { describe, expect, it, vi } from 'vitest'

vi.mock('../../src/main/campaign/migrations', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/main/campaign/migrations')>()
  return { ...real, MIGRATIONS: [...real.MIGRATIONS] }
})

import { makeClock, migrationSessions, shipDesign, withRawDb, type TestSession } from '../helpers'

let t: TestSession
const { shipped, stopBefore, restore } = migrationSessions((s) => (t = s), () => ({ now: makeClock('2026-06-01T12:00:00.000Z').now }))

type Row = Record<string, unknown>
const insert = (db: import('better-sqlite3').Database, table: string, row: Row) => {
  const cols = Object.keys(row)
  db.prepare(`INSERT INTO ${table} (${cols.join(', ')}) VALUES (${cols.map(() => '?').join(', ')})`).run(...cols.map((c) => row[c]))
}

describe("seed 003 VII Of the Rewards of a Pirate's Life, BOOTY: migration 0014 moves existing booty pots into their own accounts", () => {
  it("a pot held in two owners' cash (67 / 33) becomes the pot's account; their cash goes down by their shares and the books balance", async () => {
    // A ship as the current version makes her, to copy into a file of the older schema.
    await t.door.call('campaigns.create', { name: 'Template' })
    const a = await t.door.call('people.create', { name: 'Marcel', kind: 'pc', knacks: {} })
    const b = await t.door.call('people.create', { name: 'Jean', kind: 'pc', knacks: {} })
    await t.door.call('ledger.grant', { ownerId: a.ownerId, amount: 100_000, memo: 'Purse' })
    await t.door.call('ledger.grant', { ownerId: b.ownerId, amount: 100_000, memo: 'Purse' })
    const ship = await t.door.call('ships.commission', { design: shipDesign('corsair'), name: 'Sea Wolf', owners: [{ ownerId: a.ownerId, share: 67 }, { ownerId: b.ownerId, share: 33 }] })
    const tdb = t.session.campaign!.db
    const copy = {
      owner: tdb.prepare(`SELECT * FROM owner WHERE id IN (?, ?)`).all(a.ownerId, b.ownerId) as Row[],
      person: tdb.prepare(`SELECT * FROM person WHERE owner_id IN (?, ?)`).all(a.ownerId, b.ownerId) as Row[],
      ship: tdb.prepare(`SELECT * FROM ship WHERE id = ?`).all(ship.shipId) as Row[],
      ship_owner: tdb.prepare(`SELECT * FROM ship_owner WHERE ship_id = ?`).all(ship.shipId) as Row[]
    }
    await t.door.call('campaigns.close')

    // The older version: without 0014, the ransom of 1,001 paid to the owners' cash (671 / 330) and booked in the pot.
    stopBefore('0014_booty_pot_account')
    const path = (await t.door.call('campaigns.create', { name: 'Old Brethren' })).campaign!.path
    await t.door.call('campaigns.close')
    withRawDb(
      path,
      (db) => {
        for (const [table, rows] of Object.entries(copy)) for (const r of rows) insert(db, table, r)
        insert(db, 'ledger_tx', { id: 1, day: 0, memo: 'Purses', command: 'ledger.grant' })
        insert(db, 'ledger_line', { tx_id: 1, owner_id: 1, account: 'cash', amount: -5_000 })
        insert(db, 'ledger_line', { tx_id: 1, owner_id: a.ownerId, account: 'cash', amount: 5_000 })
        insert(db, 'ledger_tx', { id: 2, day: 0, memo: 'Ransom of Puerto Chico taken by the Sea Wolf', command: 'booty.town' })
        insert(db, 'ledger_line', { tx_id: 2, owner_id: 1, account: 'cash', amount: -1_001 })
        insert(db, 'ledger_line', { tx_id: 2, owner_id: a.ownerId, account: 'cash', amount: 671 })
        insert(db, 'ledger_line', { tx_id: 2, owner_id: b.ownerId, account: 'cash', amount: 330 })
        insert(db, 'booty_entry', { ship_id: ship.shipId, day: 0, amount: 1_001, memo: 'Ransom of Puerto Chico taken by the Sea Wolf' })
      },
      false
    )

    // The current version opens it: 0014 runs.
    restore()
    await t.door.call('campaigns.open', { path })
    expect((await t.door.call('campaign.info')).schemaVersion).toBe(shipped[shipped.length - 1]!.id)
    expect((await t.door.call('booty.get', { shipId: ship.shipId })).pot).toBe(1_001)
    expect(await t.door.call('booty.pots')).toEqual([{ shipId: ship.shipId, shipName: 'Sea Wolf', pot: 1_001 }])
    // 1,001 by 67 / 33: 670.67 and 330.33, the remainder to the larger share: 671 and 330.
    expect((await t.door.call('ledger.balance', { ownerId: a.ownerId })).cash).toBe(5_000)
    expect((await t.door.call('ledger.balance', { ownerId: b.ownerId })).cash).toBe(0)
    const db = t.session.campaign!.db
    expect(db.prepare(`SELECT tx_id, SUM(amount) AS n FROM ledger_line GROUP BY tx_id HAVING n <> 0`).all()).toEqual([])
    const moved = (await t.door.call('ledger.history', { limit: 1 })).transactions[0]!
    expect(moved.memo).toBe("Booty pot of the Sea Wolf moved from her owners' cash into its own account")
    expect(moved.lines.map((l) => [l.ownerName, l.account, l.amount])).toEqual([
      ['Marcel', 'cash', -671],
      ['Jean', 'cash', -330],
      ['Booty pot of the Sea Wolf', 'booty', 1_001]
    ])
    // The pot is drawn on from its account; undo puts it back.
    expect((await t.door.call('booty.withdraw', { shipId: ship.shipId, to: a.ownerId, amount: 1_001, memo: 'Paid out by hand' })).pot).toBe(0)
    await t.door.call('history.undo')
    expect((await t.door.call('booty.get', { shipId: ship.shipId })).pot).toBe(1_001)
  })
})
