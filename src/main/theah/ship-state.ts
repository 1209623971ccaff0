import { addMonths, dateOf } from '../../shared/calendar'
import type { Condition, CrewPayer, OfficerRole, StandingOrders } from '../../shared/commands/crew'
import { CommandError } from '../../shared/errors'
import type { ShipDesign, ShipQuote } from '../../shared/ship/design'
import { fullArmament, hasShallowDraft, hullStats, longGunsMounted } from '../../shared/ship/quote'
import type { CrewOrigin, ShipKind } from '../../shared/ship/upkeep-tables'
import { marineWage } from '../../shared/ship/upkeep-tables'
import { allRows, memoOf, oneRow, stmt, type Db } from '../campaign/sqlite'
import { calendarOf, currentDay, labelOf } from '../campaign-core/clock-state'
import { getRule } from '../campaign-core/rules'
import { addShipEvent, GONE, listing, quoteFor, requireShip, shipOwners } from './shipyard'
import { type PortRow, friendlyOf, registerFriendlyRule, requirePort, sameNation } from '../campaign-core/ports'

/**
 * A ship's current state (seed 003 I. Of Ship Construction: her hull and outfitting as built, then
 * what the campaign has done to her): her row, design and quote, her company's row and named
 * officers — read together once by `ctxOf` and handed to the rules that need them — and what follows
 * from them: where she lies (`placeOf`, friendly ports), the hands, guns served and Trained Fighters,
 * the monthly wages and food, her condition (damage, careening due, Speed now) and her hold (one hold
 * for shot and powder, boats, food and cargo). Readings: see the header of crew.ts.
 */

export const AFLOAT = ['port', 'sea'] as const
export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`

// ---------------------------------------------------------------------------------------------
// Rows
// ---------------------------------------------------------------------------------------------

export interface ShipRow {
  id: number
  name: string
  design: string
  status: string
  launch_day: number | null
  ordered_day: number | null
  hull_damage: number
  rigging_damage: number
  guns_lost: string
  crew: number
  powder_tons: number
  location: string | null
}

export interface CompanyRow {
  ship_id: number
  kind: ShipKind
  nation: string
  origin: CrewOrigin
  marines: number
  port_id: number | null
  provisions: number
  careened_day: number | null
  careening_until: number | null
  beached: number
  unrepairable_hull: number
  hull_seen: number
  hull_port_only: number
  owed: number
  /** Of `owed`, what is owed to named officers for their wages: JSON owner id -> amount. */
  owed_to: string
  /** This week's recruiting in port: JSON (see `RecruitWeek`). */
  recruits: string
  port_days: number
  port_eater_days: number
  sea_days: number
  sea_eater_days: number
  orders: string
}

const DEFAULT_ORDERS: StandingOrders = { recruit: false, pressGang: false, recruitUpTo: null, repair: false, careen: false, provisionMonths: 0 }

function defaultCompany(shipId: number): CompanyRow {
  return {
    ship_id: shipId,
    kind: 'merchant',
    nation: '',
    origin: 'none',
    marines: 0,
    port_id: null,
    provisions: 0,
    careened_day: null,
    careening_until: null,
    beached: 0,
    unrepairable_hull: 0,
    hull_seen: 0,
    hull_port_only: 0,
    owed: 0,
    owed_to: '{}',
    recruits: '{}',
    port_days: 0,
    port_eater_days: 0,
    sea_days: 0,
    sea_eater_days: 0,
    orders: '{}'
  }
}

/** Company rows read from the file (not made up by `defaultCompany`): their row exists. */
const storedCompanies = new WeakSet<CompanyRow>()

/**
 * The days counted (the daily step, `countDays` in upkeep.ts) that a clock run inside a command has not
 * written yet: by ship, what to add to her port days, port eater-days, sea days and sea eater-days. A
 * voyage's sixty days or a `clock.advance` count each afloat ship every day; written as they are counted,
 * that was an UPDATE of each ship's company row a day with its undo step. They are kept in the command's
 * memo and written (`settleDayCounts`) before anything reads or sets those columns: before a clock step
 * other than the daily ones that touch neither (`PeriodicStep.apart`), before a company row is read here
 * (`companyOf`, `ctxsWhere`: every reader of the days counted goes through them), and when the command's
 * work ends (its deferred writes). So every reader sees what the day-by-day writes left, and the file at
 * the command's end is the same; undo takes each ship's counts back to where they were in one step.
 */
const DAY_COUNTS = 'ship-days.pending'
export type DayCounts = Map<number, [portDays: number, portEaterDays: number, seaDays: number, seaEaterDays: number]>

/** The day counts a clock run is keeping in this command (made when `make`), or undefined outside a command. */
export function pendingDayCounts(db: Db, make = false): DayCounts | undefined {
  const memo = memoOf(db)
  let counts = memo?.get(DAY_COUNTS) as DayCounts | undefined
  if (!counts && make && memo) memo.set(DAY_COUNTS, (counts = new Map()))
  return counts
}

/** Write the day counts kept in this command's memo, if any (`writeDayCounts`). */
export function settleDayCounts(db: Db): void {
  const counts = memoOf(db)?.get(DAY_COUNTS) as DayCounts | undefined
  if (counts && counts.size > 0) writeDayCounts(db, counts)
}

/** Add day counts to the ships' company rows (ships in id order, one UPDATE each) and empty them. */
export function writeDayCounts(db: Db, counts: DayCounts): void {
  const add = stmt(
    db,
    `UPDATE ship_company SET port_days = port_days + ?, port_eater_days = port_eater_days + ?, sea_days = sea_days + ?, sea_eater_days = sea_eater_days + ? WHERE ship_id = ?`
  )
  for (const id of [...counts.keys()].sort((a, b) => a - b)) {
    const [pd, pe, sd, se] = counts.get(id)!
    add.run(pd, pe, sd, se, id)
  }
  counts.clear()
}

export function companyOf(db: Db, shipId: number): CompanyRow {
  settleDayCounts(db)
  const row = oneRow<CompanyRow>(db, `SELECT * FROM ship_company WHERE ship_id = ?`, shipId)
  if (!row) return defaultCompany(shipId)
  storedCompanies.add(row)
  return row
}

/** Make the ship's company row (on the first write that needs one). */
function ensureCompany(db: Db, shipId: number): void {
  stmt(db, `INSERT OR IGNORE INTO ship_company (ship_id) VALUES (?)`).run(shipId)
}

/** `read`: the ship's company as read in this step, when its row is known to exist (no insert needed). */
export function setCompany(db: Db, shipId: number, patch: Partial<Omit<CompanyRow, 'ship_id'>>, read?: CompanyRow): void {
  const keys = Object.keys(patch) as (keyof typeof patch)[]
  if (keys.length === 0) return
  if (!(read && storedCompanies.has(read))) ensureCompany(db, shipId)
  const values: unknown[] = []
  for (const k of keys) values.push(patch[k])
  stmt(db, updateCompanySql(keys)).run(...values, shipId)
}

/** The UPDATE of a company row setting `keys`, its text made once for each set of keys (a patch's keys in their order). */
const updateSqls = new Map<string, string>()
function updateCompanySql(keys: readonly string[]): string {
  const id = keys.join(',')
  let sql = updateSqls.get(id)
  if (sql === undefined) updateSqls.set(id, (sql = `UPDATE ship_company SET ${keys.map((k) => `${k} = ?`).join(', ')} WHERE ship_id = ?`))
  return sql
}

export const ordersOf = (c: CompanyRow): StandingOrders => ({ ...DEFAULT_ORDERS, ...(JSON.parse(c.orders) as Partial<StandingOrders>) })

interface OfficerRow {
  id: number
  ship_id: number
  person_id: number
  role: OfficerRole
  battery: 'port' | 'starboard' | 'chasers' | 'stern' | null
  wage: number
  owner_id: number
  name: string
  kind: 'pc' | 'npc'
  traits: string
  knacks: string
}

function officersOf(db: Db, shipId: number): OfficerRow[] {
  return allRows<OfficerRow>(
    db,
    `SELECT so.*, p.owner_id, o.name, p.kind, p.traits, p.knacks FROM ship_officer so
     JOIN person p ON p.id = so.person_id JOIN owner o ON o.id = p.owner_id
     WHERE so.ship_id = ? ORDER BY so.id`,
    shipId
  )
}

/** Who is aboard as an officer (with traits and knacks) and the ship's kind: what a check at sea needs, without the whole roster. */
export function officersAboard(db: Db, shipId: number): { kind: ShipKind; officers: { name: string; kind: 'pc' | 'npc'; role: OfficerRole; traits: Record<string, number>; knacks: Record<string, number> }[] } {
  return {
    kind: companyOf(db, shipId).kind,
    officers: officersOf(db, shipId).map((o) => ({
      name: o.name,
      kind: o.kind,
      role: o.role,
      traits: JSON.parse(o.traits) as Record<string, number>,
      knacks: JSON.parse(o.knacks) as Record<string, number>
    }))
  }
}

export function requireAfloat(row: ShipRow, doing: string): void {
  if (GONE.includes(row.status as never)) {
    throw new CommandError('rule', `The ${row.name} is ${row.status}, so she cannot ${doing}.`, { status: row.status })
  }
  if (row.status === 'construction') {
    throw new CommandError('rule', `The ${row.name} is still on the stocks, so she cannot ${doing} until she is launched.`, { status: row.status })
  }
}

/**
 * Whether a port is friendly to a ship: it names one of her owners or her nation, it is of her
 * nation, or it is a pirate haven and she sails as a pirate or privateer.
 */
export function isFriendly(db: Db, port: PortRow, shipId: number, company: CompanyRow): boolean {
  const f = friendlyOf(port)
  if (sameNation(port.nation, company.nation)) return true
  if (f.nations.some((n) => sameNation(n, company.nation))) return true
  if (port.pirate_haven === 1 && (company.kind === 'pirate' || company.kind === 'privateer')) return true
  const owners = shipOwners(db, shipId).map((o) => o.ownerId)
  return f.owners.some((o) => owners.includes(o))
}
registerFriendlyRule((db, port, shipId) => isFriendly(db, port, shipId, companyOf(db, shipId)))

// ---------------------------------------------------------------------------------------------
// Where a ship lies
// ---------------------------------------------------------------------------------------------

interface PlaceOut {
  status: string
  portId: number | null
  portName: string | null
  friendly: boolean | null
  label: string
}

export function placeOf(db: Db, row: ShipRow, c: CompanyRow): PlaceOut {
  if (row.status !== 'port') {
    const label = row.status === 'sea' ? 'At sea' : row.status === 'construction' ? 'On the stocks' : row.status.charAt(0).toUpperCase() + row.status.slice(1)
    return { status: row.status, portId: null, portName: null, friendly: null, label }
  }
  if (c.port_id === null) return { status: 'port', portId: null, portName: null, friendly: true, label: 'In port (the yard she was built in)' }
  const port = requirePort(db, c.port_id)
  const friendly = isFriendly(db, port, row.id, c)
  return { status: 'port', portId: port.id, portName: port.name, friendly, label: `In ${port.name}${friendly ? '' : ' (not friendly)'}` }
}

export function requireFriendlyPort(db: Db, row: ShipRow, c: CompanyRow, doing: string): PlaceOut {
  const place = placeOf(db, row, c)
  if (place.status !== 'port') throw new CommandError('rule', `The ${row.name} is at sea: she can ${doing} only in a friendly port.`, { status: row.status })
  if (!place.friendly) {
    throw new CommandError('rule', `${place.portName} is not friendly to the ${row.name}: she can ${doing} only in a friendly port.`, { portId: place.portId })
  }
  return place
}

export function moveShip(db: Db, shipId: number, portId: number | null): PlaceOut {
  const row = requireShip(db, shipId) as ShipRow
  requireAfloat(row, 'be moved')
  const c = companyOf(db, shipId)
  const today = currentDay(db)
  if (c.careening_until !== null && c.careening_until > today) {
    throw new CommandError('rule', `The ${row.name} is being careened until ${labelOf(db)(c.careening_until)}; she can be moved when that is done.`)
  }
  if (portId === null) {
    stmt(db, `UPDATE ship SET status = 'sea', location = NULL WHERE id = ?`).run(shipId)
    setCompany(db, shipId, { port_id: null, beached: 0, careening_until: null })
    if (row.status !== 'sea') addShipEvent(db, shipId, today, row.location ? `Sailed from ${row.location}` : 'Put to sea')
  } else {
    const port = requirePort(db, portId)
    stmt(db, `UPDATE ship SET status = 'port', location = ? WHERE id = ?`).run(port.name, shipId)
    setCompany(db, shipId, { port_id: port.id, beached: 0, careening_until: null })
    if (row.status !== 'port' || c.port_id !== port.id) addShipEvent(db, shipId, today, `Came into ${port.name}`)
  }
  return placeOf(db, requireShip(db, shipId) as ShipRow, companyOf(db, shipId))
}

// ---------------------------------------------------------------------------------------------
// The company: hands, guns served, Trained Fighters, wages and food
// ---------------------------------------------------------------------------------------------

export interface Ctx {
  row: ShipRow
  c: CompanyRow
  design: ShipDesign
  quote: ShipQuote
  officers: OfficerRow[]
}

export function ctxOf(db: Db, shipId: number, quotes?: Map<string, ShipQuote>): Ctx {
  const row = requireShip(db, shipId) as ShipRow
  const design = JSON.parse(row.design) as ShipDesign
  let quote = quotes?.get(row.design)
  if (!quote) {
    quote = quoteFor(db, design)
    quotes?.set(row.design, quote)
  }
  return { row, c: companyOf(db, shipId), design, quote, officers: officersOf(db, shipId) }
}

/**
 * `ctxOf` of every ship `where` selects (SQL on \`ship s\`), in id order, read in three queries instead of
 * three a ship: for a clock step that visits a fleet and, visiting a ship, changes only her own rows —
 * what it reads here of a ship is what `ctxOf` would read when the step comes to her.
 */
export function ctxsWhere(db: Db, where: string, quotes?: Map<string, ShipQuote>): Ctx[] {
  settleDayCounts(db)
  const rows = allRows<ShipRow>(db, `SELECT s.* FROM ship s WHERE ${where} ORDER BY s.id`)
  if (rows.length === 0) return []
  const companies = new Map(allRows<CompanyRow>(db, `SELECT c.* FROM ship_company c JOIN ship s ON s.id = c.ship_id WHERE ${where}`).map((c) => [c.ship_id, c]))
  const officers = new Map<number, OfficerRow[]>()
  const officerRows = allRows<OfficerRow>(
    db,
    `SELECT so.*, p.owner_id, o.name, p.kind, p.traits, p.knacks FROM ship_officer so
     JOIN person p ON p.id = so.person_id JOIN owner o ON o.id = p.owner_id JOIN ship s ON s.id = so.ship_id
     WHERE ${where} ORDER BY so.id`
  )
  for (const o of officerRows) {
    const list = officers.get(o.ship_id)
    if (list) list.push(o)
    else officers.set(o.ship_id, [o])
  }
  return rows.map((row) => {
    const design = JSON.parse(row.design) as ShipDesign
    let quote = quotes?.get(row.design)
    if (!quote) {
      quote = quoteFor(db, design)
      quotes?.set(row.design, quote)
    }
    const c = companies.get(row.id)
    if (c) storedCompanies.add(c)
    return { row, c: c ?? defaultCompany(row.id), design, quote, officers: officers.get(row.id) ?? [] }
  })
}

export function payerOf(kind: ShipKind): CrewPayer {
  return kind === 'naval' ? 'government' : kind === 'merchant' ? 'owners' : 'booty'
}

export function handsOf(x: Ctx) {
  const hands = x.row.crew
  const marines = Math.min(x.c.marines, hands)
  return { hands, marines, sailors: hands - marines }
}

/** Guns the sailors beyond the minimum sail crew can serve (3 hands a gun plus its share of gunner's mates). */
export function gunsOf(db: Db, x: Ctx) {
  const hull = hullStats(getRule(db, 'shipHulls'), x.design.hull)
  const out = getRule(db, 'shipOutfitting')
  const full = fullArmament(hull)
  const lostRaw = { port: 0, starboard: 0, chasers: 0, stern: 0, ...(JSON.parse(x.row.guns_lost) as Record<string, number>) }
  const mounted = longGunsMounted(x.design)
  const lost = Math.min(mounted, (['port', 'starboard', 'chasers', 'stern'] as const).reduce((n, k) => n + Math.min(lostRaw[k] ?? 0, x.design.guns[k]), 0))
  const working = mounted - lost
  const mates = (n: number) => (n === 0 ? 0 : full === 0 ? hull.gunnersMates : Math.ceil((hull.gunnersMates * n) / full))
  const need = (n: number) => out.crewPerLongGun * n + mates(n)
  const { sailors } = handsOf(x)
  const free = Math.max(0, sailors - x.quote.derived.minSailCrew)
  let served = working
  while (served > 0 && need(served) > free) served--
  const namedGunners = x.officers.filter((o) => o.role === 'gunner').length
  return {
    mounted,
    lost,
    working,
    served,
    cannotServe: working - served,
    gunCrews: out.crewPerLongGun * served,
    gunnersMates: mates(served),
    needed: need(working),
    namedGunners,
    breakdown: [
      { label: 'Sailors', value: sailors },
      { label: 'Minimum sail crew (kept at the sails)', value: -x.quote.derived.minSailCrew },
      { label: `Gun crews: ${out.crewPerLongGun} × ${plural(served, 'gun')} served`, value: out.crewPerLongGun * served },
      { label: `Gunner’s mates for ${plural(served, 'gun')} (${hull.gunnersMates} for a full ${full}, rounded up)`, value: mates(served) },
      { label: `Long guns that cannot be served (of ${working} working)`, value: working - served }
    ]
  }
}

export function fightersOf(db: Db, x: Ctx) {
  const t = getRule(db, 'trainedFighters')
  const { sailors, marines } = handsOf(x)
  const byKind = t[x.c.kind]
  const byOrigin = x.c.origin === 'none' ? Infinity : t[x.c.origin]
  const oneIn = Math.min(byKind, byOrigin)
  const fromHands = Math.floor(sailors / oneIn)
  const officers = x.officers.length
  const total = fromHands + marines + officers
  const who = x.c.origin !== 'none' && byOrigin < byKind ? `an ${x.c.origin === 'avalon' ? 'Avalon' : 'Vesten'} crew` : `a ${x.c.kind} crew`
  return {
    fromHands,
    marines,
    officers,
    total,
    bruteSquads: Math.floor(total / 6),
    rule: `${oneIn === 1 ? 'All' : `1 in ${oneIn}`} of ${who}'s sailors; every marine and officer (High Seas Combat, V. Of Grappling and Boarding)`
  }
}

export function monthlyOf(db: Db, x: Ctx, guns: ReturnType<typeof gunsOf>) {
  const w = getRule(db, 'crewWages')
  const up = getRule(db, 'crewUpkeep')
  const { sailors, marines, hands } = handsOf(x)
  const mates = Math.min(guns.gunnersMates, sailors)
  const plain = sailors - mates
  const breakdown = [
    { label: `Sailors: ${plain} × ${w.sailor}`, value: plain * w.sailor },
    { label: `Gunner’s mates: ${mates} × ${w.gunnersMate}`, value: mates * w.gunnersMate },
    { label: `Marines: ${marines} × ${marineWage(w)}${w.marinesAsSailors ? ' (as sailors)' : ''}`, value: marines * marineWage(w) },
    ...x.officers.map((o) => ({ label: `${o.name} (${roleLabel(o.role, o.battery)})`, value: o.wage }))
  ].filter((t) => t.value !== 0)
  const wages = breakdown.reduce((n, t) => n + t.value, 0)
  const eaters = hands + x.officers.length
  const food = eaters * up.foodPerCrewMonth
  breakdown.push({ label: `Food: ${eaters} aboard × ${up.foodPerCrewMonth}`, value: food })
  return { wages, food, total: wages + food, breakdown, officerWages: x.officers.filter((o) => o.wage > 0).map((o) => ({ ownerId: o.owner_id, amount: o.wage })) }
}

export function weeksPerMonthOf(db: Db, design: ShipDesign): number {
  return design.flaws.vermin === true ? getRule(db, 'shipFlaws').vermin.foodWeeksPerMonth : getRule(db, 'crewUpkeep').provisionWeeksPerMonth
}

export function provisionsOf(db: Db, x: Ctx) {
  const eaters = x.row.crew + x.officers.length
  const food = getRule(db, 'shipOutfitting').foodReserveTons
  return {
    crewWeeks: x.c.provisions,
    eaters,
    weeksLeft: eaters === 0 ? null : Math.floor(x.c.provisions / eaters),
    weeksPerMonth: weeksPerMonthOf(db, x.design),
    holdTons: x.c.provisions > 0 ? food : 0
  }
}

const ROLE_LABELS: Record<OfficerRole, string> = {
  captain: 'captain',
  firstMate: 'first mate',
  masterOTops: 'master-o-tops',
  pilot: 'pilot',
  gunner: 'gunner',
  boatswain: 'boatswain',
  carpenter: 'carpenter',
  physician: 'physician',
  masterAtArms: 'master-at-arms',
  purser: 'purser',
  aboard: 'aboard'
}
export const roleLabel = (role: OfficerRole, battery: string | null) =>
  role === 'gunner' && battery ? `gunner of the ${battery === 'chasers' ? 'chasers' : battery === 'stern' ? 'stern guns' : `${battery} battery`}` : ROLE_LABELS[role]

/**
 * What a ship's speed at sea reads (voyages, seed 003 II): hands against the minimum sail crew, food
 * aboard, the officers' knacks, rigging and careening — the same readings as the roster and condition,
 * without the wages, guns, fighters and place they also work out.
 */
export function sailingState(db: Db, shipId: number, quotes?: Map<string, ShipQuote>) {
  const x = ctxOf(db, shipId, quotes)
  const today = currentDay(db)
  const { hands } = handsOf(x)
  const d = x.quote.derived
  const careening = x.c.careening_until !== null && x.c.careening_until > today
  return {
    name: x.row.name,
    status: x.row.status,
    quote: x.quote,
    hands,
    minSailCrew: d.minSailCrew,
    canSail: hands >= d.minSailCrew,
    crewWeeks: x.c.provisions,
    officers: x.officers.map((o) => ({ role: o.role, knacks: JSON.parse(o.knacks) as Record<string, number> })),
    rigging: { points: d.rigging, damage: x.row.rigging_damage },
    careening: {
      monthsPastDue: careeningOf(db, x, today).pastDue,
      untilDay: careening ? x.c.careening_until : null,
      untilLabel: careening ? labelOf(db)(x.c.careening_until!) : null
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Condition: hull parts, careening clock, penalties
// ---------------------------------------------------------------------------------------------

/** The repairable hull damage split into the crew's part and the port's (see the readings above). */
export function hullParts(db: Db, x: Ctx) {
  const damage = x.row.hull_damage
  const unrepairable = Math.min(x.c.unrepairable_hull, damage)
  const repairable = damage - unrepairable
  let portOnly = x.c.hull_port_only
  if (repairable > x.c.hull_seen) {
    const fresh = repairable - x.c.hull_seen
    const crewShare = Math.floor((fresh * getRule(db, 'shipRepairs').crewHullSharePercent) / 100)
    portOnly += fresh - crewShare
  }
  portOnly = Math.min(portOnly, repairable)
  return { damage, unrepairable, repairable, portOnly, crewRepairable: repairable - portOnly }
}

/** What the careening clock of a ship reads: her last careening (or launch, or order) and her design's interval. */
export type CareeningFacts = { row: Pick<ShipRow, 'launch_day' | 'ordered_day'>; c: Pick<CompanyRow, 'careened_day'>; quote: ShipQuote }

export function careeningOf(db: Db, x: CareeningFacts, today: number) {
  const cal = calendarOf(db)
  const interval = x.quote.derived.careeningIntervalMonths
  const last = x.c.careened_day ?? x.row.launch_day ?? x.row.ordered_day ?? 0
  const due = addMonths(cal, last, interval)
  let since = 0
  if (today >= last) {
    // Whole months since the last careening: jump close by the calendar, then step.
    const a = dateOf(cal, last)
    const b = dateOf(cal, today)
    since = Math.max(0, (b.year - a.year) * cal.months.length + (b.month - a.month) - 1)
    while (addMonths(cal, last, since + 1) <= today) since++
  }
  const pastDue = Math.max(0, since - interval)
  const rules = getRule(db, 'careening')
  return { interval, last, due, since, pastDue, hullLossActive: pastDue >= rules.hullLossFromMonthsPastDue, rules }
}

export function conditionOf(db: Db, x: Ctx): Condition {
  const today = currentDay(db)
  const label = labelOf(db)
  const out = getRule(db, 'shipOutfitting')
  const repairs = getRule(db, 'shipRepairs')
  const hulls = getRule(db, 'shipHulls')
  const hp = hullParts(db, x)
  const k = careeningOf(db, x, today)
  const d = x.quote.derived
  const speedLoss = k.pastDue * k.rules.speedLossPerMonth
  const speedNow = Math.max(Math.min(out.minSpeed, d.speed), d.speed - speedLoss)
  const travelLoss = k.pastDue * k.rules.travelSpeedLossPerMonth
  const travelNow = Math.max(Math.min(out.minTravelSpeed, d.travelSpeed), d.travelSpeed - travelLoss)
  const careening = x.c.careening_until !== null && x.c.careening_until > today
  const beached = careening && x.c.beached === 1
  const penalties: string[] = []
  if (k.pastDue > 0) {
    penalties.push(`Careening ${plural(k.pastDue, 'month')} overdue: Speed ${d.speed} → ${speedNow}, travel ${d.travelSpeed} → ${travelNow} nm a day`)
  }
  if (k.hullLossActive) penalties.push(`${k.rules.hullLossDice} hull lost each month until careened (not repairable until then)`)
  if (beached) penalties.push(`Beached and vulnerable until ${label(x.c.careening_until!)}`)
  if (x.row.hull_damage > d.hull / 2) penalties.push('Hull more than half gone: −1 Handling, taking on water (High Seas Combat, IV. Of Naval Combat)')
  if (x.row.rigging_damage > d.rigging / 2) penalties.push('Rigging more than half gone: half Speed (High Seas Combat, IV. Of Naval Combat)')
  const hasCarpenter = x.officers.some((o) => o.role === 'carpenter')
  const powder = Math.round(x.row.powder_tons * 10) / 10
  const boats = x.design.jollyBoats * out.jollyBoatTons
  const foodTons = x.c.provisions > 0 ? out.foodReserveTons : 0
  const fee = Math.round((hullStats(hulls, x.design.hull).baseCost * k.rules.portFeePercent) / 100)
  return {
    shipId: x.row.id,
    shipName: x.row.name,
    place: placeOf(db, x.row, x.c),
    hull: { points: d.hull, damage: hp.damage, now: d.hull - hp.damage, crewRepairable: hp.crewRepairable, portOnly: hp.portOnly, unrepairable: hp.unrepairable },
    rigging: { points: d.rigging, damage: x.row.rigging_damage, now: d.rigging - x.row.rigging_damage },
    careening: {
      intervalMonths: k.interval,
      lastDay: k.last,
      lastLabel: label(k.last),
      dueDay: k.due,
      dueLabel: label(k.due),
      inDays: k.due - today,
      monthsSince: k.since,
      monthsPastDue: k.pastDue,
      untilDay: careening ? x.c.careening_until : null,
      untilLabel: careening ? label(x.c.careening_until!) : null,
      beached,
      vulnerable: beached,
      hullLossActive: k.hullLossActive,
      canBeach: hasShallowDraft(x.design, hulls),
      portFee: fee
    },
    speed: {
      design: d.speed,
      now: speedNow,
      breakdown: [{ label: 'Design', value: d.speed }, ...(speedLoss ? [{ label: `Careening ${plural(k.pastDue, 'month')} overdue (min ${out.minSpeed})`, value: speedNow - d.speed }] : [])]
    },
    travelSpeed: {
      design: d.travelSpeed,
      now: travelNow,
      breakdown: [
        { label: 'Design (nautical miles a day)', value: d.travelSpeed },
        ...(travelLoss ? [{ label: `Careening ${plural(k.pastDue, 'month')} overdue (min ${out.minTravelSpeed})`, value: travelNow - d.travelSpeed }] : [])
      ]
    },
    penalties,
    repairsPerWeek: {
      crewRigging: repairs.crewRiggingPerWeek,
      crewHull: hasCarpenter ? repairs.crewHullPerWeekWithCarpenter : repairs.crewHullPerWeek,
      portPoints: repairs.portPointsPerWeek,
      portCostPerPoint: repairs.portCostPerPoint
    },
    hold: holdTons(db, x, { powder, boats, food: foodTons })
  }
}

/** Cargo tons in a ship's hold (the trade side's ship_cargo rows). */
function cargoAboard(db: Db, shipId: number): number {
  const r = stmt(db, `SELECT COALESCE(SUM(tons), 0) AS t FROM ship_cargo WHERE ship_id = ?`).get(shipId) as { t: number }
  return Math.round(r.t * 10) / 10
}

/**
 * The one hold (seed 003 I.1-I.3): shot and powder, jolly boats, the ton set aside for food while
 * any is aboard, and cargo, all in the ship's cargo tonnage. `free` is before cargo (what the trade
 * side reckons from), `freeAfterCargo` the room left for anything more.
 */
function holdTons(db: Db, x: Ctx, t: { powder: number; boats: number; food: number }) {
  const capacity = x.quote.derived.cargoCapacity
  const cargo = cargoAboard(db, x.row.id)
  const free = Math.round((capacity - t.powder - t.boats - t.food) * 10) / 10
  return { capacity, powderTons: t.powder, boatTons: t.boats, foodTons: t.food, free, cargoTons: cargo, freeAfterCargo: Math.round((free - cargo) * 10) / 10 }
}

type HoldNow = ReturnType<typeof holdTons>

/** "hold 24 t less powder 4 t, boats 2 t, food 1 t and cargo 17 t": how the room left was reached, for refusals. */
export function holdText(h: HoldNow): string {
  const t = (n: number) => `${Math.round(n * 10) / 10} t`
  const less = [h.powderTons && `powder ${t(h.powderTons)}`, h.boatTons && `boats ${t(h.boatTons)}`, h.foodTons && `food ${t(h.foodTons)}`, h.cargoTons && `cargo ${t(h.cargoTons)}`].filter(
    (s): s is string => typeof s === 'string'
  )
  return `hold ${t(h.capacity)}${less.length ? ` less ${listing(less)}` : ''}`
}

/** The hold of a ship now (for loads that must fit: plunder, provisions). */
export function shipHold(db: Db, shipId: number): HoldNow {
  return shipCondition(db, shipId).hold
}

/**
 * Provisions need the ton of the hold set aside for the crew's food (seed 003 I.2): taking on the
 * first food aboard must find that ton free after cargo, powder and boats, or is refused.
 */
export function requireFoodRoom(db: Db, x: Ctx, field: string): void {
  if (x.c.provisions > 0) return
  const need = getRule(db, 'shipOutfitting').foodReserveTons
  const h = conditionOf(db, x).hold
  if (h.freeAfterCargo + 1e-9 >= need) return
  throw new CommandError(
    'rule',
    `The ${x.row.name}'s hold has ${Math.max(0, h.freeAfterCargo)} t free (${holdText(h)}): provisions need the ${need} t set aside for the crew's food. Unload cargo first.`,
    { field, free: h.freeAfterCargo, need }
  )
}

export function shipCondition(db: Db, shipId: number, quotes?: Map<string, ShipQuote>): Condition {
  return conditionOf(db, ctxOf(db, shipId, quotes))
}

/** The Speed a ship has now (the design's, less an overdue careening's penalty): for battles and voyages. */
export function speedNow(db: Db, shipId: number): { speed: number; travelSpeed: number } {
  const c = shipCondition(db, shipId)
  return { speed: c.speed.now, travelSpeed: c.travelSpeed.now }
}

/**
 * A ship's food this month by the days eaten (seed 003 I.2): the days counted so far in port and at
 * sea, the food bought ashore for them, and what the next upkeep will charge if she lies where she
 * is for the rest of the month.
 */
export function foodDaysOf(db: Db, x: Ctx, today: number) {
  const cal = calendarOf(db)
  const up = getRule(db, 'crewUpkeep')
  const d = dateOf(cal, today)
  const monthDays = cal.months[d.month - 1]?.days ?? 30
  const eaters = x.row.crew + x.officers.length
  const soFar = foodByDays(db, x.c, monthDays)
  const rest = Math.max(0, monthDays - d.dayOfMonth)
  const restPort = x.row.status === 'port' ? rest : 0
  const foodDue = Math.round(((x.c.port_eater_days + restPort * eaters) * up.foodPerCrewMonth) / monthDays)
  return { portDays: soFar.portDays, seaDays: soFar.seaDays, monthDays, foodSoFar: soFar.food, foodDue, restDays: rest, restAt: x.row.status === 'port' ? ('port' as const) : ('sea' as const) }
}

/**
 * The food of the month just ended by the days eaten (seed 003 I.2: "4 Guilders worth of food each
 * month"): the days in port, each weighted by those aboard that day, at the month's rate a day
 * (bought ashore); the days at sea the company ate its provisions (the weekly rations).
 */
export function foodByDays(db: Db, c: Pick<CompanyRow, 'port_days' | 'port_eater_days' | 'sea_days'>, monthDays: number) {
  const up = getRule(db, 'crewUpkeep')
  const food = monthDays > 0 ? Math.round((c.port_eater_days * up.foodPerCrewMonth) / monthDays) : 0
  return { portDays: c.port_days, seaDays: c.sea_days, eaterDays: c.port_eater_days, monthDays, food }
}
