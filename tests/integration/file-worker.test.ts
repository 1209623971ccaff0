/**
 * Issue 22: a big campaign file opens at once and is checked (SQLite's quick check) in a worker thread
 * beside the first reads; writes wait for the verdict; a file found damaged is closed as it is and
 * offered for recovery, nothing written to it. Its automatic backups are taken by the worker too, on a
 * connection of its own, while the commands go on. (The threshold is 8 MB; these tests set it to 0 so a
 * small file takes the same path.)
 */
import Database from 'better-sqlite3'
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { backupsDir, listBackups } from '../../src/main/campaign/backups'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { WORKER_FILE_BYTES } from '../../src/main/campaign/file-work'
import type { AppStatus } from '../../src/shared/commands'
import { campaignRow, errorOf, makeClock, makeSession, MINUTE, valueOf, withRawDb, type TestSession } from '../helpers'

let t: TestSession
afterEach(async () => {
  await t.cleanup()
})

/** A closed campaign with a few hundred reminders (their table spans several pages). */
async function campaignWithReminders(): Promise<string> {
  const path = (await t.door.call('campaigns.create', { name: 'Big Enough' })).campaign!.path
  for (let i = 0; i < 300; i++) await t.door.call('reminders.add', { dueDay: 10 + (i % 50), title: `A reminder with a long enough title to fill pages, number ${i}` })
  await t.door.call('campaigns.close')
  return path
}

/** Garble one leaf page of the reminder table in the file (opening never reads it; the quick check does). */
function garbleReminderPage(path: string): Buffer {
  const { pageno, size } = (() => {
    const db = new Database(path, { readonly: true })
    try {
      const page = db.prepare(`SELECT pageno FROM dbstat WHERE name = 'reminder' AND pagetype = 'leaf' ORDER BY pageno LIMIT 1 OFFSET 1`).get() as { pageno: number }
      return { pageno: page.pageno, size: db.pragma('page_size', { simple: true }) as number }
    } finally {
      db.close()
    }
  })()
  const bytes = readFileSync(path)
  for (let i = 8; i < size; i++) bytes[(pageno - 1) * size + i] = (i * 37) & 0xff
  writeFileSync(path, bytes)
  return bytes
}

describe('issue 22: the check of a big campaign file runs beside its first reads', () => {
  it('the threshold is 8 MB', () => {
    t = makeSession()
    expect(WORKER_FILE_BYTES).toBe(8 * 1024 * 1024)
  })

  it('a sound file opens before its check answers; the check finds it sound and writes go ahead', async () => {
    t = makeSession({ workerFrom: 0 })
    const path = await campaignWithReminders()
    await t.door.call('campaigns.open', { path })
    const verdict = t.session.campaign!.verdict
    expect(verdict).not.toBeNull()
    expect((await t.door.call('campaign.info')).name).toBe('Big Enough')
    await t.door.call('campaign.rename', { name: 'Checked And Renamed' })
    expect(await verdict).toBeNull()
    expect((await t.door.call('app.status')).recovery).toBeNull()
    expect((await t.door.call('campaign.info')).name).toBe('Checked And Renamed')
  })

  it('a damaged file opens, its first write is refused at the verdict, and the recovery screen offers its backups; the file is left as it was', async () => {
    t = makeSession({ workerFrom: 0 })
    const path = await campaignWithReminders()
    const damaged = garbleReminderPage(path)
    const statuses: string[] = []
    t.session.on((e) => {
      if (e.type === 'status') statuses.push(e.type)
    })

    const opened = valueOf<AppStatus>(await t.door.invoke('campaigns.open', { path }, 'internal'))
    expect(opened.campaign).toMatchObject({ path, name: 'Big Enough' })
    const refused = errorOf(await t.door.invoke('campaign.rename', { name: 'Never Written' }, 'internal'))
    expect(refused.code).toBe('rule')
    expect(refused.message).toMatch(/found it damaged/)
    expect(refused.message).not.toMatch(/SQLITE|quick_check|Tree|page \d/i)

    const status = await t.door.call('app.status')
    expect(status.campaign).toBeNull()
    expect(status.recovery).toMatchObject({ path })
    expect(status.recovery!.problem.length).toBeGreaterThan(0)
    expect(statuses.length).toBeGreaterThan(0) // the windows were told
    expect(readFileSync(path).equals(damaged)).toBe(true)
    expect(t.logs.some((l) => /damaged/.test(l.message))).toBe(true)
  })

  it('the same damaged file under the threshold is checked before it opens: straight to recovery', async () => {
    t = makeSession()
    const path = await campaignWithReminders()
    garbleReminderPage(path)
    const status = valueOf<AppStatus>(await t.door.invoke('campaigns.open', { path }, 'internal'))
    expect(status.campaign).toBeNull()
    expect(status.recovery).toMatchObject({ path })
  })

  it('closing while the check runs waits for its verdict, then closes (a worker is never stopped half-way)', async () => {
    t = makeSession({ workerFrom: 0 })
    const path = await campaignWithReminders()
    await t.door.call('campaigns.open', { path })
    const verdict = t.session.campaign!.verdict!
    let answered = false
    void verdict.then(() => (answered = true))
    await t.door.call('campaigns.close')
    expect(answered).toBe(true)
    expect((await t.door.call('app.status')).campaign).toBeNull()
    // The file was left whole (no WAL behind it) and opens again, checked again.
    expect(existsSync(`${path}-wal`)).toBe(false)
    await t.door.call('campaigns.open', { path })
    expect(await t.session.campaign!.verdict).toBeNull()
  })
})

describe('issue 22: a big campaign file is backed up automatically by the worker', () => {
  it('the write the backup falls due on answers at once; the worker copies one snapshot while commands go on; the copy is whole, self-contained and named for its date', async () => {
    const clock = makeClock('2026-03-01T09:00:00.000Z')
    t = makeSession({ workerFrom: 0, now: clock.now })
    const path = await campaignWithReminders()
    await t.door.call('campaigns.open', { path })
    await t.session.campaign!.verdict
    const onThisThread = vi.spyOn(t.session.campaign!.db, 'backup')
    clock.advance(15 * MINUTE)
    await t.door.call('campaign.rename', { name: 'Due' })
    expect(t.session.backupRunning).toBe(true)
    await t.door.call('campaign.rename', { name: 'Meanwhile' })
    expect((await t.door.call('campaign.info')).name).toBe('Meanwhile')
    await t.session.backupDone()
    expect(onThisThread).not.toHaveBeenCalled() // the worker took it
    const [auto] = listBackups(path)
    expect(auto).toMatchObject({ kind: 'auto', takenAt: '2026-03-01T09:15:00.000Z' })
    expect(auto!.dateLabel).toBe((await t.door.call('clock.now')).label)
    const file = join(backupsDir(path), auto!.id)
    // One snapshot: the campaign as it was at one of the two writes, whole and sound, in rollback-journal mode.
    withRawDb(file, (db) => {
      expect(['Due', 'Meanwhile']).toContain(campaignRow(db)!.name)
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok')
      expect(db.pragma('journal_mode', { simple: true })).toBe('delete')
      expect((db.prepare(`SELECT count(*) AS n FROM reminder`).get() as { n: number }).n).toBe(300)
    })
    expect(readdirSync(backupsDir(path)).filter((f) => /partial|-wal|-shm|-journal/.test(f))).toEqual([])
    expect(existsSync(`${file}-wal`)).toBe(false)
    await t.door.call('campaigns.close')
    // The first closing (when the reminders were written), this backup, and this closing's.
    expect(listBackups(path).map((b) => b.kind)).toEqual(['close', 'auto', 'close'])
  })
})
