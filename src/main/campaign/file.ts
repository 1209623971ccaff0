import { randomInt, randomUUID } from 'node:crypto'
import { seedState } from '../../shared/dice/rng'
import { closeSync, existsSync, fdatasync, openSync, rmSync, statSync } from 'node:fs'
import { basename } from 'node:path'
import type { Backup, CampaignInfo, FileCheck, Setting } from '../../shared/commands/schemas'
import { CommandError } from '../../shared/errors'
import { takeBackup } from './backups'
import { LATEST_SCHEMA, MIGRATIONS } from './migrations'
import { WORKER_FILE_BYTES, checkInWorker } from './file-work'
import { integrityProblem, nativeBindingOf, openSqlite, stmt, type Db, type SqliteOptions } from './sqlite'
import { installUndoCapture } from './undo'
import { acquireLock } from './lock'

export const CAMPAIGN_EXT = '.quarterdeck'

/** Thrown when a file exists but SQLite finds it damaged: the app offers recovery instead of opening it. */
export class DamagedCampaignError extends Error {
  constructor(
    readonly path: string,
    readonly problem: string
  ) {
    super(`${basename(path)} is damaged: ${problem}`)
    this.name = 'DamagedCampaignError'
  }
}

export interface OpenOptions extends SqliteOptions {
  now: () => Date
  /** Open for reading only, without the writer's lock (the file is open in another Quarterdeck). */
  readOnly?: boolean
  /** Files of this many bytes or more are checked in a worker once open (default WORKER_FILE_BYTES, 8 MB). */
  workerFrom?: number
}

/** The smallest a real SQLite file can be (one page of the smallest size). Anything shorter was cut off. */
const MIN_SQLITE_BYTES = 512

export interface CreateOptions extends OpenOptions {
  name: string
  setting: Setting
  /** Fixed values for deterministic files (the sample campaign). */
  uuid?: string
  createdAt?: string
  /** Seed of the campaign's dice generator (random when not given). */
  seed?: number
}

/** An open campaign file: the database connection plus what the app needs to know about it. */
export class CampaignFile {
  private constructor(
    readonly db: Db,
    readonly path: string,
    /** Backups taken while opening (before a migration). */
    readonly openingBackups: Backup[],
    /** Gives back the writer's lock (a no-op for a read-only file). */
    private readonly unlock: () => void,
    /** Opened for reading only: every change is refused. */
    readonly readOnly = false,
    /**
     * What the quick check running in a worker finds (a big file, issue 22; null: sound). Null when the
     * file was checked before it opened. Whoever closes the file waits for it first (`session.close`).
     */
    readonly verdict: Promise<string | null> | null = null
  ) {}

  info(): CampaignInfo {
    const row = stmt(this.db, `SELECT name, setting, created_at AS createdAt FROM campaign WHERE id = 1`).get() as
      | Omit<CampaignInfo, 'schemaVersion'>
      | undefined
    if (!row) throw new CommandError('internal', 'The campaign record is missing from this file.')
    return { ...row, schemaVersion: appliedMigrations(this.db).at(-1) ?? 'none' }
  }

  /** The full check of the file (opening runs only the quick one): every index against its table as well. */
  checkFile(): FileCheck {
    let problem: string | null
    try {
      problem = integrityProblem(this.db, 'full')
    } catch (e) {
      problem = (e as Error).message
    }
    return { sound: problem === null, problem }
  }

  /**
   * Write the changes in the WAL into the file and sync both to disk (the session calls this a moment
   * after the last change). PASSIVE: never waits for a reader. A no-op for a file open read-only.
   */
  checkpoint(): void {
    if (this.readOnly || !this.db.open) return
    this.db.pragma('wal_checkpoint(PASSIVE)')
  }

  /** Writes since the WAL was last given to the disk beside the commands (`noteWrite`). */
  private writesUnsynced = 0
  /** The WAL file, opened for `noteWrite`'s syncs (-1: not open). */
  private walFd = -1
  /** Syncs of the WAL under way beside the commands; the file is closed by the last of them when the campaign closed meanwhile. */
  private walSyncing = 0
  /** Syncs of the WAL beside the commands started, and finished. */
  walSyncsStarted = 0
  walSyncs = 0

  /**
   * The session calls this after each write. Every WAL_SYNC_WRITES writes the WAL's pages are given to the
   * disk beside the commands: an fdatasync of the WAL file on Node's thread pool, which the main thread
   * does not wait for. SQLite's own checkpoint, inside the commit that takes the log past
   * WAL_AUTOCHECKPOINT_PAGES, syncs the log to disk before folding it into the file; in a run of writes
   * without a pause that was 16 MB to write out, 12–20 ms of a command of 1–2 ms. With the log's pages
   * already on the disk, the checkpoint takes 3–5 ms. Nothing else changes: SQLite still syncs what it
   * syncs, when it does.
   */
  noteWrite(): void {
    if (this.readOnly || ++this.writesUnsynced < WAL_SYNC_WRITES) return
    this.writesUnsynced = 0
    if (this.walFd < 0) {
      try {
        this.walFd = openSync(this.path + '-wal', 'r+')
      } catch {
        return // no log to sync (yet)
      }
    }
    const fd = this.walFd
    this.walSyncing++
    this.walSyncsStarted++
    fdatasync(fd, () => {
      this.walSyncing--
      this.walSyncs++
      // The campaign closed while this sync ran: its file is closed now that no sync uses it.
      if (this.walFd !== fd && this.walSyncing === 0) closeSync(fd)
    })
  }

  close(): void {
    if (!this.db.open) return
    // The WAL file is let go first (SQLite deletes it as the campaign closes); a sync under way closes it when done.
    if (this.walFd >= 0) {
      if (this.walSyncing === 0) closeSync(this.walFd)
      this.walFd = -1
    }
    try {
      if (!this.readOnly) this.db.pragma('wal_checkpoint(TRUNCATE)')
    } finally {
      this.db.close()
      this.unlock()
    }
  }

  /** Create a new campaign file; refuses to overwrite an existing one. */
  static async create(path: string, opts: CreateOptions): Promise<CampaignFile> {
    if (existsSync(path)) {
      throw new CommandError('rule', `A file named ${basename(path)} already exists; choose another name.`, {
        field: 'path'
      })
    }
    const unlock = acquireLock(path, opts.now)
    let db: Db
    try {
      db = openSqlite(path, opts)
    } catch (e) {
      unlock()
      throw e
    }
    try {
      configure(db)
      // One transaction: a crash can never leave a schema without its campaign record.
      db.transaction(() => {
        migrate(db, opts.createdAt ?? opts.now().toISOString())
        db.prepare(`INSERT INTO campaign (id, uuid, name, setting, created_at) VALUES (1, ?, ?, ?, ?)`).run(
          opts.uuid ?? randomUUID(),
          opts.name,
          opts.setting,
          opts.createdAt ?? opts.now().toISOString()
        )
        stmt(db, `INSERT INTO rng (id, state) VALUES (1, ?)`).run(JSON.stringify(seedState(opts.seed ?? randomInt(0, 2 ** 31 - 1))))
      })()
      installUndoCapture(db)
      return new CampaignFile(db, path, [], unlock)
    } catch (e) {
      db.close()
      // Nothing of the new campaign may stay behind to block its name.
      for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(path + suffix, { force: true })
      unlock()
      throw e
    }
  }

  /**
   * Open an existing campaign file: check its integrity, refuse files from a newer Quarterdeck,
   * back it up before migrating it, then migrate.
   */
  static async open(path: string, opts: OpenOptions): Promise<CampaignFile> {
    if (!existsSync(path)) {
      throw new CommandError('not_found', `There is no campaign file at ${path}.`, { field: 'path' })
    }
    const st = statSync(path)
    if (st.isDirectory()) {
      throw new CommandError('invalid_input', `path: ${basename(path)} is a folder, not a campaign file.`, { field: 'path' })
    }
    if (!st.isFile()) throw new CommandError('invalid_input', `path: ${basename(path)} is not a regular file.`, { field: 'path' })
    const readOnly = opts.readOnly === true
    const unlock = readOnly ? () => {} : acquireLock(path, opts.now)
    let db: Db
    try {
      // A file shorter than one SQLite page is a campaign cut short (SQLite would take an empty one for a new database).
      if (st.size < MIN_SQLITE_BYTES) {
        throw new DamagedCampaignError(path, `The file is ${st.size === 0 ? 'empty' : `only ${st.size} byte${st.size === 1 ? '' : 's'} long`}: its contents were lost.`)
      }
      try {
        db = openSqlite(path, { ...opts, readonly: readOnly, fileMustExist: true })
      } catch (e) {
        throw new DamagedCampaignError(path, (e as Error).message)
      }
    } catch (e) {
      unlock()
      throw e
    }
    try {
      // A big file opens at once and is checked in a worker beside the first reads (issue 22); a
      // small one, or one about to be migrated, is checked first.
      const background = st.size >= (opts.workerFrom ?? WORKER_FILE_BYTES)
      const checkNow = () => {
        let problem: string | null
        try {
          problem = integrityProblem(db, 'quick')
        } catch (e) {
          problem = (e as Error).message
        }
        if (problem) throw new DamagedCampaignError(path, problem)
      }
      if (!background) checkNow()
      const checkLater = () => (background ? checkBeside(db, path, opts) : null)

      const applied = appliedMigrations(db)
      // Every campaign file records at least its first schema step (create applies it in the same
      // transaction as the campaign record); anything else, even an empty file, is not ours to change.
      if (applied.length === 0) {
        throw new CommandError('rule', `${basename(path)} is an SQLite file but not a Quarterdeck campaign.`)
      }
      const known = MIGRATIONS.map((m) => m.id)
      const foreign = applied.findIndex((id, i) => known[i] !== id)
      if (foreign >= 0) {
        throw new CommandError(
          'rule',
          `${basename(path)} was made by a newer Quarterdeck (it has schema step "${applied[foreign]}", ` +
            `which this version does not know; this version goes up to "${LATEST_SCHEMA}"). ` +
            `Update Quarterdeck to open it; the file has not been changed.`,
          { applied, known }
        )
      }
      if (!hasCampaignRecord(db)) throw new DamagedCampaignError(path, 'The campaign record is missing from this file.')
      if (readOnly) {
        if (applied.length < known.length) {
          throw new CommandError('rule', `${basename(path)} needs updating to this version of Quarterdeck, which cannot be done read-only; open it where it is open now, or once it is closed there.`)
        }
        db.pragma('query_only = ON')
        return new CampaignFile(db, path, [], unlock, true, checkLater())
      }
      configure(db)
      const backups: Backup[] = []
      if (applied.length < known.length) {
        if (background) checkNow()
        backups.push(await takeBackup(db, path, 'pre-migration', opts.now()))
        migrate(db, opts.now().toISOString())
        installUndoCapture(db)
        return new CampaignFile(db, path, backups, unlock)
      }
      installUndoCapture(db)
      return new CampaignFile(db, path, backups, unlock, false, checkLater())
    } catch (e) {
      db.close()
      unlock()
      // A big file not checked yet: SQLite finding it damaged while opening it is the check failing.
      if (isDamage(e)) throw new DamagedCampaignError(path, (e as Error).message)
      throw e
    }
  }
}

/** SQLite's errors for a file that is damaged or not a database. */
function isDamage(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code
  return typeof code === 'string' && (code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB')
}

/**
 * The quick check of an open file in a worker; if the worker cannot run it, on the file's own connection
 * once the current command is done (slower, but the file is still checked). Null once the file is closed.
 */
function checkBeside(db: Db, path: string, opts: OpenOptions): Promise<string | null> {
  const binding = nativeBindingOf(opts)
  return checkInWorker({ path, ...(binding ? { nativeBinding: binding } : {}) }).catch(
    () =>
      new Promise<string | null>((resolve) =>
        setImmediate(() => {
          if (!db.open) return resolve(null)
          try {
            resolve(integrityProblem(db, 'quick'))
          } catch (e) {
            resolve((e as Error).message)
          }
        })
      )
  )
}

/**
 * WAL pages at which SQLite folds the log back into the file inside a commit (its default is 1,000).
 * The session folds it in when the campaign has been idle a moment (`checkpoint`), so a command meets
 * this only after thousands of pages written without a pause.
 */
export const WAL_AUTOCHECKPOINT_PAGES = 4000

/** Writes after which the WAL's pages are given to the disk beside the commands (`CampaignFile.noteWrite`): a write adds 6–30 pages to the log. */
export const WAL_SYNC_WRITES = 20

function configure(db: Db): void {
  db.pragma('journal_mode = WAL')
  db.pragma('foreign_keys = ON')
  // NORMAL in WAL mode (issue 22): a commit is atomic and the file can never be left damaged, and
  // nothing committed is lost if Quarterdeck itself crashes; only a power cut or a crash of the
  // whole system may take back the last changes not yet checkpointed, which the session checkpoints
  // (writing them safely to disk) a moment after the GM's last change. FULL synced the log to disk
  // on every commit, about 4 ms on a shared disk: most of a command's time.
  db.pragma('synchronous = NORMAL')
  db.pragma(`wal_autocheckpoint = ${WAL_AUTOCHECKPOINT_PAGES}`)
  // The undo capture's TEMP table and triggers, statement journals and sorts in memory, not in a
  // temporary file (this build's default): every write command touches them.
  db.pragma('temp_store = MEMORY')
  db.pragma('busy_timeout = 5000')
}

function hasCampaignRecord(db: Db): boolean {
  try {
    return db.prepare(`SELECT 1 FROM campaign WHERE id = 1`).get() !== undefined
  } catch {
    return false // no campaign table at all
  }
}

export function appliedMigrations(db: Db): string[] {
  const exists = stmt(db, `SELECT 1 FROM sqlite_schema WHERE type='table' AND name='schema_migrations'`).get()
  if (!exists) return []
  return (stmt(db, `SELECT id FROM schema_migrations ORDER BY rowid`).all() as { id: string }[]).map((r) => r.id)
}

/** Apply every migration this file lacks, all in one transaction; `at` is recorded as when. */
export function migrate(db: Db, at: string): void {
  db.transaction(() => {
    db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (id TEXT PRIMARY KEY, applied_at TEXT NOT NULL)`)
    const applied = new Set(appliedMigrations(db))
    for (const m of MIGRATIONS) {
      if (applied.has(m.id)) continue
      db.exec(m.sql)
      db.prepare(`INSERT INTO schema_migrations (id, applied_at) VALUES (?, ?)`).run(m.id, at)
    }
  })()
}
