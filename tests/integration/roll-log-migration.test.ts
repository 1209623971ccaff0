/**
 * Migration 0025_compact_roll_log (issue 22): the roll log keeps each roll's faces as bytes and its words
 * once each; a file made before it opens migrated with every roll as the log read it before (faces, dice,
 * kept, total, kind, purpose, notation, typed by hand, command), the `roll_log` view reads as the table did,
 * and the log filtered by kind (read by blocks of rolls) finds the same rolls as the whole log filtered.
 */
import { describe, expect, it, vi } from 'vitest'

vi.mock('../../src/main/campaign/migrations', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/main/campaign/migrations')>()
  return { ...real, MIGRATIONS: [...real.MIGRATIONS] }
})

import { LATEST_SCHEMA } from '../../src/main/campaign/migrations'
import { DiceBox, type RollRecord } from '../../src/shared/dice/roll'
import { Rng, seedState } from '../../src/shared/dice/rng'
import { countRows, migrationSessions, withRawDb, type TestSession } from '../helpers'

let t: TestSession
const { stopBefore, restore } = migrationSessions((s) => (t = s))

type OldRow = { id: number; day: number; kind: string; purpose: string; notation: string; faces: string; dice: string; kept: string; total: number; manual: number; command: string }

/** Rolls as the app made them before the migration (a DiceBox, typed faces first), in the old table's shape. */
function oldRolls(): { kind: string; command: string; day: number; r: RollRecord }[] {
  const out: { kind: string; command: string; day: number; r: RollRecord }[] = []
  const notations = ['3k2', '5k3+2', '2d10!', '4d6-1', '1k1', '3d10', '6k6', '2k2n', '1d6+3']
  for (let i = 0; i < 1300; i++) {
    // Every 7th roll typed by hand, with tens that explode where the notation explodes them.
    const typed = i % 7 === 0 ? [10, 10, 3, 4, 10, 2, 6, 1, 5, 9, 8, 7, 2, 1] : []
    const box = new DiceBox(new Rng(seedState(1000 + i)), typed.map((f) => Math.min(f, notations[i % notations.length]!.includes('d6') ? 6 : 10)), 'app')
    const rare = i === 4 || i === 700 || i === 1290
    const r = box.roll(notations[i % notations.length]!, rare ? `Sailor ${i}: Brawn + Gunnery vs TN 15` : `Free roll ${i % 11}`)
    out.push({ kind: rare ? 'people' : 'dice', command: rare ? 'people.roll' : 'dice.roll', day: Math.floor(i / 10), r })
  }
  return out
}

const asEntry = (o: OldRow) => ({
  id: o.id,
  day: o.day,
  kind: o.kind,
  purpose: o.purpose,
  notation: o.notation,
  faces: JSON.parse(o.faces) as number[],
  dice: JSON.parse(o.dice) as number[],
  kept: JSON.parse(o.kept) as number[],
  total: o.total,
  manual: o.manual === 1,
  command: o.command
})

describe('issue 22: the compact roll log (migration 0025_compact_roll_log)', () => {
  it('a roll log made before it opens migrated: every roll reads as before, through dice.log and the roll_log view', async () => {
    stopBefore('0025_compact_roll_log')
    const path = (await t.door.call('campaigns.create', { name: 'Before the compact log' })).campaign!.path
    await t.door.call('campaigns.close')
    const made = oldRolls()
    const old = withRawDb(
      path,
      (db) => {
        const insert = db.prepare(`INSERT INTO roll_log (day, kind, purpose, notation, faces, dice, kept, total, manual, command) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
        db.transaction(() => {
          for (const { kind, command, day, r } of made) insert.run(day, kind, r.purpose, r.notation, JSON.stringify(r.faces), JSON.stringify(r.dice), JSON.stringify(r.kept), r.total, r.manual ? 1 : 0, command)
        })()
        return db.prepare(`SELECT * FROM roll_log ORDER BY id`).all() as OldRow[]
      },
      false
    )
    expect(old).toHaveLength(1300)
    expect(old.some((o) => JSON.parse(o.faces).length > JSON.parse(o.dice).length)).toBe(true) // some tens exploded
    expect(old.some((o) => o.manual === 1)).toBe(true)
    restore()

    await t.door.call('campaigns.open', { path })
    const db = t.session.campaign!.db
    const applied = (db.prepare(`SELECT id FROM schema_migrations ORDER BY rowid`).all() as { id: string }[]).map((r) => r.id)
    expect(applied.at(-1)).toBe(LATEST_SCHEMA)
    expect(applied).toContain('0025_compact_roll_log')

    // The view reads exactly as the old table did, row for row.
    expect(db.prepare(`SELECT * FROM roll_log ORDER BY id`).all()).toEqual(old)
    // The log, newest first, as the Log page reads it.
    const log = await t.door.call('dice.log', { limit: 1000 })
    expect(log.map(({ dateLabel: _label, ...e }) => e)).toEqual(old.slice(-1000).reverse().map(asEntry))
    // Each word is kept once.
    expect(countRows(db, 'roll_text')).toBe(new Set(old.flatMap((o) => [o.kind, o.purpose, o.notation, o.command])).size)

    // By kind: the rare rolls lie in three blocks of 1,024 rolls; the blocks find what the whole log filtered finds.
    const people = old.filter((o) => o.kind === 'people').reverse().map(asEntry)
    expect(people).toHaveLength(3)
    const strip = (es: { dateLabel: string }[]) => es.map(({ dateLabel: _label, ...e }) => e)
    expect(strip(await t.door.call('dice.log', { kind: 'people' }))).toEqual(people)
    expect(strip(await t.door.call('dice.log', { kind: 'people', limit: 2 }))).toEqual(people.slice(0, 2))
    expect(strip(await t.door.call('dice.log', { kind: 'people', before: people[0]!.id }))).toEqual(people.slice(1))
    expect(strip(await t.door.call('dice.log', { kind: 'dice', limit: 5, before: 1030 }))).toEqual(old.filter((o) => o.kind === 'dice' && o.id < 1030).slice(-5).reverse().map(asEntry))
    expect(await t.door.call('dice.log', { kind: 'no such kind' })).toEqual([])
    expect(strip(await t.door.call('dice.log', { kind: 'people', search: 'sailor 7' }))).toEqual(people.filter((p) => p.purpose.startsWith('Sailor 7')))
    expect(strip(await t.door.call('dice.log', { search: '5k3', limit: 1000 }))).toEqual(old.filter((o) => o.notation.includes('5k3')).reverse().map(asEntry))

    // The owner's two ledger indexes are one (balances are running ones); a history page and a chart walk it.
    const indexes = (db.prepare(`SELECT name FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'ledger_line'`).all() as { name: string }[]).map((r) => r.name)
    expect(indexes).not.toContain('ledger_line_owner')
    expect(indexes).not.toContain('ledger_line_owner_tx')
    expect(indexes).toEqual(expect.arrayContaining(['ledger_line_tx', 'ledger_line_by_owner']))
    const plan = (sql: string) => JSON.stringify(db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all())
    expect(plan(`SELECT DISTINCT tx_id FROM ledger_line WHERE owner_id = 1 ORDER BY tx_id DESC LIMIT 100`)).toContain('COVERING INDEX ledger_line_by_owner')
    expect(plan(`SELECT SUM(amount) FROM ledger_line WHERE owner_id = 1 AND account = 'cash'`)).toContain('COVERING INDEX ledger_line_by_owner')
  })

  it('a new roll goes in the compact log with its new words; undo takes both back, redo puts them back', async () => {
    await t.door.call('campaigns.create', { name: 'Compact log' })
    const db = t.session.campaign!.db
    const words = countRows(db, 'roll_text')
    const roll = await t.door.call('dice.roll', { notation: '4k2+1', purpose: 'A new purpose', dice: [10, 10, 2, 5, 3, 1] })
    expect(roll).toMatchObject({ faces: [10, 10, 2, 5, 3, 1], dice: [22, 5, 3, 1], kept: [22, 5], total: 28, manual: true })
    const [entry] = await t.door.call('dice.log', { limit: 1 })
    expect(entry).toMatchObject({ kind: 'dice', purpose: 'A new purpose', notation: '4k2+1', faces: [10, 10, 2, 5, 3, 1], dice: [22, 5, 3, 1], kept: [22, 5], total: 28, manual: true, command: 'dice.roll' })
    expect(db.prepare(`SELECT faces, dice, kept, total FROM roll_log`).get()).toEqual({ faces: '[10,10,2,5,3,1]', dice: '[22,5,3,1]', kept: '[22,5]', total: 28 })
    expect(countRows(db, 'roll_text')).toBe(words + 4) // its kind, purpose, notation and command
    await t.door.call('history.undo')
    expect(countRows(db, 'roll')).toBe(0)
    expect(countRows(db, 'roll_text')).toBe(words)
    await t.door.call('history.redo')
    expect(await t.door.call('dice.log', { limit: 1 })).toEqual([entry])
  })
})
