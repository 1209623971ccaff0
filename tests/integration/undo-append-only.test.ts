import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { buildSampleCampaign } from '../../resources/sample/tortuga-run'
import { countRows, dumpCampaign, makeSession, makeTempDir, type TestSession } from '../helpers'

/**
 * Undo of the append-only logs (dice, clock, voyages' and ships' logs, the ledger): a command's new
 * rows there are undone by one step per log, not one per row — and undo, redo and undo again still
 * give back every table exactly, rows deleted and re-added with their ids.
 */
describe('undo of what a command adds to the logs', () => {
  let t: TestSession
  beforeEach(async () => {
    const path = join(makeTempDir('quarterdeck-undo-logs-'), 'logs.quarterdeck')
    await buildSampleCampaign(path)
    t = makeSession()
    await t.door.call('campaigns.open', { path })
  })
  afterEach(async () => {
    await t.cleanup()
  })

  it('a fortnight at sea: one range step a log; undo, redo and undo again land exactly', async () => {
    const call = t.door.call.bind(t.door)
    const db = t.session.requireCampaign().db
    const lucia = (await call('ships.list')).find((s) => s.name === 'Santa Lucia')!.id
    const ports = await call('ports.list')
    const port = (n: string) => ports.find((p) => p.name === n)!.id
    const v = await call('voyages.start', { shipIds: [lucia], route: [port('San Cristóbal'), port('La Bucca')], dice: [5] })
    const before = dumpCampaign(db)
    const events = countRows(db, 'voyage_event')
    // Up to a fortnight (or until an encounter): each day's log entry, its checks on the dice log.
    const out = await call('voyages.sail', { voyageId: v.id, days: 14 })
    expect(out.days).toBeGreaterThanOrEqual(1)
    const after = dumpCampaign(db)
    expect(countRows(db, 'voyage_event')).toBe(events + out.log.length)
    expect(out.log.length).toBeGreaterThanOrEqual(out.days)

    const seq = (db.prepare(`SELECT MAX(seq) AS n FROM journal`).get() as { n: number }).n
    const steps = db.prepare(`SELECT id, sql FROM undo_step WHERE seq = ? ORDER BY id`).all(seq) as { id: number; sql: string }[]
    const ranges = steps.filter((s) => s.id < 0)
    expect(ranges.map((s) => s.sql)).toEqual(expect.arrayContaining([expect.stringMatching(/^DELETE FROM "voyage_event" WHERE rowid > \d+$/), expect.stringMatching(/^DELETE FROM "roll" WHERE rowid > \d+$/)]))
    expect(steps.filter((s) => /^DELETE FROM "(voyage_event|roll)" WHERE rowid=/.test(s.sql))).toEqual([])

    await call('history.undo')
    expect(dumpCampaign(db)).toEqual(before)
    await call('history.redo')
    expect(dumpCampaign(db)).toEqual(after)
    await call('history.undo')
    expect(dumpCampaign(db)).toEqual(before)
  })
})
