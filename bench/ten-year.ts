/**
 * The synthetic ten-year campaign every core figure of `npm run bench` is measured on (issue 22):
 * 200 characters, ~200,000 ledger transactions (2 lines each) over 3,650 days, ~1,000,000 roll-log
 * rows, clock-log and reminder rows, and a journal of one entry per ledger transaction (a real
 * ten-year campaign wrote every one of them through a command). The campaign is created the normal
 * way (migrations, campaign record), then filled with prepared statements in big transactions on a
 * raw connection, in the shapes the commands write (the rolls through a DiceBox and `insertRolls`, as
 * `settleDice` writes them). The same seed gives the same file every time.
 */
import Database from 'better-sqlite3'
import { createHash } from 'node:crypto'
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { AppSession } from '../src/main/app/session'
import { insertRolls } from '../src/main/campaign-core/dice'
import { DiceBox } from '../src/shared/dice/roll'
import { Rng, seedState } from '../src/shared/dice/rng'

export interface TenYearOptions {
  /** Fraction of the ledger and the roll log (1: the full ten years). */
  scale?: number
  /** Journal entries (one per ledger transaction by default); 0 for none. */
  journal?: number
}

export const CHARACTERS = 200
export const DAYS = 3650
const REMINDERS = 2_000

/** mulberry32: a small seeded PRNG so the data set is the same on every run. */
export function rand(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export interface TenYear {
  ledgerTx: number
  rolls: number
  journal: number
  buildMs: number
}

/** Write the ten-year campaign to `path` (a campaigns-folder file of `home`); the file is left closed. */
export async function buildTenYear(home: string, path: string, opts: TenYearOptions = {}): Promise<TenYear> {
  const scale = opts.scale ?? 1
  const ledgerTx = Math.round(200_000 * scale)
  const rolls = Math.round(1_000_000 * scale)
  const journal = Math.min(ledgerTx, opts.journal ?? ledgerTx)
  const rnd = rand(2026)
  const int = (from: number, to: number) => from + Math.floor(rnd() * (to - from + 1))

  const session = new AppSession({ home, mode: 'browser', version: 'bench', log: () => undefined })
  await session.create(path, 'Ten Years at Sea', 'theah', { uuid: '00000000-0000-4000-8000-00000000b0b0', createdAt: '2026-01-01T00:00:00.000Z', seed: 1 })
  await session.close()

  const start = performance.now()
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
    const entry = raw.prepare(`INSERT INTO journal (seq, at, command, input, summary, undone, undoable) VALUES (?, ?, ?, ?, ?, 0, 0)`)
    const memos = ['Wages', 'Prize share', 'Provisions', 'Rum ration', 'Repairs', 'Cargo sale', 'Harbour dues', 'Loan']
    for (let i = 1; i <= ledgerTx; i++) {
      const day = Math.floor(((i - 1) * DAYS) / ledgerTx)
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
      if (i > ledgerTx - journal) entry.run(i, at, command, JSON.stringify({ from, to, amount, memo }), `Paid ${amount} G: ${memo}`)
    }
  })()

  raw.transaction(() => {
    const kinds = [
      ['dice', 'Free roll', 'dice.roll'],
      ['people', 'Sailor: Brawn + Gunnery vs TN 15', 'people.roll'],
      ['clock', 'Recruits this week', 'clock.advance']
    ] as const
    // Rolled as the app rolls them (3k2, tens exploding), from a seeded generator; one in 17 typed by hand.
    const rng = new Rng(seedState(2026))
    for (let from = 0; from < rolls; from += 1000) {
      const box = new DiceBox(rng)
      const batch: Parameters<typeof insertRolls>[1][number][] = []
      for (let i = from; i < Math.min(rolls, from + 1000); i++) {
        const [kind, purpose, command] = kinds[i % 3]!
        batch.push({ day: Math.floor((i * DAYS) / rolls), kind, roll: { ...box.roll('3k2', purpose), manual: i % 17 === 0 }, command })
      }
      insertRolls(raw, batch)
    }
    const log = raw.prepare(`INSERT INTO clock_log (day, step, effects) VALUES (?, ?, ?)`)
    for (let day = 1; day <= DAYS; day++) if (day % 7 === 0) log.run(day, 'recruiting', JSON.stringify([`Hired ${int(3, 12)} sailors`]))
    const reminder = raw.prepare(`INSERT INTO reminder (due_day, title) VALUES (?, ?)`)
    for (let i = 0; i < REMINDERS; i++) reminder.run(int(0, DAYS + 3650), `Reminder ${i}`)
    raw.prepare(`UPDATE clock SET day = ? WHERE id = 1`).run(DAYS)
  })()
  raw.pragma('wal_checkpoint(TRUNCATE)')
  raw.close()
  return { ledgerTx, rolls, journal, buildMs: performance.now() - start }
}

/** What the built file depends on: change any of these and the cached file is built again. */
const SOURCES = ['bench/ten-year.ts', 'src/main/campaign/migrations.ts', 'src/main/campaign-core/dice.ts', 'src/shared/dice/roll.ts', 'src/shared/dice/rng.ts']
const ROOT = fileURLToPath(new URL('..', import.meta.url))
const CACHE = join(ROOT, 'node_modules', '.cache', 'quarterdeck-bench')

/**
 * A copy of the ten-year campaign at `dest`: built once (about a minute) into node_modules/.cache and
 * copied from there afterwards, until this generator, the schema or the roll log's code changes.
 */
export async function copyTenYear(dest: string, opts: TenYearOptions = {}): Promise<TenYear & { cached: boolean }> {
  const hash = createHash('sha256')
  for (const f of SOURCES) hash.update(readFileSync(join(ROOT, f)))
  hash.update(JSON.stringify(opts))
  const key = hash.digest('hex').slice(0, 16)
  const file = join(CACHE, `ten-year-${key}.quarterdeck`)
  const info = join(CACHE, `ten-year-${key}.json`)
  let cached = true
  if (!existsSync(file) || !existsSync(info)) {
    cached = false
    mkdirSync(CACHE, { recursive: true })
    const home = mkdtempSync(join(CACHE, 'build-'))
    try {
      const path = join(home, 'ten-years.quarterdeck')
      const built = await buildTenYear(home, path, opts)
      renameSync(path, file)
      writeJson(info, built)
    } finally {
      rmSync(home, { recursive: true, force: true })
    }
  }
  copyFileSync(file, dest)
  return { ...(JSON.parse(readFileSync(info, 'utf8')) as TenYear), cached }
}

function writeJson(path: string, value: unknown): void {
  const tmp = `${path}.tmp`
  writeFileSync(tmp, JSON.stringify(value))
  renameSync(tmp, path)
}
