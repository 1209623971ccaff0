import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { buildSampleCampaign } from '../../resources/sample/tortuga-run'
import { makeSession, makeTempDir, type TestSession } from '../helpers'

/**
 * A prize taken in a voyage's battle sails on with the squadron and is brought into port with it
 * (seed 003 III, an encounter fought; VII, prizes). The encounter is forced with typed dice.
 */
describe('a prize taken at sea', () => {
  let t: TestSession
  beforeEach(async () => {
    const path = join(makeTempDir('quarterdeck-voyage-prize-'), 'prize.quarterdeck')
    await buildSampleCampaign(path)
    t = makeSession()
    await t.door.call('campaigns.open', { path })
  })
  afterEach(async () => {
    await t.cleanup()
  })

  it('joins the squadron when the battle is concluded, sails at its speed and arrives with it', async () => {
    const call = t.door.call.bind(t.door)
    const ships = await call('ships.list')
    const seaDog = ships.find((s) => s.name === 'Sea Dog')!.id
    const ports = await call('ports.list')
    const port = (n: string) => ports.find((p) => p.name === n)!.id
    await call('ships.moveTo', { shipId: seaDog, portId: port('San Cristóbal') })
    const started = await call('voyages.start', { shipIds: [seaDog], route: [port('San Cristóbal'), port('La Bucca')], dice: [5] })

    // Day 1: the check is a 10, the table 5k5 = 10: a lightly armed Vendel Frigate.
    const met = await call('voyages.sail', { voyageId: started.id, dice: [10, 2, 2, 2, 2, 2] })
    expect(met.stop).toBe('encounter')
    const fight = await call('voyages.resolveEncounter', { voyageId: started.id, choice: 'fight', range: 'long' })
    const battleId = fight.battleId!
    await call('battles.resolveTurn', { battleId })
    // The GM concludes with the frigate taken by the Sea Dog, passing to the Sea Dog's owners.
    const review = await call('battles.review', { battleId })
    const dogOwners = (await call('ships.get', { shipId: seaDog })).owners.map((o) => ({ ownerId: o.ownerId, share: o.share }))
    const lines = review.lines.map((l) => (l.shipId === null ? { ...l, fate: 'captured' as const, prizeOwners: dogOwners } : l))
    const frigate = review.lines.find((l) => l.shipId === null)!
    const concluded = await call('battles.conclude', { battleId, lines })
    const prizeId = concluded.applied.find((a) => a.participantId === frigate.participantId)!.shipId!
    expect(prizeId).toBeGreaterThan(0)

    const after = await call('voyages.get', { voyageId: started.id })
    expect(after.ships.map((s) => [s.shipId, s.state])).toEqual([
      [seaDog, 'sailing'],
      [prizeId, 'sailing']
    ])
    expect(after.log.at(-1)!.text).toMatch(/sails on with the squadron as a prize/)

    // She sails with them (the squadron at its slowest) and comes into La Bucca with them.
    let v = after as { status: string; nmPerDay: number }
    const dogAlone = started.nmPerDay
    for (let i = 0; i < 30 && v.status === 'atSea'; i++) {
      const out = await call('voyages.sail', { voyageId: started.id })
      v = out.voyage
      expect(out.voyage.nmPerDay).toBeLessThanOrEqual(dogAlone)
      if (out.stop === 'encounter') v = (await call('voyages.resolveEncounter', { voyageId: started.id, choice: 'pass' })).voyage
      else if (out.stop === 'event') v = await call('voyages.avoidEvent', { voyageId: started.id, players: 1 })
    }
    expect(v.status).toBe('arrived')
    const inBucca = (await call('ports.get', { portId: port('La Bucca') })).port.ships.map((s) => s.shipId)
    expect(inBucca).toEqual(expect.arrayContaining([seaDog, prizeId]))
  })
})

/** A route through several ports puts in at each port between the first and the last (seed 003 VIII). */
describe('ports of call', () => {
  let t: TestSession
  beforeEach(async () => {
    const path = join(makeTempDir('quarterdeck-voyage-calls-'), 'calls.quarterdeck')
    await buildSampleCampaign(path)
    t = makeSession()
    await t.door.call('campaigns.open', { path })
  })
  afterEach(async () => {
    await t.cleanup()
  })

  it('stops at the middle port with the ships in it, sails on from there and arrives at the last', async () => {
    const call = t.door.call.bind(t.door)
    const lucia = (await call('ships.list')).find((s) => s.name === 'Santa Lucia')!.id
    const ports = await call('ports.list')
    const port = (n: string) => ports.find((p) => p.name === n)!.id
    const route = [port('San Cristóbal'), port('La Bucca'), port('San Cristóbal')]
    const food0 = (await call('crew.get', { shipId: lucia })).provisions.crewWeeks
    const v = await call('voyages.start', { shipIds: [lucia], route, dice: [5] })
    const firstLeg = v.legs[0]!.distanceNm

    const sailed: unknown[] = []
    const sailUntil = async (want: string) => {
      for (let i = 0; i < 40; i++) {
        const out = await call('voyages.sail', { voyageId: v.id })
        sailed.push(...out.log)
        if (out.stop === 'encounter') await call('voyages.resolveEncounter', { voyageId: v.id, choice: 'pass' })
        else if (out.stop === 'event') await call('voyages.avoidEvent', { voyageId: v.id, players: 1 })
        else if (out.stop === want) return out
        else if (out.stop !== 'days') throw new Error(`stopped: ${out.stop}`)
      }
      throw new Error(`never stopped for ${want}`)
    }

    const atCall = await sailUntil('port')
    expect(atCall.voyage.status).toBe('atSea')
    expect(atCall.voyage.sailedNm).toBe(firstLeg)
    expect(atCall.log.at(-1)).toMatchObject({ kind: 'port' })
    expect(atCall.log.at(-1)!.text).toMatch(/^Put in at La Bucca after \d+ days? at sea \(the Santa Lucia\)/)
    // She lies in La Bucca: the port's ships list her, and its market serves her.
    expect((await call('ports.get', { portId: port('La Bucca') })).port.ships.map((s) => s.shipId)).toContain(lucia)
    expect((await call('crew.get', { shipId: lucia })).place).toMatchObject({ status: 'port', portId: port('La Bucca') })
    const foodAtCall = (await call('crew.get', { shipId: lucia })).provisions.crewWeeks
    expect(foodAtCall).toBeLessThan(food0)

    const home = await sailUntil('arrival')
    expect(home.voyage.status).toBe('arrived')
    expect(home.voyage.sailedNm).toBe(home.voyage.distanceNm)
    expect((await call('crew.get', { shipId: lucia })).place).toMatchObject({ status: 'port', portId: port('San Cristóbal') })
    const { log } = await call('voyages.get', { voyageId: v.id })
    // Each sail answered with the entries it wrote, as the log reads them back.
    const ids = new Set(sailed.map((e) => (e as { id: number }).id))
    expect(log.filter((e) => ids.has(e.id))).toEqual(sailed)
    expect(sailed.length).toBeGreaterThan(10)
    expect(log.filter((e) => e.kind === 'port').map((e) => e.text.split(' after')[0]!.split(' for')[0])).toEqual(['Put in at La Bucca', 'Sailed from La Bucca'])
    // The food eaten on the way is both legs' (not only the last one's).
    const foodEnd = (await call('crew.get', { shipId: lucia })).provisions.crewWeeks
    const eaten = Number(/ate (\d+) weekly ration/.exec(log.find((e) => e.kind === 'arrival')!.text)![1])
    expect(eaten).toBe(food0 - foodEnd)
    expect(eaten).toBeGreaterThan(food0 - foodAtCall)
  })
})
