import type { BattleSetup } from './types'
import { count } from '../words'

/**
 * The limits of a battle's review (issue 16 point 4), as the engine knows them: what a GM may write
 * back for each ship when the battle is concluded. Pure; the conclude command refuses a review with any
 * problem, and the review dialog shows each at its field.
 *
 *  - Hull damage is at most her Hull points; a ship whose damage takes all of them has no hull left and
 *    cannot stay afloat, escape or be taken as a prize (seed 003 IV "DAMAGE": at 0 Hull she sinks; a fort
 *    is destroyed; a town's Hull points are the damage at which it surrenders, so a town is taken).
 *  - Rigging damage is at most her Rigging points.
 *  - Crew after and crew lost are each at most the people aboard when the battle began (no more than her
 *    hull holds: the battle starts from her crew).
 *  - Powder after is at most the powder aboard when the battle began.
 */
export interface ReviewLineLike {
  participantId: string
  fate: 'afloat' | 'escaped' | 'sunk' | 'captured' | 'destroyed'
  hullDamage: number
  riggingDamage: number
  crewAfter: number
  crewLost: number
  powderAfter: number
}

export interface ReviewProblem {
  /** The line's index in the review. */
  line: number
  /** The field of the line ('hullDamage', 'fate', …). */
  key: 'fate' | 'hullDamage' | 'riggingDamage' | 'crewAfter' | 'crewLost' | 'powderAfter'
  /** `lines.<i>.<key>`, as the conclude command names it. */
  field: string
  message: string
}

export function reviewProblems(setup: BattleSetup, lines: readonly ReviewLineLike[]): ReviewProblem[] {
  const out: ReviewProblem[] = []
  lines.forEach((l, line) => {
    const p = setup.participants.find((x) => x.id === l.participantId)
    if (!p) return
    const add = (key: ReviewProblem['key'], message: string) => out.push({ line, key, field: `lines.${line}.${key}`, message })
    const sinks = p.kind === 'ship' ? 'sunk' : 'destroyed'
    if (l.hullDamage > p.hullPoints) add('hullDamage', `At most ${p.hullPoints}: her Hull points (she has ${count(p.hullPoints, 'Hull point')}).`)
    // (A town's Hull points are the damage at which it surrenders: at all of them it is taken, not destroyed.)
    else if (p.kind !== 'town' && l.hullDamage === p.hullPoints && p.hullPoints > 0 && l.fate !== 'sunk' && l.fate !== 'destroyed') {
      add(
        'fate',
        `${l.hullDamage} hull damage takes all ${p.hullPoints} of her Hull points: she is ${sinks}, not ${l.fate === 'afloat' ? 'afloat' : l.fate}. Choose ${sinks === 'sunk' ? 'Sunk' : 'Destroyed'}, or less damage.`
      )
    }
    if (l.riggingDamage > p.riggingPoints) add('riggingDamage', `At most ${p.riggingPoints}: her Rigging points.`)
    if (l.crewAfter > p.crew) add('crewAfter', `At most ${p.crew}: ${count(p.crew, 'soul')} were aboard when the battle began.`)
    if (l.crewLost > p.crew) add('crewLost', `At most ${p.crew}: ${count(p.crew, 'soul')} were aboard when the battle began.`)
    if (l.powderAfter > p.powderTons + 1e-9) add('powderAfter', `At most ${p.powderTons} t: the powder aboard when the battle began.`)
  })
  return out
}
