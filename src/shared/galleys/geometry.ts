import type { GalleysTable } from './tables'
import type { Point, Stick, TerrainSetup } from './types'

/**
 * The table's geometry (rules guide §4: free movement measured in Short / Medium / Long). Pure.
 * Millimetres, x right and y down from the top-left corner; facings in degrees clockwise from north
 * (the top edge); the wind gauge's points 0…n−1 clockwise from north, the point the wind blows from.
 */

export const stickLength = (t: GalleysTable, s: Stick): number => (s === 'short' ? t.short : s === 'medium' ? t.medium : t.long)

/** A facing in [0, 360). */
export const norm = (deg: number): number => {
  const d = deg % 360
  return d < 0 ? d + 360 : d
}

/** The signed difference b − a in (−180, 180]. */
export const angleDiff = (a: number, b: number): number => {
  const d = norm(b - a)
  return d > 180 ? d - 360 : d
}

/** The point `len` ahead of `at` facing `facing`. */
export function ahead(at: Point, facing: number, len: number): Point {
  const r = (norm(facing) * Math.PI) / 180
  return { x: round(at.x + len * Math.sin(r)), y: round(at.y - len * Math.cos(r)) }
}
const round = (v: number) => Math.round(v * 1000) / 1000

export const distance = (a: Point, b: Point): number => Math.hypot(a.x - b.x, a.y - b.y)

/** The bearing from a to b, degrees clockwise from north. */
export const bearing = (a: Point, b: Point): number => norm((Math.atan2(b.x - a.x, -(b.y - a.y)) * 180) / Math.PI)

/** Where a stick move ends: turn first, then the stick straight ahead. */
export function stickMove(t: GalleysTable, at: Point, facing: number, stick: Stick, turn: number, length = stickLength(t, stick)): { at: Point; facing: number } {
  const f = norm(facing + turn)
  return { at: ahead(at, f, length), facing: f }
}

/** The wind's direction in degrees (where it blows from). */
export const windDegrees = (t: GalleysTable, direction: number): number => norm((direction * 360) / t.gaugePoints)

/** The in-irons sector: headings within the half-angle of dead into the wind. */
export function inIronsSector(t: GalleysTable, direction: number): { from: number; to: number; centre: number } {
  const c = windDegrees(t, direction)
  return { from: norm(c - t.inIronsHalfAngle), to: norm(c + t.inIronsHalfAngle), centre: c }
}

/** Is a heading in irons (pointing into the sector the wind blows from)? The sector's edges are not. */
export const inIrons = (t: GalleysTable, direction: number, heading: number): boolean =>
  t.inIronsHalfAngle > 0 && Math.abs(angleDiff(windDegrees(t, direction), heading)) < t.inIronsHalfAngle

export type Band = 'short' | 'medium' | 'long' | 'beyond'
/** The ruler: a distance read in S / M / L. */
export function measure(t: GalleysTable, a: Point, b: Point): { mm: number; band: Band; words: string } {
  const mm = Math.round(distance(a, b) * 10) / 10
  const band: Band = mm <= t.short ? 'short' : mm <= t.medium ? 'medium' : mm <= t.long ? 'long' : 'beyond'
  const words =
    band === 'beyond'
      ? `${mm} mm: beyond Long (${(mm / t.long).toFixed(1)} Long sticks)`
      : `${mm} mm: within ${band === 'short' ? 'Short' : band === 'medium' ? 'Medium' : 'Long'}`
  return { mm, band, words }
}

/** Distance between two bases' edges (bases are circles of the table's base radius); 0 when they touch or overlap. */
export const edgeDistance = (t: GalleysTable, a: Point, b: Point): number => Math.max(0, distance(a, b) - 2 * t.baseRadius)
/** Bases touching or overlapping. */
export const inContact = (t: GalleysTable, a: Point, b: Point): boolean => distance(a, b) <= 2 * t.baseRadius + 1e-6

export function pointInPolygon(p: Point, poly: readonly Point[]): boolean {
  let inside = false
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const a = poly[i]!
    const b = poly[j]!
    if (a.y > p.y !== b.y > p.y && p.x < ((b.x - a.x) * (p.y - a.y)) / (b.y - a.y) + a.x) inside = !inside
  }
  return inside
}

const cross = (o: Point, a: Point, b: Point) => (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x)
function segmentsCross(p1: Point, p2: Point, q1: Point, q2: Point): boolean {
  const d1 = cross(q1, q2, p1)
  const d2 = cross(q1, q2, p2)
  const d3 = cross(p1, p2, q1)
  const d4 = cross(p1, p2, q2)
  return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))
}

/** Does the segment a→b touch the polygon (an end inside, or crossing an edge)? */
export function segmentHitsPolygon(a: Point, b: Point, poly: readonly Point[]): boolean {
  if (pointInPolygon(a, poly) || pointInPolygon(b, poly)) return true
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) if (segmentsCross(a, b, poly[j]!, poly[i]!)) return true
  return false
}

export const isLand = (t: TerrainSetup): boolean => t.kind !== 'exit'

/** The first piece of land, rocks or shore the path a→b runs onto, or null. */
export function groundingOn(terrain: readonly TerrainSetup[], a: Point, b: Point): TerrainSetup | null {
  for (const t of terrain) if (isLand(t) && segmentHitsPolygon(a, b, t.points)) return t
  return null
}

export const onTable = (size: { width: number; height: number }, p: Point): boolean => p.x >= 0 && p.y >= 0 && p.x <= size.width && p.y <= size.height
