import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AtrilianDesign } from '../../src/shared/atrilia/design'
import type { AtrilianEncounterShip } from '../../src/shared/voyage/atrilia'
import { errorOf, makeSession, type TestSession } from '../helpers'

/**
 * Voyages in an Atrilia campaign (issue 18; seed 002 §2 speeds, rules guide §3): the al-Zabdiyat chart in
 * kilometres, each ship's midpoint for 12 hours a day, the squadron at its slowest, no wind, the GM's
 * encounters and the house encounter table.
 */

/** An Atrilian ship as the shipyard will make her (until it lands): a row with an AtrilianDesign, in a port, with her crew. */
export function atrilianShip(t: TestSession, name: string, design: AtrilianDesign, portId: number, crew: number): number {
  const db = t.session.campaign!.db
  const id = Number(db.prepare(`INSERT INTO ship (name, design, status, origin, crew, location) VALUES (?, ?, 'port', 'built', ?, NULL)`).run(name, JSON.stringify(design), crew).lastInsertRowid)
  db.prepare(`INSERT INTO ship_owner (ship_id, owner_id, share) VALUES (?, 1, 100)`).run(id)
  db.prepare(`INSERT INTO ship_company (ship_id, port_id) VALUES (?, ?)`).run(id, portId)
  return id
}

const meshueshGalley: AtrilianEncounterShip = { type: 'gyptianLargeGalley', nation: 'meshuesh', quality: 3, marines: 2, improvements: { corvus: true }, wizards: 'none' }

describe('voyages in an Atrilia campaign (seed 002 §2; rules guide §3)', () => {
  let t: TestSession
  let port: Record<string, number>
  let thalassa: number
  let zaruq: number
  beforeAll(async () => {
    t = makeSession()
    await t.door.call('campaigns.create', { name: 'The al-Zabdiyat Voyages', setting: 'atrilia', chart: 'atrilia' })
    port = Object.fromEntries((await t.door.call('ports.list')).map((p) => [p.name, p.id]))
    thalassa = atrilianShip(t, 'Thalassa', { type: 'pheacianLargeGalley', improvements: { corvus: true, castle: true } }, port['al-Zabdiyat']!, 150)
    zaruq = atrilianShip(t, 'Swift Zaruq', { type: 'zaruq', improvements: {} }, port['al-Zabdiyat']!, 15)
  })
  afterAll(async () => {
    await t.cleanup()
  })

  it('issue 18: an Atrilia campaign starts with the coasts around al-Zabdiyat, in kilometres', async () => {
    const chart = await t.door.call('chart.get')
    expect(chart.settings.unit).toBe('km')
    expect(chart.ports.map((p) => p.name)).toContain('al-Zabdiyat')
    expect(chart.ports.every((p) => p.x !== null)).toBe(true)
    const ports = await t.door.call('ports.list')
    // Seed 002 names one place; every other port says it is a house default.
    for (const p of ports.filter((x) => x.name !== 'al-Zabdiyat')) expect(p.notes).toMatch(/^House default/)
    expect(chart.areas.length).toBeGreaterThan(0)
    const r = chart.routes.find((x) => [x.fromName, x.toName].sort().join() === ['Meshuesh harbour', 'al-Zabdiyat'].sort().join())!
    expect(r.distanceNm).toBe(r.measuredNm) // km: 0.5 km a chart unit
    // The Théah chart stays a Théah campaign's.
    const bad = errorOf(await t.door.invoke('campaigns.create', { name: 'Wrong', setting: 'theah', chart: 'atrilia' }, 'internal'))
    expect(bad.code).toBe('invalid_input')
  })

  it('seed 002 §2, rules guide §3: a Pheacian large galley sails the midpoint of 3 to 14 km/h for 12 hours a day, 102 km', async () => {
    const plan = await t.door.call('voyages.plan', { shipIds: [thalassa], route: [port['al-Zabdiyat']!, port['Meshuesh harbour']!] })
    expect(plan.unit).toBe('km')
    expect(plan.windRolled).toBe(false)
    const s = plan.ships[0]!
    expect(s.breakdown.map((x) => x.value)).toEqual([3, 14, 8.5, 12])
    expect(s.withoutWind).toBe(102)
    expect(plan.canSail).toBe(true)
    expect(plan.encounterNote).toMatch(/no encounter table/)
    expect(plan.expectedDays.moderate).toBe(Math.ceil(plan.distanceNm / 102))
  })

  it('rules guide §3: the squadron sails at its slowest ship (a zaruq, 8 km/h: 96 km a day)', async () => {
    const plan = await t.door.call('voyages.plan', { shipIds: [thalassa, zaruq], route: [port['al-Zabdiyat']!, port['Meshuesh harbour']!] })
    expect(plan.squadron).toMatchObject({ slowestShipId: zaruq, withoutWind: 96 })
  })

  it('seed 002 §2: a ship without the crew to manoeuvre her cannot sail', async () => {
    const short = atrilianShip(t, 'Undermanned', { type: 'smallGalley', improvements: {} }, port['al-Zabdiyat']!, 40)
    const plan = await t.door.call('voyages.plan', { shipIds: [short], route: [port['al-Zabdiyat']!, port['Meshuesh harbour']!] })
    expect(plan.canSail).toBe(false)
    expect(plan.problems.join(' ')).toMatch(/40 sailors: a small galley needs 100/)
  })

  it('the clock runs day by day; each day says its distance and why (type, range, midpoint, 12 h, the slowest ship); nothing says nm', async () => {
    const v = await t.door.call('voyages.start', { shipIds: [thalassa, zaruq], route: [port['al-Zabdiyat']!, port['Meshuesh harbour']!] })
    expect(v.unit).toBe('km')
    expect(v.nmPerDay).toBe(96)
    expect(v.log[0]!.rolls).toEqual([]) // no wind roll
    const before = (await t.door.call('clock.now')).day
    const out = await t.door.call('voyages.sail', { voyageId: v.id, days: 1 })
    expect((await t.door.call('clock.now')).day).toBe(before + 1)
    const day = out.log.find((e) => e.kind === 'day')!
    expect(day.miles).toBe(96)
    expect(day.text).toBe(`Made 96 km (the slowest ship, the Swift Zaruq: Zaruq, 8 km/h, midpoint 8 km/h × 12 h) — 96 of ${v.distanceNm} km`)
    const all = await t.door.call('voyages.get', { voyageId: v.id })
    for (const e of all.log) expect(e.text).not.toMatch(/\bnm\b/)
    expect(errorOf(await t.door.invoke('voyages.specialEvent', { voyageId: v.id }, 'internal')).code).toBe('rule')
  })

  it('rules guide §3: the GM adds an encounter on the day the voyage is at (a Meshuesh galley); it waits to be answered, then the voyage sails on to arrival', async () => {
    const [v] = (await t.door.call('voyages.list')).filter((x) => x.status === 'atSea')
    const day = (await t.door.call('clock.now')).day
    const after = await t.door.call('voyages.addEncounter', { voyageId: v!.id, ships: [meshueshGalley], note: 'Raiders out of the north' })
    expect(after.pending).toMatchObject({ kind: 'atrilianEncounter', n: 1, day, source: 'gm', label: 'Meshuesh large galley', choices: ['pass', 'parley', 'fight'] })
    expect(after.encounters).toHaveLength(1)
    expect(after.encounters[0]!.ships[0]).toEqual(meshueshGalley)
    expect(after.log.at(-1)!.text).toContain('a Meshuesh large galley, veteran crew (2 marine points, a corvus, a ram)')
    expect(errorOf(await t.door.invoke('voyages.sail', { voyageId: v!.id }, 'internal')).code).toBe('rule')
    expect(errorOf(await t.door.invoke('voyages.resolveEncounter', { voyageId: v!.id, choice: 'fight' }, 'internal')).code).toBe('rule')
    const answered = await t.door.call('voyages.resolveEncounter', { voyageId: v!.id, choice: 'pass', note: 'they kept their distance' })
    expect(answered.voyage.pending).toBeNull()
    expect(answered.voyage.encounters[0]!.answer).toEqual({ choice: 'pass', note: 'they kept their distance' })
    const out = await t.door.call('voyages.sail', { voyageId: v!.id })
    expect(out.stop).toBe('arrival')
    expect(out.voyage.status).toBe('arrived')
    expect(out.log.at(-1)!.text).toMatch(/^Arrived in Meshuesh harbour after \d days at sea\.$/)
  })

  it('rules guide §3: an encounter is checked field by field against the catalogue, and nothing changes when one is wrong', async () => {
    const v = await t.door.call('voyages.start', { shipIds: [thalassa], route: [port['Meshuesh harbour']!, port['Kleshite landing']!] })
    const cases: [Partial<AtrilianEncounterShip>, string, RegExp][] = [
      [{ type: 'baghla', improvements: { ram: true }, marines: 0 }, 'ships.0.improvements.ram', /cannot have a ram/],
      [{ type: 'smallGalley', improved: true }, 'ships.0.improved', /only a baghla/],
      [{ type: 'liburnianGalley', marines: 3 }, 'ships.0.marines', /holds 60 men: at most 2 marine points/],
      [{ type: 'zaruq', marines: 1 }, 'ships.0.marines', /cargo only/],
      [{ marines: 0, wizards: 'sea' }, 'ships.0.wizards', /wizards travel with marines/]
    ]
    for (const [patch, field, msg] of cases) {
      const e = errorOf(await t.door.invoke('voyages.addEncounter', { voyageId: v.id, ships: [{ ...meshueshGalley, ...patch }] }, 'internal'))
      expect(e.code).toBe('invalid_input')
      expect(e.details).toMatchObject({ field })
      expect(e.message).toMatch(msg)
    }
    const q = errorOf(await t.door.invoke('voyages.addEncounter', { voyageId: v.id, ships: [{ ...meshueshGalley, quality: 5 }] }, 'internal'))
    expect(q.code).toBe('invalid_input')
    expect(JSON.stringify(q)).toMatch(/ships\.0\.quality|"quality"/)
    expect((await t.door.call('voyages.get', { voyageId: v.id })).encounters).toEqual([])
    // An improved baghla holds 120 men: four marine points.
    const ok = await t.door.call('voyages.addEncounter', { voyageId: v.id, ships: [{ type: 'baghla', nation: 'haranese', quality: 2, marines: 4, improvements: {}, improved: true, wizards: 'fire' }] })
    expect(ok.pending).toMatchObject({ kind: 'atrilianEncounter' })
    expect(ok.encounters[0]!.names[0]).toBe('a Haranese baghla, green crew (4 marine points, fire wizards, improved to size 1)')
    // One command, one undo: the encounter and its log entry go, the voyage sails again.
    await t.door.call('history.undo')
    const back = await t.door.call('voyages.get', { voyageId: v.id })
    expect(back.pending).toBeNull()
    expect(back.encounters).toEqual([])
    expect(back.log.some((e) => e.kind === 'encounter')).toBe(false)
  })

  it('rules guide §3: the house encounter table starts empty (nothing rolled); filled, each day at sea rolls it', async () => {
    const house = await t.door.call('rules.get', { table: 'encountersAtrilia' })
    expect(house.source).toMatch(/House default/)
    expect(house.value).toEqual({ dice: '2d6', rows: [] })
    const [v] = (await t.door.call('voyages.list')).filter((x) => x.status === 'atSea')
    const quiet = await t.door.call('voyages.sail', { voyageId: v!.id, days: 1 })
    expect(quiet.log.find((e) => e.kind === 'day')!.rolls).toEqual([])
    await t.door.call('rules.set', { table: 'encountersAtrilia', value: { dice: '1d6', rows: [{ from: 6, to: 6, label: 'Meshuesh raiders', ships: [meshueshGalley] }] } })
    const calm = await t.door.call('voyages.sail', { voyageId: v!.id, days: 1, dice: [3] })
    const r = calm.log.find((e) => e.kind === 'day')!.rolls[0]!
    expect(r).toMatchObject({ notation: '1d6', total: 3, success: false })
    expect(calm.stop).toBe('days')
    const met = await t.door.call('voyages.sail', { voyageId: v!.id, days: 1, dice: [6] })
    expect(met.stop).toBe('encounter')
    expect(met.voyage.pending).toMatchObject({ kind: 'atrilianEncounter', source: 'houseTable', label: 'Meshuesh raiders', roll: { total: 6 } })
    const bad = errorOf(await t.door.invoke('rules.set', { table: 'encountersAtrilia', value: { dice: '1d6', rows: [{ from: 5, to: 7, label: 'x', ships: [meshueshGalley] }] } }, 'internal'))
    expect(bad.code).toBe('invalid_input')
  })

  it('rules guide §3: hours of sailing are the campaign\'s table; an edit counts from the next day sailed, the day\'s terms in km', async () => {
    await t.door.call('rules.set', { table: 'encountersAtrilia', value: { dice: '2d6', rows: [] } })
    const galley = atrilianShip(t, 'Nausikaa', { type: 'pheacianLargeGalley', improvements: {} }, port['Pheacian harbour']!, 150)
    const v = await t.door.call('voyages.start', { shipIds: [galley], route: [port['Pheacian harbour']!, port['Kleshite landing']!] })
    await t.door.call('rules.set', { table: 'voyagesAtrilia', value: { hoursPerDay: 10, menPerMarinePoint: 25 } })
    const out = await t.door.call('voyages.sail', { voyageId: v.id, days: 1 })
    const day = out.log.find((e) => e.kind === 'day')!
    expect(day.miles).toBe(85)
    expect(day.text).toBe('Made 85 km (the Nausikaa: Pheacian large galley, 3–14 km/h, midpoint 8.5 km/h × 10 h) — 85 of 611 km')
    expect(day.text).not.toMatch(/\bnm\b/)
    await t.door.call('rules.reset', { table: 'voyagesAtrilia' })
  })
})

describe('a Théah campaign keeps its nautical miles and its voyage rules', () => {
  it('the chart of a Théah campaign is in nm', async () => {
    const t = makeSession()
    await t.door.call('campaigns.create', { name: 'Théah chart', chart: 'theah' })
    expect((await t.door.call('chart.get')).settings.unit).toBe('nm')
    expect(errorOf(await t.door.invoke('voyages.addEncounter', { voyageId: 1, ships: [meshueshGalley] }, 'internal')).code).toBe('rule')
    await t.cleanup()
  })
})
