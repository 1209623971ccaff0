/**
 * The fleet through the one door: ships.list, ships.get, ships.rename, ships.sell and
 * ships.scuttle (seed 003, I: ships owned by characters, jointly by shares, or by the world).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { splitByShares } from '../../src/main/theah/shipyard'
import { WORLD_OWNER_ID } from '../../src/main/campaign-core/ledger'
import type { ShipQuote } from '../../src/shared/ship/design'
import { SHIP_HULLS } from '../../src/shared/ship/tables'
import { countRows, dumpCampaign, failureOf, makeClock, makeSession, openSeededCampaign, shipDesign, type TestSession } from '../helpers'

let t: TestSession

beforeEach(async () => {
  t = makeSession({ now: makeClock('2026-06-01T12:00:00.000Z').now })
  await openSeededCampaign(t, { seed: 5, name: 'Fleet Test' })
})
afterEach(async () => {
  await t.cleanup()
})

const db = () => t.session.campaign!.db
const call = ((name: string, input: unknown = {}) => t.door.call(name as never, input)) as typeof t.door.call
const fail = (name: string, input: unknown) => failureOf(t.door, name, input)
const journal = () => db().prepare(`SELECT summary FROM journal ORDER BY seq`).all() as { summary: string }[]
const lastSummary = () => journal().at(-1)?.summary
const snapshot = () => ({ tables: dumpCampaign(db()), journal: journal(), steps: countRows(db(), 'undo_step') })
const money = async (ownerId: number) => call('ledger.balance', { ownerId })

async function refusedWithoutChange(name: string, input: unknown) {
  const before = snapshot()
  const err = await fail(name, input)
  expect(snapshot()).toEqual(before)
  return err
}

const MERCHANT = shipDesign('merchantman', {
  guns: { port: 6, starboard: 6, chasers: 2, stern: 0 },
  pontGuns: { port: 1, starboard: 1 },
  jollyBoats: 1,
  powderTons: 1.5,
  modifications: { reinforcedHull: 2 }
})

async function owner(name: string, cash = 1_000_000) {
  const p = await call('people.create', { name, kind: 'pc' })
  if (cash) await call('ledger.grant', { ownerId: p.ownerId, amount: cash, memo: 'Purse' })
  return p.ownerId
}

/** A launched Merchantman owned 60/40 by Allende and Yngvild. */
async function launchedShip() {
  const a = await owner('Allende')
  const y = await owner('Yngvild')
  const out = await call('ships.commission', {
    design: MERCHANT,
    name: 'Santa Lucia',
    owners: [
      { ownerId: a, share: 60 },
      { ownerId: y, share: 40 }
    ]
  })
  await call('clock.advance', { days: out.launchDay })
  return { a, y, shipId: out.shipId, total: out.total }
}

describe('ships.get', () => {
  it("a ship's sheet: its design, the quote by the current rules, its state apart from the design, owners and history", async () => {
    const { a, y, shipId, total } = await launchedShip()
    const q = (await call('ships.quote', { design: MERCHANT })) as ShipQuote
    const ship = await call('ships.get', { shipId })
    expect(ship).toMatchObject({
      id: shipId,
      name: 'Santa Lucia',
      hull: 'merchantman',
      frigate: false,
      status: 'port',
      origin: 'built',
      cost: total,
      orderedDay: 0,
      launchDay: null,
      inDays: null,
      owners: [
        { ownerId: a, name: 'Allende', share: 60 },
        { ownerId: y, name: 'Yngvild', share: 40 }
      ]
    })
    expect(ship.design).toEqual(MERCHANT)
    expect(ship.quote).toEqual(q)
    // Seed 003 I.4: two points of reinforcement on a Merchantman's 40 Hull points.
    expect(q.derived.hull).toBe(42)
    expect(ship.state).toEqual({
      hullDamage: 0,
      riggingDamage: 0,
      hullNow: q.derived.hull,
      riggingNow: q.derived.rigging,
      crew: 0,
      powderTons: 1.5,
      gunsLost: { port: 0, starboard: 0, chasers: 0, stern: 0 },
      rudderDamage: 0
    })
    expect(ship.history.map((h) => h.text)).toEqual([
      `Ordered at the shipyard as a Merchantman for ${total.toLocaleString('en')} G by Allende (60%) and Yngvild (40%); 3 months to build`,
      'Launched: the Santa Lucia is afloat and in port'
    ])
    expect(ship.history[0]!.dateLabel).toBe('Soldi, 1 Primus 1668 AV')
  })

  it('hullNow and riggingNow are the derived numbers less the damage', async () => {
    const { shipId } = await launchedShip()
    db().prepare(`UPDATE ship SET hull_damage = 5, rigging_damage = 3 WHERE id = ?`).run(shipId)
    const ship = await call('ships.get', { shipId })
    expect(ship.state).toMatchObject({ hullDamage: 5, riggingDamage: 3, hullNow: ship.quote.derived.hull - 5, riggingNow: ship.quote.derived.rigging - 3 })
  })

  it('a rule-table edit changes a new quote and the sheet\'s quote, never what an existing ship cost', async () => {
    const { shipId, total } = await launchedShip()
    const hulls = structuredClone(SHIP_HULLS)
    hulls.hulls.find((h) => h.hull === 'merchantman')!.baseCost += 2_500
    await call('rules.set', { table: 'shipHulls', value: hulls })
    const q = await call('ships.quote', { design: MERCHANT })
    expect(q.total).toBe(total + 2_500)
    const ship = await call('ships.get', { shipId })
    expect(ship.cost).toBe(total)
    expect(ship.quote.total).toBe(total + 2_500)
    expect((await call('ships.list'))[0]!.cost).toBe(total)
  })

  it('an unknown ship → not_found', async () => {
    expect(await fail('ships.get', { shipId: 42 })).toEqual({ code: 'not_found', message: 'There is no ship with id 42.', details: { field: 'shipId' } })
  })
})

describe('ships.list', () => {
  it('every ship with status, owners and countdown; ships still afloat or building first, those gone last', async () => {
    const { shipId: lucia } = await launchedShip()
    const m = await owner('Marcel')
    const dog = await call('ships.commission', { design: shipDesign('corsair'), name: 'Sea Dog', owners: [{ ownerId: m, share: 100 }] })
    await call('ships.scuttle', { shipId: lucia })
    const list = await call('ships.list')
    expect(list.map((s) => [s.name, s.status])).toEqual([
      ['Sea Dog', 'construction'],
      ['Santa Lucia', 'scuttled']
    ])
    expect(list[0]).toMatchObject({ id: dog.shipId, launchDay: dog.launchDay, launchLabel: dog.launchLabel, inDays: dog.launchDay - 90, cost: dog.total })
    expect(list[0]!.owners).toEqual([{ ownerId: m, name: 'Marcel', share: 100 }])
  })
})

describe('ships.rename', () => {
  it('renames, records it in the history and the journal', async () => {
    const { shipId } = await launchedShip()
    const out = await call('ships.rename', { shipId, name: '  Santa Lucía  ' })
    expect(out).toMatchObject({ id: shipId, name: 'Santa Lucía' })
    expect(lastSummary()).toBe('Renamed the Santa Lucia to the Santa Lucía')
    expect((await call('ships.get', { shipId })).history.at(-1)!.text).toBe('Renamed from the Santa Lucia to the Santa Lucía')
  })

  it('an unknown ship → not_found; a blank name → invalid_input', async () => {
    expect((await refusedWithoutChange('ships.rename', { shipId: 9, name: 'X' })).code).toBe('not_found')
    const { shipId } = await launchedShip()
    expect((await refusedWithoutChange('ships.rename', { shipId, name: '' })).code).toBe('invalid_input')
  })
})

describe('ships.sell', () => {
  it('to the outside world: the price goes to the owners by share (largest remainder), the ship is sold and leaves the fleet', async () => {
    const { a, y, shipId } = await launchedShip()
    const [cashA, cashY] = [(await money(a)).cash, (await money(y)).cash]
    const out = await call('ships.sell', { shipId, price: 9_999 })
    const [pa, py] = splitByShares(9_999, [60, 40])
    expect(out).toEqual({
      shipId,
      proceeds: [
        { ownerId: a, name: 'Allende', amount: pa },
        { ownerId: y, name: 'Yngvild', amount: py }
      ]
    })
    expect(pa! + py!).toBe(9_999)
    expect((await money(a)).cash).toBe(cashA + pa!)
    expect((await money(y)).cash).toBe(cashY + py!)
    expect(lastSummary()).toBe(`Sold the Santa Lucia to the outside world for 9,999 G (Allende ${pa!.toLocaleString('en')}, Yngvild ${py!.toLocaleString('en')})`)

    const tx = (await call('ledger.history', { ownerId: a, limit: 1, offset: 0 })).transactions[0]!
    expect(tx).toMatchObject({ command: 'ships.sell', memo: 'Sale of the Santa Lucia to the outside world' })
    expect(tx.lines.map((l) => [l.ownerId, l.amount])).toEqual([
      [WORLD_OWNER_ID, -9_999],
      [a, pa],
      [y, py]
    ])

    const ship = await call('ships.get', { shipId })
    expect(ship.status).toBe('sold')
    expect(ship.owners).toEqual([{ ownerId: WORLD_OWNER_ID, name: 'The outside world', share: 100 }])
    expect(ship.history.at(-1)!.text).toBe('Sold by Allende (60%) and Yngvild (40%) to the outside world for 9,999 G')

    const again = await refusedWithoutChange('ships.sell', { shipId, price: 1 })
    expect(again).toEqual({ code: 'rule', message: 'The Santa Lucia was already sold, so it cannot be sold.', details: { status: 'sold' } })
    expect((await refusedWithoutChange('ships.scuttle', { shipId })).message).toBe('The Santa Lucia was already sold, so it cannot be scuttled.')
  })

  it('to a joint owner: the buyer pays the others their shares (checked against their cash) and owns the whole ship', async () => {
    const { a, y, shipId } = await launchedShip()
    const [cashA, cashY] = [(await money(a)).cash, (await money(y)).cash]
    const out = await call('ships.sell', { shipId, price: 20_000, buyerId: a })
    expect(out.proceeds).toEqual([
      { ownerId: a, name: 'Allende', amount: 12_000 },
      { ownerId: y, name: 'Yngvild', amount: 8_000 }
    ])
    // Allende's own 60% stays in her purse: she pays Yngvild's 8,000.
    expect((await money(a)).cash).toBe(cashA - 8_000)
    expect((await money(y)).cash).toBe(cashY + 8_000)
    const ship = await call('ships.get', { shipId })
    expect(ship.status).toBe('port')
    expect(ship.owners).toEqual([{ ownerId: a, name: 'Allende', share: 100 }])
    expect(lastSummary()).toBe('Sold the Santa Lucia to Allende for 20,000 G (Allende 12,000, Yngvild 8,000)')
    // She already owns all of it now.
    expect((await refusedWithoutChange('ships.sell', { shipId, price: 5, buyerId: a })).message).toBe('Allende already owns the whole of the Santa Lucia.')
  })

  it('to another character: they pay the whole price, the sellers share it', async () => {
    const { a, y, shipId } = await launchedShip()
    const m = await owner('Marcel', 5_000)
    await call('ships.sell', { shipId, price: 5_000, buyerId: m })
    expect(await money(m)).toEqual({ cash: 0, shipFund: 0 })
    expect((await call('ships.get', { shipId })).owners).toEqual([{ ownerId: m, name: 'Marcel', share: 100 }])
    expect((await call('ledger.history', { ownerId: y, limit: 1, offset: 0 })).transactions[0]!.lines.map((l) => [l.ownerId, l.amount])).toEqual([
      [m, -5_000],
      [a, 3_000],
      [y, 2_000]
    ])
  })

  it('a buyer who cannot pay is refused naming the shortfall; nothing written', async () => {
    const { shipId } = await launchedShip()
    const m = await owner('Marcel', 100)
    const err = await refusedWithoutChange('ships.sell', { shipId, price: 5_000, buyerId: m })
    expect(err.code).toBe('rule')
    expect(err.message).toBe('Marcel has 100 G of cash but this needs 5,000: 4,900 short.')
  })

  it('an unknown ship or buyer → not_found; a negative price → invalid_input', async () => {
    const { shipId } = await launchedShip()
    expect((await refusedWithoutChange('ships.sell', { shipId: 77, price: 1 })).code).toBe('not_found')
    expect(await refusedWithoutChange('ships.sell', { shipId, price: 1, buyerId: 99 })).toEqual({
      code: 'not_found',
      message: 'buyerId: there is no owner with id 99.',
      details: { field: 'buyerId' }
    })
    expect((await refusedWithoutChange('ships.sell', { shipId, price: -1 })).code).toBe('invalid_input')
  })

  it('undo of a sale gives the money and the ship back', async () => {
    const { shipId } = await launchedShip()
    const before = dumpCampaign(db())
    await call('ships.sell', { shipId, price: 12_345 })
    await call('history.undo')
    expect(dumpCampaign(db())).toEqual(before)
  })
})

describe('ships.scuttle', () => {
  it('the ship is gone but stays in the books and the history', async () => {
    const { a, shipId } = await launchedShip()
    const cash = (await money(a)).cash
    await call('clock.advance', { days: 3 })
    const out = await call('ships.scuttle', { shipId })
    expect(out).toMatchObject({ id: shipId, status: 'scuttled', name: 'Santa Lucia' })
    expect((await money(a)).cash).toBe(cash)
    expect(lastSummary()).toMatch(/^Scuttled the Santa Lucia on \w+, \d+ Quartus 1668 AV$/)
    const ship = await call('ships.get', { shipId })
    expect(ship.history.at(-1)!.text).toBe('Scuttled')
    expect(ship.owners.map((o) => o.share)).toEqual([60, 40])
    expect(await refusedWithoutChange('ships.scuttle', { shipId })).toEqual({
      code: 'rule',
      message: 'The Santa Lucia was already scuttled, so it cannot be scuttled.',
      details: { status: 'scuttled' }
    })
    expect((await refusedWithoutChange('ships.sell', { shipId, price: 10 })).message).toBe('The Santa Lucia was already scuttled, so it cannot be sold.')
  })

  it('an unknown ship → not_found', async () => {
    expect((await refusedWithoutChange('ships.scuttle', { shipId: 3 })).code).toBe('not_found')
  })
})
