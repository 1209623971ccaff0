import { OUT_OF_SIGHT, pairKey } from '../../../../shared/highseas/types'

/**
 * Where the board puts things: six range bands as rings around the selected ship (Close innermost),
 * a strip along the bottom for ships out of sight. Pure: sizes in, coordinates out.
 */
export interface Geometry {
  width: number
  height: number
  cx: number
  cy: number
  /** Ring edges: band i (0 Close … 5 Extreme) lies between edges[i] and edges[i + 1]. */
  edges: number[]
  strip: { x: number; y: number; w: number; h: number }
  /** Token scale for small boards. */
  scale: number
}

export const STRIP_H = 62
const BAND_WEIGHTS = [2.1, 1.3, 1, 1, 1, 1]

export function geometry(width: number, height: number): Geometry {
  const seaH = Math.max(120, height - STRIP_H)
  const R = Math.max(60, Math.min(width, seaH) / 2 - 6)
  // Close and Short, where ships grapple and fire, get wider bands than the far rings.
  const inner = R * 0.17
  const unit = (R - inner) / BAND_WEIGHTS.reduce((a, b) => a + b, 0)
  const edges = [inner]
  for (const w of BAND_WEIGHTS) edges.push(edges[edges.length - 1]! + w * unit)
  return {
    width,
    height,
    cx: width / 2,
    cy: seaH / 2,
    edges,
    strip: { x: 0, y: seaH, w: width, h: height - seaH },
    scale: Math.max(0.7, Math.min(1, R / 300))
  }
}

/** The radius of the middle of a band (a fractional step slides between bands). */
export function bandRadius(g: Geometry, step: number): number {
  const s = Math.max(0, Math.min(5, step))
  const lo = Math.floor(s)
  const f = s - lo
  const mid = (i: number) => (g.edges[i]! + g.edges[i + 1]!) / 2
  return lo >= 5 ? mid(5) : mid(lo) * (1 - f) + mid(lo + 1) * f
}

/** Stable angles: each other participant keeps its own bearing, whatever ring it is in. */
export function bearings(ids: string[], selected: string | null): Record<string, number> {
  const others = ids.filter((id) => id !== selected)
  const n = Math.max(1, others.length)
  const out: Record<string, number> = {}
  others.forEach((id, k) => {
    out[id] = -Math.PI / 4 + (k * 2 * Math.PI) / n
  })
  return out
}

export interface Point {
  x: number
  y: number
}

/** A participant's spot for a range step; out of sight: a slot in the bottom strip. */
export function spot(g: Geometry, step: number, bearing: number, slot: number, slots: number): Point {
  if (step >= OUT_OF_SIGHT) {
    const w = g.strip.w - 140
    return { x: 130 + ((slot + 0.5) * w) / Math.max(1, slots), y: g.strip.y + g.strip.h / 2 + 4 }
  }
  const r = bandRadius(g, step)
  return { x: g.cx + r * Math.cos(bearing), y: g.cy + r * Math.sin(bearing) }
}

export function rangeStep(ranges: Record<string, number>, a: string, b: string): number {
  return ranges[pairKey(a, b)] ?? OUT_OF_SIGHT
}

export const lerp = (a: number, b: number, t: number): number => a + (b - a) * t
export const ease = (t: number): number => (t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2)
