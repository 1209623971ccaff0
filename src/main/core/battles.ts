import { reviewProblems } from '../../shared/highseas/review'
import type { z } from 'zod'
import type {
  BattleParticipantInput,
  BattleReview,
  BattleSummary,
  BattleView,
  Fate,
  GeneratedShipParsed,
  ReviewLine
} from '../../shared/commands/battles'
import { dateOf } from '../../shared/calendar'
import { CommandError } from '../../shared/errors'
import { DiceBox, type DiceMode } from '../../shared/dice/roll'
import { Rng } from '../../shared/dice/rng'
import { aiOrders, ordersForTurn } from '../../shared/highseas/ai'
import { boxDice } from '../../shared/highseas/dice'
import type { HighSeasRules } from '../../shared/highseas/tables'
import { battleOver, checkOrders, IllegalOrders, resolveTurn, startBattle } from '../../shared/highseas/engine'
import {
  defaultBehaviour as defaultBehaviourFor,
  encounterName,
  fortParticipant,
  generateShip,
  numberNames,
  townParticipant
} from '../../shared/highseas/generate'
import {
  BATTERIES,
  BattleSetup,
  ParticipantSetup,
  type BattleState,
  type Control,
  type HeroicAction,
  type MeleeResult,
  type ParticipantSetupInput,
  type Range,
  type ShipOrders,
  type TurnOrders,
  type TurnReport,
  type Weather
} from '../../shared/highseas/types'
import type { ShipDesign } from '../../shared/ship/design'
import { hasShallowDraft } from '../../shared/ship/quote'
import { stmt, type Db } from '../campaign/sqlite'
import { currentDay, labelOf } from './clock-state'
import { WORLD_OWNER_ID } from './ledger'
import { chargeOwners, companyOf, crewRoster, requireFriendlyPort, shipCondition } from './crew'
import { getPerson } from './people'
import { getRule } from './rules'
import { addShipEvent, listing, quoteFor, requireShip, shipOwners, shipRules } from './ships'
import { voyageBattleConcluded } from './voyages'
import { recordCaptor } from './prizes'
import { sideName, theShip } from '../../shared/words'

/**
 * High Seas battles in the campaign (seed 003, IV–VI): starting a battle from campaign ships,
 * encounter ships, forts and towns; giving orders; resolving turns with the battle's own seeded
 * generator (never the campaign's); and writing the outcome back to the fleet when it is concluded.
 *
 * Stored per battle: the setup (who fights; each participant's `control` lives here — it decides
 * only which orders are filled in, and the filled orders are stored with every turn, so changing
 * it never changes a replay), the state (a cache: `replay(setup, turns)` gives it again), the
 * orders given for the next turn, and the design of each generated ship (so a captured one becomes
 * a real prize). Every resolved turn keeps its full orders, the faces typed (or null) and its report.
 */

type ParticipantInput = z.output<typeof BattleParticipantInput>
type Pending = { ships: Record<string, ShipOrders>; melee: MeleeResult[]; heroic: HeroicAction[] }
const NO_PENDING = (): Pending => ({ ships: {}, melee: [], heroic: [] })
const GUNS_NONE = { port: 0, starboard: 0, chasers: 0, stern: 0 }
type Guns = typeof GUNS_NONE

interface BattleRow {
  id: number
  name: string
  status: 'active' | 'concluded'
  started_day: number
  concluded_day: number | null
  setup: string
  state: string
  pending: string
  designs: string
  result: string | null
}

export interface Battle {
  row: BattleRow
  setup: BattleSetup
  state: BattleState
  pending: Pending
  designs: Record<string, ShipDesign>
}

const fmt = (n: number) => n.toLocaleString('en')
const tons = (t: number) => {
  const r = Math.round(t * 10) / 10
  return Number.isInteger(r) ? String(r) : r.toFixed(1)
}
const round3 = (x: number) => Math.round(x * 1000) / 1000
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`

// ─── Loading and storing ────────────────────────────────────────────────────────────────────────

function requireRow(db: Db, battleId: number): BattleRow {
  const row = stmt(db, `SELECT * FROM battle WHERE id = ?`).get(battleId) as BattleRow | undefined
  if (!row) throw new CommandError('not_found', `There is no battle with id ${battleId}.`, { field: 'battleId' })
  return row
}

/**
 * The rules a campaign battle snapshots: the High Seas table, with the Trained Fighter fractions taken
 * from the campaign's Trained Fighters table (seed 003 V), the one the Crew tab counts by, so a GM's
 * edit there changes the boarding parties too.
 */
export function battleRules(db: Db): HighSeasRules {
  const rules = getRule(db, 'highSeas')
  const t = getRule(db, 'trainedFighters')
  return {
    ...rules,
    fighters: { merchant: 1 / t.merchant, naval: 1 / t.naval, privateer: 1 / t.privateer, pirate: 1 / t.pirate },
    nationFighters: [
      { nation: 'Avalon', fraction: 1 / t.avalon },
      { nation: 'Vesten', fraction: 1 / t.vesten }
    ]
  }
}

export function loadBattle(db: Db, battleId: number): Battle {
  const row = requireRow(db, battleId)
  return {
    row,
    setup: JSON.parse(row.setup) as BattleSetup,
    state: JSON.parse(row.state) as BattleState,
    pending: { ...NO_PENDING(), ...(JSON.parse(row.pending) as Partial<Pending>) },
    designs: JSON.parse(row.designs) as Record<string, ShipDesign>
  }
}

function requireActive(b: Battle, doing: string): void {
  if (b.row.status !== 'active') {
    throw new CommandError('rule', `The ${b.row.name} is concluded: ${doing} is no longer possible.`, { status: b.row.status })
  }
}

function participant(b: Battle, id: string, field = 'participantId') {
  const p = b.setup.participants.find((x) => x.id === id)
  if (!p) {
    throw new CommandError('not_found', `${field}: no participant "${id}" fights in the ${b.row.name}.`, {
      field,
      issues: [{ field, message: `unknown participant ${id}` }]
    })
  }
  return p
}

function savePending(db: Db, battleId: number, pending: Pending): void {
  stmt(db, `UPDATE battle SET pending = ? WHERE id = ?`).run(JSON.stringify(pending), battleId)
}

export function turnsOf(db: Db, battleId: number): { turn: number; orders: TurnOrders; dice: number[] | null; report: TurnReport }[] {
  const rows = stmt(db, `SELECT turn, orders, dice, report FROM battle_turn WHERE battle_id = ? ORDER BY turn`).all(battleId) as {
    turn: number
    orders: string
    dice: string | null
    report: string
  }[]
  return rows.map((r) => ({
    turn: r.turn,
    orders: JSON.parse(r.orders) as TurnOrders,
    dice: r.dice === null ? null : (JSON.parse(r.dice) as number[]),
    report: JSON.parse(r.report) as TurnReport
  }))
}

// ─── Who fights ─────────────────────────────────────────────────────────────────────────────────

const STATUS_WORDS: Record<string, string> = {
  construction: 'still on the stocks',
  sold: 'sold',
  scuttled: 'scuttled',
  sunk: 'sunk'
}

/** A captain from a campaign character: Wits, and the Tactics and Strategy knacks (ranks above 5 count as 5). */
function captainOf(db: Db, personId: number, field: string) {
  let person
  try {
    person = getPerson(db, personId)
  } catch (e) {
    if (e instanceof CommandError && e.code === 'not_found') {
      throw new CommandError('not_found', `${field}: there is no character with id ${personId}.`, { field })
    }
    throw e
  }
  const rank = (n: number | undefined) => Math.min(5, Math.max(0, Math.floor(n ?? 0)))
  return {
    name: person.name.slice(0, 80),
    personId: person.id,
    wits: Math.min(6, Math.max(1, person.traits.Wits)),
    tactics: rank(person.knacks.Tactics),
    strategy: rank(person.knacks.Strategy),
    // Roger's Pirate trick, from the People page (seed 003 V quick combat: he leads the parties).
    overTheSide: (person.tricks ?? []).includes('overTheSide')
  }
}

/** Whoever leads her boarding and defence parties (seed 003 V): a campaign character, with his "Over the Side" trick. */
function partyLeaderOf(db: Db, personId: number, field: string) {
  const c = captainOf(db, personId, field)
  return { name: c.name, personId: c.personId, overTheSide: c.overTheSide }
}

type RosterOfficer = ReturnType<typeof crewRoster>['officers'][number]
const personIdOf = (o: RosterOfficer) => o.personId

/** Gunnery rank per battery: each named gunner's Gunnery knack for the battery he serves (all of them if he serves none in particular); 1 elsewhere. */
function gunnersOf(named: RosterOfficer[]): Guns {
  const rank = (o: RosterOfficer) => Math.min(5, Math.max(0, Math.floor(o.knacks.Gunnery ?? 0)))
  const out: Guns = { port: 1, starboard: 1, chasers: 1, stern: 1 }
  const gunners = named.filter((o) => o.role === 'gunner')
  const general = gunners.filter((o) => o.battery === null)
  if (general.length) {
    const best = Math.max(...general.map(rank))
    for (const b of BATTERIES) out[b] = best
  }
  for (const o of gunners) if (o.battery) out[o.battery] = rank(o)
  return out
}

/**
 * The master-o'-tops' Finesse and Rigging, if one is on the roster; he is also the hand who goes
 * down to a dragging anchor (Finesse, Climbing, Knotwork: chase mishap 9-10).
 */
function masterOfTopsOf(named: RosterOfficer[]): { masterOfTops?: { finesse: number; rigging: number }; anchorHand?: { finesse: number; climbing: number; knotwork: number } } {
  const m = named.find((o) => o.role === 'masterOTops')
  if (!m) return {}
  const finesse = Math.min(6, Math.max(1, m.traits.Finesse ?? 2))
  const rank = (k: string) => Math.min(5, Math.max(0, m.knacks[k] ?? 0))
  return { masterOfTops: { finesse, rigging: rank('Rigging') }, anchorHand: { finesse, climbing: rank('Climbing'), knotwork: rank('Knotwork') } }
}

/** Handling her rudder has lost to Hard Turns, not yet repaired in port (seed 003 IV). */
export function rudderDamageOf(db: Db, shipId: number): number {
  const r = stmt(db, `SELECT rudder_damage FROM ship WHERE id = ?`).get(shipId) as { rudder_damage: number } | undefined
  return r?.rudder_damage ?? 0
}

/** A campaign ship's Speed at the start of a battle and its terms: the same reading as her ship sheet's (seed 003 I careening). */
function startSpeed(db: Db, shipId: number): { speed: number; speedTerms: { label: string; value: number }[] } {
  const c = shipCondition(db, shipId).speed
  return { speed: c.now, speedTerms: c.breakdown.length > 1 ? c.breakdown : [] }
}

/**
 * The participants a battle starts with, and the designs of the generated ships. Campaign ships are
 * measured from their design's quote by the campaign's rule tables and their current state;
 * generated ships, forts and towns from the rules guide §2 defaults (src/shared/highseas/generate.ts).
 */
export function buildParticipants(
  db: Db,
  inputs: readonly ParticipantInput[],
  townSurrenderAt = 200
): { participants: ParticipantSetup[]; designs: Record<string, ShipDesign> } {
  const rules = shipRules(db)
  const out: ParticipantSetupInput[] = []
  const designs: Record<string, ShipDesign> = {}
  const seenShips = new Set<number>()
  // Names of generated ships, numbered when repeated ("Castillian Galleon 1", "Castillian Galleon 2").
  const generated = inputs.map((p) => ('generate' in p ? (p.generate.name ?? encounterName(p.generate, rules)) : null))
  const numbered = numberNames(generated.filter((n): n is string => n !== null))
  let g = 0
  let fort = 0
  let town = 0

  inputs.forEach((p, i) => {
    const field = `participants.${i}`
    if ('shipId' in p) {
      const row = requireShip(db, p.shipId)
      if (seenShips.has(row.id)) {
        throw new CommandError('rule', `The ${row.name} is named twice: a ship can fight on one side only.`, { field: `${field}.shipId` })
      }
      seenShips.add(row.id)
      if (row.status !== 'port' && row.status !== 'sea') {
        throw new CommandError('rule', `The ${row.name} cannot fight: she is ${STATUS_WORDS[row.status] ?? row.status} (only ships in port or at sea can).`, {
          field: `${field}.shipId`,
          status: row.status
        })
      }
      const design = JSON.parse(row.design) as ShipDesign
      const q = quoteFor(db, design)
      const lost = { ...GUNS_NONE, ...(JSON.parse(row.guns_lost) as Partial<Guns>) }
      const guns = Object.fromEntries(BATTERIES.map((b) => [b, Math.max(0, design.guns[b] - lost[b])])) as Guns
      const boardingParty = design.modifications.boardingParty ?? 0
      const roster = crewRoster(db, row.id)
      const crewKind = p.crewKind ?? roster.kind
      const named = roster.officers
      const captainOnRoster = named.find((o) => o.role === 'captain')
      const captainId = p.captainId ?? (captainOnRoster ? personIdOf(captainOnRoster) : undefined)
      const captain = captainId !== undefined ? captainOf(db, captainId, `${field}.captainId`) : undefined
      const partyLeader = p.partyLeaderId !== undefined ? partyLeaderOf(db, p.partyLeaderId, `${field}.partyLeaderId`) : undefined
      const officers = p.officers ?? named.length
      out.push({
        id: `ship-${row.id}`,
        name: row.name.slice(0, 80),
        side: p.side,
        kind: 'ship',
        shipId: row.id,
        hull: design.hull,
        nation: p.nation ?? roster.nation,
        crewKind,
        hullPoints: q.derived.hull,
        riggingPoints: q.derived.rigging,
        // Her Speed now, as the ship sheet shows it (seed 003 I: an overdue careening costs Speed).
        ...startSpeed(db, row.id),
        handling: q.derived.handling,
        size: q.derived.size,
        threatRating: Math.min(10, Math.max(1, q.derived.threatRating)),
        ...(boardingParty > 0 ? { boardingThreatRating: rules.shipModifications.boardingParty.threatRating } : {}),
        guns,
        pontGuns: { ...design.pontGuns },
        // Everyone aboard: the hands (marines among them) and the named officers.
        crew: (p.crew ?? row.crew) + officers,
        marines: Math.min(p.marines ?? roster.marines, p.crew ?? row.crew),
        officers,
        boardingParty,
        powderTons: row.powder_tons,
        hullDamage: row.hull_damage,
        riggingDamage: row.rigging_damage,
        rudderDamage: rudderDamageOf(db, row.id),
        shallowDraft: hasShallowDraft(design, rules.shipHulls),
        oars: design.modifications.oars === true,
        captain: captain ?? { name: `Captain of ${theShip(row.name)}`.slice(0, 80), wits: 2, tactics: 1, strategy: 1, overTheSide: false },
        ...(partyLeader ? { partyLeader } : {}),
        gunners: p.gunners ?? gunnersOf(named),
        ...masterOfTopsOf(named),
        control: p.control,
        behaviour: p.behaviour ?? defaultBehaviourFor(design.hull, crewKind)
      })
    } else if ('generate' in p) {
      const id = `gen-${++g}`
      const made = generateShip(p.generate as GeneratedShipParsed, { id, side: p.side, control: p.control, name: numbered[g - 1]! }, rules)
      out.push(made.participant)
      designs[id] = made.design
    } else if ('fort' in p) {
      out.push(fortParticipant(p.fort, { id: `fort-${++fort}`, side: p.side, control: p.control }))
    } else {
      out.push(townParticipant(p.town, { id: `town-${++town}`, side: p.side, control: p.control }, townSurrenderAt))
    }
  })
  return { participants: out.map((p) => ParticipantSetup.parse(p)), designs }
}

// ─── Starting ───────────────────────────────────────────────────────────────────────────────────

export interface StartInput {
  name?: string
  participants: ParticipantInput[]
  range: Range
  weather: Weather
  seed?: number
  dice?: number[]
}

/** "Battle of 8 Quartus 1668 AV": the day's date without its weekday. */
export function defaultBattleName(db: Db, day: number): string {
  const cal = getRule(db, 'calendar')
  const d = dateOf(cal, day)
  return `Battle of ${d.dayOfMonth} ${d.monthName} ${d.year}${cal.era ? ' ' + cal.era : ''}`.slice(0, 80)
}

/** The seed from the campaign's dice: nine d10, each face a digit (face 10 reads 0), so 0 … 999,999,999. */
export function seedFromDice(box: DiceBox): number {
  const r = box.roll('9d10', 'Battle seed (nine d10, each a digit)')
  return r.dice.reduce((n, d) => n * 10 + (d % 10), 0)
}

export function beginBattle(db: Db, input: StartInput, dice: (given?: readonly number[]) => DiceBox): { battleId: number } {
  const { participants, designs } = buildParticipants(db, input.participants)
  const sides = [...new Set(participants.map((p) => p.side))]
  if (sides.length < 2) {
    throw new CommandError('rule', `A battle needs two sides at least: every participant is on the side “${sides[0] ?? ''}”.`, {
      field: 'participants'
    })
  }
  const today = currentDay(db)
  const name = input.name ?? defaultBattleName(db, today)
  const seed = input.seed ?? seedFromDice(dice(input.dice))
  const setup = BattleSetup.parse({
    name,
    participants,
    range: input.range,
    weather: input.weather,
    seed,
    rules: battleRules(db)
  })
  const state = startBattle(setup)
  const id = Number(
    stmt(
      db,
      `INSERT INTO battle (name, status, started_day, setup, state, pending, designs) VALUES (?, 'active', ?, ?, ?, ?, ?)`
    ).run(name, today, JSON.stringify(setup), JSON.stringify(state), JSON.stringify(NO_PENDING()), JSON.stringify(designs)).lastInsertRowid
  )
  return { battleId: id }
}

// ─── Reading ────────────────────────────────────────────────────────────────────────────────────

function summaryOf(b: Battle, label: (day: number) => string): BattleSummary {
  const sides: { side: string; names: string[] }[] = []
  for (const p of b.setup.participants) {
    let s = sides.find((x) => x.side === p.side)
    if (!s) sides.push((s = { side: p.side, names: [] }))
    s.names.push(p.name)
  }
  return {
    id: b.row.id,
    name: b.row.name,
    status: b.row.status,
    turn: b.state.turn,
    startedDay: b.row.started_day,
    startedLabel: label(b.row.started_day),
    sides,
    winner: b.state.winner
  }
}

export function battleSummary(db: Db, battleId: number): BattleSummary {
  return summaryOf(loadBattle(db, battleId), labelOf(db))
}

export function listBattles(db: Db): BattleSummary[] {
  const ids = stmt(db, `SELECT id FROM battle ORDER BY id DESC`).all() as { id: number }[]
  const label = labelOf(db)
  return ids.map((r) => summaryOf(loadBattle(db, r.id), label))
}

export function battleView(db: Db, battleId: number): BattleView {
  const b = loadBattle(db, battleId)
  const aiPreview: Record<string, ShipOrders> = {}
  if (b.row.status === 'active' && !battleOver(b.state)) {
    for (const p of b.setup.participants) {
      if (p.control === 'ai' && b.state.participants[p.id]?.status === 'active') aiPreview[p.id] = aiOrders(b.setup, b.state, p.id)
    }
  }
  return {
    ...summaryOf(b, labelOf(db)),
    setup: b.setup,
    state: b.state,
    turns: turnsOf(db, battleId).map((t) => t.report),
    pending: b.pending,
    aiPreview
  }
}

/** The setup and state of a battle for the odds simulator (read inside the door's queue). */
export function oddsInput(db: Db, battleId: number): { setup: BattleSetup; state: BattleState; name: string } {
  const b = loadBattle(db, battleId)
  return { setup: b.setup, state: b.state, name: b.row.name }
}

// ─── Orders, control, melee, heroic actions ─────────────────────────────────────────────────────

function requireFighting(b: Battle, id: string, doing: string) {
  const p = participant(b, id)
  const st = b.state.participants[id]
  if (!st || st.status !== 'active') {
    throw new CommandError('rule', `The ${p.name} is ${st?.status ?? 'gone'}: she can no longer be ${doing}.`, { status: st?.status })
  }
  return p
}

export function giveOrders(db: Db, input: { battleId: number; participantId: string; orders: ShipOrders }) {
  const b = loadBattle(db, input.battleId)
  requireActive(b, 'giving orders')
  if (battleOver(b.state)) throw new CommandError('rule', `The ${b.row.name} is over: conclude it to write its outcome to the campaign.`)
  const p = requireFighting(b, input.participantId, 'given orders')
  if (p.control === 'ai') {
    throw new CommandError('rule', `The AI captain commands the ${p.name}: take her over first (“Take over” on her orders), then give her orders.`, {
      field: 'participantId'
    })
  }
  const { problems, notes } = checkOrders(b.setup, b.state, p.id, input.orders)
  if (problems.length) {
    throw new CommandError('rule', `The ${p.name} cannot carry out these orders: ${problems.join('; ')}.`, { problems, reasons: problems })
  }
  b.pending.ships[p.id] = input.orders
  savePending(db, b.row.id, b.pending)
  const nameOf = (id: string | undefined) => b.setup.participants.find((x) => x.id === id)?.name ?? id ?? ''
  const o = input.orders
  const tactic =
    o.tactic === 'bearDown' ? `Bear Down on the ${nameOf(o.target)}` : o.tactic === 'evade' ? 'Evade' : 'Circle'
  const extra = [o.strike ? 'strike her colours' : '', o.grapple ? `grapple the ${nameOf(o.grapple)}` : '', o.board ? `board the ${nameOf(o.board)}` : '']
    .filter(Boolean)
    .join(', ')
  return { participantId: p.id, orders: input.orders, notes, name: p.name, battle: b.row.name, tactic: extra ? `${tactic}; ${extra}` : tactic }
}

export function setControl(db: Db, input: { battleId: number; participantId: string; control: Control }) {
  const b = loadBattle(db, input.battleId)
  requireActive(b, 'handing a ship over')
  const p = participant(b, input.participantId)
  const from = p.control
  p.control = input.control
  stmt(db, `UPDATE battle SET setup = ? WHERE id = ?`).run(JSON.stringify(b.setup), b.row.id)
  if (input.control === 'ai' && b.pending.ships[p.id]) {
    // The AI gives her orders now: those the GM gave no longer stand.
    delete b.pending.ships[p.id]
    savePending(db, b.row.id, b.pending)
  }
  return { participantId: p.id, control: input.control, from, name: p.name, battle: b.row.name }
}

export function addMelee(db: Db, input: { battleId: number; result: MeleeResult }) {
  const b = loadBattle(db, input.battleId)
  requireActive(b, 'settling a melee')
  const r = input.result
  const a = participant(b, r.a, 'result.a')
  const c = participant(b, r.b, 'result.b')
  if (a.id === c.id) throw new CommandError('invalid_input', 'result.b: a melee is fought between two participants.', { field: 'result.b' })
  if (r.winner !== a.id && r.winner !== c.id) {
    throw new CommandError('invalid_input', `result.winner: the winner is ${a.name} or ${c.name}.`, { field: 'result.winner' })
  }
  for (const id of Object.keys(r.crewLost)) {
    if (id !== a.id && id !== c.id) {
      throw new CommandError('invalid_input', `result.crewLost: only the ${a.name} and the ${c.name} lose men in this melee.`, { field: 'result.crewLost' })
    }
  }
  b.pending.melee = [...b.pending.melee.filter((m) => !(samePair(m, r))), r]
  savePending(db, b.row.id, b.pending)
  return { pending: b.pending, text: `${participant(b, r.winner).name} won the melee between the ${a.name} and the ${c.name}`, battle: b.row.name }
}

const samePair = (m: MeleeResult, r: MeleeResult) => (m.a === r.a && m.b === r.b) || (m.a === r.b && m.b === r.a)

export function addHeroic(db: Db, input: { battleId: number; action: HeroicAction }) {
  const b = loadBattle(db, input.battleId)
  requireActive(b, 'recording a heroic action')
  const p = participant(b, input.action.participant, 'action.participant')
  if (input.action.target !== undefined) participant(b, input.action.target, 'action.target')
  if (input.action.personId !== undefined) captainOf(db, input.action.personId, 'action.personId')
  b.pending.heroic.push(input.action)
  savePending(db, b.row.id, b.pending)
  return { pending: b.pending, text: `${input.action.hero} aboard the ${p.name}`, battle: b.row.name }
}

// ─── Resolving a turn ───────────────────────────────────────────────────────────────────────────

export function resolveNextTurn(db: Db, input: { battleId: number; dice?: number[] }, mode: DiceMode, command: string) {
  const b = loadBattle(db, input.battleId)
  requireActive(b, 'resolving a turn')
  if (battleOver(b.state)) {
    throw new CommandError('rule', `The ${b.row.name} is over${b.state.winner ? ` (${sideName(b.state.winner)} is left fighting)` : ''}: conclude it to write its outcome to the campaign.`)
  }
  const orders = ordersForTurn(b.setup, b.state, b.pending)
  const box = new DiceBox(new Rng(b.state.rng), input.dice ?? [], mode, () => currentDay(db))
  let result: { state: BattleState; report: TurnReport }
  try {
    result = resolveTurn(b.setup, b.state, orders, boxDice(box))
  } catch (e) {
    if (e instanceof IllegalOrders) {
      throw new CommandError('rule', `Turn ${b.state.turn} of the ${b.row.name} cannot be resolved: ${e.reasons.join('; ')}.`, { reasons: e.reasons })
    }
    throw e
  }
  const unused = box.unused()
  if (unused > 0) {
    const used = box.records.reduce((n, r) => n + r.faces.length, 0)
    throw new CommandError('invalid_input', `dice: ${unused} of the faces given ${unused === 1 ? 'was' : 'were'} not needed (this turn used ${used}).`, {
      field: 'dice',
      issues: [{ field: 'dice', message: 'more faces than needed' }]
    })
  }
  const { state, report } = result
  stmt(db, `UPDATE battle SET state = ?, pending = ? WHERE id = ?`).run(JSON.stringify(state), JSON.stringify(NO_PENDING()), b.row.id)
  stmt(db, `INSERT INTO battle_turn (battle_id, turn, orders, dice, report) VALUES (?, ?, ?, ?, ?)`).run(
    b.row.id,
    b.state.turn,
    JSON.stringify(orders),
    input.dice && input.dice.length ? JSON.stringify(input.dice) : null,
    JSON.stringify(report)
  )
  const log = stmt(
    db,
    `INSERT INTO roll_log (day, kind, purpose, notation, faces, dice, kept, total, manual, command) VALUES (?, 'battle', ?, ?, ?, ?, ?, ?, ?, ?)`
  )
  box.records.forEach((r, i) => {
    log.run(
      box.days[i] ?? 0,
      `${b.row.name}, turn ${b.state.turn}: ${r.purpose}`,
      r.notation,
      JSON.stringify(r.faces),
      JSON.stringify(r.dice),
      JSON.stringify(r.kept),
      r.total,
      r.manual ? 1 : 0,
      command
    )
  })
  return { report, state, name: b.row.name }
}

// ─── Review and conclusion ──────────────────────────────────────────────────────────────────────

export function fateOf(status: string, capturedBy: string | null): Fate {
  if (status === 'sunk' || status === 'sinking') return 'sunk'
  if (status === 'destroyed') return 'destroyed'
  if (status === 'struck' || status === 'surrendered' || status === 'captured' || capturedBy !== null) return 'captured'
  if (status === 'escaped') return 'escaped'
  return 'afloat' // active, or out of the battle having lost contact (Large Battles rule 3)
}

function campaignLostGuns(db: Db, shipId: number | undefined): Guns {
  if (shipId === undefined) return { ...GUNS_NONE }
  const row = stmt(db, `SELECT guns_lost FROM ship WHERE id = ?`).get(shipId) as { guns_lost: string } | undefined
  return { ...GUNS_NONE, ...(row ? (JSON.parse(row.guns_lost) as Partial<Guns>) : {}) }
}

/**
 * The campaign ship that took a captured participant: of the capturing side, the one grappled with her,
 * else the first. `anySide`: when no side is recorded as capturing her (she struck), any other side's.
 */
function captorShipOf(b: Battle, id: string, anySide = false): number | null {
  const st = b.state.participants[id]
  const by = st?.capturedBy
  const self = b.setup.participants.find((p) => p.id === id)
  if (!st || !self || (!by && !anySide)) return null
  const captors = b.setup.participants.filter((p) => (by ? p.side === by : p.side !== self.side) && p.shipId !== undefined && p.id !== id)
  // The ship that took her (the engine records it: her grapples are cut when she strikes).
  const taker = st.takenBy ? captors.find((p) => p.id === st.takenBy) : undefined
  if (taker) return taker.shipId ?? null
  const grappled = captors.find((p) => st.grappledWith.includes(p.id) || st.meleeWith.includes(p.id))
  return (grappled ?? captors[0])?.shipId ?? null
}

/** The default new owners of a captured ship (see battles.review). */
function defaultPrizeOwners(db: Db, b: Battle, id: string): { ownerId: number; share: number }[] {
  const captor = captorShipOf(b, id)
  if (captor === null) return []
  return shipOwners(db, captor).map((o) => ({ ownerId: o.ownerId, share: o.share }))
}

export function reviewBattle(db: Db, battleId: number): BattleReview {
  const b = loadBattle(db, battleId)
  const lines = b.setup.participants.map((p) => {
    const st = b.state.participants[p.id]!
    const before = campaignLostGuns(db, p.shipId)
    const gunsLost = Object.fromEntries(BATTERIES.map((k) => [k, before[k] + (st.gunsLost[k] ?? 0)])) as Guns
    const fate = fateOf(st.status, st.capturedBy)
    return {
      participantId: p.id,
      name: p.name,
      side: p.side,
      shipId: p.shipId ?? null,
      fate,
      hullDamage: Math.max(0, st.hullDamage),
      riggingDamage: Math.max(0, st.riggingDamage),
      gunsLost,
      // Hands left (what the ship's crew becomes): everyone aboard less her named officers.
      crewAfter: Math.max(0, st.crew - (p.shipId !== undefined ? p.officers : 0)),
      crewLost: Math.max(0, p.crew - st.crew),
      powderAfter: round3(Math.max(0, st.powderTons)),
      powderSpent: round3(Math.max(0, st.powderSpent)),
      rudderDamage: Math.max(0, st.rudderDamage ?? 0),
      prizeOwners: fate === 'captured' ? defaultPrizeOwners(db, b, p.id) : []
    }
  })
  return { battleId, lines, heroic: b.state.heroic }
}

type Line = z.output<typeof ReviewLine>

export interface Applied {
  participantId: string
  shipId: number | null
  text: string
}

function ownerName(db: Db, ownerId: number, field: string): string {
  const r = stmt(db, `SELECT name FROM owner WHERE id = ?`).get(ownerId) as { name: string } | undefined
  if (!r) throw new CommandError('not_found', `${field}: there is no owner with id ${ownerId}.`, { field })
  return ownerId === WORLD_OWNER_ID ? 'the outside world' : r.name
}

function setOwners(db: Db, shipId: number, owners: { ownerId: number; share: number }[]): void {
  stmt(db, `DELETE FROM ship_owner WHERE ship_id = ?`).run(shipId)
  const add = stmt(db, `INSERT INTO ship_owner (ship_id, owner_id, share) VALUES (?, ?, ?)`)
  for (const o of owners) add.run(shipId, o.ownerId, o.share)
}

export function concludeBattle(db: Db, input: { battleId: number; lines: Line[] }): { battleId: number; applied: Applied[]; name: string; winner: string | null } {
  const b = loadBattle(db, input.battleId)
  requireActive(b, 'concluding it again')
  const name = b.row.name
  const today = currentDay(db)

  // Check every line before writing anything.
  const seen = new Set<string>()
  const checked = input.lines.map((line, i) => {
    const field = `lines.${i}`
    const p = participant(b, line.participantId, `${field}.participantId`)
    if (seen.has(p.id)) throw new CommandError('invalid_input', `${field}.participantId: the ${p.name} has two lines.`, { field: `${field}.participantId` })
    seen.add(p.id)
    if ((p.shipId ?? null) !== line.shipId) {
      throw new CommandError(
        'invalid_input',
        p.shipId === undefined
          ? `${field}.shipId: the ${p.name} is not a campaign ship (null).`
          : `${field}.shipId: the ${p.name} is campaign ship ${p.shipId}; a line writes back to its own ship only.`,
        { field: `${field}.shipId`, issues: [{ field: `${field}.shipId`, message: 'not this participant’s ship' }] }
      )
    }
    if (line.prizeOwners.length) {
      const total = line.prizeOwners.reduce((n, o) => n + o.share, 0)
      if (total !== 100) {
        throw new CommandError('invalid_input', `${field}.prizeOwners: shares must add up to 100% (they add up to ${total}%).`, {
          field: `${field}.prizeOwners`,
          issues: [{ field: `${field}.prizeOwners`, message: 'shares must add up to 100%' }]
        })
      }
      if (new Set(line.prizeOwners.map((o) => o.ownerId)).size !== line.prizeOwners.length) {
        throw new CommandError('invalid_input', `${field}.prizeOwners: each owner may appear once.`, { field: `${field}.prizeOwners` })
      }
      line.prizeOwners.forEach((o, k) => ownerName(db, o.ownerId, `${field}.prizeOwners.${k}.ownerId`))
    }
    if (line.fate === 'captured' && p.kind === 'ship' && p.shipId === undefined && line.prizeOwners.length === 0) {
      const by = b.state.participants[p.id]?.capturedBy
      const captorsInCampaign = b.setup.participants.some((x) => x.shipId !== undefined && (by ? x.side === by : x.side !== p.side))
      if (captorsInCampaign) {
        throw new CommandError('rule', `The ${p.name} was captured: name the owners she passes to as a prize (${field}.prizeOwners).`, {
          field: `${field}.prizeOwners`
        })
      }
    }
    return { line, p }
  })
  // The limits the engine knows (src/shared/highseas/review.ts), every problem with its field.
  const problems = reviewProblems(b.setup, input.lines)
  if (problems.length) {
    const first = problems[0]!
    const who = theShip(participant(b, input.lines[first.line]!.participantId).name)
    throw new CommandError('invalid_input', `${who.charAt(0).toUpperCase()}${who.slice(1)}: ${first.message}`, { field: first.field, issues: problems.map((x) => ({ field: x.field, message: x.message })) })
  }
  const missing = b.setup.participants.filter((p) => p.shipId !== undefined && !seen.has(p.id))
  if (missing.length) {
    throw new CommandError('invalid_input', `lines: give a line for every campaign ship (${listing(missing.map((p) => `the ${p.name}`))} ${missing.length === 1 ? 'has' : 'have'} none).`, {
      field: 'lines'
    })
  }

  const applied: Applied[] = []
  for (const { line, p } of checked) {
    const st = b.state.participants[p.id]
    const captorSide = st?.capturedBy ?? null
    if (p.shipId !== undefined) {
      const row = requireShip(db, p.shipId)
      const design = JSON.parse(row.design) as ShipDesign
      const q = quoteFor(db, design)
      const hull = Math.min(line.hullDamage, q.derived.hull)
      const rigging = Math.min(line.riggingDamage, q.derived.rigging)
      const lostBefore = { ...GUNS_NONE, ...(JSON.parse(row.guns_lost) as Partial<Guns>) }
      const gunsLost = Object.fromEntries(BATTERIES.map((k) => [k, Math.min(line.gunsLost[k], design.guns[k])])) as Guns
      const gunsDelta = BATTERIES.reduce((n, k) => n + gunsLost[k] - lostBefore[k], 0)
      // Hard Turns' rudder damage lasts "permanently, until the rudder is repaired in port" (seed 003 IV).
      const rudder = line.rudderDamage ?? Math.max(0, st?.rudderDamage ?? rudderDamageOf(db, row.id))
      stmt(db, `UPDATE ship SET hull_damage = ?, rigging_damage = ?, guns_lost = ?, crew = ?, powder_tons = ?, rudder_damage = ? WHERE id = ?`).run(
        hull,
        rigging,
        JSON.stringify(gunsLost),
        line.crewAfter,
        round3(line.powderAfter),
        rudder,
        row.id
      )
      // Marines lost come off the company's marines (never more marines than hands).
      const marinesLeft = Math.min(st?.marines ?? p.marines, line.crewAfter)
      stmt(db, `UPDATE ship_company SET marines = ? WHERE ship_id = ? AND marines > ?`).run(marinesLeft, row.id, marinesLeft)
      const texts: string[] = []
      const fought =
        `Fought the ${name}: ${fmt(Math.max(0, hull - row.hull_damage))} hull, ${fmt(Math.max(0, rigging - row.rigging_damage))} rigging damage, ` +
        `${plural(Math.max(0, gunsDelta), 'gun')} and ${fmt(line.crewLost)} crew lost, ${tons(line.powderSpent)} t powder spent`
      addShipEvent(db, row.id, today, fought)
      texts.push(fought)
      if (line.fate === 'sunk' || line.fate === 'destroyed') {
        stmt(db, `UPDATE ship SET status = 'sunk' WHERE id = ?`).run(row.id)
        const t = `Sunk in the ${name}`
        addShipEvent(db, row.id, today, t)
        texts.push(t)
      } else if (line.fate === 'captured') {
        const owners = line.prizeOwners.length ? line.prizeOwners : [{ ownerId: WORLD_OWNER_ID, share: 100 }]
        setOwners(db, row.id, owners)
        const captorId = captorShipOf(b, p.id, true)
        recordCaptor(db, row.id, captorId, b.row.id) // whose booty she is now (seed 003 VII); none: cleared
        const who = listing(owners.map((o) => (owners.length > 1 ? `${ownerName(db, o.ownerId, 'owner')} (${o.share}%)` : ownerName(db, o.ownerId, 'owner'))))
        const t = `Captured in the ${name}${captorSide ? ` by the ${captorSide} side` : ''}: she now belongs to ${who}`
        addShipEvent(db, row.id, today, t)
        texts.push(t)
      }
      applied.push({ participantId: p.id, shipId: row.id, text: texts.join('. ') })
    } else if (p.kind === 'ship' && line.fate === 'captured' && line.prizeOwners.length) {
      const design = b.designs[p.id]
      if (!design) throw new Error(`Battle ${b.row.id} has no design for ${p.id}`)
      const q = quoteFor(db, design)
      const gunsLost = Object.fromEntries(BATTERIES.map((k) => [k, Math.min(line.gunsLost[k], design.guns[k])])) as Guns
      const shipId = Number(
        stmt(
          db,
          `INSERT INTO ship (name, design, status, origin, cost, hull_damage, rigging_damage, guns_lost, crew, powder_tons)
           VALUES (?, ?, 'sea', 'prize', 0, ?, ?, ?, ?, ?)`
        ).run(
          p.name,
          JSON.stringify(design),
          Math.min(line.hullDamage, q.derived.hull),
          Math.min(line.riggingDamage, q.derived.rigging),
          JSON.stringify(gunsLost),
          line.crewAfter,
          round3(line.powderAfter)
        ).lastInsertRowid
      )
      setOwners(db, shipId, line.prizeOwners)
      const captorId = captorShipOf(b, p.id, true)
      if (captorId !== null) recordCaptor(db, shipId, captorId, b.row.id) // whose booty she is (seed 003 VII)
      const who = listing(
        line.prizeOwners.map((o) => (line.prizeOwners.length > 1 ? `${ownerName(db, o.ownerId, 'owner')} (${o.share}%)` : ownerName(db, o.ownerId, 'owner')))
      )
      const t = `Taken as a prize in the ${name}, by ${who}`
      addShipEvent(db, shipId, today, t)
      applied.push({ participantId: p.id, shipId, text: t })
    } else {
      const word: Record<Fate, string> = { afloat: 'still afloat', escaped: 'escaped', sunk: 'sunk', captured: 'captured', destroyed: 'destroyed' }
      applied.push({ participantId: p.id, shipId: null, text: `The ${p.name}: ${word[line.fate]}` })
    }
  }

  stmt(db, `UPDATE battle SET status = 'concluded', concluded_day = ?, result = ?, pending = ? WHERE id = ?`).run(
    today,
    JSON.stringify({ lines: input.lines, applied, winner: b.state.winner }),
    JSON.stringify(NO_PENDING()),
    b.row.id
  )
  voyageBattleConcluded(db, b.row.id) // a voyage's battle: the voyage takes its results (issue 7)
  return { battleId: b.row.id, applied, name, winner: b.state.winner }
}

/** One line for the journal: what concluding the battle did to the campaign. */
export function describeConclusion(db: Db, out: { name: string; winner: string | null; applied: Applied[] }, lines: Line[]): string {
  const byId = new Map(lines.map((l) => [l.participantId, l]))
  const parts: string[] = []
  for (const a of out.applied) {
    const l = byId.get(a.participantId)
    if (!l || a.shipId === null) continue
    const nameOf = (stmt(db, `SELECT name FROM ship WHERE id = ?`).get(a.shipId) as { name: string } | undefined)?.name ?? l.name
    if (l.shipId === null) parts.push(`the ${nameOf} taken as a prize`)
    else if (l.fate === 'sunk' || l.fate === 'destroyed') parts.push(`the ${nameOf} sunk`)
    else if (l.fate === 'captured') parts.push(`the ${nameOf} captured`)
    else parts.push(`the ${nameOf} damaged (${l.hullDamage} hull, ${l.riggingDamage} rigging)`)
  }
  const won = out.winner ? `, won by ${sideName(out.winner)}` : ''
  return `Concluded the ${out.name}${won}${parts.length ? ': ' + listing(parts) : ''}`
}

// ─── The rudder, repaired in port ───────────────────────────────────────────────────────────────

/**
 * Mend a rudder strained by Hard Turns (seed 003 IV: "until the rudder is repaired in port"): only in
 * a friendly port, by the yard, at the yard's price per point (the Ship repairs table's port cost per
 * point, one point per point of Handling lost — a reading: the seed names no price). Charged to her
 * owners like other yard work.
 */
export function repairRudder(db: Db, input: { shipId: number }, allowDebt: boolean, command = 'ships.repairRudder') {
  const row = requireShip(db, input.shipId)
  const lost = rudderDamageOf(db, row.id)
  if (lost === 0) throw new CommandError('rule', `The ${row.name}'s rudder is sound: there is nothing to mend.`, { field: 'shipId' })
  if (row.status !== 'port' && row.status !== 'sea') throw new CommandError('rule', `The ${row.name} is ${STATUS_WORDS[row.status] ?? row.status}: her rudder cannot be mended.`)
  const place = requireFriendlyPort(db, row as unknown as Parameters<typeof requireFriendlyPort>[1], companyOf(db, row.id), 'have her rudder mended')
  const price = getRule(db, 'shipRepairs').portCostPerPoint
  const cost = lost * price
  const paid = chargeOwners(db, row.id, cost, {
    memo: `Rudder of the ${row.name} mended in ${place.portName ?? 'port'}: ${plural(lost, 'point')} × ${price}`,
    command,
    mode: 'refuse',
    allowDebt,
    what: 'mending the rudder'
  })
  stmt(db, `UPDATE ship SET rudder_damage = 0 WHERE id = ?`).run(row.id)
  addShipEvent(db, row.id, currentDay(db), `Rudder mended in ${place.portName ?? 'port'} (Handling +${lost} back) for ${fmt(cost)}`)
  return { shipId: row.id, name: row.name, mended: lost, cost, charged: paid.charged, port: place.portName }
}

// ─── Removing ───────────────────────────────────────────────────────────────────────────────────

export function removeBattle(db: Db, battleId: number): { battleId: number; name: string } {
  const b = loadBattle(db, battleId)
  if (b.row.status !== 'active') {
    throw new CommandError('rule', `The ${b.row.name} is concluded and written to the campaign: it stays in the records (undo the conclusion first).`)
  }
  stmt(db, `DELETE FROM battle_turn WHERE battle_id = ?`).run(battleId)
  stmt(db, `DELETE FROM battle WHERE id = ?`).run(battleId)
  return { battleId, name: b.row.name }
}
