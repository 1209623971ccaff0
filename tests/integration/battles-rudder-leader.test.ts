/**
 * Campaign side of issue 13 (seed 003 IV–V): Hard Turns' rudder damage lasts "permanently, until
 * the rudder is repaired in port" (written back at conclusion, read into the next battle, mended in
 * a friendly port); "Over the Side" for whoever leads the boarding and defence parties (a
 * character's trick on the People page; a toggle for generated ships).
 */
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest'
import { currentStats } from '../../src/shared/highseas/engine'
import { dropSample, openSample, seaDogVsMerchantman, type SampleSession } from './battles-ops'

let s: SampleSession
beforeEach(async () => {
  s = await openSample()
})
afterEach(async () => {
  await s.t.cleanup()
})
afterAll(dropSample)

const DOG = () => `ship-${s.ids.seaDog}`
const rudder = () => (s.db().prepare(`SELECT rudder_damage FROM ship WHERE id = ?`).get(s.ids.seaDog) as { rudder_damage: number }).rudder_damage

describe('seed 003 IV Hard Turns: the rudder stays damaged until repaired in port', () => {
  it('seed 003 IV Hard Turns: rudder damage is written back at conclusion, read into her next battle, and mended in port', async () => {
    const { battleId } = await s.call('battles.start', seaDogVsMerchantman(s, { range: 'long' }))
    await s.call('battles.orders', { battleId, participantId: DOG(), orders: { tactic: 'circle', desperate: 'hardTurns' } })
    // The Sea Dog's hard-turns die is the turn's first roll: a 9 strains the rudder.
    const out = await s.call('battles.resolveTurn', { battleId, dice: [9] })
    expect(out.state.participants[DOG()]!.rudderDamage).toBe(1)
    const review = await s.call('battles.review', { battleId })
    expect(review.lines.find((l) => l.participantId === DOG())!.rudderDamage).toBe(1)
    await s.call('battles.conclude', { battleId, lines: review.lines })
    expect(rudder()).toBe(1)

    // Her next battle starts with the rudder as it is: −1 Handling, shown in her Handling terms.
    const next = await s.call('battles.start', seaDogVsMerchantman(s, { range: 'long', seed: 99 }))
    const v = await s.call('battles.state', { battleId: next.battleId })
    const dog = v.setup.participants.find((p) => p.id === DOG())!
    expect(dog.rudderDamage).toBe(1)
    const stats = currentStats(v.setup, v.state, DOG())
    expect(stats.terms.handling).toContainEqual({ label: 'rudder damage', value: -1 })
    expect(stats.handling).toBe(dog.handling - 1)

    // Mended in a friendly port (La Bucca, a pirates' haven) at the yard's price per point.
    const price = (await s.call('rules.get', { table: 'shipRepairs' })).value as { portCostPerPoint: number }
    const mended = await s.call('ships.repairRudder', { shipId: s.ids.seaDog })
    expect(mended).toMatchObject({ mended: 1, cost: price.portCostPerPoint })
    expect(rudder()).toBe(0)
    const again = await s.fail('ships.repairRudder', { shipId: s.ids.seaDog })
    expect(again.message).toMatch(/rudder is sound/)
  })
  it('seed 003 IV Hard Turns: a rudder is not mended at sea (nothing changes)', async () => {
    s.db().prepare(`UPDATE ship SET rudder_damage = 2 WHERE id = ?`).run(s.ids.seaDog)
    await s.call('ships.moveTo', { shipId: s.ids.seaDog, portId: null })
    const before = s.snapshot()
    const e = await s.fail('ships.repairRudder', { shipId: s.ids.seaDog })
    expect(e.message).toMatch(/only in a friendly port/)
    expect(s.snapshot()).toEqual(before)
  })
})

describe('seed 003 V quick combat: "Over the Side" for whoever leads the boarding and defence parties', () => {
  it('seed 003 V: a character’s trick on the People page makes her party leader (or captain) kill on 8+', async () => {
    const p = await s.call('people.update', { id: s.ids.marcelPerson, tricks: ['overTheSide'] })
    expect(p.tricks).toEqual(['overTheSide'])
    const input = seaDogVsMerchantman(s)
    const asCaptain = await s.call('battles.preview', { participants: input.participants })
    expect(asCaptain[0]!.captain!.overTheSide).toBe(true)
    // Allende leads the parties (no trick): Marcel's trick no longer counts.
    const led = await s.call('battles.preview', { participants: [{ ...input.participants[0]!, partyLeaderId: s.ids.allendePerson }, input.participants[1]!] })
    expect(led[0]!.partyLeader).toMatchObject({ personId: s.ids.allendePerson, overTheSide: false })
    // A generated ship: the GM's toggle.
    const gen = await s.call('battles.preview', { participants: [{ generate: { hull: 'corsair', armament: 'heavy', crewKind: 'pirate', overTheSide: true }, side: 'P' }] })
    expect(gen[0]!.captain!.overTheSide).toBe(true)
  })
})
