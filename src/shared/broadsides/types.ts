import { z } from 'zod'
import { fieldWords, theShip } from '../words'
import type { Term } from '../battle/ruleset'
import type { Pip } from './board'
import { capacity, deckRoom, gridOf, inGrid, sameCell, squareAt, type Side, type UnitKind } from './ship-deck'
import { BROADSIDES_RULES, BroadsidesRulesSchema, Card, Officer, OFFICERS, type MastName } from './tables'

/**
 * The Broadsides & Boarding Parties duel (seed 001; rules guide §5): the shapes a battle is made of.
 * Plain JSON data.
 *
 *   BroadsidesSetup  — the board's reefs, the two ships (class, pip, heading, crew, officers), the rules.
 *   BroadsidesOrders — one step: the crew and cannon moved at the start of a turn, a card played (the card
 *                      typed by the GM, the Captain's redraw or the First Mate's reshuffle), the shots of
 *                      an exchange of fire, or one side's boarding moves.
 *   BroadsidesState  — a pure function of the setup and each step's orders and typed faces.
 *   BroadsidesReport — what a step did: every roll and term, in words.
 *
 * Pips are in half-squares from the board's top-left corner (corners even, centres odd); headings and
 * the wind are compass points 0–7 clockwise from north (the wind named by where it blows from). Deck
 * squares are `{row, col}`, rows bow to stern from 0, columns port to starboard from 0.
 */

const Int = (min: number, max: number) => z.number().int('must be a whole number').min(min, `must be at least ${min}`).max(max, `must be at most ${max}`)
const Name = z.string().trim().min(1, 'must not be empty').max(80, 'must be at most 80 characters')
export const Id = z
  .string()
  .min(1, 'must not be empty')
  .max(40, 'must be at most 40 characters')
  .regex(/^[A-Za-z0-9_-]+$/, 'use letters, digits, - and _ only')
export const PipInput = z.object({ x: Int(0, 80), y: Int(0, 80) }).strict()
export const CellInput = z.object({ row: Int(0, 15), col: Int(0, 4) }).strict()
export const SideName = z.enum(['port', 'starboard'])

export const Placement = z.object({ kind: z.union([z.literal('crew'), Officer]), row: Int(0, 15), col: Int(0, 4) }).strict()

export const ShipSetup = z
  .object({
    id: Id,
    name: Name,
    /** Her ship class: a key of the ship-deck table. */
    class: z.string().min(1).max(31),
    at: PipInput,
    heading: Int(0, 7),
    /** Her crew besides the officers (her class's when absent). */
    crew: Int(0, 40).optional(),
    officers: z.array(Officer).max(4).default([...OFFICERS]).refine((a) => new Set(a).size === a.length, 'each officer may appear once'),
    /** Where each unit stands at the start (a default placement when absent). */
    placement: z.array(Placement).max(60).optional()
  })
  .strict()
export type ShipSetup = z.output<typeof ShipSetup>

export const BroadsidesSetup = z
  .object({
    name: Name.default('A Broadsides duel'),
    seed: z.number().int().default(1),
    rules: BroadsidesRulesSchema.default(BROADSIDES_RULES),
    /** Reef squares `{x, y}` (column and row of the square, from 0). */
    reefs: z.array(PipInput).max(200).default([]),
    ships: z.array(ShipSetup).length(2, 'a duel is fought by two ships')
  })
  .strict()
  .superRefine((s, ctx) => {
    const b = s.rules.board
    const m = s.rules.melee
    if (s.ships[0] && s.ships[1] && s.ships[0].id === s.ships[1].id)
      ctx.addIssue({ code: 'custom', message: `both ships go by “${s.ships[1].id}”: give the second another`, path: ['ships', 1, 'id'] })
    s.ships.forEach((sh, i) => {
      const t = s.rules.ships[sh.class]
      if (!t) {
        const names = Object.values(s.rules.ships).map((x) => x.name)
        ctx.addIssue({ code: 'custom', message: `the ship-deck table has no ship class “${sh.class}” (its classes: ${names.join(', ')})`, path: ['ships', i, 'class'] })
        return
      }
      const g = gridOf(t)
      if (g.rows < b.sinkRows)
        ctx.addIssue({
          code: 'custom',
          message: `the ${t.name}’s deck has ${g.rows} rows: she could never sink, which takes ${b.sinkRows} rows holed along one side (the sea board table)`,
          path: ['ships', i, 'class']
        })
      if (sh.at.x > 2 * b.width || sh.at.y > 2 * b.height || (sh.at.x & 1) !== (sh.at.y & 1))
        ctx.addIssue({ code: 'custom', message: `not a pip of the ${b.width} × ${b.height} board (a corner has both even, a centre both odd, up to ${2 * b.width}, ${2 * b.height})`, path: ['ships', i, 'at'] })
      const crew = sh.crew ?? t.crew
      if (!sh.placement) {
        // The default placement finds a square for every unit or the set-up is refused (no unit is left ashore unsaid).
        const { squares, room } = deckRoom(g, m, sh.officers)
        const officers = sh.officers.length
        if (crew + officers > room) {
          const why = `the ${t.name}’s ${squares} squares hold ${room} (${m.perSquare} on a square, ${m.perMastOrCannon} on a mast or cannon square, at most 2 crew at a cannon)`
          const theirs = officers ? `her ${crew} crew and ${officers} officer${officers === 1 ? '' : 's'}` : `her ${crew} crew`
          ctx.addIssue({ code: 'custom', message: `${theirs} do not fit: ${why}`, path: ['ships', i, officers > room ? 'officers' : 'crew'] })
        }
        return
      }
      sh.placement.forEach((p, k) => {
        if (!inGrid(g, p)) ctx.addIssue({ code: 'custom', message: `not a square of the ${t.name}’s deck (rows 1 to ${g.rows}, squares 1 to ${g.cols})`, path: ['ships', i, 'placement', k] })
      })
      const officers = sh.placement.filter((p) => p.kind !== 'crew').map((p) => p.kind)
      if (officers.length !== sh.officers.length || !sh.officers.every((o) => officers.includes(o)))
        ctx.addIssue({ code: 'custom', message: 'place each of her officers once', path: ['ships', i, 'placement'] })
      const placed = sh.placement.filter((p) => p.kind === 'crew').length
      if (placed !== crew) ctx.addIssue({ code: 'custom', message: `place her ${crew} crew`, path: ['ships', i, 'placement'] })
      const count = new Map<string, number>()
      sh.placement.forEach((p, k) => {
        if (!inGrid(g, p)) return
        const key = `${p.row},${p.col}`
        count.set(key, (count.get(key) ?? 0) + 1)
        const cap = capacity(m, squareAt(g, p).kind === 'mast' || g.cannon.some((c) => sameCell(c, p)))
        if (count.get(key) === cap + 1) ctx.addIssue({ code: 'custom', message: `at most ${cap} units on that square`, path: ['ships', i, 'placement', k] })
      })
    })
    if (s.ships[0] && s.ships[1] && s.ships[0].at.x === s.ships[1].at.x && s.ships[0].at.y === s.ships[1].at.y)
      ctx.addIssue({ code: 'custom', message: 'the two ships must start on different pips', path: ['ships', 1, 'at'] })
    s.reefs.forEach((r, i) => {
      if (r.x >= b.width || r.y >= b.height) ctx.addIssue({ code: 'custom', message: `not a square of the ${b.width} × ${b.height} board`, path: ['reefs', i] })
    })
  })
export type BroadsidesSetup = z.output<typeof BroadsidesSetup>
export type BroadsidesSetupInput = z.input<typeof BroadsidesSetup>

// ─── Orders ───────────────────────────────────────────────────────────────────────────────────────

/** A square on either ship (boarding). */
export const Place = z.object({ ship: Id, row: Int(0, 15), col: Int(0, 4) }).strict()
export type Place = z.infer<typeof Place>

export const CrewMove = z.object({ unit: Id, path: z.array(CellInput).min(1, 'a move needs at least one square').max(2, 'a crewman moves up to 2 squares') }).strict()
export const CannonMove = z.object({ cannon: Id, to: CellInput }).strict()
export const Shot = z.object({ ship: Id, cannon: Id, row: Int(0, 15), choice: Int(0, 4).nullable().default(null) }).strict()
export type Shot = z.output<typeof Shot>
export const BoardMove = z
  .object({ units: z.array(Id).min(1, 'move at least one unit').max(3), path: z.array(Place).min(1, 'a move needs at least one square').max(2, 'a unit moves up to 2 spaces') })
  .strict()
export type BoardMove = z.output<typeof BoardMove>

export const BroadsidesOrders = z
  .object({
    /** Crew step: crewmen and officers moved (each once). */
    crew: z.array(CrewMove).max(60).default([]),
    /** Crew step: cannon moved one square with the two units on their square. */
    cannon: z.array(CannonMove).max(20).default([]),
    /** Card step: the card drawn, when the GM typed it (it must be in her deck). */
    card: Card.nullable().default(null),
    /** Card step: the Captain's redraw or the First Mate's reshuffle of the card drawn (never a Damage card). */
    redraw: z.enum(['captain', 'firstMate']).nullable().default(null),
    /** Card step: redraw only when the card drawn is one of these (every card but Damage when absent). */
    redrawOn: z.array(Card).max(5).nullable().default(null),
    /** Card step: the card drawn after the redraw, when the GM typed it. */
    newCard: Card.nullable().default(null),
    /** Card step: the side a reef's hull tokens go on (the side with fewer damaged rows when absent). */
    reefSide: SideName.nullable().default(null),
    /** Card step, on an Anchor: the hull token the Boatswain repairs (the first he may when absent; 'none' to leave it). */
    repair: z.union([z.literal('none'), z.object({ side: SideName, row: Int(0, 15) }).strict()]).nullable().default(null),
    /** Fire step: each cannon's shot at a row of the enemy (and the square on a "choice" roll). */
    shots: z.array(Shot).max(40).default([]),
    /** Boarding step: the units moved, a group from one square along one path. */
    boarding: z.array(BoardMove).max(60).default([])
  })
  .strict()
export type BroadsidesOrders = z.output<typeof BroadsidesOrders>
export type BroadsidesOrdersInput = z.input<typeof BroadsidesOrders>

// ─── State ────────────────────────────────────────────────────────────────────────────────────────

export interface Unit {
  id: string
  /** The ship whose crew she is. */
  side: string
  kind: UnitKind
  /** The ship she stands on. */
  ship: string
  row: number
  col: number
}
export interface Cannon {
  id: string
  row: number
  col: number
}
export interface Mast {
  name: MastName
  row: number
  col: number
  hits: number
  strength: number
  down: boolean
}
export interface ShipState {
  id: string
  status: ShipStatus
  at: Pip
  heading: number
  speed: number
  hull: { port: number[]; starboard: number[] }
  masts: Mast[]
  cannon: Cannon[]
  /** The cards left in this turn's deck. */
  deck: Card[]
  /** The cards played this turn, as they played out. */
  played: Card[]
  /** How this turn's deck was built. */
  deckTerms: Term[]
  captainUsed: boolean
  firstMateUsed: boolean
}
export type Phase = 'wind' | 'crew' | 'card' | 'fire' | 'boarding'
export interface Boarding {
  /** The side of each ship that lies against the other. */
  touch: Record<string, Side>
  /** Whose boarding step is next. */
  next: string
  first: string
  rounds: number
}
export interface BroadsidesOutcome {
  winner: string | null
  kind: 'sunk' | 'struck' | 'wiped' | 'undecided'
  reason: string
}
export interface BroadsidesState {
  turn: number
  phase: Phase
  /** The card of the turn being played (1–3). */
  round: number
  /** Whose crew or card step (0 or 1, into `order`). */
  index: number
  order: [string, string]
  wind: number | null
  ships: Record<string, ShipState>
  units: Unit[]
  /** The exchange of fire is the final broadside of a collision. */
  final: boolean
  boarding: Boarding | null
  steps: number
  rng: number[]
  outcome: BroadsidesOutcome | null
}

// ─── Report ───────────────────────────────────────────────────────────────────────────────────────

export interface BroadsidesRoll {
  purpose: string
  dice: number[]
  total: number
  manual: boolean
}
export interface BroadsidesEvent {
  kind: string
  text: string
  who: string[]
  rolls: BroadsidesRoll[]
  terms: Term[]
}
export interface BroadsidesReport {
  turn: number
  phase: Phase
  side: string | null
  orders: BroadsidesOrders
  events: BroadsidesEvent[]
}

export type ShipStatus = 'afloat' | 'sunk' | 'struck' | 'wiped'
/** A ship's state in words (the players' screen, the review). */
export const STATUS_NAMES: Record<ShipStatus, string> = { afloat: 'afloat', sunk: 'sunk', struck: 'struck', wiped: 'crew wiped out' }

/**
 * A set-up's problem as the GM reads it, the ship named rather than numbered: ['ships', 0, 'crew'] of
 * the Swift → "The Swift, crew: …"; any other field in words ("Reefs, entry 3: …").
 */
export function setupProblemWords(setup: unknown, path: readonly PropertyKey[], message: string): string {
  if (path[0] === 'ships' && typeof path[1] === 'number') {
    const ships = (setup as { ships?: unknown } | null)?.ships
    const name = Array.isArray(ships) ? (ships[path[1]] as { name?: unknown } | undefined)?.name : undefined
    const who = typeof name === 'string' && name.trim() ? theShip(name.trim()).replace(/^the /, 'The ') : `Ship ${path[1] + 1}`
    const rest = path.slice(2)
    return `${who}${rest.length ? `, ${fieldWords(rest).toLowerCase()}` : ''}: ${message}`
  }
  return `${fieldWords(path)}: ${message}`
}
