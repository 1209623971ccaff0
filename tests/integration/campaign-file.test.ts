import Database from 'better-sqlite3'
import { randomBytes } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { listBackups } from '../../src/main/campaign/backups'
import { WAL_AUTOCHECKPOINT_PAGES, WAL_SYNC_WRITES } from '../../src/main/campaign/file'
import { LATEST_SCHEMA, MIGRATIONS } from '../../src/main/campaign/migrations'
import type { AppStatus, Backup } from '../../src/shared/commands'
import {
  campaignRow,
  errorOf,
  makeClock,
  makeSession,
  MINUTE,
  valueOf,
  withRawDb,
  type Clock,
  type TestSession
} from '../helpers'

let t: TestSession
let clock: Clock

beforeEach(() => {
  clock = makeClock('2026-03-01T09:00:00.000Z')
  t = makeSession({ now: clock.now })
})
afterEach(async () => {
  await t.cleanup()
})

/** Make a campaign through the door, then close it so the file stands alone on disk. */
async function makeClosedCampaign(name: string): Promise<string> {
  const status = await t.door.call('campaigns.create', { name })
  await t.door.call('campaigns.close')
  return status.campaign!.path
}

/** The file's bytes, and whether SQLite left WAL companions beside it (a sign of a connection left open). */
function snapshot(path: string): { bytes: Buffer; companions: string[] } {
  return {
    bytes: readFileSync(path),
    companions: ['-wal', '-shm', '-journal'].filter((s) => existsSync(path + s))
  }
}

describe('creating a campaign', () => {
  it('makes a WAL-mode file with foreign keys on and synchronous NORMAL on the open connection (issue 22: the session checkpoints a moment after a change)', async () => {
    const status = await t.door.call('campaigns.create', { name: 'Sea Dogs' })
    const path = join(t.campaignsDir, 'Sea-Dogs.quarterdeck')
    expect(status.campaign).toEqual({ path, fileName: 'Sea-Dogs.quarterdeck', name: 'Sea Dogs', setting: 'theah', readOnly: false })
    expect(status.recovery).toBeNull()
    expect(existsSync(path)).toBe(true)

    const db = t.session.campaign!.db
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal')
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1)
    expect(db.pragma('synchronous', { simple: true })).toBe(1)
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(WAL_AUTOCHECKPOINT_PAGES)

    // WAL mode is a property of the file: a separate connection sees it too.
    withRawDb(path, (raw) => expect(raw.pragma('journal_mode', { simple: true })).toBe('wal'))
  })

  it('sets the same pragmas again when an existing file is opened', async () => {
    const path = await makeClosedCampaign('Reopened')
    await t.door.call('campaigns.open', { path })
    const db = t.session.campaign!.db
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal')
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1)
    expect(db.pragma('synchronous', { simple: true })).toBe(1)
  })

  it('issue 22: a moment after the last change the WAL is checkpointed into the file (synced to disk); not before, and not after a read', async () => {
    await t.door.call('campaigns.create', { name: 'Checkpointed' })
    const file = t.session.campaign!
    const checkpoint = vi.spyOn(file, 'checkpoint')
    await t.door.call('campaign.info')
    await t.door.call('campaign.rename', { name: 'Checkpointed Twice' })
    expect(checkpoint).not.toHaveBeenCalled()
    await expect.poll(() => checkpoint.mock.calls.length, { timeout: 10_000, interval: 100 }).toBe(1)
    // Every frame of the WAL is in the file now: a checkpoint finds nothing more to copy.
    const [state] = file.db.pragma('wal_checkpoint(PASSIVE)') as { log: number; checkpointed: number }[]
    expect(state!.checkpointed).toBe(state!.log)
  })

  it('issue 22: every so many writes the WAL is synced to disk beside the commands (not waited for); closing lets go of the log (a sync perhaps still under way)', async () => {
    /** Open descriptors of this process on `file` (Linux shows them under /proc; elsewhere none are listed). */
    const openOn = (file: string) =>
      process.platform === 'linux' ? readdirSync('/proc/self/fd').filter((fd) => { try { return readlinkSync(`/proc/self/fd/${fd}`) === file } catch { return false } }).length : 0
    for (const name of ['Synced', 'Closed Mid-Sync']) {
      await t.door.call('campaigns.create', { name })
      const file = t.session.campaign!
      const wal = file.path + '-wal'
      for (let i = 0; i < WAL_SYNC_WRITES - 1; i++) await t.door.call('clock.advance', { days: 1 })
      expect(file.walSyncsStarted).toBe(0)
      const sqlites = openOn(wal) // SQLite's own
      await t.door.call('clock.advance', { days: 1 })
      expect(file.walSyncsStarted).toBe(1)
      if (process.platform === 'linux') expect(openOn(wal)).toBe(sqlites + 1)
      if (name === 'Synced') {
        await expect.poll(() => file.walSyncs, { timeout: 10_000, interval: 10 }).toBe(1)
        for (let i = 0; i < WAL_SYNC_WRITES; i++) await t.door.call('clock.advance', { days: 1 })
        expect(file.walSyncsStarted).toBe(2)
        await expect.poll(() => file.walSyncs, { timeout: 10_000, interval: 10 }).toBe(2)
      }
      // Closed at once (the sync perhaps still under way): the log is let go of, and SQLite's closing checkpoint removes it.
      await t.door.call('campaigns.close')
      expect(snapshot(file.path).companions).toEqual([])
      await expect.poll(() => file.walSyncs === file.walSyncsStarted && openOn(wal) === 0, { timeout: 10_000, interval: 10 }).toBe(true)
    }
  })

  it('campaign.info reports name, setting, schema version and creation time', async () => {
    await t.door.call('campaigns.create', { name: 'Atrilian Tides', setting: 'atrilia' })
    const info = await t.door.call('campaign.info')
    expect(info).toEqual({
      name: 'Atrilian Tides',
      setting: 'atrilia',
      schemaVersion: LATEST_SCHEMA,
      createdAt: '2026-03-01T09:00:00.000Z'
    })
    // The creation time is fixed at creation: a later clock does not change it.
    clock.advance(90 * MINUTE)
    expect((await t.door.call('campaign.info')).createdAt).toBe('2026-03-01T09:00:00.000Z')
  })

  it('trims the name it is given and records it in the recent list', async () => {
    const status = await t.door.call('campaigns.create', { name: '  The Black Gull  ' })
    expect(status.campaign!.name).toBe('The Black Gull')
    const recent = await t.door.call('campaigns.recent')
    expect(recent).toHaveLength(1)
    expect(recent[0]).toMatchObject({ path: status.campaign!.path, name: 'The Black Gull', exists: true })
  })

  it('campaign.rename persists across close and open', async () => {
    const path = (await t.door.call('campaigns.create', { name: 'First Name' })).campaign!.path
    const renamed = await t.door.call('campaign.rename', { name: 'Second Name' })
    expect(renamed.name).toBe('Second Name')
    const closed = await t.door.call('campaigns.close')
    expect(closed.campaign).toBeNull()
    withRawDb(path, (db) => expect(campaignRow(db)!.name).toBe('Second Name'))

    const reopened = await t.door.call('campaigns.open', { path })
    expect(reopened.campaign!.name).toBe('Second Name')
    expect((await t.door.call('campaign.info')).name).toBe('Second Name')
  })

  it('refuses to create over an existing file and leaves that file unchanged', async () => {
    const path = await makeClosedCampaign('Taken')
    const before = snapshot(path)

    const err = errorOf(await t.door.invoke('campaigns.create', { name: 'Taken' }, 'internal'))
    expect(err.code).toBe('rule')
    expect(err.message).toContain('Taken.quarterdeck already exists')
    expect(err.details).toEqual({ field: 'path' })

    expect(snapshot(path)).toEqual(before)
    withRawDb(path, (db) => expect(campaignRow(db)!.name).toBe('Taken'))
  })

  it('refuses to create over an existing non-campaign file too', async () => {
    const path = join(t.campaignsDir, 'notes.quarterdeck')
    writeFileSync(path, 'my notes, not a campaign')
    const err = errorOf(await t.door.invoke('campaigns.create', { name: 'x', path: 'notes.quarterdeck' }, 'internal'))
    expect(err.code).toBe('rule')
    expect(readFileSync(path, 'utf8')).toBe('my notes, not a campaign')
  })

  it('a refused create leaves the campaign that was open still open', async () => {
    await makeClosedCampaign('Taken')
    const open = await t.door.call('campaigns.create', { name: 'Working On This' })
    const err = errorOf(await t.door.invoke('campaigns.create', { name: 'Taken' }, 'internal'))
    expect(err.code).toBe('rule')
    const status = await t.door.call('app.status')
    expect(status.campaign).toEqual(open.campaign)
    expect((await t.door.call('campaign.info')).name).toBe('Working On This')
  })
})

describe('opening files that are not (yet) this version’s campaigns', () => {
  it('refuses a file made by a newer Quarterdeck and does not change it', async () => {
    const path = await makeClosedCampaign('From The Future')
    withRawDb(
      path,
      (db) =>
        db
          .prepare(`INSERT INTO schema_migrations (id, applied_at) VALUES (?, datetime('now'))`)
          .run('9999_from_a_newer_version'),
      false
    )
    const before = snapshot(path)
    expect(before.companions).toEqual([])

    const err = errorOf(await t.door.invoke('campaigns.open', { path }, 'internal'))
    expect(err.code).toBe('rule')
    expect(err.message).toContain('made by a newer Quarterdeck')
    expect(err.message).toContain('9999_from_a_newer_version')
    expect(err.details).toMatchObject({ applied: [...MIGRATIONS.map((m) => m.id), '9999_from_a_newer_version'] })

    expect(snapshot(path)).toEqual(before)
    expect(listBackups(path)).toEqual([])
    const status = await t.door.call('app.status')
    expect(status.campaign).toBeNull()
    expect(status.recovery).toBeNull()
  })

  it('refuses a file whose first schema step is not one this version knows', async () => {
    const path = await makeClosedCampaign('Forked')
    withRawDb(path, (db) => db.prepare(`UPDATE schema_migrations SET id = '0001_some_fork' WHERE id = ?`).run(MIGRATIONS[0]!.id), false)
    const before = snapshot(path)
    const err = errorOf(await t.door.invoke('campaigns.open', { path }, 'internal'))
    expect(err.code).toBe('rule')
    expect(err.message).toContain('made by a newer Quarterdeck')
    expect(snapshot(path)).toEqual(before)
  })

  it('refuses a plain SQLite file with other tables as "not a Quarterdeck campaign"', async () => {
    const path = join(t.campaignsDir, 'ledger.quarterdeck')
    withRawDb(
      path,
      (db) => {
        db.exec(`CREATE TABLE ledger (id INTEGER PRIMARY KEY, entry TEXT); INSERT INTO ledger (entry) VALUES ('rum')`)
      },
      false
    )
    const before = snapshot(path)
    const err = errorOf(await t.door.invoke('campaigns.open', { path }, 'internal'))
    expect(err.code).toBe('rule')
    expect(err.message).toContain('not a Quarterdeck campaign')
    expect(snapshot(path)).toEqual(before)
    expect(listBackups(path)).toEqual([])
    expect((await t.door.call('app.status')).campaign).toBeNull()
  })

  it('refuses a file with an empty schema_migrations table, unchanged', async () => {
    const path = join(t.campaignsDir, 'half.quarterdeck')
    withRawDb(path, (db) => db.exec(`CREATE TABLE schema_migrations (id TEXT PRIMARY KEY, applied_at TEXT NOT NULL)`), false)
    const before = snapshot(path)
    const err = errorOf(await t.door.invoke('campaigns.open', { path }, 'internal'))
    expect(err.code).toBe('rule')
    expect(err.message).toContain('not a Quarterdeck campaign')
    expect(snapshot(path)).toEqual(before)
  })

  it.each([
    [
      'an SQLite file with no tables',
      (path: string) => {
        const db = new Database(path)
        db.pragma('user_version = 7') // forces SQLite to write a header page
        db.close()
      }
    ]
  ])('refuses %s without turning it into a broken campaign', async (_label, make) => {
    const path = join(t.campaignsDir, 'blank.quarterdeck')
    make(path)
    const before = snapshot(path)
    const out = await t.door.invoke('campaigns.open', { path }, 'internal')
    const err = errorOf(out)
    expect(err.code).toBe('rule')
    expect(err.message).toContain('not a Quarterdeck campaign')
    expect(snapshot(path)).toEqual(before)
    expect(listBackups(path)).toEqual([])
    expect((await t.door.call('app.status')).campaign).toBeNull()
  })

  it.each([
    ['empty (0 bytes)', ''],
    ['1 byte long', 'S']
  ])('a campaign file cut down to %s opens the recovery screen with its backups offered, and is left as it is', async (_label, contents) => {
    const path = (await t.door.call('campaigns.create', { name: 'Cut Short' })).campaign!.path
    const backup = await t.door.call('backups.create')
    await t.door.call('campaigns.close')
    writeFileSync(path, contents)
    const status = valueOf<AppStatus>(await t.door.invoke('campaigns.open', { path }, 'internal'))
    expect(status.campaign).toBeNull()
    expect(status.recovery!.problem).toMatch(contents === '' ? /empty/ : /only 1 byte long/)
    expect(status.recovery!.backups.map((b) => b.id)).toEqual([backup.id])
    expect(readFileSync(path, 'utf8')).toBe(contents)
    // The backup it offers restores the campaign.
    await t.door.call('backups.restore', { id: backup.id })
    expect((await t.door.call('campaign.info')).name).toBe('Cut Short')
  })

  it('a campaign file whose campaign record is missing opens the recovery screen, not an internal error', async () => {
    const path = (await t.door.call('campaigns.create', { name: 'Hollow' })).campaign!.path
    const backup = await t.door.call('backups.create')
    await t.door.call('campaigns.close')
    withRawDb(path, (db) => db.exec(`DELETE FROM campaign`), false)

    const status = valueOf<AppStatus>(await t.door.invoke('campaigns.open', { path }, 'internal'))
    expect(status.campaign).toBeNull()
    expect(status.recovery).not.toBeNull()
    expect(status.recovery!.problem).toMatch(/campaign record/i)
    expect(status.recovery!.backups.map((b) => b.id)).toEqual([backup.id])
    // No connection was left open on the file.
    expect(snapshot(path).companions).toEqual([])

    const restored = await t.door.call('backups.restore', { id: backup.id })
    expect(restored.campaign!.name).toBe('Hollow')
  })

  it('a missing file is not_found', async () => {
    const err = errorOf(await t.door.invoke('campaigns.open', { path: 'nowhere.quarterdeck' }, 'internal'))
    expect(err.code).toBe('not_found')
    expect(existsSync(join(t.campaignsDir, 'nowhere.quarterdeck'))).toBe(false)
  })
})

describe('damaged files and recovery', () => {
  /**
   * A campaign with two manual backups (older: "Harbour Watch", newer: "Second Watch"), renamed
   * "Third Watch" and closed (which takes a 'close' backup).
   */
  async function campaignWithBackups(): Promise<{ path: string; older: Backup; newer: Backup; closing: Backup }> {
    const path = (await t.door.call('campaigns.create', { name: 'Harbour Watch' })).campaign!.path
    clock.advance(5 * MINUTE)
    const older = await t.door.call('backups.create')
    await t.door.call('campaign.rename', { name: 'Second Watch' })
    clock.advance(5 * MINUTE)
    const newer = await t.door.call('backups.create')
    await t.door.call('campaign.rename', { name: 'Third Watch' })
    clock.advance(1 * MINUTE)
    await t.door.call('campaigns.close')
    const closing = listBackups(path)[0]!
    expect(closing.kind).toBe('close')
    return { path, older, newer, closing }
  }

  function garbleMiddle(path: string): Buffer {
    const bytes = readFileSync(path)
    expect(bytes.length).toBeGreaterThanOrEqual(4 * 4096)
    // Keep the header page (so SQLite still recognises the file) and smash the pages after it.
    randomBytes(bytes.length - 4096 - 1024).copy(bytes, 4096)
    writeFileSync(path, bytes)
    return bytes
  }

  it('a real campaign with garbage over its middle opens in recovery, backups newest first', async () => {
    const { path, older, newer, closing } = await campaignWithBackups()
    garbleMiddle(path)

    const status = valueOf<AppStatus>(await t.door.invoke('campaigns.open', { path }, 'internal'))
    expect(status.campaign).toBeNull()
    expect(status.recovery).not.toBeNull()
    const recovery = status.recovery!
    expect(recovery.path).toBe(path)
    expect(recovery.fileName).toBe('Harbour-Watch.quarterdeck')
    expect(recovery.problem.trim().length).toBeGreaterThan(0)
    expect(recovery.backups.map((b) => b.id)).toEqual([closing.id, newer.id, older.id])
    expect(recovery.backups.map((b) => b.kind)).toEqual(['close', 'manual', 'manual'])
    const times = recovery.backups.map((b) => b.takenAt)
    expect([...times].sort().reverse()).toEqual(times)

    // The same recovery is visible through app.status and backups.list; campaign commands refuse.
    expect((await t.door.call('app.status')).recovery).toEqual(recovery)
    expect(await t.door.call('backups.list')).toEqual(recovery.backups)
    expect(errorOf(await t.door.invoke('campaign.info', {}, 'internal')).code).toBe('rule')
  })

  it('a file of random bytes opens in recovery without a crash', async () => {
    const path = join(t.campaignsDir, 'junk.quarterdeck')
    writeFileSync(path, randomBytes(64 * 1024))
    const status = valueOf<AppStatus>(await t.door.invoke('campaigns.open', { path }, 'internal'))
    expect(status.campaign).toBeNull()
    expect(status.recovery).toMatchObject({ path, fileName: 'junk.quarterdeck', backups: [] })
    expect(status.recovery!.problem.length).toBeGreaterThan(0)
    // And the door keeps working afterwards.
    const created = await t.door.call('campaigns.create', { name: 'Fresh Start' })
    expect(created.campaign!.name).toBe('Fresh Start')
    expect(created.recovery).toBeNull()
  })

  it('restoring from recovery sets the damaged file aside as a "damaged" backup and reopens the restored campaign', async () => {
    const { path, newer } = await campaignWithBackups()
    const damagedBytes = garbleMiddle(path)
    await t.door.call('campaigns.open', { path })
    clock.advance(MINUTE)

    const status = await t.door.call('backups.restore', { id: newer.id })
    expect(status.recovery).toBeNull()
    expect(status.campaign).toMatchObject({ path, name: 'Second Watch' })
    expect((await t.door.call('campaign.info')).name).toBe('Second Watch')

    const backups = listBackups(path)
    const damaged = backups.filter((b) => b.kind === 'damaged')
    expect(damaged).toHaveLength(1)
    expect(backups[0]!.kind).toBe('damaged') // the newest
    const dir = join(t.campaignsDir, 'Harbour-Watch.backups')
    expect(readdirSync(dir)).toContain(damaged[0]!.id)
    expect(readFileSync(join(dir, damaged[0]!.id)).equals(damagedBytes)).toBe(true)

    // The restored file is a sound campaign on disk.
    await t.door.call('campaigns.close')
    withRawDb(path, (db) => {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok')
      expect(campaignRow(db)!.name).toBe('Second Watch')
    })
  })

  it('refuses to restore the damaged copy itself and stays in recovery', async () => {
    const { path, older } = await campaignWithBackups()
    garbleMiddle(path)
    await t.door.call('campaigns.open', { path })
    await t.door.call('backups.restore', { id: older.id }) // sets the damaged file aside
    expect((await t.door.call('campaign.info')).name).toBe('Harbour Watch')
    const damaged = listBackups(path).find((b) => b.kind === 'damaged')!

    const err = errorOf(await t.door.invoke('backups.restore', { id: damaged.id }, 'internal'))
    expect(err.code).toBe('rule')
    expect(err.message).toMatch(/damaged|cannot be read/)
    // The good campaign is still open and untouched.
    expect((await t.door.call('campaign.info')).name).toBe('Harbour Watch')
  })

  it('opening runs the quick check; the full check (campaign.checkFile) finds an index that no longer matches its table', async () => {
    const path = await makeClosedCampaign('Quiet Harbour')
    // An index whose recorded definition no longer matches its entries: every page reads, so the
    // quick check passes, but the index is missing rows the full check looks up.
    withRawDb(
      path,
      (db) => {
        db.exec(`CREATE TABLE scratch (a INTEGER, b INTEGER); CREATE INDEX scratch_a ON scratch (a);`)
        const put = db.prepare(`INSERT INTO scratch VALUES (?, ?)`)
        for (let i = 0; i < 50; i++) put.run(i, 100 - i)
        db.unsafeMode(true)
        db.pragma('writable_schema = ON')
        db.prepare(`UPDATE sqlite_schema SET sql = 'CREATE INDEX scratch_a ON scratch (b)' WHERE name = 'scratch_a'`).run()
      },
      false
    )
    withRawDb(path, (db) => expect(db.pragma('quick_check', { simple: true })).toBe('ok'))

    const status = valueOf<AppStatus>(await t.door.invoke('campaigns.open', { path }, 'internal'))
    expect(status.campaign?.name).toBe('Quiet Harbour')
    expect(status.recovery).toBeNull()
    const check = await t.door.call('campaign.checkFile')
    expect(check.sound).toBe(false)
    expect(check.problem).toMatch(/missing from index scratch_a/)
    expect(check.problem).toMatch(/and \d+ more problems/)
  })

  it('campaign.checkFile finds a sound campaign sound', async () => {
    const path = await makeClosedCampaign('Sound Harbour')
    await t.door.call('campaigns.open', { path })
    expect(await t.door.call('campaign.checkFile')).toEqual({ sound: true, problem: null })
  })
})
