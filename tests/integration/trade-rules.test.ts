/**
 * Sea trade edge rules through the door (issue 8; seed 003 VIII, VII): a new demand roll each port
 * visit, dice entered by hand, the charter granted and its colonial price, the banker, undo.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { dumpCampaign, failureOf, makeClock, makeSession, openSeededCampaign, shipDesign, type TestSession } from '../helpers'

let t: TestSession

beforeEach(async () => {
  t = makeSession({ now: makeClock('2026-06-01T12:00:00.000Z').now })
  await openSeededCampaign(t, { seed: 9, name: 'Trade Rules' })
})
afterEach(async () => {
  await t.cleanup()
})

const db = () => t.session.campaign!.db
const call = ((name: string, input: unknown = {}) => t.door.call(name as never, input)) as typeof t.door.call
const fail = (name: string, input: unknown) => failureOf(t.door, name, input)

async function person(name: string, money = 50_000, knacks: Record<string, number> = {}, traits?: Record<string, number>) {
  const p = await call('people.create', { name, kind: 'pc', knacks, ...(traits ? { traits } : {}) })
  if (money) await call('ledger.grant', { ownerId: p.ownerId, amount: money, memo: 'Purse' })
  return p
}
async function merchantman(ownerId: number, name = 'Hope') {
  const out = await call('ships.commission', { design: shipDesign('merchantman'), name, owners: [{ ownerId, share: 100 }] })
  const today = (await call('clock.now')).day
  if (out.launchDay > today) await call('clock.advance', { days: out.launchDay - today })
  return out.shipId
}

describe('seed 003 VIII: the demand die, once per cargo type per port visit', () => {
  it('is remembered for the visit and rolled again on the next visit; hand entry asks for it', async () => {
    const a = await person('Owner')
    const p1 = await call('ports.create', { name: 'Carleon' })
    const shipId = await merchantman(a.ownerId)
    await call('ships.moveTo', { shipId, portId: p1.id })
    await call('trade.buy', { shipId, cargo: 'wine', tons: 4, payerId: a.ownerId })
    const first = await call('trade.sell', { shipId, cargo: 'wine', tons: 1, dice: [10] })
    expect(first.demand).toMatchObject({ roll: 10, percent: 20, band: 'Excellent demand' })
    expect((await call('trade.hold', { shipId })).lines[0]!.demand).toMatchObject({ roll: 10 })
    await call('ships.moveTo', { shipId, portId: null })
    await call('ships.moveTo', { shipId, portId: p1.id })
    // A new visit: the die is rolled again, and the week of cargo work is taken again.
    await call('settings.set', { diceMode: 'manual' })
    const needs = await fail('trade.sell', { shipId, cargo: 'wine', tons: 1 })
    expect(needs.code).toBe('needs_dice')
    const again = await call('trade.sell', { shipId, cargo: 'wine', tons: 1, dice: [2] })
    expect(again).toMatchObject({ rolledNow: true, demand: { roll: 2, percent: -10 } })
    expect(again.clock!.days).toBe(7)
  })
})

describe('seed 003 VII Havens', () => {
  it('only a haven takes dues; refuses a ship the GM marks hostile; nothing changes on a refusal', async () => {
    const a = await person('Owner')
    const haven = await call('ports.create', { name: 'La Bucca', pirateHaven: true })
    const port = await call('ports.create', { name: 'Carleon' })
    const shipId = await merchantman(a.ownerId)
    await call('ships.moveTo', { shipId, portId: port.id })
    await call('trade.buy', { shipId, cargo: 'rum', tons: 5, payerId: a.ownerId })
    expect((await fail('trade.enterHaven', { shipId, portId: port.id })).message).toMatch(/not a pirate haven/)
    const before = dumpCampaign(db())
    expect((await fail('trade.enterHaven', { shipId, portId: haven.id, hostile: true })).message).toMatch(/known to be hostile/)
    expect(dumpCampaign(db())).toEqual(before)
    const ok = await call('trade.enterHaven', { shipId, portId: haven.id })
    expect(ok.taken).toEqual([{ cargo: 'rum', label: 'Rum', tons: 1 }])
    expect(ok.hold.lines[0]).toMatchObject({ cargo: 'rum', tons: 4 })
  })
})

describe('seed 003 VIII joint-stock companies: charter, banker, undo', () => {
  it('a won roll grants the charter; a colonial charter costs 2,000; a founder with Accounting is the banker', async () => {
    const a = await person('Orator', 50_000, { Oratory: 2, Accounting: 1 }, { Panache: 3 })
    const colony = await call('ports.create', { name: 'San Cristóbal', major: true, colonial: true })
    // Panache 3 + Oratory 2 = 5k3: 9, 8, 7, 1, 1 keeps 24 against Wits 2 (2k2: 3, 3 = 6).
    const won = await call('companies.charter', { name: 'Won Co', portId: colony.id, founders: [a.ownerId], dice: [9, 8, 7, 1, 1, 3, 3] })
    expect(won.roll.success).toBe(true)
    expect(won.company).toMatchObject({ status: 'chartered', charterHow: 'granted', charterCost: 2000, banker: { percent: 0, name: 'Orator' }, maxShares: 45 })
    // A tie goes to the official.
    const tie = await call('companies.charter', { name: 'Tie Co', portId: colony.id, founders: [a.ownerId], officialWits: 1, dice: [2, 1, 1, 1, 1, 4] })
    expect(tie.roll).toMatchObject({ applicantTotal: 4, officialTotal: 4, success: false })
    await call('companies.buyCharter', { companyId: tie.company.id, payerId: a.ownerId })
    expect((await call('ledger.balance', { ownerId: a.ownerId })).cash).toBe(48_000)
    expect((await fail('companies.buyCharter', { companyId: tie.company.id, payerId: a.ownerId })).message).toMatch(/already has its charter/)
    const hired = await call('companies.update', { companyId: won.company.id, bankerHired: true })
    expect(hired.banker.percent).toBe(5)
    expect((await call('companies.list', {})).map((c) => c.name)).toEqual(['Tie Co', 'Won Co'])
  })

  it('undo takes a closed voyage back whole (ledger, accounts, the offering)', async () => {
    const a = await person('Owner')
    const port = await call('ports.create', { name: 'Carleon', major: true })
    const colony = await call('ports.create', { name: 'Colony', colonial: true })
    const c = await call('companies.charter', { name: 'Co', portId: port.id, founders: [a.ownerId], dice: [1, 1, 9, 9] })
    await call('companies.buyCharter', { companyId: c.company.id, payerId: a.ownerId })
    const shipId = await merchantman(a.ownerId)
    await call('ships.moveTo', { shipId, portId: port.id })
    await call('companies.addShip', { companyId: c.company.id, shipId })
    const v = await call('trade.openVenture', { shipId })
    await call('trade.buy', { shipId, cargo: 'textiles', tons: 5, payerId: a.ownerId })
    await call('ships.moveTo', { shipId, portId: colony.id })
    await call('trade.sell', { shipId, cargo: 'textiles', tons: 5, dice: [5] })
    const before = dumpCampaign(db())
    await call('trade.closeVenture', { ventureId: v.id })
    expect((await call('companies.get', { companyId: c.company.id })).offering).toBe(false)
    await call('history.undo', {})
    expect(dumpCampaign(db())).toEqual(before)
    expect((await call('trade.venture', { ventureId: v.id })).status).toBe('open')
  })
})
