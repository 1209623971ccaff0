/**
 * Migration 0018_atrilian_catalogue_key (issue 18): a campaign whose Atrilian ships table was edited while
 * the Gyptian or Meshuesh large galley was keyed `largeGalley` opens with the edit kept under the key the
 * shipyard and the voyages use, so she is quoted and named as before.
 */
import { describe, expect, it, vi } from 'vitest'

vi.mock('../../src/main/campaign/migrations', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/main/campaign/migrations')>()
  return { ...real, MIGRATIONS: [...real.MIGRATIONS] }
})

import { ATRILIA_SHIPS } from '../../src/shared/atrilia/tables'
import { migrationSessions, withRawDb, type TestSession } from '../helpers'

let t: TestSession
const { stopBefore, restore } = migrationSessions((s) => (t = s))

describe('issue 18: the large galley rekeyed (migration 0018_atrilian_catalogue_key)', () => {
  it('seed 002 §2.1: an edited catalogue that says largeGalley keeps its edit under gyptianLargeGalley', async () => {
    stopBefore('0018_atrilian_catalogue_key')
    const path = (await t.door.call('campaigns.create', { name: 'Edited before', setting: 'atrilia' })).campaign!.path
    await t.door.call('campaigns.close')
    // The table as an older Quarterdeck stored it: the old key, and the GM's own price.
    const old = ATRILIA_SHIPS.map((s) => (s.key === 'gyptianLargeGalley' ? { ...s, key: 'largeGalley', price: 11_000 } : s))
    withRawDb(path, (db) => db.prepare(`INSERT INTO rule_table (name, value, edited_day) VALUES ('atriliaShips', ?, 0)`).run(JSON.stringify(old)), false)
    restore()

    await t.door.call('campaigns.open', { path })
    const table = (await t.door.call('rules.get', { table: 'atriliaShips' })).value as { key: string; price: number }[]
    expect(table.map((s) => s.key)).not.toContain('largeGalley')
    expect(table.find((s) => s.key === 'gyptianLargeGalley')!.price).toBe(11_000)
    const quote = (await t.door.call('ships.quote', { design: { type: 'gyptianLargeGalley', improvements: {} } })) as { total: number; problems: unknown[] }
    expect(quote.problems).toEqual([])
    expect(quote.total).toBe(11_000)
  })
})
