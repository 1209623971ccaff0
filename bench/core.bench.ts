/**
 * `npx vitest bench --run bench/core.bench.ts`: the campaign core on the synthetic ten-year campaign
 * (bench/ten-year.ts: 200 characters, 200k ledger transactions, 1M rolls, a journal entry per ledger
 * transaction), copied from the cache the first run builds it into.
 *
 * Issue 22's figures measured here: the campaign file's size (against the bytes of its rows alone) and
 * how long it takes to open (against bare SQLite opening it and reading its schema); the outside world's
 * balance and a history page (p50, p99, against the bare SQL the door runs); `clock.advance` of 30 days
 * (p99, against 30 bare day updates and reminder look-ups), and the same with an automatic backup falling
 * due every 100th command (the session's clock moved 9 s a command, its backups every 15 minutes).
 * Each operation is also measured through vitest bench with the others of a ten-year campaign (a random
 * character's balance and history page, undo + redo), and a summary of them all is printed at the end.
 *
 * Knobs: QD_BENCH_QUICK=1 (`npm run bench -- --quick`: 400 ms an operation), QD_BENCH_TIME_MS (ms spent
 * measuring each operation, 2000 by default), QD_BENCH_SCALE=0.1 (a tenth of the ledger and roll log).
 */
import Database from 'better-sqlite3'
import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { bench, describe } from 'vitest'
import { AppSession } from '../src/main/app/session'
import { Door } from '../src/main/door/door'
import { pct, QUICK, record } from './results'
import { copyTenYear, rand } from './ten-year'

const SCALE = Number(process.env.QD_BENCH_SCALE ?? 1)
const TIME_MS = Number(process.env.QD_BENCH_TIME_MS ?? (QUICK ? 400 : 2000))
const OPENS = QUICK ? 3 : 7
const rnd = rand(7)
const int = (from: number, to: number) => from + Math.floor(rnd() * (to - from + 1))

// ---------------------------------------------------------------------------------------------
// The file: size and opening
// ---------------------------------------------------------------------------------------------
const home = mkdtempSync(join(tmpdir(), 'qd-core-bench-'))
/** The session's clock: still, except where a bench moves it (the backups falling due). */
let nowMs = Date.parse('2026-06-01T12:00:00.000Z')
const session = new AppSession({ home, mode: 'browser', version: 'bench', now: () => new Date(nowMs), log: () => undefined })
const door = new Door(session, { checkOutputs: false })
mkdirSync(session.paths.campaignsDir, { recursive: true })
const path = join(session.paths.campaignsDir, 'ten-years.quarterdeck')
const t0 = performance.now()
const built = await copyTenYear(path, SCALE === 1 ? {} : { scale: SCALE })
const copyMs = performance.now() - t0

const fileMB = statSync(path).size / 1e6
const rowMB = (() => {
  const db = new Database(path, { readonly: true })
  try {
    return (db.prepare(`SELECT SUM(payload) AS n FROM dbstat WHERE name IN (SELECT name FROM sqlite_schema WHERE type = 'table')`).get() as { n: number }).n / 1e6
  } finally {
    db.close()
  }
})()
record({ id: 'file.size', measured: fileMB, baseline: rowMB, note: `${built.ledgerTx.toLocaleString('en')} ledger transactions, ${built.rolls.toLocaleString('en')} rolls, ${built.journal.toLocaleString('en')} journal entries` })

const opens: number[] = []
const bareOpens: number[] = []
const checks: number[] = []
for (let i = 0; i < OPENS; i++) {
  let t = performance.now()
  const raw = new Database(path, { readonly: true, fileMustExist: true })
  raw.prepare(`SELECT count(*) FROM sqlite_schema`).get()
  raw.close()
  bareOpens.push(performance.now() - t)
  t = performance.now()
  await session.open(path)
  opens.push(performance.now() - t)
  const verdict = session.campaign!.verdict
  if (verdict) {
    if ((await verdict) !== null) throw new Error('the ten-year campaign was found damaged')
    checks.push(performance.now() - t)
  }
  if (i < OPENS - 1) await session.close()
}
record({
  id: 'file.open',
  measured: pct(opens, 50),
  baseline: pct(bareOpens, 50),
  note: `${OPENS} opens, max ${Math.max(...opens).toFixed(0)} ms; the quick check, in a worker beside the first reads, answered after ${checks.length ? pct(checks, 50).toFixed(0) : '—'} ms`
})
const db = session.campaign!.db
console.log(
  `[core bench] ${built.cached ? 'copied' : 'built and cached'} the ten-year campaign in ${(copyMs / 1000).toFixed(1)} s: ${fileMB.toFixed(1)} MB (rows ${rowMB.toFixed(1)} MB); ` +
    `opens in ${pct(opens, 50).toFixed(0)} ms (bare SQLite ${pct(bareOpens, 50).toFixed(1)} ms), checked after ${checks.length ? pct(checks, 50).toFixed(0) : '—'} ms`
)

// Reads the app's pages make that have no target of their own: one call each, for the record.
{
  const calls: [string, string, unknown][] = [
    ['owners.list (Ledger page: every balance)', 'owners.list', {}],
    ['people.list (People page)', 'people.list', {}],
    ['ledger.series {} (Ledger page chart: every owner)', 'ledger.series', {}],
    ['ledger.history { search } (full memo scan)', 'ledger.history', { search: 'no such memo' }],
    ['dice.log {} (Log page: the newest 100 rolls)', 'dice.log', {}],
    ['dice.log { kind } (Log page: one kind)', 'dice.log', { kind: 'people' }],
    ['dice.log { search } (full roll-log scan)', 'dice.log', { search: 'no such purpose' }],
    ['campaign.checkFile (full integrity check, on demand)', 'campaign.checkFile', {}]
  ]
  const lines: string[] = []
  for (const [label, name, input] of calls) {
    const t = performance.now()
    const out = await door.invoke(name, input, 'internal')
    const ms = performance.now() - t
    if (!out.ok) throw new Error(`${name}: ${out.error.message}`)
    lines.push(`  ${label.padEnd(52)} ${ms.toFixed(1).padStart(8)} ms  ${(JSON.stringify(out.value).length / 1e6).toFixed(2)} MB`)
  }
  console.log(`[core bench] other reads at this size (one call each):\n${lines.join('\n')}`)
}

// ---------------------------------------------------------------------------------------------
// Measuring
// ---------------------------------------------------------------------------------------------
const samples = new Map<string, number[]>()
/** Wrap a benchmark body so its every run is also timed into `samples` (for p50, p99 and the ratio). */
function timed(key: string, fn: () => unknown): () => Promise<void> {
  const list: number[] = []
  samples.set(key, list)
  return async () => {
    const t = performance.now()
    await fn()
    list.push(performance.now() - t)
  }
}
const opts = { time: TIME_MS, warmupTime: QUICK ? 100 : 200 }

const owners = (db.prepare(`SELECT id FROM owner WHERE kind = 'character'`).all() as { id: number }[]).map((r) => r.id)
const randomOwner = () => owners[int(0, owners.length - 1)]!
async function ok(name: string, input: unknown): Promise<unknown> {
  const out = await door.invoke(name, input, 'internal')
  if (!out.ok) throw new Error(`${name}: ${out.error.code}: ${out.error.message}`)
  return out.value
}

// The bare SQL the door runs (src/main/campaign-core/ledger.ts), prepared once.
const bareBalance = db.prepare(`SELECT account, total FROM ledger_balance WHERE owner_id = ? AND account <> 'booty'`)
const bareCount = db.prepare(`SELECT count(*) AS n FROM ledger_tx t`)
const barePage = db.prepare(`SELECT t.id, t.day, t.memo, t.command FROM ledger_tx t ORDER BY t.id DESC LIMIT ? OFFSET ?`)
const bareCountOwner = db.prepare(`SELECT txs FROM ledger_owner_txs WHERE owner_id = ?`)
const barePageOwner = db.prepare(
  `SELECT t.id, t.day, t.memo, t.command FROM (SELECT DISTINCT tx_id FROM ledger_line WHERE owner_id = ? ORDER BY tx_id DESC LIMIT ? OFFSET ?) x
   JOIN ledger_tx t ON t.id = x.tx_id ORDER BY t.id DESC`
)
const bareLines = db.prepare(
  `SELECT l.tx_id AS txId, l.owner_id AS ownerId, CASE WHEN l.account = 'booty' THEN 'Booty pot of the ' || s.name ELSE o.name END AS ownerName, l.account, l.amount, l.ship_id AS shipId
   FROM ledger_line l JOIN owner o ON o.id = l.owner_id LEFT JOIN ship s ON s.id = l.ship_id
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
  // The GM's pace: 9 s between commands, so the 15-minute backup falls due every 100th command.
  bench(
    'door, an automatic backup falling due every 100th command',
    timed('clock.advance 30 backups|door', () => {
      nowMs += 9_000
      return ok('clock.advance', { days: 30 })
    }),
    { ...opts, time: opts.time * 2, teardown: () => session.backupDone() }
  )
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
  bench('bare SQL (delete the grant, then put it back)', timed('undo+redo|bare', () => bareRedo(bareUndo(grantTx))), {
    ...opts,
    teardown: async (_task, mode) => {
      if (mode === 'run') await summary()
    }
  })
})

// ---------------------------------------------------------------------------------------------
// Summary
// ---------------------------------------------------------------------------------------------
let printed = false
async function summary(): Promise<void> {
  if (printed) return
  printed = true
  const s = (k: string) => samples.get(k) ?? []
  const world = s('world balance+history|door')
  const worldBare = s('world balance+history|bare')
  record({ id: 'world.p50', measured: pct(world, 50), baseline: pct(worldBare, 50), note: `${world.length} samples` })
  record({ id: 'world.p99', measured: pct(world, 99), baseline: pct(worldBare, 99), note: `${world.length} samples` })
  const adv = s('clock.advance 30|door')
  const advBare = s('clock.advance 30|bare')
  record({ id: 'advance.p99', measured: pct(adv, 99), baseline: pct(advBare, 99), note: `p50 ${pct(adv, 50).toFixed(2)} ms; ${adv.length} samples` })
  const withBackups = s('clock.advance 30 backups|door')
  const backups = session.campaign ? (await door.call('backups.list')).filter((b) => b.kind === 'auto').length : 0
  record({
    id: 'advance.backups.p99',
    measured: pct(withBackups, 99),
    baseline: pct(adv, 99),
    note: `p50 ${pct(withBackups, 50).toFixed(2)} ms, max ${Math.max(...withBackups).toFixed(0)} ms; ${withBackups.length} samples, ${backups} automatic backups kept`
  })

  const ops = [...new Set([...samples.keys()].map((k) => k.split('|')[0]!))]
  const rows = ops.map((op) => {
    const d = s(`${op}|door`)
    const b = s(`${op}|bare`)
    const [d50, d99, b50, b99] = [pct(d, 50), pct(d, 99), pct(b, 50), pct(b, 99)]
    return [op, d50.toFixed(3), d99.toFixed(3), b.length ? b50.toFixed(3) : '—', b.length ? b99.toFixed(3) : '—', b.length ? (d50 / b50).toFixed(1) + '×' : '—', String(d.length)]
  })
  const head = ['operation', 'door p50 ms', 'door p99 ms', 'bare p50 ms', 'bare p99 ms', 'p50 ratio', 'samples']
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)))
  const line = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ')
  console.log(
    `\n[core bench] ${built.ledgerTx.toLocaleString('en')} ledger transactions, ${built.rolls.toLocaleString('en')} rolls, ${built.journal.toLocaleString('en')} journal entries\n` +
      [line(head), ...rows.map(line)].join('\n') +
      '\n'
  )
  // Close the file directly: closing the session would first back up the whole campaign.
  await session.backupDone()
  session.campaign!.close()
  rmSync(home, { recursive: true, force: true })
}
