import { addMonths, dateOf } from '../../shared/calendar'
import type { Condition, CrewPayer, CrewRoster, OfficerRole, Port, StandingOrders, UpkeepSummary } from '../../shared/commands/crew'
import { CommandError } from '../../shared/errors'
import type { ShipDesign, ShipQuote } from '../../shared/ship/design'
import { fullArmament, hasShallowDraft, hullStats, longGunsMounted } from '../../shared/ship/quote'
import type { CrewOrigin, ShipKind } from '../../shared/ship/upkeep-tables'
import { marineWage } from '../../shared/ship/upkeep-tables'
import type { DiceBox } from '../../shared/dice/roll'
import { stmt, type Db } from '../campaign/sqlite'
import { advanceClock, registerPeriodicStep } from './clock'
import { currentDay, labelOf } from './clock-state'
import { balance, post, WORLD_OWNER_ID, type Line } from './ledger'
import { getRule } from './rules'
import { ventureCrewCost } from './market'
import { addShipEvent, GONE, listing, quoteFor, requireShip, shipOwners, splitByShares } from './ships'
import { fmt } from '../../shared/numbers'

/**
 * The life of a ship (issue 6; seed 003, I. Of Ship Construction: 2. CREW, maintenance, repairs and
 * careening; V: Trained Fighters; rules guide §2): ports, a ship's company, recruiting and press
 * gangs, wages and food, provisions, repairs, careening and standing orders carried out by the clock.
 *
 * Readings (where the seed leaves a choice; each rule's numbers are in the rule tables of
 * src/shared/ship/upkeep-tables.ts):
 * - `ship.crew` is the number of hands aboard (sailors, gun crews, marines), as battles read and
 *   change it; named officers are apart. Marines are counted in `ship_company`; the sailors are the
 *   other hands. The maximum crew counts the hands and the officers who are not player characters
 *   (seed 003: "Not including player characters").
 * - Gun crews come from the sailors beyond the minimum sail crew: each gun needs 3 hands plus its
 *   share of gunner's mates (Ship hulls, rounded up); the guns they cannot serve are shown.
 * - Who pays (seed 003 I.2): naval ships' gear, wages and food fall on their government (no ledger
 *   charge); pirates' and privateers' are subtracted from booty, so they accrue on the ship as owed
 *   to the crew; merchantmen's owners pay by their shares, in cash (a ship fund buys only building
 *   and outfitting). Direct commands refuse, naming each owner short; the clock's monthly upkeep
 *   charges what the owners can pay and the rest is owed to the crew. Repairs and careening are
 *   paid by the owners whatever the kind (the seed names only gear, wages and food).
 * - Food: in port on the first of a month the month's food is bought ashore (4 G a crew member);
 *   at sea the company eats its provisions, a weekly ration each (a month's provisions are four
 *   weekly rations, three with Vermin). With no food left at sea, 1k1 hands are lost each week
 *   (house rule table). Provisions aboard take the ton of the hold the seed sets aside for food.
 * - A ship in port with no port record (launched at her yard) is in a friendly port.
 * - Repairs: half of each hull damage (rounded down) is the crew's to repair; the other half only a
 *   friendly port's yard. The crew repairs every week anywhere (rigging first, free); the yard's 10
 *   points a week go to the hull (the port's half first), then rigging, at 50 G a point.
 * - Careening: last careened at launch unless careened since; due every 4 months (2 if Old). Each
 *   whole month past due: −1 Speed (min 1) and −5 nm a day; from 2 months past due, 1k1 hull on each
 *   month's upkeep, unrepairable until careened (it then becomes ordinary damage).
 */

export const AFLOAT = ['port', 'sea'] as const
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`

export function currencyOf(db: Db): string {
  const row = stmt(db, `SELECT setting FROM campaign WHERE id = 1`).get() as { setting: string } | undefined
  return row?.setting === 'atrilia' ? 'dinars' : 'G'
}

// ---------------------------------------------------------------------------------------------
// Rows
// ---------------------------------------------------------------------------------------------

interface ShipRow {
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

interface CompanyRow {
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

export function companyOf(db: Db, shipId: number): CompanyRow {
  const row = stmt(db, `SELECT * FROM ship_company WHERE ship_id = ?`).get(shipId) as CompanyRow | undefined
  if (!row) return defaultCompany(shipId)
  storedCompanies.add(row)
  return row
}

/** Make the ship's company row (on the first write that needs one). */
function ensureCompany(db: Db, shipId: number): void {
  stmt(db, `INSERT OR IGNORE INTO ship_company (ship_id) VALUES (?)`).run(shipId)
}

/** `read`: the ship's company as read in this step, when its row is known to exist (no insert needed). */
function setCompany(db: Db, shipId: number, patch: Partial<Omit<CompanyRow, 'ship_id'>>, read?: CompanyRow): void {
  const keys = Object.keys(patch) as (keyof typeof patch)[]
  if (keys.length === 0) return
  if (!(read && storedCompanies.has(read))) ensureCompany(db, shipId)
  stmt(db, `UPDATE ship_company SET ${keys.map((k) => `${k} = ?`).join(', ')} WHERE ship_id = ?`).run(...keys.map((k) => patch[k] as unknown), shipId)
}

/** What is owed to named officers (by the owner paid for each), part of the crew's `owed`. */
export const owedToOf = (c: { owed_to: string }): Map<number, number> =>
  new Map(Object.entries(JSON.parse(c.owed_to) as Record<string, number>).map(([k, v]) => [Number(k), v] as [number, number]).filter(([, v]) => v > 0))
const owedToJson = (m: Map<number, number>) => JSON.stringify(Object.fromEntries([...m].filter(([, v]) => v > 0).sort((a, b) => a[0] - b[0])))

/** Add to what the crew is owed: `total`, of which `toOfficers` is owed to named officers (by owner). */
function addOwed(db: Db, shipId: number, total: number, toOfficers: { ownerId: number; amount: number }[] = []): void {
  if (total <= 0) return
  const c = companyOf(db, shipId)
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

const ordersOf = (c: CompanyRow): StandingOrders => ({ ...DEFAULT_ORDERS, ...(JSON.parse(c.orders) as Partial<StandingOrders>) })

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
  return stmt(
    db,
    `SELECT so.*, p.owner_id, o.name, p.kind, p.traits, p.knacks FROM ship_officer so
     JOIN person p ON p.id = so.person_id JOIN owner o ON o.id = p.owner_id
     WHERE so.ship_id = ? ORDER BY so.id`
  ).all(shipId) as OfficerRow[]
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

function requireAfloat(row: ShipRow, doing: string): void {
  if (GONE.includes(row.status as never)) {
    throw new CommandError('rule', `The ${row.name} is ${row.status}, so she cannot ${doing}.`, { status: row.status })
  }
  if (row.status === 'construction') {
    throw new CommandError('rule', `The ${row.name} is still on the stocks, so she cannot ${doing} until she is launched.`, { status: row.status })
  }
}

// ---------------------------------------------------------------------------------------------
// Ports
// ---------------------------------------------------------------------------------------------

interface PortRow {
  id: number
  name: string
  nation: string
  major: number
  colonial: number
  friendly_to: string
  pirate_haven: number
  notes: string
}

interface FriendlyTo {
  owners: number[]
  nations: string[]
}

function requirePort(db: Db, portId: number, field = 'portId'): PortRow {
  const row = stmt(db, `SELECT * FROM port WHERE id = ?`).get(portId) as PortRow | undefined
  if (!row) throw new CommandError('not_found', `${field}: there is no port with id ${portId}.`, { field })
  return row
}

const friendlyOf = (p: PortRow): FriendlyTo => ({ owners: [], nations: [], ...(JSON.parse(p.friendly_to) as Partial<FriendlyTo>) })
const sameNation = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase() && a.trim() !== ''

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

function checkOwners(db: Db, ids: number[]): void {
  ids.forEach((id, i) => {
    if (!stmt(db, `SELECT 1 FROM owner WHERE id = ?`).get(id)) {
      throw new CommandError('not_found', `friendlyTo.owners.${i}: there is no owner with id ${id}.`, { field: `friendlyTo.owners.${i}` })
    }
  })
}

export function portOut(db: Db, p: PortRow): Port {
  const f = friendlyOf(p)
  const ownerName = stmt(db, `SELECT name FROM owner WHERE id = ?`)
  const ships = stmt(
    db,
    `SELECT s.id, s.name FROM ship_company c JOIN ship s ON s.id = c.ship_id WHERE c.port_id = ? AND s.status = 'port' ORDER BY s.id`
  ).all(p.id) as { id: number; name: string }[]
  return {
    id: p.id,
    name: p.name,
    nation: p.nation,
    major: p.major === 1,
    colonial: p.colonial === 1,
    friendlyTo: {
      owners: f.owners.map((id) => ({ ownerId: id, name: (ownerName.get(id) as { name: string } | undefined)?.name ?? `owner ${id}` })),
      nations: f.nations
    },
    pirateHaven: p.pirate_haven === 1,
    notes: p.notes,
    ships: ships.map((s) => ({ shipId: s.id, name: s.name, friendly: isFriendly(db, p, s.id, companyOf(db, s.id)) }))
  }
}

export function createPort(
  db: Db,
  input: { name: string; nation: string; major: boolean; colonial: boolean; friendlyTo: FriendlyTo; pirateHaven: boolean; notes: string }
): Port {
  checkOwners(db, input.friendlyTo.owners)
  const id = Number(
    stmt(db, `INSERT INTO port (name, nation, major, colonial, friendly_to, pirate_haven, notes) VALUES (?, ?, ?, ?, ?, ?, ?)`).run(
      input.name,
      input.nation,
      input.major ? 1 : 0,
      input.colonial ? 1 : 0,
      JSON.stringify({ owners: [...new Set(input.friendlyTo.owners)], nations: [...new Set(input.friendlyTo.nations)] }),
      input.pirateHaven ? 1 : 0,
      input.notes
    ).lastInsertRowid
  )
  return portOut(db, requirePort(db, id))
}

export function updatePort(
  db: Db,
  u: { portId: number; name?: string; nation?: string; major?: boolean; colonial?: boolean; friendlyTo?: FriendlyTo; pirateHaven?: boolean; notes?: string }
): Port {
  const p = requirePort(db, u.portId)
  if (u.friendlyTo) checkOwners(db, u.friendlyTo.owners)
  const friendly = u.friendlyTo ? { owners: [...new Set(u.friendlyTo.owners)], nations: [...new Set(u.friendlyTo.nations)] } : friendlyOf(p)
  stmt(db, `UPDATE port SET name = ?, nation = ?, major = ?, colonial = ?, friendly_to = ?, pirate_haven = ?, notes = ? WHERE id = ?`).run(
    u.name ?? p.name,
    u.nation ?? p.nation,
    (u.major ?? p.major === 1) ? 1 : 0,
    (u.colonial ?? p.colonial === 1) ? 1 : 0,
    JSON.stringify(friendly),
    (u.pirateHaven ?? p.pirate_haven === 1) ? 1 : 0,
    u.notes ?? p.notes,
    p.id
  )
  if (u.name !== undefined && u.name !== p.name) {
    stmt(db, `UPDATE ship SET location = ? WHERE status = 'port' AND id IN (SELECT ship_id FROM ship_company WHERE port_id = ?)`).run(u.name, p.id)
  }
  return portOut(db, requirePort(db, p.id))
}

export function listPorts(db: Db): Port[] {
  return (stmt(db, `SELECT * FROM port ORDER BY name COLLATE NOCASE, id`).all() as PortRow[]).map((p) => portOut(db, p))
}

export function getPort(db: Db, portId: number): Port {
  return portOut(db, requirePort(db, portId))
}

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

function placeOf(db: Db, row: ShipRow, c: CompanyRow): PlaceOut {
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

interface Ctx {
  row: ShipRow
  c: CompanyRow
  design: ShipDesign
  quote: ShipQuote
  officers: OfficerRow[]
}

function ctxOf(db: Db, shipId: number, quotes?: Map<string, ShipQuote>): Ctx {
  const row = requireShip(db, shipId) as ShipRow
  const design = JSON.parse(row.design) as ShipDesign
  let quote = quotes?.get(row.design)
  if (!quote) {
    quote = quoteFor(db, design)
    quotes?.set(row.design, quote)
  }
  return { row, c: companyOf(db, shipId), design, quote, officers: officersOf(db, shipId) }
}

export function payerOf(kind: ShipKind): CrewPayer {
  return kind === 'naval' ? 'government' : kind === 'merchant' ? 'owners' : 'booty'
}

function handsOf(x: Ctx) {
  const hands = x.row.crew
  const marines = Math.min(x.c.marines, hands)
  return { hands, marines, sailors: hands - marines }
}

/** Guns the sailors beyond the minimum sail crew can serve (3 hands a gun plus its share of gunner's mates). */
function gunsOf(db: Db, x: Ctx) {
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

function fightersOf(db: Db, x: Ctx) {
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
    rule: `${oneIn === 1 ? 'All' : `1 in ${oneIn}`} of ${who}'s sailors; every marine and officer (seed 003 V)`
  }
}

function monthlyOf(db: Db, x: Ctx, guns: ReturnType<typeof gunsOf>) {
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

function weeksPerMonthOf(db: Db, design: ShipDesign): number {
  return design.flaws.vermin === true ? getRule(db, 'shipFlaws').vermin.foodWeeksPerMonth : getRule(db, 'crewUpkeep').provisionWeeksPerMonth
}

function provisionsOf(db: Db, x: Ctx) {
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

function rosterOf(db: Db, x: Ctx): CrewRoster {
  const { hands, marines, sailors } = handsOf(x)
  const guns = gunsOf(db, x)
  const monthly = monthlyOf(db, x, guns)
  const npcOfficers = x.officers.filter((o) => o.kind === 'npc').length
  const counted = hands + npcOfficers
  const maxCrew = x.quote.derived.maxCrew
  return {
    shipId: x.row.id,
    shipName: x.row.name,
    kind: x.c.kind,
    nation: x.c.nation,
    origin: x.c.origin,
    place: placeOf(db, x.row, x.c),
    hands,
    sailors,
    marines,
    officers: x.officers.map((o) => ({
      personId: o.person_id,
      ownerId: o.owner_id,
      name: o.name,
      kind: o.kind,
      role: o.role,
      battery: o.battery,
      wage: o.wage,
      knacks: JSON.parse(o.knacks) as Record<string, number>,
      traits: JSON.parse(o.traits) as Record<string, number>
    })),
    countedTowardMax: counted,
    maxCrew,
    room: Math.max(0, maxCrew - counted),
    minSailCrew: x.quote.derived.minSailCrew,
    canSail: hands >= x.quote.derived.minSailCrew,
    guns,
    trainedFighters: fightersOf(db, x),
    payer: payerOf(x.c.kind),
    monthly: { wages: monthly.wages, food: monthly.food, total: monthly.total, breakdown: monthly.breakdown },
    provisions: provisionsOf(db, x),
    foodDays: foodDaysOf(db, x, currentDay(db)),
    recruiting: (() => {
      const w = recruitWeekOf(db, x.c, currentDay(db))
      return { rolled: w.recruited, pressed: w.pressed, left: w.left, rolls: w.rolls }
    })(),
    owed: x.c.owed,
    owedTo: [...owedToOf(x.c)].map(([ownerId, amount]) => ({ ownerId, name: ownerNameOf(db, ownerId), amount })),
    orders: ordersOf(x.c)
  }
}

const ownerNameOf = (db: Db, ownerId: number) => (stmt(db, `SELECT name FROM owner WHERE id = ?`).get(ownerId) as { name: string } | undefined)?.name ?? `owner ${ownerId}`

export function crewRoster(db: Db, shipId: number, quotes?: Map<string, ShipQuote>): CrewRoster {
  return rosterOf(db, ctxOf(db, shipId, quotes))
}

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

export function configureCompany(db: Db, input: { shipId: number; kind?: ShipKind; nation?: string; origin?: CrewOrigin }): CrewRoster {
  const row = requireShip(db, input.shipId)
  if (GONE.includes(row.status)) throw new CommandError('rule', `The ${row.name} is ${row.status}.`, { status: row.status })
  const patch: Partial<CompanyRow> = {}
  if (input.kind !== undefined) patch.kind = input.kind
  if (input.nation !== undefined) patch.nation = input.nation
  if (input.origin !== undefined) patch.origin = input.origin
  setCompany(db, input.shipId, patch)
  return crewRoster(db, input.shipId)
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
  opts: { memo: string; command: string; mode: 'refuse' | 'owe'; allowDebt: boolean; what: string; payees?: { ownerId: number; amount: number }[] }
): Paid {
  if (total <= 0) return { charged: [], unpaid: 0 }
  const ship = requireShip(db, shipId)
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
export type CrewCost = { kind: 'gear' } | { kind: 'provisions' } | { kind: 'upkeep'; wages: number }

function chargeCrewCost(
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
  }
): Paid & { payer: CrewPayer; owedAdded: number } {
  const payer = payerOf(x.c.kind)
  if (total <= 0 || payer === 'government') return { charged: [], unpaid: 0, payer, owedAdded: 0 }
  if (payer === 'booty') {
    // Subtracted from booty (seed 003 I.2): owed to the crew, the officers' wages to the officers.
    addOwed(db, x.row.id, total, opts.payees)
    return { charged: [], unpaid: 0, payer, owedAdded: total }
  }
  const paid = chargeOwners(db, x.row.id, total, opts)
  ventureCrewCost(db, x.row.id, total, opts, paid) // wages and food of an open trading voyage: into its accounts (seed 003 VIII)
  if (paid.unpaid > 0) addOwed(db, x.row.id, paid.unpaid, paid.payeesShort)
  return { ...paid, payer, owedAdded: paid.unpaid }
}

function gearEach(db: Db, design: ShipDesign) {
  const gear = getRule(db, 'crewUpkeep').gearPerRecruit
  if (design.flaws.disgruntledCrew !== true) return { each: gear, label: `${gear} G of gear` }
  const pct = getRule(db, 'shipFlaws').disgruntledCrew.crewHiringDiscountPercent
  return { each: Math.round((gear * (100 - pct)) / 100), label: `${gear} G of gear less ${pct}% (Disgruntled Crew)` }
}

/** Gear for `n` new hands: a total rounded to the guilder (16 × 0.95 × n). */
function gearFor(db: Db, design: ShipDesign, n: number) {
  const gear = getRule(db, 'crewUpkeep').gearPerRecruit
  if (design.flaws.disgruntledCrew !== true) return gear * n
  const pct = getRule(db, 'shipFlaws').disgruntledCrew.crewHiringDiscountPercent
  return Math.round((gear * n * (100 - pct)) / 100)
}

/**
 * Settle what a merchantman's crew is owed (seed 003 I.2, "On Merchantmen, the owner must pay for all
 * expenses"): the owners pay by their shares in cash (refused, naming each owner short, unless debt
 * is allowed); the named officers get their wages, the rest goes to the hands and suppliers.
 * Pirates and privateers are paid from the next booty (booty.divide); a naval ship's government pays.
 */
export function settleOwed(db: Db, input: { shipId: number; amount?: number }, allowDebt: boolean) {
  const x = ctxOf(db, input.shipId)
  const payer = payerOf(x.c.kind)
  if (payer === 'booty') throw new CommandError('rule', `The ${x.row.name} sails as a ${x.c.kind}: what her crew is owed is paid from the next booty when it is divided.`, { field: 'shipId' })
  if (x.c.owed <= 0) throw new CommandError('rule', `The ${x.row.name}'s crew is owed nothing.`, { field: 'amount' })
  const amount = input.amount ?? x.c.owed
  if (amount > x.c.owed) {
    throw new CommandError('invalid_input', `amount: the ${x.row.name}'s crew is owed ${fmt(x.c.owed)} ${currencyOf(db)}, not ${fmt(amount)}.`, { field: 'amount', owed: x.c.owed })
  }
  const owners = shipOwners(db, x.row.id)
  const parts = splitByShares(amount, owners.map((o) => o.share))
  const short = owners
    .map((o, i) => ({ o, part: parts[i]!, cash: o.ownerId === WORLD_OWNER_ID ? Infinity : balance(db, o.ownerId).cash }))
    .filter((r) => !allowDebt && r.cash < r.part)
  if (short.length) {
    const currency = currencyOf(db)
    throw new CommandError(
      'rule',
      `Not enough money to pay the ${x.row.name}'s crew: ${short.map((r) => `${r.o.name} is ${fmt(r.part - Math.max(0, r.cash))} ${currency} short (their share is ${fmt(r.part)} ${currency})`).join('; ')}. Nothing was paid.`,
      { field: 'amount', shortfalls: short.map((r) => ({ ownerId: r.o.ownerId, part: r.part })) }
    )
  }
  const to = payOwed(db, x.row.id, amount)
  const net = new Map<number, number>()
  const add = (id: number, a: number) => net.set(id, (net.get(id) ?? 0) + a)
  owners.forEach((o, i) => add(o.ownerId, -parts[i]!))
  for (const t of to) add(t.ownerId, t.amount)
  const memo = `Wages owed to the crew of the ${x.row.name} settled: ${fmt(amount)}`
  const lines: Line[] = [...net.entries()].filter(([, a]) => a !== 0).map(([ownerId, a]) => ({ ownerId, account: 'cash', amount: a }))
  if (lines.length) post(db, { day: currentDay(db), memo, command: 'crew.settle', lines })
  addShipEvent(db, x.row.id, currentDay(db), memo)
  return {
    amount,
    paidTo: to,
    charged: owners.map((o, i) => ({ ownerId: o.ownerId, name: o.name, amount: parts[i]! })).filter((c) => c.amount > 0),
    roster: crewRoster(db, x.row.id)
  }
}

// ---------------------------------------------------------------------------------------------
// Hiring and discharging
// ---------------------------------------------------------------------------------------------

/** This week's recruiting in port (seed 003 I.2): the week's first day, whether recruiting and press gangs were rolled, the hands found and not yet signed on. */
export interface RecruitWeek {
  week: number
  recruited: boolean
  pressed: boolean
  left: number
  /** The week's rolls, for the GM: "recruiting 1k1+2: 7". */
  rolls: string[]
}

function weekStartOf(db: Db, day: number): number {
  return day - dateOf(getRule(db, 'calendar'), day).weekdayIndex
}

function recruitWeekOf(db: Db, c: CompanyRow, day: number): RecruitWeek {
  const week = weekStartOf(db, day)
  const r = JSON.parse(c.recruits) as Partial<RecruitWeek>
  if (r.week !== week) return { week, recruited: false, pressed: false, left: 0, rolls: [] }
  return { week, recruited: r.recruited === true, pressed: r.pressed === true, left: r.left ?? 0, rolls: r.rolls ?? [] }
}

/** Roll this week's recruiting (and press gangs, when sent) if not yet rolled: the hands the week found. */
function rollRecruits(db: Db, x: Ctx, w: RecruitWeek, press: boolean, dice: () => DiceBox): RecruitWeek {
  const up = getRule(db, 'crewUpkeep')
  const out = { ...w, rolls: [...w.rolls] }
  if (!out.recruited) {
    const r = dice().roll(up.recruitDice, `${x.row.name}: recruits found this week`)
    out.recruited = true
    out.left += r.total
    out.rolls.push(`recruiting ${up.recruitDice}: ${r.total}`)
  }
  if (press && !out.pressed) {
    const r = dice().roll(up.pressGangDice, `${x.row.name}: shanghaied by press gangs this week`)
    out.pressed = true
    out.left += r.total
    out.rolls.push(`press gangs ${up.pressGangDice}: ${r.total}`)
  }
  return out
}

export function hireCrew(
  db: Db,
  input: {
    shipId: number
    sailors: number
    marines: number
    officers: { role: OfficerRole; personId: number; battery?: 'port' | 'starboard' | 'chasers' | 'stern'; wage?: number }[]
    pressGang?: boolean
    houseRule?: boolean
  },
  allowDebt: boolean,
  dice: () => DiceBox = () => {
    throw new Error('hireCrew: no dice')
  }
) {
  const x = ctxOf(db, input.shipId)
  requireAfloat(x.row, 'sign on a crew')
  const recruits = input.sailors + input.marines
  if (recruits === 0 && input.officers.length === 0) throw new CommandError('invalid_input', 'Nobody to sign on: give sailors, marines or officers.', { field: 'sailors' })
  const place = requireFriendlyPort(db, x.row, x.c, 'sign on a crew')

  const wages = getRule(db, 'crewWages')
  const today = currentDay(db)
  const taken = new Set(x.officers.filter((o) => o.role !== 'aboard').map((o) => `${o.role}:${o.battery ?? ''}`))
  const newOfficers: { role: OfficerRole; personId: number; battery: string | null; wage: number; name: string; kind: string }[] = []
  input.officers.forEach((o, i) => {
    const p = stmt(db, `SELECT p.id, p.kind, o.name FROM person p JOIN owner o ON o.id = p.owner_id WHERE p.id = ?`).get(o.personId) as
      | { id: number; kind: 'pc' | 'npc'; name: string }
      | undefined
    if (!p) throw new CommandError('not_found', `officers.${i}.personId: there is no character with id ${o.personId}.`, { field: `officers.${i}.personId` })
    const aboard = stmt(db, `SELECT s.name FROM ship_officer so JOIN ship s ON s.id = so.ship_id WHERE so.person_id = ?`).get(o.personId) as { name: string } | undefined
    if (aboard || newOfficers.some((n) => n.personId === o.personId)) {
      throw new CommandError('rule', `${p.name} already sails with the ${aboard?.name ?? x.row.name}; discharge them there first.`, { field: `officers.${i}.personId` })
    }
    if (o.battery && o.role !== 'gunner') throw new CommandError('invalid_input', `officers.${i}.battery: only a gunner serves a battery.`, { field: `officers.${i}.battery` })
    const key = `${o.role}:${o.battery ?? ''}`
    if (o.role !== 'aboard' && taken.has(key)) {
      throw new CommandError('rule', `The ${x.row.name} already has a ${roleLabel(o.role, o.battery ?? null)}.`, { field: `officers.${i}.role` })
    }
    taken.add(key)
    const wage = o.wage ?? (p.kind === 'pc' ? 0 : wages[o.role])
    newOfficers.push({ role: o.role, personId: p.id, battery: o.battery ?? null, wage, name: p.name, kind: p.kind })
  })

  const { hands } = handsOf(x)
  const npcs = x.officers.filter((o) => o.kind === 'npc').length + newOfficers.filter((o) => o.kind === 'npc').length
  const after = hands + recruits + npcs
  const maxCrew = x.quote.derived.maxCrew
  if (after > maxCrew) {
    throw new CommandError(
      'rule',
      `The ${x.row.name} can carry at most ${maxCrew} crew (not counting player characters): she has ${hands + x.officers.filter((o) => o.kind === 'npc').length}, so ${recruits + newOfficers.filter((o) => o.kind === 'npc').length} more would be ${after - maxCrew} too many.`,
      { field: 'sailors', maxCrew, after }
    )
  }

  // Recruiting's pace (seed 003 I.2: "1K1+2 men/women per week in a friendly port", press gangs another
  // 1K1+2): hands signed on come from what this week's roll found, unless the GM hires now as a house rule.
  const houseRule = recruits > 0 && input.houseRule === true
  let week: RecruitWeek | null = null
  if (recruits > 0 && !houseRule) {
    week = rollRecruits(db, x, recruitWeekOf(db, x.c, today), input.pressGang === true, dice)
    if (recruits > week.left) {
      const where = place.portName ?? 'port'
      throw new CommandError(
        'rule',
        `This week's recruiting in ${where} has ${plural(week.left, 'hand')} left to sign on (${week.rolls.join(', ')}), not ${recruits}. ` +
          `${week.pressed ? '' : 'Send out press gangs for more, '}wait for next week, or hire now as a house rule.`,
        { field: 'sailors', left: week.left, asked: recruits, rolls: week.rolls, pressed: week.pressed }
      )
    }
    week = { ...week, left: week.left - recruits }
    setCompany(db, x.row.id, { recruits: JSON.stringify(week) })
  }

  const gear = gearFor(db, x.design, recruits)
  const g = gearEach(db, x.design)
  const paid = chargeCrewCost(db, x, gear, {
    memo: `Gear for ${plural(recruits, 'new hand')} of the ${x.row.name}`,
    command: 'crew.hire',
    mode: 'refuse',
    allowDebt,
    what: `the gear of ${plural(recruits, 'new hand')}`,
    cost: { kind: 'gear' }
  })
  if (recruits > 0) {
    stmt(db, `UPDATE ship SET crew = crew + ? WHERE id = ?`).run(recruits, x.row.id)
    if (input.marines > 0) setCompany(db, x.row.id, { marines: Math.min(x.c.marines, hands) + input.marines })
  }
  const add = stmt(db, `INSERT INTO ship_officer (ship_id, person_id, role, battery, wage, since_day) VALUES (?, ?, ?, ?, ?, ?)`)
  for (const o of newOfficers) add.run(x.row.id, o.personId, o.role, o.battery, o.wage, today)

  const parts: string[] = []
  if (input.sailors) parts.push(plural(input.sailors, 'sailor'))
  if (input.marines) parts.push(plural(input.marines, 'marine'))
  for (const o of newOfficers) parts.push(`${o.name} as ${roleLabel(o.role, o.battery)}`)
  addShipEvent(db, x.row.id, today, `Signed on ${listing(parts)}${houseRule ? ' (hired now, house rule: beyond the week’s recruiting)' : ''}`)

  const breakdown = [
    { label: `New hands: ${recruits} × ${g.label}`, value: gear },
    ...(paid.payer === 'government' ? [{ label: 'Paid by the government (naval ship)', value: 0 }] : []),
    ...(paid.payer === 'booty' ? [{ label: 'Owed to the crew, from the next booty', value: paid.owedAdded }] : []),
    ...paid.charged.map((c) => ({ label: `${c.name}'s share`, value: c.amount }))
  ]
  return {
    roster: crewRoster(db, x.row.id),
    recruits,
    gear,
    payer: paid.payer,
    charged: paid.charged,
    breakdown,
    houseRule,
    week: week ? { left: week.left, rolls: week.rolls } : null
  }
}

export function dischargeCrew(db: Db, input: { shipId: number; sailors: number; marines: number; officers: number[] }): CrewRoster {
  const x = ctxOf(db, input.shipId)
  if (GONE.includes(x.row.status as never)) throw new CommandError('rule', `The ${x.row.name} is ${x.row.status}.`)
  const { sailors, marines } = handsOf(x)
  if (input.sailors > sailors) throw new CommandError('rule', `The ${x.row.name} has ${plural(sailors, 'sailor')}; ${input.sailors} cannot be paid off.`, { field: 'sailors' })
  if (input.marines > marines) throw new CommandError('rule', `The ${x.row.name} has ${plural(marines, 'marine')}; ${input.marines} cannot be paid off.`, { field: 'marines' })
  const names: string[] = []
  input.officers.forEach((pid, i) => {
    const o = x.officers.find((r) => r.person_id === pid)
    if (!o) throw new CommandError('not_found', `officers.${i}: character ${pid} is not aboard the ${x.row.name}.`, { field: `officers.${i}` })
    names.push(o.name)
  })
  if (input.sailors + input.marines === 0 && names.length === 0) throw new CommandError('invalid_input', 'Nobody to pay off: give sailors, marines or officers.', { field: 'sailors' })
  stmt(db, `UPDATE ship SET crew = crew - ? WHERE id = ?`).run(input.sailors + input.marines, x.row.id)
  if (input.marines) setCompany(db, x.row.id, { marines: marines - input.marines })
  for (const pid of input.officers) stmt(db, `DELETE FROM ship_officer WHERE ship_id = ? AND person_id = ?`).run(x.row.id, pid)
  const parts: string[] = []
  if (input.sailors) parts.push(plural(input.sailors, 'sailor'))
  if (input.marines) parts.push(plural(input.marines, 'marine'))
  parts.push(...names)
  addShipEvent(db, x.row.id, currentDay(db), `Paid off ${listing(parts)}`)
  return crewRoster(db, x.row.id)
}

// ---------------------------------------------------------------------------------------------
// Standing orders
// ---------------------------------------------------------------------------------------------

export function setOrders(db: Db, input: { shipId: number } & Partial<StandingOrders>): StandingOrders {
  const row = requireShip(db, input.shipId) as ShipRow
  if (GONE.includes(row.status as never)) throw new CommandError('rule', `The ${row.name} is ${row.status}.`)
  const { shipId, ...patch } = input
  const next = { ...ordersOf(companyOf(db, shipId)) }
  for (const [k, v] of Object.entries(patch)) if (v !== undefined) (next as Record<string, unknown>)[k] = v
  setCompany(db, shipId, { orders: JSON.stringify(next) })
  return next
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

// ---------------------------------------------------------------------------------------------
// Condition: hull parts, careening clock, penalties
// ---------------------------------------------------------------------------------------------

/** The repairable hull damage split into the crew's part and the port's (see the readings above). */
function hullParts(db: Db, x: Ctx) {
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

function careeningOf(db: Db, x: Ctx, today: number) {
  const cal = getRule(db, 'calendar')
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
  if (x.row.hull_damage > d.hull / 2) penalties.push('Hull more than half gone: −1 Handling, taking on water (seed 003 IV)')
  if (x.row.rigging_damage > d.rigging / 2) penalties.push('Rigging more than half gone: half Speed (seed 003 IV)')
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
function requireFoodRoom(db: Db, x: Ctx, field: string): void {
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

// ---------------------------------------------------------------------------------------------
// Repairs
// ---------------------------------------------------------------------------------------------

interface RepairWork {
  hullByCrew: number
  riggingByCrew: number
  hullByYard: number
  riggingByYard: number
}

/** Write the repairable hull accounting after the damage changed by `repaired` points of the port's part. */
function applyHull(db: Db, x: Ctx, hullByCrew: number, hullByYard: number, riggingRepaired: number): void {
  const hp = hullParts(db, x)
  const fromPort = Math.min(hullByYard, hp.portOnly)
  const repairedTotal = hullByCrew + hullByYard
  const repairable = hp.repairable - repairedTotal
  stmt(db, `UPDATE ship SET hull_damage = hull_damage - ?, rigging_damage = rigging_damage - ? WHERE id = ?`).run(repairedTotal, riggingRepaired, x.row.id)
  setCompany(db, x.row.id, { hull_seen: repairable, hull_port_only: Math.min(repairable, hp.portOnly - fromPort), unrepairable_hull: hp.unrepairable })
}

/** One or more weeks of the crew's repairs (free, anywhere): rigging and their part of the hull. */
function crewWork(db: Db, x: Ctx, weeks: number): { hull: number; rigging: number } {
  if (x.row.crew === 0) return { hull: 0, rigging: 0 }
  const r = getRule(db, 'shipRepairs')
  const hp = hullParts(db, x)
  const rate = x.officers.some((o) => o.role === 'carpenter') ? r.crewHullPerWeekWithCarpenter : r.crewHullPerWeek
  return { hull: Math.min(hp.crewRepairable, rate * weeks), rigging: Math.min(x.row.rigging_damage, r.crewRiggingPerWeek * weeks) }
}

/** What a friendly port's yard repairs in some weeks after the crew's work: the hull (the port's half first), then rigging. */
function yardWork(db: Db, x: Ctx, weeks: number, crew: { hull: number; rigging: number }): { hull: number; rigging: number } {
  const r = getRule(db, 'shipRepairs')
  const hp = hullParts(db, x)
  let points = r.portPointsPerWeek * weeks
  const hull = Math.min(points, hp.repairable - crew.hull)
  points -= hull
  const rigging = Math.min(points, x.row.rigging_damage - crew.rigging)
  return { hull, rigging }
}

/** What the clock's repair steps did to each ship while a `ships.repair` runs (null otherwise). */
let repairTally: Map<number, RepairWork & { cost: number }> | null = null
function tally(shipId: number, w: Partial<RepairWork> & { cost?: number }): void {
  if (!repairTally) return
  const t = repairTally.get(shipId) ?? { hullByCrew: 0, riggingByCrew: 0, hullByYard: 0, riggingByYard: 0, cost: 0 }
  t.hullByCrew += w.hullByCrew ?? 0
  t.riggingByCrew += w.riggingByCrew ?? 0
  t.hullByYard += w.hullByYard ?? 0
  t.riggingByYard += w.riggingByYard ?? 0
  t.cost += w.cost ?? 0
  repairTally.set(shipId, t)
}

/** Refuse, naming each owner short, when the owners cannot pay `total` by their shares in cash (unless debt is allowed). */
function requireOwnersCanPay(db: Db, shipId: number, total: number, allowDebt: boolean, what: string, field?: string): void {
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

/** The voyage a ship is sailing on, if any (the voyage moves the clock while she sails). */
function voyageOf(db: Db, shipId: number): number | null {
  const r = stmt(db, `SELECT v.id FROM voyage_ship vs JOIN voyage v ON v.id = vs.voyage_id WHERE vs.ship_id = ? AND v.status = 'atSea' AND vs.state IN ('sailing', 'escaped')`).get(shipId) as
    | { id: number }
    | undefined
  return r?.id ?? null
}

/**
 * Some weeks of repairs (seed 003 I, maintenance): repairs take the time they take, so the clock
 * moves those weeks and its weekly steps do the work — the crew's (rigging 4 a week, their half of the
 * hull 2 a week, 4 with a carpenter) and, in a friendly port, the yard's (10 points a week at 50 G a
 * point), with the yard order in force for those weeks. No point is mended twice in a week: the
 * command is the clock's own weeks. Refused, with nothing done, when there is nothing to repair, when
 * the owners cannot pay the yard's estimate, or when she is on a voyage (the voyage moves her clock).
 */
export function repairShip(db: Db, input: { shipId: number; weeks: number; yard?: boolean }, allowDebt: boolean, dice: () => DiceBox, command = 'ships.repair') {
  const x = ctxOf(db, input.shipId)
  requireAfloat(x.row, 'be repaired')
  const place = placeOf(db, x.row, x.c)
  const inFriendly = place.status === 'port' && place.friendly === true
  if (input.yard === true) requireFriendlyPort(db, x.row, x.c, 'be repaired by a yard')
  const useYard = input.yard ?? inFriendly
  const hp = hullParts(db, x)
  if (hp.repairable === 0 && x.row.rigging_damage === 0) {
    const why = hp.unrepairable > 0 ? ` (the ${plural(hp.unrepairable, 'hull point')} lost to a missed careening cannot be repaired until she is careened)` : ''
    throw new CommandError('rule', `The ${x.row.name} has nothing to repair${why}.`)
  }
  const crew = crewWork(db, x, input.weeks)
  const yard = useYard ? yardWork(db, x, input.weeks, crew) : { hull: 0, rigging: 0 }
  if (crew.hull + crew.rigging + yard.hull + yard.rigging === 0) {
    const why = x.row.crew === 0 ? 'she has no crew to do the work' : 'what is left needs a friendly port’s yard'
    throw new CommandError('rule', `Nothing can be repaired aboard the ${x.row.name} now: ${why}.`)
  }
  const voyage = voyageOf(db, x.row.id)
  if (voyage !== null) {
    throw new CommandError('rule', `The ${x.row.name} is on a voyage: her crew mends what it can each week as she sails (the clock’s weekly repairs). Sail on, or end the voyage in port for the yard.`, {
      field: 'weeks',
      voyageId: voyage
    })
  }
  const r = getRule(db, 'shipRepairs')
  requireOwnersCanPay(db, x.row.id, (yard.hull + yard.rigging) * r.portCostPerPoint, allowDebt, 'the yard’s repairs', 'weeks')

  // The weeks pass on the clock; the yard order is in force for them, then as it was.
  const orders = ordersOf(x.c)
  if (useYard && !orders.repair) setCompany(db, x.row.id, { orders: JSON.stringify({ ...orders, repair: true }) })
  const days = input.weeks * 7
  repairTally = new Map()
  let clock: ReturnType<typeof advanceClock>
  let done: RepairWork & { cost: number }
  try {
    clock = advanceClock(db, days, dice)
    done = repairTally.get(x.row.id) ?? { hullByCrew: 0, riggingByCrew: 0, hullByYard: 0, riggingByYard: 0, cost: 0 }
  } finally {
    repairTally = null
  }
  // No clock step changes standing orders: they go back as they were.
  if (useYard && !orders.repair) setCompany(db, x.row.id, { orders: x.c.orders })
  const parts: string[] = []
  if (done.hullByCrew || done.riggingByCrew) parts.push(`the crew mended ${workText(done.hullByCrew, done.riggingByCrew)}`)
  if (done.hullByYard || done.riggingByYard) parts.push(`the yard ${workText(done.hullByYard, done.riggingByYard)} for ${fmt(done.cost)} ${currencyOf(db)}`)
  addShipEvent(db, x.row.id, currentDay(db), `Repairs (${plural(input.weeks, 'week')}): ${parts.join('; ') || 'nothing mended'}`)
  const owners = shipOwners(db, x.row.id)
  const shares = done.cost > 0 && owners.length ? splitByShares(done.cost, owners.map((o) => o.share)) : []
  const charged = owners.map((o, i) => ({ ownerId: o.ownerId, name: o.name, amount: shares[i] ?? 0 })).filter((c) => c.amount > 0)
  return { ...done, charged, condition: shipCondition(db, x.row.id), days, to: clock.to, steps: clock.steps }
}

const workText = (hull: number, rigging: number) =>
  listing([hull ? plural(hull, 'hull point') : '', rigging ? plural(rigging, 'rigging point') : ''].filter(Boolean))

// ---------------------------------------------------------------------------------------------
// Careening
// ---------------------------------------------------------------------------------------------

export function careenShip(db: Db, input: { shipId: number; where: 'port' | 'beach' }, allowDebt: boolean, command = 'ships.careen') {
  const x = ctxOf(db, input.shipId)
  requireAfloat(x.row, 'be careened')
  const today = currentDay(db)
  const rules = getRule(db, 'careening')
  if (x.c.careening_until !== null && x.c.careening_until > today) {
    throw new CommandError('rule', `The ${x.row.name} is already being careened until ${labelOf(db)(x.c.careening_until)}.`)
  }
  let cost = 0
  let paid: Paid = { charged: [], unpaid: 0 }
  const place = placeOf(db, x.row, x.c)
  if (input.where === 'port') {
    requireFriendlyPort(db, x.row, x.c, 'be careened in port')
    const base = hullStats(getRule(db, 'shipHulls'), x.design.hull).baseCost
    cost = Math.round((base * rules.portFeePercent) / 100)
    paid = chargeOwners(db, x.row.id, cost, {
      memo: `Careening the ${x.row.name} in ${place.portName ?? 'port'} (${rules.portFeePercent}% of ${fmt(base)})`,
      command,
      mode: 'refuse',
      allowDebt,
      what: 'careening'
    })
  } else {
    if (!hasShallowDraft(x.design, getRule(db, 'shipHulls'))) {
      throw new CommandError('rule', `The ${x.row.name} has a deep draft: only shallow drafts (Corsairs, Small Warships that are not frigates, or a retractable keel) can be beached to careen.`)
    }
    if (place.status !== 'sea') throw new CommandError('rule', `The ${x.row.name} is in port: put to sea to beach her on a deserted shore, or careen her in port.`)
  }
  // The hull lost to the missed careening becomes ordinary damage, repairable again.
  const hp = hullParts(db, x)
  setCompany(db, x.row.id, {
    careened_day: today,
    careening_until: today + rules.days,
    beached: input.where === 'beach' ? 1 : 0,
    unrepairable_hull: 0,
    hull_seen: hp.repairable,
    hull_port_only: hp.portOnly
  })
  const until = labelOf(db)(today + rules.days)
  addShipEvent(
    db,
    x.row.id,
    today,
    input.where === 'port'
      ? `Careened in ${place.portName ?? 'port'} for ${fmt(cost)} ${currencyOf(db)}, until ${until}`
      : `Beached on a deserted shore to careen, vulnerable until ${until}`
  )
  return { cost, charged: paid.charged, condition: shipCondition(db, x.row.id) }
}

// ---------------------------------------------------------------------------------------------
// The Dashboard and the port page
// ---------------------------------------------------------------------------------------------

function afloatIds(db: Db): number[] {
  return (stmt(db, `SELECT id FROM ship WHERE status IN ('port', 'sea') ORDER BY id`).all() as { id: number }[]).map((r) => r.id)
}

function nextMonthStart(db: Db, today: number): number {
  const cal = getRule(db, 'calendar')
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

/**
 * A ship's food this month by the days eaten (seed 003 I.2): the days counted so far in port and at
 * sea, the food bought ashore for them, and what the next upkeep will charge if she lies where she
 * is for the rest of the month.
 */
export function foodDaysOf(db: Db, x: Ctx, today: number) {
  const cal = getRule(db, 'calendar')
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

export function portPage(db: Db, portId: number) {
  const port = getPort(db, portId)
  const up = getRule(db, 'crewUpkeep')
  const r = getRule(db, 'shipRepairs')
  const avg = (notation: string) => {
    // The average of XkY+N with one kept die is not simple with explosions; use 5.5 a kept die (plus the modifier).
    const m = /^(\d+)k(\d+)n?([+-]\d+)?$/.exec(notation.replace(/\s+/g, '').toLowerCase())
    return m ? Math.round(Number(m[2]) * 5.5 + Number(m[3] ?? 0)) : 0
  }
  const ships = port.ships.map((s) => {
    const x = ctxOf(db, s.shipId)
    const o = ordersOf(x.c)
    const guns = gunsOf(db, x)
    const m = monthlyOf(db, x, guns)
    const breakdown: { label: string; value: number }[] = []
    const payer = payerOf(x.c.kind)
    if (s.friendly) {
      const room = Math.max(0, x.quote.derived.maxCrew - (x.row.crew + x.officers.filter((f) => f.kind === 'npc').length))
      const n = Math.min(room, (o.recruit ? avg(up.recruitDice) : 0) + (o.pressGang ? avg(up.pressGangDice) : 0))
      if (n > 0 && payer === 'owners') breakdown.push({ label: `Gear for about ${n} recruits`, value: gearFor(db, x.design, n) })
      if (o.repair) {
        const hp = hullParts(db, x)
        const crew = crewWork(db, x, 1)
        const pts = Math.min(r.portPointsPerWeek, hp.repairable - crew.hull + x.row.rigging_damage - crew.rigging)
        if (pts > 0) breakdown.push({ label: `Yard repairs: ${pts} points × ${r.portCostPerPoint}`, value: pts * r.portCostPerPoint })
      }
      const k = careeningOf(db, x, currentDay(db))
      if (o.careen && k.due - currentDay(db) <= 7) {
        breakdown.push({ label: 'Careening', value: Math.round((hullStats(getRule(db, 'shipHulls'), x.design.hull).baseCost * k.rules.portFeePercent) / 100) })
      }
    }
    return {
      shipId: s.shipId,
      name: s.name,
      friendly: s.friendly,
      hands: x.row.crew,
      orders: o,
      week: { total: breakdown.reduce((n, t) => n + t.value, 0), breakdown },
      month: { total: m.total, payer }
    }
  })
  return { port, ships }
}

// ---------------------------------------------------------------------------------------------
// The clock
// ---------------------------------------------------------------------------------------------

function allowDebtOf(db: Db): boolean {
  const row = stmt(db, `SELECT value FROM setting WHERE key = 'allowDebt'`).get() as { value: string } | undefined
  return row ? JSON.parse(row.value) === true : false
}

/** Ships with crew or orders worth visiting: afloat, in id order. */
function afloatRows(db: Db): { id: number; name: string; status: string }[] {
  return stmt(db, `SELECT id, name, status FROM ship WHERE status IN ('port', 'sea') ORDER BY id`).all() as { id: number; name: string; status: string }[]
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

/** The days of the month before `day` (the first of a month): the month just ended. */
function lastMonthDays(db: Db, day: number): number {
  const cal = getRule(db, 'calendar')
  const d = dateOf(cal, day - 1)
  return cal.months[d.month - 1]?.days ?? d.dayOfMonth
}

/** Monthly upkeep (order 100): wages, and the food of the days spent in port in the month just ended, charged by the ship kind's payer. */
export function monthlyUpkeep(db: Db, effect: (t: string) => void, quotes = new Map<string, ShipQuote>(), day = currentDay(db)): void {
  const allowDebt = allowDebtOf(db)
  const currency = currencyOf(db)
  const monthDays = lastMonthDays(db, day)
  for (const s of afloatRows(db)) {
    const x = ctxOf(db, s.id, quotes)
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
      payees: m.officerWages
    })
    if (paid.payer === 'government') effect(`The ${x.row.name}: ${money}, paid by the government (${days})`)
    else if (paid.payer === 'booty') effect(`The ${x.row.name}: ${money} owed to the crew from the next booty, now ${fmt(companyOf(db, s.id).owed)} (${days})`)
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
}

/** The careening clock (order 110): from two months past due, 1k1 hull a month, unrepairable until careened. */
export function careeningClock(db: Db, day: number, dice: () => DiceBox, effect: (t: string) => void, quotes = new Map<string, ShipQuote>()): void {
  for (const s of afloatRows(db)) {
    const x = ctxOf(db, s.id, quotes)
    const k = careeningOf(db, x, day)
    if (!k.hullLossActive) continue
    const roll = dice().roll(k.rules.hullLossDice, `${x.row.name}: hull lost to a careening ${plural(k.pastDue, 'month')} overdue`)
    const hullLeft = x.quote.derived.hull - x.row.hull_damage
    const lost = Math.max(0, Math.min(roll.total, hullLeft))
    const hp = hullParts(db, x)
    stmt(db, `UPDATE ship SET hull_damage = hull_damage + ? WHERE id = ?`).run(lost, s.id)
    setCompany(db, s.id, { unrepairable_hull: hp.unrepairable + lost, hull_seen: hp.repairable, hull_port_only: hp.portOnly })
    addShipEvent(db, s.id, day, `Lost ${plural(lost, 'hull point')} to a careening ${plural(k.pastDue, 'month')} overdue (${k.rules.hullLossDice}: ${roll.total})`)
    if (lost >= hullLeft) {
      stmt(db, `UPDATE ship SET status = 'sunk' WHERE id = ?`).run(s.id)
      addShipEvent(db, s.id, day, 'Sank: her rotten hull gave way')
      effect(`The ${x.row.name} lost ${plural(lost, 'hull point')} (${k.rules.hullLossDice}: ${roll.total}) and sank: careening ${plural(k.pastDue, 'month')} overdue`)
    } else {
      effect(`The ${x.row.name} lost ${plural(lost, 'hull point')} (${k.rules.hullLossDice}: ${roll.total}), careening ${plural(k.pastDue, 'month')} overdue: not repairable until careened`)
    }
  }
}

/** Standing orders in port (order 200): careen when due, keep provisions, recruit and press, yard repairs. */
export function portWork(db: Db, day: number, dice: () => DiceBox, effect: (t: string) => void, quotes = new Map<string, ShipQuote>()): void {
  const allowDebt = allowDebtOf(db)
  const up = getRule(db, 'crewUpkeep')
  const currency = currencyOf(db)
  const rows = stmt(
    db,
    `SELECT s.id FROM ship s JOIN ship_company c ON c.ship_id = s.id WHERE s.status = 'port' AND c.orders <> '{}' ORDER BY s.id`
  ).all() as { id: number }[]
  for (const { id } of rows) {
    let x = ctxOf(db, id, quotes)
    const o = ordersOf(x.c)
    const place = placeOf(db, x.row, x.c)
    if (!place.friendly) {
      if (o.recruit || o.pressGang || o.repair || o.careen || o.provisionMonths) effect(`The ${x.row.name}: ${place.portName} is not friendly, so her standing orders wait`)
      continue
    }
    const refusal = (e: unknown) => (e instanceof CommandError && e.code === 'rule' ? e.message : null)

    // Careen when due within the week, or overdue.
    if (o.careen && !(x.c.careening_until !== null && x.c.careening_until > day)) {
      const k = careeningOf(db, x, day)
      if (k.due - day <= 7) {
        try {
          const out = careenShip(db, { shipId: id, where: 'port' }, allowDebt, 'clock.advance')
          effect(`The ${x.row.name} careened in ${place.portName ?? 'port'} for ${fmt(out.cost)} ${currency}, until ${out.condition.careening.untilLabel}`)
        } catch (e) {
          const why = refusal(e)
          if (why === null) throw e
          effect(`The ${x.row.name} was not careened: ${why}`)
        }
        x = ctxOf(db, id, quotes)
      }
    }

    // Recruiting and press gangs: 1k1+2 each, up to the target, gear charged.
    if (o.recruit || o.pressGang) {
      const counted = () => x.row.crew + x.officers.filter((f) => f.kind === 'npc').length
      const target = Math.min(x.quote.derived.maxCrew, o.recruitUpTo === null ? Infinity : o.recruitUpTo + x.officers.filter((f) => f.kind === 'npc').length)
      if (counted() < target) {
        const rolls: string[] = []
        let n = 0
        if (o.recruit) {
          const r = dice().roll(up.recruitDice, `${x.row.name}: recruits this week`)
          n += r.total
          rolls.push(`recruited ${r.total} (${up.recruitDice}: ${r.faces.join(', ')})`)
        }
        if (o.pressGang) {
          const r = dice().roll(up.pressGangDice, `${x.row.name}: shanghaied by press gangs this week`)
          n += r.total
          rolls.push(`press gangs ${r.total} (${up.pressGangDice}: ${r.faces.join(', ')})`)
        }
        const take = Math.max(0, Math.min(n, target - counted()))
        // This week's roll is the week's: what is not signed on now may be by hand later in the week.
        const found: RecruitWeek = { week: weekStartOf(db, day), recruited: o.recruit, pressed: o.pressGang, left: n - take, rolls: rolls }
        const gear = gearFor(db, x.design, take)
        try {
          const paid = chargeCrewCost(db, x, gear, {
            memo: `Gear for ${plural(take, 'new hand')} of the ${x.row.name}`,
            command: 'clock.advance',
            mode: 'refuse',
            allowDebt,
            what: `the gear of ${plural(take, 'new hand')}`,
            cost: { kind: 'gear' }
          })
          stmt(db, `UPDATE ship SET crew = crew + ? WHERE id = ?`).run(take, id)
          setCompany(db, id, { recruits: JSON.stringify(found) })
          const pay = paid.payer === 'government' ? 'by the government' : paid.payer === 'booty' ? 'owed from the next booty' : `paid by ${listing(paid.charged.filter((c) => c.amount).map((c) => `${c.name} ${fmt(c.amount)}`)) || 'nobody'}`
          const capped = take < n ? ` (room for ${take})` : ''
          effect(`The ${x.row.name}: ${rolls.join(', ')}; ${plural(take, 'hand')} signed on${capped}, now ${x.row.crew + take}; gear ${fmt(gear)} ${currency} ${pay}`)
          if (take > 0) addShipEvent(db, id, day, `Signed on ${plural(take, 'hand')} by ${o.recruit && o.pressGang ? 'recruiting and press gangs' : o.recruit ? 'recruiting' : 'press gangs'}`)
        } catch (e) {
          const why = refusal(e)
          if (why === null) throw e
          effect(`The ${x.row.name}: ${rolls.join(', ')}, but none signed on: ${why}`)
        }
        x = ctxOf(db, id, quotes)
      }
    }

    // Keep provisions for so many months.
    if (o.provisionMonths > 0) {
      const eaters = x.row.crew + x.officers.length
      const wpm = weeksPerMonthOf(db, x.design)
      const want = eaters * o.provisionMonths * wpm
      if (eaters > 0 && x.c.provisions < want) {
        const crewMonths = Math.ceil((want - x.c.provisions) / wpm)
        const cost = crewMonths * up.foodPerCrewMonth
        try {
          requireFoodRoom(db, x, 'provisionMonths')
          const paid = chargeCrewCost(db, x, cost, {
            memo: `Provisions for the ${x.row.name} (${crewMonths} crew-months)`,
            command: 'clock.advance',
            mode: 'refuse',
            allowDebt,
            what: 'provisions',
            cost: { kind: 'provisions' }
          })
          setCompany(db, id, { provisions: companyOf(db, id).provisions + crewMonths * wpm })
          effect(`The ${x.row.name} took on provisions: ${crewMonths} crew-months for ${fmt(cost)} ${currency}${paid.payer === 'government' ? ', paid by the government' : paid.payer === 'booty' ? ', owed from the next booty' : ''}`)
        } catch (e) {
          const why = refusal(e)
          if (why === null) throw e
          effect(`The ${x.row.name} took on no provisions: ${why}`)
        }
        x = ctxOf(db, id, quotes)
      }
    }

    // The yard repairs what the crew cannot (the crew's own work is the next step).
    if (o.repair) {
      const hp = hullParts(db, x)
      if (hp.repairable > 0 || x.row.rigging_damage > 0) {
        const crew = crewWork(db, x, 1)
        const yard = yardWork(db, x, 1, crew)
        if (yard.hull + yard.rigging > 0) {
          const r = getRule(db, 'shipRepairs')
          const cost = (yard.hull + yard.rigging) * r.portCostPerPoint
          try {
            chargeOwners(db, id, cost, {
              memo: `Repairs to the ${x.row.name} in ${place.portName ?? 'port'}: ${yard.hull + yard.rigging} points × ${r.portCostPerPoint}`,
              command: 'clock.advance',
              mode: 'refuse',
              allowDebt,
              what: 'the yard’s repairs'
            })
            // The yard takes the port's part first; the crew's week of work is the next step.
            applyHull(db, x, 0, yard.hull, yard.rigging)
            tally(id, { hullByYard: yard.hull, riggingByYard: yard.rigging, cost })
            effect(`The ${x.row.name}: the yard repaired ${workText(yard.hull, yard.rigging)} for ${fmt(cost)} ${currency}`)
          } catch (e) {
            const why = refusal(e)
            if (why === null) throw e
            effect(`The ${x.row.name}: no yard repairs this week: ${why}`)
          }
        }
      }
    }
  }
}

/** The crew's own repairs (order 210), every week, at sea or in port: rigging and their part of the hull. */
export function crewRepairs(db: Db, day: number, effect: (t: string) => void, quotes = new Map<string, ShipQuote>()): void {
  const rows = stmt(db, `SELECT id FROM ship WHERE status IN ('port', 'sea') AND crew > 0 AND (hull_damage > 0 OR rigging_damage > 0) ORDER BY id`).all() as { id: number }[]
  for (const { id } of rows) {
    const x = ctxOf(db, id, quotes)
    const w = crewWork(db, x, 1)
    if (w.hull + w.rigging === 0) continue
    applyHull(db, x, w.hull, 0, w.rigging)
    tally(id, { hullByCrew: w.hull, riggingByCrew: w.rigging })
    effect(`The ${x.row.name}'s crew mended ${workText(w.hull, w.rigging)}`)
    void day
  }
}

/**
 * The days counted (order 120, daily): each afloat ship's day in port or at sea, weighted by those
 * aboard (seed 003 I.2: food by the days eaten — bought ashore in port, from the provisions at sea).
 */
export function countDays(db: Db): void {
  stmt(
    db,
    `INSERT INTO ship_company (ship_id) SELECT s.id FROM ship s WHERE s.status IN ('port', 'sea') AND s.crew > 0
       AND NOT EXISTS (SELECT 1 FROM ship_company c WHERE c.ship_id = s.id)`
  ).run()
  const eaters = `((SELECT s.crew FROM ship s WHERE s.id = ship_company.ship_id) + (SELECT COUNT(*) FROM ship_officer o WHERE o.ship_id = ship_company.ship_id))`
  stmt(
    db,
    `UPDATE ship_company SET port_days = port_days + 1, port_eater_days = port_eater_days + ${eaters}
     WHERE ship_id IN (SELECT id FROM ship WHERE status = 'port') AND ${eaters} > 0`
  ).run()
  stmt(
    db,
    `UPDATE ship_company SET sea_days = sea_days + 1, sea_eater_days = sea_eater_days + ${eaters}
     WHERE ship_id IN (SELECT id FROM ship WHERE status = 'sea') AND ${eaters} > 0`
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
     WHERE s.status IN ('port', 'sea') AND (s.status = 'sea' OR c.sea_eater_days >= 7) ORDER BY s.id`
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

registerPeriodicStep({ id: 'ship-upkeep', title: 'Monthly upkeep: wages and food', every: 'month', order: 100, run: ({ db, day, effect, quotes }) => monthlyUpkeep(db, effect, quotes, day) })
registerPeriodicStep({
  id: 'ship-careening',
  title: 'Careening clock',
  every: 'month',
  order: 110,
  run: ({ db, day, dice, effect, quotes }) => careeningClock(db, day, dice, effect, quotes)
})
registerPeriodicStep({ id: 'ship-port-work', title: 'Standing orders in port', every: 'week', order: 200, run: ({ db, day, dice, effect, quotes }) => portWork(db, day, dice, effect, quotes) })
registerPeriodicStep({ id: 'ship-repairs', title: 'Repairs by the crews', every: 'week', order: 210, run: ({ db, day, effect, quotes }) => crewRepairs(db, day, effect, quotes) })
registerPeriodicStep({ id: 'ship-days', title: 'Days in port and at sea', every: 'day', order: 120, run: ({ db }) => countDays(db) })
registerPeriodicStep({ id: 'ship-provisions', title: 'Provisions at sea', every: 'week', order: 220, run: ({ db, day, dice, effect }) => provisionsAtSea(db, day, dice, effect) })
