import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs'
import { basename, dirname, extname, join } from 'node:path'
import type { Backup, BackupKind } from '../../shared/commands/schemas'
import { BACKUP_KINDS } from '../../shared/commands/schemas'
import { CommandError } from '../../shared/errors'
import { calendarTableOf, dateLabel } from '../../shared/calendar'
import { readRule } from './rule-rows'
import { type BackupMeta, inWorker, WorkerUnavailable } from './file-work'
import { integrityProblem, nativeBindingOf, openSqlite, type Db, type SqliteOptions } from './sqlite'

/**
 * Backups of a campaign live beside it, in `<name>.backups/`, so they travel with the file and can
 * be found even when the file itself is too damaged to read. Each backup is a complete campaign
 * file made with SQLite's online backup API (never a raw copy of a live file).
 */

export const KEEP_LAST = 10
export const KEEP_DAILY_DAYS = 7
/** Backups taken by rotation policy; the others (manual, before a migration or restore, damaged) are kept. */
const ROTATED: ReadonlySet<BackupKind> = new Set(['auto', 'close'])

/** A cut-short backup and the SQLite files that belong to it. */
const PARTIAL = /\.partial(?:-journal|-wal|-shm)?$/

const NAME = /^(\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z)(?:-(\d+))?--([a-z-]+)\.quarterdeck$/

export function backupsDir(campaignPath: string): string {
  const stem = basename(campaignPath, extname(campaignPath))
  return join(dirname(campaignPath), `${stem}.backups`)
}

function stamp(d: Date): string {
  return d.toISOString().replace(/:/g, '-').replace('.', '-')
}

function parseName(name: string): { takenAt: string; kind: BackupKind } | null {
  const m = NAME.exec(name)
  if (!m) return null
  const kind = m[3] as BackupKind
  if (!(BACKUP_KINDS as readonly string[]).includes(kind)) return null
  const [date, time] = m[1]!.split('T') as [string, string]
  const [hh, mm, ss, ms] = time.replace('Z', '').split('-')
  return { takenAt: `${date}T${hh}:${mm}:${ss}.${ms}Z`, kind }
}

/**
 * What a backup says about itself (issue 16, point 16): the GM's name for it ("before the battle"),
 * kept inside the backup file (setting `backup.name`, removed again from a campaign restored from it),
 * and the campaign date it holds, read from its own clock and calendar.
 */
const NAME_KEY = 'backup.name'
const NO_META: BackupMeta = { name: null, day: null, dateLabel: null }

function metaOfDb(db: Db): BackupMeta {
  const row = db.prepare(`SELECT day FROM clock WHERE id = 1`).get() as { day: number } | undefined
  const named = db.prepare(`SELECT value FROM setting WHERE key = ?`).get(NAME_KEY) as { value: string } | undefined
  let name: string | null = null
  try {
    const v = named ? (JSON.parse(named.value) as unknown) : null
    name = typeof v === 'string' && v ? v : null
  } catch {
    name = null
  }
  if (!row) return { ...NO_META, name }
  // The backup's own calendar: an Atrilia campaign's dates are written with the Atrilian one.
  let setting: string | undefined
  try {
    setting = (db.prepare(`SELECT setting FROM campaign WHERE id = 1`).get() as { setting: string } | undefined)?.setting
  } catch {
    setting = undefined
  }
  return { name, day: row.day, dateLabel: dateLabel(readRule(db, calendarTableOf(setting)), row.day) }
}

/** The name and campaign date inside a backup file; nulls when it cannot be read. */
function readMeta(file: string): BackupMeta {
  let db: Db | undefined
  try {
    db = openSqlite(file, { readonly: true, fileMustExist: true })
    return metaOfDb(db)
  } catch {
    return NO_META
  } finally {
    db?.close()
  }
}

/** The backups by their names alone (kind and time), newest first: what rotation needs, without opening each file. */
function backupNames(campaignPath: string): { id: string; kind: BackupKind; takenAt: string }[] {
  const dir = backupsDir(campaignPath)
  if (!existsSync(dir)) return []
  const out: { id: string; kind: BackupKind; takenAt: string }[] = []
  for (const name of readdirSync(dir)) {
    const p = parseName(name)
    if (p) out.push({ id: name, ...p })
  }
  return out.sort((a, b) => (a.takenAt === b.takenAt ? b.id.localeCompare(a.id) : b.takenAt.localeCompare(a.takenAt)))
}

export function listBackups(campaignPath: string): Backup[] {
  const dir = backupsDir(campaignPath)
  return backupNames(campaignPath).map((b) => {
    const file = join(dir, b.id)
    const meta = b.kind === 'damaged' ? NO_META : readMeta(file)
    return { ...b, bytes: statSync(file).size, ...meta }
  })
}

function freshPath(campaignPath: string, kind: BackupKind, now: Date): string {
  const dir = backupsDir(campaignPath)
  mkdirSync(dir, { recursive: true })
  let path = join(dir, `${stamp(now)}--${kind}.quarterdeck`)
  for (let i = 1; existsSync(path); i++) path = join(dir, `${stamp(now)}-${i}--${kind}.quarterdeck`)
  return path
}

/**
 * The last of a backup, on its copy `partial` (the GM's name for it: `label`): the copy inherits WAL mode
 * from the campaign; make it a self-contained single file, so that reading it later (checking or
 * restoring it) leaves no -wal/-shm files in the backup folder; write the name inside it (a campaign
 * restored from it drops it again), and read what it holds. The file worker runs this (file-work.ts).
 */
export function finishCopy(partial: string, label: string | null, opts: SqliteOptions = {}): BackupMeta {
  const copy = openSqlite(partial, { ...opts, fileMustExist: true })
  try {
    copy.pragma('journal_mode = DELETE')
    if (label) copy.prepare(`INSERT OR REPLACE INTO setting (key, value) VALUES (?, ?)`).run(NAME_KEY, JSON.stringify(label))
    else copy.prepare(`DELETE FROM setting WHERE key = ?`).run(NAME_KEY)
    return metaOfDb(copy)
  } finally {
    copy.close()
  }
}

/**
 * Copy the open database into a new backup file with SQLite's backup API; `label` is the GM's name for
 * it. `offThread` (an automatic backup, taken beside the commands): the file worker copies the file in one
 * snapshot on a connection of its own and finishes the copy (file-work.ts); when it cannot, the copy is
 * made here, a hundred pages a step with the commands running between the steps. A backup the GM waits
 * for is made here.
 */
export async function takeBackup(db: Db, campaignPath: string, kind: BackupKind, now: Date, label: string | null = null, offThread = false): Promise<Backup> {
  const path = freshPath(campaignPath, kind, now)
  // Written under a name that is not listed, and renamed once complete: a crash part-way through
  // must never leave a cut-off backup that looks like a whole one.
  const partial = `${path}.partial`
  let meta: BackupMeta | undefined
  if (offThread) {
    const binding = nativeBindingOf()
    try {
      meta = await inWorker<BackupMeta>({ task: 'backup', path: campaignPath, partial, label, ...(binding ? { nativeBinding: binding } : {}) })
    } catch (e) {
      if (!(e instanceof WorkerUnavailable)) throw e
    }
  }
  if (!meta) {
    await db.backup(partial)
    meta = finishCopy(partial, label)
  }
  renameSync(partial, path)
  const name = basename(path)
  return { id: name, kind, takenAt: parseName(name)!.takenAt, bytes: statSync(path).size, ...meta }
}

/**
 * Keep the newest KEEP_LAST automatic backups, plus the newest of each of the last KEEP_DAILY_DAYS
 * days; delete the other automatic ones (with `remove`: the session removes them without waiting, a
 * big campaign's file takes some 50 ms to delete). Returns the ids removed.
 */
export function rotateBackups(campaignPath: string, now: Date, remove: (file: string) => void = (file) => rmSync(file, { force: true })): string[] {
  // A backup cut short by a crash is left as *.partial, with SQLite's journal for it if the kill came
  // mid-write (*.partial-journal, or -wal/-shm): never listed, so clear them all away here.
  const dir = backupsDir(campaignPath)
  if (existsSync(dir)) {
    for (const f of readdirSync(dir)) if (PARTIAL.test(f)) rmSync(join(dir, f), { force: true })
  }
  // By name alone: opening every backup to read what it holds would keep the thread ~10 ms a backup.
  const auto = backupNames(campaignPath).filter((b) => ROTATED.has(b.kind))
  const keep = new Set(auto.slice(0, KEEP_LAST).map((b) => b.id))
  const cutoff = now.getTime() - KEEP_DAILY_DAYS * 86_400_000
  const days = new Set<string>()
  for (const b of auto) {
    const day = b.takenAt.slice(0, 10)
    if (Date.parse(b.takenAt) >= cutoff && !days.has(day)) {
      days.add(day)
      keep.add(b.id)
    }
  }
  const removed: string[] = []
  for (const b of auto) {
    if (keep.has(b.id)) continue
    remove(join(backupsDir(campaignPath), b.id))
    removed.push(b.id)
  }
  return removed
}

/** Resolve a backup id to its file, refusing anything that is not one of this campaign's backups. */
export function backupFile(campaignPath: string, id: string): string {
  if (!parseName(id) || !backupNames(campaignPath).some((b) => b.id === id)) {
    throw new CommandError('not_found', `There is no backup "${id}" for ${basename(campaignPath)}.`, { field: 'id' })
  }
  return join(backupsDir(campaignPath), id)
}

/** Check that a backup file is a sound SQLite database before restoring from it. */
export function checkBackup(path: string): void {
  let db: Db | undefined
  try {
    db = openSqlite(path, { readonly: true, fileMustExist: true })
    const problem = integrityProblem(db)
    if (problem) throw new CommandError('rule', `That backup is damaged too (${problem}); choose another.`)
    let record: unknown
    try {
      record = db.prepare(`SELECT 1 FROM campaign WHERE id = 1`).get()
    } catch {
      record = undefined
    }
    if (!record) throw new CommandError('rule', 'That file is not a Quarterdeck campaign; choose another backup.')
  } catch (e) {
    if (e instanceof CommandError) throw e
    throw new CommandError('rule', `That backup cannot be read (${(e as Error).message}); choose another.`)
  } finally {
    db?.close()
  }
}

/** Move a damaged campaign file (and its WAL companions) into its backup folder, untouched. */
export function setAsideDamaged(campaignPath: string, now: Date): string {
  const target = freshPath(campaignPath, 'damaged', now)
  renameSync(campaignPath, target)
  for (const suffix of ['-wal', '-shm']) {
    if (existsSync(campaignPath + suffix)) renameSync(campaignPath + suffix, target + suffix)
  }
  return basename(target)
}

/** Write the contents of backup `source` into `campaignPath` with the backup API. */
export async function copyBackupInto(source: string, campaignPath: string): Promise<void> {
  const src = openSqlite(source, { readonly: true, fileMustExist: true })
  try {
    await src.backup(campaignPath)
  } finally {
    src.close()
  }
  // The backup's own name stays with the backup, not with the campaign restored from it.
  const dst = openSqlite(campaignPath, { fileMustExist: true })
  try {
    dst.prepare(`DELETE FROM setting WHERE key = ?`).run(NAME_KEY)
  } finally {
    dst.close()
  }
}
