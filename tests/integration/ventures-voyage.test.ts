/**
 * A trading voyage keeps its accounts on the way (issue 8; seed 003 "VIII. Of Sea Trade": "a trading
 * voyage keeps its accounts: cargo bought, cargo sold, passengers, port costs, wages and food on the
 * way"; passengers' fares from seed 003 VIII / the passengers table, wages and food from seed 003 I.2
 * through the monthly upkeep): the sample's Santa Lucia, held 60/40 by Allende and Yngvild, sails
 * with an open venture — provisions bought, wages charged at sea, fares paid on arrival all enter the
 * venture (the ledger is not touched twice), the venture and the voyage are linked both ways, and the
 * close splits the profit with these costs, taking the fares back from the owners who hold them.
 */
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { buildSampleCampaign } from '../../resources/sample/tortuga-run'
import { dateOf } from '../../src/shared/calendar'
import { getRule } from '../../src/main/campaign-core/rules'
import { WORLD_OWNER_ID } from '../../src/main/campaign-core/ledger'
import { makeSession, makeTempDir, type TestSession } from '../helpers'
import type { Voyage } from '../../src/shared/commands/voyages'

let t: TestSession
let path: string
beforeEach(async () => {
  path = join(makeTempDir('quarterdeck-venture-voyage-'), 'ventures.quarterdeck')
  await buildSampleCampaign(path)
  t = makeSession()
  await t.door.call('campaigns.open', { path })
})
afterEach(async () => {
  await t.cleanup()
})

const db = () => t.session.campaign!.db
const call = ((name: string, input: unknown = {}) => t.door.call(name as never, input)) as typeof t.door.call
const txLines = (txId: number) =>
  db().prepare(`SELECT owner_id AS ownerId, amount FROM ledger_line WHERE tx_id = ? ORDER BY id`).all(txId) as { ownerId: number; amount: number }[]
const txCount = () => (db().prepare(`SELECT COUNT(*) AS n FROM ledger_tx`).get() as { n: number }).n

async function sample() {
  const ships = await call('ships.list')
  const ports = await call('ports.list')
  const owners = await call('owners.list')
  const owner = (n: string) => owners.find((o) => o.name.startsWith(n))!.id
  return {
    santaLucia: ships.find((s) => s.name === 'Santa Lucia')!.id,
    port: (n: string) => ports.find((p) => p.name === n)!.id,
    allende: owner('Allende'),
    yngvild: owner('Yngvild')
  }
}

/** Move the clock to `before` days ahead of the next first of a month. */
async function toMonthEnd(before: number) {
  const cal = getRule(db(), 'calendar')
  const today = (await call('clock.now')).day
  let d = today + 1
  while (dateOf(cal, d).dayOfMonth !== 1) d++
  if (d - before > today) await call('clock.advance', { days: d - before - today })
  return d
}

async function sailToArrival(voyageId: number) {
  // A sail answers with the voyage without its log (voyages.get has it).
  let v: Voyage = await call('voyages.get', { voyageId })
  for (let i = 0; i < 40 && v.status === 'atSea'; i++) {
    const out = await call('voyages.sail', { voyageId })
    v = out.voyage
    if (out.stop === 'encounter') v = (await call('voyages.resolveEncounter', { voyageId, choice: 'pass' })).voyage
    else if (out.stop === 'event') v = (await call('voyages.avoidEvent', { voyageId, players: 1 }))
  }
  expect(v.status).toBe('arrived')
  return v
}

describe('seed 003 VIII Of Sea Trade: a trading voyage keeps its accounts — wages and food on the way, passengers', () => {
  it('enters provisions, wages at sea and fares paid on arrival in the open venture, links its voyage both ways, and splits the profit with them', async () => {
    const s = await sample()
    // Deep purses: every upkeep is paid in full.
    await call('ledger.grant', { ownerId: s.allende, amount: 50_000, memo: 'Casa Zepeda' })
    await call('ledger.grant', { ownerId: s.yngvild, amount: 50_000, memo: 'Casa Zepeda' })
    const firstOfMonth = await toMonthEnd(3)

    const venture = await call('trade.openVenture', { shipId: s.santaLucia })
    expect(await call('ventures.voyages', { ventureId: venture.id })).toEqual([])

    // Provisions bought in port (seed 003 I.2: 4 G a crew member a month): food of the venture, already paid by the owners.
    const tx0 = txCount()
    const prov = await call('ships.provision', { shipId: s.santaLucia, months: 1 })
    expect(txCount()).toBe(tx0 + 1)
    let v = await call('trade.venture', { ventureId: venture.id })
    expect(v.entries).toEqual([expect.objectContaining({ kind: 'food', amount: -prov.cost, payerId: null })])
    expect(v.entries[0]!.memo).toMatch(/Provisions for 1 month for the Santa Lucia/)

    // Sail for La Bucca with 10 passengers: the voyage is sailed for the venture.
    const started = await call('voyages.start', { shipIds: [s.santaLucia], route: [s.port('San Cristóbal'), s.port('La Bucca')], passengers: 10, dice: [5] })
    const linked = await call('ventures.voyages', { ventureId: venture.id })
    expect(linked).toEqual([expect.objectContaining({ voyageId: started.id, name: started.name, status: 'atSea', wages: 0, food: 0, passengers: 0 })])
    const ofVoyage = await call('ventures.ofVoyage', { voyageId: started.id })
    expect(ofVoyage).toEqual([expect.objectContaining({ ventureId: venture.id, shipName: 'Santa Lucia', status: 'open', entries: [] })])

    const arrived = await sailToArrival(started.id)
    expect((await call('clock.now')).day).toBeGreaterThanOrEqual(firstOfMonth)
    expect(arrived.passengers.paid).toBe(true)

    // The monthly upkeep at sea: wages, and food only for the days she lay in port that month (seed 003 I.2, by the
    // days eaten: at sea the crew eats provisions), charged once in the ledger and entered in the venture.
    const upkeep = db()
      .prepare(`SELECT id FROM ledger_tx WHERE memo LIKE 'Monthly upkeep of the Santa Lucia%' AND day >= ? ORDER BY id`)
      .all(firstOfMonth) as { id: number }[]
    expect(upkeep.length).toBeGreaterThanOrEqual(1)
    const charged = txLines(upkeep[0]!.id)
      .filter((l) => l.ownerId === s.allende || l.ownerId === s.yngvild)
      .reduce((n, l) => n - l.amount, 0)
    expect(charged).toBeGreaterThan(0)
    v = await call('trade.venture', { ventureId: venture.id })
    const onVoyage = new Set((db().prepare(`SELECT id FROM venture_entry WHERE voyage_id = ?`).all(started.id) as { id: number }[]).map((r) => r.id))
    const wages = v.entries.filter((e) => e.kind === 'wages' && onVoyage.has(e.id))
    const food = v.entries.filter((e) => e.kind === 'food' && onVoyage.has(e.id) && /monthly upkeep/.test(e.memo))
    expect(wages.length).toBeGreaterThanOrEqual(1)
    expect(wages[0]).toMatchObject({ payerId: null })
    expect(wages[0]!.amount + (food[0]?.amount ?? 0)).toBe(-charged)
    expect(wages[0]!.memo).toMatch(/Monthly wages/)

    // The fares (10 passengers × 1,416 nm at 1 G per 40 nm) were paid to the owners 60/40 and are the venture's income, held by them.
    const fare = arrived.passengers.fare
    const fares = v.entries.filter((e) => e.kind === 'passengers')
    expect(fares.map((e) => [e.payerId, e.amount])).toEqual([
      [s.allende, Math.round(fare * 0.6)],
      [s.yngvild, fare - Math.round(fare * 0.6)]
    ])
    expect(fares.every((e) => onVoyage.has(e.id))).toBe(true)
    expect(db().prepare(`SELECT COUNT(*) AS n FROM ledger_tx WHERE memo LIKE 'Passenger fares%'`).get()).toEqual({ n: 1 })

    // Linked both ways, with the voyage's wages and fares.
    const [link] = await call('ventures.voyages', { ventureId: venture.id })
    // Food on the voyage: only what the upkeep bought ashore for that month's days in port before she sailed.
    expect(link).toMatchObject({ voyageId: started.id, status: 'arrived', passengers: fare, food: food.reduce((n, e) => n + e.amount, 0) })
    expect(link!.wages).toBe(wages.filter((e) => onVoyage.has(e.id)).reduce((n, e) => n + e.amount, 0))
    const [seen] = await call('ventures.ofVoyage', { voyageId: started.id })
    expect(seen!.onVoyage.income).toBe(fare)
    expect(seen!.onVoyage.costs).toBe(-link!.wages - link!.food)
    expect(seen!.entries.map((e) => e.kind)).toEqual(expect.arrayContaining(['wages', 'passengers']))

    // Close: income = the fares; costs = provisions + wages.
    v = await call('trade.venture', { ventureId: venture.id })
    const income = v.totals.income
    const costs = v.totals.costs
    expect(income).toBe(fare)
    expect(costs).toBe(-v.entries.filter((e) => e.amount < 0).reduce((n, e) => n + e.amount, 0))
    expect(costs).toBeGreaterThanOrEqual(prov.cost + charged)
    const closed = await call('trade.closeVenture', { ventureId: venture.id })
    expect(closed.totals).toEqual({ income, costs, profit: income - costs })
    const lines = txLines(closed.ledgerTxId!)
    const net = (id: number) => lines.filter((l) => l.ownerId === id).reduce((n, l) => n + l.amount, 0)
    const splitOf = (id: number) => closed.split.filter((l) => l.ownerId === id).reduce((n, l) => n + l.amount, 0)
    // The owners hold the fares already: each gives back what they hold and receives their lines of the split.
    expect(net(s.allende)).toBe(splitOf(s.allende) - fares[0]!.amount)
    expect(net(s.yngvild)).toBe(splitOf(s.yngvild) - fares[1]!.amount)
    // Nothing comes from the outside world: all the income was held.
    expect(net(WORLD_OWNER_ID)).toBe(splitOf(WORLD_OWNER_ID))
    expect(closed.split.reduce((n, l) => n + l.amount, 0)).toBe(income)
  })

  it('opened at sea: the voyage is linked; income still to come is paid by the outside world at the close, held fares by their holders; the profit is split after the wages', async () => {
    const s = await sample()
    await call('ledger.grant', { ownerId: s.allende, amount: 50_000, memo: 'Casa Zepeda' })
    await call('ledger.grant', { ownerId: s.yngvild, amount: 50_000, memo: 'Casa Zepeda' })
    await toMonthEnd(2)
    const started = await call('voyages.start', { shipIds: [s.santaLucia], route: [s.port('San Cristóbal'), s.port('La Bucca')], passengers: 200, dice: [5] })
    // Opened at sea: the voyage she is on is sailed for it.
    const venture = await call('trade.openVenture', { shipId: s.santaLucia })
    expect((await call('ventures.voyages', { ventureId: venture.id })).map((x) => x.voyageId)).toEqual([started.id])
    const arrived = await sailToArrival(started.id)
    const fare = arrived.passengers.fare
    // Income recorded by hand stays on the venture (no money moves until the close).
    const rec = await call('trade.recordVenture', { ventureId: venture.id, kind: 'passengers', amount: 500, memo: 'Deck passengers, cash at the close' })
    const v = await call('trade.venture', { ventureId: venture.id })
    const held = v.entries.filter((e) => e.kind === 'passengers' && e.payerId !== null).reduce((n, e) => n + e.amount, 0)
    expect(held).toBe(fare)
    expect(rec.totals.income).toBe(fare + 500)
    const closed = await call('trade.closeVenture', { ventureId: venture.id })
    const lines = txLines(closed.ledgerTxId!)
    const net = (id: number) => lines.filter((l) => l.ownerId === id).reduce((n, l) => n + l.amount, 0)
    const splitOf = (id: number) => closed.split.filter((l) => l.ownerId === id).reduce((n, l) => n + l.amount, 0)
    // The outside world pays only the income not yet paid (the 500), and receives its lines (expenses, a hired mate).
    expect(net(WORLD_OWNER_ID)).toBe(splitOf(WORLD_OWNER_ID) - 500)
    const fares = v.entries.filter((e) => e.kind === 'passengers' && e.payerId !== null)
    for (const f of fares) expect(net(f.payerId!)).toBe(splitOf(f.payerId!) - f.amount)
    // The wages charged at sea are costs of the voyage, paid back before the profit is split (owners 45%, captain 30%, mate 5%, expenses 20%).
    expect(v.entries.some((e) => e.kind === 'wages')).toBe(true)
    expect(closed.totals.profit).toBeGreaterThan(0)
    const by = (role: string) => closed.split.filter((l) => l.role === role).reduce((n, l) => n + l.amount, 0)
    expect(by('costs')).toBe(closed.totals.costs)
    expect(by('captain') + by('firstMate') + by('owners') + by('expenses')).toBe(closed.totals.profit)
    expect(Math.abs(by('captain') - closed.totals.profit * 0.3)).toBeLessThanOrEqual(1)
  })

  it('an owner short of cash: what each owner paid is entered against them (paid back at the close); what was owed to the crew is noted, not entered', async () => {
    const s = await sample()
    await call('ledger.grant', { ownerId: s.allende, amount: 50_000, memo: 'Casa Zepeda' })
    const yCash = (await call('ledger.balance', { ownerId: s.yngvild })).cash
    if (yCash > 0) await call('ledger.transfer', { from: s.yngvild, to: s.allende, amount: yCash, memo: 'Everything to the Casa' })
    await toMonthEnd(2)
    const venture = await call('trade.openVenture', { shipId: s.santaLucia })
    const started = await call('voyages.start', { shipIds: [s.santaLucia], route: [s.port('San Cristóbal'), s.port('La Bucca')], passengers: 0, dice: [5] })
    await sailToArrival(started.id)
    const upkeep = db().prepare(`SELECT id FROM ledger_tx WHERE memo LIKE 'Monthly upkeep of the Santa Lucia%' ORDER BY id DESC LIMIT 1`).get() as { id: number }
    const allendePaid = -txLines(upkeep.id).filter((l) => l.ownerId === s.allende).reduce((n, l) => n + l.amount, 0)
    expect(allendePaid).toBeGreaterThan(0)
    expect(txLines(upkeep.id).some((l) => l.ownerId === s.yngvild)).toBe(false)
    const v = await call('trade.venture', { ventureId: venture.id })
    const wages = v.entries.filter((e) => e.kind === 'wages')
    const food = v.entries.filter((e) => e.kind === 'food' && /monthly upkeep/.test(e.memo))
    expect(wages.every((e) => e.payerId === s.allende)).toBe(true)
    expect([...wages, ...food].reduce((n, e) => n + e.amount, 0)).toBe(-allendePaid)
    expect(wages[0]!.memo).toMatch(/unpaid, owed to the crew/)
    expect((await call('crew.get', { shipId: s.santaLucia })).owed).toBeGreaterThan(0)
    // At the close Allende alone gets the costs back.
    const closed = await call('trade.closeVenture', { ventureId: venture.id })
    expect(closed.split.filter((l) => l.role === 'loss' || l.role === 'costs').map((l) => l.ownerId)).toEqual([s.allende])
  })
})
