import type { CheckEvery, DistanceUnit, Point, WaterKind } from '../../../../shared/commands'

export const WATER_LABELS: Record<WaterKind, string> = {
  coastal: 'Coastal waters',
  colonial: 'Colonial waters',
  continental: 'Continental waters',
  seaLane: 'Major sea lane',
  uncharted: 'Uncharted waters'
}

export const CHECK_LABELS: Record<CheckEvery, string> = {
  day: 'encounter check daily',
  week: 'encounter check weekly',
  month: 'encounter check monthly'
}

/** Fill and stroke of each water kind on the chart. */
export const WATER_STYLE: Record<WaterKind, { fill: string; stroke: string; dash?: number[] }> = {
  coastal: { fill: 'rgba(120, 170, 190, 0.28)', stroke: '#6f9fb3' },
  colonial: { fill: 'rgba(122, 168, 120, 0.24)', stroke: '#6e9a6a' },
  continental: { fill: 'rgba(102, 134, 184, 0.22)', stroke: '#6a84b0' },
  seaLane: { fill: 'rgba(214, 186, 120, 0.22)', stroke: '#b5893b', dash: [10, 6] },
  uncharted: { fill: 'rgba(120, 110, 100, 0.16)', stroke: '#8a7d6c', dash: [3, 5] }
}

/** Colours of nations' ports. */
const NATION_COLOURS: Record<string, string> = {
  Castille: '#b23a2b',
  Montaigne: '#3b5fa8',
  Avalon: '#2f7d4f',
  Vendel: '#7b5aa6',
  Vesten: '#4f6f7f',
  Eisen: '#555555',
  Vodacce: '#a8742b',
  Vodocce: '#a8742b',
  Ussura: '#8a4f2b',
  Crescent: '#2b8a86'
}
export function nationColour(nation: string, pirate = false): string {
  if (pirate) return '#1b1b1b'
  return NATION_COLOURS[nation] ?? '#5c5142'
}

/** Length of a polyline. */
export function polylineLength(pts: readonly Point[]): number {
  let d = 0
  for (let i = 1; i < pts.length; i++) d += Math.hypot(pts[i]!.x - pts[i - 1]!.x, pts[i]!.y - pts[i - 1]!.y)
  return d
}

/** The point a fraction (0…1) of the way along a polyline. */
export function alongPolyline(pts: readonly Point[], f: number): Point {
  if (pts.length === 0) return { x: 0, y: 0 }
  if (pts.length === 1 || f <= 0) return pts[0]!
  const total = polylineLength(pts)
  let want = Math.min(1, f) * total
  for (let i = 1; i < pts.length; i++) {
    const a = pts[i - 1]!
    const b = pts[i]!
    const seg = Math.hypot(b.x - a.x, b.y - a.y)
    if (want <= seg || i === pts.length - 1) {
      const k = seg > 0 ? Math.min(1, want / seg) : 1
      return { x: a.x + (b.x - a.x) * k, y: a.y + (b.y - a.y) * k }
    }
    want -= seg
  }
  return pts[pts.length - 1]!
}

/** The polyline up to a fraction of its length. */
export function polylineUpTo(pts: readonly Point[], f: number): Point[] {
  if (pts.length < 2) return [...pts]
  const total = polylineLength(pts)
  let want = Math.min(1, Math.max(0, f)) * total
  const out: Point[] = [pts[0]!]
  for (let i = 1; i < pts.length; i++) {
    const a = pts[i - 1]!
    const b = pts[i]!
    const seg = Math.hypot(b.x - a.x, b.y - a.y)
    if (want <= seg) {
      const k = seg > 0 ? want / seg : 1
      out.push({ x: a.x + (b.x - a.x) * k, y: a.y + (b.y - a.y) * k })
      return out
    }
    out.push(b)
    want -= seg
  }
  return out
}

export const flat = (pts: readonly Point[]): number[] => pts.flatMap((p) => [p.x, p.y])

/** A distance in the chart's unit: nautical miles in Théah, kilometres in Atrilia ("1,200 nm", "96 km"). */
export function nm(n: number, unit: DistanceUnit = 'nm'): string {
  return `${Math.round(n).toLocaleString('en')} ${unit}`
}
