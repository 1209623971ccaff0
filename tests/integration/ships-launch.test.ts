/**
 * A commissioned ship is on the stocks for its construction time (seed 003, I: "construction
 * times … If the ship is being constructed in a colonial port, add one month") and the campaign
 * clock launches it on its launch day (RULES.md §2 "Time": the clock counts days; periodic steps).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { periodicSteps } from '../../src/main/campaign-core/clock'
import { addMonths, dateLabel } from '../../src/shared/calendar'
import { THEAH_CALENDAR as T } from '../../src/shared/rules/tables'
import { SHIP_HULLS } from '../../src/shared/ship/tables'
import { dumpCampaign, failureOf, makeClock, makeSession, openSeededCampaign, shipDesign, type TestSession } from '../helpers'

let t: TestSession

beforeEach(async () => {
  t = makeSession({ now: makeClock('2026-06-01T12:00:00.000Z').now })
  await openSeededCampaign(t, { seed: 11, name: 'Launch Test' })
})
afterEach(async () => {
  await t.cleanup()
})

const db = () => t.session.campaign!.db
const call = ((name: string, input: unknown = {}) => t.door.call(name as never, input)) as typeof t.door.call

const CORSAIR = shipDesign('corsair', { guns: { port: 2, starboard: 2, chasers: 0, stern: 0 } })

/** A player character with enough money for anything these tests build. */
async function richOwner(name = 'Allende'): Promise<number> {
  const p = await call('people.create', { name, kind: 'pc' })
  await call('ledger.grant', { ownerId: p.ownerId, amount: 1_000_000, memo: 'A fortune' })
  return p.ownerId
}

async function commission(name: string, design = CORSAIR, ownerId?: number) {
  return call('ships.commission', { design, name, owners: [{ ownerId: ownerId ?? (await richOwner()), share: 100 }] })
}

const status = async (shipId: number) => (await call('ships.get', { shipId })).status

describe('the ship-launch step', () => {
  it('is a daily step at order 300, before the reminders (900)', () => {
    const steps = periodicSteps().map((s) => [s.id, s.every, s.order])
    expect(steps).toContainEqual(['ship-launch', 'day', 300])
    expect(steps.findIndex((s) => s[0] === 'ship-launch')).toBeLessThan(steps.findIndex((s) => s[0] === 'reminders'))
  })

  it('seed 003 I: a Corsair takes 2 months — commissioned on 1 Primus, launched on 1 Tertius through clock.advance, not a day before', async () => {
    const out = await commission('Sea Dog')
    expect(out.launchDay).toBe(59)
    expect(out.launchLabel).toBe('Veldi, 1 Tertius 1668 AV')

    // The Dashboard shows the launch coming: a reminder "in N days" linking to the ship.
    expect(await call('reminders.list', {})).toEqual([
      {
        id: expect.any(Number),
        dueDay: 59,
        dueLabel: 'Veldi, 1 Tertius 1668 AV',
        inDays: 59,
        title: 'The Sea Dog is launched',
        link: `/campaign/fleet/${out.shipId}`,
        source: `ship:${out.shipId}`
      }
    ])

    const before = await call('clock.advance', { days: 58 })
    expect(before.steps.filter((s) => s.step === 'ship-launch')).toEqual([])
    expect(await status(out.shipId)).toBe('construction')
    expect((await call('ships.list'))[0]).toMatchObject({ status: 'construction', launchDay: 59, inDays: 1 })
    expect((await call('reminders.list', {}))[0]).toMatchObject({ title: 'The Sea Dog is launched', inDays: 1 })

    const launchDay = await call('clock.advance', { days: 1 })
    expect(launchDay.steps).toEqual([
      // Logged once, by the launch itself: the launch reminder is the feature's, not the GM's.
      { day: 59, label: 'Veldi, 1 Tertius 1668 AV', step: 'ship-launch', title: 'Ships launched', effects: ['The Sea Dog is launched'] }
    ])
    expect(await status(out.shipId)).toBe('port')

    // Logged in the clock log and the ship's history.
    const log = await call('clock.log', { limit: 10 })
    expect(log.find((l) => l.step === 'ship-launch')).toMatchObject({
      day: 59,
      dateLabel: 'Veldi, 1 Tertius 1668 AV',
      title: 'Ships launched',
      effects: ['The Sea Dog is launched']
    })
    const ship = await call('ships.get', { shipId: out.shipId })
    expect(ship.history.map((h) => [h.day, h.dateLabel])).toEqual([
      [0, 'Soldi, 1 Primus 1668 AV'],
      [59, 'Veldi, 1 Tertius 1668 AV']
    ])
    expect(ship.history[1]!.text).toBe('Launched: the Sea Dog is afloat and in port')
    expect(ship).toMatchObject({ launchDay: null, launchLabel: null, inDays: null })

    // Later days do not launch it again.
    const later = await call('clock.advance', { days: 30 })
    expect(later.steps.filter((s) => s.step === 'ship-launch')).toEqual([])
  })

  it('a launch day falls on the same day of the month N months on, clamped to the month (31 Primus + 2 months = 31 Tertius; + 3 = 30 Quartus)', async () => {
    const ownerId = await richOwner()
    await call('clock.advance', { days: 30 }) // 31 Primus
    const corsair = await commission('Short Month', CORSAIR, ownerId)
    expect(corsair.launchDay).toBe(addMonths(T, 30, 2))
    expect(corsair.launchLabel).toBe(dateLabel(T, 30 + 28 + 31)) // 31 Tertius
    const merchant = await commission('Thirty Days', shipDesign('merchantman'), ownerId)
    expect(merchant.launchLabel).toContain('30 Quartus 1668')
  })

  it('seed 003 I: a colonial port adds a month; the quote says how long and the launch day follows', async () => {
    const ownerId = await richOwner()
    const colonial = shipDesign('corsair', { colonial: true })
    const q = await call('ships.quote', { design: colonial })
    expect(q.constructionMonths).toBe(3)
    const out = await commission('Colonial', colonial, ownerId)
    expect(out.launchLabel).toBe('Saturdi, 1 Quartus 1668 AV')
  })

  it('a construction time of 0 months (an edited Ship hulls table) launches the ship at once, with no reminder', async () => {
    const hulls = structuredClone(SHIP_HULLS)
    hulls.hulls.find((h) => h.hull === 'corsair')!.constructionMonths = 0
    await call('rules.set', { table: 'shipHulls', value: hulls })
    const out = await commission('Quick')
    expect(out.launchDay).toBe(0)
    expect(await status(out.shipId)).toBe('port')
    expect(await call('reminders.list', {})).toEqual([])
    const journal = db().prepare(`SELECT summary FROM journal ORDER BY seq DESC LIMIT 1`).get() as { summary: string }
    expect(journal.summary).toMatch(/; launched at once$/)
  })

  it('two ships due the same day are launched in the order they were ordered; an advance past the day still launches them', async () => {
    const ownerId = await richOwner()
    const a = await commission('First', CORSAIR, ownerId)
    const b = await commission('Second', CORSAIR, ownerId)
    const out = await call('clock.advance', { days: 100 })
    expect(out.steps.find((s) => s.step === 'ship-launch')).toMatchObject({
      day: 59,
      effects: ['The First is launched', 'The Second is launched']
    })
    expect([await status(a.shipId), await status(b.shipId)]).toEqual(['port', 'port'])
  })

  it('undoing the advance that launched a ship puts it back on the stocks', async () => {
    const out = await commission('Sea Dog')
    await call('clock.advance', { days: 58 })
    const before = dumpCampaign(db())
    await call('clock.advance', { days: 5 })
    expect(await status(out.shipId)).toBe('port')
    await call('history.undo')
    expect(dumpCampaign(db())).toEqual(before)
    expect(await status(out.shipId)).toBe('construction')
  })

  it('a ship scuttled on the stocks is never launched and its reminder goes', async () => {
    const out = await commission('Doomed')
    await call('ships.scuttle', { shipId: out.shipId })
    expect(await call('reminders.list', {})).toEqual([])
    const adv = await call('clock.advance', { days: 90 })
    expect(adv.steps).toEqual([])
    expect(await status(out.shipId)).toBe('scuttled')
    expect((await call('ships.get', { shipId: out.shipId })).history.at(-1)!.text).toBe('Scuttled on the stocks, before her launch')
  })

  it('renaming a ship on the stocks renames its launch reminder and its launch', async () => {
    const out = await commission('Sea Dog')
    await call('ships.rename', { shipId: out.shipId, name: 'Sea Wolf' })
    expect((await call('reminders.list', {}))[0]!.title).toBe('The Sea Wolf is launched')
    const adv = await call('clock.advance', { days: 59 })
    expect(adv.steps[0]!.effects).toEqual(['The Sea Wolf is launched'])
  })

  it('a ship that cannot be sold before launch says so and when it will be launched', async () => {
    const out = await commission('Sea Dog')
    const err = await failureOf(t.door, 'ships.sell', { shipId: out.shipId, price: 1000 })
    expect(err).toEqual({
      code: 'rule',
      message: 'The Sea Dog is still on the stocks until Veldi, 1 Tertius 1668 AV: a ship can be sold once it is launched.',
      details: { status: 'construction' }
    })
  })
})
