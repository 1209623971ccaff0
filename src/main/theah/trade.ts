import type { Hold, Market, Venture } from '../../shared/commands/trade'
import type { VentureVoyage, VoyageVenture } from '../../shared/commands/ventures'
import type { DiceBox } from '../../shared/dice/roll'
import { CommandError } from '../../shared/errors'
import { cargoLabel, demandBand, marketPrice, salePrice, splitVenture, type SplitOut, type Term } from '../../shared/trade/rules'
import { stmt, type Db } from '../campaign/sqlite'
import { advanceClock } from '../campaign-core/clock'
import { currentDay, labelOf } from '../campaign-core/clock-state'
import { companyOf, shipCondition } from './ship-state'
import { currencyOf } from '../campaign-core/currency'
import { post, potLine, requireFunds, requireOwner, WORLD_OWNER_ID, type Line } from '../campaign-core/ledger'
import { getRule } from '../campaign-core/rules'
import { quoteAtrilian } from '../../shared/atrilia/shipyard'
import type { AtrilianDesign } from '../../shared/atrilia/design'
import { addShipEvent, requireShip, shipOwners, splitByShares } from './shipyard'
import { companyForShip, companyShareInfo, noteVentureClosed } from './companies'
import { addToPot, bootyShipOf, potOf } from './prizes'

/**
 * Markets, holds, port visits and trading ventures (issue 8; seed 003 VIII "Of Sea Trade", VII Havens;
 * rules guide §2 "Cargo prices per ton").
 *
 * Readings:
 * - A port visit starts with the first cargo command (or `enterHaven`) while the ship lies in the
 *   port, and lasts until she sails (a "Sailed from …"/"Put to sea" ship event, or she is found in
 *   another port). The demand die is rolled once per cargo type per visit and remembered.
 * - The week in port to unload and load (seed 003 VIII) is taken on the first buy or sell of a visit:
 *   the campaign clock moves on `marketRules.daysToWorkCargo` days and runs its steps (upkeep, port
 *   work) with this command's dice. Later cargo work in the same visit does not move it again.
 * - Havens (seed 003 VII): call `enterHaven(db, shipId, portId, hostile)` when a ship comes into a
 *   haven (the `trade.enterHaven` command moves the ship in and takes 20% of each cargo in kind;
 *   voyage code may call the function after placing the ship). Ships known hostile (naval ships
 *   unless the GM says otherwise) are refused before anything changes.
 * - Money: purchases are charged to the payer at once. Outside a trading voyage only one of the ship's
 *   owners may pay (the cargo and its sale are theirs: `requireStake`, issue 16 point 3). Inside an open venture, sales stay on the
 *   venture until it is closed (then one ledger transaction pays back costs and every share).
 *   Without a venture, proceeds go to the ship's owners by their shares; booty instead (prizes.ts,
 *   seed 003 VII): a prize of a pirate or privateer pays her captor's owners and goes into the
 *   captor's booty pot, a pirate's or privateer's own cargo into her own pot (booty.ts divides it).
 */

interface PortRow {
  id: number
  name: string
  colonial: number
  major: number
  pirate_haven: number
}

const fmt = (n: number) => n.toLocaleString('en')
const tons1 = (n: number) => Math.round(n * 100) / 100

export function requirePortRow(db: Db, portId: number, field = 'portId'): PortRow {
  const row = stmt(db, `SELECT id, name, colonial, major, pirate_haven FROM port WHERE id = ?`).get(portId) as PortRow | undefined
  if (!row) throw new CommandError('not_found', `${field}: there is no port with id ${portId}.`, { field })
  return row
}

function overrides(db: Db, portId: number): Map<string, number> {
  const rows = stmt(db, `SELECT cargo, price FROM market_price WHERE port_id = ?`).all(portId) as { cargo: string; price: number }[]
  return new Map(rows.map((r) => [r.cargo, r.price]))
}

export function requireCargo(db: Db, cargo: string): void {
  const prices = getRule(db, 'cargoPrices')
  if (!prices.some((c) => c.key === cargo)) {
    throw new CommandError('invalid_input', `cargo: "${cargo}" is not in this campaign's cargo price table (${prices.map((c) => c.key).join(', ')}).`, {
      field: 'cargo'
    })
  }
}

export function portPrice(db: Db, portId: number, cargo: string): { price: number; base: number; breakdown: Term[] } {
  requireCargo(db, cargo)
  const port = requirePortRow(db, portId)
  return marketPrice(getRule(db, 'cargoPrices'), cargo, port.colonial === 1, overrides(db, portId).get(cargo) ?? null)!
}

export function marketOf(db: Db, portId: number): Market {
  const port = requirePortRow(db, portId)
  const own = overrides(db, portId)
  const prices = getRule(db, 'cargoPrices')
  return {
    portId: port.id,
    portName: port.name,
    column: port.colonial === 1 ? 'colonies' : 'continent',
    pirateHaven: port.pirate_haven === 1,
    lines: prices.map((c) => {
      const base = port.colonial === 1 ? c.colonies : c.continent
      const override = own.get(c.key) ?? null
      return { cargo: c.key, label: c.label, basePrice: base, override, price: override ?? base }
    })
  }
}

export function setMarketPrice(db: Db, input: { portId: number; cargo: string; price: number | null }): Market {
  requirePortRow(db, input.portId)
  requireCargo(db, input.cargo)
  if (input.price === null) stmt(db, `DELETE FROM market_price WHERE port_id = ? AND cargo = ?`).run(input.portId, input.cargo)
  else
    stmt(db, `INSERT INTO market_price (port_id, cargo, price) VALUES (?, ?, ?) ON CONFLICT(port_id, cargo) DO UPDATE SET price = excluded.price`).run(
      input.portId,
      input.cargo,
      input.price
    )
  return marketOf(db, input.portId)
}

// ─── Where a ship lies, and her visit ────────────────────────────────────────────────────────────

function portOfShip(db: Db, shipId: number): PortRow | null {
  const ship = requireShip(db, shipId)
  if (ship.status !== 'port') return null
  const c = companyOf(db, shipId)
  return c.port_id === null ? null : requirePortRow(db, c.port_id)
}

function requireInPort(db: Db, shipId: number, doing: string): PortRow {
  const ship = requireShip(db, shipId)
  const port = portOfShip(db, shipId)
  if (!port) {
    const where = ship.status === 'port' ? 'in the yard she was built in, which has no market (move her to a recorded port)' : ship.status === 'sea' ? 'at sea' : ship.status
    throw new CommandError('rule', `The ${ship.name} is ${where}: she can ${doing} only in a port.`, { status: ship.status })
  }
  return port
}

interface VisitRow {
  id: number
  ship_id: number
  port_id: number
  started_day: number
  mark: number
  worked: number
}

const lastEventId = (db: Db, shipId: number) =>
  (stmt(db, `SELECT COALESCE(MAX(id), 0) AS id FROM ship_event WHERE ship_id = ?`).get(shipId) as { id: number }).id

/** The ship's current port visit (null at sea or when she has no visit yet). */
export function currentVisit(db: Db, shipId: number): VisitRow | null {
  const port = portOfShip(db, shipId)
  if (!port) return null
  const v = stmt(db, `SELECT * FROM trade_visit WHERE ship_id = ? ORDER BY id DESC LIMIT 1`).get(shipId) as VisitRow | undefined
  if (!v || v.port_id !== port.id) return null
  const sailed = stmt(
    db,
    `SELECT 1 FROM ship_event WHERE ship_id = ? AND id > ? AND (text LIKE 'Sailed%' OR text LIKE 'Put to sea%' OR text LIKE 'Came into%') LIMIT 1`
  ).get(shipId, v.mark)
  return sailed ? null : v
}

/** The ship's visit to the port she lies in, begun now if there is none. Voyage code may call it on arrival. */
export function startPortVisit(db: Db, shipId: number): VisitRow {
  const port = requireInPort(db, shipId, 'trade')
  const cur = currentVisit(db, shipId)
  if (cur) return cur
  const id = Number(
    stmt(db, `INSERT INTO trade_visit (ship_id, port_id, started_day, mark) VALUES (?, ?, ?, ?)`).run(shipId, port.id, currentDay(db), lastEventId(db, shipId))
      .lastInsertRowid
  )
  return stmt(db, `SELECT * FROM trade_visit WHERE id = ?`).get(id) as VisitRow
}

/** The week of loading and unloading, on the visit's first cargo work: the clock moves (its steps run). */
function workCargo(db: Db, visit: VisitRow, dice: () => DiceBox) {
  if (visit.worked === 1) return null
  stmt(db, `UPDATE trade_visit SET worked = 1 WHERE id = ?`).run(visit.id)
  const days = getRule(db, 'marketRules').daysToWorkCargo
  if (days <= 0) return null
  const out = advanceClock(db, days, dice)
  return { days, toLabel: out.to.label, steps: out.steps }
}

// ─── Holds ──────────────────────────────────────────────────────────────────────────────────────

interface CargoRow {
  cargo: string
  tons: number
  paid: number
}
const cargoRows = (db: Db, shipId: number) => stmt(db, `SELECT cargo, tons, paid FROM ship_cargo WHERE ship_id = ? ORDER BY cargo`).all(shipId) as CargoRow[]
export const cargoTons = (db: Db, shipId: number) => cargoRows(db, shipId).reduce((n, r) => n + r.tons, 0)

/** Add tons (with what was paid) to a ship's hold. */
export function loadCargo(db: Db, shipId: number, cargo: string, tons: number, paid: number): void {
  stmt(
    db,
    `INSERT INTO ship_cargo (ship_id, cargo, tons, paid) VALUES (?, ?, ?, ?)
     ON CONFLICT(ship_id, cargo) DO UPDATE SET tons = tons + excluded.tons, paid = paid + excluded.paid`
  ).run(shipId, cargo, tons1(tons), paid)
}

/** Take tons out of a hold; returns what was paid for them (pro rata). */
export function unloadCargo(db: Db, shipId: number, cargo: string, tons: number): number {
  const row = stmt(db, `SELECT cargo, tons, paid FROM ship_cargo WHERE ship_id = ? AND cargo = ?`).get(shipId, cargo) as CargoRow | undefined
  if (!row || row.tons + 1e-9 < tons) throw new Error(`unloadCargo: not enough ${cargo} aboard`)
  const left = tons1(row.tons - tons)
  const paidOut = left <= 0 ? row.paid : Math.round((row.paid * tons) / row.tons)
  if (left <= 0) stmt(db, `DELETE FROM ship_cargo WHERE ship_id = ? AND cargo = ?`).run(shipId, cargo)
  else stmt(db, `UPDATE ship_cargo SET tons = ?, paid = ? WHERE ship_id = ? AND cargo = ?`).run(left, row.paid - paidOut, shipId, cargo)
  return paidOut
}

/** Who aboard gives the demand bonus: the captain, an owner aboard or the purser with every bonus knack. */
export function demandBonusOf(db: Db, shipId: number): { bonus: number; who: string | null } {
  const t = getRule(db, 'demandBands')
  const owners = new Set(shipOwners(db, shipId).map((o) => o.ownerId))
  const aboard = stmt(
    db,
    `SELECT so.role, p.owner_id AS ownerId, p.knacks, o.name FROM ship_officer so JOIN person p ON p.id = so.person_id JOIN owner o ON o.id = p.owner_id
     WHERE so.ship_id = ? ORDER BY so.id`
  ).all(shipId) as { role: string; ownerId: number; knacks: string; name: string }[]
  for (const a of aboard) {
    if (!(a.role === 'captain' || a.role === 'purser' || owners.has(a.ownerId))) continue
    const knacks = JSON.parse(a.knacks) as Record<string, number>
    if (t.bonusKnacks.length && t.bonusKnacks.every((k) => (knacks[k] ?? 0) >= 1)) {
      const as = a.role === 'captain' ? 'captain' : a.role === 'purser' ? 'purser' : 'owner aboard'
      return { bonus: t.bonus, who: `${a.name} (${as}: ${t.bonusKnacks.join(' and ')})` }
    }
  }
  return { bonus: 0, who: null }
}

interface DemandRow {
  cargo: string
  die: number
  bonus: number
  percent: number
  band: string
}
const demandOf = (db: Db, visitId: number, cargo: string) =>
  stmt(db, `SELECT cargo, die, bonus, percent, band FROM trade_demand WHERE visit_id = ? AND cargo = ?`).get(visitId, cargo) as DemandRow | undefined
const demandOut = (d: DemandRow) => ({ roll: d.die + d.bonus, die: d.die, bonus: d.bonus, band: d.band, percent: d.percent })

export function openVentureOf(db: Db, shipId: number): number | null {
  const r = stmt(db, `SELECT id FROM trade_venture WHERE ship_id = ? AND status = 'open' ORDER BY id DESC LIMIT 1`).get(shipId) as { id: number } | undefined
  return r?.id ?? null
}

/**
 * An Atrilian ship's hold (seed 002 §2 "Holds: N tons of cargo or M men"; rules guide §3: cargo and men
 * in proportion): her marines take their room of it (her sailors and wizards none); she carries no
 * powder, boats or food stores. Null for a Théah ship.
 */
function atrilianHoldOf(db: Db, shipId: number, design: string): { hold: number; marinesTons: number } | null {
  const a = stmt(db, `SELECT marines FROM atrilian_ship WHERE ship_id = ?`).get(shipId) as { marines: number } | undefined
  if (!a) return null
  const voyages = getRule(db, 'voyagesAtrilia')
  const q = quoteAtrilian(JSON.parse(design) as AtrilianDesign, { atriliaShips: getRule(db, 'atriliaShips'), atriliaImprovements: getRule(db, 'atriliaImprovements'), atriliaVoyages: voyages })
  const d = q.derived
  const men = a.marines * voyages.menPerMarinePoint
  return { hold: d.holdTons, marinesTons: d.holdMen > 0 ? tons1(Math.min(d.holdTons, (men * d.holdTons) / d.holdMen)) : 0 }
}

export function holdOf(db: Db, shipId: number): Hold {
  const ship = requireShip(db, shipId)
  const atrilian = atrilianHoldOf(db, shipId, ship.design)
  const cond = atrilian
    ? { hold: { capacity: atrilian.hold, powderTons: 0, boatTons: 0, foodTons: 0, free: tons1(atrilian.hold - atrilian.marinesTons) } }
    : shipCondition(db, shipId)
  const port = portOfShip(db, shipId)
  const visit = currentVisit(db, shipId)
  const prices = getRule(db, 'cargoPrices')
  const rows = cargoRows(db, shipId)
  const cargo = tons1(rows.reduce((n, r) => n + r.tons, 0))
  const own = port ? overrides(db, port.id) : new Map<string, number>()
  return {
    shipId,
    shipName: ship.name,
    portId: port?.id ?? null,
    portName: port?.name ?? null,
    capacity: {
      hold: cond.hold.capacity,
      powderTons: cond.hold.powderTons,
      boatTons: cond.hold.boatTons,
      foodTons: cond.hold.foodTons,
      ...(atrilian ? { marinesTons: atrilian.marinesTons } : {}),
      cargoTons: cargo,
      free: tons1(cond.hold.free - cargo)
    },
    lines: rows.map((r) => {
      const d = visit ? demandOf(db, visit.id, r.cargo) : undefined
      return {
        cargo: r.cargo,
        label: cargoLabel(prices, r.cargo),
        tons: r.tons,
        paid: r.paid,
        marketPrice: port ? (marketPrice(prices, r.cargo, port.colonial === 1, own.get(r.cargo) ?? null)?.price ?? null) : null,
        demand: d ? demandOut(d) : null
      }
    }),
    demandBonus: demandBonusOf(db, shipId),
    visit: visit ? { portId: visit.port_id, startedDay: visit.started_day, worked: visit.worked === 1 } : null,
    ventureId: openVentureOf(db, shipId)
  }
}

// ─── Buying and selling ─────────────────────────────────────────────────────────────────────────

export function buyCargo(
  db: Db,
  input: { shipId: number; cargo: string; tons: number; payerId: number },
  opts: { dice: () => DiceBox; allowDebt: boolean; command: string }
) {
  const ship = requireShip(db, input.shipId)
  const port = requireInPort(db, input.shipId, 'buy cargo')
  requireCargo(db, input.cargo)
  const payer = requireOwner(db, input.payerId)
  if (payer.kind === 'world') throw new CommandError('invalid_input', 'payerId: the outside world cannot buy cargo for a ship; choose an owner or a company.', { field: 'payerId' })
  const ventureId = openVentureOf(db, input.shipId)
  requireStake(db, ship.name, input.shipId, payer, ventureId)
  const q = portPrice(db, port.id, input.cargo)
  if (q.price <= 0) throw new CommandError('rule', `${cargoLabel(getRule(db, 'cargoPrices'), input.cargo)} has no price at ${port.name}: set one on the port's market first.`)
  const hold = holdOf(db, input.shipId)
  if (input.tons > hold.capacity.free + 1e-9) {
    const c = hold.capacity
    const less =
      c.marinesTons !== undefined
        ? `hold ${c.hold} t less the room of her marines ${c.marinesTons} t and cargo ${c.cargoTons} t`
        : `hold ${c.hold} t less powder ${c.powderTons} t, boats ${c.boatTons} t, food ${c.foodTons} t and cargo ${c.cargoTons} t`
    throw new CommandError(
      'rule',
      `The ${ship.name} has room for ${c.free} t (${less}), not ${input.tons} t.`,
      { free: hold.capacity.free, asked: input.tons }
    )
  }
  const total = Math.round(q.price * input.tons)
  const currency = currencyOf(db)
  requireFunds(db, payer.id, 'cash', total, opts.allowDebt, currency)
  const label = cargoLabel(getRule(db, 'cargoPrices'), input.cargo)
  // Théah's memo keeps its words (guilders go unsaid there); an Atrilia campaign's names its dinars.
  const perTon = currency === 'dinars' ? ' dinars a ton' : ''
  const memo = `${label}, ${input.tons} t at ${fmt(q.price)}${perTon} for the ${ship.name} at ${port.name}`
  post(db, {
    day: currentDay(db),
    memo,
    command: opts.command,
    lines: [
      { ownerId: payer.id, account: 'cash', amount: -total },
      { ownerId: WORLD_OWNER_ID, account: 'cash', amount: total }
    ]
  })
  loadCargo(db, input.shipId, input.cargo, input.tons, total)
  if (ventureId) addEntry(db, ventureId, 'purchase', memo, -total, payer.id)
  const visit = startPortVisit(db, input.shipId)
  const clock = workCargo(db, visit, opts.dice)
  return {
    hold: holdOf(db, input.shipId),
    price: { cargo: input.cargo, label, perTon: q.price, tons: input.tons, total, breakdown: [...q.breakdown, { label: `× ${input.tons} t`, value: total }] },
    paid: [{ ownerId: payer.id, name: payer.name, amount: total }],
    clock
  }
}

/**
 * Whose cargo a purchase is (issue 16 point 3). Outside a trading voyage the cargo is her owners' and its
 * sale pays them by their shares, so only one of her owners may pay for it: anyone else would give the
 * owners the money. Inside an open trading voyage anyone may pay: the voyage's accounts pay back what
 * each payer put in at the close, before the shares (on a loss, what came in by what each paid).
 */
function requireStake(db: Db, shipName: string, shipId: number, payer: { id: number; name: string }, ventureId: number | null): void {
  if (ventureId !== null) return
  const owners = shipOwners(db, shipId)
  if (owners.length === 0 || owners.some((o) => o.ownerId === payer.id)) return
  const named = owners.map((o) => (owners.length > 1 ? `${o.name} ${o.share}%` : o.name))
  const list = named.length > 1 ? `${named.slice(0, -1).join(', ')} and ${named[named.length - 1]}` : named[0]!
  throw new CommandError(
    'rule',
    `${payer.name} is not one of the ${shipName}'s owners (${list}): outside a trading voyage her cargo is theirs and its sale pays them, so ${payer.name} would lose the money. Open a trading voyage for her (its accounts pay back what ${payer.name} puts in at the close, before the shares), or let one of her owners pay.`,
    { field: 'payerId', owners: owners.map((o) => o.ownerId) }
  )
}

/** Pay sale proceeds to the ship's owners by their shares (no venture open). */
function payOwners(db: Db, shipId: number, total: number, memo: string, command: string) {
  const owners = shipOwners(db, shipId)
  if (total <= 0 || owners.length === 0) return []
  const parts = splitByShares(total, owners.map((o) => o.share))
  const lines: Line[] = [{ ownerId: WORLD_OWNER_ID, account: 'cash', amount: -total }]
  owners.forEach((o, i) => lines.push({ ownerId: o.ownerId, account: 'cash', amount: parts[i]! }))
  post(db, { day: currentDay(db), memo, command, lines })
  return owners.map((o, i) => ({ ownerId: o.ownerId, name: o.name, amount: parts[i]! }))
}

export function sellCargo(db: Db, input: { shipId: number; cargo: string; tons: number }, opts: { dice: () => DiceBox; command: string }) {
  const ship = requireShip(db, input.shipId)
  const port = requireInPort(db, input.shipId, 'sell cargo')
  requireCargo(db, input.cargo)
  const prices = getRule(db, 'cargoPrices')
  const label = cargoLabel(prices, input.cargo)
  const aboard = cargoRows(db, input.shipId).find((r) => r.cargo === input.cargo)
  if (!aboard || aboard.tons + 1e-9 < input.tons) {
    throw new CommandError('rule', `The ${ship.name} has ${aboard ? aboard.tons : 0} t of ${label} aboard, not ${input.tons} t.`, { aboard: aboard?.tons ?? 0 })
  }
  const q = portPrice(db, port.id, input.cargo)
  const visit = startPortVisit(db, input.shipId)
  let d = demandOf(db, visit.id, input.cargo)
  const rolledNow = !d
  if (!d) {
    const t = getRule(db, 'demandBands')
    const bonus = demandBonusOf(db, input.shipId)
    const die = opts.dice().roll(t.die, `Demand for ${label} at ${port.name} (the ${ship.name})`).total
    const band = demandBand(t.bands, die + bonus.bonus)
    stmt(db, `INSERT INTO trade_demand (visit_id, cargo, die, bonus, percent, band) VALUES (?, ?, ?, ?, ?, ?)`).run(
      visit.id,
      input.cargo,
      die,
      bonus.bonus,
      band.percent,
      band.label
    )
    d = demandOf(db, visit.id, input.cargo)!
  }
  const demand = demandOut(d)
  const sale = salePrice(q, { percent: d.percent, label: d.band, roll: demand.roll }, input.tons)
  if (d.bonus) sale.breakdown.splice(q.breakdown.length, 0, { label: `Demand die ${d.die} + ${d.bonus} (Appraising and Haggling aboard)`, value: 0 })
  unloadCargo(db, input.shipId, input.cargo, input.tons)
  const memo = `${label}, ${input.tons} t sold at ${fmt(sale.perTon)}${currencyOf(db) === 'dinars' ? ' dinars a ton' : ''} by the ${ship.name} at ${port.name}`
  const ventureId = openVentureOf(db, input.shipId)
  let paid: { ownerId: number; name: string; amount: number }[] = []
  let booty: { shipId: number; shipName: string; kind: string; amount: number; pot: number } | null = null
  if (ventureId) addEntry(db, ventureId, 'sale', memo, sale.total, null)
  else {
    // Booty (seed 003 VII): a prize of a pirate or privateer is her captor's booty, a pirate's or
    // privateer's own cargo hers; its owners hold the money in the pot until it is divided.
    // The money goes into the pot's own account (issue 16 point 2), which her owners cannot spend.
    const to = bootyShipOf(db, input.shipId)
    if (to && sale.total > 0 && shipOwners(db, to.shipId).length > 0) {
      post(db, {
        day: currentDay(db),
        memo: to.shipId === ship.id ? `${memo} (booty)` : `${memo} (booty of the ${to.name})`,
        command: opts.command,
        lines: [{ ownerId: WORLD_OWNER_ID, account: 'cash', amount: -sale.total }, potLine(to.shipId, sale.total)]
      })
      addToPot(db, to.shipId, sale.total, to.shipId === ship.id ? memo : `${memo}, a prize of the ${to.name}`)
      booty = { shipId: to.shipId, shipName: to.name, kind: to.kind, amount: sale.total, pot: potOf(db, to.shipId) }
    } else paid = payOwners(db, input.shipId, sale.total, memo, opts.command)
  }
  const clock = workCargo(db, visit, opts.dice)
  return {
    hold: holdOf(db, input.shipId),
    price: { cargo: input.cargo, label, perTon: sale.perTon, tons: input.tons, total: sale.total, breakdown: sale.breakdown },
    demand,
    rolledNow,
    paid,
    booty,
    ventureId,
    clock
  }
}

// ─── Havens (seed 003 VII) ──────────────────────────────────────────────────────────────────────

/**
 * A ship comes into a pirate haven: refused if known hostile (naval ships unless `hostile` says
 * otherwise), else the haven takes its cut of every cargo aboard, in kind (rounded to a tenth of a
 * ton). The ship must already lie in the port (call after moving her), or use `trade.enterHaven`.
 */
export function enterHaven(db: Db, shipId: number, portId: number, hostile?: boolean) {
  const ship = requireShip(db, shipId)
  const port = requirePortRow(db, portId)
  if (port.pirate_haven !== 1) throw new CommandError('rule', `${port.name} is not a pirate haven.`, { portId })
  const kind = companyOf(db, shipId).kind
  const known = hostile ?? kind === 'naval'
  if (known) throw new CommandError('rule', `${port.name} refuses the ${ship.name}: she is known to be hostile to the pirates.`, { portId, shipId })
  const pct = getRule(db, 'marketRules').havenCutPercent
  const prices = getRule(db, 'cargoPrices')
  const taken: { cargo: string; label: string; tons: number }[] = []
  const breakdown: Term[] = [{ label: `${port.name} takes ${pct}% of each cargo`, value: pct }]
  for (const r of cargoRows(db, shipId)) {
    const t = Math.round(((r.tons * pct) / 100) * 10) / 10
    if (t <= 0) continue
    unloadCargo(db, shipId, r.cargo, Math.min(t, r.tons))
    taken.push({ cargo: r.cargo, label: cargoLabel(prices, r.cargo), tons: t })
    breakdown.push({ label: `${cargoLabel(prices, r.cargo)}: ${r.tons} t`, value: -t })
  }
  if (taken.length) addShipEvent(db, shipId, currentDay(db), `${port.name} took ${taken.map((x) => `${x.tons} t of ${x.label}`).join(', ')} as harbour dues`)
  const ventureId = openVentureOf(db, shipId)
  if (ventureId && taken.length) addEntry(db, ventureId, 'portCosts', `Haven dues at ${port.name}: ${taken.map((x) => `${x.tons} t ${x.label}`).join(', ')} (in kind)`, 0, null)
  return { taken, breakdown }
}

// ─── Trading ventures (seed 003 VIII) ──────────────────────────────────────────────────────────

interface VentureRow {
  id: number
  ship_id: number
  company_id: number | null
  status: 'open' | 'closed'
  opened_day: number
  closed_day: number | null
  profit: number | null
  split: string | null
  ledger_tx_id: number | null
}

function requireVenture(db: Db, id: number): VentureRow {
  const v = stmt(db, `SELECT * FROM trade_venture WHERE id = ?`).get(id) as VentureRow | undefined
  if (!v) throw new CommandError('not_found', `There is no trading voyage with id ${id}.`, { field: 'ventureId' })
  return v
}

/** The voyage a ship is sailing on now (the voyage row still says at sea), if any. */
function voyageAtSea(db: Db, shipId: number): number | null {
  const r = stmt(
    db,
    `SELECT v.id FROM voyage_ship vs JOIN voyage v ON v.id = vs.voyage_id WHERE vs.ship_id = ? AND v.status = 'atSea' ORDER BY v.id DESC LIMIT 1`
  ).get(shipId) as { id: number } | undefined
  return r?.id ?? null
}

const linkVoyage = (db: Db, ventureId: number, voyageId: number) =>
  stmt(db, `INSERT OR IGNORE INTO venture_voyage (venture_id, voyage_id) VALUES (?, ?)`).run(ventureId, voyageId)

/**
 * An entry in a venture's accounts. Made while her ship is at sea on a voyage (or with `voyageId`),
 * it belongs to that voyage, which is linked to the venture. `payerId`: for a cost, who bore it (paid
 * back at the close; null: the ship's owners by their shares, e.g. the monthly upkeep); for income,
 * who already holds it (fares paid to the owners on arrival: taken back into the split at the close;
 * null: the money is still to come, from the outside world, at the close).
 */
function addEntry(db: Db, ventureId: number, kind: string, memo: string, amount: number, payerId: number | null, voyageId?: number | null) {
  let onVoyage = voyageId ?? null
  if (voyageId === undefined) {
    const shipId = (stmt(db, `SELECT ship_id FROM trade_venture WHERE id = ?`).get(ventureId) as { ship_id: number }).ship_id
    onVoyage = voyageAtSea(db, shipId)
  }
  if (onVoyage !== null) linkVoyage(db, ventureId, onVoyage)
  stmt(db, `INSERT INTO venture_entry (venture_id, day, kind, memo, amount, payer_id, voyage_id) VALUES (?, ?, ?, ?, ?, ?, ?)`).run(
    ventureId,
    currentDay(db),
    kind,
    memo,
    amount,
    payerId,
    onVoyage
  )
}

export function openVenture(db: Db, shipId: number): Venture {
  const ship = requireShip(db, shipId)
  const open = openVentureOf(db, shipId)
  if (open) throw new CommandError('rule', `The ${ship.name} already has an open trading voyage (#${open}); close it first.`, { ventureId: open })
  const company = companyForShip(db, shipId)
  const id = Number(
    stmt(db, `INSERT INTO trade_venture (ship_id, company_id, status, opened_day) VALUES (?, ?, 'open', ?)`).run(shipId, company?.id ?? null, currentDay(db))
      .lastInsertRowid
  )
  // Opened while she is at sea: the voyage she is on is sailed for it.
  const voyageId = voyageAtSea(db, shipId)
  if (voyageId !== null) linkVoyage(db, id, voyageId)
  return ventureView(db, id)
}

export function recordVenture(
  db: Db,
  input: { ventureId: number; kind: 'passengers' | 'portCosts' | 'wages' | 'food' | 'other'; amount: number; payerId?: number; memo: string },
  opts: { allowDebt: boolean; command: string }
): Venture {
  const v = requireVenture(db, input.ventureId)
  if (v.status !== 'open') throw new CommandError('rule', 'This trading voyage is closed.')
  const ship = requireShip(db, v.ship_id)
  const what = { passengers: "Passengers' fares", portCosts: 'Port costs', wages: 'Wages', food: 'Food', other: 'Other costs' }[input.kind]
  const memo = `${what} of the ${ship.name}${input.memo ? `: ${input.memo}` : ''}`
  if (input.kind === 'passengers') {
    if (input.payerId !== undefined) throw new CommandError('invalid_input', "payerId: passengers' fares are income; nobody pays them from the ledger here.", { field: 'payerId' })
    addEntry(db, v.id, 'passengers', memo, input.amount, null)
  } else {
    if (input.payerId !== undefined) {
      const payer = requireOwner(db, input.payerId)
      requireFunds(db, payer.id, 'cash', input.amount, opts.allowDebt, currencyOf(db))
      post(db, {
        day: currentDay(db),
        memo,
        command: opts.command,
        lines: [
          { ownerId: payer.id, account: 'cash', amount: -input.amount },
          { ownerId: WORLD_OWNER_ID, account: 'cash', amount: input.amount }
        ]
      })
    }
    addEntry(db, v.id, input.kind, memo, -input.amount, input.payerId ?? null)
  }
  return ventureView(db, v.id)
}

interface EntryRow {
  id: number
  day: number
  kind: Venture['entries'][number]['kind']
  memo: string
  amount: number
  payer_id: number | null
  payer_name: string | null
}

function entriesOf(db: Db, ventureId: number): EntryRow[] {
  return stmt(
    db,
    `SELECT e.id, e.day, e.kind, e.memo, e.amount, e.payer_id, o.name AS payer_name FROM venture_entry e LEFT JOIN owner o ON o.id = e.payer_id
     WHERE e.venture_id = ? ORDER BY e.id`
  ).all(ventureId) as EntryRow[]
}

const ownerName = (db: Db, id: number) => requireOwner(db, id).name

function officer(db: Db, shipId: number, role: string): { ownerId: number; name: string } | null {
  const r = stmt(
    db,
    `SELECT p.owner_id AS ownerId, o.name FROM ship_officer so JOIN person p ON p.id = so.person_id JOIN owner o ON o.id = p.owner_id
     WHERE so.ship_id = ? AND so.role = ? ORDER BY so.id LIMIT 1`
  ).get(shipId, role) as { ownerId: number; name: string } | undefined
  return r ?? null
}

/** The split as it stands (open) from the current owners, officers, banker and shareholders. */
function proposeSplit(db: Db, v: VentureRow) {
  const entries = entriesOf(db, v.id)
  const income = entries.filter((e) => e.amount > 0).reduce((n, e) => n + e.amount, 0)
  const owners = shipOwners(db, v.ship_id)
  const costs: { ownerId: number; name: string; amount: number }[] = []
  for (const e of entries) {
    if (e.amount >= 0) continue
    if (e.payer_id !== null) costs.push({ ownerId: e.payer_id, name: e.payer_name ?? ownerName(db, e.payer_id), amount: -e.amount })
    else if (owners.length) {
      // Already paid elsewhere (the monthly upkeep): the ship's owners bore it by their shares.
      const parts = splitByShares(-e.amount, owners.map((o) => o.share))
      owners.forEach((o, i) => parts[i] && costs.push({ ownerId: o.ownerId, name: o.name, amount: parts[i]! }))
    }
  }
  const company = companyShareInfo(db, v.ship_id)
  return splitVenture({
    income,
    costs,
    table: getRule(db, 'profitSplit'),
    owners,
    captain: officer(db, v.ship_id, 'captain'),
    firstMate: officer(db, v.ship_id, 'firstMate'),
    world: { ownerId: WORLD_OWNER_ID, name: ownerName(db, WORLD_OWNER_ID) },
    company
  })
}

export function closeVenture(db: Db, ventureId: number, command: string): Venture {
  const v = requireVenture(db, ventureId)
  if (v.status !== 'open') throw new CommandError('rule', 'This trading voyage is already closed.')
  const ship = requireShip(db, v.ship_id)
  const s = proposeSplit(db, v)
  const income = s.profit + s.costs
  const net = new Map<number, number>()
  const add = (id: number, a: number) => net.set(id, (net.get(id) ?? 0) + a)
  // Income already paid to someone (fares paid to the owners on arrival) comes back from them into
  // the split; the rest (sales kept on the venture) comes from the outside world now.
  let held = 0
  for (const e of entriesOf(db, v.id)) {
    if (e.amount <= 0 || e.payer_id === null) continue
    add(e.payer_id, -e.amount)
    held += e.amount
  }
  add(WORLD_OWNER_ID, -(income - held))
  for (const l of s.lines) add(l.ownerId, l.amount)
  const lines: Line[] = [...net.entries()].filter(([, a]) => a !== 0).map(([ownerId, amount]) => ({ ownerId, account: 'cash', amount }))
  const day = currentDay(db)
  const txId = lines.length
    ? post(db, { day, memo: `Trading voyage of the ${ship.name}: ${s.profit >= 0 ? 'profit' : 'loss'} ${fmt(s.profit)} split`, command, lines })
    : null
  stmt(db, `UPDATE trade_venture SET status = 'closed', closed_day = ?, profit = ?, split = ?, ledger_tx_id = ? WHERE id = ?`).run(
    day,
    s.profit,
    JSON.stringify({ lines: s.lines, breakdown: s.breakdown }),
    txId,
    v.id
  )
  if (v.company_id !== null) noteVentureClosed(db, v.company_id)
  return ventureView(db, v.id)
}

export function ventureView(db: Db, ventureId: number): Venture {
  const v = requireVenture(db, ventureId)
  const ship = requireShip(db, v.ship_id)
  const label = labelOf(db)
  const entries = entriesOf(db, v.id)
  const income = entries.filter((e) => e.amount > 0).reduce((n, e) => n + e.amount, 0)
  const costs = 0 - entries.filter((e) => e.amount < 0).reduce((n, e) => n + e.amount, 0) || 0
  let split: SplitOut[]
  let breakdown: Term[]
  if (v.status === 'closed' && v.split) {
    const saved = JSON.parse(v.split) as { lines: SplitOut[]; breakdown: Term[] }
    split = saved.lines
    breakdown = saved.breakdown
  } else {
    const s = proposeSplit(db, v)
    split = s.lines
    breakdown = s.breakdown
  }
  return {
    id: v.id,
    shipId: v.ship_id,
    shipName: ship.name,
    companyId: v.company_id,
    status: v.status,
    openedDay: v.opened_day,
    openedLabel: label(v.opened_day),
    closedDay: v.closed_day,
    closedLabel: v.closed_day === null ? null : label(v.closed_day),
    entries: entries.map((e) => ({
      id: e.id,
      day: e.day,
      dateLabel: label(e.day),
      kind: e.kind,
      memo: e.memo,
      amount: e.amount,
      payerId: e.payer_id,
      payerName: e.payer_name
    })),
    totals: { income, costs, profit: income - costs },
    split,
    splitBreakdown: breakdown,
    ledgerTxId: v.ledger_tx_id
  }
}

export function listVentures(db: Db, shipId?: number) {
  const ids = (
    shipId === undefined
      ? stmt(db, `SELECT id FROM trade_venture ORDER BY id DESC`).all()
      : stmt(db, `SELECT id FROM trade_venture WHERE ship_id = ? ORDER BY id DESC`).all(shipId)
  ) as { id: number }[]
  return ids.map(({ id }) => {
    const v = ventureView(db, id)
    return { id: v.id, shipId: v.shipId, shipName: v.shipName, companyId: v.companyId, status: v.status, openedLabel: v.openedLabel, closedLabel: v.closedLabel, totals: v.totals }
  })
}

// ─── Ventures and the voyages they sail (hooks for voyages.ts and upkeep.ts) ───────────────────────

/** Voyage start (voyages.ts): each ship of the squadron with an open venture sails this voyage for it. */
export function ventureVoyageStarted(db: Db, voyageId: number, shipIds: readonly number[]): void {
  for (const shipId of shipIds) {
    const ventureId = openVentureOf(db, shipId)
    if (ventureId) linkVoyage(db, ventureId, voyageId)
  }
}

/**
 * Arrival (voyages.ts): the passengers' fares just paid to the carrier's owners (`parts`, already in
 * the ledger) are income of her open venture, held by those owners until it closes.
 */
export function ventureFaresPaid(db: Db, voyageId: number, shipId: number, parts: readonly { ownerId: number; amount: number }[]): void {
  const ventureId = openVentureOf(db, shipId)
  if (!ventureId) return
  const v = stmt(db, `SELECT name, passengers FROM voyage WHERE id = ?`).get(voyageId) as { name: string; passengers: number } | undefined
  const what = v ? `${v.passengers} passenger${v.passengers === 1 ? '' : 's'} on the voyage “${v.name}”` : 'passengers'
  for (const p of parts) {
    if (p.amount <= 0) continue
    addEntry(db, ventureId, 'passengers', `Fares of ${what}, paid on arrival`, p.amount, p.ownerId, voyageId)
  }
}

/** What a crew cost charged to a ship's owners was for (upkeep.ts, chargeCrewCost). */
export type CrewCost = { kind: 'gear' } | { kind: 'provisions' } | { kind: 'upkeep'; wages: number }

/**
 * A crew cost the ship's owners were just charged (upkeep.ts, chargeCrewCost; already in the ledger):
 * the monthly upkeep (its wages, and food bought in port) and provisions bought are entered in her
 * open venture. Gear for recruits is not a cost of the voyage here (the GM may record it). What the
 * owners could not pay (owed to the crew) is noted, not entered: it is paid later, from elsewhere.
 */
export function ventureCrewCost(
  db: Db,
  shipId: number,
  total: number,
  opts: { cost: CrewCost; memo: string },
  paid: { charged: readonly { ownerId: number; amount: number }[]; unpaid: number }
): void {
  if (opts.cost.kind === 'gear') return
  const ventureId = openVentureOf(db, shipId)
  if (!ventureId) return
  const upkeep = opts.cost.kind === 'upkeep'
  const collected = total - paid.unpaid
  if (collected <= 0) return
  // The month's wages come first in the upkeep; the rest is food bought ashore for the days in port (at sea the crew eats provisions).
  const wages = opts.cost.kind === 'upkeep' ? Math.min(total, opts.cost.wages) : 0
  const kinds = [
    { kind: 'wages', amount: wages, memo: upkeep ? 'Monthly wages (the monthly upkeep)' : '' },
    { kind: 'food', amount: total - wages, memo: upkeep ? 'Food for the days in port, bought ashore (the monthly upkeep)' : opts.memo }
  ].filter((k) => k.amount > 0)
  const owed = paid.unpaid > 0 ? `; ${fmt(paid.unpaid)} of ${fmt(total)} unpaid, owed to the crew` : ''
  if (paid.unpaid === 0) {
    for (const k of kinds) addEntry(db, ventureId, k.kind, `${k.memo}, already paid by her owners`, -k.amount, null)
    return
  }
  // Part unpaid: each owner who paid is entered for what they paid (paid back at the close).
  for (const c of paid.charged) {
    if (c.amount <= 0) continue
    let left = c.amount
    kinds.forEach((k, i) => {
      const part = i === kinds.length - 1 ? left : Math.round((c.amount * k.amount) / total)
      left -= part
      if (part > 0) addEntry(db, ventureId, k.kind, `${k.memo}${owed}`, -part, c.ownerId)
    })
  }
}

interface LinkedVoyageRow {
  id: number
  name: string
  status: 'atSea' | 'arrived' | 'lost'
  started_day: number
  ended_day: number | null
  days_at_sea: number
}

/** The voyages a venture sailed, newest first, with what its accounts took in and paid out on each. */
export function voyagesOfVenture(db: Db, ventureId: number): VentureVoyage[] {
  requireVenture(db, ventureId)
  const label = labelOf(db)
  const rows = stmt(
    db,
    `SELECT v.id, v.name, v.status, v.started_day, v.ended_day, v.days_at_sea FROM venture_voyage vv JOIN voyage v ON v.id = vv.voyage_id
     WHERE vv.venture_id = ? ORDER BY v.started_day DESC, v.id DESC`
  ).all(ventureId) as LinkedVoyageRow[]
  const sums = stmt(db, `SELECT kind, SUM(amount) AS amount, COUNT(*) AS n FROM venture_entry WHERE venture_id = ? AND voyage_id = ? GROUP BY kind`)
  return rows.map((r) => {
    const by = sums.all(ventureId, r.id) as { kind: string; amount: number; n: number }[]
    const of = (k: string) => by.find((b) => b.kind === k)?.amount ?? 0
    return {
      voyageId: r.id,
      name: r.name,
      status: r.status,
      startedLabel: label(r.started_day),
      endedLabel: r.ended_day === null ? null : label(r.ended_day),
      daysAtSea: r.days_at_sea,
      wages: of('wages'),
      food: of('food'),
      passengers: of('passengers'),
      other: by.filter((b) => !['wages', 'food', 'passengers'].includes(b.kind)).reduce((n, b) => n + b.amount, 0),
      entries: by.reduce((n, b) => n + b.n, 0)
    }
  })
}

/** The ventures a voyage was sailed for, with the entries made on it. */
export function venturesOfVoyage(db: Db, voyageId: number): VoyageVenture[] {
  if (!stmt(db, `SELECT 1 FROM voyage WHERE id = ?`).get(voyageId)) {
    throw new CommandError('not_found', `There is no voyage with id ${voyageId}.`, { field: 'voyageId' })
  }
  const ids = stmt(db, `SELECT venture_id AS id FROM venture_voyage WHERE voyage_id = ? ORDER BY venture_id`).all(voyageId) as { id: number }[]
  const onVoyage = new Set(
    (stmt(db, `SELECT id FROM venture_entry WHERE voyage_id = ?`).all(voyageId) as { id: number }[]).map((r) => r.id)
  )
  return ids.map(({ id }) => {
    const v = ventureView(db, id)
    const entries = v.entries.filter((e) => onVoyage.has(e.id))
    return {
      ventureId: v.id,
      shipId: v.shipId,
      shipName: v.shipName,
      status: v.status,
      openedLabel: v.openedLabel,
      closedLabel: v.closedLabel,
      entries,
      onVoyage: {
        income: entries.filter((e) => e.amount > 0).reduce((n, e) => n + e.amount, 0),
        costs: 0 - entries.filter((e) => e.amount < 0).reduce((n, e) => n + e.amount, 0) || 0
      },
      totals: v.totals
    }
  })
}
