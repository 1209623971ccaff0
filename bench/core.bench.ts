/**
 * `npx vitest bench --run bench/core.bench.ts`: the campaign core on a synthetic ten-year campaign.
 *
 * The data set: 200 characters, ~200,000 ledger transactions (2 lines each) over 3,650 days,
 * ~1,000,000 roll-log rows, clock-log and reminder rows, and a journal of one entry per ledger
 * transaction (a real ten-year campaign wrote every one of them through a command). It is inserted
 * with prepared statements in big transactions on a raw connection, then the file is opened the
 * normal way (quick check, TEMP undo triggers) through AppSession + Door; the full integrity check,
 * which opening no longer runs, is timed once as `campaign.checkFile`.
 *
 * Each operation is measured through the door and as the bare SQL it runs. Vitest prints p75/p99;
 * the summary printed at the end adds p50 and the door/bare ratio per operation, against the
 * targets p50 ≤ 2 ms, p99 ≤ 20 ms, ≤ 5× bare SQL.
 *
 * Knobs: QD_BENCH_SCALE=0.1 (a tenth of the ledger and roll log, for a quick look),
 * QD_BENCH_JOURNAL=0 (no journal history), QD_BENCH_TIME_MS=2000 (time spent measuring each operation).
 */
import Database from 'better-sqlite3'
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { bench, describe } from 'vitest'
import { AppSession } from '../src/main/app/session'
import { Door } from '../src/main/door/door'

const SCALE = Number(process.env.QD_BENCH_SCALE ?? 1)
const CHARACTERS = 200
const DAYS = 3650
const LEDGER_TX = Math.round(200_000 * SCALE)
const ROLLS = Math.round(1_000_000 * SCALE)
const REMINDERS = 2_000
/** Journal entries (one per ledger transaction by default, as the commands that wrote them); 0 for none. */
const JOURNAL = Math.min(LEDGER_TX, Number(process.env.QD_BENCH_JOURNAL ?? LEDGER_TX))
/** Milliseconds spent measuring each operation (after warm-up): QD_BENCH_TIME_MS. */
const TIME_MS = Number(process.env.QD_BENCH_TIME_MS ?? 2000)

/** mulberry32: a small seeded PRNG so the data set is the same on every run. */
function rand(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
const rnd = rand(2026)
const int = (from: number, to: number) => from + Math.floor(rnd() * (to - from + 1))

// ---------------------------------------------------------------------------------------------
// Build the campaign
// ---------------------------------------------------------------------------------------------
const home = mkdtempSync(join(tmpdir(), 'qd-core-bench-'))
const session = new AppSession({ home, mode: 'browser', version: 'bench', log: () => undefined })
const door = new Door(session, { checkOutputs: false })
const path = join(session.paths.campaignsDir, 'ten-years.quarterdeck')
await session.create(path, 'Ten Years at Sea', 'theah', { uuid: '00000000-0000-4000-8000-00000000b0b0', createdAt: '2026-01-01T00:00:00.000Z', seed: 1 })
await session.close()

const buildStart = performance.now()
{
  const raw = new Database(path)
  raw.pragma('journal_mode = WAL')
  raw.pragma('synchronous = OFF')
  raw.pragma('foreign_keys = OFF')
  const ownerIds: number[] = []
  raw.transaction(() => {
    const owner = raw.prepare(`INSERT INTO owner (kind, name) VALUES ('character', ?)`)
    const person = raw.prepare(`INSERT INTO person (owner_id, kind, traits, knacks, notes) VALUES (?, ?, ?, ?, '')`)
    for (let i = 0; i < CHARACTERS; i++) {
      const id = Number(owner.run(`Sailor ${i + 1}`).lastInsertRowid)
      ownerIds.push(id)
      person.run(id, i < 6 ? 'pc' : 'npc', JSON.stringify({ Brawn: int(1, 4), Finesse: int(1, 4), Wits: int(1, 4), Resolve: int(1, 4), Panache: int(1, 4) }), JSON.stringify({ Gunnery: int(0, 3) }))
    }
  })()

  raw.transaction(() => {
    const tx = raw.prepare(`INSERT INTO ledger_tx (id, day, memo, command) VALUES (?, ?, ?, ?)`)
    const line = raw.prepare(`INSERT INTO ledger_line (tx_id, owner_id, account, amount) VALUES (?, ?, 'cash', ?)`)
    const journal = raw.prepare(`INSERT INTO journal (seq, at, command, input, summary, undone, undoable) VALUES (?, ?, ?, ?, ?, 0, 0)`)
    const memos = ['Wages', 'Prize share', 'Provisions', 'Rum ration', 'Repairs', 'Cargo sale', 'Harbour dues', 'Loan']
    for (let i = 1; i <= LEDGER_TX; i++) {
      const day = Math.floor(((i - 1) * DAYS) / LEDGER_TX)
      const kind = rnd()
      const memo = `${memos[int(0, memos.length - 1)]} #${i}`
      const amount = int(1, 500)
      let from: number
      let to: number
      let command: string
      if (kind < 0.2) {
        ;[from, to, command] = [1, ownerIds[int(0, CHARACTERS - 1)]!, 'ledger.grant']
      } else if (kind < 0.3) {
        ;[from, to, command] = [ownerIds[int(0, CHARACTERS - 1)]!, 1, 'ledger.transfer']
      } else {
        from = ownerIds[int(0, CHARACTERS - 1)]!
        do to = ownerIds[int(0, CHARACTERS - 1)]!
        while (to === from)
        command = 'ledger.transfer'
      }
      tx.run(i, day, memo, command)
      line.run(i, from, -amount)
      line.run(i, to, amount)
      const at = new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString()
      if (i > LEDGER_TX - JOURNAL) journal.run(i, at, command, JSON.stringify({ from, to, amount, memo }), `Paid ${amount} G: ${memo}`)
    }
  })()

  raw.transaction(() => {
    const roll = raw.prepare(
      `INSERT INTO roll_log (day, kind, purpose, notation, faces, dice, kept, total, manual, command) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`
    )
    const kinds = [
      ['dice', 'Free roll', 'dice.roll'],
      ['people', 'Sailor: Brawn + Gunnery vs TN 15', 'people.roll'],
      ['clock', 'Recruits this week', 'clock.advance']
    ] as const
    for (let i = 0; i < ROLLS; i++) {
      const [kind, purpose, command] = kinds[i % 3]!
      const faces = [int(1, 10), int(1, 10), int(1, 10)]
      const kept = [...faces].sort((a, b) => b - a).slice(0, 2)
      roll.run(Math.floor((i * DAYS) / ROLLS), kind, purpose, '3k2', JSON.stringify(faces), JSON.stringify(faces), JSON.stringify(kept), kept[0]! + kept[1]!, i % 17 === 0 ? 1 : 0, command)
    }
    const log = raw.prepare(`INSERT INTO clock_log (day, step, effects) VALUES (?, ?, ?)`)
    for (let day = 1; day <= DAYS; day++) if (day % 7 === 0) log.run(day, 'recruiting', JSON.stringify([`Hired ${int(3, 12)} sailors`]))
    const reminder = raw.prepare(`INSERT INTO reminder (due_day, title) VALUES (?, ?)`)
    for (let i = 0; i < REMINDERS; i++) reminder.run(int(0, DAYS + 3650), `Reminder ${i}`)
    raw.prepare(`UPDATE clock SET day = ? WHERE id = 1`).run(DAYS)
  })()
  raw.pragma('wal_checkpoint(TRUNCATE)')
  raw.close()
}
const buildMs = performance.now() - buildStart
const openStart = performance.now()
await session.open(path)
const openMs = performance.now() - openStart
const db = session.campaign!.db
console.log(
  `[core bench] built ${CHARACTERS} characters, ${LEDGER_TX.toLocaleString('en')} ledger transactions, ` +
    `${ROLLS.toLocaleString('en')} rolls, ${JOURNAL.toLocaleString('en')} journal entries in ${(buildMs / 1000).toFixed(1)} s; ` +
    `file ${(statSync(path).size / 1e6).toFixed(0)} MB; opened (quick check + triggers) in ${(openMs / 1000).toFixed(2)} s`
)

// Reads the app's pages make that have no target of their own: one call each, for the record.
{
  const calls: [string, string, unknown][] = [
    ['owners.list (Ledger page: every balance)', 'owners.list', {}],
    ['people.list (People page)', 'people.list', {}],
    ['ledger.series {} (Ledger page chart: every owner)', 'ledger.series', {}],
    ['ledger.history { search } (full memo scan)', 'ledger.history', { search: 'no such memo' }],
    ['dice.log { search } (full roll-log scan)', 'dice.log', { search: 'no such purpose' }],
    ['campaign.checkFile (full integrity check, on demand)', 'campaign.checkFile', {}]
  ]
  const lines: string[] = []
  for (const [label, name, input] of calls) {
    const t0 = performance.now()
    const out = await door.invoke(name, input, 'internal')
    const ms = performance.now() - t0
    if (!out.ok) throw new Error(`${name}: ${out.error.message}`)
    lines.push(`  ${label.padEnd(52)} ${ms.toFixed(1).padStart(8)} ms  ${(JSON.stringify(out.value).length / 1e6).toFixed(2)} MB`)
  }
  console.log(`[core bench] other reads at this size (one call each):\n${lines.join('\n')}`)
}

// ---------------------------------------------------------------------------------------------
// Measuring
// ---------------------------------------------------------------------------------------------
const samples = new Map<string, number[]>()
/** Wrap a benchmark body so its every run is also timed into `samples` (for p50 and the ratio). */
function timed(key: string, fn: () => unknown): () => Promise<void> {
  const list: number[] = []
  samples.set(key, list)
  return async () => {
    const t0 = performance.now()
    await fn()
    list.push(performance.now() - t0)
  }
}
const opts = { time: TIME_MS, warmupTime: 200 }

const owners = (db.prepare(`SELECT id FROM owner WHERE kind = 'character'`).all() as { id: number }[]).map((r) => r.id)
const randomOwner = () => owners[int(0, owners.length - 1)]!
async function ok(name: string, input: unknown): Promise<unknown> {
  const out = await door.invoke(name, input, 'internal')
  if (!out.ok) throw new Error(`${name}: ${out.error.code}: ${out.error.message}`)
  return out.value
}

// The bare SQL each command runs (see src/main/campaign-core/ledger.ts), prepared once.
const bareBalance = db.prepare(`SELECT account, COALESCE(SUM(amount), 0) AS total FROM ledger_line WHERE owner_id = ? GROUP BY account`)
const bareCount = db.prepare(`SELECT count(*) AS n FROM ledger_tx t`)
const barePage = db.prepare(`SELECT t.id, t.day, t.memo, t.command FROM ledger_tx t ORDER BY t.day DESC, t.id DESC LIMIT ? OFFSET ?`)
const ownerFilter = `WHERE t.id IN (SELECT tx_id FROM ledger_line WHERE owner_id = ?)`
const bareCountOwner = db.prepare(`SELECT count(DISTINCT tx_id) AS n FROM ledger_line WHERE owner_id = ?`)
const barePageOwner = db.prepare(`SELECT t.id, t.day, t.memo, t.command FROM ledger_tx t ${ownerFilter} ORDER BY t.day DESC, t.id DESC LIMIT ? OFFSET ?`)
const bareLines = db.prepare(
  `SELECT l.tx_id AS txId, l.owner_id AS ownerId, o.name AS ownerName, l.account, l.amount
   FROM ledger_line l JOIN owner o ON o.id = l.owner_id
   WHERE l.tx_id IN (${Array.from({ length: 100 }, () => '?').join(',')}) ORDER BY l.id`
)
const bareLinesFor = (ids: number[]) => bareLines.all(...ids, ...Array.from({ length: 100 - ids.length }, () => -1))

describe('ledger.balance (random character)', () => {
  bench('door', timed('ledger.balance|door', () => ok('ledger.balance', { ownerId: randomOwner() })), opts)
  bench('bare SQL', timed('ledger.balance|bare', () => bareBalance.all(randomOwner())), opts)
})

describe('ledger.history (page of 100, newest first)', () => {
  bench('door', timed('ledger.history|door', () => ok('ledger.history', { limit: 100, offset: int(0, 20) * 100 })), opts)
  bench(
    'bare SQL',
    timed('ledger.history|bare', () => {
      bareCount.get()
      const page = barePage.all(100, int(0, 20) * 100) as { id: number }[]
      bareLinesFor(page.map((p) => p.id))
    }),
    opts
  )
})

describe('ledger.history (page of 100, one owner)', () => {
  bench('door', timed('ledger.history owner|door', () => ok('ledger.history', { ownerId: randomOwner(), limit: 100 })), opts)
  bench(
    'bare SQL',
    timed('ledger.history owner|bare', () => {
      const owner = randomOwner()
      bareCountOwner.get(owner)
      const page = barePageOwner.all(owner, 100, 0) as { id: number }[]
      bareLinesFor(page.map((p) => p.id))
    }),
    opts
  )
})

// The outside world is on one side of every grant and every spend: by far the busiest owner.
describe('ledger.balance + ledger.history (the outside world, page of 100)', () => {
  bench(
    'door',
    timed('world balance+history|door', async () => {
      await ok('ledger.balance', { ownerId: 1 })
      await ok('ledger.history', { ownerId: 1, limit: 100 })
    }),
    opts
  )
  bench(
    'bare SQL',
    timed('world balance+history|bare', () => {
      bareBalance.all(1)
      bareCountOwner.get(1)
      const page = barePageOwner.all(1, 100, 0) as { id: number }[]
      bareLinesFor(page.map((p) => p.id))
    }),
    opts
  )
})

const bareSetDay = db.prepare(`UPDATE clock SET day = ? WHERE id = 1`)
const bareDay = db.prepare(`SELECT day FROM clock WHERE id = 1`)
const bareDue = db.prepare(`SELECT title FROM reminder WHERE due_day = ? ORDER BY id`)
const bareAdvance = db.transaction((days: number) => {
  const start = (bareDay.get() as { day: number }).day
  for (let d = start + 1; d <= start + days; d++) {
    bareSetDay.run(d)
    bareDue.all(d)
  }
})

describe('clock.advance { days: 30 }', () => {
  bench('door', timed('clock.advance 30|door', () => ok('clock.advance', { days: 30 })), opts)
  bench('bare SQL (30 day updates and reminder look-ups in one transaction)', timed('clock.advance 30|bare', () => bareAdvance(30)), opts)
})

const bareDeleteTx = db.prepare(`DELETE FROM ledger_tx WHERE id = ?`)
const bareDeleteLines = db.prepare(`DELETE FROM ledger_line WHERE tx_id = ?`)
const bareInsertTx = db.prepare(`INSERT INTO ledger_tx (id, day, memo, command) VALUES (?, ?, ?, ?)`)
const bareInsertLine = db.prepare(`INSERT INTO ledger_line (id, tx_id, owner_id, account, amount) VALUES (?, ?, ?, ?, ?)`)
let grantTx = 0
const bareUndo = db.transaction((txId: number) => {
  const tx = db.prepare(`SELECT * FROM ledger_tx WHERE id = ?`).get(txId) as { id: number; day: number; memo: string; command: string }
  const lines = db.prepare(`SELECT * FROM ledger_line WHERE tx_id = ?`).all(txId) as { id: number; tx_id: number; owner_id: number; account: string; amount: number }[]
  bareDeleteLines.run(txId)
  bareDeleteTx.run(txId)
  return { tx, lines }
})
const bareRedo = db.transaction((saved: ReturnType<typeof bareUndo>) => {
  bareInsertTx.run(saved.tx.id, saved.tx.day, saved.tx.memo, saved.tx.command)
  for (const l of saved.lines) bareInsertLine.run(l.id, l.tx_id, l.owner_id, l.account, l.amount)
})

describe('history.undo + history.redo of a ledger.grant', () => {
  bench(
    'door',
    timed('undo+redo|door', async () => {
      await ok('history.undo', {})
      await ok('history.redo', {})
    }),
    {
      ...opts,
      // The newest journal entry must be a grant when this starts.
      setup: async () => {
        grantTx = ((await ok('ledger.grant', { ownerId: randomOwner(), amount: 50, memo: 'Bench grant' })) as { txId: number }).txId
      }
    }
  )
  bench(
    'bare SQL (delete the grant, then put it back)',
    timed('undo+redo|bare', () => bareRedo(bareUndo(grantTx))),
    {
      ...opts,
      teardown: (_task, mode) => {
        if (mode === 'run') summary()
      }
    }
  )
})

// ---------------------------------------------------------------------------------------------
// Summary
// ---------------------------------------------------------------------------------------------
function pct(list: number[], p: number): number {
  const s = [...list].sort((a, b) => a - b)
  if (s.length === 0) return NaN
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!
}
let printed = false
function summary(): void {
  if (printed) return
  printed = true
  const ops = [...new Set([...samples.keys()].map((k) => k.split('|')[0]!))]
  const rows = ops.map((op) => {
    const d = samples.get(`${op}|door`) ?? []
    const b = samples.get(`${op}|bare`) ?? []
    const [d50, d99, b50, b99] = [pct(d, 50), pct(d, 99), pct(b, 50), pct(b, 99)]
    const ratio = d50 / b50
    const verdict = [d50 <= 2 ? '' : 'p50>2ms', d99 <= 20 ? '' : 'p99>20ms', ratio <= 5 ? '' : 'ratio>5'].filter(Boolean).join(' ') || 'ok'
    return [op, d50.toFixed(3), d99.toFixed(3), b50.toFixed(3), b99.toFixed(3), ratio.toFixed(1) + '×', String(d.length), verdict]
  })
  const head = ['operation', 'door p50 ms', 'door p99 ms', 'bare p50 ms', 'bare p99 ms', 'p50 ratio', 'samples', 'targets']
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)))
  const line = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ')
  console.log(
    `\n[core bench] ${LEDGER_TX.toLocaleString('en')} ledger transactions, ${ROLLS.toLocaleString('en')} rolls, ${JOURNAL.toLocaleString('en')} journal entries` +
      ` (targets: p50 ≤ 2 ms, p99 ≤ 20 ms, ≤ 5× bare SQL)\n` +
      [line(head), ...rows.map(line)].join('\n') +
      '\n'
  )
  // Close the file directly: closing the session would first back up the whole campaign.
  session.campaign!.close()
  rmSync(home, { recursive: true, force: true })
}
