import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildSampleCampaign } from '../../resources/sample/tortuga-run'
import { errorOf, makeSession, makeTempDir, type TestSession } from '../helpers'

/** Seed 003 II, the special events table: every result, with hand-entered dice (the first faces typed; the rest rolled). */
describe('special events on a voyage (seed 003 II special events table)', () => {
  let t: TestSession
  let santaLucia: number
  let from: number
  let to: number
  beforeAll(async () => {
    const path = join(makeTempDir('quarterdeck-events-test-'), 'events.quarterdeck')
    await buildSampleCampaign(path)
    t = makeSession()
    await t.door.call('campaigns.open', { path })
    santaLucia = (await t.door.call('ships.list')).find((s) => s.name === 'Santa Lucia')!.id
    const ports = await t.door.call('ports.list')
    from = ports.find((p) => p.name === 'San Cristóbal')!.id
    to = ports.find((p) => p.name === 'La Bucca')!.id
    await t.door.call('drama.set', { gm: 20 })
  })
  afterAll(async () => {
    await t.cleanup()
  })

  async function voyage() {
    const list = await t.door.call('voyages.list')
    for (const v of list.filter((x) => x.status === 'atSea')) await t.door.call('voyages.end', { voyageId: v.id, portId: from })
    return (await t.door.call('voyages.start', { shipIds: [santaLucia], route: [from, to], dice: [5] })).id
  }

  it('the GM spends a Drama Die (the pool is tracked); the players may spend theirs to avoid the event', async () => {
    const id = await voyage()
    const v = await t.door.call('voyages.specialEvent', { voyageId: id, dice: [1] })
    expect(v.pending).toMatchObject({ kind: 'event', roll: 1, event: 'becalmed', cause: 'drama' })
    expect((await t.door.call('drama.get')).gm).toBe(19)
    expect(errorOf(await t.door.invoke('voyages.sail', { voyageId: id }, 'internal')).code).toBe('rule')
    const avoided = await t.door.call('voyages.avoidEvent', { voyageId: id, players: 3 })
    expect(avoided.pending).toBeNull()
    expect(avoided.log.at(-1)!.text).toContain('spent 3 Drama Dice to avoid the becalmed')
  })

  it('1 or 2 BECALMED: no movement for 1K1 days', async () => {
    const id = await voyage()
    await t.door.call('voyages.specialEvent', { voyageId: id, dice: [2] })
    const v = await t.door.call('voyages.resolveEvent', { voyageId: id, dice: [4] })
    expect(v.delays.becalmed).toBe(4)
    const out = await t.door.call('voyages.sail', { voyageId: id, days: 4, dice: [1, 1, 1, 1] })
    expect(out.voyage.sailedNm).toBe(0)
    expect(out.log.filter((e) => e.kind === 'day').every((e) => e.text.startsWith('No way made (becalmed)'))).toBe(true)
  })

  it('3 or 4 FOG: 1K1-5 days (minimum one); a Navigation check against TN 20 or lost 1k1-5 more', async () => {
    const id = await voyage()
    await t.door.call('voyages.specialEvent', { voyageId: id, dice: [3] })
    const v = await t.door.call('voyages.resolveEvent', { voyageId: id, dice: [8] })
    expect(v.delays.fog).toBe(3)
    const nav = v.log.at(-1)!.rolls.find((r) => r.purpose.startsWith('Navigation check'))!
    expect(nav.tn).toBe(20)
    expect(v.delays.lost > 0).toBe(nav.success === false)
    expect(v.weather).toBe('fog')
  })

  it('FOG of 1K1-5 below one lasts one day', async () => {
    const id = await voyage()
    await t.door.call('voyages.specialEvent', { voyageId: id, dice: [4] })
    const v = await t.door.call('voyages.resolveEvent', { voyageId: id, dice: [2] })
    expect(v.delays.fog).toBe(1)
  })

  it('5 or 6 SHIPBOARD DISEASE: Resolve TN 20 for each character; 3K3 of the crew ill with a physician aboard, else 6K6; terminal on 7+', async () => {
    const id = await voyage()
    await t.door.call('voyages.specialEvent', { voyageId: id, dice: [5] })
    const v = await t.door.call('voyages.resolveEvent', { voyageId: id })
    const rolls = v.log.at(-1)!.rolls
    const officers = (await t.door.call('crew.get', { shipId: santaLucia })).officers
    expect(rolls.filter((r) => r.purpose.includes('Resolve')).map((r) => r.tn)).toEqual(officers.map(() => 20))
    const physician = officers.some((o) => o.role === 'physician')
    expect(rolls.find((r) => r.purpose.includes('crew fallen ill'))!.notation).toBe(physician ? '3k3' : '6k6')
    expect(v.log.at(-1)!.text).toMatch(/^Shipboard disease: the Santa Lucia: \d+ hands? ill/)
  })

  it('7 or 8 SQUALLS: a day’s delay, 1K1 Rigging, blown 6K6 miles off course in a random direction (moves her on the chart)', async () => {
    const id = await voyage()
    const before = (await t.door.call('ships.condition', { shipId: santaLucia })).rigging.damage
    await t.door.call('voyages.specialEvent', { voyageId: id, dice: [7] })
    const v = await t.door.call('voyages.resolveEvent', { voyageId: id, dice: [3, 1, 2, 1, 1, 1, 1, 5] })
    expect(v.delays.squalls).toBe(1)
    expect((await t.door.call('ships.condition', { shipId: santaLucia })).rigging.damage).toBe(before + 3)
    // 6k6 of 2,1,1,1,1,1 keeps all six: 7 miles; direction 5 × 36° = 180°: due south (y grows) at 2 nm a unit.
    expect(v.offset).toEqual({ x: 0, y: 3.5 })
    expect(v.log.at(-1)!.text).toContain('blown 7 nm off course, toward 180°')
    // Repairs take the time they take (seed 003 I; issue 13): at sea on a voyage, the crew mends as she sails.
    await expect(t.door.call('ships.repair', { shipId: santaLucia, weeks: 4 })).rejects.toThrow(/is on a voyage: her crew mends what it can each week as she sails/)
  })

  it('9 WRECK: the captain or pilot (better chance) makes a Pilot check TN 15 or the ship is dashed to splinters', async () => {
    const id = await voyage()
    await t.door.call('voyages.specialEvent', { voyageId: id, dice: [9] })
    const v = await t.door.call('voyages.resolveEvent', { voyageId: id })
    const check = v.log.at(-1)!.rolls[0]!
    expect(check.purpose).toMatch(/Santa Lucia: Pilot check against shipwreck/)
    expect(check.tn).toBe(15)
    expect(v.ships[0]!.state).toBe(check.success ? 'sailing' : 'wrecked')
    if (!check.success) expect(v.status).toBe('lost')
  })

  it('10 STORM: 1K1-5 days, 1K1 to Rigging and Hull, 10K10 miles off course, then a Pilot check TN 15 each day', async () => {
    const id = await voyage()
    const c0 = await t.door.call('ships.condition', { shipId: santaLucia })
    await t.door.call('voyages.specialEvent', { voyageId: id, dice: [10] })
    const v = await t.door.call('voyages.resolveEvent', { voyageId: id, dice: [7, 2, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 10] })
    expect(v.delays.storm).toBe(2)
    expect(v.weather).toBe('storm')
    const c1 = await t.door.call('ships.condition', { shipId: santaLucia })
    expect([c1.rigging.damage - c0.rigging.damage, c1.hull.damage - c0.hull.damage]).toEqual([2, 3])
    expect(v.offset).toEqual({ x: 0, y: -5 })
    const sail = await t.door.call('voyages.sail', { voyageId: id, days: 1 })
    const day = sail.log.at(-1)!
    expect(day.text).toMatch(/^No way made \(storm\)/)
    expect(day.rolls.some((r) => r.purpose.includes('Pilot check in the storm') && r.tn === 15)).toBe(true)
  })
})

describe('seed 003 II Of Sea Travel: "For each 20% of total Rigging Points suffered by the ship, lose five miles per day" — speed follows the ship while she sails', () => {
  let t: TestSession
  let santaLucia: number
  beforeAll(async () => {
    const path = join(makeTempDir('quarterdeck-speed-test-'), 'speed.quarterdeck')
    await buildSampleCampaign(path)
    t = makeSession()
    await t.door.call('campaigns.open', { path })
    santaLucia = (await t.door.call('ships.list')).find((s) => s.name === 'Santa Lucia')!.id
  })
  afterAll(async () => {
    await t.cleanup()
  })

  it('the crew mends rigging mid-voyage: her miles a day rise from the day the weekly repairs are made, and the log says so', async () => {
    const ports = await t.door.call('ports.list')
    const from = ports.find((p) => p.name === 'San Cristóbal')!.id
    const to = ports.find((p) => p.name === 'La Bucca')!.id
    // 10 of her 25 Rigging lost: two steps of 20%, −10 nm a day; a week of the crew's work (4) leaves 6: one step, −5.
    t.session.campaign!.db.prepare(`UPDATE ship SET rigging_damage = 10 WHERE id = ?`).run(santaLucia)
    const start = await t.door.call('voyages.start', { shipIds: [santaLucia], route: [from, to], dice: [5] })
    const lucia = start.ships.find((s) => s.shipId === santaLucia)!
    expect(lucia.speed.breakdown).toContainEqual({ label: 'Rigging lost: 10 of 25 (2 × 20%)', value: -10 })
    const before = start.nmPerDay
    const out = await t.door.call('voyages.sail', { voyageId: start.id, days: 8 })
    const days = out.log.filter((e) => e.kind === 'day')
    const mended = days.flatMap((e, i) => (e.text.includes('now makes') ? [i] : []))
    // Two weekly repairs in eight days (4 rigging each): 10 → 6 → 2 lost, −10 → −5 → 0 nm a day.
    expect(mended).toHaveLength(2)
    expect(mended[1]! - mended[0]!).toBe(7)
    // Each day's miles: from the day of each repair on, five more.
    days.forEach((d, i) => expect(d.miles).toBe(before + 5 * mended.filter((m) => m <= i).length))
    expect(days[mended[0]!]!.text).toContain(`The Santa Lucia now makes ${before + 5} nm a day before the wind (was ${before}): Rigging lost: 6 of 25 (1 × 20%) -5 (was -10)`)
    expect(days[mended[1]!]!.text).toContain(`The Santa Lucia now makes ${before + 10} nm a day before the wind (was ${before + 5}): Rigging lost no longer counts (was -5)`)
    expect(out.voyage.nmPerDay).toBe(before + 10)
  })
})
