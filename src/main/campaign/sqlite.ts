import Database from 'better-sqlite3'
import { parseNotation } from '../../shared/dice/notation'
import { readFaces } from '../../shared/dice/roll'

export type Db = Database.Database

export interface SqliteOptions {
  /** Path of a better_sqlite3.node built for this runtime (the Electron build); default: the Node build. */
  nativeBinding?: string
}

let defaultBinding: string | undefined

/** The Electron shell sets this once, before any campaign is opened. */
export function setDefaultNativeBinding(path: string | undefined): void {
  defaultBinding = path
}

/** The native binding a connection made with `opts` uses (undefined: the Node build). */
export function nativeBindingOf(opts: SqliteOptions = {}): string | undefined {
  return opts.nativeBinding ?? defaultBinding
}

export function openSqlite(
  path: string,
  opts: SqliteOptions & { readonly?: boolean; fileMustExist?: boolean } = {}
): Db {
  const binding = opts.nativeBinding ?? defaultBinding
  const db = new Database(path, {
    readonly: opts.readonly ?? false,
    fileMustExist: opts.fileMustExist ?? false,
    ...(binding ? { nativeBinding: binding } : {})
  })
  registerRollFunctions(db)
  return db
}

/**
 * The roll log keeps each roll's faces as bytes (one a face read, in order) and its words by number
 * (migration 0025, table `roll` and `roll_text`); the view `roll_log` shows it as it always read —
 * faces, dice and kept as JSON arrays, the total — through these functions of the notation and the
 * faces, which read them as the roll did (`readFaces`). Every connection the app opens has them.
 */
export function registerRollFunctions(db: Db): void {
  const read = (notation: string, faces: Uint8Array) => readFaces(parseNotation(notation), faces)
  const opts = { deterministic: true }
  db.function('roll_faces', opts, (faces: unknown) => JSON.stringify(Array.from(faces as Uint8Array)))
  db.function('roll_dice', opts, (notation: unknown, faces: unknown) => JSON.stringify(read(notation as string, faces as Uint8Array).dice))
  db.function('roll_kept', opts, (notation: unknown, faces: unknown) => JSON.stringify(read(notation as string, faces as Uint8Array).kept))
  db.function('roll_total', opts, (notation: unknown, faces: unknown) => read(notation as string, faces as Uint8Array).total)
}

const caches = new WeakMap<Db, Map<string, Database.Statement>>()

/** A prepared statement for `sql` on `db`, prepared once per connection and reused. */
export function stmt(db: Db, sql: string): Database.Statement {
  let cache = caches.get(db)
  if (!cache) caches.set(db, (cache = new Map()))
  let s = cache.get(sql)
  if (!s) cache.set(sql, (s = db.prepare(sql)))
  return s
}

/**
 * Rows as objects, read fast: the statement in raw mode (arrays) and each row made an object by a
 * function compiled once for its columns. better-sqlite3 builds each row object property by property,
 * about twice as slow for a wide row (a ship's company has 21 columns); the objects are the same
 * (the same keys in the same order, the last of two alike winning). For the hot reads.
 */
interface RawReader {
  st: Database.Statement
  make: (row: unknown[]) => Record<string, unknown>
}
const rawCaches = new WeakMap<Db, Map<string, RawReader>>()

function rawReader(db: Db, sql: string): RawReader {
  let cache = rawCaches.get(db)
  if (!cache) rawCaches.set(db, (cache = new Map()))
  let r = cache.get(sql)
  if (!r) {
    const st = db.prepare(sql).raw(true)
    const names = st.columns().map((c) => c.name)
    // The column names go in quoted by JSON.stringify.
    const make = new Function('r', `return {${names.map((n, i) => `${JSON.stringify(n)}: r[${i}]`).join(', ')}}`) as RawReader['make']
    cache.set(sql, (r = { st, make }))
  }
  return r
}

/** `stmt(db, sql).all(...params)`, faster (see RawReader). */
export function allRows<T>(db: Db, sql: string, ...params: unknown[]): T[] {
  const r = rawReader(db, sql)
  return (r.st.all(...params) as unknown[][]).map(r.make) as T[]
}

/** `stmt(db, sql).get(...params)`, faster (see RawReader). */
export function oneRow<T>(db: Db, sql: string, ...params: unknown[]): T | undefined {
  const r = rawReader(db, sql)
  const row = r.st.get(...params) as unknown[] | undefined
  return row === undefined ? undefined : (r.make(row) as T)
}

/**
 * Runs SQLite's own check of the file. Returns null when the file is sound, else what is wrong.
 * 'quick' (what opening a campaign runs) reads every page and checks the b-trees, records and
 * constraints but not that each index matches its table; 'full' (on demand) checks that too and
 * takes several times longer on a big campaign.
 */
export function integrityProblem(db: Db, depth: 'quick' | 'full' = 'full'): string | null {
  const pragma = depth === 'quick' ? 'quick_check' : 'integrity_check'
  const rows = db.pragma(pragma) as Record<string, string>[]
  const lines = rows.map((r) => r[pragma]!)
  if (lines.length === 1 && lines[0] === 'ok') return null
  return lines.slice(0, 5).join('; ') + (lines.length > 5 ? ` (and ${lines.length - 5} more problems)` : '')
}

/**
 * What one command may keep while it runs (parsed rule tables, the clock's day, …): the door opens
 * a memo around each read or write it runs on a campaign and drops it when the command ends, so
 * nothing kept outlives the transaction that read it (a rolled-back write leaves no trace here).
 * Outside a command there is no memo and readers go to the database every time.
 *
 * A memo may also hold a write put off to the end of the command (the clock's day, moved once a
 * day by a voyage, is written once): `deferWrite` registers it, and it is written when the command's
 * work ends, or earlier by `flushMemo`. Whatever changes rows behind the memo's back (undo, a rule
 * edit) calls `forgetMemo`, which writes what is pending first and then forgets what was read.
 */
interface Memo {
  kept: Map<string, unknown>
  pending: Map<string, () => void>
}
const memos = new WeakMap<Db, Memo>()

export function withMemo<T>(db: Db, fn: () => T): T {
  if (memos.get(db)) return fn() // a command inside a command shares its memo
  const memo: Memo = { kept: new Map(), pending: new Map() }
  memos.set(db, memo)
  try {
    const value = fn()
    flushMemo(db)
    return value
  } finally {
    memos.delete(db)
  }
}

export function memoOf(db: Db): Map<string, unknown> | undefined {
  return memos.get(db)?.kept
}

/** Put off a write to the end of the command (the latest one registered under `key` wins). False when no command is running. */
export function deferWrite(db: Db, key: string, write: () => void): boolean {
  const memo = memos.get(db)
  if (!memo) return false
  memo.pending.set(key, write)
  return true
}

/** Write what the running command has put off. */
export function flushMemo(db: Db): void {
  const memo = memos.get(db)
  if (!memo || memo.pending.size === 0) return
  const writes = [...memo.pending.values()]
  memo.pending.clear()
  for (const w of writes) w()
}

/** Write what is pending, then forget what was read (rows are about to change, or have changed, behind the memo). */
export function forgetMemo(db: Db): void {
  flushMemo(db)
  memos.get(db)?.kept.clear()
}
