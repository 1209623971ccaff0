/**
 * Issue 22: within one `voyages.sail`, a ship's speed (seed 003 II: her design, rigging, crew and an
 * overdue careening) is worked out again only on the days something it rests on may have changed — a
 * weekly or monthly step, a step that reported something, a storm, or the day a careening falls a month
 * further overdue (seed 003 I. maintenance). Sailing 60 days in one command must therefore log and leave
 * exactly what sailing them a day at a time does (each command works the speeds out afresh on its first day).
 */
import { copyFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { SAMPLE_FILE_NAME } from '../../resources/sample/tortuga-run'
import { addMonths, dateOf } from '../../src/shared/calendar'
import { RULE_TABLES } from '../../src/shared/rules/tables'
import { buildSampleOnce, dropSample } from './battles-ops'
import { makeClock, makeSession, type TestSession } from '../helpers'

const sessions: TestSession[] = []
afterEach(async () => {
  for (const t of sessions.splice(0)) await t.cleanup()
})
afterAll(() => dropSample())

/** The sample campaign with the Santa Lucia last careened `ago` days before today, on a long route, her voyage started. */
async function voyageReady(ago: number) {
  const t = makeSession({ now: makeClock('2026-06-01T12:00:00.000Z').now })
  sessions.push(t)
  const path = join(t.campaignsDir, SAMPLE_FILE_NAME)
  copyFileSync(await buildSampleOnce(), path)
  await t.door.call('campaigns.open', { path })
  const call = t.door.call.bind(t.door)
  const lucia = (await call('ships.list')).find((s) => s.name === 'Santa Lucia')!.id
  const ports = await call('ports.list')
  const from = ports.find((p) => p.name === 'San Cristóbal')!.id
  const to = ports.find((p) => p.name === 'New Carleon')!.id
  await call('chart.saveRoute', { fromPortId: from, toPortId: to, via: [{ x: 700, y: 500 }], distanceNm: 12000 })
  await call('settings.set', { allowDebt: true })
  await call('ships.provision', { shipId: lucia, months: 3 })
  const db = t.session.campaign!.db
  const today = (db.prepare(`SELECT day FROM clock WHERE id = 1`).get() as { day: number }).day
  db.prepare(`UPDATE ship_company SET careened_day = ? WHERE ship_id = ?`).run(today - ago, lucia)
  const v = await call('voyages.start', { shipIds: [lucia], route: [from, to] })
  return { t, call, db, voyageId: v.id, lucia }
}

/** Sail 60 days, `perCall` days a command at most, letting encounters pass; what the voyage logged and left. */
async function sail60(s: Awaited<ReturnType<typeof voyageReady>>, perCall: number) {
  let days = 0
  while (days < 60) {
    const out = await s.call('voyages.sail', { voyageId: s.voyageId, days: Math.min(perCall, 60 - days) })
    days += out.days
    if (out.stop === 'encounter') await s.call('voyages.resolveEncounter', { voyageId: s.voyageId, choice: 'pass' })
    if (out.stop === 'arrival' || out.stop === 'lost') break
  }
  const view = await s.call('voyages.get', { voyageId: s.voyageId })
  const row = s.db.prepare(`SELECT state, sailed_nm, days_at_sea FROM voyage WHERE id = ?`).get(s.voyageId)
  const ship = s.db.prepare(`SELECT s.hull_damage, s.rigging_damage, s.crew, c.provisions, c.sea_days, c.sea_eater_days FROM ship s JOIN ship_company c ON c.ship_id = s.id WHERE s.id = ?`).get(s.lucia)
  return { log: view.log.map((e) => [e.day, e.kind, e.text, e.miles, e.rolls]), row, ship, days }
}

describe('issue 22: speeds held within a sail (seed 003 II speeds; I. maintenance careening)', () => {
  it('60 days in one command log and leave what 60 commands of a day each do, with her careening falling overdue on a day of its own mid-voyage', async () => {
    // The sample's calendar; today as the sample leaves it (the same in both copies).
    const cal = RULE_TABLES.calendar.defaults
    const probe = await voyageReady(0)
    const today = (probe.db.prepare(`SELECT day FROM clock WHERE id = 1`).get() as { day: number }).day
    // Last careened some four to five months ago, on a day whose monthly anniversaries in the voyage's
    // 60 days fall neither on a week's first day nor a month's: days no step refreshes the speeds on.
    const plain = (d: number) => dateOf(cal, d).weekdayIndex !== 0 && dateOf(cal, d).dayOfMonth !== 1
    const anniversaries = (last: number) => Array.from({ length: 8 }, (_, m) => addMonths(cal, last, m + 1)).filter((d) => d > today + 1 && d <= today + 60)
    const ago = Array.from({ length: 40 }, (_, k) => 125 + k).find((n) => anniversaries(today - n).length > 0 && anniversaries(today - n).every(plain))!
    expect(ago).toBeDefined()
    const one = await voyageReady(ago)
    const daily = await voyageReady(ago)
    const a = await sail60(one, 60)
    const b = await sail60(daily, 1)
    expect(a.days).toBeGreaterThan(30)
    expect(a.log).toEqual(b.log)
    expect(a.row).toEqual(b.row)
    expect(a.ship).toEqual(b.ship)
    // Her careening moved mid-voyage, on one of those days, and the log says so that day.
    const changed = a.log.filter((e) => /Santa Lucia now makes/.test(String(e[2])) && /[Cc]areening/.test(String(e[2])))
    expect(changed.length).toBeGreaterThan(0)
    for (const e of changed) expect(anniversaries(today - ago)).toContain(e[0])
  })
})
