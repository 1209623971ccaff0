import { addMonths, dateOf } from '../../shared/calendar'
import type { CrewPayer, UpkeepSummary } from '../../shared/commands/crew'
import { CommandError } from '../../shared/errors'
import type { ShipDesign, ShipQuote } from '../../shared/ship/design'
import type { DiceBox } from '../../shared/dice/roll'
import { deferWrite, stmt, type Db } from '../campaign/sqlite'
import { registerClockSettle, registerPeriodicStep } from '../campaign-core/clock'
import { calendarOf, currentDay, labelOf } from '../campaign-core/clock-state'
import { balance, post, WORLD_OWNER_ID, type Line } from '../campaign-core/ledger'
import { getRule } from '../campaign-core/rules'
import { type CrewCost, ventureCrewCost } from './trade'
import { addShipEvent, listing, requireShip, shipOwners, splitByShares } from './shipyard'
import { fmt } from '../../shared/numbers'
import { currencyOf } from '../campaign-core/currency'
import { type CompanyRow, type Ctx, companyOf, conditionOf, ctxOf, ctxsWhere, foodByDays, pendingDayCounts, settleDayCounts, writeDayCounts, type DayCounts, foodDaysOf, gunsOf, handsOf, monthlyOf, payerOf, plural, provisionsOf, requireAfloat, requireFoodRoom, requireFriendlyPort, setCompany, weeksPerMonthOf } from './ship-state'

/**
 * A Théah ship (seed 003): one with no Atrilian row (migration 0016). Théah's upkeep, careening and
 * days counted visit only these; an Atrilia campaign's ships have the Atrilian setting's own rules.
 */
export const THEAH_SHIP = 'id NOT IN (SELECT ship_id FROM atrilian_ship)'

/**
 * Upkeep (seed 003 I.2 Crew and I. maintenance; rules guide §2): who pays the crew's gear, wages and
 * food (owners by their shares, the government, or owed against booty), what is owed to the crew and
 * to named officers, provisions bought in port and eaten at sea, and three clock steps: the monthly
 * upkeep (order 100), the days counted in port and at sea (120) and provisions at sea (220).
 */

/** What is owed to named officers (by the owner paid for each), part of the crew's `owed`. */
export const owedToOf = (c: { owed_to: string }): Map<number, number> =>
  new Map(Object.entries(JSON.parse(c.owed_to) as Record<string, number>).map(([k, v]) => [Number(k), v] as [number, number]).filter(([, v]) => v > 0))
const owedToJson = (m: Map<number, number>) => JSON.stringify(Object.fromEntries([...m].filter(([, v]) => v > 0).sort((a, b) => a[0] - b[0])))

/**
 * Add to what the crew is owed: `total`, of which `toOfficers` is owed to named officers (by owner).
 * `known`: her company row as read in this step, when what it says is owed is still what is owed.
 */
function addOwed(db: Db, shipId: number, total: number, toOfficers: { ownerId: number; amount: number }[] = [], known?: CompanyRow): void {
  if (total <= 0) return
  const c = known ?? companyOf(db, shipId)
  const m = owedToOf(c)
  let left = total
  for (const o of toOfficers) {
    const a = Math.min(o.amount, left)
    if (a <= 0) continue
    m.set(o.ownerId, (m.get(o.ownerId) ?? 0) + a)
    left -= a
  }
  setCompany(db, shipId, { owed: c.owed + total, owed_to: owedToJson(m) }, c)
}

/**
 * Pay `amount` of what the crew is owed: named officers and the rest (the hands' wages, food and
 * gear, paid to the outside world) alike, pro rata (seed 003 I.2). Returns who is paid what; the
 * company's owed and owed_to are reduced.
 */
export function payOwed(db: Db, shipId: number, amount: number): { ownerId: number; name: string; amount: number }[] {
  const c = companyOf(db, shipId)
  const pay = Math.min(Math.max(0, amount), c.owed)
  if (pay <= 0) return []
  const m = owedToOf(c)
  const officers = [...m.entries()]
  const toOfficers = officers.reduce((n, [, a]) => n + a, 0)
  const rest = Math.max(0, c.owed - toOfficers)
  const parts = splitByShares(pay, [...officers.map(([, a]) => a), rest])
  const name = stmt(db, `SELECT name FROM owner WHERE id = ?`)
  const out: { ownerId: number; name: string; amount: number }[] = []
  officers.forEach(([ownerId, a], i) => {
    const p = Math.min(parts[i]!, a)
    if (p <= 0) return
    m.set(ownerId, a - p)
    out.push({ ownerId, name: (name.get(ownerId) as { name: string } | undefined)?.name ?? `owner ${ownerId}`, amount: p })
  })
  const paidOfficers = out.reduce((n, o) => n + o.amount, 0)
  if (pay - paidOfficers > 0) out.push({ ownerId: WORLD_OWNER_ID, name: 'the hands and suppliers', amount: pay - paidOfficers })
  setCompany(db, shipId, { owed: c.owed - pay, owed_to: owedToJson(m) }, c)
  return out
}

// ---------------------------------------------------------------------------------------------
// Paying: by the ship kind's payer, owners by their shares in cash
// ---------------------------------------------------------------------------------------------

export interface Paid {
  charged: { ownerId: number; name: string; amount: number }[]
  unpaid: number
  /** Of `unpaid`, what the payees (officers' wages) were not paid. */
  payeesShort?: { ownerId: number; amount: number }[]
}

/**
 * Charge the ship's owners `total` by their shares, in cash, to `payees` (owner → amount: officers'
 * wages) and the outside world for the rest. 'refuse': a shortfall (debt not allowed) is an error
 * naming each owner short and by how much; 'owe': each owner pays what they can and the rest is
 * returned as unpaid.
 */
export function chargeOwners(
  db: Db,
  shipId: number,
  total: number,
  opts: { memo: string; command: string; mode: 'refuse' | 'owe'; allowDebt: boolean; what: string; payees?: { ownerId: number; amount: number }[]; shipName?: string }
): Paid {
  if (total <= 0) return { charged: [], unpaid: 0 }
  const ship = opts.shipName !== undefined ? { name: opts.shipName } : requireShip(db, shipId)
  const owners = shipOwners(db, shipId)
  const parts = splitByShares(
    total,
    owners.map((o) => o.share)
  )
  const currency = currencyOf(db)
  const charged: Paid['charged'] = []
  const short: { ownerId: number; name: string; part: number; cash: number; shortfall: number }[] = []
  owners.forEach((o, i) => {
    const part = parts[i]!
    if (o.ownerId === WORLD_OWNER_ID || opts.allowDebt) {
      charged.push({ ownerId: o.ownerId, name: o.name, amount: part })
      return
    }
    const cash = balance(db, o.ownerId).cash
    const pays = Math.max(0, Math.min(part, cash))
    if (pays < part) short.push({ ownerId: o.ownerId, name: o.name, part, cash, shortfall: part - pays })
    charged.push({ ownerId: o.ownerId, name: o.name, amount: pays })
  })
  if (short.length && opts.mode === 'refuse') {
    const each = short.map((s) => `${s.name} is ${fmt(s.shortfall)} ${currency} short (their share is ${fmt(s.part)} ${currency}; they have ${fmt(s.cash)} in cash)`)
    throw new CommandError('rule', `Not enough money to pay for ${opts.what} of the ${ship.name}: ${each.join('; ')}. Nothing was charged.`, {
      shortfalls: short
    })
  }
  const collected = charged.reduce((n, c) => n + c.amount, 0)
  // Who receives: the payees first (officers' wages), the outside world for the rest.
  const net = new Map<number, number>()
  const add = (id: number, amount: number) => net.set(id, (net.get(id) ?? 0) + amount)
  for (const c of charged) if (c.amount) add(c.ownerId, -c.amount)
  let left = collected
  const payeesShort: { ownerId: number; amount: number }[] = []
  for (const p of opts.payees ?? []) {
    const a = Math.max(0, Math.min(p.amount, left))
    if (a > 0) add(p.ownerId, a)
    if (a < p.amount) payeesShort.push({ ownerId: p.ownerId, amount: p.amount - a })
    left -= a
  }
  if (left > 0) add(WORLD_OWNER_ID, left)
  const lines: Line[] = [...net.entries()].filter(([, a]) => a !== 0).map(([ownerId, amount]) => ({ ownerId, account: 'cash', amount }))
  if (lines.length) post(db, { day: currentDay(db), memo: opts.memo, command: opts.command, lines })
  return { charged: charged.filter((c) => c.ownerId !== WORLD_OWNER_ID || c.amount > 0), unpaid: total - collected, payeesShort }
}

/** Charge a crew cost by the ship kind's payer: the government (nothing), owed from booty, or the owners. */

export function chargeCrewCost(
  db: Db,
  x: Ctx,
  total: number,
  opts: {
    memo: string
    command: string
    mode: 'refuse' | 'owe'
    allowDebt: boolean
    what: string
    /** What the money is for (an open trading voyage takes upkeep and provisions into its accounts); `wages`: the upkeep's wages part. */
    cost: CrewCost
    payees?: { ownerId: number; amount: number }[]
    /** `x.c` still says what the crew is owed (nothing paid or owed since it was read): it is not read again. */
    owedAsRead?: boolean
  }
): Paid & { payer: CrewPayer; owedAdded: number } {
  const payer = payerOf(x.c.kind)
  if (total <= 0 || payer === 'government') return { charged: [], unpaid: 0, payer, owedAdded: 0 }
  const known = opts.owedAsRead ? x.c : undefined
  if (payer === 'booty') {
    // Subtracted from booty (seed 003 I.2): owed to the crew, the officers' wages to the officers.
    addOwed(db, x.row.id, total, opts.payees, known)
    return { charged: [], unpaid: 0, payer, owedAdded: total }
  }
  const paid = chargeOwners(db, x.row.id, total, { ...opts, shipName: x.row.name })
  ventureCrewCost(db, x.row.id, total, opts, paid) // wages and food of an open trading voyage: into its accounts (seed 003 VIII)
  if (paid.unpaid > 0) addOwed(db, x.row.id, paid.unpaid, paid.payeesShort, known)
  return { ...paid, payer, owedAdded: paid.unpaid }
}

export function gearEach(db: Db, design: ShipDesign) {
  const gear = getRule(db, 'crewUpkeep').gearPerRecruit
  if (design.flaws.disgruntledCrew !== true) return { each: gear, label: `${gear} G of gear` }
  const pct = getRule(db, 'shipFlaws').disgruntledCrew.crewHiringDiscountPercent
  return { each: Math.round((gear * (100 - pct)) / 100), label: `${gear} G of gear less ${pct}% (Disgruntled Crew)` }
}

/** Gear for `n` new hands: a total rounded to the guilder (16 × 0.95 × n). */
export function gearFor(db: Db, design: ShipDesign, n: number) {
  const gear = getRule(db, 'crewUpkeep').gearPerRecruit
  if (design.flaws.disgruntledCrew !== true) return gear * n
  const pct = getRule(db, 'shipFlaws').disgruntledCrew.crewHiringDiscountPercent
  return Math.round((gear * n * (100 - pct)) / 100)
}

// ---------------------------------------------------------------------------------------------
// Provisions
// ---------------------------------------------------------------------------------------------

export function provisionShip(db: Db, input: { shipId: number; months: number }, allowDebt: boolean, command = 'ships.provision') {
  const x = ctxOf(db, input.shipId)
  requireAfloat(x.row, 'take on provisions')
  requireFriendlyPort(db, x.row, x.c, 'buy provisions')
  const eaters = x.row.crew + x.officers.length
  if (eaters === 0) throw new CommandError('rule', `Nobody is aboard the ${x.row.name} to eat provisions: sign on a crew first.`)
  requireFoodRoom(db, x, 'months')
  const up = getRule(db, 'crewUpkeep')
  const wpm = weeksPerMonthOf(db, x.design)
  const cost = eaters * input.months * up.foodPerCrewMonth
  const paid = chargeCrewCost(db, x, cost, {
    memo: `Provisions for ${plural(input.months, 'month')} for the ${x.row.name} (${eaters} aboard)`,
    command,
    mode: 'refuse',
    allowDebt,
    what: `${plural(input.months, 'month')} of provisions`,
    cost: { kind: 'provisions' }
  })
  const added = eaters * input.months * wpm
  setCompany(db, x.row.id, { provisions: companyOf(db, x.row.id).provisions + added })
  const after = ctxOf(db, x.row.id)
  const breakdown = [
    { label: `${eaters} aboard × ${plural(input.months, 'month')} × ${up.foodPerCrewMonth}`, value: cost },
    { label: `Weekly rations added (a month lasts ${plural(wpm, 'week')}${x.design.flaws.vermin ? ', Vermin' : ''})`, value: added },
    ...paid.charged.map((c) => ({ label: `${c.name}'s share`, value: c.amount }))
  ]
  return { cost, payer: paid.payer, charged: paid.charged, provisions: provisionsOf(db, after), breakdown }
}

/** Refuse, naming each owner short, when the owners cannot pay `total` by their shares in cash (unless debt is allowed). */
export function requireOwnersCanPay(db: Db, shipId: number, total: number, allowDebt: boolean, what: string, field?: string): void {
  if (total <= 0 || allowDebt) return
  const ship = requireShip(db, shipId)
  const owners = shipOwners(db, shipId)
  const parts = splitByShares(total, owners.map((o) => o.share))
  const currency = currencyOf(db)
  const short = owners
    .map((o, i) => ({ o, part: parts[i]!, cash: o.ownerId === WORLD_OWNER_ID ? Infinity : balance(db, o.ownerId).cash }))
    .filter((r) => r.cash < r.part)
  if (short.length === 0) return
  throw new CommandError(
    'rule',
    `Not enough money to pay for ${what} of the ${ship.name}: ${short.map((r) => `${r.o.name} is ${fmt(r.part - Math.max(0, r.cash))} ${currency} short (their share is ${fmt(r.part)} ${currency})`).join('; ')}. Nothing was done.`,
    { ...(field ? { field } : {}), shortfalls: short.map((r) => ({ ownerId: r.o.ownerId, part: r.part })) }
  )
}

// ---------------------------------------------------------------------------------------------
// The Dashboard
// ---------------------------------------------------------------------------------------------

function afloatIds(db: Db): number[] {
  return (stmt(db, `SELECT id FROM ship WHERE status IN ('port', 'sea') AND ${THEAH_SHIP} ORDER BY id`).all() as { id: number }[]).map((r) => r.id)
}

function nextMonthStart(db: Db, today: number): number {
  const cal = calendarOf(db)
  // Today's upkeep (on the first of a month) ran when the clock arrived: the next is a month on.
  const d = dateOf(cal, today)
  return addMonths(cal, today - d.dayOfMonth + 1, 1)
}

export function upkeepSummary(db: Db): UpkeepSummary {
  const today = currentDay(db)
  const next = nextMonthStart(db, today)
  const label = labelOf(db)
  const owners = new Map<number, UpkeepSummary['owners'][number]>()
  const government: UpkeepSummary['government'] = []
  const booty: UpkeepSummary['booty'] = []
  const warnings: UpkeepSummary['warnings'] = []
  const food: UpkeepSummary['food'] = []
  const up = getRule(db, 'crewUpkeep')
  const quotes = new Map<string, ShipQuote>()
  for (const id of afloatIds(db)) {
    const x = ctxOf(db, id, quotes)
    const guns = gunsOf(db, x)
    const m = monthlyOf(db, x, guns)
    // Food by the days eaten: the days in port so far this month, and the rest of it where she lies now.
    const fd = foodDaysOf(db, x, today)
    const due = m.wages + fd.foodDue
    food.push({ shipId: id, shipName: x.row.name, ...fd })
    const payer = payerOf(x.c.kind)
    if (due > 0) {
      if (payer === 'government') government.push({ shipId: id, shipName: x.row.name, nation: x.c.nation, amount: due })
      else if (payer === 'booty') booty.push({ shipId: id, shipName: x.row.name, owedNow: x.c.owed, accruesThisMonth: due })
      else {
        const os = shipOwners(db, id)
        const parts = splitByShares(
          due,
          os.map((o) => o.share)
        )
        os.forEach((o, i) => {
          if (o.ownerId === WORLD_OWNER_ID) return
          const e = owners.get(o.ownerId) ?? { ownerId: o.ownerId, name: o.name, cash: balance(db, o.ownerId).cash, due: 0, short: 0, ships: [] }
          e.due += parts[i]!
          e.ships.push({ shipId: id, shipName: x.row.name, share: o.share, amount: parts[i]! })
          owners.set(o.ownerId, e)
        })
      }
    } else if (payer === 'booty' && x.c.owed > 0) booty.push({ shipId: id, shipName: x.row.name, owedNow: x.c.owed, accruesThisMonth: 0 })
    if (payer === 'owners' && x.c.owed > 0) {
      warnings.push({ shipId: id, shipName: x.row.name, kind: 'owed', severity: 'warning', message: `The crew of the ${x.row.name} are owed ${fmt(x.c.owed)} ${currencyOf(db)} in unpaid wages and food` })
    }

    const k = conditionOf(db, x)
    const cc = k.careening
    if (cc.untilDay !== null) {
      warnings.push({ shipId: id, shipName: x.row.name, kind: 'careening', severity: cc.vulnerable ? 'warning' : 'info', message: `The ${x.row.name} is careening until ${cc.untilLabel}${cc.vulnerable ? ', beached and vulnerable' : ''}` })
    } else if (cc.monthsPastDue > 0) {
      warnings.push({
        shipId: id,
        shipName: x.row.name,
        kind: 'careening',
        severity: 'danger',
        message: `The ${x.row.name}'s careening is ${plural(cc.monthsPastDue, 'month')} overdue (due ${cc.dueLabel}): Speed ${k.speed.now} instead of ${k.speed.design}${cc.hullLossActive ? ', losing hull each month' : ''}`
      })
    } else if (cc.inDays <= 30) {
      warnings.push({
        shipId: id,
        shipName: x.row.name,
        kind: 'careening',
        severity: 'warning',
        message: cc.inDays <= 0 ? `The ${x.row.name} is due for careening today` : `The ${x.row.name} is due for careening on ${cc.dueLabel} (in ${plural(cc.inDays, 'day')})`
      })
    }
    const p = provisionsOf(db, x)
    if (p.eaters > 0 && x.row.status === 'sea') {
      if (p.weeksLeft === 0) {
        warnings.push({ shipId: id, shipName: x.row.name, kind: 'provisions', severity: 'danger', message: `The ${x.row.name} is out of food at sea: ${up.starvingLossDice} hands lost each week` })
      } else if (p.weeksLeft !== null && p.weeksLeft <= up.warnWeeksLeft) {
        warnings.push({ shipId: id, shipName: x.row.name, kind: 'provisions', severity: 'warning', message: `The ${x.row.name}'s provisions last ${plural(p.weeksLeft, 'more week')} at sea` })
      }
    } else if (p.eaters > 0 && x.row.status === 'port' && (p.weeksLeft ?? 0) < p.weeksPerMonth) {
      warnings.push({ shipId: id, shipName: x.row.name, kind: 'provisions', severity: 'info', message: `The ${x.row.name} has ${plural(p.weeksLeft ?? 0, 'week')} of provisions aboard: buy more before she sails` })
    }
    const hands = handsOf(x).hands
    if (hands < x.quote.derived.minSailCrew) {
      warnings.push({ shipId: id, shipName: x.row.name, kind: 'crew', severity: 'warning', message: `The ${x.row.name} has ${plural(hands, 'hand')}, below her minimum sail crew of ${x.quote.derived.minSailCrew}: she cannot sail` })
    }
  }
  for (const e of owners.values()) e.short = Math.max(0, e.due - Math.max(0, e.cash))
  return {
    nextDay: next,
    nextLabel: label(next),
    owners: [...owners.values()].sort((a, b) => b.due - a.due || a.ownerId - b.ownerId),
    government,
    booty,
    food,
    warnings
  }
}

// ---------------------------------------------------------------------------------------------
// The clock
// ---------------------------------------------------------------------------------------------

export function allowDebtOf(db: Db): boolean {
  const row = stmt(db, `SELECT value FROM setting WHERE key = 'allowDebt'`).get() as { value: string } | undefined
  return row ? JSON.parse(row.value) === true : false
}

/** Ships with crew or orders worth visiting: afloat, in id order. */
export function afloatRows(db: Db): { id: number; name: string; status: string }[] {
  return stmt(db, `SELECT id, name, status FROM ship WHERE status IN ('port', 'sea') AND ${THEAH_SHIP} ORDER BY id`).all() as { id: number; name: string; status: string }[]
}

/** The afloat Théah ships' contexts (`ctxOf`), in id order, read at once: for a step that changes each ship's rows only as it visits her. */
export function afloatCtxs(db: Db, quotes?: Map<string, ShipQuote>): Ctx[] {
  return ctxsWhere(db, `s.status IN ('port', 'sea') AND s.${THEAH_SHIP}`, quotes)
}

/**
 * The fleet as the monthly upkeep read it, handed on to the careening clock (the next monthly step of
 * the same day) so that the afloat fleet is read once a month, not twice. The upkeep writes only her
 * days counted and what her crew is owed (and the ledger, and a trading voyage's accounts): none of
 * what the careening clock reads (her hull damage, careening, design and status). The hand-over holds
 * only when nothing else was written in between — the clock log's line for the upkeep's effects
 * aside — which `writesMark` checks: the connection's count of rows changed, less the clock log's
 * last row (a clock-log line moves both alike). Anything else written between the two steps (a step
 * of another setting between them, say) and the careening clock reads the fleet afresh.
 */
interface FleetHandOver {
  day: number
  mark: number
  ctxs: Ctx[]
}
const FLEET_KEY = 'afloat-fleet-read'
const writesMark = (db: Db): number =>
  (stmt(db, `SELECT total_changes() - COALESCE((SELECT MAX(rowid) FROM clock_log), 0) AS n`).get() as { n: number }).n

/** Keep the fleet the upkeep read on `day` for the careening clock of the same day (in the clock run's memo). */
function handOverFleet(db: Db, memo: Map<string, unknown> | undefined, day: number, ctxs: Ctx[]): void {
  if (memo) memo.set(FLEET_KEY, { day, mark: writesMark(db), ctxs } satisfies FleetHandOver)
}

/** The fleet the upkeep of `day` read, when nothing was written since; else the afloat fleet read now. Taken once. */
export function fleetForCareening(db: Db, memo: Map<string, unknown> | undefined, day: number, quotes?: Map<string, ShipQuote>): Ctx[] {
  const kept = memo?.get(FLEET_KEY) as FleetHandOver | undefined
  if (kept) memo!.delete(FLEET_KEY)
  if (kept && kept.day === day && kept.mark === writesMark(db)) return kept.ctxs
  return afloatCtxs(db, quotes)
}

/** The days of the month before `day` (the first of a month): the month just ended. */
function lastMonthDays(db: Db, day: number): number {
  const cal = calendarOf(db)
  const d = dateOf(cal, day - 1)
  return cal.months[d.month - 1]?.days ?? d.dayOfMonth
}

/** Monthly upkeep (order 100): wages, and the food of the days spent in port in the month just ended, charged by the ship kind's payer. */
export function monthlyUpkeep(db: Db, effect: (t: string) => void, quotes = new Map<string, ShipQuote>(), day = currentDay(db), memo?: Map<string, unknown>): void {
  const allowDebt = allowDebtOf(db)
  const currency = currencyOf(db)
  const monthDays = lastMonthDays(db, day)
  // Visiting a ship changes only her rows (and the ledger): her rows as read at the start are hers when she is visited.
  const fleet = afloatCtxs(db, quotes)
  for (const x of fleet) {
    const s = x.row
    const fd = foodByDays(db, x.c, monthDays)
    // The month's days are counted afresh from today.
    if (x.c.port_days || x.c.sea_days || x.c.port_eater_days) setCompany(db, s.id, { port_days: 0, sea_days: 0, port_eater_days: 0 }, x.c)
    if (x.row.crew === 0 && x.officers.length === 0 && fd.food === 0) continue
    const m = monthlyOf(db, x, gunsOf(db, x))
    const total = m.wages + fd.food
    if (total === 0) continue
    const days = `food for ${plural(fd.portDays, 'day')} in port${fd.seaDays ? `, ${plural(fd.seaDays, 'day')} at sea on provisions` : ''}`
    const money = `wages ${fmt(m.wages)} and food ${fmt(fd.food)} ${currency}`
    const what = `${money} (${days})`
    const paid = chargeCrewCost(db, x, total, {
      memo: `Monthly upkeep of the ${x.row.name}: ${what}`,
      command: 'clock.advance',
      mode: 'owe',
      allowDebt,
      what: 'the monthly upkeep',
      cost: { kind: 'upkeep', wages: m.wages },
      payees: m.officerWages,
      // Read at the start of her visit; only her days counted were reset since.
      owedAsRead: true
    })
    if (paid.payer === 'government') effect(`The ${x.row.name}: ${money}, paid by the government (${days})`)
    // What is owed now: as read at the start of her visit, and what this upkeep added to it.
    else if (paid.payer === 'booty') effect(`The ${x.row.name}: ${money} owed to the crew from the next booty, now ${fmt(x.c.owed + paid.owedAdded)} (${days})`)
    else {
      const by = paid.charged.filter((c) => c.amount > 0).map((c) => `${c.name} ${fmt(c.amount)}`)
      effect(
        `The ${x.row.name}: ${money}` +
          (by.length ? `, paid by ${listing(by)}` : '') +
          (paid.unpaid ? `; ${fmt(paid.unpaid)} ${currency} unpaid, owed to the crew` : '') +
          ` (${days})`
      )
    }
  }
  handOverFleet(db, memo, day, fleet)
}

/**
 * The days counted (order 120, daily): each afloat ship's day in port or at sea, weighted by those
 * aboard (seed 003 I.2: food by the days eaten — bought ashore in port, from the provisions at sea).
 * Inside a command the counts are kept and written when something needs them (`settleDayCounts` in
 * ship-state.ts): the same values, one write a ship instead of one a day.
 */
export function countDays(db: Db): void {
  // Each ship in port or at sea with those aboard (her crew and officers) and a company row (made first for
  // a ship with a crew and none).
  const rows = stmt(
    db,
    `SELECT s.id, s.status = 'port' AS inPort, s.crew + (SELECT COUNT(*) FROM ship_officer o WHERE o.ship_id = s.id) AS n, s.crew > 0 AND c.ship_id IS NULL AS missing,
            c.ship_id IS NOT NULL AS stored
     FROM ship s LEFT JOIN ship_company c ON c.ship_id = s.id WHERE s.status IN ('port', 'sea') AND s.${THEAH_SHIP}`
  )
    .raw(true)
    .all() as [id: number, inPort: number, n: number, missing: number, stored: number][]
  if (rows.some((r) => r[3] === 1)) addMissingCompanies(db)
  // Inside a command, kept and written once (below); outside one, written now.
  const kept = pendingDayCounts(db, true)
  const counts: DayCounts = kept ?? new Map()
  for (const [id, inPort, n, missing, stored] of rows) {
    if (n <= 0 || !(stored || missing)) continue
    let c = counts.get(id)
    if (!c) counts.set(id, (c = [0, 0, 0, 0]))
    if (inPort) {
      c[0] += 1
      c[1] += n
    } else {
      c[2] += 1
      c[3] += n
    }
  }
  if (kept) deferWrite(db, DAY_COUNTS_WRITE, () => settleDayCounts(db))
  else writeDayCounts(db, counts)
}

const DAY_COUNTS_WRITE = 'ship-days'

/** A company row for each ship in port or at sea with a crew and none yet (what the days counted update). */
function addMissingCompanies(db: Db): void {
  stmt(
    db,
    `INSERT INTO ship_company (ship_id) SELECT s.id FROM ship s WHERE s.status IN ('port', 'sea') AND s.crew > 0 AND ${THEAH_SHIP}
       AND NOT EXISTS (SELECT 1 FROM ship_company c WHERE c.ship_id = s.id)`
  ).run()
}

/**
 * Provisions eaten (order 220, weekly): a weekly ration for every seven days a person spent at sea
 * since the last time (the days counted, not where she lies today); with none left at sea, hands are
 * lost (house rule).
 */
export function provisionsAtSea(db: Db, day: number, dice: () => DiceBox, effect: (t: string) => void): void {
  const up = getRule(db, 'crewUpkeep')
  const rows = stmt(
    db,
    `SELECT s.id, s.name, s.crew, s.status, c.provisions, c.marines, c.sea_eater_days AS seaEaterDays,
            (SELECT COUNT(*) FROM ship_officer o WHERE o.ship_id = s.id) AS officers
     FROM ship s JOIN ship_company c ON c.ship_id = s.id
     WHERE s.status IN ('port', 'sea') AND (s.status = 'sea' OR c.sea_eater_days >= 7) AND s.${THEAH_SHIP} ORDER BY s.id`
  ).all() as { id: number; name: string; crew: number; status: string; provisions: number; marines: number; seaEaterDays: number; officers: number }[]
  for (const x of rows) {
    const id = x.id
    const eaters = x.crew + x.officers
    const eaten = Math.floor(x.seaEaterDays / 7)
    const rest = x.seaEaterDays - eaten * 7
    if (x.provisions >= eaten) {
      const left = x.provisions - eaten
      stmt(db, `UPDATE ship_company SET provisions = ?, sea_eater_days = ? WHERE ship_id = ?`).run(left, rest, id)
      if (x.status === 'sea' && eaters > 0) {
        const weeks = Math.floor(left / eaters)
        if (weeks <= up.warnWeeksLeft) effect(`The ${x.name}'s provisions last ${plural(weeks, 'more week')}`)
      }
      continue
    }
    stmt(db, `UPDATE ship_company SET provisions = 0, sea_eater_days = ? WHERE ship_id = ?`).run(rest, id)
    if (x.status !== 'sea' || x.crew === 0) continue
    const roll = dice().roll(up.starvingLossDice, `${x.name}: hands lost with no food at sea`)
    const lost = Math.min(x.crew, roll.total)
    stmt(db, `UPDATE ship SET crew = crew - ? WHERE id = ?`).run(lost, id)
    const hands = x.crew - lost
    if (x.marines > hands) setCompany(db, id, { marines: hands })
    addShipEvent(db, id, day, `Out of food at sea: ${plural(lost, 'hand')} deserted or died`)
    effect(`The ${x.name} is out of food: ${plural(lost, 'hand')} deserted or died (${up.starvingLossDice}: ${roll.total}), ${hands} left`)
  }
}

registerPeriodicStep({ id: 'ship-upkeep', title: 'Monthly upkeep: wages and food', every: 'month', order: 100, run: ({ db, day, effect, quotes, memo }) => monthlyUpkeep(db, effect, quotes, day, memo) })
registerPeriodicStep({ id: 'ship-days', title: 'Days in port and at sea', every: 'day', order: 120, apart: true, run: ({ db }) => countDays(db) })
registerClockSettle(settleDayCounts)
registerPeriodicStep({ id: 'ship-provisions', title: 'Provisions at sea', every: 'week', order: 220, run: ({ db, day, dice, effect }) => provisionsAtSea(db, day, dice, effect) })
