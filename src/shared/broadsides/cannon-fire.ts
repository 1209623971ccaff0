import { d6Face as face } from '../battle/calc-error'
import type { Term } from '../battle/ruleset'
import type { Side } from './ship-deck'
import { BROADSIDES_BOARD, type BroadsidesArcs, type BroadsidesDrift, type BroadsidesHit, type DeckName, type HitLocation } from './tables'

/**
 * Cannon fire (seed 001 "Ship Combat"; rules guide §5): the firing arcs of each deck, the drift roll, the
 * hit-location roll, hull tokens and sinking, masts. Pure functions of plain values.
 */

/** Seed 001: "Create firing arcs for each deck": does a cannon on that deck's side bear on a target at relative point `rel`? */
export const bears = (arcs: BroadsidesArcs, deck: DeckName, side: Side, rel: number): boolean => arcs[deck][side].includes(rel)

/**
 * Seed 001, Ship Combat: "On a roll of 1-2 it drifts one row to the left, 3-4 there is no drift, and on a 5-6
 * it drifts one row to the right … Cannon on the same deck as a master gunner do not have to roll for drift."
 */
export function drift(d: BroadsidesDrift, roll: number | undefined, masterGunner: boolean): { rows: -1 | 0 | 1 } {
  if (masterGunner) {
    if (roll !== undefined) face(roll)
    return { rows: 0 }
  }
  return { rows: d.rows[face(roll) - 1] as -1 | 0 | 1 }
}

/** Rules guide §5: "where exactly the cannonball hits" — 1 miss, 2 hull, 3–4 deck, 5 mast square (deck if none), 6 the GM's choice. */
export const hitLocation = (h: BroadsidesHit, roll: number): HitLocation => h.location[face(roll) - 1]!

export interface HullTokens {
  port: number[]
  starboard: number[]
}

/**
 * Seed 001: "Place a hull damage token along the side of the ship next to that row. If a second hull hit is
 * scored on that row place a 2nd dmg token on top of the first … Further hull hits on that row (on that side)
 * have no further effect." The tokens on that side by that row after the hit, and whether it changed.
 */
export function hullHit(tokens: readonly number[], row: number): { tokens: number[]; placed: boolean } {
  const t = [...tokens]
  const placed = (t[row] ?? 0) < 2
  if (placed) t[row] = (t[row] ?? 0) + 1
  return { tokens: t, placed }
}

/** Rows on that side with at least one hull token (a stack counts once). */
export const damagedRows = (tokens: readonly number[]): number => tokens.filter((n) => n > 0).length

/**
 * Seed 001: "If there are 5 or more rows with hull dmg tokens along a single side of a ship, it sinks."
 * `rows` is the sea board table's `sinkRows` (the seed's 5 when not given).
 */
export function sinks(hull: HullTokens, rows: number = BROADSIDES_BOARD.sinkRows): { sinks: boolean; side: Side | null; terms: Term[] } {
  const port = damagedRows(hull.port)
  const starboard = damagedRows(hull.starboard)
  const terms = [
    { label: 'port-side rows with hull damage', value: port },
    { label: 'starboard-side rows with hull damage', value: starboard }
  ]
  if (port >= rows) return { sinks: true, side: 'port', terms }
  if (starboard >= rows) return { sinks: true, side: 'starboard', terms }
  return { sinks: false, side: null, terms }
}

/**
 * The Boatswain (seed 001 Crew): "you may repair 1 damaged hull token" — an unstacked one ("stacked hull
 * damage tokens may not be repaired"). The rows of a side he may repair.
 */
export const repairableRows = (tokens: readonly number[]): number[] => tokens.flatMap((n, i) => (n === 1 ? [i] : []))

/**
 * Seed 001: "When a deck space is hit, remove either 2 crew, or 1 cannon + 1 crew … If no units are on a
 * deck space there is no effect." Reading: a square with a cannon loses the cannon and one unit; one
 * without loses two units; ordinary crew go before officers.
 */
export function deckHit(units: number, cannon: boolean): { units: number; cannon: boolean } {
  if (cannon) return { units: Math.min(1, units), cannon: true }
  return { units: Math.min(2, units), cannon: false }
}

/** Rules guide §5, Masts: a mast falls when her hits reach the mast's strength (fore and mizzen 1, main 2). */
export const mastFalls = (hits: number, strength: number): boolean => hits >= strength

export interface HitChances {
  /** Off the ship (drift past her bow or stern) or a 1 on the hit roll. */
  miss: number
  hull: number
  deck: number
  mast: number
  /** The firer's choice of square (a 6). */
  choice: number
  /** The chance of each row being hit, by row (0 for rows the shot cannot reach). */
  rows: number[]
}

/**
 * The chances of a shot at a declared row (for the board, before rolling): drift (none on the Master
 * Gunner's deck), then the hit roll on the row it lands in; a row without a mast reads a 5 as a deck hit.
 */
export function hitChances(d: BroadsidesDrift, h: BroadsidesHit, rows: number, mastRows: readonly number[], row: number, masterGunner: boolean): HitChances {
  const out: HitChances = { miss: 0, hull: 0, deck: 0, mast: 0, choice: 0, rows: Array.from({ length: rows }, () => 0) }
  const drifts = masterGunner ? [0] : d.rows
  for (const dr of drifts) {
    const p = 1 / drifts.length
    const r = row + dr
    if (r < 0 || r >= rows) {
      out.miss += p
      continue
    }
    for (const loc of h.location) {
      const q = p / h.location.length
      const at = loc === 'mast' && !mastRows.includes(r) ? 'deck' : loc
      out[at] += q
      if (at !== 'miss') out.rows[r]! += q
    }
  }
  return out
}
