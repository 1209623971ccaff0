import { existsSync, readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterEach, describe, expect, it } from 'vitest'
import { backupsDir } from '../../src/main/campaign/backups'
import { errorOf, makeSession, valueOf, type TestSession } from '../helpers'

let t: TestSession
afterEach(() => t?.cleanup())

describe('the open campaign is never lost to a failed command', () => {
  it('a file that cannot be opened leaves the current campaign open', async () => {
    t = makeSession()
    await t.door.call('campaigns.create', { name: 'Keep Me' })
    const missing = errorOf(await t.door.invoke('campaigns.open', { path: 'Nowhere.quarterdeck' }, 'ipc'))
    expect(missing.code).toBe('not_found')
    const foreign = join(t.campaignsDir, 'Foreign.quarterdeck')
    const db = new Database(foreign)
    db.exec('CREATE TABLE t (x)')
    db.close()
    expect(errorOf(await t.door.invoke('campaigns.open', { path: foreign }, 'ipc')).code).toBe('rule')
    expect(valueOf<{ name: string }>(await t.door.invoke('campaign.info', {}, 'ipc')).name).toBe('Keep Me')
  })

  it('reopening the campaign that is already open changes nothing', async () => {
    t = makeSession()
    const status = await t.door.call('campaigns.create', { name: 'Twice' })
    await t.door.call('campaign.rename', { name: 'Twice Renamed' })
    await t.door.call('campaigns.open', { path: status.campaign!.path })
    const history = await t.door.call('history.list', {})
    expect(history.canUndo).toBe(true)
  })

  it('restoring refuses a backup that is not a Quarterdeck campaign, and the campaign stays open', async () => {
    t = makeSession()
    const status = await t.door.call('campaigns.create', { name: 'Guarded' })
    const backup = await t.door.call('backups.create', {})
    // Replace the backup's contents with a sound SQLite file that is not a campaign.
    const path = join(backupsDir(status.campaign!.path), backup.id)
    writeFileSync(path, '')
    const db = new Database(path)
    db.exec('CREATE TABLE other (x)')
    db.close()
    const err = errorOf(await t.door.invoke('backups.restore', { id: backup.id }, 'ipc'))
    expect(err.code).toBe('rule')
    expect(err.message).toContain('not a Quarterdeck campaign')
    expect((await t.door.call('campaign.info', {})).name).toBe('Guarded')
  })

  it('a backup cut short by a crash (*.partial) is cleared away by the next backup', async () => {
    t = makeSession()
    const status = await t.door.call('campaigns.create', { name: 'Tidy' })
    await t.door.call('backups.create', {})
    const dir = backupsDir(status.campaign!.path)
    const stale = join(dir, '2026-01-01T00-00-00-000Z--auto.quarterdeck.partial')
    writeFileSync(stale, 'half a backup')
    await t.door.call('campaign.rename', { name: 'Tidier' })
    await t.door.call('campaigns.close', {}) // takes the closing backup, which rotates
    expect(existsSync(stale)).toBe(false)
    expect(readdirSync(dir).some((f) => f.endsWith('--close.quarterdeck'))).toBe(true)
  })
})
