import { existsSync, statSync } from 'node:fs'
import { basename, join } from 'node:path'
import { rm } from 'node:fs/promises'
import type { AppStatus, Backup, Setting } from '../../shared/commands/schemas'
import { DEFAULT_SAMPLE, SAMPLE_CAMPAIGNS, type SampleId } from '../../shared/commands/samples'
import type { DoorEvent } from '../../shared/bridge'
import { CommandError } from '../../shared/errors'
import {
  backupFile,
  checkBackup,
  copyBackupInto,
  listBackups,
  rotateBackups,
  setAsideDamaged,
  takeBackup
} from '../campaign/backups'
import { CampaignFile, DamagedCampaignError } from '../campaign/file'
import { WORKER_FILE_BYTES } from '../campaign/file-work'
import { appPaths, realPath, type AppPaths } from './paths'
import { RecentList } from './recent'

export const BACKUP_INTERVAL_MS = 15 * 60 * 1000
/** How long after the last change the open campaign's WAL is checkpointed: its changes written into the file and synced to disk. */
export const CHECKPOINT_IDLE_MS = 1000

/** What every change to a campaign open read-only is refused with. */
export function readOnlyError(): CommandError {
  return new CommandError(
    'rule',
    'This campaign is open read-only, because it is open in another Quarterdeck window: nothing can be changed here. Make changes in that window, or close it there and open the campaign again.',
    { readOnly: true }
  )
}

/** A sample campaign's file name in the campaigns folder and the script that makes it there. */
export interface SampleScript {
  fileName: string
  build: (path: string) => Promise<void>
}

export interface SessionOptions {
  home: string
  mode: 'desktop' | 'browser'
  version: string
  now?: () => Date
  nativeBinding?: string
  /** Minimum time between automatic backups while there is activity. */
  backupIntervalMs?: number
  /**
   * Campaign files of this many bytes or more are checked in a worker thread once open, and backed up
   * automatically by one (default WORKER_FILE_BYTES, 8 MB; smaller files are quick enough on this thread).
   */
  workerFrom?: number
  /** Campaign files outside the campaigns folder that the HTTP host may open (named on its command line). */
  allowedFiles?: string[]
  /** The sample campaigns by id: each one's file name in the campaigns folder and the script that makes it. */
  samples?: Partial<Record<SampleId, SampleScript>>
  /** The default sample's script (the Tortuga Run), when `samples` does not name it. */
  sample?: SampleScript
  log?: (message: string, error?: unknown) => void
}

/**
 * The app's state in the main process: which campaign is open (or which damaged file awaits
 * recovery), the recent list and the backup schedule. Commands change it only through the door.
 */
export class AppSession {
  readonly paths: AppPaths
  readonly recent: RecentList
  readonly mode: 'desktop' | 'browser'
  readonly version: string
  readonly now: () => Date
  readonly allowedFiles: Set<string>
  readonly log: (message: string, error?: unknown) => void
  private readonly nativeBinding: string | undefined
  private readonly backupIntervalMs: number
  private readonly workerFrom: number | undefined
  private readonly samples: Partial<Record<SampleId, SampleScript>>
  private listeners = new Set<(e: DoorEvent) => void>()

  campaign: CampaignFile | null = null
  recovery: { path: string; problem: string } | null = null
  /** Time of the last backup of the open campaign (or of opening it), and whether it changed since. */
  private lastBackupAt = 0
  private dirty = false
  /** The checkpoint due a moment after the last change (CHECKPOINT_IDLE_MS). */
  private checkpointTimer: NodeJS.Timeout | null = null
  /**
   * The automatic backup under way, if any: it runs beside the commands (SQLite's backup copies a
   * hundred pages a step between them, and takes in what the same connection writes meanwhile), so a
   * command never waits for one. Closing, restoring and the next backup wait for it.
   */
  private backingUp: Promise<void> | null = null

  constructor(opts: SessionOptions) {
    this.paths = appPaths(opts.home)
    this.recent = new RecentList(this.paths.recentFile)
    this.mode = opts.mode
    this.version = opts.version
    this.now = opts.now ?? (() => new Date())
    this.nativeBinding = opts.nativeBinding
    this.backupIntervalMs = opts.backupIntervalMs ?? BACKUP_INTERVAL_MS
    this.workerFrom = opts.workerFrom
    this.allowedFiles = new Set((opts.allowedFiles ?? []).map((p) => realPath(p)))
    this.samples = { ...(opts.sample ? { [DEFAULT_SAMPLE]: opts.sample } : {}), ...opts.samples }
    this.log = opts.log ?? ((m, e) => console.error(m, e ?? ''))
  }

  on(listener: (e: DoorEvent) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  emit(e: DoorEvent): void {
    for (const l of this.listeners) {
      try {
        l(e)
      } catch (err) {
        this.log('An event listener failed', err)
      }
    }
  }

  requireCampaign(): CampaignFile {
    if (!this.campaign) throw new CommandError('rule', 'No campaign is open. Open or create one first.')
    return this.campaign
  }

  status(): AppStatus {
    const c = this.campaign
    const info = c ? c.info() : null
    return {
      version: this.version,
      mode: this.mode,
      campaignsDir: this.paths.campaignsDir,
      campaign:
        c && info ? { path: c.path, fileName: basename(c.path), name: info.name, setting: info.setting, readOnly: c.readOnly } : null,
      recovery: this.recovery
        ? {
            path: this.recovery.path,
            fileName: basename(this.recovery.path),
            problem: this.recovery.problem,
            backups: listBackups(this.recovery.path)
          }
        : null
    }
  }

  private openOptions() {
    return { now: this.now, nativeBinding: this.nativeBinding, ...(this.workerFrom !== undefined ? { workerFrom: this.workerFrom } : {}) }
  }

  private opened(file: CampaignFile): void {
    this.campaign = file
    this.recovery = null
    this.lastBackupAt = this.now().getTime()
    this.dirty = false
    if (!file.readOnly) this.recent.touch(file.path, file.info().name, this.now())
    // A big file is checked beside the first reads (issue 22): found damaged, it is closed as it is
    // (no write reached it: writes wait for the verdict) and offered for recovery.
    void file.verdict?.then((problem) => {
      if (!problem || this.campaign !== file) return
      this.log(`Campaign file is damaged: ${file.path}: ${problem}`)
      this.campaign = null
      this.cancelCheckpoint()
      try {
        file.close()
      } catch (e) {
        this.log('Closing the damaged campaign file failed', e)
      }
      this.recovery = { path: file.path, problem }
      this.emit({ type: 'status' })
    })
  }

  /**
   * Wait for the open campaign's check when it runs beside the first reads (a big file, issue 22):
   * the door runs no change before it. Refused when the check found the file damaged.
   */
  async whenChecked(): Promise<void> {
    const verdict = this.campaign?.verdict
    if (!verdict) return
    if (await verdict) {
      throw new CommandError(
        'rule',
        'The check of this campaign file found it damaged, so it was closed before anything was changed. Restore it from one of its backups.',
        { damaged: true }
      )
    }
  }

  /** The open campaign, for a command that changes it: refused when it is open read-only. */
  requireWritable(): CampaignFile {
    const c = this.requireCampaign()
    if (c.readOnly) throw readOnlyError()
    return c
  }

  /**
   * Open a campaign. The one open now stays open until the new one has opened (or turned out to be
   * damaged), so a file that cannot be opened at all leaves the GM where they were.
   */
  async open(path: string, opts: { readOnly?: boolean } = {}): Promise<void> {
    const readOnly = opts.readOnly === true
    // Already open: nothing to do, unless it is open read-only and the GM now asks to write to it.
    if (this.campaign && realPath(this.campaign.path) === realPath(path) && (readOnly || !this.campaign.readOnly)) return
    if (this.campaign?.readOnly && realPath(this.campaign.path) === realPath(path)) {
      // Reading it is not holding it: let go of the read-only connection so this one can take the lock.
      const ro = this.campaign
      this.campaign = null
      ro.close()
      try {
        await this.open(path)
      } catch (e) {
        this.campaign = await CampaignFile.open(path, { ...this.openOptions(), readOnly: true })
        throw e
      }
      return
    }
    let file: CampaignFile
    try {
      file = await CampaignFile.open(path, { ...this.openOptions(), readOnly })
    } catch (e) {
      if (e instanceof DamagedCampaignError) {
        await this.close()
        this.log(`Campaign file is damaged: ${e.path}: ${e.problem}`)
        this.recovery = { path: e.path, problem: e.problem }
        return
      }
      throw e
    }
    try {
      await this.close()
    } finally {
      this.opened(file)
    }
  }

  async create(path: string, name: string, setting: Setting, fixed?: { uuid: string; createdAt: string; seed?: number }): Promise<void> {
    // Make the new file first: if that is refused (the name is taken), the open campaign stays open.
    const file = await CampaignFile.create(path, { name, setting, now: this.now, nativeBinding: this.nativeBinding, ...fixed })
    try {
      await this.close()
    } catch (e) {
      file.close()
      throw e
    }
    this.opened(file)
  }

  /** Open a sample campaign (the default one unless named) from the campaigns folder, making it first if it is not there. */
  async openSample(id: SampleId = DEFAULT_SAMPLE): Promise<void> {
    const sample = this.samples[id]
    const name = SAMPLE_CAMPAIGNS.find((c) => c.id === id)?.name ?? id
    if (!sample) throw new CommandError('internal', `The script of the sample campaign "${name}" is not available.`)
    const path = join(this.paths.campaignsDir, sample.fileName)
    if (!existsSync(path)) await sample.build(path)
    await this.open(path)
  }

  /** Close the open campaign, taking a backup first if it changed since the last one. */
  async close(): Promise<void> {
    this.recovery = null
    const c = this.campaign
    if (!c) return
    this.campaign = null
    this.cancelCheckpoint()
    try {
      // A big file's check still running holds a reader the closing checkpoint would wait for: it ends first.
      await c.verdict
      await this.backupDone()
      if (this.dirty) await this.backup(c, 'close')
    } finally {
      c.close()
    }
  }

  private async backup(c: CampaignFile, kind: 'auto' | 'close' | 'manual', name: string | null = null): Promise<Backup> {
    // What is written from now on may miss the copy: it counts as a change since this backup.
    const now = this.now()
    this.lastBackupAt = now.getTime()
    this.dirty = false
    const auto = kind === 'auto'
    const b = await takeBackup(c.db, c.path, kind, now, name, auto && statSync(c.path).size >= (this.workerFrom ?? WORKER_FILE_BYTES))
    // Beside the commands, old backups are deleted without holding the thread (the next backup, closing and restoring wait for it).
    const removing: Promise<void>[] = []
    rotateBackups(c.path, now, auto ? (file) => void removing.push(rm(file, { force: true })) : undefined)
    await Promise.all(removing)
    return b
  }

  /** Whether an automatic backup is under way. */
  get backupRunning(): boolean {
    return this.backingUp !== null
  }

  /** Wait for the automatic backup under way, if any. */
  async backupDone(): Promise<void> {
    while (this.backingUp) await this.backingUp
  }

  /** A manual backup, with the GM's name for it ("before the battle") if given. */
  async backupNow(name: string | null = null): Promise<Backup> {
    const c = this.requireWritable()
    await this.backupDone()
    return this.backup(c, 'manual', name)
  }

  /**
   * Called by the door after each write: notes the activity, schedules the checkpoint, and starts an
   * automatic backup when one is due — beside the commands, so this write's answer does not wait for it.
   */
  async afterWrite(): Promise<void> {
    const c = this.campaign
    if (!c) return
    this.dirty = true
    c.noteWrite()
    this.scheduleCheckpoint(c)
    if (!this.backingUp && this.now().getTime() - this.lastBackupAt >= this.backupIntervalMs) {
      const run = this.backup(c, 'auto').then(
        () => undefined,
        (e: unknown) => {
          this.dirty = true
          this.log('Automatic backup failed', e)
        }
      )
      this.backingUp = run.finally(() => {
        this.backingUp = null
      })
    }
    // Commands that follow each other without a pause (a script, a test) would never let the backup's
    // steps run: each write lets one step (a hundred pages) go first.
    if (this.backingUp) await new Promise<void>((resolve) => setImmediate(resolve))
  }

  private scheduleCheckpoint(c: CampaignFile): void {
    this.cancelCheckpoint()
    this.checkpointTimer = setTimeout(() => {
      this.checkpointTimer = null
      if (this.campaign !== c) return
      try {
        c.checkpoint()
      } catch (e) {
        this.log('Checkpoint failed', e)
      }
    }, CHECKPOINT_IDLE_MS)
    this.checkpointTimer.unref()
  }

  private cancelCheckpoint(): void {
    if (this.checkpointTimer) clearTimeout(this.checkpointTimer)
    this.checkpointTimer = null
  }

  backups(): Backup[] {
    const path = this.campaign?.path ?? this.recovery?.path
    if (!path) throw new CommandError('rule', 'No campaign is open, so there are no backups to list.')
    return listBackups(path)
  }

  /**
   * Replace the open or damaged campaign with a backup. The current file is never lost: a sound one
   * is backed up ('pre-restore'), a damaged one is moved into the backup folder as it is.
   */
  async restore(id: string): Promise<void> {
    const path = this.campaign?.path ?? this.recovery?.path
    if (!path) throw new CommandError('rule', 'No campaign is open, so there is nothing to restore into.')
    if (this.campaign?.readOnly) throw readOnlyError()
    const source = backupFile(path, id)
    checkBackup(source)
    await this.backupDone()
    if (this.campaign) {
      const c = this.campaign
      this.cancelCheckpoint()
      await c.verdict
      await takeBackup(c.db, c.path, 'pre-restore', this.now())
      this.campaign = null
      c.close()
    } else {
      setAsideDamaged(path, this.now())
    }
    this.recovery = null
    await copyBackupInto(source, path)
    await this.open(path)
  }
}
