/**
 * The fleet campaign of the upkeep figures (issue 6, issue 22): 200 crewed ships — merchantmen, naval
 * ships, pirates and privateers, with officers, damage, overdue careenings and standing orders — on a
 * campaign of 200 characters, each with a purse. Written with raw inserts on a campaign made the normal
 * way, then opened through an AppSession; the same every time.
 */
import Database from 'better-sqlite3'
import { join } from 'node:path'
import { AppSession } from '../src/main/app/session'

export const SHIPS = 200
const PEOPLE = 200

/** Make the fleet campaign in `home`'s campaigns folder and open it in a new session (the clock on day 365). */
export async function openFleet(home: string): Promise<AppSession> {
  const session = new AppSession({ home, mode: 'browser', version: 'bench', log: () => undefined })
  const path = join(session.paths.campaignsDir, 'fleet.quarterdeck')
  await session.create(path, 'A Fleet', 'theah', { uuid: '00000000-0000-4000-8000-00000000f1ee', createdAt: '2026-01-01T00:00:00.000Z', seed: 1 })
  await session.close()
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
    const company = raw.prepare(`INSERT INTO ship_company (ship_id, kind, marines, provisions, careened_day, orders) VALUES (?, ?, ?, ?, ?, ?)`)
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
  await session.open(path)
  return session
}
