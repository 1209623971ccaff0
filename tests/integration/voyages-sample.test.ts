import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { buildSampleCampaign } from '../../resources/sample/tortuga-run'
import { errorOf, makeSession, makeTempDir, type TestSession } from '../helpers'
import type { Voyage } from '../../src/shared/commands/voyages'

/**
 * Issue 7 through the door: a voyage of two ships across the sample chart (seed 003 II-III; rules
 * guide §1-2) — plan, sail, an encounter forced with typed dice, a battle, the voyage going on after
 * it, a restart mid-voyage, and the arrival with food eaten, wages accrued, fares paid and the log.
 */
describe('a voyage across the sample chart', () => {
  let dir: string
  let t: TestSession
  let path: string
  beforeEach(async () => {
    dir = makeTempDir('quarterdeck-voyage-test-')
    path = join(dir, 'voyage.quarterdeck')
    await buildSampleCampaign(path)
    t = makeSession()
    await t.door.call('campaigns.open', { path })
  })
  afterEach(async () => {
    await t.cleanup()
  })

  it('plans, sails, meets an encounter, fights it, resumes after a restart and arrives', async () => {
    const call = t.door.call.bind(t.door)
    const ships = await call('ships.list')
    const santaLucia = ships.find((s) => s.name === 'Santa Lucia')!.id
    const seaDog = ships.find((s) => s.name === 'Sea Dog')!.id
    const ports = await call('ports.list')
    const port = (n: string) => ports.find((p) => p.name === n)!.id

    // The Sea Dog joins the Santa Lucia in San Cristóbal; the clock runs to the month's end.
    await call('ships.moveTo', { shipId: seaDog, portId: port('San Cristóbal') })
    await call('clock.advance', { days: 20 })

    // No route is drawn to Fort Kirk: open sea is a sea lane on the sample's chart, so the plan takes the
    // direct course (issue 16, point 12: San Cristóbal (1050, 700) to Fort Kirk (480, 350), 2 nm a unit).
    const direct = await call('voyages.plan', { shipIds: [santaLucia], route: [port('San Cristóbal'), port('Fort Kirk')] })
    expect(direct.legs).toEqual([expect.objectContaining({ fromName: 'San Cristóbal', toName: 'Fort Kirk', routeId: null, distanceNm: Math.round(Math.hypot(570, 350) * 2) })])
    // Where open sea is another water, a route that is not on the chart is named.
    await call('chart.configure', { defaultWater: 'uncharted' })
    const missing = errorOf(await t.door.invoke('voyages.plan', { shipIds: [santaLucia], route: [port('San Cristóbal'), port('Fort Kirk')] }, 'internal'))
    expect(missing.code).toBe('rule')
    expect(missing.message).toContain('There is no route from San Cristóbal to Fort Kirk')
    await call('chart.configure', { defaultWater: 'seaLane' })

    // seed 003 II: each ship's speed with its terms; the squadron sails at its slowest.
    const plan = await call('voyages.plan', { shipIds: [santaLucia, seaDog], route: [port('San Cristóbal'), port('La Bucca')] })
    expect(plan.distanceNm).toBe(1416)
    expect(plan.canSail).toBe(true)
    const lucia = plan.ships.find((s) => s.shipId === santaLucia)!
    const dog = plan.ships.find((s) => s.shipId === seaDog)!
    expect(lucia.breakdown[0]).toEqual({ label: 'Merchantman (nautical miles a day)', value: 100 })
    expect(dog.breakdown[0]).toEqual({ label: 'Corsair (nautical miles a day)', value: 130 })
    expect(lucia.min).toBe(Math.max(10, lucia.withoutWind - 30))
    expect(lucia.max).toBe(lucia.withoutWind + 30)
    expect(plan.squadron.slowestShipId).toBe(santaLucia)
    expect(plan.expectedDays.moderate).toBe(Math.ceil(1416 / lucia.withoutWind))
    expect(plan.waters.map((w) => w.kind)).toEqual(expect.arrayContaining(['continental', 'seaLane', 'colonial', 'coastal']))

    const foodBefore = (await call('crew.get', { shipId: santaLucia })).provisions.crewWeeks
    const owedBefore = (await call('crew.get', { shipId: seaDog })).owed

    // Sail: the wind is one die (7: Strong Winds, +10 nm a day); 10 passengers at 1 G per 40 nm.
    const started = await call('voyages.start', { shipIds: [santaLucia, seaDog], route: [port('San Cristóbal'), port('La Bucca')], passengers: 10, dice: [7] })
    expect(started.wind).toEqual({ roll: 7, label: 'Strong Winds', nmPerDay: 10 })
    expect(started.nmPerDay).toBe(lucia.withoutWind + 10)
    expect(started.ships.map((s) => s.state)).toEqual(['sailing', 'sailing'])
    expect((await call('crew.get', { shipId: santaLucia })).place.status).toBe('sea')
    expect(started.passengers).toMatchObject({ count: 10, fare: Math.round((10 * 1416) / 40), paid: false })

    // Day 1 in continental waters: the daily check is a 10; 5k5 = 10: a lightly armed Vendel Frigate.
    const met = await call('voyages.sail', { voyageId: started.id, dice: [10, 2, 2, 2, 2, 2] })
    expect(met.stop).toBe('encounter')
    expect(met.days).toBe(1)
    const enc = met.voyage.pending!
    expect(enc.kind).toBe('encounter')
    if (enc.kind !== 'encounter') throw new Error('no encounter')
    expect(enc).toMatchObject({ entry: 10, label: 'A lightly armed Vendel Frigate (Small Warship)', special: false, appearsAt: 'extreme' })
    expect(enc.ships).toHaveLength(1)
    expect(enc.choices).toContain('fight')
    expect(enc.sighting.roll.tn).toBe(35)

    // Sailing on is refused while the GM is needed.
    expect(errorOf(await t.door.invoke('voyages.sail', { voyageId: started.id }, 'internal')).code).toBe('rule')

    // Fight: a battle of the voyage's ships against the frigate, at the range she was seen.
    const fight = await call('voyages.resolveEncounter', { voyageId: started.id, choice: 'fight', range: 'long' })
    expect(fight.battleId).not.toBeNull()
    const battle = await call('battles.state', { battleId: fight.battleId! })
    expect(battle.sides.map((s) => s.side)).toEqual(['ours', 'them'])
    expect(battle.setup.range).toBe('long')
    await call('battles.resolveTurn', { battleId: fight.battleId! })
    expect(errorOf(await t.door.invoke('voyages.sail', { voyageId: started.id }, 'internal')).message).toContain('still being fought')
    const review = await call('battles.review', { battleId: fight.battleId! })
    await call('battles.conclude', { battleId: fight.battleId!, lines: review.lines })
    const after = await call('voyages.get', { voyageId: started.id })
    expect(after.log.at(-1)!.kind).toBe('battle')
    expect(after.ships.filter((s) => s.state === 'sailing').length).toBeGreaterThan(0)

    // Restart the app mid-voyage: the voyage resumes where it stopped.
    await call('campaigns.close')
    await call('campaigns.open', { path })
    let v: Voyage = await call('voyages.get', { voyageId: started.id })
    expect(v.status).toBe('atSea')
    for (let i = 0; i < 20 && v.status === 'atSea'; i++) {
      const out = await call('voyages.sail', { voyageId: started.id })
      v = out.voyage
      if (out.stop === 'encounter') v = (await call('voyages.resolveEncounter', { voyageId: started.id, choice: 'pass' })).voyage
    }
    expect(v.status).toBe('arrived')
    expect(v.sailedNm).toBe(1416)
    const inBucca = (await call('ports.get', { portId: port('La Bucca') })).port.ships.map((s) => s.name)
    expect(inBucca).toEqual(expect.arrayContaining(v.ships.filter((s) => s.state === 'sailing').map((s) => s.name)))

    // Food eaten, wages accrued on the first of the month at sea (crew.ts steps), fares paid.
    expect((await call('crew.get', { shipId: santaLucia })).provisions.crewWeeks).toBeLessThan(foodBefore)
    expect((await call('crew.get', { shipId: seaDog })).owed).toBeGreaterThan(owedBefore)
    expect(v.passengers.paid).toBe(true)
    const { log } = await call('voyages.get', { voyageId: started.id })
    const kinds = log.map((e) => e.kind)
    expect(kinds[0]).toBe('start')
    expect(kinds).toEqual(expect.arrayContaining(['day', 'battle', 'arrival', 'passengers']))
    expect(log.some((e) => /Monthly upkeep|wages/i.test(e.text))).toBe(true)
    expect(log.find((e) => e.kind === 'arrival')!.text).toMatch(/Arrived in La Bucca after \d+ days at sea: the Santa Lucia ate \d+ weekly rations/)
    const chart = await call('chart.get')
    const track = chart.voyages.find((x) => x.voyageId === started.id)!
    expect(track.track.length).toBeGreaterThan(5)
    expect(track.course[0]).toEqual({ x: 1050, y: 700 })
  })
})
