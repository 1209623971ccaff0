import type { z } from 'zod'
import type {
  BootyArticlesSchema,
  CargoPrices,
  DemandBandsSchema,
  PrizeHoldsSchema,
  ProfitSplitSchema,
  ShareTradingSchema,
  TownRansomSchema
} from './tables'

/**
 * Pure rules of sea trade, companies and booty (issue 8): (tables, input, dice) → result with its
 * breakdown. No I/O, no clock. Dice come in as a function that rolls a notation and returns its
 * total (the campaign passes its DiceBox, so typed faces and the roll log work).
 */

export interface Term {
  label: string
  value: number
}
export type Roll = (notation: string, purpose: string) => number

type DemandBands = z.infer<typeof DemandBandsSchema>
type ProfitSplit = z.infer<typeof ProfitSplitSchema>
type ShareTrading = z.infer<typeof ShareTradingSchema>
type PrizeHolds = z.infer<typeof PrizeHoldsSchema>
type TownRansom = z.infer<typeof TownRansomSchema>
type BootyArticles = z.infer<typeof BootyArticlesSchema>

const round1 = (n: number) => Math.round(n * 10) / 10

// ─── Prices (rules guide §2 Cargo prices; seed 003 VIII demand) ─────────────────────────────────

export function cargoLabel(prices: CargoPrices, key: string): string {
  return prices.find((c) => c.key === key)?.label ?? key
}

/** A port's price per ton: its own price if the GM set one, else the continent or colonies column. */
export function marketPrice(prices: CargoPrices, key: string, colonial: boolean, override: number | null): { price: number; base: number; breakdown: Term[] } | null {
  const row = prices.find((c) => c.key === key)
  if (!row) return null
  const base = colonial ? row.colonies : row.continent
  const breakdown: Term[] = [{ label: `${row.label}, ${colonial ? 'colonies' : 'continent'} price per ton`, value: base }]
  if (override !== null && override !== base) breakdown.push({ label: "This port's own price", value: override - base })
  return { price: override ?? base, base, breakdown }
}

/** The band a demand roll (die + bonus) falls in: the last band whose `from` it reaches. */
export function demandBand(bands: DemandBands['bands'], roll: number): { percent: number; label: string } {
  const sorted = [...bands].sort((a, b) => a.from - b.from)
  let found = sorted[0]!
  for (const b of sorted) if (roll >= b.from) found = b
  return { percent: found.percent, label: found.label }
}

/** Sale price of some tons at a demand: per ton rounded to the guilder, then times the tons (rounded). */
export function salePrice(base: { price: number; breakdown: Term[] }, demand: { percent: number; label: string; roll: number }, tons: number) {
  const perTon = Math.round((base.price * (100 + demand.percent)) / 100)
  const total = Math.round(perTon * tons)
  const breakdown: Term[] = [
    ...base.breakdown,
    { label: `${demand.label} (demand roll ${demand.roll}: ${demand.percent >= 0 ? '+' : ''}${demand.percent}%)`, value: perTon - base.price },
    { label: `Per ton`, value: perTon },
    { label: `× ${tons} t`, value: total }
  ]
  return { perTon, total, breakdown }
}

// ─── Voyage profits (seed 003 VIII) ─────────────────────────────────────────────────────────────

export interface SplitParty {
  ownerId: number
  name: string
}
export interface SplitInput {
  income: number
  /** Costs with who bore them (each is paid back before the profit is split). */
  costs: { ownerId: number; name: string; amount: number }[]
  table: ProfitSplit
  /** The ship's owners by whole-percent shares (a company is an owner too). */
  owners: { ownerId: number; name: string; share: number }[]
  captain: SplitParty | null
  firstMate: SplitParty | null
  /** Where nobody holds a place (no captain aboard, a hired banker without a name, the expenses). */
  world: SplitParty
  /** The company among the owners, if any: its banker and shareholders take from its part of the owners' share. */
  company: {
    ownerId: number
    /** A hired banker (null: a founder keeps the books, no fee). The party may be the world. */
    banker: SplitParty | null
    shareholders: { ownerId: number; name: string; shares: number }[]
  } | null
}
export interface SplitOut {
  role: 'costs' | 'owners' | 'captain' | 'firstMate' | 'banker' | 'shareholder' | 'expenses' | 'loss'
  ownerId: number
  name: string
  percent: number
  amount: number
  note: string
}

/** Largest-remainder split of a whole amount by weights (the parts add up to exactly `total`). */
export function apportion(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((n, w) => n + w, 0)
  if (sum <= 0) return weights.map(() => 0)
  const exact = weights.map((w) => (total * w) / sum)
  const parts = exact.map((x) => Math.floor(x))
  let left = total - parts.reduce((n, p) => n + p, 0)
  const order = exact.map((x, i) => ({ i, rem: x - Math.floor(x), w: weights[i]! })).sort((a, b) => b.rem - a.rem || b.w - a.w || a.i - b.i)
  for (let k = 0; left > 0; k = (k + 1) % order.length, left--) parts[order[k]!.i]! += 1
  return parts
}

/**
 * Close a trading voyage (seed 003 VIII): income pays back every cost to whoever bore it; the profit
 * is split owners / captain / first mate / expenses (expenses to the world: the seed's "various
 * expenses"); a hired banker and each shareholder (1% a share) take from the company's part of the
 * owners' share; joint owners share by their shares. An owner who is also captain or first mate
 * takes both. A loss: the income goes back to those who bore the costs in proportion, so the loss
 * falls on them (the owners, or the company that paid).
 */
export function splitVenture(x: SplitInput): { lines: SplitOut[]; profit: number; costs: number; breakdown: Term[] } {
  const costs = x.costs.reduce((n, c) => n + c.amount, 0)
  const profit = x.income - costs
  const lines: SplitOut[] = []
  const breakdown: Term[] = [
    { label: 'Income (cargo sold, passengers)', value: x.income },
    { label: 'Costs (cargo bought, port costs, wages, food)', value: -costs },
    { label: profit >= 0 ? 'Profit' : 'Loss', value: profit }
  ]
  // Merge costs by payer.
  const byPayer = new Map<number, { name: string; amount: number }>()
  for (const c of x.costs) {
    const cur = byPayer.get(c.ownerId) ?? { name: c.name, amount: 0 }
    cur.amount += c.amount
    byPayer.set(c.ownerId, cur)
  }
  const payers = [...byPayer.entries()]
  if (profit <= 0) {
    const back = apportion(Math.max(0, x.income), payers.map(([, p]) => p.amount))
    payers.forEach(([ownerId, p], i) => {
      lines.push({ role: 'loss', ownerId, name: p.name, percent: 0, amount: back[i]!, note: `Paid ${p.amount} in costs, gets back ${back[i]} (loss ${p.amount - back[i]!})` })
    })
    return { lines, profit, costs, breakdown }
  }
  for (const [ownerId, p] of payers) lines.push({ role: 'costs', ownerId, name: p.name, percent: 0, amount: p.amount, note: 'Costs paid back' })

  const t = x.table
  type W = Omit<SplitOut, 'amount'> & { weight: number }
  const ws: W[] = []
  ws.push({ role: 'expenses', ownerId: x.world.ownerId, name: x.world.name, percent: t.expenses, note: 'Various expenses', weight: t.expenses })
  ws.push({
    role: 'captain',
    ownerId: (x.captain ?? x.world).ownerId,
    name: (x.captain ?? x.world).name,
    percent: t.captain,
    note: x.captain ? 'Captain' : 'No captain aboard: a hired captain is paid',
    weight: t.captain
  })
  ws.push({
    role: 'firstMate',
    ownerId: (x.firstMate ?? x.world).ownerId,
    name: (x.firstMate ?? x.world).name,
    percent: t.firstMate,
    note: x.firstMate ? 'First mate' : 'No first mate aboard: a hired mate is paid',
    weight: t.firstMate
  })
  for (const o of x.owners) {
    const frac = o.share / 100
    if (x.company && o.ownerId === x.company.ownerId) {
      let left = t.owners
      if (x.company.banker) {
        ws.push({ role: 'banker', ownerId: x.company.banker.ownerId, name: x.company.banker.name, percent: t.banker * frac, note: 'Hired banker', weight: t.banker * frac })
        left -= t.banker
      }
      for (const s of x.company.shareholders) {
        if (s.shares <= 0) continue
        ws.push({ role: 'shareholder', ownerId: s.ownerId, name: s.name, percent: s.shares * frac, note: `${s.shares} share${s.shares === 1 ? '' : 's'}`, weight: s.shares * frac })
        left -= s.shares
      }
      ws.push({ role: 'owners', ownerId: o.ownerId, name: o.name, percent: Math.max(0, left) * frac, note: `Owner (${o.share}%), after banker and shareholders`, weight: Math.max(0, left) * frac })
    } else {
      ws.push({ role: 'owners', ownerId: o.ownerId, name: o.name, percent: t.owners * frac, note: `Owner (${o.share}%)`, weight: t.owners * frac })
    }
  }
  const amounts = apportion(profit, ws.map((w) => Math.round(w.weight * 1e6)))
  ws.forEach(({ weight: _w, ...w }, i) => lines.push({ ...w, percent: round1(w.percent * 100) / 100, amount: amounts[i]! }))
  return { lines, profit, costs, breakdown }
}

/** The largest number of shares a company may have out: the owners' share less a hired banker's cut. */
export function maxShares(table: ProfitSplit, hiredBanker: boolean): number {
  return Math.floor(table.owners - (hiredBanker ? table.banker : 0))
}

/**
 * The suggested share price (house formula, the shareTrading table): multiple × the average profit
 * per share (1% of a voyage's profit) over the company's last N closed voyages, rounded to roundTo,
 * within the bounds. With no voyage yet: the current price.
 */
export function suggestSharePrice(t: ShareTrading, profits: readonly number[], current: number): { price: number; breakdown: Term[] } {
  const recent = profits.slice(-t.suggestion.voyages)
  if (recent.length === 0) return { price: current, breakdown: [{ label: 'No voyage closed yet: the current price', value: current }] }
  const avg = recent.reduce((n, p) => n + p, 0) / recent.length
  const perShare = avg / 100
  const raw = perShare * t.suggestion.multiple
  const rounded = Math.round(raw / t.suggestion.roundTo) * t.suggestion.roundTo
  const price = Math.min(t.maxPrice, Math.max(t.minPrice, rounded))
  return {
    price,
    breakdown: [
      { label: recent.length === 1 ? 'Profit of the last voyage' : `Average profit of the last ${recent.length} voyages`, value: Math.round(avg) },
      { label: 'Per share (1%)', value: Math.round(perShare * 100) / 100 },
      { label: `× ${t.suggestion.multiple}, rounded to ${t.suggestion.roundTo}`, value: rounded },
      { label: `Within ${t.minPrice}-${t.maxPrice}`, value: price }
    ]
  }
}

// ─── Booty (seed 003 VII) ───────────────────────────────────────────────────────────────────────

/** "One to three": a d6 halved, rounded up (house reading); a d10 is read 1-3, 4-6, 7-10. */
export function oneToThree(face: number, sides: 6 | 10 = 6): number {
  if (sides === 6) return Math.ceil(face / 2)
  return face <= 3 ? 1 : face <= 6 ? 2 : 3
}
const sidesOf = (notation: string): 6 | 10 => (/d6/i.test(notation) ? 6 : 10)

export function cargoByRoll(t: PrizeHolds, roll: number): string | null {
  return t.cargoTable.find((r) => r.roll === roll)?.cargo ?? null
}

export interface PrizeHoldOut {
  supplies: number
  boats: number
  powder: number
  cargo: { cargo: string; tons: number }[]
  breakdown: Term[]
}

/**
 * A prize's hold by kind (seed 003 VII Booty). Fighting ships (warships, pirates, privateers): one ton
 * of supplies, 1-3 t of boats, half of what remains powder and shot, and on 7+ on one die one type
 * of cargo (2d10 on the cargo table) in the rest. Merchantmen and galleons: supplies, 1-3 jolly boats
 * (a ton each), 1-3 t of powder, the rest two cargo types by 2d10 each, split evenly (whole tons; an
 * odd ton to the first). "No cargo" (19-20) leaves its part as ballast.
 */
export function rollPrizeHold(t: PrizeHolds, kind: 'fighting' | 'merchant', capacity: number, roll: Roll, boatTons = 1): PrizeHoldOut {
  const breakdown: Term[] = [{ label: 'Cargo capacity', value: capacity }]
  const supplies = Math.min(capacity, t.suppliesTons)
  breakdown.push({ label: 'Supplies', value: -supplies })
  const boatsFace = roll(t.boatsDie, 'Prize hold: jolly boats (1-3)')
  const boats = Math.min(capacity - supplies, oneToThree(boatsFace, sidesOf(t.boatsDie)) * (kind === 'merchant' ? boatTons : 1))
  breakdown.push({ label: `Jolly boats (${t.boatsDie} ${boatsFace} → ${oneToThree(boatsFace, sidesOf(t.boatsDie))})`, value: -boats })
  let rest = Math.max(0, capacity - supplies - boats)
  const cargo: { cargo: string; tons: number }[] = []
  let powder: number
  if (kind === 'fighting') {
    powder = round1(rest * t.fightingPowderShare)
    breakdown.push({ label: `Powder and shot (${Math.round(t.fightingPowderShare * 100)}% of the rest)`, value: -powder })
    rest = round1(rest - powder)
    const d = roll('1d10', `Prize hold: cargo aboard on ${t.fightingCargoOn}+`)
    if (d >= t.fightingCargoOn) {
      const r = roll('2d10', 'Prize hold: cargo type (2d10)')
      const type = cargoByRoll(t, r)
      breakdown.push({ label: `Cargo roll ${d} (${t.fightingCargoOn}+): type roll ${r} → ${type ?? 'no cargo, ballast'}`, value: type ? rest : 0 })
      if (type && rest > 0) cargo.push({ cargo: type, tons: rest })
    } else {
      breakdown.push({ label: `Cargo roll ${d} (under ${t.fightingCargoOn}): no cargo`, value: 0 })
    }
  } else {
    const pf = roll(t.merchantPowderDie, 'Prize hold: powder and shot (1-3 t)')
    powder = Math.min(rest, oneToThree(pf, sidesOf(t.merchantPowderDie)))
    breakdown.push({ label: `Powder and shot (${t.merchantPowderDie} ${pf} → ${powder} t)`, value: -powder })
    rest = Math.max(0, rest - powder)
    const n = t.cargoTypesMerchant
    const whole = Math.floor(rest)
    const parts = apportion(whole, Array.from({ length: n }, () => 1))
    for (let i = 0; i < n; i++) {
      const r = roll('2d10', `Prize hold: cargo type ${i + 1} (2d10)`)
      const type = cargoByRoll(t, r)
      breakdown.push({ label: `Cargo type ${i + 1}: roll ${r} → ${type ?? 'no cargo, ballast'}`, value: type ? parts[i]! : 0 })
      if (!type || parts[i]! <= 0) continue
      const same = cargo.find((c) => c.cargo === type)
      if (same) same.tons += parts[i]!
      else cargo.push({ cargo: type, tons: parts[i]! })
    }
  }
  return { supplies, boats, powder, cargo, breakdown }
}

export interface TownOut {
  cargo: { cargo: string; tons: number }[]
  ransom: number
  fortGuns: number
  fortPowder: number
  /** Every term in the order rolled; the same terms by what they count below. */
  breakdown: Term[]
  /** Guilders: the ransom roll and each fort's addition. */
  ransomTerms: Term[]
  /** Tons: the number of cargo types and each type's roll. */
  cargoTerms: Term[]
  /** Guns: each fort taken. */
  fortTerms: Term[]
}

/**
 * A coastal town raided or bombarded into surrender (seed 003 VII): one die of cargo types, each by
 * 2d10 on the cargo table (a repeat adds to the same cargo; "no cargo" rolls add nothing), one die of
 * tons each; 1K1 × 1,000 G ransom plus 1,500 / 3,000 / 5,000 per small / medium / large fort; each
 * fort taken gives half its guns and 1K1 t of powder.
 */
export function rollTown(
  t: TownRansom,
  holds: PrizeHolds,
  forts: { small: number; medium: number; large: number },
  taken: { small: number; medium: number; large: number },
  roll: Roll
): TownOut {
  const cargoTerms: Term[] = []
  const ransomTerms: Term[] = []
  const fortTerms: Term[] = []
  const types = roll(t.cargoTypesDie, 'Town: cargo types')
  cargoTerms.push({ label: `Cargo types (${t.cargoTypesDie})`, value: types })
  const cargo: { cargo: string; tons: number }[] = []
  for (let i = 0; i < types; i++) {
    const r = roll('2d10', `Town: cargo type ${i + 1} (2d10)`)
    const type = cargoByRoll(holds, r)
    const tons = roll(t.tonsDie, `Town: tons of cargo ${i + 1}`)
    cargoTerms.push({ label: `Cargo ${i + 1}: roll ${r} → ${type ?? 'none'}, ${tons} t`, value: type ? tons : 0 })
    if (!type) continue
    const same = cargo.find((c) => c.cargo === type)
    if (same) same.tons += tons
    else cargo.push({ cargo: type, tons })
  }
  const rr = roll(t.ransomDie, 'Town: ransom')
  let ransom = rr * t.ransomPer
  ransomTerms.push({ label: `Ransom ${t.ransomDie} ${rr} × ${t.ransomPer}`, value: ransom })
  for (const size of ['small', 'medium', 'large'] as const) {
    if (forts[size] > 0) {
      const add = forts[size] * t.perFort[size]
      ransom += add
      ransomTerms.push({ label: `${forts[size]} ${size} fort${forts[size] > 1 ? 's' : ''} × ${t.perFort[size]}`, value: add })
    }
  }
  let fortGuns = 0
  let fortPowder = 0
  for (const size of ['small', 'medium', 'large'] as const) {
    for (let i = 0; i < taken[size]; i++) {
      const guns = Math.floor(t.fortGuns[size] * t.fortGunsShare)
      const p = roll(t.fortPowderDie, `Taken ${size} fort: powder and shot (t)`)
      fortGuns += guns
      fortPowder += p
      fortTerms.push({ label: `Taken ${size} fort: ${guns} guns, ${p} t powder`, value: guns })
    }
  }
  return { cargo, ransom, fortGuns, fortPowder, breakdown: [...cargoTerms, ...ransomTerms, ...fortTerms], ransomTerms, cargoTerms, fortTerms }
}

/**
 * What of a town's plunder goes aboard (seed 003 I: the hold is one hold; VII: the town's cargo and
 * the forts' powder and shot): all of it, less what the GM leaves behind, must fit in the room left.
 * Returns the loads, or the problems (by field) when what is left behind is more than was taken or
 * the rest does not fit.
 */
export function plunderLoad(
  plunder: { cargo: { cargo: string; tons: number }[]; powder: number },
  leave: { cargo: Record<string, number>; powder: number },
  room: number
): {
  cargo: { cargo: string; tons: number; loaded: number; left: number }[]
  powder: { tons: number; loaded: number; left: number }
  loaded: number
  room: number
  problems: { field: string; message: string }[]
} {
  const t1 = (n: number) => Math.round(n * 10) / 10
  const problems: { field: string; message: string }[] = []
  for (const k of Object.keys(leave.cargo)) {
    const c = plunder.cargo.find((x) => x.cargo === k)
    if (!c) problems.push({ field: `leaveBehind.cargo.${k}`, message: `there is no ${k} in the plunder to leave behind` })
    else if (leave.cargo[k]! > c.tons + 1e-9) problems.push({ field: `leaveBehind.cargo.${k}`, message: `only ${c.tons} t of ${k} were taken, not ${leave.cargo[k]} t to leave` })
  }
  if (leave.powder > plunder.powder + 1e-9) problems.push({ field: 'leaveBehind.powder', message: `only ${plunder.powder} t of powder and shot were taken, not ${leave.powder} t to leave` })
  const cargo = plunder.cargo.map((c) => {
    const left = Math.min(c.tons, Math.max(0, leave.cargo[c.cargo] ?? 0))
    return { cargo: c.cargo, tons: c.tons, loaded: t1(c.tons - left), left: t1(left) }
  })
  const pLeft = Math.min(plunder.powder, Math.max(0, leave.powder))
  const powder = { tons: plunder.powder, loaded: t1(plunder.powder - pLeft), left: t1(pLeft) }
  const loaded = t1(cargo.reduce((n, c) => n + c.loaded, 0) + powder.loaded)
  if (problems.length === 0 && loaded > room + 1e-9) {
    problems.push({
      field: 'leaveBehind',
      message: `the hold has room for ${t1(Math.max(0, room))} t, not the ${loaded} t of plunder: leave at least ${t1(loaded - Math.max(0, room))} t behind`
    })
  }
  return { cargo, powder, loaded, room: t1(room), problems }
}

export interface BootyMember {
  ownerId: number
  name: string
  role: 'captain' | 'officer' | 'crew' | 'hands'
  /** For 'hands': how many. */
  count: number
  heroic: number
}

/**
 * Divide booty by the ship's articles (rules guide §2 "Booty articles"; seed 003 VII, VI): first what
 * the crew is owed (pirates, privateers); the rest by shares — captain, officers, every other hand —
 * and an extra share per heroic action aboard pirates and privateers.
 */
export function divideBooty(
  amount: number,
  owed: number,
  articles: Pick<BootyArticles, 'captain' | 'officers' | 'crew' | 'heroicShares'>,
  members: BootyMember[],
  heroicShares: boolean
) {
  const owedPaid = Math.min(owed, amount)
  const divided = amount - owedPaid
  const sharesOf = (m: BootyMember) =>
    (m.role === 'captain' ? articles.captain : m.role === 'officer' ? articles.officers : articles.crew) * m.count + (heroicShares ? m.heroic * articles.heroicShares : 0)
  const shares = members.map(sharesOf)
  const total = shares.reduce((n, s) => n + s, 0)
  const amounts = apportion(divided, shares.map((s) => Math.round(s * 1000)))
  const breakdown: Term[] = [
    { label: 'Booty', value: amount },
    { label: "Crew's wages, food and gear owed", value: -owedPaid },
    { label: 'To divide', value: divided },
    { label: 'Shares', value: total },
    { label: 'Per share', value: total > 0 ? Math.floor((divided / total) * 100) / 100 : 0 }
  ]
  return {
    owedPaid,
    divided,
    totalShares: total,
    perShare: total > 0 ? divided / total : 0,
    lines: members.map((m, i) => ({ ...m, shares: shares[i]!, amount: amounts[i]! })),
    breakdown
  }
}
