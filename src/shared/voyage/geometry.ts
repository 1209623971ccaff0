import type { Point, WaterKind } from '../commands/voyages'
import type { EncounterChecks } from './tables'
import { waterAt } from './rules'

/**
 * The waters a route crosses, measured exactly: each segment of the route is cut where it crosses
 * an edge of any sea area, and each piece between two cuts lies wholly in one set of areas, so the
 * water of its midpoint is the water of the whole piece. The work is proportional to (route
 * segments + crossings) × area edges — never to the distance, so neither a huge chart scale nor
 * far-apart ports make it slower (issue 14). Pure: no I/O.
 */

interface Area {
  kind: WaterKind
  polygon: readonly Point[]
}

interface Box {
  x0: number
  y0: number
  x1: number
  y1: number
}
function box(pts: readonly Point[]): Box {
  const b = { x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity }
  for (const p of pts) {
    if (p.x < b.x0) b.x0 = p.x
    if (p.x > b.x1) b.x1 = p.x
    if (p.y < b.y0) b.y0 = p.y
    if (p.y > b.y1) b.y1 = p.y
  }
  return b
}
const overlaps = (a: Box, b: Box) => a.x0 <= b.x1 && b.x0 <= a.x1 && a.y0 <= b.y1 && b.y0 <= a.y1

/** Where segment a→b crosses segment c→d, as the fraction along a→b; null when they do not cross (or are parallel). */
function crossing(a: Point, b: Point, c: Point, d: Point): number | null {
  const rx = b.x - a.x
  const ry = b.y - a.y
  const sx = d.x - c.x
  const sy = d.y - c.y
  const den = rx * sy - ry * sx
  if (den === 0) return null // parallel or collinear: the pieces either side are split by the edges' ends
  const qx = c.x - a.x
  const qy = c.y - a.y
  const t = (qx * sy - qy * sx) / den
  const u = (qx * ry - qy * rx) / den
  return t > 0 && t < 1 && u >= 0 && u <= 1 ? t : null
}

/**
 * Nautical miles in each water kind along a leg whose polyline is `points` and whose distance is
 * `distanceNm` (the measured length, or the GM's typed distance, spread along the line in proportion).
 * A leg with no line (its ports are not on the chart) is all open sea.
 */
export function watersAlong(points: readonly Point[], distanceNm: number, areas: readonly Area[], open: WaterKind, t: EncounterChecks): Map<WaterKind, number> {
  const out = new Map<WaterKind, number>()
  const add = (kind: WaterKind, nm: number) => out.set(kind, (out.get(kind) ?? 0) + nm)
  if (points.length === 0) {
    add(open, distanceNm)
    return out
  }
  const lengths: number[] = []
  let total = 0
  for (let i = 1; i < points.length; i++) {
    const len = Math.hypot(points[i]!.x - points[i - 1]!.x, points[i]!.y - points[i - 1]!.y)
    lengths.push(len)
    total += len
  }
  if (total === 0) {
    add(waterAt(points[0]!, areas, open, t), distanceNm)
    return out
  }
  const boxes = areas.map((a) => box(a.polygon))
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1]!
    const b = points[i]!
    const len = lengths[i - 1]!
    if (len === 0) continue
    const cuts = [0, 1]
    const seg = box([a, b])
    for (let n = 0; n < areas.length; n++) {
      // An area whose bounding box the segment's misses has no edge it can cross.
      if (!overlaps(seg, boxes[n]!)) continue
      const poly = areas[n]!.polygon
      for (let j = 0, k = poly.length - 1; j < poly.length; k = j++) {
        const c = poly[k]!
        const d = poly[j]!
        if (Math.max(c.x, d.x) < seg.x0 || Math.min(c.x, d.x) > seg.x1 || Math.max(c.y, d.y) < seg.y0 || Math.min(c.y, d.y) > seg.y1) continue
        const f = crossing(a, b, c, d)
        if (f !== null) cuts.push(f)
      }
    }
    cuts.sort((x, y) => x - y)
    for (let c = 1; c < cuts.length; c++) {
      const f0 = cuts[c - 1]!
      const f1 = cuts[c]!
      if (f1 <= f0) continue
      const mid = (f0 + f1) / 2
      const kind = waterAt({ x: a.x + (b.x - a.x) * mid, y: a.y + (b.y - a.y) * mid }, areas, open, t)
      add(kind, ((f1 - f0) * len * distanceNm) / total)
    }
  }
  return out
}

/**
 * The direct course between two ports on the chart (issue 16, point 12): where open sea counts as a
 * sea lane and no route is drawn, a squadron sails straight across, and the distance is the straight
 * line at the chart's scale (at least 1 nm, as a drawn route's is). Null when either port is not
 * placed, or open sea is not a sea lane (then a route must be drawn).
 */
export function directCourse(
  from: { x: number | null; y: number | null },
  to: { x: number | null; y: number | null },
  open: WaterKind,
  scaleNmPerUnit: number
): { points: Point[]; distanceNm: number } | null {
  if (open !== 'seaLane') return null
  if (from.x === null || from.y === null || to.x === null || to.y === null) return null
  const points = [
    { x: from.x, y: from.y },
    { x: to.x, y: to.y }
  ]
  return { points, distanceNm: Math.max(1, Math.round(Math.hypot(to.x - from.x, to.y - from.y) * scaleNmPerUnit)) }
}
