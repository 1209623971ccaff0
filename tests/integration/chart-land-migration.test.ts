/**
 * Migration 0017_chart_land (issue 18): a file made before it opens, migrated, its chart as it was with no land,
 * and takes land drawn on it.
 */
import { describe, expect, it, vi } from 'vitest'

vi.mock('../../src/main/campaign/migrations', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/main/campaign/migrations')>()
  return { ...real, MIGRATIONS: [...real.MIGRATIONS] }
})

import { LATEST_SCHEMA } from '../../src/main/campaign/migrations'
import { migrationSessions, withRawDb, type TestSession } from '../helpers'

let t: TestSession
const { stopBefore, restore } = migrationSessions((s) => (t = s))

describe('issue 18: land on the chart (migration 0017_chart_land)', () => {
  it('a Théah chart made before land existed opens migrated, with its ports and an empty land list that takes new land', async () => {
    stopBefore('0017_chart_land')
    const path = (await t.door.call('campaigns.create', { name: 'Before land', chart: 'theah' })).campaign!.path
    await t.door.call('campaigns.close')
    withRawDb(path, (db) => expect(db.prepare(`SELECT name FROM sqlite_schema WHERE name = 'chart_land'`).get()).toBeUndefined())
    restore()

    await t.door.call('campaigns.open', { path })
    const chart = await t.door.call('chart.get')
    expect(chart.land).toEqual([])
    expect(chart.ports).toHaveLength(12)
    expect(chart.routes).toHaveLength(16)
    const isle = await t.door.call('chart.saveLand', { name: 'Isla Nueva', polygon: [{ x: 10, y: 10 }, { x: 60, y: 10 }, { x: 40, y: 50 }] })
    expect((await t.door.call('chart.get')).land).toEqual([isle])
    await t.door.call('chart.removeLand', { landId: isle.id })
    expect((await t.door.call('chart.get')).land).toEqual([])
    // Migrated up to the newest schema, 0017 among the steps applied (later migrations follow it).
    const applied = withRawDb(path, (db) => (db.prepare(`SELECT id FROM schema_migrations ORDER BY rowid`).all() as { id: string }[]).map((r) => r.id))
    expect(applied).toContain('0017_chart_land')
    expect(applied.at(-1)).toBe(LATEST_SCHEMA)
  })
})
