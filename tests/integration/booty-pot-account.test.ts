/**
 * Issue 16 point 2: a ship's booty pot is its own ledger account (seed 003 VII "Of the Rewards of a
 * Pirate's Life", BOOTY: booty "is split into shares for a ship's crew, according to the Articles").
 * Prize money waits in the pot, not in the owners' cash: an owner cannot spend it on anything else,
 * only booty.divide (or the GM's explicit booty.withdraw) draws on it.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { WORLD_OWNER_ID } from '../../src/main/campaign-core/ledger'
import { failureOf, makeClock, makeSession, openSeededCampaign, shipDesign, type TestSession } from '../helpers'

let t: TestSession

beforeEach(async () => {
  t = makeSession({ now: makeClock('2026-06-01T12:00:00.000Z').now })
  await openSeededCampaign(t, { seed: 9, name: 'Booty Test' })
})
afterEach(async () => {
  await t.cleanup()
})

const db = () => t.session.campaign!.db
const call = ((name: string, input: unknown = {}) => t.door.call(name as never, input)) as typeof t.door.call
const fail = (name: string, input: unknown) => failureOf(t.door, name, input)
const cash = async (ownerId: number) => (await call('ledger.balance', { ownerId })).cash
/** Every ledger transaction sums to zero (no money made or lost by posting); a booty pot's account is cash set aside. */
const unbalanced = () =>
  db()
    .prepare(
      `SELECT tx_id AS tx, SUM(amount) AS n FROM ledger_line GROUP BY tx_id, CASE account WHEN 'shipFund' THEN 'shipFund' ELSE 'cash' END HAVING SUM(amount) <> 0`
    )
    .all() as { tx: number; n: number }[]
const potRows = (shipId: number) => (db().prepare(`SELECT COALESCE(SUM(amount), 0) AS n FROM booty_entry WHERE ship_id = ?`).get(shipId) as { n: number }).n

async function person(name: string, opts: { kind?: 'pc' | 'npc'; money?: number } = {}) {
  const p = await call('people.create', { name, kind: opts.kind ?? 'pc', knacks: {} })
  if (opts.money) await call('ledger.grant', { ownerId: p.ownerId, amount: opts.money, memo: 'Purse' })
  return p
}

async function launched(hull: Parameters<typeof shipDesign>[0], owners: { ownerId: number; share: number }[], name: string) {
  const out = await call('ships.commission', { design: shipDesign(hull), name, owners })
  const today = (await call('clock.now')).day
  if (out.launchDay > today) await call('clock.advance', { days: out.launchDay - today })
  return out.shipId
}

/** A generated merchantman strikes to `captor`; her prize owners may be named (default: the captor's). */
async function takePrize(captor: number, prizeOwners?: { ownerId: number; share: number }[]) {
  const { battleId } = await call('battles.start', {
    participants: [
      { shipId: captor, side: 'Brethren', crewKind: 'pirate', control: 'gm' },
      { generate: { hull: 'merchantman', armament: 'light', nation: 'Montaigne', name: 'Belle Marie' }, side: 'Montaigne', control: 'gm' }
    ],
    range: 'long',
    seed: 77
  })
  await call('battles.orders', { battleId, participantId: 'gen-1', orders: { tactic: 'circle', strike: true } })
  await call('battles.resolveTurn', { battleId })
  const review = await call('battles.review', { battleId })
  const lines = review.lines.map((l) => (l.participantId === 'gen-1' && prizeOwners ? { ...l, prizeOwners } : l))
  const out = await call('battles.conclude', { battleId, lines })
  return { battleId, prizeId: out.applied.find((a) => a.participantId === 'gen-1')!.shipId! }
}

describe("seed 003 VII Of the Rewards of a Pirate's Life, BOOTY: the booty pot is an account of its own", () => {
  it('an owner spends all his cash after a prize sale and the pot can still be divided in full', async () => {
    const marcel = await person('Marcel', { money: 30_000 })
    const haven = await call('ports.create', { name: 'La Bucca', colonial: true, pirateHaven: true })
    const wolf = await launched('corsair', [{ ownerId: marcel.ownerId, share: 100 }], 'Sea Wolf')
    await call('crew.configure', { shipId: wolf, kind: 'privateer' })
    await call('crew.hire', { houseRule: true, shipId: wolf, sailors: 10, officers: [{ role: 'captain', personId: marcel.id, wage: 0 }] })
    const { prizeId } = await takePrize(wolf)
    await call('booty.rollPrizeHold', { shipId: prizeId, dice: [4, 1, 2, 2, 5, 5] })
    await call('trade.enterHaven', { shipId: prizeId, portId: haven.id })
    const before = await cash(marcel.ownerId)
    const sale = await call('trade.sell', { shipId: prizeId, cargo: 'silver', tons: 8, dice: [5] })
    expect(sale.booty).toMatchObject({ shipId: wolf, amount: 16_000, pot: 16_000 })
    // The prize money is not Marcel's cash: he spends everything he has on something else.
    const all = await cash(marcel.ownerId)
    await call('ledger.transfer', { from: marcel.ownerId, to: WORLD_OWNER_ID, amount: all, memo: 'A charter' })
    expect(all).toBe(before)
    expect(await cash(marcel.ownerId)).toBe(0)
    expect((await fail('ledger.transfer', { from: marcel.ownerId, to: WORLD_OWNER_ID, amount: 1, memo: 'More' })).code).toBe('rule')
    // The pot is still whole and is divided.
    expect((await call('booty.get', { shipId: wolf })).pot).toBe(16_000)
    const div = await call('booty.divide', { shipId: wolf, heroic: [] })
    expect(div.amount).toBe(16_000)
    expect(div.pot).toBe(0)
    expect(unbalanced()).toEqual([])
    // Undo gives the pot back.
    await call('history.undo')
    expect((await call('booty.get', { shipId: wolf })).pot).toBe(16_000)
    expect(await cash(marcel.ownerId)).toBe(0)
  })

  it('the GM may take money out of a pot explicitly (booty.withdraw), never more than it holds', async () => {
    const marcel = await person('Marcel', { money: 30_000 })
    const wolf = await launched('corsair', [{ ownerId: marcel.ownerId, share: 100 }], 'Sea Wolf')
    await call('crew.configure', { shipId: wolf, kind: 'pirate' })
    const purse = await cash(marcel.ownerId)
    // Seed 003 VII: a town of one small fort, taken: ransom 1k1 5 × 1,000 + 1,500 = 6,500, into the pot.
    const town = await call('booty.town', { shipId: wolf, town: 'Puerto Chico', forts: { small: 1 }, fortsTaken: { small: 1 }, dice: [1, 8, 8, 3, 5, 2] })
    expect(town.pot).toBe(6_500)
    expect(await cash(marcel.ownerId)).toBe(purse)
    const tooMuch = await fail('booty.withdraw', { shipId: wolf, to: marcel.ownerId, amount: 6_501, memo: 'Too much' })
    expect(tooMuch.code).toBe('rule')
    expect(tooMuch.message).toMatch(/booty pot holds 6,500 .* 1 short/)
    const out = await call('booty.withdraw', { shipId: wolf, to: marcel.ownerId, amount: 1_500, memo: 'An advance on his share' })
    expect(out.pot).toBe(5_000)
    expect(await cash(marcel.ownerId)).toBe(purse + 1_500)
    expect((await call('booty.pots')).find((p) => p.shipId === wolf)!.pot).toBe(5_000)
    expect(unbalanced()).toEqual([])
    await call('history.undo')
    expect((await call('booty.get', { shipId: wolf })).pot).toBe(6_500)
    expect(await cash(marcel.ownerId)).toBe(purse)
  })
})
