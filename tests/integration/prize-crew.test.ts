/**
 * Prizes arrive possible (issue 16 point 10; seed 003 I "Ships will require careening and maintenance every
 * four months" and "In an emergency, a Corsair must have sail crew of at least six men"; VII prizes): a
 * prize's careening clock starts from her capture (the GM may name another day), she is manned by a prize
 * crew moved from her captor (at least her minimum sail crew, at most what the captor has left, refused at
 * the field), and with fewer hands than her minimum sail crew she cannot sail.
 */
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { buildSampleCampaign } from '../../resources/sample/tortuga-run'
import { failureOf, makeClock, makeSession, makeTempDir, openSeededCampaign, shipDesign, type TestSession } from '../helpers'

describe('issue 16 point 10: a prize taken in a battle', () => {
  let t: TestSession
  beforeEach(async () => {
    t = makeSession({ now: makeClock('2026-06-01T12:00:00.000Z').now })
    await openSeededCampaign(t, { seed: 9, name: 'Prize Crew Test' })
  })
  afterEach(async () => {
    await t.cleanup()
  })
  const call = ((name: string, input: unknown = {}) => t.door.call(name as never, input)) as typeof t.door.call
  const fail = (name: string, input: unknown) => failureOf(t.door, name, input)

  async function wolfWithHands(sailors: number) {
    const p = await call('people.create', { name: 'Marcel', kind: 'pc', knacks: {} })
    await call('ledger.grant', { ownerId: p.ownerId, amount: 30_000, memo: 'Purse' })
    const out = await call('ships.commission', { design: shipDesign('corsair'), name: 'Sea Wolf', owners: [{ ownerId: p.ownerId, share: 100 }] })
    const today = (await call('clock.now')).day
    if (out.launchDay > today) await call('clock.advance', { days: out.launchDay - today })
    await call('crew.configure', { shipId: out.shipId, kind: 'pirate' })
    await call('crew.hire', { houseRule: true, shipId: out.shipId, sailors, officers: [{ role: 'captain', personId: p.id, wage: 0 }] })
    return out.shipId
  }

  /** A generated merchantman (minimum sail crew 12) strikes to the Sea Wolf; the review as proposed. */
  async function struck(wolf: number) {
    const { battleId } = await call('battles.start', {
      participants: [
        { shipId: wolf, side: 'Brethren', crewKind: 'pirate', control: 'gm' },
        { generate: { hull: 'merchantman', armament: 'light', nation: 'Montaigne', name: 'Belle Marie' }, side: 'Montaigne', control: 'gm' }
      ],
      range: 'long',
      seed: 77
    })
    await call('battles.orders', { battleId, participantId: 'gen-1', orders: { tactic: 'circle', strike: true } })
    await call('battles.resolveTurn', { battleId })
    return { battleId, review: await call('battles.review', { battleId }) }
  }

  it('seed 003 I maintenance: her careening clock starts on the day of capture, not years overdue, and she does not rot and sink', async () => {
    await call('clock.advance', { days: 400 }) // well over a year into the campaign
    const wolf = await wolfWithHands(40)
    const { battleId, review } = await struck(wolf)
    const today = (await call('clock.now')).day
    const out = await call('battles.conclude', { battleId, lines: review.lines })
    const prizeId = out.applied.find((a) => a.participantId === 'gen-1')!.shipId!
    const c = await call('ships.condition', { shipId: prizeId })
    expect(c.careening.monthsPastDue).toBe(0)
    expect(c.careening.lastDay).toBe(today)
    expect(review.lines.find((l) => l.participantId === 'gen-1')!.careenedDay).toBe(today)
    expect(c.speed.now).toBe(c.speed.design)
    expect(c.penalties.filter((p) => /areening/.test(p))).toEqual([])
    // Four months later she is due, not sunk.
    await call('clock.advance', { days: 120 })
    expect((await call('ships.get', { shipId: prizeId })).status).not.toBe('sunk')
    expect((await call('ships.condition', { shipId: prizeId })).careening.hullLossActive).toBe(false)
  })

  it('seed 003 I maintenance: the review line may set the day her careening clock starts from (never after today)', async () => {
    await call('clock.advance', { days: 400 })
    const wolf = await wolfWithHands(40)
    const { battleId, review } = await struck(wolf)
    const today = (await call('clock.now')).day
    const lines = (careenedDay: number) => review.lines.map((l) => (l.participantId === 'gen-1' ? { ...l, careenedDay } : l))
    const late = await fail('battles.conclude', { battleId, lines: lines(today + 1) })
    expect((late.details as { field: string }).field).toBe('lines.1.careenedDay')
    const out = await call('battles.conclude', { battleId, lines: lines(today - 200) })
    const c = await call('ships.condition', { shipId: out.applied.find((a) => a.participantId === 'gen-1')!.shipId! })
    expect(c.careening.lastDay).toBe(today - 200)
    expect(c.careening.monthsPastDue).toBeGreaterThan(0)
  })

  it('seed 003 I Crew, minimum sail crew: the review proposes a prize crew from her captor; it is refused at the field below the minimum or beyond her hands, and moved in the same write', async () => {
    const wolf = await wolfWithHands(40)
    const { battleId, review } = await struck(wolf)
    const prize = review.lines.find((l) => l.participantId === 'gen-1')!
    const captor = review.lines.find((l) => l.shipId === wolf)!
    expect(prize).toMatchObject({ prizeCrew: 12, prizeCrewMin: 12, prizeCrewFrom: wolf })
    const withCrew = (prizeCrew: number) => review.lines.map((l) => (l.participantId === 'gen-1' ? { ...l, prizeCrew } : l))

    const few = await fail('battles.conclude', { battleId, lines: withCrew(11) })
    expect((few.details as { field: string }).field).toBe('lines.1.prizeCrew')
    expect(few.message).toMatch(/At least 12 \(her minimum sail crew\), or 0 to leave her unmanned/)
    const many = await fail('battles.conclude', { battleId, lines: withCrew(captor.crewAfter + 1) })
    expect((many.details as { field: string }).field).toBe('lines.1.prizeCrew')
    expect(many.message).toMatch(new RegExp(`At most ${captor.crewAfter}: the ${captor.crewAfter} hands the Sea Wolf has left`))
    expect((await call('ships.list')).map((s) => s.name)).toEqual(['Sea Wolf']) // nothing written

    const out = await call('battles.conclude', { battleId, lines: withCrew(15) })
    const prizeId = out.applied.find((a) => a.participantId === 'gen-1')!.shipId!
    expect((await call('crew.get', { shipId: prizeId })).hands).toBe(15)
    expect((await call('crew.get', { shipId: wolf })).hands).toBe(captor.crewAfter - 15)
    expect(out.applied.find((a) => a.participantId === 'gen-1')!.text).toMatch(/a prize crew of 15 hands from the Sea Wolf/)
    // Undo takes the prize crew back aboard the captor.
    await call('history.undo')
    expect((await call('crew.get', { shipId: wolf })).hands).toBe(40)
  })
})

describe('issue 16 point 10: a prize without her minimum sail crew cannot sail', () => {
  let t: TestSession
  beforeEach(async () => {
    const path = join(makeTempDir('quarterdeck-prize-crew-'), 'prize.quarterdeck')
    await buildSampleCampaign(path)
    t = makeSession()
    await t.door.call('campaigns.open', { path })
  })
  afterEach(async () => {
    await t.cleanup()
  })

  it('seed 003 I Crew, minimum sail crew: a prize her captor cannot man stays behind when the squadron sails on, and a voyage refuses her with the reason', async () => {
    const call = t.door.call.bind(t.door)
    const seaDog = (await call('ships.list')).find((s) => s.name === 'Sea Dog')!.id
    const ports = await call('ports.list')
    const port = (n: string) => ports.find((p) => p.name === n)!.id
    await call('ships.moveTo', { shipId: seaDog, portId: port('San Cristóbal') })
    const started = await call('voyages.start', { shipIds: [seaDog], route: [port('San Cristóbal'), port('La Bucca')], dice: [5] })
    await call('voyages.sail', { voyageId: started.id, dice: [10, 2, 2, 2, 2, 2] })
    const fight = await call('voyages.resolveEncounter', { voyageId: started.id, choice: 'fight', range: 'long' })
    const battleId = fight.battleId!
    await call('battles.resolveTurn', { battleId })
    const review = await call('battles.review', { battleId })
    const dogOwners = (await call('ships.get', { shipId: seaDog })).owners.map((o) => ({ ownerId: o.ownerId, share: o.share }))
    const frigate = review.lines.find((l) => l.shipId === null)!
    // The Sea Dog is left with 2 hands: too few to man her (a minimum sail crew is at least 6).
    const short = 2
    const lines = review.lines.map((l) =>
      l.shipId === null ? { ...l, fate: 'captured' as const, prizeOwners: dogOwners, prizeCrew: undefined } : { ...l, crewAfter: short }
    )
    const concluded = await call('battles.conclude', { battleId, lines })
    const prizeId = concluded.applied.find((a) => a.participantId === frigate.participantId)!.shipId!
    expect((await call('crew.get', { shipId: prizeId })).hands).toBe(0)

    const after = await call('voyages.get', { voyageId: started.id })
    expect(after.ships.map((s) => s.shipId)).toEqual([seaDog])
    expect(after.log.at(-1)!.text).toMatch(/the [^,]+ has 0 hands, fewer than her minimum sail crew of \d+: she cannot sail on with the squadron until manned/)
    const plan = await call('voyages.plan', { shipIds: [prizeId], route: [port('San Cristóbal'), port('La Bucca')] })
    expect(plan.canSail).toBe(false)
    expect(plan.problems.join(' ')).toMatch(/has 0 hands: she needs her minimum sail crew of \d+/)
  })
})
