/**
 * A prize's cargo is her captor's booty (issue 8; seed 003 "VII. Of the Rewards of a Pirate's Life",
 * BOOTY: "When a pirate or privateer successfully takes a ship or coastal town, there may be booty.
 * Booty is split into shares for a ship's crew, according to the Articles" and "Cargo may be sold at
 * pirate haven, for normal prices"; seed 003 "Of Ship Construction" 2. CREW: "Aboard pirate and
 * privateer vessels, these costs are subtracted from booty"), through the one door with hand-entered
 * dice. The books: every booty entry goes with the ledger transaction paying the pot ship's owners,
 * so the ledger balances and the pot never holds money nobody was paid.
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

describe("seed 003 VII Of the Rewards of a Pirate's Life, BOOTY: a pirate's prize's cargo sold at a haven is the captor's booty", () => {
  it('records the captor, books the sale into her pot (paid to her owners, not the prize’s), and divides the pot without an amount', async () => {
    const marcel = await person('Marcel', { money: 30_000 })
    const jean = await person('Jean the Quartermaster', { money: 500 })
    const bosun = await person('Bosun', { kind: 'npc' })
    const haven = await call('ports.create', { name: 'Tortuga', colonial: true, pirateHaven: true })
    const wolf = await launched('corsair', [{ ownerId: marcel.ownerId, share: 100 }], 'Sea Wolf')
    await call('crew.configure', { shipId: wolf, kind: 'pirate' })
    await call('crew.hire', { houseRule: true, shipId: wolf, sailors: 10, officers: [{ role: 'captain', personId: marcel.id, wage: 0 }, { role: 'boatswain', personId: bosun.id }] })
    // The GM hands the prize herself to Jean: her cargo is still the Sea Wolf's booty.
    const { battleId, prizeId } = await takePrize(wolf, [{ ownerId: jean.ownerId, share: 100 }])

    const prizeBooty = await call('booty.get', { shipId: prizeId })
    expect(prizeBooty.captor).toMatchObject({ shipId: wolf, name: 'Sea Wolf', kind: 'pirate', battleId })
    expect(prizeBooty.bootyTo).toMatchObject({ shipId: wolf, shipName: 'Sea Wolf', pot: 0 })
    expect((await call('booty.get', { shipId: wolf })).prizes).toEqual([{ shipId: prizeId, name: 'Belle Marie', status: 'sea' }])

    // Her hold (merchantman: textiles 10 t, silver 10 t), the haven's 20%, silver sold at the colonies' 2,000 on a normal demand 5.
    await call('booty.rollPrizeHold', { shipId: prizeId, dice: [4, 1, 2, 2, 5, 5] })
    await call('trade.enterHaven', { shipId: prizeId, portId: haven.id })
    const marcelBefore = await cash(marcel.ownerId)
    const jeanBefore = await cash(jean.ownerId)
    const worldBefore = await cash(WORLD_OWNER_ID)
    const sale = await call('trade.sell', { shipId: prizeId, cargo: 'silver', tons: 8, dice: [5] })
    expect(sale.price.total).toBe(16_000)
    expect(sale.booty).toEqual({ shipId: wolf, shipName: 'Sea Wolf', kind: 'pirate', amount: 16_000, pot: 16_000 })
    // Paid into the Sea Wolf's booty pot, its own account (issue 16 point 2), not her owner's cash.
    expect(sale.paid).toEqual([])
    expect(await cash(marcel.ownerId)).toBe(marcelBefore)
    expect(await cash(jean.ownerId)).toBe(jeanBefore)
    expect(await cash(WORLD_OWNER_ID)).toBe(worldBefore - 16_000)
    expect(potRows(prizeId)).toBe(0)
    const wolfBooty = await call('booty.get', { shipId: wolf })
    expect(wolfBooty.pot).toBe(16_000)
    expect(wolfBooty.holders).toEqual([{ ownerId: marcel.ownerId, name: 'Marcel', share: 100 }])
    expect(wolfBooty.entries[0]).toMatchObject({ amount: 16_000 })
    expect(wolfBooty.entries[0]!.memo).toMatch(/Silver, 8 t sold .* by the Belle Marie at Tortuga, a prize of the Sea Wolf/)
    // The ledger's line names where the money went.
    const tx = (await call('ledger.history', { limit: 5 })).transactions.find((x) => x.lines.some((l) => l.account === 'booty' && l.amount === 16_000))!
    expect(tx.memo).toMatch(/booty of the Sea Wolf/)
    expect(tx.lines.find((l) => l.account === 'booty')).toMatchObject({ shipId: wolf, ownerName: 'Booty pot of the Sea Wolf' })
    expect(unbalanced()).toEqual([])

    // Textiles sold the same visit (2 t of 8: 900 × 2 on a demand 1, −20% = 1,440) add to the pot.
    const more = await call('trade.sell', { shipId: prizeId, cargo: 'textiles', tons: 2, dice: [1] })
    expect(more.booty).toMatchObject({ shipId: wolf, amount: 1_440, pot: 17_440 })

    // Divided from the pot with no amount typed: the crew's owed pay first (pirates: from booty), then the articles.
    db().prepare(`UPDATE ship_company SET owed = 440 WHERE ship_id = ?`).run(wolf)
    const beforeDivide = await cash(marcel.ownerId)
    const div = await call('booty.divide', { shipId: wolf })
    expect(div).toMatchObject({ amount: 17_440, owedPaid: 440, divided: 17_000, pot: 0 })
    const mine = div.lines.find((l) => l.name === 'Marcel')!.amount
    expect(await cash(marcel.ownerId)).toBe(beforeDivide + mine)
    expect(potRows(wolf)).toBe(0)
    expect(unbalanced()).toEqual([])
    // The pot's history: two sales in, one division out.
    expect((await call('booty.get', { shipId: wolf })).entries.map((e) => e.amount)).toEqual([-17_440, 1_440, 16_000])
    expect((await fail('booty.divide', { shipId: wolf })).message).toMatch(/no booty to divide/)
  })

  it('undoing the sale takes the money and the pot entry back together', async () => {
    const marcel = await person('Marcel', { money: 30_000 })
    const haven = await call('ports.create', { name: 'La Bucca', colonial: true, pirateHaven: true })
    const wolf = await launched('corsair', [{ ownerId: marcel.ownerId, share: 100 }], 'Sea Wolf')
    await call('crew.configure', { shipId: wolf, kind: 'privateer' })
    const { prizeId } = await takePrize(wolf)
    await call('booty.rollPrizeHold', { shipId: prizeId, dice: [4, 1, 2, 2, 5, 5] })
    await call('trade.enterHaven', { shipId: prizeId, portId: haven.id })
    const before = await cash(marcel.ownerId)
    const sale = await call('trade.sell', { shipId: prizeId, cargo: 'silver', tons: 8, dice: [5] })
    expect(sale.booty).toMatchObject({ shipId: wolf, kind: 'privateer', amount: 16_000 })
    expect(potRows(wolf)).toBe(16_000)
    await call('history.undo')
    expect(potRows(wolf)).toBe(0)
    expect(await cash(marcel.ownerId)).toBe(before)
  })

  it('a merchantman’s prize is no booty: her owners are paid as before; the GM may name or clear a captor', async () => {
    const allende = await person('Allende', { money: 30_000 })
    const marcel = await person('Marcel', { money: 30_000 })
    const port = await call('ports.create', { name: 'Puerto Dorado', colonial: true })
    const lucia = await launched('merchantman', [{ ownerId: allende.ownerId, share: 100 }], 'Santa Lucia')
    const { prizeId } = await takePrize(lucia)
    expect((await call('booty.get', { shipId: prizeId })).captor).toMatchObject({ shipId: lucia, kind: 'merchant' })
    expect((await call('booty.get', { shipId: prizeId })).bootyTo).toBeNull()
    await call('booty.rollPrizeHold', { shipId: prizeId, dice: [4, 1, 2, 2, 5, 5] })
    await call('ships.moveTo', { shipId: prizeId, portId: port.id })
    const sale = await call('trade.sell', { shipId: prizeId, cargo: 'silver', tons: 1, dice: [5] })
    expect(sale.booty).toBeNull()
    expect(sale.paid).toEqual([{ ownerId: allende.ownerId, name: 'Allende', amount: 2_000 }])
    expect(potRows(lucia) + potRows(prizeId)).toBe(0)

    // The GM says the pirate Sea Wolf took her after all: her next sale is the Wolf's booty.
    const wolf = await launched('corsair', [{ ownerId: marcel.ownerId, share: 100 }], 'Sea Wolf')
    await call('crew.configure', { shipId: wolf, kind: 'pirate' })
    const set = await call('booty.setCaptor', { shipId: prizeId, captorId: wolf })
    expect(set.captor).toMatchObject({ shipId: wolf, name: 'Sea Wolf', battleId: null })
    const again = await call('trade.sell', { shipId: prizeId, cargo: 'silver', tons: 1, dice: [] })
    expect(again.booty).toMatchObject({ shipId: wolf, amount: 2_000, pot: 2_000 })
    expect(again.paid).toEqual([])
    // Refused: herself, a missing ship, a ring of captors.
    expect((await fail('booty.setCaptor', { shipId: prizeId, captorId: prizeId })).code).toBe('invalid_input')
    expect((await fail('booty.setCaptor', { shipId: prizeId, captorId: 9999 })).code).toBe('not_found')
    expect((await fail('booty.setCaptor', { shipId: wolf, captorId: prizeId })).message).toMatch(/herself a prize of the Sea Wolf/)
    // Cleared: her owners are paid again.
    expect((await call('booty.setCaptor', { shipId: prizeId, captorId: null })).captor).toBeNull()
    const last = await call('trade.sell', { shipId: prizeId, cargo: 'silver', tons: 1, dice: [] })
    expect(last.booty).toBeNull()
    expect(last.paid[0]).toMatchObject({ ownerId: allende.ownerId, amount: 2_000 })
    expect(unbalanced()).toEqual([])
  })

  it('a campaign ship that strikes to a privateer becomes her prize (the captor recorded on concluding)', async () => {
    const marcel = await person('Marcel', { money: 30_000 })
    const allende = await person('Allende', { money: 30_000 })
    const wolf = await launched('corsair', [{ ownerId: marcel.ownerId, share: 100 }], 'Sea Wolf')
    await call('crew.configure', { shipId: wolf, kind: 'privateer' })
    const lucia = await launched('merchantman', [{ ownerId: allende.ownerId, share: 100 }], 'Santa Lucia')
    const { battleId } = await call('battles.start', {
      participants: [
        { shipId: wolf, side: 'Brethren', crewKind: 'pirate', control: 'gm' },
        { shipId: lucia, side: 'Vendel', control: 'gm' }
      ],
      range: 'long',
      seed: 77
    })
    const review0 = await call('battles.review', { battleId })
    const luciaPart = review0.lines.find((l) => l.shipId === lucia)!.participantId
    await call('battles.orders', { battleId, participantId: luciaPart, orders: { tactic: 'circle', strike: true } })
    await call('battles.resolveTurn', { battleId })
    const review = await call('battles.review', { battleId })
    expect(review.lines.find((l) => l.shipId === lucia)!.fate).toBe('captured')
    await call('battles.conclude', { battleId, lines: review.lines })
    const b = await call('booty.get', { shipId: lucia })
    expect(b.captor).toMatchObject({ shipId: wolf, kind: 'privateer', battleId })
    expect(b.bootyTo).toMatchObject({ shipId: wolf })
    // Her sheet says who took her (the ship sheet shows her Booty tab by it).
    expect((await call('ships.get', { shipId: lucia })).capturedBy).toEqual({ shipId: wolf, name: 'Sea Wolf' })
    expect((await call('ships.get', { shipId: wolf })).capturedBy).toBeNull()
  })

  it("a pirate's own cargo is her own booty (a town's plunder sold at a haven)", async () => {
    const marcel = await person('Marcel', { money: 30_000 })
    const haven = await call('ports.create', { name: 'Tortuga', colonial: true, pirateHaven: true })
    const wolf = await launched('corsair', [{ ownerId: marcel.ownerId, share: 100 }], 'Sea Wolf')
    await call('crew.configure', { shipId: wolf, kind: 'pirate' })
    // Seed 003 VII: a town of one small fort, taken: 1 cargo type (2d10 8+8 wine) 3 t, ransom 1k1 5 × 1,000 + 1,500, the fort's 1k1 2 t powder.
    const town = await call('booty.town', { shipId: wolf, town: 'Puerto Chico', forts: { small: 1 }, fortsTaken: { small: 1 }, dice: [1, 8, 8, 3, 5, 2] })
    // The ransom goes into her booty pot's account, not her owner's cash (issue 16 point 2).
    const marcelCash = await cash(marcel.ownerId)
    expect(town).toMatchObject({ ransom: 6_500, pot: 6_500, paid: [] })
    expect(await cash(marcel.ownerId)).toBe(marcelCash)
    expect((await call('booty.pots')).find((p) => p.shipId === wolf)).toEqual({ shipId: wolf, shipName: 'Sea Wolf', pot: 6_500 })
    await call('trade.enterHaven', { shipId: wolf, portId: haven.id })
    const sale = await call('trade.sell', { shipId: wolf, cargo: 'wine', tons: 2, dice: [5] })
    expect(sale.booty).toMatchObject({ shipId: wolf, shipName: 'Sea Wolf', amount: sale.price.total, pot: 6_500 + sale.price.total })
    expect(potRows(wolf)).toBe(6_500 + sale.price.total)
    expect(unbalanced()).toEqual([])
  })
})

describe('seed 003 I.1-I.3 and VII: the hold is one hold — plunder and provisions must fit with cargo, powder, boats and the food ton', () => {
  async function fullWolf() {
    const marcel = await person('Marcel', { money: 30_000 })
    const port = await call('ports.create', { name: 'Port Royal', nation: 'Avalon', friendlyTo: { owners: [marcel.ownerId], nations: [] } })
    const wolf = await launched('corsair', [{ ownerId: marcel.ownerId, share: 100 }], 'Sea Wolf')
    await call('crew.configure', { shipId: wolf, kind: 'pirate' })
    await call('ships.moveTo', { shipId: wolf, portId: port.id })
    await call('crew.hire', { houseRule: true, shipId: wolf, sailors: 10 })
    const before = await call('ships.condition', { shipId: wolf })
    expect(before.hold).toMatchObject({ cargoTons: 0, freeAfterCargo: before.hold.free })
    // Lumber fills the hold to 2 t of room.
    await call('trade.buy', { shipId: wolf, cargo: 'lumber', tons: before.hold.free - 2, payerId: marcel.ownerId })
    const cond = await call('ships.condition', { shipId: wolf })
    expect(cond.hold).toMatchObject({ cargoTons: before.hold.free - 2, freeAfterCargo: 2 })
    return { marcel, wolf }
  }

  it('a town’s plunder that does not fit is refused with the room left; the GM names what to leave behind', async () => {
    const { wolf } = await fullWolf()
    // One small fort, taken: 3 t of wine and the fort's 2 t of powder (5 t) against 2 t of room.
    const dice = [1, 8, 8, 3, 5, 2]
    const e = await fail('booty.town', { shipId: wolf, town: 'Puerto Chico', forts: { small: 1 }, fortsTaken: { small: 1 }, dice })
    expect(e.code).toBe('rule')
    expect(e.message).toMatch(/room for 2 t, not the 5 t of plunder: leave at least 3 t behind/)
    expect(e.details).toMatchObject({ field: 'leaveBehind', room: 2, plunder: { cargo: [{ cargo: 'wine', tons: 3 }], powder: 2 } })
    expect((await call('booty.get', { shipId: wolf })).pot).toBe(0)

    const over = await fail('booty.town', { shipId: wolf, town: 'Puerto Chico', forts: { small: 1 }, fortsTaken: { small: 1 }, leaveBehind: { cargo: { wine: 4 } }, dice })
    expect(over).toMatchObject({ code: 'invalid_input', details: { field: 'leaveBehind.cargo.wine' } })

    const out = await call('booty.town', { shipId: wolf, town: 'Puerto Chico', forts: { small: 1 }, fortsTaken: { small: 1 }, leaveBehind: { cargo: { wine: 3 }, powder: 0 }, dice })
    expect(out.cargo).toEqual([{ cargo: 'wine', label: 'Wine', tons: 3, loaded: 0 }])
    expect(out.powderLoaded).toBe(2)
    expect(out.ransom).toBe(6_500)
    expect((await call('ships.condition', { shipId: wolf })).hold.freeAfterCargo).toBe(0)
  })

  it('provisions need the ton set aside for food: refused at the field with the room left', async () => {
    const { marcel, wolf } = await fullWolf()
    await call('trade.buy', { shipId: wolf, cargo: 'lumber', tons: 1.5, payerId: marcel.ownerId })
    const e = await fail('ships.provision', { shipId: wolf, months: 1 })
    expect(e).toMatchObject({ code: 'rule', details: { field: 'months', free: 0.5, need: 1 } })
    expect(e.message).toMatch(/hold has 0.5 t free .*cargo 9.5 t\): provisions need the 1 t set aside/)
    expect((await call('crew.get', { shipId: wolf })).provisions.crewWeeks).toBe(0)
    await call('trade.sell', { shipId: wolf, cargo: 'lumber', tons: 1, dice: [5] })
    const ok = await call('ships.provision', { shipId: wolf, months: 1 })
    expect(ok.provisions.holdTons).toBe(1)
    expect((await call('ships.condition', { shipId: wolf })).hold).toMatchObject({ foodTons: 1, freeAfterCargo: 0.5 })
  })
})

describe('seed 003 I.2 CREW: "Aboard pirate and privateer vessels, these costs are subtracted from booty" — the officers’ wages go to the officers', () => {
  it('the wages owed to an NPC officer are paid to that officer when the booty is divided, the rest to the hands and suppliers', async () => {
    const marcel = await person('Marcel', { money: 30_000 })
    const bosun = await person('Bosun Legrand', { kind: 'npc' })
    const wolf = await launched('corsair', [{ ownerId: marcel.ownerId, share: 100 }], 'Sea Wolf')
    await call('crew.configure', { shipId: wolf, kind: 'pirate' })
    await call('crew.hire', { houseRule: true, shipId: wolf, sailors: 10, officers: [{ role: 'captain', personId: marcel.id, wage: 0 }, { role: 'boatswain', personId: bosun.id, wage: 20 }] })
    const next = (await call('upkeep.summary')).nextDay
    await call('clock.advance', { days: next - (await call('clock.now')).day })
    const state = await call('booty.get', { shipId: wolf })
    expect(state.owed).toBeGreaterThan(20)
    expect(state.owedToOfficers).toEqual([{ ownerId: bosun.ownerId, name: 'Bosun Legrand', amount: 20 }])
    const bosunBefore = await cash(bosun.ownerId)

    const out = await call('booty.divide', { shipId: wolf, amount: state.owed + 1_000 })
    expect(out.owedPaid).toBe(state.owed)
    expect(out.owedTo).toEqual([
      { ownerId: bosun.ownerId, name: 'Bosun Legrand', amount: 20 },
      { ownerId: WORLD_OWNER_ID, name: 'the hands and suppliers', amount: state.owed - 20 }
    ])
    const share = out.lines.find((l) => l.ownerId === bosun.ownerId)!.amount
    expect(await cash(bosun.ownerId)).toBe(bosunBefore + 20 + share)
    expect((await call('booty.get', { shipId: wolf })).owedToOfficers).toEqual([])
    expect(unbalanced()).toEqual([])
  })

  it('booty short of what is owed pays the officers and the rest pro rata', async () => {
    const marcel = await person('Marcel', { money: 30_000 })
    const bosun = await person('Bosun Legrand', { kind: 'npc' })
    const wolf = await launched('corsair', [{ ownerId: marcel.ownerId, share: 100 }], 'Sea Wolf')
    await call('crew.configure', { shipId: wolf, kind: 'privateer' })
    await call('crew.hire', { houseRule: true, shipId: wolf, sailors: 8, officers: [{ role: 'boatswain', personId: bosun.id, wage: 20 }] })
    const next = (await call('upkeep.summary')).nextDay
    await call('clock.advance', { days: next - (await call('clock.now')).day })
    const owed = (await call('booty.get', { shipId: wolf })).owed
    const half = Math.floor(owed / 2)
    const out = await call('booty.divide', { shipId: wolf, amount: half })
    const toBosun = out.owedTo.find((o) => o.ownerId === bosun.ownerId)!.amount
    expect(Math.abs(toBosun - (20 * half) / owed)).toBeLessThanOrEqual(1)
    const after = await call('booty.get', { shipId: wolf })
    expect(after.owed).toBe(owed - half)
    expect(after.owedToOfficers).toEqual([{ ownerId: bosun.ownerId, name: 'Bosun Legrand', amount: 20 - toBosun }])
  })
})
