/**
 * Opening a file made by an older Quarterdeck. Only one schema step exists today, so this file
 * plays a newer version: the migration list is swapped for a mutable copy, files are made with the
 * shipped step only, then a second step is appended before opening them again.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

vi.mock('../../src/main/campaign/migrations', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/main/campaign/migrations')>()
  return { ...real, MIGRATIONS: [...real.MIGRATIONS] }
})

import { listBackups } from '../../src/main/campaign/backups'
import { MIGRATIONS, type Migration } from '../../src/main/campaign/migrations'
import { campaignRow, errorOf, makeClock, makeSession, MINUTE, withRawDb, type TestSession } from '../helpers'

const steps = MIGRATIONS as Migration[]
const SHIPPED = steps.map((m) => m.id)

const PORTS: Migration = {
  id: '0002_test_ports',
  sql: `
    CREATE TABLE test_port (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
    INSERT INTO test_port (name) VALUES ('Tortuga');
  `
}
const BROKEN: Migration = {
  id: '0002_test_broken',
  sql: `
    CREATE TABLE test_port (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
    INSERT INTO no_such_table VALUES (1);
  `
}

let t: TestSession
const clock = makeClock('2026-04-02T10:00:00.000Z')

beforeEach(() => {
  steps.length = SHIPPED.length
  t = makeSession({ now: clock.now })
})
afterEach(async () => {
  steps.length = SHIPPED.length
  await t.cleanup()
})

const tableNames = (path: string) =>
  withRawDb(path, (db) =>
    (db.prepare(`SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name`).all() as { name: string }[]).map(
      (r) => r.name
    )
  )
const applied = (path: string) =>
  withRawDb(path, (db) => (db.prepare(`SELECT id FROM schema_migrations ORDER BY rowid`).all() as { id: string }[]).map((r) => r.id))

/** A campaign made by "the older version" (only the shipped steps), renamed once, closed. */
async function olderCampaign(): Promise<string> {
  const path = (await t.door.call('campaigns.create', { name: 'Old Salt' })).campaign!.path
  await t.door.call('campaign.rename', { name: 'Old Salt, Renamed' })
  await t.door.call('campaigns.close')
  expect(applied(path)).toEqual(SHIPPED)
  return path
}

describe('opening a campaign made by an older Quarterdeck', () => {
  it('takes a pre-migration backup, then applies the missing step', async () => {
    const path = await olderCampaign()
    const backupsBefore = listBackups(path)
    steps.push(PORTS)
    clock.advance(MINUTE)

    const status = await t.door.call('campaigns.open', { path })
    expect(status.campaign!.name).toBe('Old Salt, Renamed')
    expect(status.recovery).toBeNull()
    expect((await t.door.call('campaign.info')).schemaVersion).toBe('0002_test_ports')
    expect(t.session.campaign!.openingBackups.map((b) => b.kind)).toEqual(['pre-migration'])

    const pre = listBackups(path).filter((b) => !backupsBefore.some((o) => o.id === b.id))
    expect(pre.map((b) => b.kind)).toEqual(['pre-migration'])
    const backupPath = join(t.campaignsDir, 'Old-Salt.backups', pre[0]!.id)
    // The backup is the file as it was: the old schema only, with its data.
    expect(applied(backupPath)).toEqual(SHIPPED)
    expect(tableNames(backupPath)).not.toContain('test_port')
    withRawDb(backupPath, (db) => expect(campaignRow(db)!.name).toBe('Old Salt, Renamed'))

    await t.door.call('campaigns.close')
    expect(applied(path)).toEqual([...SHIPPED, '0002_test_ports'])
    withRawDb(path, (db) => expect(db.prepare(`SELECT name FROM test_port`).all()).toEqual([{ name: 'Tortuga' }]))
  })

  it('keeps undo history from before the migration working, and captures the new tables', async () => {
    const path = await olderCampaign()
    steps.push(PORTS)
    await t.door.call('campaigns.open', { path })
    const undone = await t.door.call('history.undo')
    expect(undone.command).toBe('campaign.rename')
    expect((await t.door.call('campaign.info')).name).toBe('Old Salt')
    // The table the migration added gets its undo-capture triggers (insert, update, delete) too.
    const triggers = t.session.campaign!.db
      .prepare(`SELECT name FROM sqlite_temp_schema WHERE type = 'trigger' AND tbl_name = 'test_port'`)
      .all()
    expect(triggers).toHaveLength(3)
  })

  it('does not migrate twice: a second open takes no further pre-migration backup', async () => {
    const path = await olderCampaign()
    steps.push(PORTS)
    await t.door.call('campaigns.open', { path })
    await t.door.call('campaigns.close')
    const count = listBackups(path).filter((b) => b.kind === 'pre-migration').length
    expect(count).toBe(1)
    await t.door.call('campaigns.open', { path })
    expect(t.session.campaign!.openingBackups).toEqual([])
    expect(listBackups(path).filter((b) => b.kind === 'pre-migration')).toHaveLength(1)
  })

  it('a failing migration changes nothing in the file (all steps are one transaction)', async () => {
    const path = await olderCampaign()
    const before = readFileSync(path)
    steps.push(BROKEN)

    const err = errorOf(await t.door.invoke('campaigns.open', { path }, 'internal'))
    expect(err.code).toBe('internal')
    expect(err.message).not.toContain('no_such_table') // details go to the log, not the GM
    expect(t.logs.some((l) => String(l.error).includes('no_such_table'))).toBe(true)

    expect(applied(path)).toEqual(SHIPPED)
    expect(tableNames(path)).not.toContain('test_port')
    expect(readFileSync(path).equals(before)).toBe(true)
    // The backup taken before trying is there, and the app is not left half-open.
    expect(listBackups(path).some((b) => b.kind === 'pre-migration')).toBe(true)
    const status = await t.door.call('app.status')
    expect(status.campaign).toBeNull()
    expect(status.recovery).toBeNull()

    // Once the faulty step is fixed (a corrected release), the same file opens.
    steps.length = SHIPPED.length
    steps.push(PORTS)
    expect((await t.door.call('campaigns.open', { path })).campaign!.name).toBe('Old Salt, Renamed')
  })
})
