import { CalcInputError } from '../battle/calc-error'
import type { Term } from '../battle/ruleset'
import { isPip, reefAt, samePip, stepFrom, turnPoint, type Pip } from './board'
import type { BroadsidesBoard, BroadsidesReefs, Card } from './tables'
import { CARD_NAMES } from './tables'
import { intoWind, withWind } from './wind'

/**
 * A maneuver card's movement on the pip grid (seed 001 "Speed", "Wind", "The Board", "Reefs"; rules guide
 * §5 "The board"): Forward moves one step ahead; Turn Port / Turn Starboard turn her one point and move
 * her one step in the new heading; Anchor leaves her in place and costs 1 speed; a Damage card leaves her
 * in place. Straight into the wind she does not move and loses 1 speed (reading: a turn card onto the wind
 * still turns her). A maneuver that would leave the board is an Anchor. Ending a maneuver facing with the
 * wind adds 1 speed (reading: a maneuver that moved her). A step ending on a reef's centre costs hull
 * tokens by her speed.
 */

export interface Helm {
  at: Pip
  heading: number
  speed: number
}
export interface CardResult extends Helm {
  /** The card as it played out: an off-board maneuver plays as an Anchor. */
  played: Card
  moved: boolean
  offBoard: boolean
  intoWind: boolean
  /** Hull tokens she takes from a reef (0 when none). */
  reefTokens: number
  /** She ended on the other ship's pip. */
  collision: boolean
  text: string
  terms: Term[]
}

/** Seed 001, Reefs: the hull tokens by her speed (0 to 3, the seed's range; any other is refused at the field, never clamped). */
export function reefTokens(r: BroadsidesReefs, speed: number): number {
  if (!Number.isInteger(speed) || speed < 0 || speed > 3) throw new CalcInputError('a ship’s speed is 0 to 3', 'speed')
  return r.hullTokens[speed]!
}

export function playCard(b: BroadsidesBoard, r: BroadsidesReefs, reefs: readonly Pip[], helm: Helm, card: Card, wind: number, other: Pip | null): CardResult {
  const base = { at: helm.at, heading: helm.heading, speed: helm.speed, played: card, moved: false, offBoard: false, intoWind: false, reefTokens: 0, collision: false }
  const terms: Term[] = [{ label: 'speed before', value: helm.speed }]
  const slower = (why: string): number => {
    const speed = Math.max(0, helm.speed - 1)
    if (speed !== helm.speed) terms.push({ label: why, value: -1 })
    return speed
  }
  if (card === 'damage') return { ...base, text: 'a Damage card: she does not move', terms }
  if (card === 'anchor') return { ...base, speed: slower('Anchor'), text: 'Anchor: she stays where she is', terms }
  const heading = card === 'forward' ? helm.heading : turnPoint(helm.heading, card === 'turnPort' ? -1 : 1)
  if (intoWind(heading, wind)) {
    return { ...base, heading, intoWind: true, speed: slower('straight into the wind'), text: `${CARD_NAMES[card]}: straight into the wind, she does not move`, terms }
  }
  const to = stepFrom(helm.at, heading)
  if (!isPip(b, to)) return { ...base, played: 'anchor', offBoard: true, speed: slower('off the board: an Anchor'), text: `${CARD_NAMES[card]} would take her off the board: it is played as an Anchor`, terms }
  const tokens = reefAt(reefs, to) ? reefTokens(r, helm.speed) : 0
  if (reefAt(reefs, to)) terms.push({ label: `into a reef at speed ${helm.speed}: hull tokens`, value: tokens })
  let speed = helm.speed
  if (withWind(heading, wind) && speed < b.maxSpeed) {
    speed++
    terms.push({ label: 'ending the maneuver with the wind', value: 1 })
  }
  const collision = other !== null && samePip(to, other)
  return { ...base, at: to, heading, speed, moved: true, reefTokens: tokens, collision, text: `${CARD_NAMES[card]}${collision ? ': she runs into the enemy' : ''}`, terms }
}
