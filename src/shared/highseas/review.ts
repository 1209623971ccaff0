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
 *  - A prize crew (issue 16 point 10, `prizeCrewProblems`), for a captured ship passing to owners with a
 *    captor in the campaign: none (0: she cannot sail until manned) or at least her minimum sail crew (seed 003 I: "In an emergency, a Corsair must have sail crew of at least
 *    six men"), at most the hands her captor has left after the battle and the prize crews she has already
 *    given; a captor that is sunk, destroyed or taken herself has none to give.
 */
export interface ReviewLineLike {
  participantId: string
  fate: 'afloat' | 'escaped' | 'sunk' | 'captured' | 'destroyed'
  hullDamage: number
  riggingDamage: number
  crewAfter: number
  crewLost: number
  powderAfter: number
  name?: string
  shipId?: number | null
  prizeOwners?: readonly unknown[]
  prizeCrew?: number
  prizeCrewFrom?: number | null
  prizeCrewMin?: number
}

export interface ReviewProblem {
  /** The line's index in the review. */
  line: number
  /** The field of the line ('hullDamage', 'fate', …). */
  key: 'fate' | 'hullDamage' | 'riggingDamage' | 'crewAfter' | 'crewLost' | 'powderAfter' | 'prizeCrew'
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

/** Whether a line asks for a prize crew: captured, passing to owners, with a campaign captor. */
export const needsPrizeCrew = (l: ReviewLineLike): boolean =>
  l.fate === 'captured' && (l.prizeOwners?.length ?? 0) > 0 && l.prizeCrewFrom !== undefined && l.prizeCrewFrom !== null

/** The prize crews' limits (see the header), each at its line's `prizeCrew`. */
export function prizeCrewProblems(lines: readonly ReviewLineLike[]): ReviewProblem[] {
  const out: ReviewProblem[] = []
  const given = new Map<number, number>()
  lines.forEach((l, line) => {
    if (!needsPrizeCrew(l) || l.prizeCrew === undefined) return
    const add = (message: string) => out.push({ line, key: 'prizeCrew', field: `lines.${line}.prizeCrew`, message })
    const from = l.prizeCrewFrom!
    const captor = lines.find((c) => c.shipId === from)
    const min = l.prizeCrewMin ?? 0
    // 0: no prize crew, she lies where she is until manned; else at least her minimum sail crew.
    if (l.prizeCrew > 0 && l.prizeCrew < min) return add(`At least ${min} (her minimum sail crew), or 0 to leave her unmanned.`)
    const who = `the ${captor?.name ?? 'captor'}`
    if (captor && captor.fate !== 'afloat' && l.prizeCrew > 0) {
      const gone = { escaped: 'gone (escaped)', sunk: 'sunk', destroyed: 'destroyed', captured: 'taken herself', afloat: '' }[captor.fate]
      return add(`${who.charAt(0).toUpperCase()}${who.slice(1)}, who took her, is ${gone}: she has no hands to give.`)
    }
    const before = given.get(from) ?? 0
    const left = Math.max(0, (captor?.crewAfter ?? 0) - before)
    if (l.prizeCrew > left) {
      add(`At most ${left}: the ${count(left, 'hand')} ${who} has left${before ? ` after ${count(before, 'hand')} given to other prizes` : ''}.`)
    }
    given.set(from, before + l.prizeCrew)
  })
  return out
}

/**
 * What is wrong with a captured ship's new owners as a whole (null: nothing): their shares must add up to
 * 100% and each owner may appear once. Shared by every review that takes prizes, in the main process (which
 * also checks each owner exists) and in the review dialogs, so the window says at the field what the door says.
 */
export function prizeOwnersProblem(owners: readonly { ownerId: number; share: number }[]): string | null {
  if (!owners.length) return null
  const total = owners.reduce((n, o) => n + o.share, 0)
  if (total !== 100) return `shares must add up to 100% (they add up to ${total}%)`
  return new Set(owners.map((o) => o.ownerId)).size !== owners.length ? 'each owner may appear once' : null
}

/**
 * The prize crews concluding moves (issue 16 point 10): each prize's as given, or (absent) her minimum sail
 * crew when her captor can still spare it, else none (she lies where she is until manned); a captor that is
 * not afloat gives none. `crewOf` by the prize's `participantId`, `moved` the hands each captor gives.
 */
export function assignPrizeCrews(lines: readonly ReviewLineLike[]): { crewOf: Map<string, number>; moved: Map<number, number> } {
  const moved = new Map<number, number>()
  const crewOf = new Map<string, number>()
  for (const l of lines) {
    if (!needsPrizeCrew(l)) continue
    const from = l.prizeCrewFrom!
    const captor = lines.find((c) => c.shipId === from)
    const left = captor && captor.fate === 'afloat' ? captor.crewAfter - (moved.get(from) ?? 0) : 0
    const n = l.prizeCrew ?? (left >= (l.prizeCrewMin ?? 0) ? (l.prizeCrewMin ?? 0) : 0)
    moved.set(from, (moved.get(from) ?? 0) + n)
    crewOf.set(l.participantId, n)
  }
  return { crewOf, moved }
}
