import { randomInt } from 'node:crypto'
import { parseNotation, type DiceSpec } from '../../shared/dice/notation'
import { DiceBox, readFaces, type DiceMode, type RollRecord } from '../../shared/dice/roll'
import { Rng, seedState } from '../../shared/dice/rng'
import { CommandError } from '../../shared/errors'
import { stmt, type Db } from '../campaign/sqlite'
import { currentDay } from './clock-state'

/** The campaign's generator, seeded on first use when the campaign has none yet. */
export function loadRng(db: Db): Rng {
  const row = stmt(db, `SELECT state FROM rng WHERE id = 1`).get() as { state: string } | undefined
  if (row) return new Rng(JSON.parse(row.state) as number[])
  const state = seedState(randomInt(0, 2 ** 31 - 1))
  stmt(db, `INSERT INTO rng (id, state) VALUES (1, ?)`).run(JSON.stringify(state))
  return new Rng(state)
}

export function seedRng(db: Db, seed: number): void {
  stmt(db, `INSERT INTO rng (id, state) VALUES (1, ?) ON CONFLICT(id) DO UPDATE SET state = excluded.state`).run(
    JSON.stringify(seedState(seed))
  )
}

export function openDiceBox(db: Db, given: readonly number[] | undefined, mode: DiceMode): DiceBox {
  return new DiceBox(loadRng(db), given ?? [], mode, () => currentDay(db))
}

/**
 * After a command: keep the generator's new state, write every roll to the log, and refuse
 * faces the GM typed that no roll used (they were probably meant for something else).
 */
export function settleDice(db: Db, box: DiceBox, command: string): void {
  const unused = box.unused()
  if (unused > 0) {
    throw new CommandError(
      'invalid_input',
      `dice: ${unused} of the faces given ${unused === 1 ? 'was' : 'were'} not needed (this command used ${box.records.reduce((n, r) => n + r.faces.length, 0)}).`,
      { field: 'dice', issues: [{ field: 'dice', message: 'more faces than needed' }] }
    )
  }
  // The generator moves only by a roll: a command that rolled nothing leaves its state as it was.
  if (box.records.length > 0) stmt(db, `UPDATE rng SET state = ? WHERE id = 1`).run(JSON.stringify(box.rngState()))
  const kind = command.split('.')[0] ?? command
  insertRolls(db, box.records.map((r, i) => ({ day: box.days[i] ?? 0, kind, roll: r, command })))
}

/** The number of a word of the roll log (migration 0025), adding it the first time; `known` keeps those of one write. */
function textId(db: Db, text: string, known?: Map<string, number>): number {
  const kept = known?.get(text)
  if (kept !== undefined) return kept
  const row = stmt(db, `SELECT id FROM roll_text WHERE text = ?`).get(text) as { id: number } | undefined
  const id = row ? row.id : Number(stmt(db, `INSERT INTO roll_text (text) VALUES (?)`).run(text).lastInsertRowid)
  known?.set(text, id)
  return id
}

/**
 * Write rolls to the roll log, in order: `kind` is the log's filter (the command's area, or 'battle').
 * The log keeps the faces (its dice, the dice kept and the total are read back from them by the
 * notation) and each word by its number, looked up once for all these rolls.
 */
export function insertRolls(db: Db, rolls: readonly { day: number; kind: string; roll: RollRecord; command: string }[]): void {
  const known = new Map<string, number>()
  const insert = stmt(db, `INSERT INTO roll (day, kind, purpose, notation, command, faces, manual) VALUES (?, ?, ?, ?, ?, ?, ?)`)
  for (const { day, kind, roll: r, command } of rolls) {
    insert.run(day, textId(db, kind, known), textId(db, r.purpose, known), textId(db, r.notation, known), textId(db, command, known), Buffer.from(r.faces), r.manual ? 1 : 0)
  }
}

/** Write one roll to the roll log (see `insertRolls`). */
export function insertRoll(db: Db, day: number, kind: string, r: RollRecord, command: string): void {
  insertRolls(db, [{ day, kind, roll: r, command }])
}

export interface RollLogFilter {
  kind?: string
  search?: string
  limit?: number
  /** Rows of the newest-first log to skip before the page (a page of the Log). */
  offset?: number
  before?: number
}

/** A roll as the log reads it back: the roll as it was recorded (less its breakdown), where and when. */
export interface RollLogRow extends Omit<RollRecord, 'breakdown'> {
  id: number
  day: number
  kind: string
  command: string
}

/** Rolls a block of the roll log holds (a roll's block is its id >> 10: migration 0025’s `roll_block`). */
const BLOCK = 1024

/** The WHERE parts of a roll-log filter (its kind by number, its words searched once each, before a roll); null: a kind never rolled. */
function rollWhere(db: Db, f: RollLogFilter): { parts: string[]; params: unknown[]; kindId: number | undefined } | null {
  const parts: string[] = []
  const params: unknown[] = []
  let kindId: number | undefined
  if (f.kind) {
    kindId = (stmt(db, `SELECT id FROM roll_text WHERE text = ?`).get(f.kind) as { id: number } | undefined)?.id
    if (kindId === undefined) return null
    parts.push('r.kind = ?')
    params.push(kindId)
  }
  if (f.search) {
    // The words are searched once each, not once a roll.
    parts.push(`(r.purpose IN (SELECT id FROM roll_text WHERE text LIKE ? ESCAPE '\\') OR r.notation IN (SELECT id FROM roll_text WHERE text LIKE ? ESCAPE '\\'))`)
    const like = `%${f.search.replace(/[\\%_]/g, (c) => '\\' + c)}%`
    params.push(like, like)
  }
  if (f.before) {
    parts.push('r.id < ?')
    params.push(f.before)
  }
  return { parts, params, kindId }
}

/** The blocks of 1,024 rolls that hold a kind, newest first (up to the block of `before`). */
function blocksOf(db: Db, kindId: number, before: number | undefined): number[] {
  return (stmt(db, `SELECT block FROM roll_block WHERE kind = ? AND block <= ? ORDER BY block DESC`).all(kindId, before ? Math.floor(before / BLOCK) : Number.MAX_SAFE_INTEGER) as { block: number }[]).map((b) => b.block)
}

/** How many rolls the filter matches (the Log's page count). */
export function countRolls(db: Db, f: RollLogFilter): number {
  const w = rollWhere(db, f)
  if (!w) return 0
  const where = w.parts.length ? w.parts.join(' AND ') : '1'
  if (w.kindId === undefined) return (db.prepare(`SELECT count(*) AS n FROM roll r WHERE ${where}`).get(...w.params) as { n: number }).n
  const inBlock = db.prepare(`SELECT count(*) AS n FROM roll r WHERE ${where} AND r.id BETWEEN ? AND ?`)
  let n = 0
  for (const block of blocksOf(db, w.kindId, f.before)) n += (inBlock.get(...w.params, block * BLOCK, (block + 1) * BLOCK - 1) as { n: number }).n
  return n
}

/** The roll log, newest first: of one kind, with a purpose or notation containing `search`, before a roll; a page of `limit` after `offset`. */
export function readRolls(db: Db, f: RollLogFilter): RollLogRow[] {
  const w = rollWhere(db, f)
  if (!w) return []
  const { parts, params, kindId } = w
  const paged = f.limit !== undefined || (f.offset ?? 0) > 0
  const query = (extra: string) =>
    db.prepare(
      `SELECT r.id, r.day, k.text AS kind, p.text AS purpose, n.text AS notation, r.faces, r.manual, c.text AS command
       FROM roll r JOIN roll_text k ON k.id = r.kind JOIN roll_text p ON p.id = r.purpose
       JOIN roll_text n ON n.id = r.notation JOIN roll_text c ON c.id = r.command
       WHERE ${[...parts, extra].join(' AND ')} ORDER BY r.id DESC ${paged ? 'LIMIT ? OFFSET ?' : ''}`
    )
  type Row = { id: number; day: number; kind: string; purpose: string; notation: string; faces: Buffer; manual: number; command: string }
  let rows: Row[]
  if (kindId === undefined) rows = query('1').all(...params, ...(paged ? [f.limit ?? -1, f.offset ?? 0] : [])) as Row[]
  else {
    // Of one kind: the blocks that hold it, newest first, skipping whole blocks before the page, until it is full.
    const inBlock = query('r.id BETWEEN ? AND ?')
    const countIn = db.prepare(`SELECT count(*) AS n FROM roll r WHERE ${[...parts, 'r.id BETWEEN ? AND ?'].join(' AND ')}`)
    let skip = f.offset ?? 0
    rows = []
    for (const block of blocksOf(db, kindId, f.before)) {
      const range = [block * BLOCK, (block + 1) * BLOCK - 1]
      if (skip > 0) {
        const n = (countIn.get(...params, ...range) as { n: number }).n
        if (n <= skip) {
          skip -= n
          continue
        }
      }
      const left = f.limit !== undefined ? f.limit - rows.length : -1
      rows.push(...(inBlock.all(...params, ...range, ...(paged ? [left, skip] : [])) as Row[]))
      skip = 0
      if (f.limit !== undefined && rows.length >= f.limit) break
    }
  }
  const specs = new Map<string, DiceSpec>()
  return rows.map((r) => {
    let spec = specs.get(r.notation)
    if (!spec) specs.set(r.notation, (spec = parseNotation(r.notation)))
    const faces = Array.from(r.faces)
    const { dice, kept, total } = readFaces(spec, faces)
    return { id: r.id, day: r.day, kind: r.kind, purpose: r.purpose, notation: r.notation, faces, dice, kept, total, manual: r.manual === 1, command: r.command }
  })
}
