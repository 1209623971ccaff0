import type { BattleSummary, BattleView } from '../../shared/commands/battles'
import { dateOf } from '../../shared/calendar'
import { CommandError } from '../../shared/errors'
import type { DiceBox, DiceMode } from '../../shared/dice/roll'
import { aiOrders } from '../../shared/highseas/ai'
import type { HighSeasRules } from '../../shared/highseas/tables'
import { battleOver, checkOrders, startBattle } from '../../shared/highseas/engine'
import { BattleSetup, type BattleState, type Control, type HeroicAction, type MeleeResult, type Range, type ShipOrders, type TurnOrders, type TurnReport, type Weather } from '../../shared/highseas/types'
import { stmt, type Db } from '../campaign/sqlite'
import { calendarOf, currentDay, labelOf } from '../campaign-core/clock-state'
import { chargeOwners } from '../theah/upkeep'
import { companyOf, requireFriendlyPort } from '../theah/ship-state'
import { getRule } from '../campaign-core/rules'
import { addShipEvent, requireShip } from '../theah/shipyard'
import { registerBattleStarter } from '../campaign-core/battle-seam'
import { sideName } from '../../shared/words'
import { STATUS_WORDS, buildParticipants, captainOf, rudderDamageOf } from './participants'
import { type Battle, NO_PENDING, type ParticipantInput, fmt, loadBattle, participant, plural, requireActive, requireRow, theBattle } from './rows'
import { HIGH_SEAS_STEPPED } from './high-seas'
import { resolveNextStep, summaryOf, writePending } from './stepped'

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
 *
 * Beside this module: participants.ts builds the participants from campaign ships (or generated ones),
 * review.ts proposes and applies the write-back, rows.ts reads and keeps the stored battle.
 */

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
  const cal = calendarOf(db)
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
  return insertHighSeasBattle(db, setup, designs)
}

/** A High Seas battle stored from its whole setup (the campaign's rules already in it), started today. */
export function insertHighSeasBattle(db: Db, setup: BattleSetup, designs: Record<string, unknown>): { battleId: number } {
  const state = startBattle(setup)
  const id = Number(
    stmt(
      db,
      `INSERT INTO battle (name, status, started_day, setup, state, pending, designs) VALUES (?, 'active', ?, ?, ?, ?, ?)`
    ).run(setup.name, currentDay(db), JSON.stringify(setup), JSON.stringify(state), JSON.stringify(NO_PENDING()), JSON.stringify(designs)).lastInsertRowid
  )
  return { battleId: id }
}

// A voyage's encounter fought on the board: a battle started for the voyage, through the battle seam.
registerBattleStarter((db, r, dice) => beginBattle(db, { name: r.name, participants: r.participants, range: r.range, weather: r.weather }, dice))

// ─── Reading ────────────────────────────────────────────────────────────────────────────────────

/** A High Seas battle's line in the list: the generic summary (./stepped.ts), its sides by the names to show. */
const summaryOfBattle = (b: Battle, label: (day: number) => string): BattleSummary => summaryOf(HIGH_SEAS_STEPPED, b.row, b.setup, b.state, label)

export function battleSummary(db: Db, battleId: number): BattleSummary {
  return summaryOfBattle(loadBattle(db, battleId), labelOf(db))
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
    ...summaryOfBattle(b, labelOf(db)),
    ruleset: 'highSeas',
    setup: b.setup,
    state: b.state,
    turns: turnsOf(db, battleId).map((t) => t.report),
    pending: b.pending,
    aiPreview,
    step: HIGH_SEAS_STEPPED.ruleset.step(b.setup, b.state),
    outcome: HIGH_SEAS_STEPPED.ruleset.outcome(b.setup, b.state)
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
  writePending(db, b.row.id, b.pending)
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
    writePending(db, b.row.id, b.pending)
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
  writePending(db, b.row.id, b.pending)
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
  writePending(db, b.row.id, b.pending)
  return { pending: b.pending, text: `${input.action.hero} aboard the ${p.name}`, battle: b.row.name }
}

// ─── Resolving a turn ───────────────────────────────────────────────────────────────────────────

/**
 * `battles.resolveTurn`: the generic step (./stepped.ts, one step = one turn) with High Seas' words —
 * a concluded or decided battle refused as it always was, a short hand of typed faces the door's
 * `needs_dice`. The turn is stored in `battle_turn` with the orders it followed (AI ships' filled in).
 */
export function resolveNextTurn(db: Db, input: { battleId: number; dice?: number[] }, mode: DiceMode, command: string) {
  const b = loadBattle(db, input.battleId)
  requireActive(b, 'resolving a turn')
  if (battleOver(b.state)) {
    throw new CommandError('rule', `The ${b.row.name} is over${b.state.winner ? ` (${sideName(b.state.winner)} is left fighting)` : ''}: conclude it to write its outcome to the campaign.`)
  }
  const out = resolveNextStep(db, HIGH_SEAS_STEPPED, input.battleId, input.dice, mode, command, { unit: 'turn', shortHand: 'raise' })
  return { report: out.report as TurnReport, state: out.state as BattleState, name: b.row.name }
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
  // Any ruleset: the battle row with its turns (High Seas) or its steps (a stepped ruleset).
  const row = requireRow(db, battleId)
  if (row.status !== 'active') {
    throw new CommandError('rule', `${theBattle(row.name, true)} is concluded and written to the campaign: it stays in the records (undo the conclusion first).`)
  }
  stmt(db, `DELETE FROM battle_turn WHERE battle_id = ?`).run(battleId)
  stmt(db, `DELETE FROM battle_step WHERE battle_id = ?`).run(battleId)
  stmt(db, `DELETE FROM battle WHERE id = ?`).run(battleId)
  return { battleId, name: row.name }
}
