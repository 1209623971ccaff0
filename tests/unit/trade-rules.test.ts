/**
 * Pure rules of sea trade, companies and booty (issue 8), each with its section.
 */
import { describe, expect, it } from 'vitest'
import { RULE_TABLES } from '../../src/shared/rules/tables'
import {
  BOOTY_ARTICLES,
  CARGO_PRICES,
  DEMAND_BANDS,
  PRIZE_HOLDS,
  PROFIT_SPLIT,
  SHARE_TRADING,
  TOWN_RANSOM
} from '../../src/shared/trade/tables'
import {
  apportion,
  demandBand,
  divideBooty,
  marketPrice,
  maxShares,
  oneToThree,
  rollPrizeHold,
  rollTown,
  salePrice,
  splitVenture,
  suggestSharePrice
} from '../../src/shared/trade/rules'

/** Dice from a list of faces, in order (the notation is only checked for the d6). */
function faces(list: number[]) {
  const used: string[] = []
  const roll = (notation: string, purpose: string) => {
    used.push(`${notation}: ${purpose}`)
    const f = list.shift()
    if (f === undefined) throw new Error(`no face left for ${purpose}`)
    return f
  }
  return { roll, used }
}

describe('rules guide §2 Cargo prices per ton', () => {
  it('has every cargo with its continent and colonies price', () => {
    const byKey = Object.fromEntries(CARGO_PRICES.map((c) => [c.key, [c.continent, c.colonies]]))
    expect(byKey).toMatchObject({
      lumber: [60, 40],
      foodstuffs: [120, 160],
      textiles: [600, 900],
      livestock: [200, 260],
      copper: [450, 350],
      tin: [400, 320],
      iron: [300, 420],
      mercury: [1400, 1100],
      silver: [2400, 2000],
      gold: [9000, 7500],
      gems: [12000, 9000],
      sugar: [700, 300],
      tobacco: [800, 350],
      furs: [1000, 500],
      wine: [500, 850],
      rum: [450, 200]
    })
    expect(RULE_TABLES.cargoPrices.schema.safeParse(CARGO_PRICES).success).toBe(true)
  })
  it('reads the column by the port and a port may override the price', () => {
    expect(marketPrice(CARGO_PRICES, 'textiles', false, null)!.price).toBe(600)
    expect(marketPrice(CARGO_PRICES, 'textiles', true, null)!.price).toBe(900)
    const own = marketPrice(CARGO_PRICES, 'textiles', true, 1000)!
    expect(own.price).toBe(1000)
    expect(own.breakdown.reduce((n, t) => n + t.value, 0)).toBe(1000)
    expect(marketPrice(CARGO_PRICES, 'unobtainium', true, null)).toBeNull()
  })
})

describe('seed 003 VIII Of Sea Trade: demand roll bands', () => {
  it('1: −20%; 2-3: −10%; 4-7: normal; 8-9: +10%; 10+: +20%', () => {
    const pct = (r: number) => demandBand(DEMAND_BANDS.bands, r).percent
    expect([1, 2, 3, 4, 7, 8, 9, 10, 11].map(pct)).toEqual([-20, -10, -10, 0, 0, 10, 10, 20, 20])
    expect(DEMAND_BANDS.bonus).toBe(1)
    expect(DEMAND_BANDS.bonusKnacks).toEqual(['Appraising', 'Haggling'])
  })
  it('prices a sale with its breakdown', () => {
    const base = marketPrice(CARGO_PRICES, 'textiles', true, null)!
    const s = salePrice(base, { percent: 10, label: 'Good demand', roll: 8 }, 20)
    expect(s.perTon).toBe(990)
    expect(s.total).toBe(19800)
    expect(s.breakdown.map((t) => t.label)).toContain('Per ton')
  })
})

describe('seed 003 VIII Of Sea Trade: voyage profit split', () => {
  const world = { ownerId: 1, name: 'World' }
  it('owners 45%, captain 30%, first mate 5%, expenses 20%; costs paid back first', () => {
    const s = splitVenture({
      income: 20_000,
      costs: [{ ownerId: 10, name: 'Owner', amount: 10_000 }],
      table: PROFIT_SPLIT,
      owners: [{ ownerId: 10, name: 'Owner', share: 100 }],
      captain: { ownerId: 11, name: 'Captain' },
      firstMate: { ownerId: 12, name: 'Mate' },
      world,
      company: null
    })
    expect(s.profit).toBe(10_000)
    const by = (role: string) => s.lines.filter((l) => l.role === role).reduce((n, l) => n + l.amount, 0)
    expect(by('costs')).toBe(10_000)
    expect(by('owners')).toBe(4500)
    expect(by('captain')).toBe(3000)
    expect(by('firstMate')).toBe(500)
    expect(by('expenses')).toBe(2000)
    expect(s.lines.reduce((n, l) => n + l.amount, 0)).toBe(20_000)
  })
  it('a sole owner who is captain takes 75%', () => {
    const s = splitVenture({
      income: 1000,
      costs: [],
      table: PROFIT_SPLIT,
      owners: [{ ownerId: 10, name: 'Owner', share: 100 }],
      captain: { ownerId: 10, name: 'Owner' },
      firstMate: null,
      world,
      company: null
    })
    expect(s.lines.filter((l) => l.ownerId === 10).reduce((n, l) => n + l.amount, 0)).toBe(750)
    // No first mate aboard: a hired mate's 5% goes to the outside world with the expenses.
    expect(s.lines.filter((l) => l.ownerId === 1).reduce((n, l) => n + l.amount, 0)).toBe(250)
  })
  it("joint owners by their shares; a hired banker's 5% and each shareholder's 1% come out of the owners' share", () => {
    const s = splitVenture({
      income: 10_000,
      costs: [],
      table: PROFIT_SPLIT,
      owners: [{ ownerId: 20, name: 'Company', share: 100 }],
      captain: { ownerId: 11, name: 'Captain' },
      firstMate: { ownerId: 12, name: 'Mate' },
      world,
      company: { ownerId: 20, banker: world, shareholders: [{ ownerId: 30, name: 'Investor', shares: 20 }] }
    })
    const by = (role: string) => s.lines.filter((l) => l.role === role).reduce((n, l) => n + l.amount, 0)
    expect(by('banker')).toBe(500)
    expect(by('shareholder')).toBe(2000)
    expect(by('owners')).toBe(2000) // 45 − 5 − 20 = 20%
    const joint = splitVenture({
      income: 10_000,
      costs: [],
      table: PROFIT_SPLIT,
      owners: [
        { ownerId: 40, name: 'A', share: 60 },
        { ownerId: 41, name: 'B', share: 40 }
      ],
      captain: null,
      firstMate: null,
      world,
      company: null
    })
    expect(joint.lines.find((l) => l.ownerId === 40)!.amount).toBe(2700)
    expect(joint.lines.find((l) => l.ownerId === 41)!.amount).toBe(1800)
  })
  it('losses fall on those who bore the costs (the owners)', () => {
    const s = splitVenture({
      income: 6000,
      costs: [
        { ownerId: 40, name: 'A', amount: 6000 },
        { ownerId: 41, name: 'B', amount: 2000 }
      ],
      table: PROFIT_SPLIT,
      owners: [{ ownerId: 40, name: 'A', share: 100 }],
      captain: { ownerId: 11, name: 'Captain' },
      firstMate: null,
      world,
      company: null
    })
    expect(s.profit).toBe(-2000)
    expect(s.lines.map((l) => [l.ownerId, l.role, l.amount])).toEqual([
      [40, 'loss', 4500],
      [41, 'loss', 1500]
    ])
  })
  it('at most 45 shares, 40 with a hired banker', () => {
    expect(maxShares(PROFIT_SPLIT, false)).toBe(45)
    expect(maxShares(PROFIT_SPLIT, true)).toBe(40)
  })
  it('apportion always adds up', () => {
    expect(apportion(100, [1, 1, 1])).toEqual([34, 33, 33])
    expect(apportion(0, [1, 2])).toEqual([0, 0])
  })
})

describe('seed 003 VIII joint-stock companies: share price (500 start, 100-1,000; suggestion is a house formula)', () => {
  it('suggests multiple × average profit per share, rounded, within the bounds', () => {
    expect(SHARE_TRADING.startPrice).toBe(500)
    expect(SHARE_TRADING.monthlyAllowance).toBe('1k1')
    expect(suggestSharePrice(SHARE_TRADING, [], 500).price).toBe(500)
    expect(suggestSharePrice(SHARE_TRADING, [6000], 500).price).toBe(600)
    expect(suggestSharePrice(SHARE_TRADING, [100], 500).price).toBe(100)
    expect(suggestSharePrice(SHARE_TRADING, [1_000_000], 500).price).toBe(1000)
    // the last three voyages only
    expect(suggestSharePrice(SHARE_TRADING, [90_000, 3000, 3000, 3000], 500).price).toBe(300)
  })
  it('names one voyage as a GM would: "the last voyage", not "the last 1 voyage" (issue 16 point 14)', () => {
    expect(suggestSharePrice(SHARE_TRADING, [6000], 500).breakdown[0]!.label).toBe('Profit of the last voyage')
    expect(suggestSharePrice(SHARE_TRADING, [3000, 6000], 500).breakdown[0]!.label).toBe('Average profit of the last 2 voyages')
  })
})

describe("seed 003 VII Booty: prizes' holds", () => {
  it('"one to three": a d6 halved, rounded up', () => {
    expect([1, 2, 3, 4, 5, 6].map((f) => oneToThree(f))).toEqual([1, 1, 2, 2, 3, 3])
  })
  it('warships, pirates, privateers: 1 t supplies, 1-3 t boats, half the rest powder, cargo on 7+', () => {
    // corsair 10 t: supplies 1, boats d6 3 → 2 t, rest 7: powder 3.5, cargo roll 7 → type 2d10 = 4 textiles 3.5 t
    const d = faces([3, 7, 4])
    const h = rollPrizeHold(PRIZE_HOLDS, 'fighting', 10, d.roll)
    expect(h).toMatchObject({ supplies: 1, boats: 2, powder: 3.5, cargo: [{ cargo: 'textiles', tons: 3.5 }] })
    const none = rollPrizeHold(PRIZE_HOLDS, 'fighting', 10, faces([3, 6]).roll)
    expect(none.cargo).toEqual([])
  })
  it('merchantmen and galleons: supplies, 1-3 boats, 1-3 t powder, two cargo types by 2d10 split evenly', () => {
    // merchantman 24 t: supplies 1, boats d6 2 → 1, powder d6 6 → 3, rest 19: 10 + 9; 2d10 11 gold, 16 wine
    const h = rollPrizeHold(PRIZE_HOLDS, 'merchant', 24, faces([2, 6, 11, 16]).roll)
    expect(h).toMatchObject({ supplies: 1, boats: 1, powder: 3, cargo: [{ cargo: 'gold', tons: 10 }, { cargo: 'wine', tons: 9 }] })
    // 19-20: no cargo, only ballast
    const ballast = rollPrizeHold(PRIZE_HOLDS, 'merchant', 24, faces([2, 6, 19, 4]).roll)
    expect(ballast.cargo).toEqual([{ cargo: 'textiles', tons: 9 }])
  })
  it('the cargo type table reads 2d10 from 2 Lumber to 18 Special, 19-20 none', () => {
    expect(PRIZE_HOLDS.cargoTable.find((r) => r.roll === 2)!.cargo).toBe('lumber')
    expect(PRIZE_HOLDS.cargoTable.find((r) => r.roll === 12)!.cargo).toBe('gems')
    expect(PRIZE_HOLDS.cargoTable.find((r) => r.roll === 18)!.cargo).toBe('special')
    expect(PRIZE_HOLDS.cargoTable.filter((r) => r.cargo === null).map((r) => r.roll)).toEqual([19, 20])
  })
})

describe('seed 003 VII Booty: towns and forts', () => {
  it('1-10 cargo types of 1-10 t, 1K1 × 1,000 ransom + 1,500 / 3,000 / 5,000 per fort; taken forts give half their guns and 1K1 t powder', () => {
    // 2 types: (2d10 4 textiles, 5 t), (2d10 4 textiles again, 3 t); ransom 1k1 7; 1 medium taken: powder 1k1 4
    const d = faces([2, 4, 5, 4, 3, 7, 4])
    const t = rollTown(TOWN_RANSOM, PRIZE_HOLDS, { small: 1, medium: 1, large: 0 }, { small: 0, medium: 1, large: 0 }, d.roll)
    expect(t.cargo).toEqual([{ cargo: 'textiles', tons: 8 }])
    expect(t.ransom).toBe(7000 + 1500 + 3000)
    expect(t.fortGuns).toBe(8)
    expect(t.fortPowder).toBe(4)
    // The breakdown, by what each term counts: the ransom's terms add up to the ransom, the forts' to the guns.
    expect(t.ransomTerms.reduce((n, x) => n + x.value, 0)).toBe(t.ransom)
    expect(t.fortTerms.reduce((n, x) => n + x.value, 0)).toBe(t.fortGuns)
    expect(t.cargoTerms.map((x) => x.label)).toEqual(['Cargo types (1d10)', 'Cargo 1: roll 4 → textiles, 5 t', 'Cargo 2: roll 4 → textiles, 3 t'])
    expect([...t.cargoTerms, ...t.ransomTerms, ...t.fortTerms]).toEqual(t.breakdown)
  })
})

describe('rules guide §2 Booty articles; seed 003 VI heroic actions', () => {
  it('captain 2, officers 1.5, crew 1; owed wages first; an extra share per heroic action aboard pirates', () => {
    expect(BOOTY_ARTICLES).toMatchObject({ captain: 2, officers: 1.5, crew: 1, heroicShares: 1, heroicBonusDie: '1k1', heroicBonusPer: 20 })
    const d = divideBooty(
      1200,
      200,
      BOOTY_ARTICLES,
      [
        { ownerId: 10, name: 'Captain', role: 'captain', count: 1, heroic: 1 },
        { ownerId: 11, name: 'Mate', role: 'officer', count: 1, heroic: 0 },
        { ownerId: 1, name: 'Hands', role: 'hands', count: 4, heroic: 0 }
      ],
      true
    )
    // 1000 over 3 + 1.5 + 4 = 8.5 shares
    expect(d.owedPaid).toBe(200)
    expect(d.totalShares).toBe(8.5)
    expect(d.lines.map((l) => l.amount)).toEqual([353, 176, 471])
    expect(d.lines.reduce((n, l) => n + l.amount, 0)).toBe(1000)
  })
})

describe('seed 003 VIII joint-stock companies: the knacks a charter asks for', () => {
  it('seed 003 VIII Joint Stock Company: the Banker’s knack (Accounting) and the charter roll’s knack are in the default knack table, so a character can have them', () => {
    const knacks = RULE_TABLES.knacks.defaults as string[]
    const charter = RULE_TABLES.companyCharter.defaults as { knack: string; bankerKnack: string }
    expect(charter.bankerKnack).toBe('Accounting')
    expect(knacks).toContain(charter.bankerKnack)
    expect(knacks).toContain(charter.knack)
  })
})
