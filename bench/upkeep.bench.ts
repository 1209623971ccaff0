/**
 * `npx vitest bench --run bench/upkeep.bench.ts`: the life of a ship's clock steps (issue 6) for a
 * fleet of 200 crewed ships — merchantmen, naval ships, pirates and privateers, with officers,
 * damage, overdue careenings and standing orders — on a campaign of 200 characters.
 *
 * Each step runs inside a savepoint that is rolled back, so every iteration sees the same fleet.
 * Budget: the monthly steps (upkeep and the careening clock, run once a campaign month inside one
 * clock.advance) for 200 ships in under 250 ms at p99, the weekly steps likewise; upkeep.summary
 * (a Dashboard read) under 100 ms. Measured on the development machine: about 55-90 ms monthly,
 * 100-300 ms weekly with every ship's orders rolling dice, 30-50 ms for the summary.
 */
import Database from 'better-sqlite3'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { bench, describe } from 'vitest'
import { AppSession } from '../src/main/app/session'
import { careeningClock } from '../src/main/theah/careening'
import { crewRepairs } from '../src/main/theah/repairs'
import { monthlyUpkeep, provisionsAtSea } from '../src/main/theah/upkeep'
import { portWork } from '../src/main/theah/standing-orders'
import { openDiceBox } from '../src/main/campaign-core/dice'
import { Door } from '../src/main/door/door'

const SHIPS = 200
const PEOPLE = 200
const home = mkdtempSync(join(tmpdir(), 'qd-upkeep-bench-'))
const session = new AppSession({ home, mode: 'browser', version: 'bench', log: () => undefined })
const door = new Door(session, { checkOutputs: false })
const path = join(session.paths.campaignsDir, 'fleet.quarterdeck')
await session.create(path, 'A Fleet', 'theah', { uuid: '00000000-0000-4000-8000-00000000f1ee', createdAt: '2026-01-01T00:00:00.000Z', seed: 1 })
await session.close()

{
  const raw = new Database(path)
  raw.pragma('foreign_keys = OFF')
  raw.transaction(() => {
    const owner = raw.prepare(`INSERT INTO owner (kind, name) VALUES ('character', ?)`)
    const person = raw.prepare(`INSERT INTO person (owner_id, kind, traits, knacks) VALUES (?, 'npc', '{"Brawn":2,"Finesse":2,"Wits":2,"Resolve":2,"Panache":2}', '{}')`)
    const grant = raw.prepare(`INSERT INTO ledger_tx (day, memo, command) VALUES (0, 'Purse', 'ledger.grant')`)
    const line = raw.prepare(`INSERT INTO ledger_line (tx_id, owner_id, account, amount) VALUES (?, ?, 'cash', ?)`)
    const people: { id: number; ownerId: number }[] = []
    for (let i = 0; i < PEOPLE; i++) {
      const ownerId = Number(owner.run(`Officer ${i + 1}`).lastInsertRowid)
      people.push({ id: Number(person.run(ownerId).lastInsertRowid), ownerId })
      const tx = Number(grant.run().lastInsertRowid)
      line.run(tx, ownerId, 1_000_000)
      line.run(tx, 1, -1_000_000)
    }
    const hulls = ['corsair', 'smallWarship', 'merchantman', 'largeWarship', 'galleon'] as const
    const kinds = ['merchant', 'naval', 'pirate', 'privateer'] as const
    const ship = raw.prepare(
      `INSERT INTO ship (name, design, status, origin, ordered_day, launch_day, cost, hull_damage, rigging_damage, crew, powder_tons) VALUES (?, ?, ?, 'built', 0, 0, 10000, ?, ?, ?, 1)`
    )
    const so = raw.prepare(`INSERT INTO ship_owner (ship_id, owner_id, share) VALUES (?, ?, ?)`)
    const company = raw.prepare(
      `INSERT INTO ship_company (ship_id, kind, marines, provisions, careened_day, orders) VALUES (?, ?, ?, ?, ?, ?)`
    )
    const officer = raw.prepare(`INSERT INTO ship_officer (ship_id, person_id, role, wage, since_day) VALUES (?, ?, ?, ?, 0)`)
    for (let i = 0; i < SHIPS; i++) {
      const hull = hulls[i % hulls.length]!
      const design = { hull, frigate: false, colonial: false, guns: { port: 4, starboard: 4, chasers: 2, stern: 0 }, pontGuns: { port: 0, starboard: 0 }, jollyBoats: 1, powderTons: 1, modifications: {}, flaws: i % 7 === 0 ? { old: true } : {} }
      const id = Number(ship.run(`Ship ${i + 1}`, JSON.stringify(design), i % 3 === 0 ? 'sea' : 'port', i % 5, i % 4, 60 + (i % 30)).lastInsertRowid)
      so.run(id, people[i % PEOPLE]!.ownerId, 60)
      so.run(id, people[(i + 1) % PEOPLE]!.ownerId, 40)
      const orders = i % 2 === 0 ? JSON.stringify({ recruit: true, pressGang: true, recruitUpTo: null, repair: true, careen: false, provisionMonths: 1 }) : '{}'
      company.run(id, kinds[i % kinds.length], 5, (i % 3) * 200, -(i % 9) * 30, orders)
      officer.run(id, people[i % PEOPLE]!.id, 'captain', 60)
    }
    raw.prepare(`UPDATE clock SET day = 365 WHERE id = 1`).run()
  })()
  raw.close()
}
await session.open(path)
const db = session.campaign!.db
const box = () => openDiceBox(db, [], 'app')

function rolledBack(fn: () => void) {
  db.exec('SAVEPOINT bench')
  try {
    fn()
  } finally {
    db.exec('ROLLBACK TO bench')
    db.exec('RELEASE bench')
  }
}

describe(`monthly steps for ${SHIPS} ships`, () => {
  bench('monthly upkeep (wages and food by payer) + careening clock', () => {
    rolledBack(() => {
      const dice = box()
      const effects: string[] = []
      monthlyUpkeep(db, (e) => effects.push(e))
      careeningClock(db, 365, () => dice, (e) => effects.push(e))
    })
  })
})

describe(`weekly steps for ${SHIPS} ships`, () => {
  bench('standing orders in port + crew repairs + provisions at sea', () => {
    rolledBack(() => {
      const dice = box()
      const effects: string[] = []
      portWork(db, 365, () => dice, (e) => effects.push(e))
      crewRepairs(db, 365, (e) => effects.push(e))
      provisionsAtSea(db, 365, () => dice, (e) => effects.push(e))
    })
  })
})

describe('reads', () => {
  bench('upkeep.summary through the door', async () => {
    await door.invoke('upkeep.summary', {}, 'internal')
  })
})
