/**
 * The synthetic ten-year campaign of the benches (issue 22), written straight into a campaign file:
 * 200 characters, ~200,000 ledger transactions (2 lines each) over 3,650 days, ~1,000,000 roll-log
 * rows, a clock-log row a week, 2,000 reminders and a journal of one entry per ledger transaction (a real
 * ten-year campaign wrote every one of them through a command), of the same sizes as bench/ten-year.ts
 * builds through the door for the Node benches; the browser bench
 * (scripts/bench-browser.ts) lays it over the sample campaign, so every page has its ordinary content too,
 * and may add a fleet (`fleet` ships with owners, a company, a captain and a ship's history each).
 *
 * Inserted with prepared statements in big transactions on a raw connection (synchronous off), on a file
 * that no session has open; the caller opens it the normal way afterwards.
 */
import Database from 'better-sqlite3'

export interface TenYearOptions {
  /** A fraction of the ledger and roll log (1: the full ten years). */
  scale?: number
  /** Journal entries, one per ledger transaction at most (default: one per transaction). */
  journal?: number
  /** Ships added to the fleet (default none), each with 2 owners, a ship's company, a captain and 50 history lines. */
  fleet?: number
}

export interface TenYearSummary {
  characters: number
  ledgerTx: number
  rolls: number
  journal: number
  ships: number
  ms: number
}

export const TEN_YEAR_CHARACTERS = 200
export const TEN_YEAR_DAYS = 3650

/** mulberry32: a small seeded PRNG so the data set is the same on every run. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** Fill the campaign file at `path` (closed) with ten years of history. */
export function fillTenYears(path: string, opts: TenYearOptions = {}): TenYearSummary {
  const t0 = performance.now()
  const scale = opts.scale ?? 1
  const ledgerTxs = Math.round(200_000 * scale)
  const rolls = Math.round(1_000_000 * scale)
  const journalN = Math.min(ledgerTxs, opts.journal ?? ledgerTxs)
  const fleet = opts.fleet ?? 0
  const rnd = seeded(2026)
  const int = (from: number, to: number) => from + Math.floor(rnd() * (to - from + 1))
  const raw = new Database(path)
  raw.pragma('journal_mode = WAL')
  raw.pragma('synchronous = OFF')
  raw.pragma('foreign_keys = OFF')
  const ownerIds: number[] = []
  const personIds: number[] = []
  raw.transaction(() => {
    const owner = raw.prepare(`INSERT INTO owner (kind, name) VALUES ('character', ?)`)
    const person = raw.prepare(`INSERT INTO person (owner_id, kind, traits, knacks, notes) VALUES (?, ?, ?, ?, '')`)
    for (let i = 0; i < TEN_YEAR_CHARACTERS; i++) {
      const id = Number(owner.run(`Sailor ${i + 1}`).lastInsertRowid)
      ownerIds.push(id)
      const traits = JSON.stringify({ Brawn: int(1, 4), Finesse: int(1, 4), Wits: int(1, 4), Resolve: int(1, 4), Panache: int(1, 4) })
      personIds.push(Number(person.run(id, i < 6 ? 'pc' : 'npc', traits, JSON.stringify({ Gunnery: int(0, 3) })).lastInsertRowid))
    }
  })()

  const firstDay = (raw.prepare(`SELECT day FROM clock WHERE id = 1`).get() as { day: number }).day
  raw.transaction(() => {
    const tx = raw.prepare(`INSERT INTO ledger_tx (day, memo, command) VALUES (?, ?, ?)`)
    const line = raw.prepare(`INSERT INTO ledger_line (tx_id, owner_id, account, amount) VALUES (?, ?, 'cash', ?)`)
    const journal = raw.prepare(`INSERT INTO journal (seq, at, command, input, summary, undone, undoable) VALUES (?, ?, ?, ?, ?, 0, 0)`)
    const seq0 = (raw.prepare(`SELECT COALESCE(MAX(seq), 0) AS n FROM journal`).get() as { n: number }).n
    const memos = ['Wages', 'Prize share', 'Provisions', 'Rum ration', 'Repairs', 'Cargo sale', 'Harbour dues', 'Loan']
    for (let i = 1; i <= ledgerTxs; i++) {
      const day = Math.floor(((i - 1) * TEN_YEAR_DAYS) / ledgerTxs)
      const kind = rnd()
      const memo = `${memos[int(0, memos.length - 1)]} #${i}`
      const amount = int(1, 500)
      let from: number
      let to: number
      let command: string
      if (kind < 0.2) {
        ;[from, to, command] = [1, ownerIds[int(0, TEN_YEAR_CHARACTERS - 1)]!, 'ledger.grant']
      } else if (kind < 0.3) {
        ;[from, to, command] = [ownerIds[int(0, TEN_YEAR_CHARACTERS - 1)]!, 1, 'ledger.transfer']
      } else {
        from = ownerIds[int(0, TEN_YEAR_CHARACTERS - 1)]!
        do to = ownerIds[int(0, TEN_YEAR_CHARACTERS - 1)]!
        while (to === from)
        command = 'ledger.transfer'
      }
      const txId = Number(tx.run(day, memo, command).lastInsertRowid)
      line.run(txId, from, -amount)
      line.run(txId, to, amount)
      const at = new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString()
      if (i > ledgerTxs - journalN) journal.run(seq0 + i, at, command, JSON.stringify({ from, to, amount, memo }), `Paid ${amount} G: ${memo}`)
    }
  })()

  raw.transaction(() => {
    // The roll log as the app keeps it (migration 0025): each word once in roll_text, faces as bytes.
    const word = raw.prepare(`INSERT INTO roll_text (text) VALUES (?) ON CONFLICT (text) DO UPDATE SET text = excluded.text RETURNING id`)
    const roll = raw.prepare(`INSERT INTO roll (day, kind, purpose, notation, command, faces, manual) VALUES (?, ?, ?, ?, ?, ?, ?)`)
    const id = (text: string) => (word.get(text) as { id: number }).id
    const notation = id('3k2')
    const kinds = (
      [
        ['dice', 'Free roll', 'dice.roll'],
        ['people', 'Sailor: Brawn + Gunnery vs TN 15', 'people.roll'],
        ['clock', 'Recruits this week', 'clock.advance']
      ] as const
    ).map(([kind, purpose, command]) => [id(kind), id(purpose), id(command)] as const)
    for (let i = 0; i < rolls; i++) {
      const [kind, purpose, command] = kinds[i % 3]!
      const faces = [int(1, 10), int(1, 10), int(1, 10)]
      roll.run(Math.floor((i * TEN_YEAR_DAYS) / rolls), kind, purpose, notation, command, Buffer.from(faces), i % 17 === 0 ? 1 : 0)
    }
    const log = raw.prepare(`INSERT INTO clock_log (day, step, effects) VALUES (?, ?, ?)`)
    for (let day = 1; day <= TEN_YEAR_DAYS; day++) if (day % 7 === 0) log.run(day, 'recruiting', JSON.stringify([`Hired ${int(3, 12)} sailors`]))
    const reminder = raw.prepare(`INSERT INTO reminder (due_day, title) VALUES (?, ?)`)
    for (let i = 0; i < 2_000; i++) reminder.run(int(0, TEN_YEAR_DAYS + 3650), `Reminder ${i}`)
    raw.prepare(`UPDATE clock SET day = ? WHERE id = 1`).run(Math.max(firstDay, TEN_YEAR_DAYS))
  })()

  if (fleet > 0) {
    // A second generator, so the ledger and rolls above stay those of bench/core.bench.ts.
    const frnd = seeded(1707)
    const fint = (from: number, to: number) => from + Math.floor(frnd() * (to - from + 1))
    raw.transaction(() => {
      const hulls = ['corsair', 'smallWarship', 'merchantman', 'largeWarship', 'galleon'] as const
      const kinds = ['merchant', 'naval', 'pirate', 'privateer'] as const
      const ship = raw.prepare(
        `INSERT INTO ship (name, design, status, origin, ordered_day, launch_day, cost, hull_damage, rigging_damage, crew, powder_tons) VALUES (?, ?, ?, 'built', ?, ?, 10000, ?, ?, ?, 1)`
      )
      const so = raw.prepare(`INSERT INTO ship_owner (ship_id, owner_id, share) VALUES (?, ?, ?)`)
      const company = raw.prepare(`INSERT INTO ship_company (ship_id, kind, marines, provisions, careened_day, orders) VALUES (?, ?, ?, ?, ?, '{}')`)
      const officer = raw.prepare(`INSERT INTO ship_officer (ship_id, person_id, role, wage, since_day) VALUES (?, ?, 'captain', 60, ?)`)
      const event = raw.prepare(`INSERT INTO ship_event (ship_id, day, text) VALUES (?, ?, ?)`)
      const texts = ['Put into port', 'Sailed', 'Careened', 'Repaired', 'Took on provisions', 'Paid the crew']
      for (let i = 0; i < fleet; i++) {
        const hull = hulls[i % hulls.length]!
        const design = {
          hull,
          frigate: false,
          colonial: false,
          guns: { port: 4, starboard: 4, chasers: 2, stern: 0 },
          pontGuns: { port: 0, starboard: 0 },
          jollyBoats: 1,
          powderTons: 1,
          modifications: {},
          flaws: i % 7 === 0 ? { old: true } : {}
        }
        const launched = fint(0, TEN_YEAR_DAYS - 400)
        const id = Number(ship.run(`Ship ${i + 1}`, JSON.stringify(design), 'port', launched - 60, launched, i % 5, i % 4, 60 + (i % 30)).lastInsertRowid)
        so.run(id, ownerIds[i % TEN_YEAR_CHARACTERS]!, 60)
        so.run(id, ownerIds[(i + 1) % TEN_YEAR_CHARACTERS]!, 40)
        company.run(id, kinds[i % kinds.length]!, 5, (i % 3) * 200, TEN_YEAR_DAYS - (i % 9) * 30)
        officer.run(id, personIds[i % TEN_YEAR_CHARACTERS]!, launched)
        for (let e = 0; e < 50; e++) event.run(id, launched + Math.floor((e * (TEN_YEAR_DAYS - launched)) / 50), texts[e % texts.length]!)
      }
    })()
  }
  raw.pragma('wal_checkpoint(TRUNCATE)')
  raw.close()
  return { characters: TEN_YEAR_CHARACTERS, ledgerTx: ledgerTxs, rolls, journal: journalN, ships: fleet, ms: performance.now() - t0 }
}
