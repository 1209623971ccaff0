/**
 * Issue 22: a big campaign file opens at once and is checked (SQLite's quick check) in a worker thread
 * beside the first reads; writes wait for the verdict; a file found damaged is closed as it is and
 * offered for recovery, nothing written to it. (The threshold is 8 MB; these tests set it to 0 so a
 * small file takes the same path.)
 */
import Database from 'better-sqlite3'
import { readFileSync, writeFileSync } from 'node:fs'
import { afterEach, describe, expect, it } from 'vitest'
import { BACKGROUND_CHECK_BYTES } from '../../src/main/campaign/check'
import type { AppStatus } from '../../src/shared/commands'
import { errorOf, makeSession, valueOf, type TestSession } from '../helpers'

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
    expect(BACKGROUND_CHECK_BYTES).toBe(8 * 1024 * 1024)
  })

  it('a sound file opens before its check answers; the check finds it sound and writes go ahead', async () => {
    t = makeSession({ backgroundCheckFrom: 0 })
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
    t = makeSession({ backgroundCheckFrom: 0 })
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

  it('closing while the check runs stops it and closes at once', async () => {
    t = makeSession({ backgroundCheckFrom: 0 })
    const path = await campaignWithReminders()
    await t.door.call('campaigns.open', { path })
    await t.door.call('campaigns.close')
    expect((await t.door.call('app.status')).campaign).toBeNull()
    await t.door.call('campaigns.open', { path })
    expect(await t.session.campaign!.verdict).toBeNull()
  })
})
