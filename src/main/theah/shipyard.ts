import { addMonths } from '../../shared/calendar'
import type { ShipDetail, ShipStatus, ShipSummary } from '../../shared/commands/ships'
import { CommandError } from '../../shared/errors'
import type { ShipDesign, ShipQuote, Term } from '../../shared/ship/design'
import { hullStats, quoteDesign, SHIP_RULE_TABLES, type ShipRules } from '../../shared/ship/quote'
import { oneRow, stmt, type Db } from '../campaign/sqlite'
import { registerPeriodicStep } from '../campaign-core/clock'
import { calendarOf, currentDay, labelOf } from '../campaign-core/clock-state'
import { balance, post, requireFunds, WORLD_OWNER_ID, type Line } from '../campaign-core/ledger'
import { getRule } from '../campaign-core/rules'
import { fmt } from '../../shared/numbers'
import { keepYard, launchAtYard, yardAt, type Yard } from './yard'

/**
 * Ships (seed 003, I. Of Ship Construction): commissioning at the shipyard, the launch on the
 * campaign clock, ownership by shares, sale and scuttling.
 *
 * A ship row keeps the design as ordered (JSON) apart from its current state (damage, guns lost,
 * crew, powder, location), and the price it was built for apart from what the rule tables would
 * charge today. Money moves only through balanced ledger transactions against the outside world.
 */

/** Statuses of ships that are no longer in anyone's fleet. */
export const GONE: readonly ShipStatus[] = ['sold', 'scuttled', 'sunk']

const GUNS_NONE = { port: 0, starboard: 0, chasers: 0, stern: 0 }

/** The hull's name in the campaign's Ship hulls table ("Merchantman"); a frigate is called one. */
export function hullLabel(db: Db, d: Pick<ShipDesign, 'hull' | 'frigate'>): string {
  if (d.hull === 'smallWarship' && d.frigate) return 'Frigate'
  return hullStats(getRule(db, 'shipHulls'), d.hull).name
}

/** "A", "A and B", "A, B and C". */
export function listing(items: string[]): string {
  if (items.length <= 1) return items.join('')
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)!}`
}

// ---------------------------------------------------------------------------------------------
// Rules and quotes
// ---------------------------------------------------------------------------------------------

/** The campaign's ship rule tables (the GM's edits, else the defaults). */
export function shipRules(db: Db): ShipRules {
  return Object.fromEntries(SHIP_RULE_TABLES.map((name) => [name, getRule(db, name)])) as ShipRules
}

export function quoteFor(db: Db, design: ShipDesign): ShipQuote {
  return quoteDesign(design, shipRules(db))
}

/**
 * Split a whole amount by whole-percent shares (summing to 100) with the largest-remainder method:
 * everyone gets the floor of their exact part, and the guilders left over go one each to the
 * largest fractional parts (ties: the larger share, then the earlier in the list). The parts
 * always add up to exactly `total`.
 */
export function splitByShares(total: number, shares: readonly number[]): number[] {
  const sum = shares.reduce((n, s) => n + s, 0)
  if (sum <= 0) throw new Error('splitByShares: shares must add up to more than 0.')
  const parts = shares.map((s) => Math.floor((total * s) / sum))
  let left = total - parts.reduce((n, p) => n + p, 0)
  const order = shares
    .map((s, i) => ({ i, s, rem: (total * s) % sum }))
    .sort((a, b) => b.rem - a.rem || b.s - a.s || a.i - b.i)
  for (let k = 0; left > 0; k = (k + 1) % order.length, left--) parts[order[k]!.i]! += 1
  return parts
}

// ---------------------------------------------------------------------------------------------
// Reading ships
// ---------------------------------------------------------------------------------------------

interface ShipRow {
  id: number
  name: string
  design: string
  status: ShipStatus
  origin: 'built' | 'encounter' | 'prize'
  ordered_day: number | null
  launch_day: number | null
  cost: number
  hull_damage: number
  rigging_damage: number
  guns_lost: string
  crew: number
  powder_tons: number
  location: string | null
  rudder_damage?: number
}

export interface ShipOwner {
  ownerId: number
  name: string
  share: number
}

export function requireShip(db: Db, shipId: number): ShipRow {
  const row = oneRow<ShipRow>(db, `SELECT * FROM ship WHERE id = ?`, shipId)
  if (!row) throw new CommandError('not_found', `There is no ship with id ${shipId}.`, { field: 'shipId' })
  return row
}

export function shipOwners(db: Db, shipId: number): ShipOwner[] {
  return stmt(
    db,
    `SELECT so.owner_id AS ownerId, o.name, so.share FROM ship_owner so JOIN owner o ON o.id = so.owner_id
     WHERE so.ship_id = ? ORDER BY so.share DESC, so.id`
  ).all(shipId) as ShipOwner[]
}

const designOf = (row: ShipRow) => JSON.parse(row.design) as ShipDesign

function summaryOf(db: Db, row: ShipRow, today: number, label: (day: number) => string): ShipSummary {
  const design = designOf(row)
  const building = row.status === 'construction' && row.launch_day !== null
  // An Atrilian ship (issue 18) keeps a catalogue type, not a hull: the list names her type.
  const atrilian = 'type' in design ? String((design as unknown as { type: string }).type) : null
  return {
    id: row.id,
    name: row.name,
    setting: atrilian === null ? 'theah' : 'atrilia',
    hull: atrilian === null ? design.hull : null,
    frigate: atrilian === null ? design.frigate : false,
    atrilianType: atrilian === null ? null : atrilianTypeName(db, atrilian),
    status: row.status,
    origin: row.origin,
    launchDay: building ? row.launch_day : null,
    launchLabel: building ? label(row.launch_day!) : null,
    inDays: building ? row.launch_day! - today : null,
    owners: shipOwners(db, row.id),
    cost: row.cost
  }
}

/** The catalogue name of an Atrilian ship type (the campaign's Atrilian ships table). */
function atrilianTypeName(db: Db, type: string): string {
  const t = getRule(db, 'atriliaShips').find((s) => s.key === type)
  return t?.name ?? type
}

export function shipSummary(db: Db, shipId: number): ShipSummary {
  return summaryOf(db, requireShip(db, shipId), currentDay(db), labelOf(db))
}

/** Every ship: those still afloat (or on the stocks) first, then those gone; each in order of id. */
export function listShips(db: Db): ShipSummary[] {
  const rows = stmt(
    db,
    `SELECT * FROM ship ORDER BY CASE WHEN status IN ('sold', 'scuttled', 'sunk') THEN 1 ELSE 0 END, id`
  ).all() as ShipRow[]
  const today = currentDay(db)
  const label = labelOf(db)
  return rows.map((r) => summaryOf(db, r, today, label))
}

export function shipDetail(db: Db, shipId: number): ShipDetail {
  const row = requireShip(db, shipId)
  const label = labelOf(db)
  const design = designOf(row)
  const quote = quoteFor(db, design)
  const history = (stmt(db, `SELECT day, text FROM ship_event WHERE ship_id = ? ORDER BY id`).all(shipId) as { day: number; text: string }[]).map(
    (e) => ({ day: e.day, dateLabel: label(e.day), text: e.text })
  )
  return {
    ...summaryOf(db, row, currentDay(db), label),
    setting: 'theah',
    hull: design.hull,
    design,
    quote,
    state: {
      hullDamage: row.hull_damage,
      riggingDamage: row.rigging_damage,
      hullNow: quote.derived.hull - row.hull_damage,
      riggingNow: quote.derived.rigging - row.rigging_damage,
      crew: row.crew,
      powderTons: Math.round(row.powder_tons * 10) / 10,
      gunsLost: { ...GUNS_NONE, ...(JSON.parse(row.guns_lost) as Partial<typeof GUNS_NONE>) },
      rudderDamage: row.rudder_damage ?? 0
    },
    orderedDay: row.ordered_day,
    capturedBy: capturedBy(db, shipId),
    history
  }
}

/** The ship recorded as having taken this one (prizes.ts keeps the record, table prize_captor). */
function capturedBy(db: Db, shipId: number): { shipId: number; name: string } | null {
  const c = stmt(db, `SELECT s.id AS shipId, s.name FROM prize_captor pc JOIN ship s ON s.id = pc.captor_id WHERE pc.ship_id = ?`).get(shipId) as
    | { shipId: number; name: string }
    | undefined
  return c ?? null
}

export function addShipEvent(db: Db, shipId: number, day: number, text: string): void {
  stmt(db, `INSERT INTO ship_event (ship_id, day, text) VALUES (?, ?, ?)`).run(shipId, day, text)
}

const reminderSource = (shipId: number) => `ship:${shipId}`
export const launchTitle = (name: string) => `The ${name} is launched`

function launch(db: Db, ship: { id: number; name: string }, day: number): void {
  stmt(db, `UPDATE ship SET status = 'port' WHERE id = ?`).run(ship.id)
  const at = launchAtYard(db, ship.id) // issue 16, point 13: she launches where she was built
  addShipEvent(db, ship.id, day, `Launched: the ${ship.name} is afloat and in port${at ? ` in ${at}` : ''}`)
}

// ---------------------------------------------------------------------------------------------
// Commissioning
// ---------------------------------------------------------------------------------------------

export interface Charge {
  ownerId: number
  name: string
  share: number
  fromShipFund: number
  fromCash: number
}

/**
 * What each owner pays of `total`: their share (largest remainder), from the ship fund first (seed
 * 003: hero points buy only the building and outfitting of a ship), the rest in cash. The outside
 * world pays nothing to itself. Refuses, naming everyone short and by how much, when an owner
 * cannot pay and debt is not allowed (a ship fund never goes below zero).
 */
export function planCharges(
  db: Db,
  total: number,
  owners: readonly { ownerId: number; name: string; share: number }[],
  allowDebt: boolean,
  currency: string
): Charge[] {
  const parts = splitByShares(
    total,
    owners.map((o) => o.share)
  )
  const charges: Charge[] = []
  const short: { ownerId: number; name: string; part: number; shipFund: number; cash: number; shortfall: number }[] = []
  owners.forEach((o, i) => {
    const part = parts[i]!
    if (o.ownerId === WORLD_OWNER_ID) {
      charges.push({ ownerId: o.ownerId, name: o.name, share: o.share, fromShipFund: 0, fromCash: part })
      return
    }
    const money = balance(db, o.ownerId)
    const fromShipFund = Math.min(Math.max(money.shipFund, 0), part)
    const fromCash = part - fromShipFund
    if (!allowDebt && fromCash > money.cash) {
      short.push({ ownerId: o.ownerId, name: o.name, part, shipFund: money.shipFund, cash: money.cash, shortfall: fromCash - money.cash })
    }
    charges.push({ ownerId: o.ownerId, name: o.name, share: o.share, fromShipFund, fromCash })
  })
  if (short.length) {
    const each = short.map(
      (s) =>
        `${s.name} is ${fmt(s.shortfall)} ${currency} short (their share is ${fmt(s.part)} ${currency}; they have ${fmt(Math.max(s.shipFund, 0))} in the ship fund and ${fmt(s.cash)} in cash)`
    )
    throw new CommandError('rule', `Not enough money to pay for the ship: ${each.join('; ')}. Nothing was charged.`, {
      shortfalls: short
    })
  }
  return charges
}

export interface CommissionInput {
  design: ShipDesign
  name: string
  owners: { ownerId: number; share: number }[]
  /** The major port where she is built (seed 003 I.1); none for a yard not on record. */
  portId?: number
}

/** The owners of an order, each looked up (refused at `owners.N.ownerId` when there is none). */
export function orderOwners(db: Db, owners: { ownerId: number; share: number }[]): { ownerId: number; name: string; share: number }[] {
  return owners.map((o, i) => {
    const row = stmt(db, `SELECT id, name FROM owner WHERE id = ?`).get(o.ownerId) as { id: number; name: string } | undefined
    if (!row) {
      throw new CommandError('not_found', `owners.${i}.ownerId: there is no owner with id ${o.ownerId}.`, { field: `owners.${i}.ownerId` })
    }
    return { ownerId: row.id, name: row.name, share: o.share }
  })
}

/**
 * What every ordered ship shares, whatever her setting's design: her owners' rows, the ledger posting of
 * their shares to the yard (from a ship fund first, then cash), the order in her history and the launch
 * reminder; and the breakdown of the price and the shares the command answers with.
 */
export function recordOrder(
  db: Db,
  order: { shipId: number; name: string; kind: string; owners: { ownerId: number; name: string; share: number }[]; yard: Yard | null; total: number; build: string; launchDay: number | null },
  charges: ReturnType<typeof planCharges>,
  quoteLines: { label: string; amount: number }[],
  currency: string
): Term[] {
  const today = currentDay(db)
  const addOwner = stmt(db, `INSERT INTO ship_owner (ship_id, owner_id, share) VALUES (?, ?, ?)`)
  for (const o of order.owners) addOwner.run(order.shipId, o.ownerId, o.share)
  if (order.yard) keepYard(db, order.shipId, order.yard)
  const who = listing(order.owners.map((o) => (order.owners.length > 1 ? `${o.name} (${o.share}%)` : o.name)))
  addShipEvent(db, order.shipId, today, `Ordered at the shipyard${order.yard ? ` of ${order.yard.name}` : ''} as a ${order.kind} for ${fmt(order.total)} ${currency} by ${who}; ${order.build} to build`)

  const lines: Line[] = []
  let toYard = 0
  for (const c of charges) {
    if (c.ownerId === WORLD_OWNER_ID) continue
    if (c.fromShipFund) lines.push({ ownerId: c.ownerId, account: 'shipFund', amount: -c.fromShipFund })
    if (c.fromCash) lines.push({ ownerId: c.ownerId, account: 'cash', amount: -c.fromCash })
    toYard += c.fromShipFund + c.fromCash
  }
  if (toYard > 0) {
    lines.push({ ownerId: WORLD_OWNER_ID, account: 'cash', amount: toYard })
    post(db, { day: today, memo: `Building the ${order.name} (${order.kind}) at the shipyard`, command: 'ships.commission', lines })
  }
  if (order.launchDay !== null) {
    stmt(db, `INSERT INTO reminder (due_day, title, link, source) VALUES (?, ?, ?, ?)`).run(order.launchDay, launchTitle(order.name), `/campaign/fleet/${order.shipId}`, reminderSource(order.shipId))
  }
  return [
    ...quoteLines.map((l) => ({ label: l.label, value: l.amount })),
    { label: 'total', value: order.total },
    ...charges.map((c) => ({
      label: `${c.name}'s ${c.share}% share` + (c.fromShipFund ? ` (${fmt(c.fromShipFund)} from the ship fund, ${fmt(c.fromCash)} in cash)` : ''),
      value: c.fromShipFund + c.fromCash
    }))
  ]
}

export function commissionShip(db: Db, input: CommissionInput, opts: { allowDebt: boolean; currency: string }) {
  const today = currentDay(db)
  const label = labelOf(db)
  const owners = orderOwners(db, input.owners)

  const quote = quoteFor(db, input.design)
  if (quote.problems.length) {
    const n = quote.problems.length
    throw new CommandError(
      'rule',
      `The design breaks ${n} rule${n > 1 ? 's' : ''}, so the shipyard will not build it: ${quote.problems.map((p) => p.message).join('; ')}.`,
      { problems: quote.problems }
    )
  }

  const yard = input.portId === undefined ? null : yardAt(db, input.portId, 'portId', input.design.colonial) // issue 16, point 13
  const charges = planCharges(db, quote.total, owners, opts.allowDebt, opts.currency)
  const months = quote.constructionMonths
  const launchDay = addMonths(calendarOf(db), today, months)

  const id = Number(
    stmt(
      db,
      `INSERT INTO ship (name, design, status, origin, ordered_day, launch_day, cost, powder_tons)
       VALUES (?, ?, 'construction', 'built', ?, ?, ?, ?)`
    ).run(input.name, JSON.stringify(input.design), today, launchDay, quote.total, input.design.powderTons).lastInsertRowid
  )
  const kind = hullLabel(db, input.design)
  const afloat = launchDay <= today
  const breakdown = recordOrder(
    db,
    { shipId: id, name: input.name, kind, owners, yard, total: quote.total, build: `${months} month${months === 1 ? '' : 's'}`, launchDay: afloat ? null : launchDay },
    charges,
    quote.lines,
    opts.currency
  )
  // A construction time of 0 months (an edited rule table): it is afloat at once.
  if (afloat) launch(db, { id, name: input.name }, today)

  return {
    shipId: id,
    launchDay,
    launchLabel: label(launchDay),
    total: quote.total,
    charged: charges,
    breakdown,
    builtAt: yard ? { portId: yard.portId, name: yard.name, colonial: yard.colonial } : null,
    constructionMonths: months,
    construction: quote.constructionBreakdown
  }
}

// ---------------------------------------------------------------------------------------------
// Renaming, selling, scuttling
// ---------------------------------------------------------------------------------------------

export function renameShip(db: Db, shipId: number, name: string): { from: string; ship: ShipSummary } {
  const row = requireShip(db, shipId)
  if (row.name !== name) {
    stmt(db, `UPDATE ship SET name = ? WHERE id = ?`).run(name, shipId)
    addShipEvent(db, shipId, currentDay(db), `Renamed from the ${row.name} to the ${name}`)
    stmt(db, `UPDATE reminder SET title = ? WHERE source = ? AND title = ?`).run(launchTitle(name), reminderSource(shipId), launchTitle(row.name))
  }
  return { from: row.name, ship: shipSummary(db, shipId) }
}

function refuseGone(row: ShipRow, doing: string): void {
  if (GONE.includes(row.status)) {
    const was = row.status === 'sold' ? 'sold' : row.status === 'scuttled' ? 'scuttled' : 'sunk'
    throw new CommandError('rule', `The ${row.name} was already ${was}, so it cannot be ${doing}.`, { status: row.status })
  }
}

export function sellShip(
  db: Db,
  input: { shipId: number; price: number; buyerId?: number },
  opts: { allowDebt: boolean; currency: string }
): { shipId: number; buyer: string; proceeds: { ownerId: number; name: string; amount: number }[] } {
  const row = requireShip(db, input.shipId)
  refuseGone(row, 'sold')
  const label = labelOf(db)
  if (row.status === 'construction') {
    throw new CommandError(
      'rule',
      `The ${row.name} is still on the stocks until ${label(row.launch_day!)}: a ship can be sold once it is launched.`,
      { status: row.status }
    )
  }
  const owners = shipOwners(db, row.id)
  const toWorld = input.buyerId === undefined || input.buyerId === WORLD_OWNER_ID
  let buyer: { id: number; name: string }
  if (toWorld) {
    buyer = { id: WORLD_OWNER_ID, name: 'the outside world' }
    if (owners.every((o) => o.ownerId === WORLD_OWNER_ID)) {
      throw new CommandError('rule', `The ${row.name} already belongs to the outside world; name a buyer to sell it to.`, { field: 'buyerId' })
    }
  } else {
    const b = stmt(db, `SELECT id, name FROM owner WHERE id = ?`).get(input.buyerId) as { id: number; name: string } | undefined
    if (!b) throw new CommandError('not_found', `buyerId: there is no owner with id ${input.buyerId}.`, { field: 'buyerId' })
    buyer = b
    if (owners.length === 1 && owners[0]!.ownerId === b.id) {
      throw new CommandError('rule', `${b.name} already owns the whole of the ${row.name}.`, { field: 'buyerId' })
    }
  }

  const parts = splitByShares(
    input.price,
    owners.map((o) => o.share)
  )
  const proceeds = owners.map((o, i) => ({ ownerId: o.ownerId, name: o.name, amount: parts[i]! }))
  // The buyer's own part (when a joint owner buys the others out) stays in their purse.
  const ownPart = proceeds.find((p) => p.ownerId === buyer.id)?.amount ?? 0
  const pays = input.price - ownPart
  requireFunds(db, buyer.id, 'cash', pays, opts.allowDebt, opts.currency)

  const today = currentDay(db)
  const lines: Line[] = []
  if (pays > 0) lines.push({ ownerId: buyer.id, account: 'cash', amount: -pays })
  for (const p of proceeds) if (p.ownerId !== buyer.id && p.amount > 0) lines.push({ ownerId: p.ownerId, account: 'cash', amount: p.amount })
  const buyerName = toWorld ? 'the outside world' : buyer.name
  if (lines.length) post(db, { day: today, memo: `Sale of the ${row.name} to ${buyerName}`, command: 'ships.sell', lines })

  stmt(db, `DELETE FROM ship_owner WHERE ship_id = ?`).run(row.id)
  stmt(db, `INSERT INTO ship_owner (ship_id, owner_id, share) VALUES (?, ?, 100)`).run(row.id, buyer.id)
  if (toWorld) stmt(db, `UPDATE ship SET status = 'sold' WHERE id = ?`).run(row.id)
  const sellers = listing(owners.map((o) => (owners.length > 1 ? `${o.name} (${o.share}%)` : o.name)))
  addShipEvent(db, row.id, today, `Sold by ${sellers} to ${buyerName} for ${fmt(input.price)} ${opts.currency}`)
  return { shipId: row.id, buyer: buyerName, proceeds }
}

export function scuttleShip(db: Db, shipId: number): ShipSummary {
  const row = requireShip(db, shipId)
  refuseGone(row, 'scuttled')
  const today = currentDay(db)
  stmt(db, `UPDATE ship SET status = 'scuttled' WHERE id = ?`).run(shipId)
  addShipEvent(db, shipId, today, row.status === 'construction' ? 'Scuttled on the stocks, before her launch' : 'Scuttled')
  // A ship that will never be launched needs no launch reminder.
  stmt(db, `DELETE FROM reminder WHERE source = ? AND due_day >= ?`).run(reminderSource(shipId), today)
  return shipSummary(db, shipId)
}

// ---------------------------------------------------------------------------------------------
// The clock: ships are launched on their launch day
// ---------------------------------------------------------------------------------------------

registerPeriodicStep({
  id: 'ship-launch',
  title: 'Ships launched',
  every: 'day',
  order: 300,
  apart: true, // a launch sets her status, place and company row, not the days counted
  run: ({ db, day, effect, memo }) => {
    // Within one clock run only this step takes a ship off the stocks (ships are laid down by
    // commands): the run keeps the first launch day and asks again only when it comes.
    if (memo) {
      let next = memo.get('ship-launch') as number | null | undefined
      if (next === undefined) {
        next = (stmt(db, `SELECT MIN(launch_day) AS d FROM ship WHERE status = 'construction'`).get() as { d: number | null }).d
        memo.set('ship-launch', next)
      }
      if (next === null || day < next) return
      memo.delete('ship-launch')
    }
    const due = stmt(db, `SELECT id, name FROM ship WHERE status = 'construction' AND launch_day <= ? ORDER BY launch_day, id`).all(day) as {
      id: number
      name: string
    }[]
    for (const ship of due) {
      launch(db, ship, day)
      effect(launchTitle(ship.name))
    }
  }
})
