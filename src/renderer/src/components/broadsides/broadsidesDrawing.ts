/**
 * The Broadsides & Boarding Parties duel as drawn (issue 20, "On screen"): pure helpers for the sea
 * board and the ship decks — fitting the square grid and a deck grid to their boxes and back (the
 * pointer is hit tested here), a ship's hull outline on her pip facing one of 8 points, the wind's
 * arrow, hull tokens by row and side, units' short labels, the drift diagram over a target row and the
 * words read by screen readers and tests. No Konva, no DOM.
 */
import type { Pip } from '../../../../shared/broadsides/board'
import { POINT_NAMES, STEPS } from '../../../../shared/broadsides/board'
import type { Grid, UnitKind } from '../../../../shared/broadsides/ship-deck'
import type { BroadsidesDrift } from '../../../../shared/broadsides/tables'
import { CARD_NAMES, OFFICER_NAMES, type Card } from '../../../../shared/broadsides/tables'

export interface XY {
  x: number
  y: number
}

// ─── The sea board ────────────────────────────────────────────────────────────────────────────────

export interface SeaFit {
  /** Pixels per square. */
  cell: number
  /** The board's top-left corner on the stage. */
  ox: number
  oy: number
  width: number
  height: number
}

/** The board of `cols × rows` squares fitted to the box, centred, `pad` px clear all round. */
export function fitSea(cols: number, rows: number, box: { w: number; h: number }, pad = 16): SeaFit {
  const cell = Math.max(4, Math.floor(Math.min((box.w - 2 * pad) / cols, (box.h - 2 * pad) / rows)))
  const width = cell * cols
  const height = cell * rows
  return { cell, ox: Math.round((box.w - width) / 2), oy: Math.round((box.h - height) / 2), width, height }
}

/** A pip (half-squares from the top-left corner) on the stage. */
export const pipPx = (f: SeaFit, p: Pip): XY => ({ x: f.ox + (p.x * f.cell) / 2, y: f.oy + (p.y * f.cell) / 2 })

/** The grid's lines, each [x1, y1, x2, y2]: the board's `cols + 1` verticals, then its `rows + 1` horizontals. */
export function seaGrid(f: SeaFit, cols: number, rows: number): { key: string; points: number[] }[] {
  const out: { key: string; points: number[] }[] = []
  for (let i = 0; i <= cols; i++) out.push({ key: `v${i}`, points: [f.ox + i * f.cell, f.oy, f.ox + i * f.cell, f.oy + f.height] })
  for (let j = 0; j <= rows; j++) out.push({ key: `h${j}`, points: [f.ox, f.oy + j * f.cell, f.ox + f.width, f.oy + j * f.cell] })
  return out
}

/** The pips drawn on the board: every square's corners (larger, brighter) and centre (smaller, fainter). */
export function seaPips(f: SeaFit, cols: number, rows: number): { key: string; x: number; y: number; r: number; fill: string; centre: boolean }[] {
  const out: { key: string; x: number; y: number; r: number; fill: string; centre: boolean }[] = []
  for (let x = 0; x <= 2 * cols; x++)
    for (let y = 0; y <= 2 * rows; y++) {
      if ((x & 1) !== (y & 1)) continue
      const p = pipPx(f, { x, y })
      const centre = (x & 1) === 1
      out.push({ key: `${x},${y}`, x: p.x, y: p.y, r: centre ? Math.max(1.5, f.cell * 0.035) : Math.max(2, f.cell * 0.05), fill: centre ? 'rgba(255,255,255,0.45)' : 'rgba(255,255,255,0.7)', centre })
    }
  return out
}

/** The pip nearest a stage point, or null off the board. */
export function pipAt(f: SeaFit, cols: number, rows: number, at: XY): Pip | null {
  const hx = (at.x - f.ox) / (f.cell / 2)
  const hy = (at.y - f.oy) / (f.cell / 2)
  if (hx < -0.5 || hy < -0.5 || hx > 2 * cols + 0.5 || hy > 2 * rows + 0.5) return null
  // Pips are the corners (both even) and the centres (both odd): the nearest of the two lattices.
  const corner = { x: 2 * Math.round(hx / 2), y: 2 * Math.round(hy / 2) }
  const centre = { x: 2 * Math.round((hx - 1) / 2) + 1, y: 2 * Math.round((hy - 1) / 2) + 1 }
  const d = (p: Pip) => (p.x - hx) ** 2 + (p.y - hy) ** 2
  const best = d(corner) <= d(centre) ? corner : centre
  return { x: Math.max(0, Math.min(2 * cols, best.x)), y: Math.max(0, Math.min(2 * rows, best.y)) }
}

/** The unit vector of a compass point 0–7 (north up). */
export function pointVector(point: number): XY {
  const s = STEPS[((point % 8) + 8) % 8]!
  const n = Math.hypot(s.x, s.y)
  return { x: s.x / n, y: s.y / n }
}

/** Degrees clockwise from north of a compass point (for a Konva rotation of a shape drawn bow up). */
export const pointDegrees = (point: number): number => (((point % 8) + 8) % 8) * 45

/** A ship's hull outline drawn bow up around (0, 0), `len` px long: flat points for a Konva line. */
export function hullOutline(len: number): number[] {
  const h = len / 2
  const w = len * 0.2
  return [0, -h, w, -h * 0.45, w, h * 0.7, w * 0.6, h, -w * 0.6, h, -w, h * 0.7, -w, -h * 0.45]
}

/**
 * The wind's arrow: from where it blows (the compass point named) across the board, `len` px long,
 * centred on `c`. Flat points [x1, y1, x2, y2], the head at the second.
 */
export function windArrow(c: XY, wind: number, len: number): number[] {
  const from = pointVector(wind)
  return [c.x + (from.x * len) / 2, c.y + (from.y * len) / 2, c.x - (from.x * len) / 2, c.y - (from.y * len) / 2]
}

export const windWords = (wind: number | null): string => (wind === null ? 'The wind has not risen yet (the first step rolls it).' : `The wind blows from the ${POINT_NAMES[wind]}.`)
export const headingWords = (h: number): string => `heading ${POINT_NAMES[h]}`

// ─── The ship decks ───────────────────────────────────────────────────────────────────────────────

export interface DeckFit {
  /** Pixels per deck square. */
  cell: number
  /** The deck's top-left corner (bow, port) on the stage. */
  ox: number
  oy: number
  /** The width of the hull-token gutters either side. */
  gutter: number
}

/** A deck of `grid.rows × grid.cols` squares fitted to a box, with gutters either side for hull tokens. */
export function fitDeck(grid: Pick<Grid, 'rows' | 'cols'>, box: { x: number; y: number; w: number; h: number }): DeckFit {
  const cell = Math.max(8, Math.floor(Math.min(box.w / (grid.cols + 1.2), box.h / (grid.rows + 0.6))))
  const gutter = Math.round(cell * 0.6)
  const width = cell * grid.cols
  const height = cell * grid.rows
  return { cell, gutter, ox: Math.round(box.x + (box.w - width) / 2), oy: Math.round(box.y + Math.min(cell * 0.6, (box.h - height) / 2)) }
}

export const cellPx = (f: DeckFit, row: number, col: number): { x: number; y: number; w: number; h: number } => ({ x: f.ox + col * f.cell, y: f.oy + row * f.cell, w: f.cell, h: f.cell })

/** The deck square under a stage point, or null. */
export function cellAt(f: DeckFit, grid: Pick<Grid, 'rows' | 'cols'>, at: XY): { row: number; col: number } | null {
  const col = Math.floor((at.x - f.ox) / f.cell)
  const row = Math.floor((at.y - f.oy) / f.cell)
  if (row < 0 || col < 0 || row >= grid.rows || col >= grid.cols) return null
  return { row, col }
}

/** A unit's label on the deck: the officers by their initials, crew unlabelled. */
export const UNIT_SHORT: Record<UnitKind, string> = { crew: '', captain: 'C', firstMate: 'FM', boatswain: 'B', masterGunner: 'MG' }
export const unitName = (k: UnitKind): string => (k === 'crew' ? 'crewman' : OFFICER_NAMES[k])

/** Where the units on a square stand inside it: up to 3 discs, side by side, then a row below. */
export function unitSpots(n: number, c: { x: number; y: number; w: number; h: number }): XY[] {
  const out: XY[] = []
  const per = Math.min(3, Math.max(1, n))
  for (let i = 0; i < n; i++) {
    const line = Math.floor(i / 3)
    const k = i % 3
    const inLine = Math.min(per, n - line * 3)
    out.push({ x: c.x + (c.w * (k + 1)) / (inLine + 1), y: c.y + c.h * (n > 3 ? (line === 0 ? 0.36 : 0.74) : 0.56) })
  }
  return out
}

/** The hull tokens drawn by a row: one token, or two stacked (offset) — more have no effect (seed 001). */
export function hullMarks(tokens: readonly number[]): { row: number; count: 0 | 1 | 2 }[] {
  return tokens.map((n, row) => ({ row, count: (n >= 2 ? 2 : n === 1 ? 1 : 0) as 0 | 1 | 2 }))
}
export function hullWords(tokens: { port: readonly number[]; starboard: readonly number[] }): string {
  const side = (t: readonly number[]) => {
    const marks = hullMarks(t).filter((m) => m.count > 0)
    return marks.length ? marks.map((m) => `row ${m.row + 1}${m.count === 2 ? ' (stacked)' : ''}`).join(', ') : 'none'
  }
  return `hull tokens: port ${side(tokens.port)}; starboard ${side(tokens.starboard)}`
}

// ─── Drift (seed 001 Ship Combat) ─────────────────────────────────────────────────────────────────

export interface DriftBand {
  /** The row the ball lands in (may be off the ship: −1 or `rows`). */
  row: number
  /** The faces that send it there. */
  faces: number[]
  chance: number
  off: boolean
}

/** Where a shot declared at `row` drifts to, face by face (no drift on the Master Gunner's deck). */
export function driftBands(d: BroadsidesDrift, rows: number, row: number, masterGunner: boolean): DriftBand[] {
  if (masterGunner) return [{ row, faces: [1, 2, 3, 4, 5, 6], chance: 1, off: row < 0 || row >= rows }]
  const by = new Map<number, number[]>()
  d.rows.forEach((shift, i) => {
    const r = row + shift
    by.set(r, [...(by.get(r) ?? []), i + 1])
  })
  return [...by.entries()].sort((a, b) => a[0] - b[0]).map(([r, faces]) => ({ row: r, faces, chance: faces.length / d.rows.length, off: r < 0 || r >= rows }))
}

export const facesWords = (faces: readonly number[]): string =>
  faces.length === 6 ? 'any roll' : faces.length === 1 ? `${faces[0]}` : faces.every((f, i) => i === 0 || f === faces[i - 1]! + 1) ? `${faces[0]}–${faces[faces.length - 1]}` : faces.join(', ')

export const percent = (p: number): string => `${Math.round(p * 100)}%`

// ─── Cards ────────────────────────────────────────────────────────────────────────────────────────

/** The counts of a deck's cards in words ("2 Forward, 1 Turn Port, …"). */
export function cardCounts(cards: readonly Card[]): string {
  const n = new Map<Card, number>()
  for (const c of cards) n.set(c, (n.get(c) ?? 0) + 1)
  return [...n.entries()].map(([c, k]) => `${k} ${CARD_NAMES[c]}`).join(', ') || 'no cards'
}

/** A card's glyph: an arrow for the move it makes. */
export const CARD_GLYPH: Record<Card, string> = { forward: '↑', turnPort: '↰', turnStarboard: '↱', anchor: '⚓', damage: '✕' }
