import type { OrderProblem, StepInfo, Term } from '../battle/ruleset'
import type { DiceSpec } from '../dice/notation'
import { seedState } from '../dice/rng'
import type { DiceSource } from '../highseas/dice'
import { pipDistance, POINT_NAMES, relativePoint, type Pip } from './board'
import { bears, damagedRows, deckHit, drift, hitLocation, hullHit, mastFalls, repairableRows, sinks } from './cannon-fire'
import { buildDeck } from './maneuver-deck'
import { playCard } from './maneuvers'
import { melee, strikes } from './melee'
import { cannonMoveProblem, capacity, defaultPlacement, gridOf, inGrid, isDiagonal, outerSide, pathProblem, sameCell, sideCol, squareAt, stepProblem, upLadder, type Cell, type Grid, type Side, type UnitKind } from './ship-deck'
import { CARD_NAMES, OFFICER_NAMES, type Card, type Officer, type Template } from './tables'
import type { BroadsidesEvent, BroadsidesOrders, BroadsidesOutcome, BroadsidesReport, BroadsidesSetup, BroadsidesState, Place, ShipState, Shot, Unit } from './types'
import { openingWind, shiftWind } from './wind'

/**
 * The Broadsides & Boarding Parties duel (seed 001; rules guide §5) as a game engine: `(state, dice,
 * orders) → state + report`, the input never mutated, the generator's state saved in the state.
 *
 * A turn: the wind (a die), each ship's crew step (crew and cannon moved, seed 001 Crew), then three
 * rounds of cards (seed 001 Maneuver Decks): the first ship's card, the second's, then an exchange of
 * fire when they are within 2 pips (seed 001 Ship Combat). A collision aligns them side by side for a
 * final broadside, then the boarding action alternates (seed 001 Boarding Action) until one side strikes
 * (rules guide §5) or is wiped out. The battle ends when a ship sinks, strikes or loses every unit.
 */

export const D6: DiceSpec = { kind: 'sum', count: 1, sides: 6, explode: false, modifier: 0 }

export interface Pre {
  setup: BroadsidesSetup
  grids: Record<string, Grid>
  templates: Record<string, Template>
  names: Record<string, string>
}

const preCache = new WeakMap<BroadsidesSetup, Pre>()
export function prep(setup: BroadsidesSetup): Pre {
  const hit = preCache.get(setup)
  if (hit) return hit
  const grids: Record<string, Grid> = {}
  const templates: Record<string, Template> = {}
  const names: Record<string, string> = {}
  for (const s of setup.ships) {
    const t = setup.rules.ships[s.class]
    if (!t) throw new Error(`no ship class "${s.class}"`)
    templates[s.id] = t
    grids[s.id] = gridOf(t)
    names[s.id] = s.name
  }
  const pre = { setup, grids, templates, names }
  preCache.set(setup, pre)
  return pre
}

export const other = (st: BroadsidesState, id: string): string => (st.order[0] === id ? st.order[1] : st.order[0])
export const unitsAt = (st: BroadsidesState, ship: string, c: Cell): Unit[] => st.units.filter((u) => u.ship === ship && u.row === c.row && u.col === c.col)
export const cannonAt = (s: ShipState, c: Cell) => s.cannon.find((k) => k.row === c.row && k.col === c.col) ?? null
export const aliveOfficer = (st: BroadsidesState, side: string, k: Officer): Unit | null => st.units.find((u) => u.side === side && u.kind === k) ?? null
export const mastAt = (s: ShipState, c: Cell) => s.masts.find((m) => m.row === c.row && m.col === c.col) ?? null
/** Units a square holds: fewer on a mast or cannon square (seed 001 Boarding Action). */
export function roomAt(pre: Pre, st: BroadsidesState, ship: string, c: Cell): number {
  const g = pre.grids[ship]!
  return capacity(pre.setup.rules.melee, squareAt(g, c).kind === 'mast' || cannonAt(st.ships[ship]!, c) !== null)
}
const where = (c: Cell) => `row ${c.row + 1}, square ${c.col + 1}`
const unitName = (k: UnitKind) => (k === 'crew' ? 'a crewman' : `the ${OFFICER_NAMES[k]}`)

// ─── Start ────────────────────────────────────────────────────────────────────────────────────────

export function startBattle(setup: BroadsidesSetup, seed: number = setup.seed): BroadsidesState {
  const pre = prep(setup)
  const ships: Record<string, ShipState> = {}
  const units: Unit[] = []
  for (const s of setup.ships) {
    const t = pre.templates[s.id]!
    const g = pre.grids[s.id]!
    ships[s.id] = {
      id: s.id,
      status: 'afloat',
      at: { ...s.at },
      heading: s.heading,
      speed: setup.rules.board.startSpeed,
      hull: { port: g.squares.map(() => 0), starboard: g.squares.map(() => 0) },
      masts: g.masts.map((m) => ({ ...m, hits: 0, strength: t.mastHits[m.name], down: false })),
      cannon: g.cannon.map((c, i) => ({ id: `${s.id}-gun${i + 1}`, row: c.row, col: c.col })),
      deck: [],
      played: [],
      deckTerms: [],
      captainUsed: false,
      firstMateUsed: false
    }
    const placement = s.placement ?? defaultPlacement(g, setup.rules.melee, s.crew ?? t.crew, s.officers)
    let n = 0
    for (const p of placement) {
      const id = p.kind === 'crew' ? `${s.id}-crew${++n}` : `${s.id}-${p.kind}`
      units.push({ id, side: s.id, kind: p.kind, ship: s.id, row: p.row, col: p.col })
    }
  }
  return {
    turn: 1,
    phase: 'wind',
    round: 1,
    index: 0,
    order: [setup.ships[0]!.id, setup.ships[1]!.id],
    wind: null,
    ships,
    units,
    final: false,
    boarding: null,
    steps: 0,
    rng: seedState(seed),
    outcome: null
  }
}

export function cloneState(s: BroadsidesState): BroadsidesState {
  const ships: Record<string, ShipState> = {}
  for (const [k, v] of Object.entries(s.ships)) {
    ships[k] = {
      ...v,
      at: { ...v.at },
      hull: { port: [...v.hull.port], starboard: [...v.hull.starboard] },
      masts: v.masts.map((m) => ({ ...m })),
      cannon: v.cannon.map((c) => ({ ...c })),
      deck: [...v.deck],
      played: [...v.played],
      deckTerms: v.deckTerms.map((t) => ({ ...t }))
    }
  }
  return {
    ...s,
    order: [...s.order] as [string, string],
    ships,
    units: s.units.map((u) => ({ ...u })),
    boarding: s.boarding ? { ...s.boarding, touch: { ...s.boarding.touch } } : null,
    rng: [...s.rng],
    outcome: s.outcome ? { ...s.outcome } : null
  }
}

// ─── What the next step is ────────────────────────────────────────────────────────────────────────

export function stepSide(st: BroadsidesState): string | null {
  if (st.phase === 'crew' || st.phase === 'card') return st.order[st.index]!
  if (st.phase === 'boarding') return st.boarding!.next
  return null
}

export function stepInfo(setup: BroadsidesSetup, st: BroadsidesState): StepInfo {
  const pre = prep(setup)
  const side = stepSide(st)
  const who = side ? pre.names[side]! : ''
  const label =
    st.phase === 'wind'
      ? `Turn ${st.turn} — the wind`
      : st.phase === 'crew'
        ? `Turn ${st.turn} — the ${who}: crew and cannon move`
        : st.phase === 'card'
          ? `Turn ${st.turn}, card ${st.round} — the ${who}`
          : st.phase === 'fire'
            ? st.final
              ? `Turn ${st.turn} — the final broadside`
              : `Turn ${st.turn}, card ${st.round} — cannon fire`
            : `Boarding, round ${Math.floor(st.boarding!.rounds / 2) + 1} — the ${who}`
  return { turn: st.turn, phase: st.phase, label, side, diceOnly: st.phase === 'wind' }
}

// ─── Fire: who bears ──────────────────────────────────────────────────────────────────────────────

export const shipsInRange = (setup: BroadsidesSetup, st: BroadsidesState): boolean =>
  pipDistance(st.ships[st.order[0]]!.at, st.ships[st.order[1]]!.at) <= setup.rules.board.fireRange

/** The cannon of a ship that may fire now at the enemy: crewed, on an outer square, bearing (or on the touching side in the final broadside). */
export function cannonThatBear(pre: Pre, st: BroadsidesState, shipId: string): { id: string; row: number; col: number; side: Side }[] {
  const s = st.ships[shipId]!
  const t = st.ships[other(st, shipId)]!
  const g = pre.grids[shipId]!
  const rules = pre.setup.rules
  const rel = st.final ? null : relativePoint(s.at, s.heading, t.at)
  const out: { id: string; row: number; col: number; side: Side }[] = []
  for (const k of s.cannon) {
    const side = outerSide(g, k)
    if (!side) continue
    if (unitsAt(st, shipId, k).filter((u) => u.side === shipId).length < rules.arcs.gunCrew) continue
    if (st.final) {
      if (st.boarding?.touch[shipId] !== side) continue
    } else if (rel === null || !bears(rules.arcs, squareAt(g, k).deck, side, rel)) continue
    out.push({ ...k, side })
  }
  return out
}

/** The side of the target the shot comes from (reading: dead ahead counts as starboard, dead astern as port). */
export function sideFacing(st: BroadsidesState, target: string): Side {
  if (st.final && st.boarding) return st.boarding.touch[target]!
  const t = st.ships[target]!
  const rel = relativePoint(t.at, t.heading, st.ships[other(st, target)]!.at) ?? 0
  return rel <= 3 ? 'starboard' : 'port'
}

// ─── Checking orders ──────────────────────────────────────────────────────────────────────────────

export class IllegalOrders extends Error {
  constructor(readonly problems: OrderProblem[]) {
    super(problems.map((p) => `${p.path.join('.')}: ${p.message}`).join('; '))
  }
}

const EMPTY_KEYS = ['crew', 'cannon', 'shots', 'boarding'] as const
function onlyFor(orders: BroadsidesOrders, phase: BroadsidesState['phase'], problems: OrderProblem[]) {
  const allowed: Record<BroadsidesState['phase'], string[]> = { wind: [], crew: ['crew', 'cannon'], card: [], fire: ['shots'], boarding: ['boarding'] }
  for (const k of EMPTY_KEYS) if (orders[k].length && !allowed[phase].includes(k)) problems.push({ path: [k], message: `not now: this step is ${PHASE_WORDS[phase]}` })
  if (phase !== 'card') {
    for (const k of ['card', 'redraw', 'newCard', 'reefSide', 'repair', 'redrawOn'] as const) if (orders[k] !== null) problems.push({ path: [k], message: `not now: this step is ${PHASE_WORDS[phase]}` })
  }
}
const PHASE_WORDS: Record<BroadsidesState['phase'], string> = { wind: 'the wind', crew: 'moving crew', card: 'a card', fire: 'cannon fire', boarding: 'boarding' }

function checkCrew(pre: Pre, st: BroadsidesState, side: string, orders: BroadsidesOrders, problems: OrderProblem[]): void {
  const g = pre.grids[side]!
  const ship = st.ships[side]!
  const moved = new Set<string>()
  const pos = new Map(st.units.filter((u) => u.ship === side).map((u) => [u.id, { row: u.row, col: u.col }]))
  const cannonPos = new Map(ship.cannon.map((c) => [c.id, { row: c.row, col: c.col }]))
  const countAt = (c: Cell) => {
    let n = 0
    for (const p of pos.values()) if (sameCell(p, c)) n++
    return n
  }
  const cannonHere = (c: Cell) => [...cannonPos.values()].some((p) => sameCell(p, c))
  const room = (c: Cell) => capacity(pre.setup.rules.melee, squareAt(g, c).kind === 'mast' || cannonHere(c))
  orders.cannon.forEach((m, i) => {
    const from = cannonPos.get(m.cannon)
    if (!from) return problems.push({ path: ['cannon', i, 'cannon'], message: 'not one of her cannon' })
    if ([...moved].some((id) => id === m.cannon)) return problems.push({ path: ['cannon', i, 'cannon'], message: 'each cannon moves once' })
    const p = cannonMoveProblem(g, from, m.to)
    if (p) return problems.push({ path: ['cannon', i, 'to'], message: p })
    if (cannonHere(m.to) || countAt(m.to) > 0) return problems.push({ path: ['cannon', i, 'to'], message: 'a cannon moves onto an empty square' })
    const crew = st.units.filter((u) => u.ship === side && u.side === side && sameCell(pos.get(u.id)!, from) && !moved.has(u.id))
    if (crew.length < 2) return problems.push({ path: ['cannon', i, 'cannon'], message: 'a cannon moves with its two crew on her square' })
    const two = [...crew].sort((a, b) => (a.kind === 'crew' ? 0 : 1) - (b.kind === 'crew' ? 0 : 1)).slice(0, 2)
    moved.add(m.cannon)
    cannonPos.set(m.cannon, { ...m.to })
    for (const u of two) {
      moved.add(u.id)
      pos.set(u.id, { ...m.to })
    }
  })
  orders.crew.forEach((m, i) => {
    const u = st.units.find((x) => x.id === m.unit)
    if (!u || u.side !== side || u.ship !== side) return problems.push({ path: ['crew', i, 'unit'], message: 'not one of her crew aboard' })
    if (moved.has(u.id)) return problems.push({ path: ['crew', i, 'unit'], message: 'each unit moves once a turn (one moved with her cannon counts)' })
    const from = pos.get(u.id)!
    const p = pathProblem(g, from, m.path)
    if (p) return problems.push({ path: ['crew', i, 'path'], message: p })
    const to = m.path[m.path.length - 1]!
    if (countAt(to) + 1 > room(to)) return problems.push({ path: ['crew', i, 'path'], message: `at most ${room(to)} units on ${where(to)}` })
    moved.add(u.id)
    pos.set(u.id, { ...to })
  })
}

function checkCard(pre: Pre, st: BroadsidesState, side: string, orders: BroadsidesOrders, problems: OrderProblem[]): void {
  const ship = st.ships[side]!
  const officers = pre.setup.rules.officers
  if (orders.card !== null) {
    if (ship.deck.length === 0) problems.push({ path: ['card'], message: 'her deck is empty: this play is an Anchor' })
    else if (!ship.deck.includes(orders.card)) problems.push({ path: ['card'], message: `no ${CARD_NAMES[orders.card]} card is left in her deck (${deckWords(ship.deck)})` })
  }
  if (orders.redraw === 'captain') {
    if (!officers.captainRedraw) problems.push({ path: ['redraw'], message: 'the Captain’s redraw is switched off in the officers table' })
    else if (!aliveOfficer(st, side, 'captain')) problems.push({ path: ['redraw'], message: 'she has no Captain left' })
    else if (ship.captainUsed) problems.push({ path: ['redraw'], message: 'the Captain has redrawn once this turn already' })
  }
  if (orders.redraw === 'firstMate') {
    if (!officers.firstMateReshuffle) problems.push({ path: ['redraw'], message: 'the First Mate’s reshuffle is switched off in the officers table' })
    else if (!aliveOfficer(st, side, 'firstMate')) problems.push({ path: ['redraw'], message: 'she has no First Mate left' })
    else if (ship.firstMateUsed) problems.push({ path: ['redraw'], message: 'the First Mate has reshuffled once this turn already' })
  }
  if (orders.redraw === null && (orders.newCard !== null || orders.redrawOn !== null)) problems.push({ path: [orders.newCard !== null ? 'newCard' : 'redrawOn'], message: 'give the redraw (Captain or First Mate) first' })
  else if (orders.newCard !== null) {
    // The card drawn after a redraw is typed only with the card drawn first: then the deck it comes from is known.
    if (orders.card === null) problems.push({ path: ['newCard'], message: 'type the card drawn first too: the new card is drawn from what it left' })
    else if (orders.card === 'damage' || (orders.redrawOn !== null && !orders.redrawOn.includes(orders.card))) problems.push({ path: ['newCard'], message: `no redraw is made on ${CARD_NAMES[orders.card]}` })
    else {
      const left = [...ship.deck]
      if (orders.redraw === 'captain') left.splice(left.indexOf(orders.card), 1)
      if (!left.includes(orders.newCard)) problems.push({ path: ['newCard'], message: `no ${CARD_NAMES[orders.newCard]} card is left to draw (${deckWords(left)})` })
    }
  }
  if (orders.repair !== null && orders.repair !== 'none') {
    const b = aliveOfficer(st, side, 'boatswain')
    if (!b || b.ship !== side) problems.push({ path: ['repair'], message: 'she has no Boatswain aboard' })
    else if (!repairable(pre, st, side).some((r) => r.side === (orders.repair as { side: Side }).side && r.row === (orders.repair as { row: number }).row))
      problems.push({ path: ['repair'], message: 'the Boatswain may repair only an unstacked hull token by a row of his deck' })
  }
}

export function deckWords(deck: readonly Card[]): string {
  if (!deck.length) return 'none'
  const n = new Map<Card, number>()
  for (const c of deck) n.set(c, (n.get(c) ?? 0) + 1)
  return [...n.entries()].map(([c, k]) => `${k} ${CARD_NAMES[c]}`).join(', ')
}

/** The hull tokens her Boatswain may repair (unstacked, by a row of the deck he stands on). */
export function repairable(pre: Pre, st: BroadsidesState, side: string): { side: Side; row: number }[] {
  const b = aliveOfficer(st, side, 'boatswain')
  if (!b || b.ship !== side || pre.setup.rules.officers.boatswainRepairs === 0) return []
  const g = pre.grids[side]!
  const deck = squareAt(g, b).deck
  const s = st.ships[side]!
  const out: { side: Side; row: number }[] = []
  for (const hs of ['port', 'starboard'] as const) for (const row of repairableRows(s.hull[hs])) if (g.squares[row]![0]!.deck === deck) out.push({ side: hs, row })
  return out
}

function checkShots(pre: Pre, st: BroadsidesState, orders: BroadsidesOrders, problems: OrderProblem[]): void {
  const used = new Set<string>()
  const bearing = new Map(st.order.map((id) => [id, cannonThatBear(pre, st, id)]))
  orders.shots.forEach((s, i) => {
    const list = bearing.get(s.ship)
    if (!list) return problems.push({ path: ['shots', i, 'ship'], message: 'not a ship of this battle' })
    if (!st.ships[s.ship]!.cannon.some((c) => c.id === s.cannon)) return problems.push({ path: ['shots', i, 'cannon'], message: 'not one of her cannon' })
    if (!list.some((c) => c.id === s.cannon))
      return problems.push({ path: ['shots', i, 'cannon'], message: st.final ? 'only her crewed cannon on the side against the enemy fire the final broadside' : 'that cannon does not bear on the enemy (or has too few crew, or stands on a centre square)' })
    if (used.has(s.cannon)) return problems.push({ path: ['shots', i, 'cannon'], message: 'each cannon fires once after a card' })
    used.add(s.cannon)
    const target = other(st, s.ship)
    const g = pre.grids[target]!
    if (s.row >= g.rows) return problems.push({ path: ['shots', i, 'row'], message: `the enemy has rows 1 to ${g.rows}` })
    if (s.choice !== null && s.choice >= g.cols) return problems.push({ path: ['shots', i, 'choice'], message: `the enemy has squares 1 to ${g.cols} in a row` })
  })
}

/** A boarding step's moves, simulated without the melee (an attacked square is not entered). */
function checkBoarding(pre: Pre, st: BroadsidesState, side: string, orders: BroadsidesOrders, problems: OrderProblem[]): void {
  const moved = new Set<string>()
  const pos = new Map(st.units.map((u) => [u.id, { ship: u.ship, row: u.row, col: u.col }]))
  const byId = new Map(st.units.map((u) => [u.id, u]))
  orders.boarding.forEach((m, i) => {
    const us = m.units.map((id) => byId.get(id))
    const k = us.findIndex((u) => !u || u.side !== side)
    if (k >= 0) return problems.push({ path: ['boarding', i, 'units', k], message: 'not one of her units' })
    if (new Set(m.units).size !== m.units.length || m.units.some((id) => moved.has(id))) return problems.push({ path: ['boarding', i, 'units'], message: 'each unit moves once a step' })
    const from = pos.get(m.units[0]!)!
    if (m.units.some((id) => !samePlace(pos.get(id)!, from))) return problems.push({ path: ['boarding', i, 'units'], message: 'a group moves from one square' })
    const p = boardingPathProblem(pre, st, side, from, m.path, pos, byId)
    if (p) return problems.push({ path: ['boarding', i, 'path'], message: p })
    const to = m.path[m.path.length - 1]!
    const there = [...pos.entries()].filter(([, q]) => samePlace(q, to)).map(([id]) => byId.get(id)!)
    m.units.forEach((id) => moved.add(id))
    if (there.some((u) => u.side !== side)) return
    const room = roomAt(pre, st, to.ship, to)
    if (there.length + m.units.length > room) return problems.push({ path: ['boarding', i, 'path'], message: `at most ${room} units on that square` })
    m.units.forEach((id) => pos.set(id, { ...to }))
  })
}

export const samePlace = (a: Place, b: Place): boolean => a.ship === b.ship && a.row === b.row && a.col === b.col

/** One step in the boarding action: on a ship's deck as in the crew step, or across to the other ship's touching squares. */
export function boardingStepProblem(pre: Pre, st: BroadsidesState, from: Place, to: Place): string | null {
  if (!pre.grids[to.ship]) return 'not a ship of this battle'
  if (from.ship === to.ship) return stepProblem(pre.grids[from.ship]!, from, to)
  const b = st.boarding!
  const ga = pre.grids[from.ship]!
  const gb = pre.grids[to.ship]!
  if (!inGrid(gb, to)) return `${where(to)} is not on her deck`
  if (from.col !== sideCol(ga, b.touch[from.ship]!) || to.col !== sideCol(gb, b.touch[to.ship]!)) return 'the ships are boarded across their touching sides'
  if (Math.abs(from.row - to.row) > 1) return 'each move is to a neighbouring square'
  return null
}

export function boardingPathProblem(pre: Pre, st: BroadsidesState, side: string, from: Place, path: readonly Place[], pos?: Map<string, Place>, byId?: Map<string, Unit>): string | null {
  let at = from
  let diagonals = 0
  for (let i = 0; i < path.length; i++) {
    const c = path[i]!
    const p = boardingStepProblem(pre, st, at, c)
    if (p) return p
    if (isDiagonal(at, c)) diagonals++
    if (i < path.length - 1) {
      const foes = pos && byId ? [...pos.entries()].some(([id, q]) => samePlace(q, c) && byId.get(id)!.side !== side) : st.units.some((u) => u.side !== side && samePlace(u, c))
      if (foes) return 'a move may not pass through an enemy-held square'
    }
    at = c
  }
  if (diagonals > 1) return 'a move may include only one diagonal'
  return null
}

export function checkOrders(setup: BroadsidesSetup, st: BroadsidesState, orders: BroadsidesOrders): OrderProblem[] {
  const problems: OrderProblem[] = []
  if (st.outcome) return [{ path: [], message: 'the battle is over' }]
  const pre = prep(setup)
  onlyFor(orders, st.phase, problems)
  const side = stepSide(st)
  if (st.phase === 'crew') checkCrew(pre, st, side!, orders, problems)
  if (st.phase === 'card') checkCard(pre, st, side!, orders, problems)
  if (st.phase === 'fire') checkShots(pre, st, orders, problems)
  if (st.phase === 'boarding') checkBoarding(pre, st, side!, orders, problems)
  return problems
}

// ─── Resolving a step ─────────────────────────────────────────────────────────────────────────────

interface Ctx {
  pre: Pre
  st: BroadsidesState
  dice: DiceSource
  events: BroadsidesEvent[]
}

function roll(ctx: Ctx, purpose: string): { value: number; roll: BroadsidesEvent['rolls'][number] } {
  const r = ctx.dice.roll(D6, purpose)
  return { value: r.total, roll: { purpose, dice: [...r.dice], total: r.total, manual: r.manual } }
}
const event = (ctx: Ctx, kind: string, text: string, who: string[], rolls: BroadsidesEvent['rolls'] = [], terms: Term[] = []): void => {
  ctx.events.push({ kind, text, who, rolls, terms })
}

/** Draw one card at random from what is left (a d6, re-rolled above the number of cards). */
function drawCard(ctx: Ctx, ship: ShipState, typed: Card | null, why: string): { card: Card; rolls: BroadsidesEvent['rolls'] } {
  if (typed !== null) {
    ship.deck.splice(ship.deck.indexOf(typed), 1)
    return { card: typed, rolls: [] }
  }
  const rolls: BroadsidesEvent['rolls'] = []
  let i = 0
  if (ship.deck.length > 1) {
    for (;;) {
      const r = roll(ctx, `${why}: a card of ${ship.deck.length} (re-rolled above ${ship.deck.length})`)
      rolls.push(r.roll)
      if (r.value <= ship.deck.length) {
        i = r.value - 1
        break
      }
    }
  }
  const card = ship.deck.splice(i, 1)[0]!
  return { card, rolls }
}

function windStep(ctx: Ctx): void {
  const { st, pre } = ctx
  const r = roll(ctx, st.turn === 1 ? 'the opening wind' : 'the wind')
  if (st.wind === null) {
    const w = openingWind(st.order.map((id) => st.ships[id]!.heading), r.value)
    st.wind = w.direction
    event(ctx, 'wind', `The wind opens from the ${POINT_NAMES[w.direction]} (of the ${w.open.length} points blowing at neither ship).`, [], [r.roll])
  } else {
    const w = shiftWind(pre.setup.rules.wind, st.wind, r.value)
    st.wind = w.direction
    event(ctx, 'wind', `The wind ${w.shift < 0 ? 'backs' : w.shift > 0 ? 'veers' : 'holds'}: from the ${POINT_NAMES[w.direction]}.`, [], [r.roll], [{ label: 'points', value: w.shift }])
  }
  for (const id of st.order) {
    const s = st.ships[id]!
    const built = buildDeck(pre.setup.rules.deck, {
      speed: s.speed,
      mastsLost: s.masts.filter((m) => m.down).length,
      portRows: damagedRows(s.hull.port),
      starboardRows: damagedRows(s.hull.starboard)
    })
    s.deck = built.cards
    s.played = []
    s.deckTerms = built.terms
    s.captainUsed = false
    s.firstMateUsed = false
    event(ctx, 'deck', `The ${pre.names[id]}’s maneuver deck: ${deckWords(s.deck)}.`, [id], [], built.terms)
  }
}

function crewStep(ctx: Ctx, side: string, orders: BroadsidesOrders): void {
  const { st, pre } = ctx
  const ship = st.ships[side]!
  const moved = new Set<string>()
  for (const m of orders.cannon) {
    const k = ship.cannon.find((c) => c.id === m.cannon)!
    const from = { row: k.row, col: k.col }
    const two = unitsAt(st, side, from)
      .filter((u) => u.side === side && !moved.has(u.id))
      .sort((a, b) => (a.kind === 'crew' ? 0 : 1) - (b.kind === 'crew' ? 0 : 1))
      .slice(0, 2)
    k.row = m.to.row
    k.col = m.to.col
    for (const u of two) {
      u.row = m.to.row
      u.col = m.to.col
      moved.add(u.id)
    }
    event(ctx, 'cannon', `The ${pre.names[side]} moves a cannon and its crew from ${where(from)} to ${where(m.to)}.`, [side])
  }
  for (const m of orders.crew) {
    const u = st.units.find((x) => x.id === m.unit)!
    const to = m.path[m.path.length - 1]!
    u.row = to.row
    u.col = to.col
    moved.add(u.id)
  }
  if (orders.crew.length) event(ctx, 'crew', `The ${pre.names[side]} moves ${orders.crew.length} unit${orders.crew.length === 1 ? '' : 's'} on her deck.`, [side])
  if (!orders.crew.length && !orders.cannon.length) event(ctx, 'crew', `The ${pre.names[side]} keeps her crew where they stand.`, [side])
}

/** The bow-most rows of a side without a token, then with one (reef damage, reading). */
function reefRows(tokens: readonly number[], n: number): number[] {
  const out: number[] = []
  const t = [...tokens]
  for (let k = 0; k < n; k++) {
    let i = t.findIndex((x) => x === 0)
    if (i < 0) i = t.findIndex((x) => x === 1)
    if (i < 0) break
    t[i]!++
    out.push(i)
  }
  return out
}

function cardStep(ctx: Ctx, side: string, orders: BroadsidesOrders): boolean {
  const { st, pre } = ctx
  const rules = pre.setup.rules
  const ship = st.ships[side]!
  const name = pre.names[side]!
  let card: Card = 'anchor'
  const rolls: BroadsidesEvent['rolls'] = []
  if (ship.deck.length === 0) {
    event(ctx, 'card', `The ${name}’s deck is empty: the play is an Anchor.`, [side])
  } else {
    const d = drawCard(ctx, ship, orders.card, 'drawing a card')
    card = d.card
    rolls.push(...d.rolls)
    event(ctx, 'draw', `The ${name} draws ${CARD_NAMES[card]}${orders.card ? ' (typed)' : ''}.`, [side], d.rolls)
    const wants = orders.redraw !== null && (orders.redrawOn === null || orders.redrawOn.includes(card))
    if (wants && card === 'damage') event(ctx, 'redraw', `A Damage card may not be redrawn: she plays it.`, [side])
    else if (wants && orders.redraw === 'captain') {
      ship.captainUsed = true
      if (ship.deck.length === 0) {
        card = 'anchor'
        event(ctx, 'redraw', `The Captain discards it; no card is left, so the play is an Anchor.`, [side])
      } else {
        const n = drawCard(ctx, ship, orders.newCard, 'the Captain’s redraw')
        event(ctx, 'redraw', `The Captain discards ${CARD_NAMES[card]} and draws ${CARD_NAMES[n.card]}, which must be played.`, [side], n.rolls)
        card = n.card
      }
    } else if (wants && orders.redraw === 'firstMate') {
      ship.firstMateUsed = true
      ship.deck.push(card)
      const n = drawCard(ctx, ship, orders.newCard, 'the First Mate’s reshuffle')
      event(ctx, 'redraw', `The First Mate shuffles ${CARD_NAMES[card]} back and draws ${CARD_NAMES[n.card]}, which must be played.`, [side], n.rolls)
      card = n.card
    }
  }
  const foe = st.ships[other(st, side)]!
  const speedBefore = ship.speed
  const r = playCard(rules.board, rules.reefs, pre.setup.reefs, { at: ship.at, heading: ship.heading, speed: ship.speed }, card, st.wind ?? 0, foe.at)
  const from = ship.at
  ship.at = r.at
  ship.heading = r.heading
  ship.speed = r.speed
  ship.played.push(r.played)
  event(ctx, 'move', `The ${name}: ${r.text}; speed ${r.speed}, heading ${POINT_NAMES[r.heading]}.`, [side], [], r.terms)
  if (r.reefTokens > 0) {
    const hs: Side = orders.reefSide ?? (damagedRows(ship.hull.port) <= damagedRows(ship.hull.starboard) ? 'port' : 'starboard')
    const rows = reefRows(ship.hull[hs], r.reefTokens)
    for (const row of rows) ship.hull[hs] = hullHit(ship.hull[hs], row).tokens
    event(ctx, 'reef', `The ${name} strikes a reef: ${r.reefTokens} hull token${r.reefTokens === 1 ? '' : 's'} on her ${hs} side (row${rows.length === 1 ? '' : 's'} ${rows.map((x) => x + 1).join(', ')}).`, [side], [], [
      { label: `into a reef at speed ${speedBefore}`, value: r.reefTokens }
    ])
  }
  if (r.played === 'anchor' && orders.repair !== 'none') {
    // Seed 001: "you may repair 1 damaged hull token" (the officers table says how many): the one ordered first, then the first he may.
    for (let k = 0; k < rules.officers.boatswainRepairs; k++) {
      const can = repairable(pre, st, side)
      const pick = (k === 0 ? orders.repair : null) ?? can[0] ?? null
      if (!pick || !can.some((c) => c.side === pick.side && c.row === pick.row)) break
      ship.hull[pick.side][pick.row] = 0
      event(ctx, 'repair', `On the Anchor the Boatswain repairs the hull token on her ${pick.side} side by row ${pick.row + 1}.`, [side])
    }
  }
  if (r.collision) {
    collide(ctx, side, from)
    return true
  }
  return false
}

/** Seed 001, Boarding Action: "When ships collide, align the ships": side by side, the same heading, bows together. */
function collide(ctx: Ctx, mover: string, from: Pip): void {
  const { st, pre } = ctx
  const target = other(st, mover)
  const t = st.ships[target]!
  const m = st.ships[mover]!
  const rel = relativePoint(t.at, t.heading, from) ?? 2
  const tSide: Side = rel <= 3 ? 'starboard' : 'port'
  m.heading = t.heading
  m.at = { ...t.at }
  st.final = true
  st.boarding = { touch: { [target]: tSide, [mover]: tSide === 'port' ? 'starboard' : 'port' }, next: mover, first: mover, rounds: 0 }
  event(ctx, 'collision', `The ${pre.names[mover]} runs into the ${pre.names[target]}: the ships lie side by side, her ${st.boarding.touch[mover]} side against the enemy's ${tSide}, for a final broadside.`, [mover, target])
}

const LOSS_ORDER: UnitKind[] = ['crew', 'boatswain', 'masterGunner', 'firstMate', 'captain']
/** Remove `n` units from a list (ordinary crew first, then the officers, the Captain last). */
function removeUnits(st: BroadsidesState, units: Unit[], n: number): Unit[] {
  const sorted = [...units].sort((a, b) => LOSS_ORDER.indexOf(a.kind) - LOSS_ORDER.indexOf(b.kind))
  const dead = sorted.slice(0, n)
  const ids = new Set(dead.map((u) => u.id))
  st.units = st.units.filter((u) => !ids.has(u.id))
  return dead
}
const deadWords = (dead: Unit[]) => (dead.length ? dead.map((u) => unitName(u.kind)).join(', ') : 'nobody')

function fireStep(ctx: Ctx, orders: BroadsidesOrders): void {
  const { st, pre } = ctx
  const bearing = new Map(st.order.map((id) => [id, cannonThatBear(pre, st, id)]))
  if (!orders.shots.length) event(ctx, 'fire', st.final ? 'No gun fires the final broadside.' : 'Neither ship fires.', [])
  // The exchange is simultaneous: every shot declared from the state before it is fired, even from a gun hit in it.
  for (const shot of orders.shots) shoot(ctx, shot, bearing.get(shot.ship)!.find((c) => c.id === shot.cannon)!)
}

function shoot(ctx: Ctx, shot: Shot, gun: { row: number; col: number }): void {
  const { st, pre } = ctx
  const rules = pre.setup.rules
  const target = other(st, shot.ship)
  const t = st.ships[target]!
  const g = pre.grids[target]!
  const from = pre.names[shot.ship]!
  if (t.status !== 'afloat') return
  const deck = squareAt(pre.grids[shot.ship]!, gun).deck
  const gunner = aliveOfficer(st, shot.ship, 'masterGunner')
  const noDrift = rules.officers.masterGunnerNoDrift && gunner !== null && gunner.ship === shot.ship && squareAt(pre.grids[shot.ship]!, gunner).deck === deck
  const rolls: BroadsidesEvent['rolls'] = []
  let d: -1 | 0 | 1 = 0
  if (!noDrift) {
    const r = roll(ctx, 'drift')
    rolls.push(r.roll)
    d = drift(rules.drift, r.value, false).rows
  }
  const terms: Term[] = [
    { label: 'row declared', value: shot.row + 1 },
    { label: noDrift ? 'no drift (the Master Gunner is on that deck)' : 'drift', value: d }
  ]
  const row = shot.row + d
  const who = [shot.ship, target]
  if (row < 0 || row >= g.rows) return event(ctx, 'shot', `A shot from the ${from} drifts off the ${pre.names[target]}: a miss.`, who, rolls, terms)
  const h = roll(ctx, 'where the shot hits')
  rolls.push(h.roll)
  const loc = hitLocation(rules.hit, h.value)
  const facing = sideFacing(st, target)
  if (loc === 'miss') return event(ctx, 'shot', `A shot from the ${from} at row ${row + 1}: a miss.`, who, rolls, terms)
  if (loc === 'hull') {
    const r = hullHit(t.hull[facing], row)
    t.hull[facing] = r.tokens
    terms.push({ label: `hull tokens on her ${facing} side by row ${row + 1}`, value: r.tokens[row]! })
    return event(ctx, 'shot', `A shot from the ${from} holes the ${pre.names[target]} by row ${row + 1}, ${facing} side${r.placed ? (r.tokens[row] === 2 ? ' (a stack: it cannot be repaired)' : '') : ': the row is stacked already, no further effect'}.`, who, rolls, terms)
  }
  let cell: Cell = { row, col: sideCol(g, facing) }
  if (loc === 'mast') {
    const m = t.masts.find((x) => x.row === row)
    if (m) cell = { row, col: m.col }
  }
  if (loc === 'choice') {
    const col = shot.choice ?? bestSquare(st, target, g, row)
    cell = { row, col }
  }
  const mast = mastAt(t, cell)
  if (mast && !mast.down) {
    mast.hits++
    mast.down = mastFalls(mast.hits, mast.strength)
    terms.push({ label: `hits on the ${mast.name} mast (falls at ${mast.strength})`, value: mast.hits })
    return event(ctx, 'shot', `A shot from the ${from} strikes the ${pre.names[target]}’s ${mast.name} mast${mast.down ? ': it falls (a Damage card in her later decks)' : ''}.`, who, rolls, terms)
  }
  const here = unitsAt(st, target, cell)
  const gun2 = cannonAt(t, cell)
  if (!here.length && !gun2) return event(ctx, 'shot', `A shot from the ${from} hits the ${pre.names[target]}’s deck at ${where(cell)}: nobody there, no effect.`, who, rolls, terms)
  const k = deckHit(here.length, gun2 !== null)
  if (k.cannon && gun2) t.cannon = t.cannon.filter((c) => c.id !== gun2.id)
  const dead = removeUnits(st, here, k.units)
  terms.push({ label: 'units killed', value: dead.length })
  event(ctx, 'shot', `A shot from the ${from} hits the ${pre.names[target]}’s deck at ${where(cell)}: ${k.cannon ? 'a cannon destroyed, ' : ''}${deadWords(dead)} killed.`, who, rolls, terms)
}

/** The firer's choice of square in a row (the default): the one with a cannon and the most units. */
export function bestSquare(st: BroadsidesState, target: string, g: Grid, row: number): number {
  const t = st.ships[target]!
  let best = 0
  let score = -1
  for (let col = 0; col < g.cols; col++) {
    const c = { row, col }
    const m = mastAt(t, c)
    const v = (m && !m.down ? 3 : 0) + (cannonAt(t, c) ? 2 : 0) + unitsAt(st, target, c).length
    if (v > score) {
      score = v
      best = col
    }
  }
  return best
}

function firstMover(ctx: Ctx): void {
  const { st, pre } = ctx
  const b = st.boarding!
  const [a, c] = st.order
  const na = st.units.filter((u) => u.side === a).length
  const nc = st.units.filter((u) => u.side === c).length
  let first = na > nc ? a : c
  const rolls: BroadsidesEvent['rolls'] = []
  if (na === nc) {
    const r = roll(ctx, 'who boards first (1–3 the first ship, 4–6 the second)')
    rolls.push(r.roll)
    first = r.value <= 3 ? a : c
  }
  b.first = first
  b.next = first
  event(ctx, 'boarding', `Boarding: the ${pre.names[first]} moves first (${na} against ${nc} units${na === nc ? ', a tie: a die' : ''}).`, [first], rolls, [
    { label: `${pre.names[a]} units`, value: na },
    { label: `${pre.names[c]} units`, value: nc }
  ])
}

function boardingStep(ctx: Ctx, side: string, orders: BroadsidesOrders): void {
  const { st, pre } = ctx
  const rules = pre.setup.rules
  const moved = new Set<string>()
  if (!orders.boarding.length) event(ctx, 'boarding', `The ${pre.names[side]} holds her ground.`, [side])
  for (const m of orders.boarding) {
    const group = m.units.map((id) => st.units.find((u) => u.id === id)).filter((u): u is Unit => u !== undefined && !moved.has(u.id))
    if (!group.length) continue
    const from: Place = { ship: group[0]!.ship, row: group[0]!.row, col: group[0]!.col }
    const live = group.filter((u) => samePlace(u, from))
    if (boardingPathProblem(pre, st, side, from, m.path)) {
      event(ctx, 'boarding', `A move of the ${pre.names[side]} cannot be made now: its way is blocked.`, [side])
      continue
    }
    live.forEach((u) => moved.add(u.id))
    const to = m.path[m.path.length - 1]!
    const before = m.path.length > 1 ? m.path[m.path.length - 2]! : from
    const foes = st.units.filter((u) => u.side !== side && samePlace(u, to))
    if (!foes.length) {
      const room = roomAt(pre, st, to.ship, to) - st.units.filter((u) => samePlace(u, to)).length
      if (room < live.length) {
        event(ctx, 'boarding', `A move of the ${pre.names[side]} cannot be made now: that square is full.`, [side])
        continue
      }
      for (const u of live) Object.assign(u, { ship: to.ship, row: to.row, col: to.col })
      continue
    }
    // Hand to hand (seed 001 Boarding Action).
    const ra = roll(ctx, 'melee: the attacker')
    const rd = roll(ctx, 'melee: the defender')
    const g = pre.grids[to.ship]!
    const gFrom = pre.grids[before.ship]!
    const topOfLadder = before.ship === to.ship && upLadder(g, before, to)
    const higherDeck = before.ship !== to.ship && rules.melee.heights[squareAt(g, to).deck] > rules.melee.heights[squareAt(gFrom, before).deck]
    const officers = (us: Unit[]) => us.filter((u) => u.kind !== 'crew').map((u) => u.kind as Officer)
    const r = melee(rules.melee, rules.officers, { roll: ra.value, crew: live.length, officers: officers(live) }, { roll: rd.value, crew: foes.length, officers: officers(foes), topOfLadder, higherDeck })
    const terms: Term[] = [...r.attackTerms.map((t) => ({ label: `attack: ${t.label}`, value: t.value })), ...r.defenceTerms.map((t) => ({ label: `defence: ${t.label}`, value: t.value }))]
    let text = `The ${pre.names[side]} attacks ${where(to)} on the ${pre.names[to.ship]}: ${r.attack} against ${r.defence}`
    if (r.loser === 'defender') {
      const dead = removeUnits(st, foes, r.losses)
      text += `; the defenders lose ${deadWords(dead)}`
      if (dead.length === foes.length) {
        const room = roomAt(pre, st, to.ship, to)
        const going = live.filter((u) => st.units.includes(u)).slice(0, room)
        for (const u of going) Object.assign(u, { ship: to.ship, row: to.row, col: to.col })
        text += `; the square is cleared and taken`
      }
    } else if (r.loser === 'attacker') {
      const dead = removeUnits(st, live, r.losses)
      text += `; the attackers lose ${deadWords(dead)}`
    } else text += '; neither side gives way'
    event(ctx, 'melee', `${text}.`, [side, other(st, side)], [ra.roll, rd.roll], terms)
  }
}

/** Sinking, striking, wiping out (seed 001 Ship Combat; rules guide §5 Surrender), and the turn limits. */
function settle(ctx: Ctx): void {
  const { st, pre } = ctx
  const rules = pre.setup.rules
  for (const id of st.order) {
    const s = st.ships[id]!
    if (s.status !== 'afloat') continue
    const k = sinks(s.hull, rules.board.sinkRows)
    if (k.sinks) {
      s.status = 'sunk'
      event(ctx, 'sinks', `The ${pre.names[id]} sinks: ${rules.board.sinkRows} or more rows holed on her ${k.side} side.`, [id], [], k.terms)
      continue
    }
    const mine = st.units.filter((u) => u.side === id)
    if (!mine.length) {
      s.status = 'wiped'
      event(ctx, 'wiped', `The ${pre.names[id]}’s crew is wiped out.`, [id])
      continue
    }
    const setupShip = pre.setup.ships.find((x) => x.id === id)!
    const hadCaptain = setupShip.officers.includes('captain')
    const own = st.units.filter((u) => u.side === id && u.ship === id).length
    const enemy = st.units.filter((u) => u.side !== id && u.ship === id).length
    const r = strikes(rules.melee, own, enemy, !hadCaptain || aliveOfficer(st, id, 'captain') !== null, aliveOfficer(st, id, 'firstMate') !== null || !hadCaptain)
    if (r.strikes) {
      s.status = 'struck'
      event(ctx, 'strikes', `The ${pre.names[id]} strikes her colours: ${r.why}.`, [id], [], [
        { label: 'her units aboard', value: own },
        { label: 'enemy units aboard', value: enemy }
      ])
    }
  }
  const down = st.order.filter((id) => st.ships[id]!.status !== 'afloat')
  if (down.length) st.outcome = outcomeOf(pre, st)
}

export function outcomeOf(pre: Pre, st: BroadsidesState): BroadsidesOutcome | null {
  const down = st.order.filter((id) => st.ships[id]!.status !== 'afloat')
  if (!down.length) return null
  const words: Record<ShipState['status'], string> = { afloat: '', sunk: 'sinks', struck: 'strikes', wiped: 'loses her whole crew' }
  if (down.length === 2) return { winner: null, kind: st.ships[down[0]!]!.status as BroadsidesOutcome['kind'], reason: `Both ships are lost: the ${pre.names[down[0]!]} ${words[st.ships[down[0]!]!.status]} and the ${pre.names[down[1]!]} ${words[st.ships[down[1]!]!.status]}.` }
  const loser = down[0]!
  const winner = other(st, loser)
  return { winner, kind: st.ships[loser]!.status as BroadsidesOutcome['kind'], reason: `The ${pre.names[loser]} ${words[st.ships[loser]!.status]}: the ${pre.names[winner]} wins.` }
}

function endRound(ctx: Ctx): void {
  const { st, pre } = ctx
  st.final = false
  st.round++
  st.index = 0
  if (st.round > pre.setup.rules.deck.plays) {
    st.turn++
    st.round = 1
    st.phase = 'wind'
    if (st.turn > pre.setup.rules.board.turns) st.outcome = { winner: null, kind: 'undecided', reason: `The battle ends undecided after ${pre.setup.rules.board.turns} turns.` }
  } else st.phase = 'card'
}

const anyBears = (pre: Pre, st: BroadsidesState) => st.order.some((id) => cannonThatBear(pre, st, id).length > 0)

function advance(ctx: Ctx, collided: boolean): void {
  const { st, pre } = ctx
  if (st.outcome) return
  switch (st.phase) {
    case 'wind':
      st.phase = 'crew'
      st.index = 0
      return
    case 'crew':
      if (st.index === 0) st.index = 1
      else {
        st.phase = 'card'
        st.round = 1
        st.index = 0
      }
      return
    case 'card':
      if (collided) {
        st.phase = 'fire'
        if (!anyBears(pre, st)) advance(ctx, false)
        return
      }
      if (st.index === 0) {
        st.index = 1
        return
      }
      if (shipsInRange(pre.setup, st) && anyBears(pre, st)) st.phase = 'fire'
      else endRound(ctx)
      return
    case 'fire':
      if (st.final) {
        st.final = false
        st.phase = 'boarding'
        firstMover(ctx)
      } else endRound(ctx)
      return
    case 'boarding': {
      const b = st.boarding!
      b.rounds++
      b.next = other(st, b.next)
      if (b.rounds >= 2 * pre.setup.rules.board.boardingRounds) st.outcome = { winner: null, kind: 'undecided', reason: `The boarding action ends undecided after ${pre.setup.rules.board.boardingRounds} rounds.` }
    }
  }
}

export function resolveStep(setup: BroadsidesSetup, state: BroadsidesState, orders: BroadsidesOrders, dice: DiceSource): { state: BroadsidesState; report: BroadsidesReport } {
  const problems = checkOrders(setup, state, orders)
  if (problems.length) throw new IllegalOrders(problems)
  const pre = prep(setup)
  const st = cloneState(state)
  const ctx: Ctx = { pre, st, dice, events: [] }
  const side = stepSide(st)
  const phase = st.phase
  let collided = false
  if (phase === 'wind') windStep(ctx)
  else if (phase === 'crew') crewStep(ctx, side!, orders)
  else if (phase === 'card') collided = cardStep(ctx, side!, orders)
  else if (phase === 'fire') fireStep(ctx, orders)
  else boardingStep(ctx, side!, orders)
  settle(ctx)
  advance(ctx, collided)
  st.steps++
  st.rng = dice.rngState()
  return { state: st, report: { turn: state.turn, phase, side, orders, events: ctx.events } }
}
