/**
 * Migration 0024_broadsides_sink_rows: the Broadsides sea board table gains sinkRows (seed 001, Ship
 * Combat: "If there are 5 or more rows with hull dmg tokens along a single side of a ship, it sinks").
 * A campaign whose board table was edited before keeps its edit with the seed's 5, and a duel begun
 * before keeps sinking at 5 and replays to the state it stored.
 */
import type Database from 'better-sqlite3'
import { describe, expect, it, vi } from 'vitest'

vi.mock('../../src/main/campaign/migrations', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/main/campaign/migrations')>()
  return { ...real, MIGRATIONS: [...real.MIGRATIONS] }
})

import { BROADSIDES_BOARD } from '../../src/shared/broadsides/tables'
import type { BroadsidesBattleView } from '../../src/shared/commands/battles'
import { migrationSessions, withRawDb, type TestSession } from '../helpers'

let t: TestSession
const { stopBefore, restore } = migrationSessions((s) => (t = s))

describe('seed 001 Ship Combat: sinkRows added (migration 0024_broadsides_sink_rows)', () => {
  it('seed 001 Ship Combat: an edited sea board table and a duel begun before take the seed’s 5; the duel replays to its stored state', async () => {
    // A duel of 12 steps, played on today's schema (the code that plays it writes today's roll log)…
    const played = (await t.door.call('campaigns.create', { name: 'Duels now' })).campaign!.path
    const { battleId } = (await t.door.call('battles.start', { ruleset: 'broadsides', preset: 'frigates', seed: 3 })) as { battleId: number }
    for (let i = 0; i < 12; i++) await t.door.call('battles.resolveStep', { battleId })
    await t.door.call('campaigns.close')
    const rows = withRawDb(played, (db) => ({
      battle: db.prepare(`SELECT * FROM battle WHERE id = ?`).get(battleId) as Record<string, unknown>,
      steps: db.prepare(`SELECT * FROM battle_step WHERE battle_id = ? ORDER BY step`).all(battleId) as Record<string, unknown>[]
    }))
    // …then laid into a campaign made before the migration, as an older Quarterdeck stored them: no sinkRows
    // in the edited table, nor in the duel's snapshot.
    stopBefore('0024_broadsides_sink_rows')
    const path = (await t.door.call('campaigns.create', { name: 'Duels before' })).campaign!.path
    await t.door.call('campaigns.close')
    const { sinkRows: _drop, ...oldBoard } = { ...BROADSIDES_BOARD, turns: 12 }
    const insert = (db: Database.Database, table: string, row: Record<string, unknown>) =>
      db.prepare(`INSERT INTO ${table} (${Object.keys(row).join(', ')}) VALUES (${Object.keys(row).map(() => '?').join(', ')})`).run(...Object.values(row))
    withRawDb(
      path,
      (db) => {
        db.prepare(`INSERT INTO rule_table (name, value, edited_day) VALUES ('broadsidesBoard', ?, 0)`).run(JSON.stringify(oldBoard))
        insert(db, 'battle', rows.battle)
        for (const step of rows.steps) insert(db, 'battle_step', step)
        db.prepare(`UPDATE battle SET setup = json_remove(setup, '$.rules.board.sinkRows') WHERE id = ?`).run(battleId)
      },
      false
    )
    const stored = withRawDb(path, (db) => db.prepare(`SELECT json_type(setup, '$.rules.board.sinkRows') AS t FROM battle WHERE id = ?`).get(battleId) as { t: string | null })
    expect(stored.t).toBeNull()
    restore()

    await t.door.call('campaigns.open', { path })
    const board = (await t.door.call('rules.get', { table: 'broadsidesBoard' })) as { value: typeof BROADSIDES_BOARD; edited: boolean }
    expect(board.edited).toBe(true)
    expect(board.value).toEqual({ ...BROADSIDES_BOARD, turns: 12, sinkRows: 5 })
    const v = (await t.door.call('battles.state', { battleId })) as unknown as BroadsidesBattleView
    expect(v.setup.rules.board.sinkRows).toBe(5)
    expect(v.replayable).toBe(true)
    expect(await t.door.call('battles.replay', { battleId })).toEqual({ steps: 12, same: true })
  })
})
