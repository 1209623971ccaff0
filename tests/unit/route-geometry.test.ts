import { describe, expect, it } from 'vitest'
import type { Point, WaterKind } from '../../src/shared/commands/voyages'
import { watersAlong } from '../../src/shared/voyage/geometry'
import { pointAlong, waterAt } from '../../src/shared/voyage/rules'
import { ENCOUNTER_CHECKS } from '../../src/shared/voyage/tables'

/**
 * The waters a route crosses (voyages.plan), measured by cutting the route at the areas' edges
 * (issue 14: never by stepping along the distance). Checked against a fine sampling of the same
 * route, and for a route whose distance is huge.
 */
const t = ENCOUNTER_CHECKS
const square = (x: number, y: number, s: number): Point[] => [
  { x, y },
  { x: x + s, y },
  { x: x + s, y: y + s },
  { x, y: y + s }
]
const areas: { kind: WaterKind; polygon: Point[] }[] = [
  { kind: 'coastal', polygon: square(0, -10, 20) },
  { kind: 'colonial', polygon: square(50, -30, 40) },
  // a coastal strip inside the colonial water: the more often checked wins where they overlap
  { kind: 'coastal', polygon: square(60, -5, 10) },
  { kind: 'uncharted', polygon: [{ x: 100, y: -20 }, { x: 140, y: 0 }, { x: 100, y: 20 }] }
]

function sampled(points: Point[], nm: number, n: number): Map<WaterKind, number> {
  const out = new Map<WaterKind, number>()
  for (let i = 0; i < n; i++) {
    const k = waterAt(pointAlong(points, (i + 0.5) / n), areas, 'seaLane', t)
    out.set(k, (out.get(k) ?? 0) + nm / n)
  }
  return out
}

describe('the waters along a route, by its crossings with the areas', () => {
  const route: Point[] = [{ x: -10, y: 0 }, { x: 75, y: 0 }, { x: 120, y: 3 }, { x: 160, y: 3 }]

  it('agrees with a fine sampling of the same route (to within a sample’s length)', () => {
    const exact = watersAlong(route, 1700, areas, 'seaLane', t)
    const fine = sampled(route, 1700, 200_000)
    expect([...exact.keys()].sort()).toEqual([...fine.keys()].sort())
    for (const [k, nm] of exact) expect(Math.abs(nm - fine.get(k)!), k).toBeLessThan(0.1)
    expect([...exact.values()].reduce((a, b) => a + b, 0)).toBeCloseTo(1700, 6)
  })

  it('spreads a typed distance along the line in proportion, so the shares do not depend on how long the route is', () => {
    const short = watersAlong(route, 170, areas, 'seaLane', t)
    const huge = watersAlong(route, 1.7e9, areas, 'seaLane', t)
    for (const [k, nm] of short) expect(huge.get(k)! / 1e7).toBeCloseTo(nm, 6)
  })

  it('a leg whose ports are not on the chart is all open sea; a route of one point is the water there', () => {
    expect([...watersAlong([], 500, areas, 'seaLane', t)]).toEqual([['seaLane', 500]])
    expect([...watersAlong([{ x: 5, y: 0 }, { x: 5, y: 0 }], 80, areas, 'seaLane', t)]).toEqual([['coastal', 80]])
  })

  it('a route running along an area’s edge or through its corner is measured without a gap', () => {
    const edge: Point[] = [{ x: -10, y: -10 }, { x: 30, y: -10 }] // along the bottom edge of the first square
    const corner: Point[] = [{ x: -10, y: -20 }, { x: 30, y: 20 }] // through (0,-10) and (20,10)
    for (const r of [edge, corner]) {
      const total = [...watersAlong(r, 400, areas, 'seaLane', t).values()].reduce((a, b) => a + b, 0)
      expect(total).toBeCloseTo(400, 9)
    }
  })
})
