import { CalcInputError, d6Face as face } from '../battle/calc-error'
import { turnPoint } from './board'
import type { BroadsidesWind } from './tables'

/**
 * The wind (seed 001 "Wind"; rules guide §5 Compass). The wind is named by the point it blows from
 * (0–7 clockwise from north). It blows at a ship when it comes from dead ahead of her: she would face
 * straight into it.
 */

/**
 * Seed 001, Wind: the opening direction on turn 1 "may not be blowing directly at either ship … so there
 * are only 6 possible opening positions". Reading: the points that blow at neither ship are counted
 * clockwise from the point after the first ship's heading, and the die picks the one at its face (when
 * both ships face the same way seven points are open; the seventh, just anticlockwise of that heading,
 * cannot come up).
 */
export function openingWind(headings: readonly number[], roll: number): { direction: number; open: number[] } {
  face(roll)
  const first = headings[0] ?? 0
  const open: number[] = []
  for (let i = 1; i <= 8; i++) {
    const p = turnPoint(first, i)
    if (!headings.includes(p)) open.push(p)
  }
  return { direction: open[(roll - 1) % open.length]!, open }
}

/** Seed 001, Wind, each later turn: back one point (anticlockwise), hold, or veer one point (clockwise), by the die. */
export function shiftWind(w: BroadsidesWind, direction: number, roll: number): { direction: number; shift: number } {
  if (!Number.isInteger(direction) || direction < 0 || direction > 7) throw new CalcInputError('the compass has points 0 to 7', 'direction')
  const shift = w.shift[face(roll) - 1]!
  return { direction: turnPoint(direction, shift), shift }
}

/** Seed 001, Wind: "A ship may not move directly into the wind". */
export const intoWind = (heading: number, wind: number): boolean => heading === wind

/** Rules guide §5: "facing with the wind" = the wind blowing from astern or from either quarter. */
export const withWind = (heading: number, wind: number): boolean => {
  const rel = turnPoint(wind, -heading)
  return rel === 3 || rel === 4 || rel === 5
}
