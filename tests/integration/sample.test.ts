import { existsSync, readFileSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  buildSampleCampaign,
  SAMPLE_CREATED_AT,
  SAMPLE_FILE_NAME,
  SAMPLE_NAME,
  SAMPLE_UUID
} from '../../resources/sample/tortuga-run'
import { LATEST_SCHEMA } from '../../src/main/campaign/migrations'
import { campaignRow, errorOf, makeSession, makeTempDir, withRawDb, type TestSession } from '../helpers'

let dir: string
beforeEach(() => {
  dir = makeTempDir('quarterdeck-sample-test-')
})
afterEach(() => {
  rmSync(dir, { recursive: true, force: true })
})

const tablesOf = (path: string) =>
  withRawDb(path, (db) => db.prepare(`SELECT type, name, sql FROM sqlite_schema ORDER BY name`).all())

describe('the sample campaign', () => {
  it('two builds give identical campaign rows and an empty journal', async () => {
    const a = join(dir, 'a.quarterdeck')
    const b = join(dir, 'b.quarterdeck')
    await buildSampleCampaign(a)
    await buildSampleCampaign(b)
    // Finished files: checkpointed and closed, nothing beside them.
    for (const p of [a, b]) expect(existsSync(p + '-wal')).toBe(false)
    const rowA = withRawDb(a, campaignRow)
    const rowB = withRawDb(b, campaignRow)
    expect(rowA).toEqual({ id: 1, uuid: SAMPLE_UUID, name: SAMPLE_NAME, setting: 'theah', created_at: SAMPLE_CREATED_AT })
    expect(rowB).toEqual(rowA)
    expect(SAMPLE_NAME).toBe('The Tortuga Run')
    expect(tablesOf(b)).toEqual(tablesOf(a))
    for (const p of [a, b]) {
      withRawDb(p, (db) => {
        expect(db.prepare(`SELECT count(*) AS n FROM journal`).get()).toEqual({ n: 0 })
        expect(db.prepare(`SELECT count(*) AS n FROM undo_step`).get()).toEqual({ n: 0 })
        expect(db.pragma('integrity_check', { simple: true })).toBe('ok')
        expect((db.prepare(`SELECT id FROM schema_migrations`).all() as { id: string }[]).at(-1)!.id).toBe(LATEST_SCHEMA)
      })
    }
  })

  it('is byte-for-byte the same file every time it is built', async () => {
    const a = join(dir, 'a.quarterdeck')
    const b = join(dir, 'b.quarterdeck')
    await buildSampleCampaign(a)
    await new Promise((r) => setTimeout(r, 20)) // a later wall-clock time must not leak into the file
    await buildSampleCampaign(b)
    expect(readFileSync(b).equals(readFileSync(a))).toBe(true)
  })

  it('holds the crew of the Tortuga Run with their purses and ship funds (seed 003: 600 G a hero point)', async () => {
    const a = join(dir, 'crew.quarterdeck')
    await buildSampleCampaign(a)
    const t = makeSession()
    try {
      await t.door.call('campaigns.open', { path: a })
      const people = await t.door.call('people.list', {})
      expect(people.map((p) => p.name).sort()).toEqual(['Allende de Zepeda', 'Marcel du Sable', 'Old Tom Hollis', 'Yngvild Olafsdottir'])
      const allende = people.find((p) => p.name === 'Allende de Zepeda')!
      expect(allende.money).toEqual({ cash: 1200, shipFund: 6000 })
      expect(allende.heroPointsSpent).toBe(10)
      expect((await t.door.call('reminders.list', {})).map((r) => r.inDays)).toEqual([45, 90])
      // Nothing to undo: the GM starts from a clean slate.
      expect((await t.door.call('history.list', {})).canUndo).toBe(false)
    } finally {
      await t.cleanup()
    }
  })

  it('refuses to build over an existing file', async () => {
    const a = join(dir, 'a.quarterdeck')
    await buildSampleCampaign(a)
    await expect(buildSampleCampaign(a)).rejects.toMatchObject({ code: 'rule' })
  })

  describe('campaigns.openSample', () => {
    let t: TestSession
    let builds: string[]
    beforeEach(() => {
      builds = []
      t = makeSession({
        sample: {
          fileName: SAMPLE_FILE_NAME,
          build: async (p) => {
            builds.push(p)
            await buildSampleCampaign(p)
          }
        }
      })
    })
    afterEach(async () => {
      await t.cleanup()
    })

    it('makes the sample in the campaigns folder and opens it; the GM starts with nothing to undo', async () => {
      const status = await t.door.call('campaigns.openSample')
      const path = join(t.campaignsDir, SAMPLE_FILE_NAME)
      expect(builds).toEqual([path])
      expect(status.campaign).toEqual({ path, fileName: SAMPLE_FILE_NAME, name: 'The Tortuga Run', setting: 'theah' })
      expect(await t.door.call('campaign.info')).toEqual({
        name: 'The Tortuga Run',
        setting: 'theah',
        schemaVersion: LATEST_SCHEMA,
        createdAt: SAMPLE_CREATED_AT
      })
      expect(await t.door.call('history.list', {})).toEqual({ entries: [], canUndo: false, canRedo: false })
      expect(errorOf(await t.door.invoke('history.undo', {}, 'internal')).code).toBe('rule')
      expect((await t.door.call('campaigns.recent')).map((r) => r.path)).toEqual([path])
    })

    it('a second openSample reuses the file, changes and all', async () => {
      await t.door.call('campaigns.openSample')
      const path = join(t.campaignsDir, SAMPLE_FILE_NAME)
      await t.door.call('campaign.rename', { name: 'My Tortuga Run' })
      await t.door.call('campaigns.close')
      const inode = statSync(path).ino

      const again = await t.door.call('campaigns.openSample')
      expect(builds).toHaveLength(1)
      expect(statSync(path).ino).toBe(inode)
      expect(again.campaign).toMatchObject({ path, name: 'My Tortuga Run' })
      // Its history carried over as well.
      await t.door.call('history.undo')
      expect((await t.door.call('campaign.info')).name).toBe('The Tortuga Run')
    })

    it('works over HTTP too (no path is given, so confinement does not get in the way)', async () => {
      const out = await t.door.invoke('campaigns.openSample', {}, 'http')
      expect(out.ok).toBe(true)
      expect(t.session.campaign!.path).toBe(join(t.campaignsDir, SAMPLE_FILE_NAME))
    })

    it('without a sample script, openSample is an internal error and nothing is made', async () => {
      const bare = makeSession()
      try {
        const err = errorOf(await bare.door.invoke('campaigns.openSample', {}, 'internal'))
        expect(err.code).toBe('internal')
        expect(existsSync(join(bare.campaignsDir, SAMPLE_FILE_NAME))).toBe(false)
      } finally {
        await bare.cleanup()
      }
    })
  })
})
