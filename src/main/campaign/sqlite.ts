import Database from 'better-sqlite3'

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

export function openSqlite(
  path: string,
  opts: SqliteOptions & { readonly?: boolean; fileMustExist?: boolean } = {}
): Db {
  const binding = opts.nativeBinding ?? defaultBinding
  return new Database(path, {
    readonly: opts.readonly ?? false,
    fileMustExist: opts.fileMustExist ?? false,
    ...(binding ? { nativeBinding: binding } : {})
  })
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

/** Runs SQLite's own integrity check. Returns null when the file is sound, else what is wrong. */
export function integrityProblem(db: Db): string | null {
  const rows = db.pragma('integrity_check') as { integrity_check: string }[]
  const lines = rows.map((r) => r.integrity_check)
  if (lines.length === 1 && lines[0] === 'ok') return null
  return lines.slice(0, 5).join('; ') + (lines.length > 5 ? ` (and ${lines.length - 5} more problems)` : '')
}
