/**
 * Shared helpers for the unit and integration tests: a throwaway app home with a session and a
 * door on it, an injectable clock, and raw (outside-the-app) readers for campaign files.
 */
import Database from 'better-sqlite3'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest'
import { AppSession, type SessionOptions } from '../src/main/app/session'
import { LATEST_SCHEMA, MIGRATIONS, type Migration } from '../src/main/campaign/migrations'
import { Door } from '../src/main/door/door'
import { startHost, type Host } from '../src/main/http/host'
import type { CommandErrorBody, Outcome } from '../src/shared/errors'
import type { CommandName, CommandOutput } from '../src/shared/commands'
import type { BattleReview, BattleView } from '../src/shared/commands/battles'
import type { ShipDetail } from '../src/shared/commands/ships'
import type { ShipQuote } from '../src/shared/ship/design'

/** The repository root (tests run with it as the working directory, but do not rely on that). */
export const ROOT = fileURLToPath(new URL('..', import.meta.url))

export interface Clock {
  now: () => Date
  /** Move the clock forward by `ms`. */
  advance(ms: number): void
  set(iso: string | Date): void
}

export function makeClock(start: string | Date = '2026-03-01T09:00:00.000Z'): Clock {
  let t = new Date(start).getTime()
  return {
    now: () => new Date(t),
    advance: (ms) => {
      t += ms
    },
    set: (iso) => {
      t = new Date(iso).getTime()
    }
  }
}

export const MINUTE = 60_000
export const HOUR = 60 * MINUTE
export const DAY = 24 * HOUR

export function makeTempDir(prefix = 'quarterdeck-test-'): string {
  return mkdtempSync(join(tmpdir(), prefix))
}

/**
 * What a call answers, as the High Seas tests read it: `battles.state` and `battles.review` answer a
 * union on the battle's ruleset (issue 17); tests written for High Seas battles see the High Seas
 * half (the door checks the real answer against the contract all the same).
 *
 * Likewise `ships.get`, `ships.quote` and `ships.commission` answer a union on the campaign's setting
 * (issue 18: a Théah ship or an Atrilian one); tests written for Théah ships see the Théah half.
 */
export type TheahShipOutput<N extends CommandName> = N extends 'ships.get'
  ? ShipDetail
  : N extends 'ships.quote'
    ? ShipQuote
    : N extends 'ships.commission'
      ? Exclude<CommandOutput<'ships.commission'>, { setting: 'atrilia' }>
      : CommandOutput<N>
export type HighSeasOutput<N extends CommandName> = N extends 'battles.state' ? BattleView : N extends 'battles.review' ? BattleReview : TheahShipOutput<N>
export type TestDoor = { call<N extends CommandName>(name: N, input?: unknown): Promise<HighSeasOutput<N>> } & Door

export interface TestSession {
  session: AppSession
  door: TestDoor
  /** The session's home folder (a fresh temp dir). */
  home: string
  campaignsDir: string
  /** Everything the session logged, in order. */
  logs: { message: string; error?: unknown }[]
  /** Close the session's campaign (if any) and delete the temp dir. */
  cleanup(): Promise<void>
}

export type MakeSessionOptions = Partial<Omit<SessionOptions, 'home'>> & {
  /** Reuse an existing home instead of making a fresh temp dir (it is then not deleted by cleanup). */
  home?: string
}

export function makeSession(opts: MakeSessionOptions = {}): TestSession {
  const ownHome = opts.home === undefined
  const home = opts.home ?? makeTempDir()
  const logs: TestSession['logs'] = []
  const session = new AppSession({
    mode: 'desktop',
    version: '0.0.0-test',
    log: (message, error) => logs.push({ message, error }),
    ...opts,
    home
  })
  const door = new Door(session, { checkOutputs: true }) as TestDoor
  return {
    session,
    door,
    home,
    campaignsDir: session.paths.campaignsDir,
    logs,
    cleanup: async () => {
      try {
        await session.close()
      } catch {
        // the test may have broken the connection on purpose
      }
      if (ownHome) rmSync(home, { recursive: true, force: true })
    }
  }
}

/** Assert an outcome failed and return its error body. */
export function errorOf(out: Outcome<unknown>): CommandErrorBody {
  if (out.ok) throw new Error(`Expected an error outcome, got success: ${JSON.stringify(out.value)}`)
  return out.error
}

/** Assert an outcome succeeded and return its value. */
export function valueOf<T = unknown>(out: Outcome<unknown>): T {
  if (!out.ok) throw new Error(`Expected success, got ${out.error.code}: ${out.error.message}`)
  return out.value as T
}

export interface CampaignRow {
  id: number
  uuid: string
  name: string
  setting: string
  created_at: string
}

/**
 * Run `fn` on a fresh connection to a campaign file (outside the app), then close it. Read-only
 * by default; a writable connection creates the file if it is missing. Note that a read-only
 * connection to a WAL-mode file leaves its -wal/-shm files behind: check for those first.
 */
export function withRawDb<T>(path: string, fn: (db: Database.Database) => T, readonly = true): T {
  const db = new Database(path, { readonly, fileMustExist: readonly })
  try {
    return fn(db)
  } finally {
    db.close()
  }
}

export function campaignRow(db: Database.Database): CampaignRow | undefined {
  return db.prepare(`SELECT * FROM campaign WHERE id = 1`).get() as CampaignRow | undefined
}

/** A campaign file's schema (every table, index and trigger with its SQL), read outside the app. */
export const schemaOf = (path: string) => withRawDb(path, (db) => db.prepare(`SELECT type, name, sql FROM sqlite_schema ORDER BY name`).all())

/**
 * What every bundled sample's build must give (the sample tests): two builds in `dir` are finished files
 * (no -wal beside them) with the campaign row `row`, the same schema, an empty journal and undo stack,
 * a sound file at the newest schema — and the same bytes, a later wall-clock time leaking into neither.
 */
export async function expectSampleBuildsAlike(build: (path: string) => Promise<unknown>, dir: string, row: CampaignRow): Promise<void> {
  const a = join(dir, 'build-a.quarterdeck')
  const b = join(dir, 'build-b.quarterdeck')
  await build(a)
  await new Promise((r) => setTimeout(r, 20)) // a later wall-clock time must not leak into the file
  await build(b)
  for (const p of [a, b]) expect(existsSync(p + '-wal')).toBe(false)
  expect(withRawDb(a, campaignRow)).toEqual(row)
  expect(withRawDb(b, campaignRow)).toEqual(row)
  expect(schemaOf(b)).toEqual(schemaOf(a))
  for (const p of [a, b]) {
    withRawDb(p, (db) => {
      expect(db.prepare(`SELECT count(*) AS n FROM journal`).get()).toEqual({ n: 0 })
      expect(db.prepare(`SELECT count(*) AS n FROM undo_step`).get()).toEqual({ n: 0 })
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok')
      expect((db.prepare(`SELECT id FROM schema_migrations`).all() as { id: string }[]).at(-1)!.id).toBe(LATEST_SCHEMA)
    })
  }
  expect(readFileSync(b).equals(readFileSync(a))).toBe(true)
}

/** A sample's build refuses to write over a file already there (a rule error). */
export async function expectSampleRefusesOverwrite(build: (path: string) => Promise<unknown>, dir: string): Promise<void> {
  const a = join(dir, 'twice.quarterdeck')
  await build(a)
  await expect(build(a)).rejects.toMatchObject({ code: 'rule' })
}

export function journalInputs(db: Database.Database): { seq: number; command: string; input: string; undone: number }[] {
  return db.prepare(`SELECT seq, command, input, undone FROM journal ORDER BY seq`).all() as {
    seq: number
    command: string
    input: string
    undone: number
  }[]
}

/** A small seeded PRNG (mulberry32) for reproducible random delays. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

// ---------------------------------------------------------------------------------------------
// Campaign core helpers (settings, clock, people, ledger, dice): a seeded campaign, typed calls
// that fail loudly, and a dump of every campaign table for undo and replay checks.
// ---------------------------------------------------------------------------------------------

/**
 * Tables that belong to the machinery (journal and undo bookkeeping, and the ledger's running
 * balances derived from its lines, checked against SUM by the ledger and undo property tests), left
 * out of `dumpCampaign`.
 */
export const MACHINERY_TABLES = ['journal', 'undo_step', 'sqlite_sequence', 'schema_migrations', 'ledger_balance', 'ledger_owner_txs', 'roll_block'] as const

/** The ledger's running balances and per-owner transaction counts are what SUM and count(DISTINCT) give from its lines. */
export function expectRunningBalances(db: Database.Database): void {
  const kept = db.prepare(`SELECT owner_id AS o, account AS a, total AS n FROM ledger_balance WHERE total <> 0 ORDER BY o, a`).all()
  const summed = db
    .prepare(`SELECT owner_id AS o, account AS a, SUM(amount) AS n FROM ledger_line GROUP BY owner_id, account HAVING n <> 0 ORDER BY o, a`)
    .all()
  expect(kept).toEqual(summed)
  const counted = db.prepare(`SELECT owner_id AS o, txs AS n FROM ledger_owner_txs WHERE txs <> 0 ORDER BY o`).all()
  const distinct = db.prepare(`SELECT owner_id AS o, count(DISTINCT tx_id) AS n FROM ledger_line GROUP BY owner_id ORDER BY o`).all()
  expect(counted).toEqual(distinct)
}

/**
 * Create and open a campaign with a fixed uuid, creation time and dice seed, so two campaigns made
 * with the same options start byte-for-byte alike and roll the same dice. Returns its path.
 */
export async function openSeededCampaign(
  t: TestSession,
  opts: { seed?: number; name?: string; fileName?: string; setting?: 'theah' | 'atrilia' } = {}
): Promise<string> {
  const path = join(t.campaignsDir, opts.fileName ?? `seeded-${opts.seed ?? 1}-${Math.random().toString(36).slice(2)}.quarterdeck`)
  await t.session.create(path, opts.name ?? 'Core Test', opts.setting ?? 'theah', {
    uuid: '00000000-0000-4000-8000-000000000001',
    createdAt: '2026-01-01T00:00:00.000Z',
    seed: opts.seed ?? 1
  })
  return path
}

/**
 * For a test file of an Atrilia campaign: before each test, a fresh session on the June 2026 clock with a new
 * Atrilia campaign "al-Zabdiyat" (seed 7) open, handed to `use`; closed after the test.
 */
export function atriliaCampaignSessions(use: (t: TestSession) => void): void {
  let t: TestSession
  beforeEach(async () => {
    t = makeSession({ now: makeClock('2026-06-01T12:00:00.000Z').now })
    use(t)
    await openSeededCampaign(t, { seed: 7, name: 'al-Zabdiyat', setting: 'atrilia' })
  })
  afterEach(async () => {
    await t.cleanup()
  })
}

/** Every campaign table (all but the machinery), each as its rows ordered by rowid, rowid included. */
export function dumpCampaign(db: Database.Database): Record<string, unknown[]> {
  const tables = (
    db.prepare(`SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`).all() as {
      name: string
    }[]
  )
    .map((r) => r.name)
    .filter((n) => !(MACHINERY_TABLES as readonly string[]).includes(n))
  const out: Record<string, unknown[]> = {}
  for (const name of tables) {
    out[name] = db.prepare(`SELECT rowid AS "(rowid)", * FROM "${name.replace(/"/g, '""')}" ORDER BY rowid`).all()
  }
  return out
}

/** Number of rows in a table. */
export function countRows(db: Database.Database, table: string, where = ''): number {
  return (db.prepare(`SELECT count(*) AS n FROM "${table.replace(/"/g, '""')}" ${where}`).get() as { n: number }).n
}

/** Invoke a command that must fail; returns the error body. */
export async function failureOf(door: Door, name: string, input: unknown): Promise<CommandErrorBody> {
  return errorOf(await door.invoke(name, input, 'internal'))
}

/** The field names an invalid_input error lists in its details. */
export function issueFields(err: CommandErrorBody): string[] {
  const d = err.details as { issues?: { field: string }[] } | undefined
  return (d?.issues ?? []).map((i) => i.field)
}

/** Parse CSV text (RFC 4180: quoted fields, doubled quotes, CRLF rows) into rows of cells. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"'
        i++
      } else if (ch === '"') quoted = false
      else cell += ch
    } else if (ch === '"') quoted = true
    else if (ch === ',') {
      row.push(cell)
      cell = ''
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell)
      rows.push(row)
      row = []
      cell = ''
      i++
    } else cell += ch
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell)
    rows.push(row)
  }
  return rows
}

// ---------------------------------------------------------------------------------------------
// Ships: plain designs for the shipyard tests.
// ---------------------------------------------------------------------------------------------

/**
 * A well-formed ship design (seed 003, I): the bare hull with no guns, boats or powder unless
 * `extra` adds them. Nested groups given in `extra` replace the defaults' groups whole.
 */
export function shipDesign(
  hull: 'corsair' | 'smallWarship' | 'merchantman' | 'largeWarship' | 'galleon' = 'corsair',
  extra: Record<string, unknown> = {}
): Record<string, unknown> {
  return {
    hull,
    frigate: false,
    colonial: false,
    guns: { port: 0, starboard: 0, chasers: 0, stern: 0 },
    pontGuns: { port: 0, starboard: 0 },
    jollyBoats: 0,
    powderTons: 0,
    modifications: {},
    flaws: {},
    ...extra
  }
}

/** The calls of an app-scope calculator test over the local HTTP host (see `calculatorHost`). */
export interface CalculatorCalls {
  post(name: string, body: unknown): Promise<{ status: number; json: any }> // eslint-disable-line @typescript-eslint/no-explicit-any
  /** A 200's answer. */
  ok(name: string, body: unknown): Promise<any> // eslint-disable-line @typescript-eslint/no-explicit-any
  /** A 400 whose only issue names `field`; the message is returned for the words to be checked. */
  refused(name: string, body: unknown, field: string): Promise<string>
}

/**
 * For a test file of app-scope calculators: a browser-mode session with no campaign open behind the
 * local HTTP host, started before the file's tests and closed after them, and the calls to make on it.
 */
export function calculatorHost(token: string): CalculatorCalls {
  let t: TestSession
  let host: Host
  beforeAll(async () => {
    t = makeSession({ mode: 'browser' })
    host = await startHost({ door: t.door, token, port: 0 })
  })
  afterAll(async () => {
    await host.close()
    await t.cleanup()
  })
  const post: CalculatorCalls['post'] = async (name, body) => {
    const r = await fetch(`http://127.0.0.1:${host.port}/api/${name}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body)
    })
    return { status: r.status, json: await r.json() }
  }
  return {
    post,
    ok: async (name, body) => {
      const r = await post(name, body)
      expect(r.status, JSON.stringify(r.json)).toBe(200)
      return r.json
    },
    refused: async (name, body, field) => {
      const r = await post(name, body)
      expect(r.status).toBe(400)
      expect(r.json.error.code).toBe('invalid_input')
      expect(r.json.error.details.issues.map((i: { field: string }) => i.field)).toEqual([field])
      return r.json.error.details.issues[0].message as string
    }
  }
}

/** What `migrationSessions` gives a migration test. */
export interface MigrationSteps {
  /** The migrations the app knows, every one shipped (a copy taken before any test cut the list). */
  shipped: readonly Migration[]
  /** Make the app an older version: it knows the migrations before `id` only (files it makes stop there). */
  stopBefore(id: string): void
  /** Make the app the current version again: every shipped migration. */
  restore(): void
}

/**
 * For a test file of one migration. The file must make the migration list editable by mocking it
 * (vi.mock is hoisted only in the test file itself):
 *
 *     vi.mock('../../src/main/campaign/migrations', async (importOriginal) => {
 *       const real = await importOriginal<typeof import('../../src/main/campaign/migrations')>()
 *       return { ...real, MIGRATIONS: [...real.MIGRATIONS] }
 *     })
 *
 * Then each test gets a fresh session (made with `opts()`, handed to `use`, closed after it) with every shipped migration in
 * place before and after it; `stopBefore(id)` makes files as a version before the migration did.
 */
export function migrationSessions(use: (t: TestSession) => void, opts: () => MakeSessionOptions = () => ({})): MigrationSteps {
  const steps = MIGRATIONS as Migration[]
  const shipped = [...steps]
  const restore = () => {
    steps.splice(0, steps.length, ...shipped)
  }
  let t: TestSession
  beforeEach(() => {
    restore()
    t = makeSession(opts())
    use(t)
  })
  afterEach(async () => {
    restore()
    await t.cleanup()
  })
  return {
    shipped,
    stopBefore: (id) => {
      const at = steps.findIndex((m) => m.id === id)
      if (at < 0) throw new Error(`No migration ${id} to stop before`)
      steps.splice(at)
    },
    restore
  }
}
