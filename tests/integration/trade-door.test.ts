/**
 * Sea trade, joint-stock companies and booty through the one door (issue 8; seed 003 VII, VIII;
 * rules guide §2): the "done when" path with hand-entered dice for every roll.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { WORLD_OWNER_ID } from '../../src/main/campaign-core/ledger'
import { failureOf, makeClock, makeSession, openSeededCampaign, shipDesign, type TestSession } from '../helpers'

let t: TestSession

beforeEach(async () => {
  t = makeSession({ now: makeClock('2026-06-01T12:00:00.000Z').now })
  await openSeededCampaign(t, { seed: 8, name: 'Trade Test' })
})
afterEach(async () => {
  await t.cleanup()
})

const db = () => t.session.campaign!.db
const call = ((name: string, input: unknown = {}) => t.door.call(name as never, input)) as typeof t.door.call
const fail = (name: string, input: unknown) => failureOf(t.door, name, input)
const cash = async (ownerId: number) => (await call('ledger.balance', { ownerId })).cash
const txLines = (txId: number) =>
  db().prepare(`SELECT owner_id AS ownerId, amount FROM ledger_line WHERE tx_id = ? ORDER BY id`).all(txId) as { ownerId: number; amount: number }[]

async function person(name: string, opts: { kind?: 'pc' | 'npc'; money?: number; knacks?: Record<string, number>; traits?: Record<string, number> } = {}) {
  const p = await call('people.create', { name, kind: opts.kind ?? 'pc', knacks: opts.knacks ?? {}, ...(opts.traits ? { traits: opts.traits } : {}) })
  if (opts.money) await call('ledger.grant', { ownerId: p.ownerId, amount: opts.money, memo: 'Purse' })
  return p
}

async function launched(design: Record<string, unknown>, owners: { ownerId: number; share: number }[], name: string) {
  const out = await call('ships.commission', { design, name, owners })
  const today = (await call('clock.now')).day
  if (out.launchDay > today) await call('clock.advance', { days: out.launchDay - today })
  return out.shipId
}

describe('seed 003 VIII Of Sea Trade: markets (rules guide §2 Cargo prices)', () => {
  it('shows the continent or colonies column and a port override; refuses unknown cargo', async () => {
    const carleon = await call('ports.create', { name: 'Carleon', major: true })
    const colony = await call('ports.create', { name: 'San Cristóbal', colonial: true })
    const m = await call('market.get', { portId: carleon.id })
    expect(m.column).toBe('continent')
    expect(m.lines.find((l) => l.cargo === 'textiles')!.price).toBe(600)
    expect((await call('market.get', { portId: colony.id })).lines.find((l) => l.cargo === 'textiles')!.price).toBe(900)
    const set = await call('market.setPrice', { portId: colony.id, cargo: 'textiles', price: 1000 })
    expect(set.lines.find((l) => l.cargo === 'textiles')).toMatchObject({ basePrice: 900, override: 1000, price: 1000 })
    const cleared = await call('market.setPrice', { portId: colony.id, cargo: 'textiles', price: null })
    expect(cleared.lines.find((l) => l.cargo === 'textiles')!.price).toBe(900)
    expect((await fail('market.setPrice', { portId: colony.id, cargo: 'spice', price: 5 })).code).toBe('invalid_input')
  })
})

describe("issue 8 done-when: a company's trading voyage", () => {
  it('charter (fail the roll, buy it), sell 20 shares, buy textiles on the continent, sell in a colony with a demand roll, close: every share in the ledger, the suggested price moves', async () => {
    const allende = await person('Allende', { money: 30_000, traits: { Panache: 2 }, knacks: { Oratory: 1 } })
    const marcel = await person('Marcel', { money: 100, knacks: { Appraising: 1, Haggling: 2 } })
    const ines = await person('Inès', { money: 100 })
    const investor = await person('Don Rafael', { kind: 'npc', money: 20_000 })
    const carleon = await call('ports.create', { name: 'Carleon', major: true, nation: 'Avalon' })
    const minor = await call('ports.create', { name: 'Fishtown' })
    const colony = await call('ports.create', { name: 'San Cristóbal', colonial: true })

    // Charters only at a major port.
    expect((await fail('companies.charter', { name: 'Small Co', portId: minor.id, founders: [allende.ownerId] })).message).toMatch(/major/)
    // Seed 003 VIII: contested Oratory (with Panache: 3k2 → 2, 1, 1 keeps 3) against the official's Wits 2 (2k2: 5, 4 = 9): refused.
    const charter = await call('companies.charter', { name: 'Carleon Trading Company', portId: carleon.id, founders: [allende.ownerId], dice: [2, 1, 1, 5, 4] })
    expect(charter.roll).toMatchObject({ applicant: 'Allende', applicantTotal: 3, officialWits: 2, officialTotal: 9, success: false })
    expect(charter.company).toMatchObject({ status: 'applying', charterCost: 1500, sharePrice: 500 })
    const companyId = charter.company.id
    const co = charter.company.ownerId
    expect((await fail('companies.sellShares', { companyId, buyerId: investor.ownerId, count: 1 })).message).toMatch(/no charter/)
    const bought = await call('companies.buyCharter', { companyId, payerId: allende.ownerId })
    expect(bought).toMatchObject({ status: 'chartered', charterHow: 'bought' })
    expect(await cash(allende.ownerId)).toBe(28_500)

    // A merchantman, her captain and mate signed on at the yard, put into the company.
    const shipId = await launched(shipDesign('merchantman'), [{ ownerId: allende.ownerId, share: 100 }], 'Santa Lucia')
    await call('crew.hire', { houseRule: true, shipId, officers: [{ role: 'captain', personId: marcel.id, wage: 0 }, { role: 'firstMate', personId: ines.id, wage: 0 }] })
    await call('ships.moveTo', { shipId, portId: carleon.id })
    await call('companies.addShip', { companyId, shipId })
    await call('companies.deposit', { companyId, ownerId: allende.ownerId, amount: 5000 })

    // The first offering: 20 shares at 500 G, to the treasury.
    const sold = await call('companies.sellShares', { companyId, buyerId: investor.ownerId, count: 20 })
    expect(sold).toMatchObject({ price: 500, total: 10_000 })
    expect(sold.company.shareholders).toEqual([{ ownerId: investor.ownerId, name: 'Don Rafael', shares: 20, percent: 20 }])
    expect(await cash(co)).toBe(15_000)
    // No founder has Accounting: a banker is hired, so at most 40 shares.
    expect(sold.company).toMatchObject({ maxShares: 40, banker: { percent: 5 } })

    // A trading voyage: 20 t of textiles on the continent (600 a ton), paid by the company; the week in port moves the clock.
    const venture = await call('trade.openVenture', { shipId })
    const day0 = (await call('clock.now')).day
    expect((await fail('trade.buy', { shipId, cargo: 'textiles', tons: 30, payerId: co })).message).toMatch(/room for 24 t/)
    const buy = await call('trade.buy', { shipId, cargo: 'textiles', tons: 20, payerId: co })
    expect(buy.price).toMatchObject({ perTon: 600, total: 12_000 })
    expect(buy.clock!.days).toBe(7)
    expect((await call('clock.now')).day).toBe(day0 + 7)
    expect(buy.hold.capacity).toMatchObject({ hold: 24, cargoTons: 20, free: 4 })
    expect(await cash(co)).toBe(3000)
    // A second purchase in the same visit: no second week.
    expect((await call('trade.buy', { shipId, cargo: 'wine', tons: 1, payerId: allende.ownerId })).clock).toBeNull()

    // Sail to the colony; sell with the demand die: 7 + 1 (the captain has Appraising and Haggling) = 8, good demand +10%.
    await call('ships.moveTo', { shipId, portId: null })
    expect((await fail('trade.sell', { shipId, cargo: 'textiles', tons: 20 })).message).toMatch(/at sea/)
    await call('ships.moveTo', { shipId, portId: colony.id })
    const sale = await call('trade.sell', { shipId, cargo: 'textiles', tons: 10, dice: [7] })
    expect(sale.demand).toMatchObject({ die: 7, bonus: 1, roll: 8, percent: 10, band: 'Good demand' })
    expect(sale.price).toMatchObject({ perTon: 990, total: 9900 })
    expect(sale.ventureId).toBe(venture.id)
    // The same die for the rest of the textiles this visit (no dice needed).
    const rest = await call('trade.sell', { shipId, cargo: 'textiles', tons: 10 })
    expect(rest).toMatchObject({ rolledNow: false, demand: { roll: 8 }, clock: null })
    await call('trade.sell', { shipId, cargo: 'wine', tons: 1, dice: [4] }) // 4 + 1: normal, 850
    await call('trade.recordVenture', { ventureId: venture.id, kind: 'passengers', amount: 150, memo: '3 passengers' })
    await call('trade.recordVenture', { ventureId: venture.id, kind: 'portCosts', amount: 200, payerId: co, memo: 'Harbour dues' })

    // Close: income 9,900 × 2 + 850 + 150 = 20,800; costs 12,000 + 500 + 200 = 12,700; profit 8,100.
    const before = { co: await cash(co), allende: await cash(allende.ownerId), marcel: await cash(marcel.ownerId), ines: await cash(ines.ownerId), investor: await cash(investor.ownerId) }
    const closed = await call('trade.closeVenture', { ventureId: venture.id })
    expect(closed.totals).toEqual({ income: 20_800, costs: 12_700, profit: 8100 })
    const by = (role: string, ownerId?: number) =>
      closed.split.filter((l) => l.role === role && (ownerId === undefined || l.ownerId === ownerId)).reduce((n, l) => n + l.amount, 0)
    expect(by('costs', co)).toBe(12_200)
    expect(by('costs', allende.ownerId)).toBe(500)
    expect(by('expenses')).toBe(1620) // 20%
    expect(by('captain', marcel.ownerId)).toBe(2430) // 30%
    expect(by('firstMate', ines.ownerId)).toBe(405) // 5%
    expect(by('banker')).toBe(405) // hired banker 5%, from the owners' 45%
    expect(by('shareholder', investor.ownerId)).toBe(1620) // 20 shares = 20%
    expect(by('owners', co)).toBe(1620) // 45 − 5 − 20 = 20%
    // Every share is a line of one ledger transaction.
    const lines = txLines(closed.ledgerTxId!)
    const net = (id: number) => lines.filter((l) => l.ownerId === id).reduce((n, l) => n + l.amount, 0)
    expect(net(WORLD_OWNER_ID)).toBe(-20_800 + 1620 + 405)
    expect(net(co)).toBe(12_200 + 1620)
    expect(await cash(co)).toBe(before.co + 13_820)
    expect(await cash(marcel.ownerId)).toBe(before.marcel + 2430)
    expect(await cash(ines.ownerId)).toBe(before.ines + 405)
    expect(await cash(investor.ownerId)).toBe(before.investor + 1620)
    expect(await cash(allende.ownerId)).toBe(before.allende + 500)

    // The suggested price moves: 10 × 8,100 / 100 = 810.
    const page = await call('companies.get', { companyId })
    expect(page.suggestedPrice.price).toBe(810)
    expect(page.ventures).toHaveLength(1)
    expect(page.offering).toBe(false)
    const priced = await call('companies.setPrice', { companyId, price: 800, note: 'A good first voyage' })
    expect(priced.priceHistory.map((h) => h.price)).toEqual([500, 800])
    expect((await fail('companies.setPrice', { companyId, price: 1200 })).code).toBe('invalid_input')

    // After the offering, at most 1k1 shares a month, rolled by the monthly step (here: 3).
    const now = await call('clock.now')
    const monthDays = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][now.date.month - 1]!
    const moved = await call('clock.advance', { days: monthDays - now.date.dayOfMonth + 1, dice: [3] })
    expect(moved.steps.find((st) => st.step === 'share-allowance')!.effects).toEqual(['Carleon Trading Company: 3 shares may be sold or bought back this month'])
    const back = await call('companies.buyBack', { companyId, sellerId: investor.ownerId, count: 2 })
    expect(back).toMatchObject({ price: 800, total: 1600 })
    expect(back.company.allowance).toMatchObject({ rolled: 3, used: 2, left: 1 })
    expect((await fail('companies.sellShares', { companyId, buyerId: allende.ownerId, count: 2 })).message).toMatch(/may trade only 3 shares in .* so 1 is left, not 2\. Unused shares do not carry over/)
  })

  it('a loss falls on the owners', async () => {
    const a = await person('Owner', { money: 20_000 })
    const port = await call('ports.create', { name: 'Carleon', major: true })
    const colony = await call('ports.create', { name: 'Colony', colonial: true })
    const shipId = await launched(shipDesign('merchantman'), [{ ownerId: a.ownerId, share: 100 }], 'Hope')
    await call('ships.moveTo', { shipId, portId: colony.id })
    const v = await call('trade.openVenture', { shipId })
    await call('trade.buy', { shipId, cargo: 'sugar', tons: 10, payerId: a.ownerId }) // 300 × 10 in the colonies
    await call('ships.moveTo', { shipId, portId: port.id })
    // Demand 1: very little, −20%: 700 → 560.
    await call('trade.sell', { shipId, cargo: 'sugar', tons: 10, dice: [1] })
    const closed = await call('trade.closeVenture', { ventureId: v.id })
    expect(closed.totals.profit).toBe(2600)
    const loss = await call('trade.openVenture', { shipId })
    await call('trade.buy', { shipId, cargo: 'gold', tons: 1, payerId: a.ownerId }) // 9,000 on the continent
    await call('ships.moveTo', { shipId, portId: colony.id })
    await call('trade.sell', { shipId, cargo: 'gold', tons: 1, dice: [5] }) // 7,500
    const c2 = await call('trade.closeVenture', { ventureId: loss.id })
    expect(c2.totals.profit).toBe(-1500)
    expect(c2.split).toEqual([expect.objectContaining({ role: 'loss', ownerId: a.ownerId, amount: 7500 })])
  })
})

describe('issue 16 point 3: whose cargo a purchase is', () => {
  it('outside a trading voyage a payer who is not an owner is refused, nothing changes; inside one she pays and is paid back at the close before the shares', async () => {
    const a = await person('Aurora', { money: 20_000 })
    const b = await person('Bastien', { money: 20_000 })
    const outsider = await person('Don Rafael', { kind: 'npc', money: 20_000 })
    const port = await call('ports.create', { name: 'Carleon', major: true })
    const colony = await call('ports.create', { name: 'Colony', colonial: true })
    const shipId = await launched(shipDesign('merchantman'), [{ ownerId: a.ownerId, share: 60 }, { ownerId: b.ownerId, share: 40 }], 'Hope')
    await call('ships.moveTo', { shipId, portId: colony.id })
    const day = (await call('clock.now')).day
    const txBefore = (db().prepare(`SELECT COUNT(*) AS n FROM ledger_tx`).get() as { n: number }).n
    // Refused with the reason, naming her owners and their shares; the money, the hold and the clock stay.
    const refused = await fail('trade.buy', { shipId, cargo: 'sugar', tons: 10, payerId: outsider.ownerId })
    expect(refused.code).toBe('rule')
    expect(refused.message).toBe(
      "Don Rafael is not one of the Hope's owners (Aurora 60% and Bastien 40%): outside a trading voyage her cargo is theirs and its sale pays them, so Don Rafael would lose the money. Open a trading voyage for her (its accounts pay back what Don Rafael puts in at the close, before the shares), or let one of her owners pay."
    )
    expect(await cash(outsider.ownerId)).toBe(20_000)
    expect((await call('trade.hold', { shipId })).lines).toEqual([])
    expect((await call('clock.now')).day).toBe(day)
    expect((db().prepare(`SELECT COUNT(*) AS n FROM ledger_tx`).get() as { n: number }).n).toBe(txBefore)
    // An owner may pay outside a voyage.
    await call('trade.buy', { shipId, cargo: 'sugar', tons: 1, payerId: b.ownerId })
    // Inside a trading voyage the outsider's money is on its accounts and paid back at the close, before the shares.
    const v = await call('trade.openVenture', { shipId })
    await call('trade.buy', { shipId, cargo: 'sugar', tons: 10, payerId: outsider.ownerId }) // 300 × 10 in the colonies
    expect(await cash(outsider.ownerId)).toBe(17_000)
    await call('ships.moveTo', { shipId, portId: port.id })
    await call('trade.sell', { shipId, cargo: 'sugar', tons: 10, dice: [5] })
    const closed = await call('trade.closeVenture', { ventureId: v.id })
    expect(closed.split).toContainEqual(expect.objectContaining({ role: 'costs', ownerId: outsider.ownerId, amount: 3000 }))
    expect(await cash(outsider.ownerId)).toBe(20_000)
  })
})

describe('issue 8 done-when: a captured merchantman, her hold, the haven and the booty (seed 003 VII, VI; rules guide §2 Booty articles)', () => {
  it('rolls the prize hold, pays the haven 20%, sells at market price and divides by the articles after what the crew is owed', async () => {
    const marcel = await person('Marcel', { money: 20_000 })
    const bosun = await person('Bosun', { kind: 'npc' })
    const haven = await call('ports.create', { name: 'Tortuga', colonial: true, pirateHaven: true })
    const wolf = await launched(shipDesign('corsair'), [{ ownerId: marcel.ownerId, share: 100 }], 'Sea Wolf')
    await call('crew.configure', { shipId: wolf, kind: 'pirate' })
    await call('crew.hire', { houseRule: true, shipId: wolf, sailors: 10, officers: [{ role: 'captain', personId: marcel.id, wage: 0 }, { role: 'boatswain', personId: bosun.id }] })
    // A battle: a generated merchantman strikes and becomes Marcel's prize.
    const { battleId } = await call('battles.start', {
      participants: [
        { shipId: wolf, side: 'Tortuga', crewKind: 'pirate', control: 'gm' },
        { generate: { hull: 'merchantman', armament: 'light', nation: 'Montaigne' }, side: 'Montaigne', control: 'gm' }
      ],
      range: 'long',
      seed: 77
    })
    await call('battles.orders', { battleId, participantId: 'gen-1', orders: { tactic: 'circle', strike: true } })
    await call('battles.resolveTurn', { battleId })
    const review = await call('battles.review', { battleId })
    const out = await call('battles.conclude', { battleId, lines: review.lines })
    const prizeId = out.applied.find((a) => a.participantId === 'gen-1')!.shipId!

    // Merchantman 24 t: supplies 1, boats d6 4 → 2 t, powder d6 1 → 1 t, the rest 20 t: 2d10 2+2 textiles, 2d10 5+5 silver, 10 t each.
    const hold = await call('booty.rollPrizeHold', { shipId: prizeId, dice: [4, 1, 2, 2, 5, 5] })
    expect(hold).toMatchObject({ kind: 'merchant', supplies: 1, boats: 2, powder: 1 })
    expect(hold.cargo.map((c) => [c.cargo, c.tons])).toEqual([
      ['textiles', 10],
      ['silver', 10]
    ])

    // Into the haven: 20% of each cargo.
    const entered = await call('trade.enterHaven', { shipId: prizeId, portId: haven.id })
    expect(entered.taken.map((c) => [c.cargo, c.tons])).toEqual([
      ['silver', 2],
      ['textiles', 2]
    ])
    // A naval ship is refused.
    const navy = await launched(shipDesign('smallWarship'), [{ ownerId: marcel.ownerId, share: 100 }], 'Revenge')
    await call('crew.configure', { shipId: navy, kind: 'naval' })
    expect((await fail('trade.enterHaven', { shipId: navy, portId: haven.id })).message).toMatch(/refuses the Revenge/)

    // Sold at the market price (colonies): silver 2,000, normal demand (5) → 8 t = 16,000.
    const sale = await call('trade.sell', { shipId: prizeId, cargo: 'silver', tons: 8, dice: [5] })
    expect(sale.price.total).toBe(16_000)
    // Paid into the Wolf's booty pot, its own account, not Marcel's cash (issue 16 point 2).
    expect(sale.paid).toEqual([])
    expect(sale.booty).toMatchObject({ shipId: wolf, amount: 16_000, pot: 16_000 })

    // The crew is owed a month's wages and food (pirates: from booty).
    db().prepare(`UPDATE ship_company SET owed = 400 WHERE ship_id = ?`).run(wolf)
    await call('booty.setArticles', { shipId: wolf, captain: 2, officers: 1.5, crew: 1 })
    const marcelBefore = await cash(marcel.ownerId)
    // Marcel cut the rigging: one extra share (aboard a pirate).
    const div = await call('booty.divide', { shipId: wolf, amount: 16_000, heroic: [{ personId: marcel.id, actions: 1 }] })
    expect(div.owedPaid).toBe(400)
    expect(div.divided).toBe(15_600)
    // Shares: Marcel 2 + 1, the boatswain 1.5, 10 hands × 1 = 14.5.
    expect(div.totalShares).toBe(14.5)
    const line = (name: string) => div.lines.find((l) => l.name.startsWith(name))!
    expect(Math.abs(line('Marcel').amount - (15_600 * 3) / 14.5)).toBeLessThan(1)
    expect(Math.abs(line('Bosun').amount - (15_600 * 1.5) / 14.5)).toBeLessThan(1)
    expect(line('The hands').amount).toBeGreaterThan(10_700)
    expect(div.lines.reduce((n, l) => n + l.amount, 0)).toBe(15_600)
    expect(await cash(marcel.ownerId)).toBe(marcelBefore + line('Marcel').amount)
    // Seed 003 I.2 (issue 13): the boatswain's wages owed come out of the booty to him, with his share.
    const toBosun = div.owedTo.find((o) => o.ownerId === bosun.ownerId)?.amount ?? 0
    expect(toBosun).toBeGreaterThan(0)
    expect(await cash(bosun.ownerId)).toBe(line('Bosun').amount + toBosun)
    expect((await call('crew.get', { shipId: wolf })).owed).toBe(0)
  })

  it('a town surrenders: cargo, ransom and fort plunder; the ransom joins the booty pot', async () => {
    const marcel = await person('Marcel', { money: 10_000 })
    const wolf = await launched(shipDesign('corsair'), [{ ownerId: marcel.ownerId, share: 100 }], 'Sea Wolf')
    await call('crew.configure', { shipId: wolf, kind: 'pirate' })
    expect((await fail('booty.divide', { shipId: wolf })).message).toMatch(/no booty to divide/)
    // 1 cargo type: 2d10 8+8 wine, 3 t; ransom 1k1 5 → 5,000 + a small fort 1,500; the fort taken: 1k1 2 t powder.
    const town = await call('booty.town', { shipId: wolf, town: 'Puerto Chico', forts: { small: 1 }, fortsTaken: { small: 1 }, dice: [1, 8, 8, 3, 5, 2] })
    expect(town).toMatchObject({ ransom: 6500, fortGuns: 4, fortPowder: 2 })
    expect(town.cargo).toEqual([{ cargo: 'wine', label: 'Wine', tons: 3, loaded: 3 }])
    expect((await call('booty.get', { shipId: wolf })).pot).toBe(6500)
    expect((await fail('booty.divide', { shipId: wolf })).message).toMatch(/Nobody is aboard/)
    await call('crew.hire', { houseRule: true, shipId: wolf, sailors: 5, officers: [{ role: 'captain', personId: marcel.id, wage: 0 }] })
    const div = await call('booty.divide', { shipId: wolf })
    expect(div.amount).toBe(6500)
    expect(div.pot).toBe(0)
  })
})
