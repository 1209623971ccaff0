import { fmt as fmtWhole } from '../../shared/numbers'
import { directCourse, watersAlong } from '../../shared/voyage/geometry'
import { addMonths } from '../../shared/calendar'
import type {
  AtrilianEncounter,
  Chart,
  CheckEvery,
  EncounterChoice,
  PendingEncounter,
  PendingEvent,
  Point,
  ShipSpeed,
  SpecialEventKind,
  Voyage,
  VoyageLogEntry,
  VoyagePlan,
  VoyageRoll,
  VoyageStop,
  VoyageSummary,
  Wind,
  VoyageView,
  WaterKind
} from '../../shared/commands/voyages'
import type { DiceBox } from '../../shared/dice/roll'
import { CommandError } from '../../shared/errors'
import type { Range, Weather } from '../../shared/highseas/types'
import type { ShipDesign, ShipQuote } from '../../shared/ship/design'
import { encounterName, numberNames } from '../../shared/highseas/generate'
import { SHIP_RULE_TABLES, type ShipRules } from '../../shared/ship/quote'
import {
  appearsAt,
  atLeastOne,
  encounterRow,
  encounterShips,
  eventFor,
  eventText,
  offCourse,
  percentRoll,
  pointAlong,
  rollOf,
  seenAt,
  skillNotation,
  suggestedBehaviour,
  travelSpeed,
  waterAt,
  windFor,
  observationTN
} from '../../shared/voyage/rules'
import { stmt, type Db } from '../campaign/sqlite'
import { onBattleConcluded, startBattleFor } from '../campaign-core/battle-seam'
import { chartBase, chartPortRow, routeBetween, seaAreas, seaSettings, setSeaSettings } from '../campaign-core/chart'
import { clockDay, clockRun } from '../campaign-core/clock'
import { calendarOf, currentDay, labelOf } from '../campaign-core/clock-state'
import { crewRoster } from './crew'
import { careeningOf, companyOf, ctxOf, moveShip, officersAboard, placeOf, sailingState, shipCondition, type ShipRow } from './ship-state'
import { currencyOf } from '../campaign-core/currency'
import { registerVoyageRules, settingOf, voyageRulesOf, type VoyageRules } from '../campaign-core/voyage-rules'
import { post, WORLD_OWNER_ID } from '../campaign-core/ledger'
import { ventureFaresPaid, ventureVoyageStarted } from './trade'
import { getRule } from '../campaign-core/rules'
import { addShipEvent, GONE, listing, quoteFor, requireShip, shipOwners, shipRules, splitByShares } from './shipyard'

/**
 * Voyages (issue 7; seed 003, II. Of Sea Travel, III. Of Encounters at Sea, VIII passengers;
 * rules guide §1-2). A voyage carries a squadron along the chart's routes, a day at a time on the
 * campaign clock (so upkeep, rations and repairs run as usual), and stops when the GM is needed.
 *
 * Readings (where the seed leaves a choice):
 * - Intermediate ports of a route are waypoints: the squadron passes them without stopping.
 * - The squadron sails at its slowest ship's miles a day (wind included), recomputed when she
 *   sails on, after each month (careening) and after an event or battle (rigging damage).
 * - Becalmed, fog, lost, squall and storm days make no way along the course (ships with Oars row
 *   when becalmed: travelSpeeds.rowingNmPerDay). Encounter checks go on as usual.
 * - Blown off course: the miles are added to the voyage (she must make them good) and the drawn
 *   position is offset in a direction of one die (each face 36° clockwise from north); the offset
 *   shrinks as those miles are made good.
 * - A special event strikes the whole squadron; damage, disease and the wreck's Pilot check are
 *   rolled for each ship. The storm's daily Pilot check is the wreck's check: failing it wrecks the
 *   ship (player characters then roll Wits to reach a boat).
 * - Checks: a knack check rolls (Trait + Knack)k(Trait); Resolve and Wits rolls (Trait)k(Trait).
 *   The Navigation check is the pilot's (else the captain's; else an average hand: Wits 2). The
 *   wreck's Pilot check is made by the captain or the pilot, whoever has more dice.
 * - Disease: the crew's illness, when terminal, kills the ill hands unless someone aboard has the
 *   Doctor knack (then they are treated and lie sick for the voyage).
 * - Lookouts: one Observation roll (the seed's alternative): (Wits)k(Wits) of the best Wits
 *   aboard (an average hand, Wits 2, with no officer); the range it is first seen at starts a fight.
 * - Encounter checks fall daily, every 7 days, or a calendar month after the last one, by the
 *   water at the squadron's position (the most often checked of the areas there; else the chart's
 *   open-sea kind). The weekly chance of a special event is rolled on two d10 as a percentage.
 * - Passengers ride the first ship named; the fare is paid on arrival to her owners by their shares.
 */

/** Whole numbers with thousands separators (rounded; −0 as 0): a day's log is written sixty times a voyage, through the shared fast path. */
const fmt = (n: number) => fmtWhole(Math.round(n) || 0)
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`

interface Leg {
  fromPortId: number
  toPortId: number
  fromName: string
  toName: string
  /** Null: the direct course across open sea, no route drawn (issue 16, point 12). */
  routeId: number | null
  distanceNm: number
  points: Point[]
}

interface Delays {
  becalmed: number
  fog: number
  lost: number
  storm: number
  squalls: number
}

interface VState {
  delays: Delays
  /** Crew-weeks of food aboard each ship when she sailed. */
  foodStart: Record<string, number>
  sick: Record<string, number>
  nmPerDay: number
  speeds: Record<string, ShipSpeed>
  lastSpeedDay: number
  lastEventWeek: number
  /** Ports of the route put in at so far (the ports between the first and the last). */
  calls: number
  /** Crew-weeks eaten on the legs before the last call (food bought in port does not count as eaten). */
  foodEaten: Record<string, number>
  /** Atrilia: the voyage's encounters (the GM's and the house table's), answered or waiting. */
  encounters: AtrilianEncounter[]
}

interface VoyageRow {
  id: number
  name: string
  status: 'atSea' | 'arrived' | 'lost'
  started_day: number
  ended_day: number | null
  route: string
  legs: string
  wind_roll: number
  days_at_sea: number
  sailed_nm: number
  extra_nm: number
  offset_x: number
  offset_y: number
  state: string
  passengers: number
  fare_per_40: number
  fare_paid: number
  last_check_day: number | null
  pending: string | null
  battle_id: number | null
  stop: VoyageStop | null
}

interface ShipLink {
  ship_id: number
  name: string
  state: 'sailing' | 'taken' | 'sunk' | 'wrecked' | 'escaped'
}

const NO_DELAYS: Delays = { becalmed: 0, fog: 0, lost: 0, storm: 0, squalls: 0 }

function requireVoyage(db: Db, id: number): VoyageRow {
  const v = stmt(db, `SELECT * FROM voyage WHERE id = ?`).get(id) as VoyageRow | undefined
  if (!v) throw new CommandError('not_found', `voyageId: there is no voyage with id ${id}.`, { field: 'voyageId' })
  return v
}

const stateOf = (v: VoyageRow): VState => {
  const s = JSON.parse(v.state) as Partial<VState>
  return {
    delays: { ...NO_DELAYS, ...(s.delays ?? {}) },
    foodStart: s.foodStart ?? {},
    sick: s.sick ?? {},
    nmPerDay: s.nmPerDay ?? 0,
    speeds: s.speeds ?? {},
    lastSpeedDay: s.lastSpeedDay ?? v.started_day,
    lastEventWeek: s.lastEventWeek ?? 0,
    calls: s.calls ?? 0,
    foodEaten: s.foodEaten ?? {},
    encounters: s.encounters ?? []
  }
}

/** A Théah voyage's state is stored as it always was: the list of Atrilian encounters only when there are some. */
function saved(s: VState): Omit<VState, 'encounters'> & { encounters?: AtrilianEncounter[] } {
  const { encounters, ...rest } = s
  return encounters.length ? s : rest
}

function saveVoyage(db: Db, v: VoyageRow, s: VState): void {
  v.state = JSON.stringify(saved(s))
  stmt(
    db,
    `UPDATE voyage SET status = ?, ended_day = ?, days_at_sea = ?, sailed_nm = ?, extra_nm = ?, offset_x = ?, offset_y = ?, state = ?,
       fare_paid = ?, last_check_day = ?, pending = ?, battle_id = ?, stop = ? WHERE id = ?`
  ).run(
    v.status,
    v.ended_day,
    v.days_at_sea,
    v.sailed_nm,
    v.extra_nm,
    v.offset_x,
    v.offset_y,
    v.state,
    v.fare_paid,
    v.last_check_day,
    v.pending,
    v.battle_id,
    v.stop,
    v.id
  )
}

function shipsOf(db: Db, voyageId: number): ShipLink[] {
  return stmt(db, `SELECT vs.ship_id, s.name, vs.state FROM voyage_ship vs JOIN ship s ON s.id = vs.ship_id WHERE vs.voyage_id = ? ORDER BY vs.position`).all(voyageId) as ShipLink[]
}

const sailing = (ships: ShipLink[]) => ships.filter((s) => s.state === 'sailing' || s.state === 'escaped')

/** While a sail runs: the entries it writes to the voyage's log, as `logOf` would read them back. */
const writing = new WeakMap<VoyageRow, { label: (d: number) => string; entries: VoyageLogEntry[] }>()

function logEvent(db: Db, v: VoyageRow, kind: VoyageLogEntry['kind'], text: string, rolls: VoyageRoll[] = [], miles = 0, at: Point | null = null, day = currentDay(db)): void {
  const id = stmt(db, `INSERT INTO voyage_event (voyage_id, day, kind, text, miles, x, y, rolls) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`).run(
    v.id,
    day,
    kind,
    text,
    Math.round(miles),
    at?.x ?? null,
    at?.y ?? null,
    JSON.stringify(rolls)
  ).lastInsertRowid
  const w = writing.get(v)
  if (w) w.entries.push({ id: Number(id), day, label: w.label(day), kind, text, miles: Math.round(miles), rolls: rolls.slice() })
}

// ─── Officers and checks ────────────────────────────────────────────────────────────────────────

interface Aboard {
  name: string
  kind: 'pc' | 'npc'
  role: string
  traits: Record<string, number>
  knacks: Record<string, number>
}

const aboardOf = (o: Aboard): Aboard => ({ name: o.name, kind: o.kind, role: o.role, traits: o.traits, knacks: o.knacks })

function aboard(db: Db, shipId: number): Aboard[] {
  return officersAboard(db, shipId).officers
}

const trait = (a: Aboard | undefined, t: string) => a?.traits[t] ?? 2
const knack = (a: Aboard | undefined, k: string) => a?.knacks[k] ?? 0

/** The captain or pilot with the better chance at a Pilot check (more dice kept, then rolled). */
function bestPilot(officers: Aboard[]): Aboard | undefined {
  const c = officers.filter((o) => o.role === 'captain' || o.role === 'pilot')
  return c.sort((a, b) => trait(b, 'Wits') - trait(a, 'Wits') || knack(b, 'Pilot') - knack(a, 'Pilot'))[0]
}

// ─── Speeds ─────────────────────────────────────────────────────────────────────────────────────

/**
 * Design quotes kept from command to command while the ship rule tables stay the same objects: an
 * unedited table is its default (one object for good), so the quotes stay good until a GM edits one
 * (an edited table is read afresh by each command, which then quotes afresh).
 */
let quoteCache: { rules: ShipRules; quotes: Map<string, ShipQuote> } | null = null

/** The ship rule tables now and the quotes made under them (see `quoteCache`). */
function quotesNow(db: Db): { rules: ShipRules; quotes: Map<string, ShipQuote> } {
  const rules = shipRules(db)
  const c = quoteCache
  if (c && c.quotes.size < 1000 && SHIP_RULE_TABLES.every((n) => c.rules[n] === rules[n])) return c
  quoteCache = { rules, quotes: new Map() }
  return quoteCache
}

/** The quote of a ship's design, made once per design (`quotes`). */
function shipSpeed(db: Db, shipId: number, wind: number | null, quotes?: Map<string, ShipQuote>): ShipSpeed {
  const st = sailingState(db, shipId, quotes)
  const q = st.quote
  const mot = st.officers.filter((o) => o.role === 'masterOTops').map((o) => o.knacks.Rigging ?? 0)
  const pil = st.officers.filter((o) => o.role === 'pilot').map((o) => o.knacks.Pilot ?? 0)
  const s = travelSpeed(
    {
      designTerms: (q.breakdown.travelSpeed ?? []).filter((t) => !/never below|minimum/i.test(t.label)),
      masterOTopsRigging: mot.length ? Math.max(...mot) : null,
      pilotKnack: pil.length ? Math.max(...pil) : null,
      riggingPoints: st.rigging.points,
      riggingDamage: st.rigging.damage,
      careeningMonthsOverdue: st.careening.monthsPastDue,
      careeningLossPerMonth: getRule(db, 'careening').travelSpeedLossPerMonth,
      floor: getRule(db, 'shipOutfitting').minTravelSpeed
    },
    getRule(db, 'travelSpeeds'),
    getRule(db, 'winds'),
    wind
  )
  const problems: string[] = []
  if (GONE.includes(st.status as never)) problems.push(`The ${st.name} is ${st.status}.`)
  else if (st.status === 'construction') problems.push(`The ${st.name} is still on the stocks.`)
  if (!st.canSail) problems.push(`The ${st.name} has ${plural(st.hands, 'hand')}: she needs her minimum sail crew of ${st.minSailCrew}.`)
  if (st.crewWeeks <= 0) problems.push(`The ${st.name} has no food aboard: provision her first (ships.provision).`)
  if (st.careening.untilDay !== null) problems.push(`The ${st.name} is being careened until ${st.careening.untilLabel}.`)
  return { shipId, name: st.name, breakdown: s.breakdown, withoutWind: s.withoutWind, min: s.min, max: s.max, nmPerDay: s.nmPerDay, problems }
}

/** The Théah voyage rules (seed 003 II–III), registered for the setting: see campaign-core/voyage-rules.ts. */
export const THEAH_VOYAGE_RULES: VoyageRules = {
  unit: 'nm',
  windRolled: true,
  theahEncounters: true,
  rowing: true,
  shipSpeed: (db, shipId, wind, quotes) => shipSpeed(db, shipId, wind, (quotes as Map<string, ShipQuote> | undefined) ?? quotesNow(db).quotes),
  foodOf: (db, shipId) => {
    const p = crewRoster(db, shipId, quotesNow(db).quotes).provisions
    return { crewWeeks: p.crewWeeks, weeksLeft: p.weeksLeft }
  },
  encounterNote: () => null
}
registerVoyageRules('theah', THEAH_VOYAGE_RULES)

/** The voyage's wind: rolled once a voyage where the setting has winds (seed 003 II); none in Atrilia. */
function windOf(rules: VoyageRules, roll: number, winds: ReturnType<typeof getRule<'winds'>>): Wind {
  return rules.windRolled ? windFor(roll, winds) : { roll: 0, label: 'no wind roll', nmPerDay: 0 }
}

// ─── Planning ───────────────────────────────────────────────────────────────────────────────────

function legsOf(db: Db, route: number[]): Leg[] {
  route.forEach((p, i) => chartPortRow(db, p, `route.${i}`))
  const legs: Leg[] = []
  for (let i = 1; i < route.length; i++) {
    const from = route[i - 1]!
    const to = route[i]!
    if (from === to) throw new CommandError('invalid_input', `route.${i}: the same port twice in a row.`, { field: `route.${i}` })
    const r = routeBetween(db, from, to)
    if (!r) {
      const a = chartPortRow(db, from)
      const b = chartPortRow(db, to)
      const s = seaSettings(db)
      const direct = directCourse(a, b, s.default_water, s.scale_nm) // open sea is a sea lane: sail straight across
      if (direct) {
        legs.push({ fromPortId: a.id, toPortId: b.id, fromName: a.name, toName: b.name, routeId: null, ...direct })
        continue
      }
      throw new CommandError('rule', `There is no route from ${a.name} to ${b.name} on the chart: draw one on the Chart (Edit → Route) or choose another way.`, { field: `route.${i}` })
    }
    legs.push({ fromPortId: r.fromPortId, toPortId: r.toPortId, fromName: r.fromName, toName: r.toName, routeId: r.id, distanceNm: r.distanceNm, points: r.points })
  }
  return legs
}

function inVoyage(db: Db, shipId: number): number | null {
  const r = stmt(db, `SELECT v.id FROM voyage_ship vs JOIN voyage v ON v.id = vs.voyage_id WHERE vs.ship_id = ? AND v.status = 'atSea' AND vs.state IN ('sailing', 'escaped')`).get(shipId) as
    | { id: number }
    | undefined
  return r?.id ?? null
}

export function planVoyage(db: Db, input: { shipIds: number[]; route: number[] }): VoyagePlan {
  const legs = legsOf(db, input.route)
  const distanceNm = legs.reduce((n, l) => n + l.distanceNm, 0)
  const first = chartPortRow(db, input.route[0]!)
  const R = voyageRulesOf(db)
  const ships = input.shipIds.map((id) => {
    const s = R.shipSpeed(db, id, null)
    const row = requireShip(db, id)
    const place = placeOf(db, row as ShipRow, companyOf(db, id))
    const on = inVoyage(db, id)
    if (on !== null) s.problems.push(`The ${row.name} is already at sea on voyage ${on}.`)
    else if (place.status === 'port' && place.portId !== first.id) s.problems.push(`The ${row.name} lies ${place.portName ? `in ${place.portName}` : 'in her yard'}, not in ${first.name}.`)
    else if (place.status === 'sea') s.problems.push(`The ${row.name} is at sea: bring her into ${first.name} first (ships.moveTo).`)
    return s
  })
  const slowest = ships.reduce<ShipSpeed | null>((a, s) => (a === null || s.withoutWind < a.withoutWind ? s : a), null)
  const squadron = {
    slowestShipId: slowest?.shipId ?? null,
    withoutWind: Math.min(...ships.map((s) => s.withoutWind)),
    min: Math.min(...ships.map((s) => s.min)),
    max: Math.min(...ships.map((s) => s.max))
  }
  const days = (speed: number) => (speed <= 0 ? 0 : Math.ceil(distanceNm / speed))
  // The waters crossed: each leg cut where it crosses an area's edge (work by route points and area edges, not by distance).
  const t = getRule(db, 'encounterChecks')
  const areas = seaAreas(db)
  const open = seaSettings(db).default_water
  const waters = new Map<WaterKind, number>()
  const measured = new Map<string, Map<WaterKind, number>>() // a route sailed there and back again is measured once each way
  for (const l of legs) {
    const key = `${l.routeId ?? 'direct'}:${l.fromPortId}:${l.toPortId}`
    if (!measured.has(key)) measured.set(key, watersAlong(l.points, l.distanceNm, areas, open, t))
    for (const [kind, nm] of measured.get(key)!) waters.set(kind, (waters.get(kind) ?? 0) + nm)
  }
  const foods = input.shipIds.map((id) => R.foodOf(db, id)).filter((p) => p !== null && p.weeksLeft !== null) as { weeksLeft: number }[]
  const problems = ships.flatMap((s) => s.problems)
  return {
    unit: R.unit,
    windRolled: R.windRolled,
    encounterNote: R.encounterNote(db),
    legs: legs.map(({ points: _p, ...l }) => l),
    distanceNm,
    ships,
    squadron,
    expectedDays: { moderate: days(squadron.withoutWind), fastest: days(squadron.max), slowest: days(squadron.min) },
    waters: [...waters].map(([kind, nm]) => ({ kind, checkEvery: t.every[kind], nm: Math.round(nm) })),
    foodDays: foods.length ? Math.min(...foods.map((p) => p.weeksLeft * 7)) : null,
    problems,
    canSail: problems.length === 0
  }
}

// ─── Starting ───────────────────────────────────────────────────────────────────────────────────

export function startVoyage(
  db: Db,
  input: { shipIds: number[]; route: number[]; name?: string; passengers: number; farePer40Nm?: number },
  box: DiceBox
): VoyageView {
  const plan = planVoyage(db, input)
  if (!plan.canSail) throw new CommandError('rule', `The squadron cannot sail: ${plan.problems.join(' ')}`, { problems: plan.problems })
  const legs = legsOf(db, input.route)
  const today = currentDay(db)
  const R = voyageRulesOf(db)
  const winds = getRule(db, 'winds')
  const windRoll = R.windRolled ? box.roll('1d10', 'Winds for the voyage (seed 003 II)') : null
  const wind = windOf(R, windRoll?.total ?? 0, winds)
  const speeds = Object.fromEntries(input.shipIds.map((id) => [String(id), R.shipSpeed(db, id, wind.nmPerDay)]))
  const nmPerDay = Math.min(...Object.values(speeds).map((s) => s.nmPerDay!))
  const foodStart = Object.fromEntries(input.shipIds.map((id) => [String(id), R.foodOf(db, id)?.crewWeeks ?? 0]))
  const fare = input.farePer40Nm ?? getRule(db, 'passengers').guilders
  const last = legs[legs.length - 1]!
  const name = input.name ?? `${legs[0]!.fromName} to ${last.toName}`.slice(0, 80)
  const state: VState = { delays: { ...NO_DELAYS }, foodStart, sick: {}, nmPerDay, speeds, lastSpeedDay: today, lastEventWeek: 0, calls: 0, foodEaten: {}, encounters: [] }
  const id = Number(
    stmt(
      db,
      `INSERT INTO voyage (name, started_day, route, legs, wind_roll, state, passengers, fare_per_40, last_check_day) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`
    ).run(name, today, JSON.stringify(input.route), JSON.stringify(legs), windRoll?.total ?? 0, JSON.stringify(saved(state)), input.passengers, fare, today).lastInsertRowid
  )
  const addShip = stmt(db, `INSERT INTO voyage_ship (voyage_id, ship_id, position) VALUES (?, ?, ?)`)
  input.shipIds.forEach((shipId, i) => {
    addShip.run(id, shipId, i)
    moveShip(db, shipId, null)
    stmt(db, `UPDATE ship SET location = ? WHERE id = ?`).run(`At sea, bound for ${last.toName}`, shipId)
  })
  ventureVoyageStarted(db, id, input.shipIds) // ships with an open trading voyage sail this one for it (seed 003 VIII)
  const v = requireVoyage(db, id)
  const names = listing(input.shipIds.map((s) => `the ${speeds[String(s)]!.name}`))
  const at = positionOf(v, legs)
  const u = R.unit
  const slowest = Object.values(speeds).find((x) => x.nmPerDay === nmPerDay)
  logEvent(
    db,
    v,
    'start',
    windRoll
      ? `${names} sailed from ${legs[0]!.fromName} for ${last.toName} (${fmt(plan.distanceNm)} nm). Winds: ${wind.label} (${wind.nmPerDay >= 0 ? '+' : ''}${wind.nmPerDay} nm a day); the squadron makes ${nmPerDay} nm a day.`
      : `${names.charAt(0).toUpperCase()}${names.slice(1)} sailed from ${legs[0]!.fromName} for ${last.toName} (${fmt(plan.distanceNm)} ${u}); the squadron makes ${nmPerDay} ${u} a day (${R.dayReason?.(slowest ?? null, plan.ships.length) ?? 'its slowest ship'}).`,
    windRoll ? [rollOf(windRoll)] : [],
    0,
    at,
    today
  )
  if (input.passengers > 0) {
    const p = getRule(db, 'passengers')
    const total = fareTotal(input.passengers, plan.distanceNm, fare, p.perNm)
    const money = currencyOf(db)
    logEvent(db, v, 'passengers', `${plural(input.passengers, 'passenger')} aboard the ${speeds[String(input.shipIds[0])]!.name} at ${fare} ${money} per ${p.perNm} ${u}: ${fmt(total)} ${money} due on arrival.`, [], 0, at, today)
  }
  return voyageView(db, id)
}

const fareTotal = (passengers: number, nm: number, fare: number, perNm: number) => Math.round((passengers * nm * fare) / perNm)

// ─── Where she is ───────────────────────────────────────────────────────────────────────────────

function legAt(legs: Leg[], sailed: number): { leg: number; legNm: number } {
  let left = sailed
  for (let i = 0; i < legs.length; i++) {
    if (left < legs[i]!.distanceNm || i === legs.length - 1) return { leg: i, legNm: Math.min(left, legs[i]!.distanceNm) }
    left -= legs[i]!.distanceNm
  }
  return { leg: 0, legNm: 0 }
}

function positionOf(v: VoyageRow, legs: Leg[]): Point | null {
  const { leg, legNm } = legAt(legs, v.sailed_nm)
  const l = legs[leg]
  if (!l) return null
  const p = pointAlong(l.points, l.distanceNm === 0 ? 1 : legNm / l.distanceNm)
  if (!p) return null
  return { x: Math.round((p.x + v.offset_x) * 100) / 100, y: Math.round((p.y + v.offset_y) * 100) / 100 }
}

const distanceOf = (legs: Leg[]) => legs.reduce((n, l) => n + l.distanceNm, 0)

function weatherOf(v: VoyageRow, s: VState): Weather {
  if (s.delays.storm > 0) return 'storm'
  if (s.delays.fog > 0) return 'fog'
  if (s.delays.squalls > 0 || v.wind_roll >= 10) return 'rough'
  return 'clear'
}

// ─── Sailing ────────────────────────────────────────────────────────────────────────────────────

function requireFree(db: Db, v: VoyageRow, doing: string): void {
  if (v.status !== 'atSea') throw new CommandError('rule', `The voyage “${v.name}” is over (${v.status === 'arrived' ? 'arrived' : 'lost'}): she cannot ${doing}.`)
  if (v.pending) {
    const p = JSON.parse(v.pending) as PendingEncounter | PendingEvent | AtrilianEncounter
    throw new CommandError(
      'rule',
      p.kind === 'encounter' || p.kind === 'atrilianEncounter'
        ? `The GM is needed first: answer the encounter (${p.label}) with voyages.resolveEncounter.`
        : `The GM is needed first: the special event (${p.label}) waits to be resolved (voyages.resolveEvent) or avoided (voyages.avoidEvent).`,
      { pending: p.kind }
    )
  }
  if (v.battle_id !== null) {
    const b = stmt(db, `SELECT status, name FROM battle WHERE id = ?`).get(v.battle_id) as { status: string; name: string } | undefined
    if (b && b.status === 'active') throw new CommandError('rule', `The ${b.name} is still being fought: conclude it (battles.conclude) before she sails on.`, { battleId: v.battle_id })
  }
}

/** "The Santa Lucia now makes 95 nm a day (was 90): Rigging lost 5 → 0": what changed in a ship's speed, for the day's log. */
function speedChange(was: ShipSpeed | undefined, now: ShipSpeed, R: VoyageRules): string[] {
  if (!was || was.withoutWind === now.withoutWind) return []
  const label = (t: { label: string }) => t.label.replace(/:.*$/, '')
  const old = new Map(was.breakdown.map((t) => [label(t), t]))
  const changed: string[] = []
  for (const t of now.breakdown) {
    const o = old.get(label(t))
    if (!o) changed.push(`${t.label} ${t.value > 0 ? '+' : ''}${t.value}`)
    else if (o.value !== t.value || o.label !== t.label) changed.push(`${t.label} ${t.value > 0 ? '+' : ''}${t.value} (was ${o.value > 0 ? '+' : ''}${o.value})`)
    old.delete(label(t))
  }
  for (const o of old.values()) changed.push(`${label(o)} no longer counts (was ${o.value > 0 ? '+' : ''}${o.value})`)
  const makes = R.windRolled ? `${now.withoutWind} nm a day before the wind` : `${now.withoutWind} ${R.unit} a day`
  return [`The ${now.name} now makes ${makes} (was ${was.withoutWind})${changed.length ? `: ${changed.join('; ')}` : ''}`]
}

function refreshSpeeds(db: Db, v: VoyageRow, s: VState, ships: ShipLink[], quotes?: Map<string, ShipQuote>, today = currentDay(db), R = voyageRulesOf(db)): void {
  const wind = windOf(R, v.wind_roll, getRule(db, 'winds')).nmPerDay
  const live = sailing(ships)
  s.speeds = Object.fromEntries(live.map((sh) => [String(sh.ship_id), R.shipSpeed(db, sh.ship_id, wind, quotes)]))
  s.nmPerDay = live.length ? Math.min(...live.map((sh) => s.speeds[String(sh.ship_id)]!.nmPerDay!)) : 0
  s.lastSpeedDay = today
}

/** The first day after `day` on which a ship's careening moves: a month further overdue, or over. */
function nextCareeningChange(db: Db, ships: ShipLink[], day: number, quotes?: Map<string, ShipQuote>): number {
  const cal = calendarOf(db)
  let next = Infinity
  // Only her careening is read (not her whole state, which the speeds just read): her design's quote, her launch and her careenings.
  const read = stmt(
    db,
    `SELECT s.design, s.launch_day, s.ordered_day, c.careened_day, c.careening_until FROM ship s LEFT JOIN ship_company c ON c.ship_id = s.id WHERE s.id = ?`
  )
  for (const sh of ships) {
    const r = read.get(sh.ship_id) as
      | { design: string; launch_day: number | null; ordered_day: number | null; careened_day: number | null; careening_until: number | null }
      | undefined
    if (!r) requireShip(db, sh.ship_id) // no such ship: the same refusal as reading her whole state
    const { design, careened_day, careening_until, ...row } = r!
    let quote = quotes?.get(design)
    if (!quote) {
      quote = quoteFor(db, JSON.parse(design) as ShipDesign)
      quotes?.set(design, quote)
    }
    const k = careeningOf(db, { row, c: { careened_day }, quote }, day)
    next = Math.min(next, day < k.last ? k.last : addMonths(cal, k.last, k.since + 1))
    if (careening_until !== null && careening_until > day) next = Math.min(next, careening_until)
  }
  return next
}

function nextCheckDay(db: Db, last: number, every: CheckEvery): number {
  if (every === 'day') return last + 1
  if (every === 'week') return last + 7
  return addMonths(calendarOf(db), last, 1)
}

function nextCheckDayIn(cal: ReturnType<typeof getRule<'calendar'>>, last: number, every: CheckEvery): number {
  if (every === 'day') return last + 1
  if (every === 'week') return last + 7
  return addMonths(cal, last, 1)
}

/** A ship's status now (a clock step may have sunk her). */
function shipStatus(db: Db, shipId: number): string {
  const r = stmt(db, `SELECT status FROM ship WHERE id = ?`).get(shipId) as { status: string } | undefined
  return r ? r.status : requireShip(db, shipId).status
}

export interface SailResult {
  /** The voyage as the sail left it; its log is `log` (what this sail wrote) after what was there before. */
  voyage: Voyage
  /** The log entries this sail wrote, oldest first. */
  log: VoyageLogEntry[]
  days: number
  stop: VoyageStop
  steps: { day: number; label: string; step: string; title: string; effects: string[] }[]
}

export function sailVoyage(db: Db, input: { voyageId: number; days?: number }, box: DiceBox): SailResult {
  const v = requireVoyage(db, input.voyageId)
  requireFree(db, v, 'sail on')
  const s = stateOf(v)
  const legs = JSON.parse(v.legs) as Leg[]
  const distance = distanceOf(legs)
  // The squadron is read once: within this command only this loop changes a ship's place in it
  // (sunk by the clock, wrecked in a storm), and it changes the rows read here as it does.
  const ships = shipsOf(db, v.id)
  // Design quotes (the rule tables do not change while a command runs), shared with the clock's steps.
  const { rules, quotes } = quotesNow(db)
  const R = voyageRulesOf(db)
  let today = currentDay(db)
  refreshSpeeds(db, v, s, ships, quotes, today, R)
  const checks = getRule(db, 'encounterChecks')
  const ev = getRule(db, 'specialEvents')
  const tSpeeds = getRule(db, 'travelSpeeds')
  const areas = seaAreas(db)
  const sea = seaSettings(db)
  const cal = calendarOf(db)
  const winds = getRule(db, 'winds')
  const wind = windOf(R, v.wind_roll, winds)
  const limit = input.days ?? 366
  const clock = clockRun(db, quotes, today + limit)
  const steps: SailResult['steps'] = clock.runs
  // What this sail writes to the log is its answer's log.
  const log: VoyageLogEntry[] = []
  writing.set(v, { label: clock.label, entries: log })
  const leftPort = v.stop === 'port'
  if (leftPort) leaveCall(db, v, s, legs, ships, R)
  const rowers = new Set(
    (R.rowing ? sailing(ships) : [])
      .filter((sh) => (JSON.parse(requireShip(db, sh.ship_id).design) as ShipDesign).modifications.oars === true)
      .map((sh) => sh.ship_id)
  )
  let stop: VoyageStop = 'days'
  let days = 0
  const dice = () => box
  // A ship's speed rests on her rows (crew, rigging, provisions, officers, careening) and on the day (a
  // careening falls a month further overdue on the day of the month she was last careened; a careening
  // ends on its day). Sailing, only a weekly or monthly step, a step that reported something, or a storm
  // changes those rows: on other days the speeds worked out still hold, until the next day a careening
  // moves (Théah's rules, whose speeds these are; another setting's are worked out every day).
  const settled = R === THEAH_VOYAGE_RULES
  // The speeds were just worked out for today: the first day holds them too unless sailing from a port of
  // call moved the ships since, or the first day is one of the days above.
  let speedsUntil = settled && !leftPort && sailing(ships).length ? nextCareeningChange(db, sailing(ships), today, quotes) : -Infinity
  let touched = !settled || leftPort
  while (days < limit) {
    const ran = clock.runs.length
    const day = ++today
    const periodic = clockDay(db, clock, day, dice)
    days++
    v.days_at_sea++
    const rolls: VoyageRoll[] = []
    const notes: string[] = []
    // The clock's steps: keep those that concern this squadron in the log.
    if (clock.runs.length > ran) {
      const names = sailing(ships).map((sh) => sh.name)
      for (let i = ran; i < clock.runs.length; i++) {
        for (const e of clock.runs[i]!.effects) if (names.some((n) => e.includes(n))) notes.push(e)
      }
    }
    // A ship lost to the clock (a rotten hull) leaves the squadron. Only a weekly or monthly step
    // (or one that reported something) can have sunk her: on other days she is as she was.
    if (periodic || clock.runs.length > ran) for (const sh of sailing(ships)) {
      if (shipStatus(db, sh.ship_id) === 'sunk') {
        stmt(db, `UPDATE voyage_ship SET state = 'sunk' WHERE voyage_id = ? AND ship_id = ?`).run(v.id, sh.ship_id)
        sh.state = 'sunk'
        notes.push(`The ${sh.name} is lost and leaves the squadron`)
      }
    }
    // Speed follows the ship while she sails (seed 003 II: rigging lost, careening overdue; the
    // crew's weekly repairs, a careening month past due, hands lost): recomputed each day, so a
    // change counts from the day it happens, and the log says when a ship's miles a day change.
    if (sailing(ships).length) {
      if (!settled || touched || periodic || clock.runs.length > ran || day >= speedsUntil) {
        const was = s.speeds
        refreshSpeeds(db, v, s, ships, quotes, day, R)
        for (const sh of sailing(ships)) notes.push(...speedChange(was[String(sh.ship_id)], s.speeds[String(sh.ship_id)]!, R))
        if (settled) speedsUntil = nextCareeningChange(db, sailing(ships), day, quotes)
      } else s.lastSpeedDay = day
    }
    touched = false

    // Miles made today.
    let miles = s.nmPerDay
    let why = R.dayReason ? R.dayReason(Object.values(s.speeds).find((x) => x.nmPerDay === s.nmPerDay) ?? null, sailing(ships).length) : wind.label
    const d = s.delays
    if (d.storm > 0) {
      miles = 0
      why = 'storm'
      d.storm--
      touched = true // a wreck changes the squadron
      for (const sh of sailing(ships)) {
        const best = bestPilot(aboard(db, sh.ship_id))
        const r = box.roll(skillNotation(trait(best, 'Wits'), knack(best, 'Pilot')), `${sh.name}: Pilot check in the storm (${best?.name ?? 'an average hand'})`)
        rolls.push(rollOf(r, ev.stormPilotTN))
        if (r.total < ev.stormPilotTN) notes.push(wreckShip(db, v, sh, box, rolls, ev.wreckWitsTN, day))
      }
    } else if (d.becalmed > 0) {
      miles = sailing(ships).every((sh) => rowers.has(sh.ship_id)) && rowers.size > 0 ? tSpeeds.rowingNmPerDay : 0
      why = miles ? 'becalmed: rowing' : 'becalmed'
      d.becalmed--
    } else if (d.fog > 0) {
      miles = 0
      why = 'fog'
      d.fog--
    } else if (d.lost > 0) {
      miles = 0
      why = 'lost'
      d.lost--
    } else if (d.squalls > 0) {
      miles = 0
      why = 'squalls'
      d.squalls--
    }
    if (sailing(ships).length === 0) {
      endLost(db, v, day)
      saveVoyage(db, v, s)
      stop = 'lost'
      logEvent(db, v, 'day', dayText(0, why, v, distance, notes, R.unit), rolls, 0, positionOf(v, legs), day)
      break
    }
    // Make good the miles blown off course first, then along the course.
    let made = miles
    if (v.extra_nm > 0 && made > 0) {
      const pay = Math.min(v.extra_nm, made)
      const f = (v.extra_nm - pay) / v.extra_nm
      v.offset_x *= f
      v.offset_y *= f
      v.extra_nm -= pay
      made -= pay
    }
    // A port between the first and the last is put in at (seed 003 VIII: a trading voyage calls at
    // ports to trade); the squadron waits there until the GM sails on.
    const callAt = s.calls < legs.length - 1 ? legs.slice(0, s.calls + 1).reduce((n, l) => n + l.distanceNm, 0) : Infinity
    v.sailed_nm = Math.min(distance, callAt, v.sailed_nm + made)
    const at = positionOf(v, legs)
    const arrived = v.sailed_nm >= distance - 1e-9 && v.extra_nm <= 1e-9
    const called = !arrived && v.sailed_nm >= callAt - 1e-9 && v.extra_nm <= 1e-9

    if (!arrived && !called && !R.theahEncounters && R.dailyEncounter) {
      // The setting's own encounters of the day (Atrilia: the house table, when the GM has filled it).
      const enc = R.dailyEncounter(db, { day, n: s.encounters.length + 1, position: at }, box, rolls)
      if (enc) {
        s.encounters.push(enc)
        v.pending = JSON.stringify(enc)
        stop = 'encounter'
        notes.push(`Encounter: ${enc.label} (${listing(enc.names)})`)
      }
    } else if (!arrived && !called && R.theahEncounters) {
      // Encounter check when due (seed 003 III).
      const water = waterAt(at, areas, sea.default_water, checks)
      const every = checks.every[water]
      const last = v.last_check_day ?? v.started_day
      if (day >= nextCheckDayIn(cal, last, every)) {
        v.last_check_day = day
        const r = box.roll('1d10', `Encounter check (${waterLabel(water)}, ${every === 'day' ? 'daily' : every === 'week' ? 'weekly' : 'monthly'})`)
        rolls.push(rollOf(r, checks.encounterOn))
        if (r.total >= checks.encounterOn) {
          const enc = makeEncounter(db, v, s, at, box, rolls, rules)
          v.pending = JSON.stringify(enc)
          stop = 'encounter'
          notes.push(`Encounter: ${enc.label}`)
        }
      }
      // The weekly chance of a special event (a campaign setting; 0 = only when the GM spends a Drama Die).
      const week = Math.floor(v.days_at_sea / 7)
      if (stop !== 'encounter' && sea.event_chance > 0 && v.days_at_sea % 7 === 0 && week > s.lastEventWeek) {
        s.lastEventWeek = week
        const tens = box.roll('1d10', 'Special event chance: tens')
        const units = box.roll('1d10', 'Special event chance: units')
        const pct = percentRoll(tens.total, units.total)
        rolls.push({ purpose: `Special event chance (${sea.event_chance}% a week)`, notation: '2d10 (percent)', dice: [tens.total, units.total], total: pct, tn: null, success: pct <= sea.event_chance })
        if (pct <= sea.event_chance) {
          const pe = makeEvent(box, ev, 'chance', rolls)
          v.pending = JSON.stringify(pe)
          stop = 'event'
          notes.push(`Special event: ${pe.label}`)
        }
      }
    }
    logEvent(db, v, 'day', dayText(miles, why, v, distance, notes, R.unit), rolls, miles, at, day)
    if (arrived) {
      arrive(db, v, s, legs, ships, day, R)
      stop = 'arrival'
      break
    }
    if (called) {
      putIn(db, v, s, legs, ships, day, R)
      stop = 'port'
      break
    }
    if (stop === 'encounter' || stop === 'event') {
      v.stop = stop
      break
    }
  }
  if (stop === 'days') v.stop = 'days'
  if (stop === 'port') v.stop = 'port'
  saveVoyage(db, v, s)
  // The row as saved is the row in hand: the view is made from it and what this command read.
  const voyage = voyageOut(db, v, clock.label, { legs, winds, checks, cal, areas, defaultWater: sea.default_water, state: s, ships, rules: R })
  writing.delete(v)
  return { voyage, log, days, stop, steps }
}

function waterLabel(w: WaterKind): string {
  return w === 'seaLane' ? 'a major sea lane' : w === 'uncharted' ? 'uncharted waters' : `${w} waters`
}

function dayText(miles: number, why: string, v: VoyageRow, distance: number, notes: string[], u = 'nm'): string {
  const head = miles > 0 ? `Made ${fmt(miles)} ${u} (${why})` : `No way made (${why})`
  const tail = ` — ${fmt(v.sailed_nm)} of ${fmt(distance)} ${u}${v.extra_nm > 0 ? `, ${fmt(v.extra_nm)} ${u} to make good off course` : ''}`
  return head + tail + (notes.length ? `. ${notes.join('. ')}` : '')
}

function endLost(db: Db, v: VoyageRow, day: number): void {
  v.status = 'lost'
  v.ended_day = day
  v.stop = 'lost'
  v.pending = null
  logEvent(db, v, 'end', 'The voyage is over: no ship of the squadron is left.', [], 0, null, day)
}

function arrive(db: Db, v: VoyageRow, s: VState, legs: Leg[], ships: ShipLink[], day: number, R: VoyageRules): void {
  const last = legs[legs.length - 1]!
  const live = sailing(ships)
  const food: string[] = []
  for (const sh of live) {
    moveShip(db, sh.ship_id, last.toPortId)
    const fed = R.foodOf(db, sh.ship_id)
    if (!fed) continue
    const now = fed.crewWeeks
    const used = (s.foodEaten[String(sh.ship_id)] ?? 0) + Math.max(0, (s.foodStart[String(sh.ship_id)] ?? now) - now)
    food.push(`the ${sh.name} ate ${plural(used, 'weekly ration')} (${plural(now, 'left')})`.replace(/(\d+) lefts?\)/, '$1 left)'))
  }
  v.status = 'arrived'
  v.ended_day = day
  v.stop = 'arrival'
  const at = positionOf(v, legs)
  logEvent(db, v, 'arrival', `Arrived in ${last.toName} after ${plural(v.days_at_sea, 'day')} at sea${food.length ? `: ${food.join('; ')}` : ''}.`, [], 0, at, day)
  if (v.passengers > 0 && v.fare_paid === 0) {
    const p = getRule(db, 'passengers')
    const total = fareTotal(v.passengers, distanceOf(legs), v.fare_per_40, p.perNm)
    const carrier = live[0] ?? ships[0]
    if (total > 0 && carrier) {
      const owners = shipOwners(db, carrier.ship_id)
      if (owners.length) {
        const parts = splitByShares(total, owners.map((o) => o.share))
        post(db, {
          day,
          memo: `Passenger fares: ${plural(v.passengers, 'passenger')} aboard the ${carrier.name} to ${last.toName}`,
          command: 'voyages.sail',
          lines: [{ ownerId: WORLD_OWNER_ID, account: 'cash', amount: -total }, ...owners.map((o, i) => ({ ownerId: o.ownerId, account: 'cash' as const, amount: parts[i]! }))]
        })
        logEvent(db, v, 'passengers', `${plural(v.passengers, 'passenger')} paid ${fmt(total)} ${currencyOf(db)}, to ${listing(owners.map((o, i) => `${o.name} ${fmt(parts[i]!)}`))}.`, [], 0, at, day)
        ventureFaresPaid(db, v.id, carrier.ship_id, owners.map((o, i) => ({ ownerId: o.ownerId, amount: parts[i]! }))) // income of her open trading voyage
      }
      v.fare_paid = 1
    }
  }
}

/** The squadron puts in at the port at the end of the leg it has sailed: the ships lie in that port until the GM sails on. */
function putIn(db: Db, v: VoyageRow, s: VState, legs: Leg[], ships: ShipLink[], day: number, R: VoyageRules): void {
  const leg = legs[s.calls]!
  const names: string[] = []
  for (const sh of sailing(ships)) {
    moveShip(db, sh.ship_id, leg.toPortId)
    const key = String(sh.ship_id)
    const now = R.foodOf(db, sh.ship_id)?.crewWeeks ?? 0
    s.foodEaten[key] = (s.foodEaten[key] ?? 0) + Math.max(0, (s.foodStart[key] ?? now) - now)
    s.foodStart[key] = now
    names.push(`the ${sh.name}`)
  }
  s.calls++
  const next = legs[s.calls]!
  logEvent(
    db,
    v,
    'port',
    `Put in at ${leg.toName} after ${plural(v.days_at_sea, 'day')} at sea (${listing(names)}): trade, hire or repair here, then sail on for ${next.toName}.`,
    [],
    0,
    positionOf(v, legs),
    day
  )
}

/** Sailing on from a port of call: the ships put to sea again; the food they now carry is what the next leg starts with. */
function leaveCall(db: Db, v: VoyageRow, s: VState, legs: Leg[], ships: ShipLink[], R: VoyageRules): void {
  const from = legs[s.calls - 1]
  for (const sh of sailing(ships)) {
    moveShip(db, sh.ship_id, null)
    s.foodStart[String(sh.ship_id)] = R.foodOf(db, sh.ship_id)?.crewWeeks ?? 0
  }
  v.stop = null
  logEvent(db, v, 'port', `Sailed from ${from?.toName ?? 'port'} for ${legs[s.calls]?.toName ?? 'the next port'}.`, [], 0, positionOf(v, legs))
}

// ─── Encounters ─────────────────────────────────────────────────────────────────────────────────

function nearestNation(db: Db, at: Point | null, only?: string[]): string {
  if (!at) return ''
  const ports = stmt(db, `SELECT nation, x, y FROM port WHERE x IS NOT NULL AND nation <> '' AND pirate_haven = 0`).all() as { nation: string; x: number; y: number }[]
  let best = ''
  let dist = Infinity
  for (const p of ports) {
    if (only && !only.some((o) => p.nation.toLowerCase().startsWith(o.toLowerCase().slice(0, 5)))) continue
    const d = Math.hypot(p.x - at.x, p.y - at.y)
    if (d < dist) {
      dist = d
      best = p.nation
    }
  }
  return best
}

function makeEncounter(
  db: Db,
  v: VoyageRow,
  s: VState,
  at: Point | null,
  box: DiceBox,
  rolls: VoyageRoll[],
  rules: ShipRules = shipRules(db)
): PendingEncounter {
  const checks = getRule(db, 'encounterChecks')
  const r = box.roll(checks.tableDice, 'Encounter table (5k5, no explosion)')
  rolls.push(rollOf(r))
  const row = encounterRow(Math.max(5, Math.min(50, r.total)))
  const nation = nearestNation(db, at, row.roll === 32 ? ['Avalon', 'Castille', 'Montaigne'] : undefined)
  const gen = encounterShips(row, box, nation)
  for (const x of gen.rolls) rolls.push(rollOf(x))
  const names = numberNames(gen.ships.map((g) => encounterName(g.generate, rules)))
  const weather = weatherOf(v, s)
  const appears = appearsAt(weather, checks)
  // The lookouts: the best Wits aboard.
  const ships = sailing(shipsOf(db, v.id))
  const rosters = ships.map((sh) => officersAboard(db, sh.ship_id))
  const everyone = rosters.flatMap((r) => r.officers.map(aboardOf))
  const look = everyone.sort((a, b) => trait(b, 'Wits') - trait(a, 'Wits'))[0]
  const wits = trait(look, 'Wits')
  const obs = box.roll(skillNotation(wits, 0), `Lookouts' Observation (${look?.name ?? 'an average hand'})`)
  const seen = seenAt(obs.total, appears, checks)
  const obsRoll = rollOf(obs, observationTN(appears, checks))
  rolls.push(obsRoll)
  const kinds = new Set(rosters.map((r) => r.kind))
  const behaviour = suggestedBehaviour(row, { raiders: kinds.has('pirate') || kinds.has('privateer'), merchants: kinds.has('merchant') })
  const range: Range = seen ?? 'close'
  return {
    kind: 'encounter',
    entry: row.roll,
    label: row.label,
    special: row.special,
    prompt: row.prompt,
    ships: gen.ships,
    names,
    weather,
    appearsAt: appears,
    sighting: { observer: look?.name ?? 'An average hand (Wits 2)', roll: obsRoll, seenAt: seen },
    range,
    behaviour,
    choices: gen.ships.length ? ['pass', 'evade', 'parley', 'fight'] : ['pass', 'parley']
  }
}

export function resolveEncounter(
  db: Db,
  input: { voyageId: number; choice: EncounterChoice; note?: string; range?: Range },
  dice: (given?: readonly number[]) => DiceBox
): { voyage: VoyageView; battleId: number | null; text: string } {
  const v = requireVoyage(db, input.voyageId)
  if (v.status !== 'atSea') throw new CommandError('rule', `The voyage “${v.name}” is over.`)
  const p = v.pending ? (JSON.parse(v.pending) as PendingEncounter | PendingEvent | AtrilianEncounter) : null
  if (p?.kind === 'atrilianEncounter') return answerAtrilian(db, v, p, input)
  if (!p || p.kind !== 'encounter') throw new CommandError('rule', `The voyage “${v.name}” has no encounter waiting.`)
  if (!p.choices.includes(input.choice)) {
    throw new CommandError('rule', `There is nothing to ${input.choice === 'fight' ? 'fight' : 'chase'} here (${p.label}): let it pass or parley, or start a battle from the board.`, { field: 'choice' })
  }
  const s = stateOf(v)
  const legs = JSON.parse(v.legs) as Leg[]
  const at = positionOf(v, legs)
  let battleId: number | null = null
  let text: string
  if (input.choice === 'pass') text = `Let it pass: ${p.label}${input.note ? ` — ${input.note}` : ''}`
  else if (input.choice === 'parley') text = `Parley with ${p.names.length ? listing(p.names) : p.label}${input.note ? `: ${input.note}` : ''}`
  else {
    const ours = sailing(shipsOf(db, v.id))
    const range = input.range ?? p.range
    const evade = input.choice === 'evade'
    const out = startBattleFor(
      db,
      {
        voyageId: v.id,
        name: `${evade ? 'Chase' : 'Battle'} at sea: ${v.name}`.slice(0, 80),
        participants: [
          ...ours.map((sh) => ({ shipId: sh.ship_id, side: 'ours', control: 'gm' as const, ...(evade ? { behaviour: 'merchant' as const } : {}) })),
          ...p.ships.map((x) => ({ ...x, side: 'them' }))
        ] as Parameters<typeof startBattleFor>[1]['participants'],
        range,
        weather: p.weather
      },
      dice
    )
    battleId = out.battleId
    v.battle_id = battleId
    v.stop = 'battle'
    text = evade
      ? `Tried to evade ${listing(p.names)}: a chase from ${range} range on the battle board`
      : `Fought ${listing(p.names)} from ${range} range: the battle is on the board`
    if (input.note) text += ` — ${input.note}`
  }
  v.pending = null
  if (battleId === null) v.stop = null
  logEvent(db, v, input.choice === 'fight' || input.choice === 'evade' ? 'battle' : 'choice', text, [], 0, at)
  saveVoyage(db, v, s)
  return { voyage: voyageView(db, v.id), battleId, text }
}

/**
 * An Atrilian encounter answered (rules guide §3): let it pass or parley, written on the voyage's record of
 * it and in the log. Fighting it on the hex board is not offered here yet (the encounter keeps its ships'
 * type, nation, quality, marines and improvements for a battle set-up).
 */
function answerAtrilian(
  db: Db,
  v: VoyageRow,
  p: AtrilianEncounter,
  input: { choice: EncounterChoice; note?: string }
): { voyage: VoyageView; battleId: number | null; text: string } {
  if (input.choice !== 'pass' && input.choice !== 'parley') {
    throw new CommandError(
      'rule',
      `This encounter (${p.label}) is let pass or met for a parley here; to fight it on the hex board, set the battle up with voyages.encounterSetup and start it with voyages.fightEncounter.`,
      { field: 'choice' }
    )
  }
  const s = stateOf(v)
  const note = input.note?.trim() || null
  const text = input.choice === 'pass' ? `Let it pass: ${p.label}${note ? ` — ${note}` : ''}` : `Parley with ${p.label}${note ? `: ${note}` : ''}`
  const answered = { ...p, answer: { choice: input.choice, note } }
  s.encounters = s.encounters.map((e) => (e.n === p.n ? answered : e))
  v.pending = null
  v.stop = null
  logEvent(db, v, 'choice', text, [], 0, positionOf(v, JSON.parse(v.legs) as Leg[]))
  saveVoyage(db, v, s)
  return { voyage: voyageView(db, v.id), battleId: null, text }
}

/** An Atrilian encounter waiting on a voyage with what a battle set-up needs of the voyage: her sailing ships and where she is. */
export function waitingEncounter(db: Db, voyageId: number): { name: string; encounter: AtrilianEncounter; ships: { shipId: number; name: string }[]; position: Point | null } {
  const v = requireVoyage(db, voyageId)
  if (v.status !== 'atSea') throw new CommandError('rule', `The voyage “${v.name}” is over.`, { field: 'voyageId' })
  const p = v.pending ? (JSON.parse(v.pending) as PendingEncounter | PendingEvent | AtrilianEncounter) : null
  if (!p || p.kind !== 'atrilianEncounter') throw new CommandError('rule', `The voyage “${v.name}” has no Atrilian encounter waiting to be fought.`, { field: 'voyageId' })
  return {
    name: v.name,
    encounter: p,
    ships: sailing(shipsOf(db, v.id)).map((sh) => ({ shipId: sh.ship_id, name: sh.name })),
    position: positionOf(v, JSON.parse(v.legs) as Leg[])
  }
}

/**
 * The waiting Atrilian encounter fought (issue 18): `start` starts the battle (through the battle seam); the
 * voyage is linked to it as a Théah fight is (its battle, stop 'battle'), the encounter's answer is 'fight' and
 * the log says so. The voyage waits for the battle and takes its results when it is concluded.
 */
export function fightVoyageEncounter(
  db: Db,
  voyageId: number,
  note: string | undefined,
  start: (encounter: AtrilianEncounter) => { battleId: number; text: string }
): { voyage: VoyageView; battleId: number; text: string } {
  const v = requireVoyage(db, voyageId)
  const p = waitingEncounter(db, voyageId).encounter
  const s = stateOf(v)
  const out = start(p)
  const n = note?.trim() || null
  s.encounters = s.encounters.map((e) => (e.n === p.n ? { ...p, answer: { choice: 'fight' as const, note: n } } : e))
  v.pending = null
  v.battle_id = out.battleId
  v.stop = 'battle'
  const text = `${out.text}${n ? ` — ${n}` : ''}`
  logEvent(db, v, 'battle', text, [], 0, positionOf(v, JSON.parse(v.legs) as Leg[]))
  saveVoyage(db, v, s)
  return { voyage: voyageView(db, v.id), battleId: out.battleId, text }
}

/** The Théah encounter a voyage waits on (seed 003 III), with the ships of her squadron that can fight it. */
export function waitingTheahEncounter(db: Db, voyageId: number): { name: string; encounter: PendingEncounter; shipIds: number[] } {
  const v = requireVoyage(db, voyageId)
  if (v.status !== 'atSea') throw new CommandError('rule', `The voyage “${v.name}” is over.`, { field: 'voyageId' })
  const p = v.pending ? (JSON.parse(v.pending) as PendingEncounter | PendingEvent | AtrilianEncounter) : null
  if (!p || p.kind !== 'encounter') throw new CommandError('rule', `The voyage “${v.name}” has no encounter at sea waiting.`, { field: 'voyageId' })
  if (!p.ships.length) throw new CommandError('rule', `There is nothing to fight here (${p.label}): let it pass or parley.`, { field: 'voyageId' })
  return { name: v.name, encounter: p, shipIds: sailing(shipsOf(db, v.id)).map((sh) => sh.ship_id) }
}

/**
 * The waiting Théah encounter fought under another rule system (issue 21): `start` starts the battle; the
 * voyage is linked to it as a High Seas fight is (its battle, stop 'battle') and waits for it.
 */
export function fightTheahEncounterUnder(
  db: Db,
  voyageId: number,
  note: string | undefined,
  start: (encounter: PendingEncounter) => { battleId: number; text: string }
): { voyage: VoyageView; battleId: number; text: string } {
  const p = waitingTheahEncounter(db, voyageId).encounter
  const v = requireVoyage(db, voyageId)
  const s = stateOf(v)
  const out = start(p)
  const n = note?.trim() || null
  v.pending = null
  v.battle_id = out.battleId
  v.stop = 'battle'
  const text = `${out.text}${n ? ` — ${n}` : ''}`
  logEvent(db, v, 'battle', text, [], 0, positionOf(v, JSON.parse(v.legs) as Leg[]))
  saveVoyage(db, v, s)
  return { voyage: voyageView(db, v.id), battleId: out.battleId, text }
}

/**
 * An encounter of the setting's own (Atrilia: the GM's, rules guide §3) on the day the voyage is at: it is
 * recorded on the voyage and waits to be answered, as an encounter met by the day's roll does.
 */
export function addVoyageEncounter(db: Db, voyageId: number, make: (at: { day: number; n: number; position: Point | null }) => AtrilianEncounter): VoyageView {
  const v = requireVoyage(db, voyageId)
  requireFree(db, v, 'meet an encounter')
  if (v.stop === 'port') throw new CommandError('rule', `The squadron of “${v.name}” lies in port: sail on before she meets anyone at sea.`, { field: 'voyageId' })
  const s = stateOf(v)
  const at = positionOf(v, JSON.parse(v.legs) as Leg[])
  const enc = make({ day: currentDay(db), n: s.encounters.length + 1, position: at })
  s.encounters.push(enc)
  v.pending = JSON.stringify(enc)
  v.stop = 'encounter'
  logEvent(db, v, 'encounter', `The GM adds an encounter: ${enc.label} — ${listing(enc.names)}${enc.note ? `. ${enc.note}` : ''}.`, [], 0, at)
  saveVoyage(db, v, s)
  return voyageView(db, v.id)
}

/**
 * Called when a battle is concluded (battles.conclude, through the battle seam): the voyage whose battle this was takes its
 * results — ships sunk or taken leave the squadron; with none left the voyage is over.
 */
export function voyageBattleConcluded(db: Db, battleId: number): void {
  const v = stmt(db, `SELECT * FROM voyage WHERE battle_id = ? AND status = 'atSea'`).get(battleId) as VoyageRow | undefined
  if (!v) return
  const b = stmt(db, `SELECT name, result, ruleset FROM battle WHERE id = ?`).get(battleId) as { name: string; result: string | null; ruleset: string }
  const result = b.result
    ? (JSON.parse(b.result) as { lines: { shipId: number | null; fate: string }[]; applied?: { shipId: number | null }[]; winner: string | null })
    : { lines: [], applied: [], winner: null }
  // An Atrilia campaign's battle (the hex map's, or an encounter fought in range bands by conversion) writes Atrilian lines and names its winner.
  const hex = settingOf(db) === 'atrilia'
  const R = voyageRulesOf(db)
  const s = stateOf(v)
  const texts: string[] = []
  for (const sh of sailing(shipsOf(db, v.id))) {
    const line = result.lines.find((l) => l.shipId === sh.ship_id)
    const status = requireShip(db, sh.ship_id).status
    let state: ShipLink['state'] = sh.state
    if (line?.fate === 'sunk' || line?.fate === 'destroyed' || status === 'sunk') state = 'sunk'
    else if (line?.fate === 'captured') state = 'taken'
    if (state !== sh.state) {
      stmt(db, `UPDATE voyage_ship SET state = ? WHERE voyage_id = ? AND ship_id = ?`).run(state, v.id, sh.ship_id)
      texts.push(`the ${sh.name} was ${state === 'sunk' ? 'sunk' : 'taken'} and leaves the squadron`)
    } else if (hex && line?.fate === 'exited') {
      // Seed 002 §5.11 "Ships exiting the map are counted as lost. They may be used in subsequent encounters" (rules guide §3: out of that encounter only).
      texts.push(`the ${sh.name} left the battle map and sails on with the squadron`)
    } else if (hex && line?.fate === 'crippled') texts.push(`the ${sh.name} is crippled`)
  }
  let taken = hex ? 0 : result.lines.filter((l) => l.shipId !== null && l.fate === 'captured' && !shipsOf(db, v.id).some((x) => x.ship_id === l.shipId)).length
  // Prizes taken in the battle sail on with the squadron (to be brought into port), at its speed.
  const squadron = shipsOf(db, v.id)
  let position = (stmt(db, `SELECT COALESCE(MAX(position), -1) AS n FROM voyage_ship WHERE voyage_id = ?`).get(v.id) as { n: number }).n
  const prizes: string[] = []
  const unmanned: string[] = []
  for (const a of result.applied ?? []) {
    if (a.shipId === null || squadron.some((x) => x.ship_id === a.shipId)) continue
    const row = stmt(db, `SELECT id, name, status, origin FROM ship WHERE id = ?`).get(a.shipId) as { id: number; name: string; status: string; origin: string } | undefined
    if (!row || row.origin !== 'prize' || row.status !== 'sea') continue
    if (hex) taken++ // an Atrilian encounter's ship has no campaign ship until she is taken: the prize row is the one written
    // A prize sails only with her prize crew: fewer hands than her minimum sail crew, she lies where she is (issue 16 point 10).
    if (R.prizeUnmanned) {
      const why = R.prizeUnmanned(db, row.id)
      if (why) {
        unmanned.push(`the prize ${row.name} lies where she is until she is manned (${why.charAt(0).toLowerCase()}${why.slice(1)})`)
        continue
      }
    } else {
      const st = sailingState(db, row.id)
      if (!st.canSail) {
        unmanned.push(`the ${row.name} has ${plural(st.hands, 'hand')}, fewer than her minimum sail crew of ${st.minSailCrew}: she cannot sail on with the squadron until manned`)
        continue
      }
    }
    stmt(db, `INSERT INTO voyage_ship (voyage_id, ship_id, position) VALUES (?, ?, ?)`).run(v.id, row.id, ++position)
    prizes.push(row.name)
  }
  if (prizes.length) texts.push(`${listing(prizes.map((n) => `the ${n}`))} ${prizes.length === 1 ? 'sails' : 'sail'} on with the squadron as ${prizes.length === 1 ? 'a prize' : 'prizes'}`)
  texts.push(...unmanned)
  const day = currentDay(db)
  v.stop = null
  const at = positionOf(v, JSON.parse(v.legs) as Leg[])
  logEvent(
    db,
    v,
    'battle',
    hex
      ? `The ${b.name} is over${result.winner ? `, won by ${/^the /i.test(result.winner) ? result.winner : `the ${result.winner}`}` : ', with no winner'}${texts.length ? `; ${texts.join('; ')}` : ''}${taken ? `; ${plural(taken, 'prize')} taken` : ''}.`
      : `The ${b.name} is over${result.winner ? `: ${result.winner === 'ours' ? 'the squadron is' : result.winner === 'them' ? 'the enemy is' : `the ${result.winner} side is`} left fighting` : ''}${texts.length ? `; ${texts.join('; ')}` : ''}${taken ? `; ${plural(taken, 'prize')} taken` : ''}.`,
    [],
    0,
    at,
    day
  )
  if (sailing(shipsOf(db, v.id)).length === 0) endLost(db, v, day)
  saveVoyage(db, v, s)
}
onBattleConcluded(voyageBattleConcluded)

// ─── Special events ─────────────────────────────────────────────────────────────────────────────

function makeEvent(box: DiceBox, ev: ReturnType<typeof getRule<'specialEvents'>>, cause: 'drama' | 'chance', rolls: VoyageRoll[]): PendingEvent {
  const r = box.roll('1d10', 'Special event (seed 003 II)')
  rolls.push(rollOf(r))
  const e = eventFor(r.total, ev)
  return { kind: 'event', roll: r.total, event: e.event, label: e.label, text: eventText(e.event, ev), cause, avoidable: true }
}

export function dramaPool(db: Db) {
  const s = seaSettings(db)
  return { gm: s.drama_gm, eventChancePerWeek: s.event_chance }
}

export function setDrama(db: Db, input: { gm?: number; eventChancePerWeek?: number }) {
  setSeaSettings(db, { drama_gm: input.gm, event_chance: input.eventChancePerWeek })
  return dramaPool(db)
}

export function specialEvent(db: Db, input: { voyageId: number; spendDramaDie: boolean }, box: DiceBox): VoyageView {
  const v = requireVoyage(db, input.voyageId)
  if (!voyageRulesOf(db).theahEncounters) throw new CommandError('rule', 'Special events and Drama Dice belong to Théah voyages (High Seas Combat II): an Atrilian voyage has none.', { field: 'voyageId' })
  requireFree(db, v, 'meet a special event')
  const sea = seaSettings(db)
  if (input.spendDramaDie) {
    if (sea.drama_gm <= 0) throw new CommandError('rule', 'The GM has no Drama Dice left to spend (drama.set).', { field: 'spendDramaDie' })
    setSeaSettings(db, { drama_gm: sea.drama_gm - 1 })
  }
  const rolls: VoyageRoll[] = []
  const pe = makeEvent(box, getRule(db, 'specialEvents'), 'drama', rolls)
  v.pending = JSON.stringify(pe)
  v.stop = 'event'
  logEvent(db, v, 'event', `${input.spendDramaDie ? 'The GM spent a Drama Die' : 'The GM called'} for a special event: ${pe.label}. ${pe.text}`, rolls, 0, positionOf(v, JSON.parse(v.legs) as Leg[]))
  saveVoyage(db, v, stateOf(v))
  return voyageView(db, v.id)
}

export function avoidEvent(db: Db, input: { voyageId: number; players: number; note?: string }): VoyageView {
  const v = requireVoyage(db, input.voyageId)
  const p = v.pending ? (JSON.parse(v.pending) as PendingEncounter | PendingEvent) : null
  if (!p || p.kind !== 'event') throw new CommandError('rule', `The voyage “${v.name}” has no special event waiting.`)
  v.pending = null
  v.stop = null
  logEvent(db, v, 'event', `The players spent ${plural(input.players, 'Drama Die', 'Drama Dice')} to avoid the ${p.label.toLowerCase()}${input.note ? `: ${input.note}` : ''}.`, [], 0, positionOf(v, JSON.parse(v.legs) as Leg[]))
  saveVoyage(db, v, stateOf(v))
  return voyageView(db, v.id)
}

function damageShip(db: Db, shipId: number, hull: number, rigging: number): { hull: number; rigging: number } {
  const c = shipCondition(db, shipId)
  const h = Math.min(hull, c.hull.now)
  const r = Math.min(rigging, c.rigging.now)
  stmt(db, `UPDATE ship SET hull_damage = hull_damage + ?, rigging_damage = rigging_damage + ? WHERE id = ?`).run(h, r, shipId)
  return { hull: h, rigging: r }
}

/** A ship dashed on the rocks: she is lost; the player characters aboard roll Wits to reach a boat. */
function wreckShip(db: Db, v: VoyageRow, sh: ShipLink, box: DiceBox, rolls: VoyageRoll[], witsTN: number, day: number): string {
  stmt(db, `UPDATE ship SET status = 'sunk', location = NULL WHERE id = ?`).run(sh.ship_id)
  stmt(db, `UPDATE voyage_ship SET state = 'wrecked' WHERE voyage_id = ? AND ship_id = ?`).run(v.id, sh.ship_id)
  sh.state = 'wrecked'
  addShipEvent(db, sh.ship_id, day, 'Wrecked: dashed to splinters on uncharted rocks')
  const saved: string[] = []
  const drowning: string[] = []
  for (const pc of aboard(db, sh.ship_id).filter((o) => o.kind === 'pc')) {
    const r = box.roll(skillNotation(trait(pc, 'Wits'), 0), `${pc.name}: Wits to reach a jolly boat or wreckage`)
    rolls.push(rollOf(r, witsTN))
    ;(r.total >= witsTN ? saved : drowning).push(pc.name)
  }
  return (
    `The ${sh.name} is wrecked, dashed to splinters on uncharted rocks` +
    (saved.length ? `; ${listing(saved)} reached a boat or wreckage` : '') +
    (drowning.length ? `; ${listing(drowning)} must make drowning checks (GM's Book)` : '')
  )
}

export function resolveEvent(db: Db, input: { voyageId: number }, box: DiceBox): { view: VoyageView; text: string } {
  const v = requireVoyage(db, input.voyageId)
  const p = v.pending ? (JSON.parse(v.pending) as PendingEncounter | PendingEvent) : null
  if (!p || p.kind !== 'event') throw new CommandError('rule', `The voyage “${v.name}” has no special event waiting.`)
  const s = stateOf(v)
  const ev = getRule(db, 'specialEvents')
  const sea = seaSettings(db)
  const day = currentDay(db)
  const rolls: VoyageRoll[] = []
  const parts: string[] = []
  const ships = sailing(shipsOf(db, v.id))
  const roll = (notation: string, purpose: string, tn: number | null = null) => {
    const r = box.roll(notation, purpose)
    rolls.push(rollOf(r, tn))
    return r.total
  }
  const blown = (dice: string, what: string) => {
    const miles = roll(dice, `${what}: miles off course`)
    const dir = roll('1d10', `${what}: direction (each face 36° clockwise from north)`)
    const o = offCourse(miles, dir, sea.scale_nm)
    v.offset_x += o.x
    v.offset_y += o.y
    v.extra_nm += miles
    parts.push(`blown ${fmt(miles)} nm off course, toward ${dir * 36}°`)
  }
  const kind: SpecialEventKind = p.event
  switch (kind) {
    case 'becalmed': {
      const n = roll(ev.becalmedDays, 'Becalmed: days')
      s.delays.becalmed += n
      parts.push(`becalmed for ${plural(n, 'day')}`)
      break
    }
    case 'fog': {
      const n = atLeastOne(roll(ev.fogDays, 'Fog: days (at least one)'))
      s.delays.fog += n
      parts.push(`fog for ${plural(n, 'day')}`)
      const officers = ships.flatMap((sh) => aboard(db, sh.ship_id))
      const nav = officers.find((o) => o.role === 'pilot') ?? officers.find((o) => o.role === 'captain')
      const total = roll(skillNotation(trait(nav, 'Wits'), knack(nav, 'Navigation')), `Navigation check in the fog (${nav?.name ?? 'an average hand'})`, ev.navigationTN)
      if (total >= ev.navigationTN) parts.push(`${nav?.name ?? 'the pilot'} kept the course (Navigation ${total} against ${ev.navigationTN})`)
      else {
        const lost = atLeastOne(roll(ev.lostDays, 'Lost in the fog: more days (at least one)'))
        s.delays.lost += lost
        parts.push(`lost for ${plural(lost, 'more day')} (Navigation ${total} against ${ev.navigationTN})`)
      }
      break
    }
    case 'disease': {
      for (const sh of ships) {
        const people = aboard(db, sh.ship_id)
        const sick: string[] = []
        const dying: string[] = []
        for (const o of people) {
          const t = roll(skillNotation(trait(o, 'Resolve'), 0), `${o.name}: Resolve against the disease`, ev.diseaseResolveTN)
          if (t < ev.diseaseDiesBelow) dying.push(o.name)
          else if (t < ev.diseaseResolveTN) sick.push(o.name)
        }
        const physician = people.some((o) => o.role === 'physician')
        const doctor = people.some((o) => knack(o, 'Doctor') > 0)
        const crew = requireShip(db, sh.ship_id).crew
        const ill = Math.min(crew, roll(physician ? ev.crewIllWithDoctor : ev.crewIll, `${sh.name}: crew fallen ill${physician ? ' (a physician aboard)' : ''}`))
        const die = roll('1d10', `${sh.name}: is the illness terminal (${ev.terminalOn}+)?`)
        let text = `the ${sh.name}: ${plural(ill, 'hand')} ill`
        if (die >= ev.terminalOn && !doctor && ill > 0) {
          stmt(db, `UPDATE ship SET crew = crew - ? WHERE id = ?`).run(ill, sh.ship_id)
          stmt(db, `UPDATE ship_company SET marines = MIN(marines, ?) WHERE ship_id = ?`).run(crew - ill, sh.ship_id)
          addShipEvent(db, sh.ship_id, day, `${plural(ill, 'hand')} died of shipboard disease`)
          text += `, terminal: with nobody aboard to treat them they died (${crew - ill} hands left)`
        } else if (die >= ev.terminalOn) text += ', terminal, but treated by the doctor: sick for the voyage'
        else text += ', sick with fever for the voyage'
        s.sick[String(sh.ship_id)] = (s.sick[String(sh.ship_id)] ?? 0) + ill
        if (sick.length) text += `; ${listing(sick)} lie sick for the voyage`
        if (dying.length) text += `; ${listing(dying)} will die unless treated by someone with the Doctor knack`
        parts.push(text)
      }
      break
    }
    case 'squalls': {
      s.delays.squalls += ev.squallDelayDays
      parts.push(`delayed ${plural(ev.squallDelayDays, 'day')}`)
      for (const sh of ships) {
        const r = roll(ev.squallRigging, `${sh.name}: Rigging damage in the squalls`)
        const d = damageShip(db, sh.ship_id, 0, r)
        parts.push(`the ${sh.name} took ${d.rigging} Rigging damage`)
      }
      blown(ev.squallOffCourse, 'Squalls')
      break
    }
    case 'wreck': {
      for (const sh of ships) {
        const best = bestPilot(aboard(db, sh.ship_id))
        const t = roll(skillNotation(trait(best, 'Wits'), knack(best, 'Pilot')), `${sh.name}: Pilot check against shipwreck (${best?.name ?? 'an average hand'})`, ev.wreckPilotTN)
        if (t >= ev.wreckPilotTN) parts.push(`${best?.name ?? 'the helmsman'} steered the ${sh.name} clear of the rocks (Pilot ${t} against ${ev.wreckPilotTN})`)
        else parts.push(wreckShip(db, v, sh, box, rolls, ev.wreckWitsTN, day))
      }
      break
    }
    case 'storm': {
      const n = atLeastOne(roll(ev.stormDays, 'Storm: days (at least one)'))
      s.delays.storm += n
      parts.push(`a storm for ${plural(n, 'day')} (a Pilot check each day against TN ${ev.stormPilotTN})`)
      for (const sh of ships) {
        const r = roll(ev.stormDamage, `${sh.name}: Rigging damage in the storm`)
        const h = roll(ev.stormDamage, `${sh.name}: Hull damage in the storm`)
        const d = damageShip(db, sh.ship_id, h, r)
        parts.push(`the ${sh.name} took ${d.rigging} Rigging and ${d.hull} Hull damage`)
      }
      blown(ev.stormOffCourse, 'Storm')
      break
    }
  }
  v.pending = null
  v.stop = null
  const text = `${p.label}: ${parts.join('; ')}.`
  logEvent(db, v, 'event', text, rolls, 0, positionOf(v, JSON.parse(v.legs) as Leg[]), day)
  if (sailing(shipsOf(db, v.id)).length === 0) endLost(db, v, day)
  saveVoyage(db, v, s)
  return { view: voyageView(db, v.id), text }
}

// ─── Ending ─────────────────────────────────────────────────────────────────────────────────────

export function endVoyage(db: Db, input: { voyageId: number; portId: number | null; note?: string }): VoyageView {
  const v = requireVoyage(db, input.voyageId)
  if (v.status !== 'atSea') throw new CommandError('rule', `The voyage “${v.name}” is already over.`)
  const s = stateOf(v)
  const day = currentDay(db)
  const live = sailing(shipsOf(db, v.id))
  let where = 'at sea'
  if (input.portId !== null) {
    const p = chartPortRow(db, input.portId)
    for (const sh of live) moveShip(db, sh.ship_id, p.id)
    where = `in ${p.name}`
  } else for (const sh of live) stmt(db, `UPDATE ship SET location = NULL WHERE id = ?`).run(sh.ship_id)
  v.status = 'arrived'
  v.ended_day = day
  v.pending = null
  v.stop = 'arrival'
  logEvent(db, v, 'end', `The GM ended the voyage ${where}${input.note ? `: ${input.note}` : ''}.`, [], 0, positionOf(v, JSON.parse(v.legs) as Leg[]), day)
  saveVoyage(db, v, s)
  return voyageView(db, v.id)
}

// ─── Reading ────────────────────────────────────────────────────────────────────────────────────

interface EventRow {
  id: number
  day: number
  kind: VoyageLogEntry['kind']
  text: string
  miles: number
  x: number | null
  y: number | null
  rolls: string
}

/** What a command that has just written the voyage already holds (the rule tables and the chart do not change within it). */
interface Known {
  legs: Leg[]
  winds: ReturnType<typeof getRule<'winds'>>
  checks: ReturnType<typeof getRule<'encounterChecks'>>
  cal: ReturnType<typeof getRule<'calendar'>>
  areas: ReturnType<typeof seaAreas>
  defaultWater: WaterKind
  /** The voyage's state and squadron as the command left them. */
  state: VState
  ships: ShipLink[]
  rules: VoyageRules
}

function voyageOut(db: Db, v: VoyageRow, label: (d: number) => string, known?: Known): Voyage {
  const s = known ? known.state : stateOf(v)
  const legs = known ? known.legs : (JSON.parse(v.legs) as Leg[])
  const route = JSON.parse(v.route) as number[]
  const winds = known ? known.winds : getRule(db, 'winds')
  const R = known ? known.rules : voyageRulesOf(db)
  const wind = windOf(R, v.wind_roll, winds)
  const distance = distanceOf(legs)
  const { leg, legNm } = legAt(legs, v.sailed_nm)
  const at = positionOf(v, legs)
  const checks = known ? known.checks : getRule(db, 'encounterChecks')
  const water = known ? waterAt(at, known.areas, known.defaultWater, checks) : waterAt(at, seaAreas(db), seaSettings(db).default_water, checks)
  const p = getRule(db, 'passengers')
  const ships = (known ? known.ships : shipsOf(db, v.id)).map((sh) => ({
    shipId: sh.ship_id,
    name: sh.name,
    state: sh.state,
    speed: s.speeds[String(sh.ship_id)] ?? { shipId: sh.ship_id, name: sh.name, breakdown: [], withoutWind: 0, min: 0, max: 0, nmPerDay: null, problems: [] }
  }))
  return {
    id: v.id,
    name: v.name,
    status: v.status,
    startedDay: v.started_day,
    startedLabel: label(v.started_day),
    daysAtSea: v.days_at_sea,
    route: route.map((id) => {
      const r = stmt(db, `SELECT name FROM port WHERE id = ?`).get(id) as { name: string } | undefined
      return { portId: id, name: r?.name ?? `port ${id}` }
    }),
    legs: legs.map(({ points: _p, ...l }) => l),
    distanceNm: distance,
    sailedNm: Math.round(v.sailed_nm * 10) / 10,
    leg,
    legNm: Math.round(legNm * 10) / 10,
    position: at,
    offset: { x: v.offset_x, y: v.offset_y },
    wind,
    weather: weatherOf(v, s),
    nmPerDay: s.nmPerDay,
    ships,
    delays: s.delays,
    passengers: { count: v.passengers, farePer40Nm: v.fare_per_40, fare: fareTotal(v.passengers, distance, v.fare_per_40, p.perNm), paid: v.fare_paid === 1 },
    water,
    nextCheckDay:
      v.status === 'atSea' && !R.theahEncounters
        ? R.checksDaily?.(db)
          ? currentDay(db) + 1
          : null
        : v.status === 'atSea'
        ? known
          ? nextCheckDayIn(known.cal, v.last_check_day ?? v.started_day, checks.every[water])
          : nextCheckDay(db, v.last_check_day ?? v.started_day, checks.every[water])
        : null,
    pending: v.pending ? (JSON.parse(v.pending) as PendingEncounter | PendingEvent | AtrilianEncounter) : null,
    encounters: s.encounters,
    unit: R.unit,
    windRolled: R.windRolled,
    battleId: v.battle_id,
    stop: v.stop,
    endedDay: v.ended_day
  }
}

export function voyageView(db: Db, id: number): VoyageView {
  return viewOf(db, requireVoyage(db, id), labelOf(db))
}

/** The view of voyage `v`, as read from its row (or as just saved, with what the command holds: `known`). */
function viewOf(db: Db, v: VoyageRow, label: (d: number) => string, known?: Known): VoyageView {
  return { ...voyageOut(db, v, label, known), log: logOf(db, v.id, label) }
}

/** A voyage's log. */
function logOf(db: Db, voyageId: number, label: (d: number) => string): VoyageLogEntry[] {
  return (stmt(db, `SELECT id, day, kind, text, miles, rolls FROM voyage_event WHERE voyage_id = ? ORDER BY id`).all(voyageId) as EventRow[]).map((e) => ({
    id: e.id,
    day: e.day,
    label: label(e.day),
    kind: e.kind,
    text: e.text,
    miles: e.miles,
    rolls: JSON.parse(e.rolls) as VoyageRoll[]
  }))
}

export function listVoyages(db: Db): VoyageSummary[] {
  const label = labelOf(db)
  const unit = voyageRulesOf(db).unit
  return (stmt(db, `SELECT * FROM voyage ORDER BY id DESC`).all() as VoyageRow[]).map((v) => {
    const legs = JSON.parse(v.legs) as Leg[]
    return {
      id: v.id,
      name: v.name,
      status: v.status,
      startedLabel: label(v.started_day),
      from: legs[0]?.fromName ?? '',
      to: legs[legs.length - 1]?.toName ?? '',
      ships: shipsOf(db, v.id).map((s) => s.name),
      sailedNm: Math.round(v.sailed_nm),
      distanceNm: distanceOf(legs),
      unit,
      stop: v.stop
    }
  })
}

export function chartOf(db: Db): Chart {
  const base = chartBase(db)
  const portPos = new Map(base.ports.map((p) => [p.portId, p]))
  const voyages = (stmt(db, `SELECT * FROM voyage ORDER BY id`).all() as VoyageRow[]).map((v) => {
    const legs = JSON.parse(v.legs) as Leg[]
    const course: Point[] = []
    for (const l of legs) for (const pt of l.points) if (!course.length || course[course.length - 1]!.x !== pt.x || course[course.length - 1]!.y !== pt.y) course.push(pt)
    const track = (stmt(db, `SELECT x, y FROM voyage_event WHERE voyage_id = ? AND x IS NOT NULL ORDER BY id`).all(v.id) as Point[]).filter(
      (p, i, a) => i === 0 || p.x !== a[i - 1]!.x || p.y !== a[i - 1]!.y
    )
    return { voyageId: v.id, name: v.name, status: v.status, course, track, position: positionOf(v, legs) }
  })
  const atSea = new Map<number, { voyageId: number; position: Point | null }>()
  for (const v of voyages) {
    if (v.status !== 'atSea') continue
    for (const sh of sailing(shipsOf(db, v.voyageId))) atSea.set(sh.ship_id, { voyageId: v.voyageId, position: v.position })
  }
  const ships = (
    stmt(db, `SELECT s.id, s.name, s.status, c.port_id FROM ship s LEFT JOIN ship_company c ON c.ship_id = s.id WHERE s.status IN ('port', 'sea') ORDER BY s.id`).all() as {
      id: number
      name: string
      status: string
      port_id: number | null
    }[]
  ).map((s) => {
    const on = atSea.get(s.id)
    const port = s.status === 'port' && s.port_id !== null ? portPos.get(s.port_id) : undefined
    const pos = on?.position ?? (port && port.x !== null ? { x: port.x, y: port.y! } : null)
    return { shipId: s.id, name: s.name, status: s.status, portId: s.status === 'port' ? s.port_id : null, x: pos?.x ?? null, y: pos?.y ?? null, voyageId: on?.voyageId ?? null }
  })
  return { ...base, ships, voyages }
}
