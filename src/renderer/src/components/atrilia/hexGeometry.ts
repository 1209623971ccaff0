/**
 * Pixels of the Atrilian hex board (flat-topped hexes, odd columns half a hex lower, as
 * src/shared/atrilia/hex.ts lays them out): hex centre ↔ pixel, corners, hexside midpoints.
 */
import { COLUMNS, DIRS, ROWS, fromOffset, onMap, type Hex } from '../../../../shared/atrilia/hex'

export interface HexGeo {
  /** Centre to corner, in pixels. */
  R: number
  /** The centre of A1's hex. */
  ox: number
  oy: number
  width: number
  height: number
}

const S3 = Math.sqrt(3)
/** Room for the column letters (top) and the row numbers (left). */
export const MARGIN = { left: 26, top: 22, right: 8, bottom: 10 }

/** The largest hex that fits the box (never smaller than `min`). */
export function hexGeo(w: number, h: number, min = 18): HexGeo {
  const byW = (w - MARGIN.left - MARGIN.right) / (1.5 * (COLUMNS - 1) + 2)
  const byH = (h - MARGIN.top - MARGIN.bottom) / (S3 * (ROWS + 0.5))
  const R = Math.max(min, Math.floor(Math.min(byW, byH) * 10) / 10)
  return {
    R,
    ox: MARGIN.left + R,
    oy: MARGIN.top + (S3 / 2) * R,
    width: MARGIN.left + MARGIN.right + R * (1.5 * (COLUMNS - 1) + 2),
    height: MARGIN.top + MARGIN.bottom + S3 * R * (ROWS + 0.5)
  }
}

export function px(g: HexGeo, h: Hex): { x: number; y: number } {
  return { x: g.ox + 1.5 * g.R * h.q, y: g.oy + S3 * g.R * (h.r + h.q / 2) }
}

/** The hex under a pixel (null off the map). */
export function hexAtPx(g: HexGeo, x: number, y: number): Hex | null {
  const fx = (x - g.ox) / g.R
  const fy = (y - g.oy) / g.R
  const q = (2 / 3) * fx
  const r = -fx / 3 + (S3 / 3) * fy
  // Cube rounding.
  const s = -q - r
  let rq = Math.round(q)
  let rr = Math.round(r)
  const rs = Math.round(s)
  const dq = Math.abs(rq - q)
  const dr = Math.abs(rr - r)
  const ds = Math.abs(rs - s)
  if (dq > dr && dq > ds) rq = -rr - rs
  else if (dr > ds) rr = -rq - rs
  const h = { q: rq, r: rr }
  return onMap(h) ? h : null
}

/** The six corners of a hex (flat-topped), as a flat list for a Konva line. */
export function corners(g: HexGeo, h: Hex, scale = 1): number[] {
  const c = px(g, h)
  const out: number[] = []
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 3) * i
    out.push(c.x + g.R * scale * Math.cos(a), c.y + g.R * scale * Math.sin(a))
  }
  return out
}

/** The angle (degrees, Konva's clockwise from +x) a facing 1–6 points to. */
export function facingAngle(f: number): number {
  const d = DIRS[f - 1]!
  const x = 1.5 * d.q
  const y = S3 * (d.r + d.q / 2)
  return (Math.atan2(y, x) * 180) / Math.PI
}

/** The two corners of hexside `f` of a hex (the side shared with its neighbour that way). */
export function hexside(g: HexGeo, h: Hex, f: number, inset = 1): number[] {
  const c = px(g, h)
  const mid = (facingAngle(f) * Math.PI) / 180
  const a1 = mid - Math.PI / 6
  const a2 = mid + Math.PI / 6
  const R = g.R * inset
  return [c.x + R * Math.cos(a1), c.y + R * Math.sin(a1), c.x + R * Math.cos(a2), c.y + R * Math.sin(a2)]
}

/** Every hex of the map, column by column. */
export const ALL_HEXES: Hex[] = (() => {
  const out: Hex[] = []
  for (let col = 0; col < COLUMNS; col++) for (let row = 0; row < ROWS; row++) out.push(fromOffset(col, row))
  return out
})()
