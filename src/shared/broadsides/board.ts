import type { BroadsidesBoard } from './tables'

/**
 * The sea board (seed 001 "The Board"; rules guide §5): a square grid whose corners and centres are
 * the pips. A pip is written in half-squares, `{x, y}` from the top-left corner (x east, y south):
 * corners have both even, centres both odd. A ship faces one of 8 points, 0–7 clockwise from north.
 * An orthogonal step joins two corners (or two centres, "as if they were connected by a line"); a
 * diagonal step joins a corner and a centre, so a square's diagonal is two steps.
 */

export interface Pip {
  x: number
  y: number
}

/** One step along each of the 8 points, in half-squares. */
export const STEPS: readonly Pip[] = [
  { x: 0, y: -2 },
  { x: 1, y: -1 },
  { x: 2, y: 0 },
  { x: 1, y: 1 },
  { x: 0, y: 2 },
  { x: -1, y: 1 },
  { x: -2, y: 0 },
  { x: -1, y: -1 }
]
export const POINT_NAMES = ['north', 'north-east', 'east', 'south-east', 'south', 'south-west', 'west', 'north-west'] as const

export const turnPoint = (p: number, by: number): number => (((p + by) % 8) + 8) % 8

export const isPip = (b: BroadsidesBoard, p: Pip): boolean =>
  Number.isInteger(p.x) && Number.isInteger(p.y) && p.x >= 0 && p.y >= 0 && p.x <= 2 * b.width && p.y <= 2 * b.height && (p.x & 1) === (p.y & 1)

export const samePip = (a: Pip, b: Pip): boolean => a.x === b.x && a.y === b.y

export const stepFrom = (p: Pip, heading: number): Pip => ({ x: p.x + STEPS[heading]!.x, y: p.y + STEPS[heading]!.y })

/** The fewest steps from one pip to another (seed 001 "movement pips"): diagonals first, then orthogonal steps. */
export function pipDistance(a: Pip, b: Pip): number {
  const dx = Math.abs(a.x - b.x)
  const dy = Math.abs(a.y - b.y)
  const lo = Math.min(dx, dy)
  return lo + (Math.max(dx, dy) - lo) / 2
}

/** The nearest of the 8 points from one pip towards another (null on the same pip). */
export function bearing(from: Pip, to: Pip): number | null {
  const dx = to.x - from.x
  const dy = to.y - from.y
  if (dx === 0 && dy === 0) return null
  const a = Math.atan2(dx, -dy) // 0 = north, clockwise
  return turnPoint(Math.round(a / (Math.PI / 4)), 0)
}

/** Where `to` lies from a ship at `from` heading `heading`: 0 dead ahead, 2 starboard beam, 4 astern, 6 port beam. */
export function relativePoint(from: Pip, heading: number, to: Pip): number | null {
  const b = bearing(from, to)
  return b === null ? null : turnPoint(b, -heading)
}

/** A reef is a square `{x, y}` (its column and row, from 0); a step moves into it when it ends on its centre pip. */
export const reefAt = (reefs: readonly Pip[], p: Pip): boolean => (p.x & 1) === 1 && reefs.some((r) => 2 * r.x + 1 === p.x && 2 * r.y + 1 === p.y)
