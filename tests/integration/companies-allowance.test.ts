/**
 * Joint-stock companies' monthly share allowance (issue 8; seed 003 "VIII. Of Sea Trade": shares are
 * "later sold or bought back at most 1k1 shares per month"; the unused allowance does not carry
 * over) through the door, with hand-entered dice: rolled by the monthly step or on the first trade of
 * a month, used by sales and buy-backs alike, refused beyond it with a clear message, and a fresh
 * roll each month with nothing carried over.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { dateOf } from '../../src/shared/calendar'
import { getRule } from '../../src/main/campaign-core/rules'
import { failureOf, makeClock, makeSession, openSeededCampaign, shipDesign, type TestSession } from '../helpers'

let t: TestSession
beforeEach(async () => {
  t = makeSession({ now: makeClock('2026-06-01T12:00:00.000Z').now })
  await openSeededCampaign(t, { seed: 10, name: 'Allowance Test' })
})
afterEach(async () => {
  await t.cleanup()
})

const db = () => t.session.campaign!.db
const call = ((name: string, input: unknown = {}) => t.door.call(name as never, input)) as typeof t.door.call
const fail = (name: string, input: unknown) => failureOf(t.door, name, input)

/** Days from today to the next first of a month. */
async function daysToFirst() {
  const cal = getRule(db(), 'calendar')
  const today = (await call('clock.now')).day
  let d = today + 1
  while (dateOf(cal, d).dayOfMonth !== 1) d++
  return d - today
}

/** A chartered company past its first offering (a voyage of its ship closed), with two shareholders. */
async function company() {
  const founder = await call('people.create', { name: 'Allende', kind: 'pc', knacks: { Accounting: 1 } })
  const investor = await call('people.create', { name: 'Don Rafael', kind: 'npc', knacks: {} })
  await call('ledger.grant', { ownerId: founder.ownerId, amount: 50_000, memo: 'Purse' })
  await call('ledger.grant', { ownerId: investor.ownerId, amount: 50_000, memo: 'Purse' })
  const out = await call('ships.commission', { design: shipDesign('merchantman'), name: 'Santa Lucia', owners: [{ ownerId: founder.ownerId, share: 100 }] })
  const today = (await call('clock.now')).day
  if (out.launchDay > today) await call('clock.advance', { days: out.launchDay - today })
  // Chartered after the launch, mid-month: no allowance is rolled for this month yet.
  const port = await call('ports.create', { name: 'Carleon', major: true })
  // Seed 003 VIII: Oratory (Panache 2 + Oratory 0 → 2k2: 9, 8 = 17) against the official's Wits 2 (2k2: 1, 1 = 2): granted.
  const { company: co } = await call('companies.charter', { name: 'Carleon Company', portId: port.id, founders: [founder.ownerId], dice: [9, 8, 1, 1] })
  expect(co.status).toBe('chartered')
  await call('ships.moveTo', { shipId: out.shipId, portId: port.id })
  await call('companies.addShip', { companyId: co.id, shipId: out.shipId })
  // The first offering: at 500 G, no monthly limit.
  const sold = await call('companies.sellShares', { companyId: co.id, buyerId: investor.ownerId, count: 12 })
  expect(sold).toMatchObject({ price: 500, company: { offering: true, allowance: { used: 0 } } })
  // The first voyage of the company closes: the offering ends.
  const v = await call('trade.openVenture', { shipId: out.shipId })
  await call('trade.closeVenture', { ventureId: v.id })
  const after = await call('companies.get', { companyId: co.id })
  expect(after.offering).toBe(false)
  return { companyId: co.id, founder, investor }
}

describe('seed 003 VIII Of Sea Trade: shares change hands at most 1k1 a month; the unused allowance does not carry over', () => {
  it('rolls the allowance on the first trade of a month when the monthly step has not, counts sales and buy-backs, refuses beyond it clearly', async () => {
    const { companyId, founder, investor } = await company()
    const page = await call('companies.get', { companyId })
    const month = page.allowance.month
    expect(page.allowance).toEqual({ month, rolled: null, used: 0, left: null })
    // 1k1 rolled on the first trade of the month: 4.
    const sold = await call('companies.sellShares', { companyId, buyerId: founder.ownerId, count: 1, dice: [4] })
    expect(sold.company.allowance).toEqual({ month, rolled: 4, used: 1, left: 3 })
    const rolled = 4
    const left = 3
    // Buy-backs use the same allowance.
    const back = await call('companies.buyBack', { companyId, sellerId: investor.ownerId, count: 1 })
    expect(back.company.allowance).toMatchObject({ rolled, used: 2, left: left - 1 })
    const refused = await fail('companies.sellShares', { companyId, buyerId: founder.ownerId, count: left })
    expect(refused.code).toBe('rule')
    expect(refused.message).toContain(`may trade only ${rolled} shares in ${month}`)
    expect(refused.message).toContain(`so ${left - 1} ${left - 1 === 1 ? 'is' : 'are'} left, not ${left}`)
    expect(refused.message).toContain('do not carry over')
    expect(refused.details).toMatchObject({ rolled, used: 2, left: left - 1, asked: left })
    // Nothing changed hands on the refusal.
    expect((await call('companies.get', { companyId })).allowance).toMatchObject({ used: 2 })
  })

  it('the monthly step rolls a fresh allowance: what was left last month is gone', async () => {
    const { companyId, founder } = await company()
    // To the first of next month: the step 'share-allowance' (order 150) rolls 1k1 (here 5).
    await call('clock.advance', { days: await daysToFirst(), dice: [5] })
    let page = await call('companies.get', { companyId })
    expect(page.allowance).toMatchObject({ rolled: 5, used: 0, left: 5 })
    await call('companies.sellShares', { companyId, buyerId: founder.ownerId, count: 2 })
    page = await call('companies.get', { companyId })
    expect(page.allowance).toMatchObject({ rolled: 5, used: 2, left: 3 })
    // The next month: 2 rolled; the 3 left over lapse.
    const next = page.allowance.month
    const moved = await call('clock.advance', { days: await daysToFirst(), dice: [2] })
    expect(moved.steps.find((s) => s.step === 'share-allowance')!.effects).toEqual(['Carleon Company: 2 shares may be sold or bought back this month'])
    page = await call('companies.get', { companyId })
    expect(page.allowance.month).not.toBe(next)
    expect(page.allowance).toMatchObject({ rolled: 2, used: 0, left: 2 })
    expect((await fail('companies.sellShares', { companyId, buyerId: founder.ownerId, count: 3 })).message).toMatch(/so 2 are left, not 3/)
    await call('companies.sellShares', { companyId, buyerId: founder.ownerId, count: 2 })
    expect((await call('companies.get', { companyId })).allowance).toMatchObject({ rolled: 2, used: 2, left: 0 })
  })
})
