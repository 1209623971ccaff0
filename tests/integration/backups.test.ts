import { copyFileSync, existsSync, readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { BACKUP_INTERVAL_MS } from '../../src/main/app/session'
import { backupsDir, KEEP_DAILY_DAYS, KEEP_LAST, listBackups } from '../../src/main/campaign/backups'
import type { Backup } from '../../src/shared/commands'
import {
  campaignRow,
  errorOf,
  HOUR,
  makeClock,
  makeSession,
  MINUTE,
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

async function create(name = 'Backed Up'): Promise<string> {
  return (await t.door.call('campaigns.create', { name })).campaign!.path
}
const kinds = (path: string) => listBackups(path).map((b) => b.kind)
/** A write, then the automatic backup it may have started (taken beside the commands, issue 22) finished. */
async function rename(name: string): Promise<void> {
  await t.door.call('campaign.rename', { name })
  await t.session.backupDone()
}
const nameIn = (path: string, b: Backup) =>
  withRawDb(join(backupsDir(path), b.id), (db) => campaignRow(db)!.name)

describe('automatic backups', () => {
  it('the interval is 15 minutes', () => {
    expect(BACKUP_INTERVAL_MS).toBe(15 * MINUTE)
  })

  it('writes less than 15 minutes apart take no backup; a write 15 minutes after the last backup takes one', async () => {
    const path = await create()
    for (let i = 1; i <= 5; i++) {
      clock.advance(2 * MINUTE) // 2, 4, … 10 minutes after opening
      await rename(`Name ${i}`)
    }
    expect(listBackups(path)).toEqual([])

    clock.advance(5 * MINUTE - 1) // 14:59.999 after opening
    await rename('Just Short')
    expect(listBackups(path)).toEqual([])

    clock.advance(1) // exactly 15 minutes after opening
    await rename('On The Dot')
    const backups = listBackups(path)
    expect(backups.map((b) => b.kind)).toEqual(['auto'])
    expect(backups[0]!.takenAt).toBe('2026-03-01T09:15:00.000Z')
    // The backup holds the campaign as it is after the write that triggered it.
    expect(nameIn(path, backups[0]!)).toBe('On The Dot')

    // The interval restarts from that backup.
    clock.advance(14 * MINUTE)
    await rename('Too Soon')
    expect(kinds(path)).toEqual(['auto'])
    clock.advance(1 * MINUTE)
    await rename('Next One')
    expect(kinds(path)).toEqual(['auto', 'auto'])
  })

  it('issue 22: the write a backup falls due on answers before the backup is taken; writes meanwhile are kept, and closing waits for it', async () => {
    const path = await create()
    clock.advance(15 * MINUTE)
    await t.door.call('campaign.rename', { name: 'Due' })
    // Answered: the backup is under way beside the commands, not yet in the folder.
    expect(t.session.backupRunning).toBe(true)
    expect(listBackups(path)).toEqual([])
    // A command runs while it is taken, and the campaign is as it says.
    await t.door.call('campaign.rename', { name: 'Meanwhile' })
    expect((await t.door.call('campaign.info')).name).toBe('Meanwhile')
    await t.door.call('campaigns.close') // waits for the backup, then backs up what changed since it began
    expect(t.session.backupRunning).toBe(false)
    const backups = listBackups(path)
    expect(backups.map((b) => b.kind)).toEqual(['close', 'auto'])
    expect(backups[1]!.takenAt).toBe('2026-03-01T09:15:00.000Z')
    expect(['Due', 'Meanwhile']).toContain(nameIn(path, backups[1]!))
    expect(nameIn(path, backups[0]!)).toBe('Meanwhile')
    withRawDb(join(backupsDir(path), backups[1]!.id), (db) => expect(db.pragma('integrity_check', { simple: true })).toBe('ok'))
  })

  it('reads do not take backups, however much time passes', async () => {
    const path = await create()
    clock.advance(3 * HOUR)
    await t.door.call('campaign.info')
    await t.door.call('history.list', {})
    await t.door.call('backups.list')
    expect(listBackups(path)).toEqual([])
  })

  it('closing after a write takes a "close" backup; closing with no writes takes none', async () => {
    const path = await create()
    clock.advance(MINUTE)
    await t.door.call('campaigns.close')
    expect(listBackups(path)).toEqual([])

    await t.door.call('campaigns.open', { path })
    clock.advance(MINUTE)
    await rename('Changed')
    clock.advance(MINUTE)
    await t.door.call('campaigns.close')
    const backups = listBackups(path)
    expect(backups.map((b) => b.kind)).toEqual(['close'])
    expect(nameIn(path, backups[0]!)).toBe('Changed')

    // Open and close again without writing: still just the one.
    await t.door.call('campaigns.open', { path })
    clock.advance(MINUTE)
    await t.door.call('campaigns.close')
    expect(kinds(path)).toEqual(['close'])
  })

  it('closing right after an automatic backup, with no write since, takes no second backup', async () => {
    const path = await create()
    clock.advance(20 * MINUTE)
    await rename('Backed')
    expect(kinds(path)).toEqual(['auto'])
    await t.door.call('campaigns.close')
    expect(kinds(path)).toEqual(['auto'])
  })

  it('switching to another campaign closes (and backs up) the changed one', async () => {
    const first = await create('First')
    await rename('First, Changed')
    await create('Second')
    expect(kinds(first)).toEqual(['close'])
  })

  it('an undo is a change too: closing afterwards takes a "close" backup', async () => {
    const path = await create()
    await rename('Renamed')
    await t.door.call('campaigns.close') // close backup #1
    expect(kinds(path)).toEqual(['close'])

    clock.advance(MINUTE)
    await t.door.call('campaigns.open', { path })
    await t.door.call('history.undo') // the file changes: the name goes back
    expect((await t.door.call('campaign.info')).name).toBe('Backed Up')
    clock.advance(MINUTE)
    await t.door.call('campaigns.close')
    const backups = listBackups(path)
    expect(backups.map((b) => b.kind)).toEqual(['close', 'close'])
    expect(nameIn(path, backups[0]!)).toBe('Backed Up')
  })

  it('backups.create takes a manual backup that is listed and readable', async () => {
    const path = await create()
    await rename('By Hand')
    const b = await t.door.call('backups.create')
    expect(b).toMatchObject({ kind: 'manual', takenAt: '2026-03-01T09:00:00.000Z' })
    expect(b.bytes).toBeGreaterThan(0)
    expect(await t.door.call('backups.list')).toEqual([b])
    expect(nameIn(path, b)).toBe('By Hand')
    withRawDb(join(backupsDir(path), b.id), (db) => expect(db.pragma('integrity_check', { simple: true })).toBe('ok'))
  })

  it('an undo or redo long enough after the last backup takes an automatic one', async () => {
    const path = await create()
    await rename('Renamed')
    clock.advance(15 * MINUTE)
    await t.door.call('history.undo')
    await t.session.backupDone()
    expect(kinds(path)).toEqual(['auto'])
    expect(nameIn(path, listBackups(path)[0]!)).toBe('Backed Up')
    clock.advance(15 * MINUTE)
    await t.door.call('history.redo')
    await t.session.backupDone()
    expect(kinds(path)).toEqual(['auto', 'auto'])
    expect(nameIn(path, listBackups(path)[0]!)).toBe('Renamed')
  })

  it('backup files are self-contained: checking and restoring them leaves no -wal/-shm files behind', async () => {
    const path = await create()
    const b = await t.door.call('backups.create')
    withRawDb(join(backupsDir(path), b.id), (db) => expect(db.pragma('journal_mode', { simple: true })).toBe('delete'))
    await rename('Changed')
    await t.door.call('backups.restore', { id: b.id })
    expect(readdirSync(backupsDir(path)).every((f) => f.endsWith('.quarterdeck'))).toBe(true)
    expect(readdirSync(backupsDir(path))).toHaveLength(2) // the manual one and the pre-restore one
    // The restored campaign is back in WAL mode.
    expect(t.session.campaign!.db.pragma('journal_mode', { simple: true })).toBe('wal')
  })

  it('two backups in the same millisecond get distinct ids', async () => {
    const path = await create()
    const a = await t.door.call('backups.create')
    const b = await t.door.call('backups.create')
    expect(a.id).not.toBe(b.id)
    expect(listBackups(path)).toHaveLength(2)
  })

  it('backup commands with no campaign open are refused', async () => {
    expect(errorOf(await t.door.invoke('backups.create', {}, 'internal')).code).toBe('rule')
    expect(errorOf(await t.door.invoke('backups.list', {}, 'internal')).code).toBe('rule')
    expect(errorOf(await t.door.invoke('backups.restore', { id: 'x' }, 'internal')).code).toBe('rule')
  })
})

describe('rotation', () => {
  it('keeps the newest 10 automatic/close backups when they are all from one day', async () => {
    const path = await create()
    for (let i = 1; i <= 24; i++) {
      clock.advance(15 * MINUTE)
      await rename(`Watch ${i}`)
    }
    clock.advance(MINUTE)
    await rename('Last Watch')
    await t.door.call('campaigns.close')

    const backups = listBackups(path)
    expect(KEEP_LAST).toBe(10)
    expect(backups).toHaveLength(10)
    expect(backups[0]!.kind).toBe('close')
    expect(nameIn(path, backups[0]!)).toBe('Last Watch')
    // The nine newest automatic ones: watches 24 down to 16.
    expect(backups.slice(1).map((b) => nameIn(path, b))).toEqual(
      Array.from({ length: 9 }, (_, k) => `Watch ${24 - k}`)
    )
    expect(readdirSync(backupsDir(path))).toHaveLength(10) // the others are really gone
  })

  it('keeps the newest 10 plus the newest of each of the last 7 days, and never deletes manual, pre-migration or pre-restore backups', async () => {
    expect(KEEP_DAILY_DAYS).toBe(7)
    clock.set('2026-02-28T18:00:00.000Z')
    const path = await create('Long Voyage')

    // Kept whatever their age: a manual backup, a pre-restore one, and an old pre-migration one.
    const manual = await t.door.call('backups.create')
    await t.door.call('backups.restore', { id: manual.id })
    const preMigration = '2026-02-01T00-00-00-000Z--pre-migration.quarterdeck'
    copyFileSync(join(backupsDir(path), manual.id), join(backupsDir(path), preMigration))
    expect(kinds(path).sort()).toEqual(['manual', 'pre-migration', 'pre-restore'])

    // One write every 6 hours for 10 days: 40 automatic backups, 00:00, 06:00, 12:00 and 18:00.
    for (let i = 1; i <= 40; i++) {
      clock.advance(6 * HOUR)
      await rename(`Day ${Math.ceil(i / 4)} watch ${((i - 1) % 4) + 1}`)
    }
    expect(clock.now().toISOString()).toBe('2026-03-10T18:00:00.000Z')

    const backups = listBackups(path)
    const auto = backups.filter((b) => b.kind === 'auto').map((b) => b.takenAt)
    const expected = [
      // the newest ten
      '2026-03-10T18:00:00.000Z',
      '2026-03-10T12:00:00.000Z',
      '2026-03-10T06:00:00.000Z',
      '2026-03-10T00:00:00.000Z',
      '2026-03-09T18:00:00.000Z',
      '2026-03-09T12:00:00.000Z',
      '2026-03-09T06:00:00.000Z',
      '2026-03-09T00:00:00.000Z',
      '2026-03-08T18:00:00.000Z',
      '2026-03-08T12:00:00.000Z',
      // the newest of each older day within 7 days (the cutoff, 03-03 18:00, is itself kept)
      '2026-03-07T18:00:00.000Z',
      '2026-03-06T18:00:00.000Z',
      '2026-03-05T18:00:00.000Z',
      '2026-03-04T18:00:00.000Z',
      '2026-03-03T18:00:00.000Z'
    ]
    expect(auto).toEqual(expected)
    expect(nameIn(path, backups.find((b) => b.takenAt === '2026-03-03T18:00:00.000Z')!)).toBe('Day 3 watch 4')

    const others = backups.filter((b) => b.kind !== 'auto')
    expect(others.map((b) => b.kind).sort()).toEqual(['manual', 'pre-migration', 'pre-restore'])
    expect(others.find((b) => b.kind === 'manual')!.id).toBe(manual.id)
    expect(others.some((b) => b.id === preMigration)).toBe(true)
    expect(readdirSync(backupsDir(path))).toHaveLength(expected.length + 3)
  })

  it('ignores files in the backups folder that are not backups', async () => {
    const path = await create()
    await t.door.call('backups.create')
    writeFileSync(join(backupsDir(path), 'notes.txt'), 'not a backup')
    writeFileSync(join(backupsDir(path), '2026-01-01T00-00-00-000Z--auto.txt'), 'not a backup either')
    for (let i = 0; i < 12; i++) {
      clock.advance(15 * MINUTE)
      await rename(`N${i}`)
    }
    expect(kinds(path).filter((k) => k === 'auto')).toHaveLength(10)
    expect(existsSync(join(backupsDir(path), 'notes.txt'))).toBe(true)
    expect(existsSync(join(backupsDir(path), '2026-01-01T00-00-00-000Z--auto.txt'))).toBe(true)
  })
})

describe('restoring a healthy campaign', () => {
  it('takes a pre-restore backup of the current state first, then restores the old name', async () => {
    const path = await create('Before')
    clock.advance(MINUTE)
    const manual = await t.door.call('backups.create')
    clock.advance(MINUTE)
    await t.door.call('campaign.rename', { name: 'After' })
    clock.advance(MINUTE)

    const status = await t.door.call('backups.restore', { id: manual.id })
    expect(status.campaign).toMatchObject({ path, name: 'Before' })
    expect(status.recovery).toBeNull()
    expect((await t.door.call('campaign.info')).name).toBe('Before')

    const backups = listBackups(path)
    expect(backups.map((b) => b.kind)).toEqual(['pre-restore', 'manual'])
    expect(backups[0]!.takenAt).toBe('2026-03-01T09:03:00.000Z')
    expect(nameIn(path, backups[0]!)).toBe('After')

    // …so the restore itself can be undone by restoring the pre-restore backup.
    await t.door.call('backups.restore', { id: backups[0]!.id })
    expect((await t.door.call('campaign.info')).name).toBe('After')
  })

  it('the restored campaign survives close and reopen', async () => {
    const path = await create('Keep Me')
    const manual = await t.door.call('backups.create')
    await t.door.call('campaign.rename', { name: 'Lose Me' })
    await t.door.call('backups.restore', { id: manual.id })
    await t.door.call('campaigns.close')
    withRawDb(path, (db) => {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok')
      expect(campaignRow(db)!.name).toBe('Keep Me')
    })
    expect((await t.door.call('campaigns.open', { path })).campaign!.name).toBe('Keep Me')
  })

  it.each([
    ['a well-formed id that does not exist', '2026-01-01T00-00-00-000Z--manual.quarterdeck'],
    ['a path out of the folder', '../x'],
    ['a path to the campaign itself', '../Backed-Up.quarterdeck'],
    ['a nested path', 'sub/2026-01-01T00-00-00-000Z--manual.quarterdeck'],
    ['a file in the folder that is not a backup', 'notes.txt']
  ])('restoring %s is not_found and changes nothing', async (_label, id) => {
    const path = await create()
    await t.door.call('backups.create')
    writeFileSync(join(backupsDir(path), 'notes.txt'), 'x')
    await t.door.call('campaign.rename', { name: 'Current' })
    const before = listBackups(path)

    const err = errorOf(await t.door.invoke('backups.restore', { id }, 'internal'))
    expect(err.code).toBe('not_found')
    expect(err.details).toEqual({ field: 'id' })
    expect(listBackups(path)).toEqual(before)
    expect((await t.door.call('campaign.info')).name).toBe('Current')
  })

  it("cannot restore another campaign's backup", async () => {
    const other = await create('Other')
    const foreign = await t.door.call('backups.create')
    await create('Mine')
    const err = errorOf(await t.door.invoke('backups.restore', { id: foreign.id }, 'internal'))
    expect(err.code).toBe('not_found')
    const viaPath = errorOf(
      await t.door.invoke('backups.restore', { id: `../Other.backups/${foreign.id}` }, 'internal')
    )
    expect(viaPath.code).toBe('not_found')
    expect((await t.door.call('campaign.info')).name).toBe('Mine')
    expect(listBackups(other)).toEqual([foreign])
  })
})
