import type { BroadsidesMelee, DeckName, MastName, Officer, Template } from './tables'

/**
 * The decks of the ships (seed 001 "Crew"; rules guide §5): a grid per ship, rows bow to stern, squares
 * port (column 0) to starboard, split into fore / mid / aft decks, with ladders between them, three
 * masts and cannon on the outer squares. Crew, officers and cannon stand on its squares.
 */

export type SquareKind = 'deck' | 'mast' | 'ladder'
export interface Square {
  row: number
  col: number
  deck: DeckName
  kind: SquareKind
}
export interface Grid {
  rows: number
  cols: number
  squares: Square[][]
  masts: { name: MastName; row: number; col: number }[]
  /** Where her cannon stand at the start. */
  cannon: { row: number; col: number }[]
}
export interface Cell {
  row: number
  col: number
}
export type Side = 'port' | 'starboard'
export type UnitKind = 'crew' | Officer

const KIND: Record<string, SquareKind> = { '.': 'deck', C: 'deck', M: 'mast', L: 'ladder' }
const MAST_ORDER: MastName[] = ['fore', 'main', 'mizzen']

export function gridOf(t: Template): Grid {
  const squares = t.rows.map((r, row) => [...r.squares].map((c, col) => ({ row, col, deck: r.deck, kind: KIND[c]! })))
  const masts: Grid['masts'] = []
  squares.forEach((r) => r.forEach((s) => s.kind === 'mast' && masts.push({ name: MAST_ORDER[masts.length] ?? 'mizzen', row: s.row, col: s.col })))
  const cannon: Grid['cannon'] = []
  t.rows.forEach((r, row) => [...r.squares].forEach((c, col) => c === 'C' && cannon.push({ row, col })))
  return { rows: squares.length, cols: squares[0]?.length ?? 0, squares, masts, cannon }
}

export const inGrid = (g: Grid, c: Cell): boolean => Number.isInteger(c.row) && Number.isInteger(c.col) && c.row >= 0 && c.col >= 0 && c.row < g.rows && c.col < g.cols
export const squareAt = (g: Grid, c: Cell): Square => g.squares[c.row]![c.col]!
export const sameCell = (a: Cell, b: Cell): boolean => a.row === b.row && a.col === b.col
/** The outer column of a side. */
export const sideCol = (g: Grid, side: Side): number => (side === 'port' ? 0 : g.cols - 1)
/** Seed 001, Crew: "Cannon can not be fired from the center squares". */
export const outerSide = (g: Grid, c: Cell): Side | null => (c.col === 0 ? 'port' : c.col === g.cols - 1 ? 'starboard' : null)

/** The square at the top of a ladder: across the nearest deck boundary, same column (null when none). */
export function ladderTop(g: Grid, c: Cell): Cell | null {
  const s = squareAt(g, c)
  if (s.kind !== 'ladder') return null
  for (const dr of [-1, 1]) {
    const r = c.row + dr
    if (r >= 0 && r < g.rows && g.squares[r]![c.col]!.deck !== s.deck) return { row: r, col: c.col }
  }
  return null
}

/** True when `to` is at the top of a ladder whose foot is `from`. */
export const upLadder = (g: Grid, from: Cell, to: Cell): boolean => {
  const top = inGrid(g, from) ? ladderTop(g, from) : null
  return top !== null && sameCell(top, to)
}

/**
 * One step on a ship's deck: to a neighbouring square (orthogonal or diagonal); between two decks only by
 * a ladder (from its foot to its top or back). Null when legal, else why not.
 */
export function stepProblem(g: Grid, from: Cell, to: Cell): string | null {
  if (!inGrid(g, to)) return `row ${to.row + 1}, square ${to.col + 1} is not on her deck`
  const dr = Math.abs(to.row - from.row)
  const dc = Math.abs(to.col - from.col)
  if (dr > 1 || dc > 1 || dr + dc === 0) return 'each move is to a neighbouring square'
  const a = squareAt(g, from)
  const b = squareAt(g, to)
  if (a.deck !== b.deck && !upLadder(g, from, to) && !upLadder(g, to, from)) return `the ${a.deck} and ${b.deck} decks are joined only by a ladder`
  return null
}

export const isDiagonal = (from: Cell, to: Cell): boolean => from.row !== to.row && from.col !== to.col

/** Seed 001, Crew: "crewman can move up to 2 squares (total move can include only 1 diagonal move)". */
export function pathProblem(g: Grid, from: Cell, path: readonly Cell[], maxSteps = 2): string | null {
  if (path.length === 0) return 'a move needs at least one square'
  if (path.length > maxSteps) return `a crewman moves up to ${maxSteps} squares`
  let at = from
  let diagonals = 0
  for (const c of path) {
    const p = stepProblem(g, at, c)
    if (p) return p
    if (isDiagonal(at, c)) diagonals++
    at = c
  }
  if (diagonals > 1) return 'a move may include only one diagonal'
  return null
}

/**
 * Seed 001, Crew: "A cannon (with its 2 crewman) may be moved 1 space (not diagonally). Cannon may not be
 * moved up or down a ladder or on to a mast space." Reading: nor onto a ladder's square, nor onto
 * another cannon; the square must be empty for her two crew.
 */
export function cannonMoveProblem(g: Grid, from: Cell, to: Cell): string | null {
  if (!inGrid(g, to)) return `row ${to.row + 1}, square ${to.col + 1} is not on her deck`
  if (Math.abs(to.row - from.row) + Math.abs(to.col - from.col) !== 1) return 'a cannon moves one square, not diagonally'
  const a = squareAt(g, from)
  const b = squareAt(g, to)
  if (a.deck !== b.deck || b.kind === 'ladder') return 'a cannon may not be moved up or down a ladder'
  if (b.kind === 'mast') return 'a cannon may not be moved onto a mast square'
  return null
}

/** Seed 001: "Up to 3 crew may occupy a space (2 in a mast or cannon space)"; "Up to 2 crew may occupy a mast space". */
export const capacity = (m: BroadsidesMelee, mastOrCannon: boolean): number => (mastOrCannon ? m.perMastOrCannon : m.perSquare)

// ─── The default placement ────────────────────────────────────────────────────────────────────────

const OFFICER_DECK: Record<Officer, DeckName> = { captain: 'aft', firstMate: 'fore', boatswain: 'mid', masterGunner: 'mid' }
export interface Placed {
  kind: UnitKind
  row: number
  col: number
}

/**
 * Where her units stand when the set-up does not say (house default): the Captain aft, the First Mate
 * fore, the Boatswain and Master Gunner amidships, two crew on each cannon, the rest spread one a square,
 * then two, up to what a square holds. Units for whom no square is left are not placed: the set-up
 * refuses a crew that does not fit (`deckRoom`), so a battle never starts with one.
 */
export function defaultPlacement(g: Grid, m: BroadsidesMelee, crew: number, officers: readonly Officer[]): Placed[] {
  const count = new Map<string, number>()
  const key = (c: Cell) => `${c.row},${c.col}`
  const isCannon = (c: Cell) => g.cannon.some((k) => sameCell(k, c))
  const cap = (c: Cell) => capacity(m, squareAt(g, c).kind === 'mast' || isCannon(c))
  const out: Placed[] = []
  const put = (kind: UnitKind, c: Cell) => {
    count.set(key(c), (count.get(key(c)) ?? 0) + 1)
    out.push({ kind, row: c.row, col: c.col })
  }
  const all = g.squares.flat()
  const free = (c: Cell, limit = cap(c)) => (count.get(key(c)) ?? 0) < limit
  for (const o of officers) {
    const c = all.find((s) => s.deck === OFFICER_DECK[o] && s.kind === 'deck' && !isCannon(s) && free(s)) ?? all.find((s) => free(s))
    if (c) put(o, c)
  }
  let left = crew
  for (const k of g.cannon) {
    while (left > 0 && free(k) && (count.get(key(k)) ?? 0) < 2) {
      put('crew', k)
      left--
    }
  }
  for (let limit = 1; left > 0 && limit <= m.perSquare; limit++) {
    for (const s of all) {
      if (left > 0 && !isCannon(s) && free(s, Math.min(limit, cap(s)))) {
        put('crew', s)
        left--
      }
    }
  }
  return out
}

/**
 * How many units the default placement finds room for on her deck, with these officers: every square
 * holds what the melee table says (fewer on a mast or cannon square), a cannon's square takes two of her
 * crew. The squares counted, and the room, for a set-up's refusal.
 */
export function deckRoom(g: Grid, m: BroadsidesMelee, officers: readonly Officer[]): { squares: number; room: number } {
  return { squares: g.rows * g.cols, room: defaultPlacement(g, m, 16 * 5 * 10, officers).length }
}
