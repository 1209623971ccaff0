import { forgetMemo, stmt, type Db } from './sqlite'
import { SYSTEM_TABLES } from './migrations'

/**
 * Undo by inverse statements (the classic SQLite undo/redo technique).
 *
 * For every campaign table, temporary triggers write the SQL that reverses each row change into
 * `undo_step`, tagged with the journal entry that is running (held in `temp.undo_active`).
 * Undoing an entry runs its steps newest-first; while they run the same triggers record their
 * inverses, which become the steps that redo it. Redo is the same operation again.
 *
 * Triggers are TEMP, made on each open from the current schema, so they follow migrations and
 * never live in the file.
 */

const q = (name: string): string => `"${name.replace(/"/g, '""')}"`
/** A SQL string literal holding `s`, for building trigger bodies. */
const lit = (s: string): string => `'${s.replace(/'/g, "''")}'`

export function campaignTables(db: Db): string[] {
  const rows = db
    .prepare(`SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`)
    .all() as { name: string }[]
  return rows.map((r) => r.name).filter((n) => !SYSTEM_TABLES.has(n))
}

/**
 * Append-only logs (the dice and their words, the clock, voyages' and ships' logs, the ledger): a command only adds
 * rows to them, so instead of a step a row, the rows it added are undone by one step, "delete what
 * is past the last row before it" (`closeCapture`). Undo and redo themselves capture these tables
 * row by row like any other (they put back rows with their old ids), and updates and deletes are
 * captured row by row always.
 */
const APPEND_ONLY = ['roll', 'clock_log', 'voyage_event', 'ship_event', 'ledger_tx', 'ledger_line', 'roll_text']

interface Marks {
  seq: number
  /** Each append-only table's last rowid when the command began. */
  last: [table: string, rowid: number][]
}
const marks = new WeakMap<Db, Marks | null>()
const appendOnly = new WeakMap<Db, string[]>()

export function installUndoCapture(db: Db): void {
  db.exec(`CREATE TEMP TABLE IF NOT EXISTS undo_active (seq INTEGER, flip INTEGER NOT NULL DEFAULT 0)`)
  db.exec(`DELETE FROM temp.undo_active`)
  const active = `(SELECT seq FROM temp.undo_active LIMIT 1)`
  const tables = campaignTables(db)
  appendOnly.set(
    db,
    APPEND_ONLY.filter((t) => tables.includes(t))
  )
  for (const table of tables) {
    const cols = (db.pragma(`table_info(${q(table)})`) as { name: string }[]).map((c) => c.name)
    const wr = db.prepare(`SELECT 1 FROM sqlite_schema WHERE name = ? AND sql LIKE '%WITHOUT ROWID%'`).get(table)
    if (wr) throw new Error(`Table ${table} is WITHOUT ROWID; undo capture needs rowid tables.`)
    const t = q(table)
    const step = (sqlExpr: string) =>
      `INSERT INTO main.undo_step(seq, sql) SELECT ${active}, ${sqlExpr} WHERE ${active} IS NOT NULL;`
    // Only the columns the update changed are written back: a ship's design or a voyage's legs are
    // long texts that a day's update leaves as they were.
    const setOld = cols
      .map((c) => `(CASE WHEN OLD.${q(c)} IS NEW.${q(c)} AND typeof(OLD.${q(c)}) = typeof(NEW.${q(c)}) THEN '' ELSE ${lit(',' + q(c) + '=')} || quote(OLD.${q(c)}) END)`)
      .join(' || ')
    const colList = ['rowid', ...cols.map(q)].join(',')
    const oldValues = cols.map((c) => `quote(OLD.${q(c)})`).join(` || ',' || `)
    db.exec(`
      DROP TRIGGER IF EXISTS temp.${q('undo_ins_' + table)};
      DROP TRIGGER IF EXISTS temp.${q('undo_upd_' + table)};
      DROP TRIGGER IF EXISTS temp.${q('undo_del_' + table)};
      CREATE TEMP TRIGGER ${q('undo_ins_' + table)} AFTER INSERT ON main.${t}${
        APPEND_ONLY.includes(table) ? ' WHEN (SELECT flip FROM temp.undo_active LIMIT 1) = 1' : ''
      } BEGIN
        ${step(`${lit(`DELETE FROM ${t} WHERE rowid=`)} || NEW.rowid`)}
      END;
      CREATE TEMP TRIGGER ${q('undo_upd_' + table)} AFTER UPDATE ON main.${t} BEGIN
        ${step(`${lit(`UPDATE ${t} SET rowid=`)} || OLD.rowid || ${setOld} || ${lit(' WHERE rowid=')} || NEW.rowid`)}
      END;
      CREATE TEMP TRIGGER ${q('undo_del_' + table)} BEFORE DELETE ON main.${t} BEGIN
        ${step(`${lit(`INSERT INTO ${t}(${colList}) VALUES(`)} || OLD.rowid || ',' || ${oldValues} || ')'`)}
      END;
    `)
  }
}

/**
 * Start capturing row changes for journal entry `seq` (null stops capturing). A command's capture
 * notes where each append-only log ends; `flip` (undo and redo) captures every row instead.
 */
export function setCapture(db: Db, seq: number | null, flip = false): void {
  stmt(db, `DELETE FROM temp.undo_active`).run()
  marks.set(db, null)
  if (seq === null) return
  stmt(db, `INSERT INTO temp.undo_active(seq, flip) VALUES (?, ?)`).run(seq, flip ? 1 : 0)
  if (!flip) {
    const tables = appendOnly.get(db) ?? []
    const last = lastRowids(db, tables)
    marks.set(db, { seq, last: tables.map((t, k) => [t, last[k]!]) })
  }
}

/** The last rowid of each of `tables` (0 for an empty one), read in one statement. */
function lastRowids(db: Db, tables: readonly string[]): number[] {
  if (tables.length === 0) return []
  const sql = `SELECT ${tables.map((t) => `COALESCE((SELECT MAX(rowid) FROM ${q(t)}), 0)`).join(', ')}`
  return stmt(db, sql).raw(true).get() as number[]
}

/**
 * The command's work is done: record one step for each append-only log it added to. The steps
 * get ids below every other step (negative, by entry and table), so undo runs them last: after the
 * other steps, which may put back rows the command deleted or changed, the rows it added go.
 */
export function closeCapture(db: Db): void {
  const m = marks.get(db)
  if (!m) return
  const add = stmt(db, `INSERT INTO main.undo_step(id, seq, sql) VALUES (?, ?, ?)`)
  const now = lastRowids(db, m.last.map(([table]) => table))
  m.last.forEach(([table, before], k) => {
    if (now[k]! > before) add.run(-(m.seq * 16 + k), m.seq, `DELETE FROM ${q(table)} WHERE rowid > ${before}`)
  })
}

/**
 * Reverse the recorded steps of entry `seq` and record their inverses in their place.
 * Must run inside a transaction.
 */
export function flipEntry(db: Db, seq: number): void {
  const steps = stmt(db, `SELECT id, sql FROM undo_step WHERE seq = ? ORDER BY id DESC`).all(seq) as {
    id: number
    sql: string
  }[]
  forgetMemo(db) // what the command put off is written before the rows change back
  db.pragma('defer_foreign_keys = ON')
  setCapture(db, seq, true)
  try {
    for (const s of steps) db.exec(s.sql)
  } finally {
    setCapture(db, null)
    forgetMemo(db) // any row may have changed back, rule tables included
  }
  if (steps.length > 0) {
    stmt(db, `DELETE FROM undo_step WHERE seq = ? AND id <= ?`).run(seq, steps[0]!.id)
  }
}
