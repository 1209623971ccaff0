import type { GalleysSetup, Point, TerrainKind, TerrainSetup } from '../../../../shared/galleys/types'
import { TERRAIN_NAMES } from '../../../../shared/galleys/types'

/**
 * The GM's edits of a Galleys & Galleons table before the battle starts (issue 19, "islands, rocks and
 * shore (drawn or placed by the GM), exit zones"): pure functions of a setup, each returning a new
 * one (the set-up page keeps the result as its state). Positions are mm on the table.
 *
 * The ready shapes' sizes are house defaults (the seed gives none): a round island 80 mm across its
 * radius drawn with 12 corners, a rock 25 mm with 6, a shore a strip 120 mm deep along a whole edge.
 */

export const ISLAND_RADIUS = 80
export const ROCK_RADIUS = 25
export const SHORE_DEPTH = 120
export type ReadyShape = 'island' | 'rocks' | 'shore'

/** The table's size in mm (the setup's own, else the rules' default). */
export function tableSize(setup: GalleysSetup): { width: number; height: number } {
  return setup.size ?? { width: setup.rules.table.width, height: setup.rules.table.height }
}

const round1 = (n: number) => Math.round(n * 10) / 10

/**
 * Close an outline clicked corner by corner: a corner clicked twice in a row (the double-click that
 * closes it) counts once; fewer than three distinct corners is no outline.
 */
export function closeOutline(corners: readonly Point[]): { ok: true; points: Point[] } | { ok: false; message: string } {
  const pts: Point[] = []
  for (const c of corners) {
    const last = pts[pts.length - 1]
    if (last && Math.hypot(last.x - c.x, last.y - c.y) < 1) continue
    pts.push({ x: round1(c.x), y: round1(c.y) })
  }
  const first = pts[0]
  const last = pts[pts.length - 1]
  if (pts.length > 1 && first && last && Math.hypot(last.x - first.x, last.y - first.y) < 1) pts.pop()
  if (pts.length < 3) return { ok: false, message: `An outline needs at least three corners; ${pts.length === 1 ? 'one is' : `${pts.length} are`} placed.` }
  return { ok: true, points: pts }
}

/** A regular outline of `n` corners about a centre. */
function ring(at: Point, r: number, n: number): Point[] {
  return Array.from({ length: n }, (_, i) => {
    const a = (2 * Math.PI * i) / n
    return { x: round1(at.x + r * Math.sin(a)), y: round1(at.y - r * Math.cos(a)) }
  })
}

/** The edge of the table nearest a point. */
export function nearestEdge(size: { width: number; height: number }, at: Point): 'top' | 'bottom' | 'left' | 'right' {
  const d = { top: at.y, bottom: size.height - at.y, left: at.x, right: size.width - at.x }
  return (Object.keys(d) as (keyof typeof d)[]).reduce((a, b) => (d[b] < d[a] ? b : a))
}

/** A ready shape placed with one click at `at`: a round island or a rock about it, or a straight shore along the nearest edge. */
export function readyShape(shape: ReadyShape, at: Point, size: { width: number; height: number }): Point[] {
  if (shape === 'island') return ring(at, ISLAND_RADIUS, 12)
  if (shape === 'rocks') return ring(at, ROCK_RADIUS, 6)
  const { width: w, height: h } = size
  const d = SHORE_DEPTH
  switch (nearestEdge(size, at)) {
    case 'top':
      return [{ x: 0, y: 0 }, { x: w, y: 0 }, { x: w, y: d }, { x: 0, y: d }]
    case 'bottom':
      return [{ x: 0, y: h - d }, { x: w, y: h - d }, { x: w, y: h }, { x: 0, y: h }]
    case 'left':
      return [{ x: 0, y: 0 }, { x: d, y: 0 }, { x: d, y: h }, { x: 0, y: h }]
    case 'right':
      return [{ x: w - d, y: 0 }, { x: w, y: 0 }, { x: w, y: h }, { x: w - d, y: h }]
  }
}

/** A new piece's id: its kind and the first free number. */
function freeId(setup: GalleysSetup, kind: TerrainKind): string {
  const used = new Set(setup.terrain.map((t) => t.id))
  for (let n = 1; ; n++) if (!used.has(`${kind}${n}`)) return `${kind}${n}`
}

/** Add a piece of terrain (named "island 2" …, an exit zone for `player`). */
export function addPiece(setup: GalleysSetup, kind: TerrainKind, points: Point[], player: string | null = null): { setup: GalleysSetup; id: string } {
  const id = freeId(setup, kind)
  const n = id.slice(kind.length)
  const piece: TerrainSetup = { id, kind, name: `${TERRAIN_NAMES[kind]} ${n}`, points, player: kind === 'exit' ? player : null }
  return { setup: { ...setup, terrain: [...setup.terrain, piece] }, id }
}

/** Move a piece by `by` mm (its whole outline). */
export function movePiece(setup: GalleysSetup, id: string, by: Point): GalleysSetup {
  return {
    ...setup,
    terrain: setup.terrain.map((t) => (t.id === id ? { ...t, points: t.points.map((p) => ({ x: round1(p.x + by.x), y: round1(p.y + by.y) })) } : t))
  }
}

export function removePiece(setup: GalleysSetup, id: string): GalleysSetup {
  return { ...setup, terrain: setup.terrain.filter((t) => t.id !== id) }
}

export function renamePiece(setup: GalleysSetup, id: string, name: string): GalleysSetup {
  return { ...setup, terrain: setup.terrain.map((t) => (t.id === id ? { ...t, name } : t)) }
}

export function setExitPlayer(setup: GalleysSetup, id: string, player: string | null): GalleysSetup {
  return { ...setup, terrain: setup.terrain.map((t) => (t.id === id && t.kind === 'exit' ? { ...t, player } : t)) }
}

/** The top-most piece under a point (the last drawn), if any. */
export function pieceAt(setup: GalleysSetup, p: Point, inside: (p: Point, poly: readonly Point[]) => boolean): string | null {
  for (let i = setup.terrain.length - 1; i >= 0; i--) if (inside(p, setup.terrain[i]!.points)) return setup.terrain[i]!.id
  return null
}

/** A ship placed or turned by the GM's drag. */
export function placeShip(setup: GalleysSetup, ship: string, at: Point, facing: number): GalleysSetup {
  return { ...setup, ships: setup.ships.map((s) => (s.id === ship ? { ...s, at: { ...at }, facing } : s)) }
}
