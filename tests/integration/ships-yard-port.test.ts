/**
 * Issue 16, point 13: where is she built? Seed 003, I. Of Ship Construction, 1: "Ships may be
 * constructed in any major port. … If the ship is being constructed in a colonial port, add one
 * month to the construction time." She launches in that port.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { failureOf, makeClock, makeSession, openSeededCampaign, shipDesign, type TestSession } from '../helpers'

let t: TestSession
beforeEach(async () => {
  t = makeSession({ now: makeClock('2026-06-01T12:00:00.000Z').now })
  await openSeededCampaign(t, { seed: 12, name: 'Yard Test' })
})
afterEach(async () => {
  await t.cleanup()
})
const call = ((name: string, input: unknown = {}) => t.door.call(name as never, input)) as typeof t.door.call
const CORSAIR = shipDesign('corsair', { guns: { port: 2, starboard: 2, chasers: 0, stern: 0 } })

async function richOwner(): Promise<number> {
  const p = await call('people.create', { name: 'Allende', kind: 'pc' })
  await call('ledger.grant', { ownerId: p.ownerId, amount: 1_000_000, memo: 'A fortune' })
  return p.ownerId
}

describe('seed 003 I.1 Of Ship Construction: ships are built in a major port, a colonial one adds a month', () => {
  it('a Corsair built in a major continental port takes her 2 months and launches there, in port with her company lying in it', async () => {
    const owner = await richOwner()
    const yard = await call('ports.create', { name: 'San Cristóbal', nation: 'Castille', major: true })
    const out = await call('ships.commission', { design: CORSAIR, name: 'Sea Dog', owners: [{ ownerId: owner, share: 100 }], portId: yard.id })
    expect(out.launchDay).toBe(59) // 1 Primus + 2 months = 1 Tertius
    expect(out.constructionMonths).toBe(2)
    expect(out.builtAt).toEqual({ portId: yard.id, name: 'San Cristóbal', colonial: false })
    expect(out.construction).toEqual([{ label: 'Corsair: construction time', value: 2 }])
    await call('clock.advance', { days: 59 })
    const ship = await call('ships.get', { shipId: out.shipId })
    expect(ship.status).toBe('port')
    expect(ship.history.map((h) => h.text)).toContain('Launched: the Sea Dog is afloat and in port in San Cristóbal')
    const port = await call('ports.get', { portId: yard.id })
    expect(port.port.ships.map((s) => s.name)).toEqual(['Sea Dog'])
  })

  it('a major colonial port adds one month to the construction time, with the term that says why; the design must say so', async () => {
    const owner = await richOwner()
    const yard = await call('ports.create', { name: 'Puerto Dorado', nation: 'Castille', major: true, colonial: true })
    const refused = await failureOf(t.door, 'ships.commission', { design: CORSAIR, name: 'Sea Dog', owners: [{ ownerId: owner, share: 100 }], portId: yard.id })
    expect(refused.message).toBe('Puerto Dorado is a colonial port: a ship built there takes one more month, so the design must say "Built in a colonial port".')
    expect(refused.details).toMatchObject({ field: 'design.colonial' })
    const out = await call('ships.commission', { design: { ...CORSAIR, colonial: true }, name: 'Sea Dog', owners: [{ ownerId: owner, share: 100 }], portId: yard.id })
    expect(out.constructionMonths).toBe(3)
    expect(out.launchDay).toBe(90) // 1 Primus + 3 months = 1 Quartus (31 + 28 + 31)
    expect(out.construction).toEqual([
      { label: 'Corsair: construction time', value: 2 },
      { label: 'Built in a colonial port', value: 1 }
    ])
    await call('clock.advance', { days: 89 })
    expect((await call('ships.get', { shipId: out.shipId })).status).toBe('construction')
    await call('clock.advance', { days: 1 })
    expect((await call('ships.get', { shipId: out.shipId })).status).toBe('port')
    // Marked colonial but built in a continental port: refused too.
    const home = await call('ports.create', { name: 'San Cristóbal', nation: 'Castille', major: true })
    const wrong = await failureOf(t.door, 'ships.commission', { design: { ...CORSAIR, colonial: true }, name: 'Sea Wolf', owners: [{ ownerId: owner, share: 100 }], portId: home.id })
    expect(wrong.details).toMatchObject({ field: 'design.colonial' })
  })

  it('a port that is not major is refused at the field, and nothing is charged or built', async () => {
    const owner = await richOwner()
    const haven = await call('ports.create', { name: 'La Bucca', colonial: true, pirateHaven: true })
    const before = await call('ledger.balance', { ownerId: owner })
    const err = await failureOf(t.door, 'ships.commission', { design: CORSAIR, name: 'Sea Dog', owners: [{ ownerId: owner, share: 100 }], portId: haven.id })
    expect(err.code).toBe('rule')
    expect(err.message).toContain('La Bucca is not a major port, and ships may be built only in a major port')
    expect(err.details).toMatchObject({ field: 'portId' })
    expect(await call('ships.list')).toEqual([])
    expect(await call('ledger.balance', { ownerId: owner })).toEqual(before)
  })
})
