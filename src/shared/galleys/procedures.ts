import { WIND_MARKER_NAMES, WIND_TURN_WORDS, type GalleysCollisions, type GalleysCriticals, type GalleysFire, type GalleysTable, type GalleysWeather, type WindMarker } from './tables'
import type { Cause, Criticals, Hull, Propulsion, Term, Wind } from './types'
import { CalcInputError } from '../battle/calc-error'

/**
 * The procedures of seed 000 on plain values: functions of a vessel (or the wind) and the faces of
 * the dice in the order the procedure rolls them. The table's engine (engine.ts) and the API's
 * calculators both use these, so the two cannot disagree. Nothing is mutated.
 */

/** A vessel as the procedures read her. Traits by the names the seed writes ("Lucky", "Razee" …). */
export interface Vessel {
  hull: Hull
  propulsion: Propulsion
  traits: readonly string[]
  criticals: Criticals
}

export const hasTrait = (traits: readonly string[], name: string): boolean => traits.some((t) => t.trim().toLowerCase() === name.toLowerCase())


function take(dice: readonly number[], i: number, what: string): number {
  const v = dice[i]
  if (v === undefined) throw new CalcInputError(`dice: ${what} needs die ${i + 1}, but only ${dice.length} ${dice.length === 1 ? 'was' : 'were'} given.`)
  if (!Number.isInteger(v) || v < 1 || v > 6) throw new CalcInputError(`dice: die ${i + 1} is ${v}; a d6 shows 1 to 6.`)
  return v
}
function done(dice: readonly number[], used: number, what: string) {
  if (dice.length > used) throw new CalcInputError(`dice: ${what} rolls ${used} ${used === 1 ? 'die' : 'dice'} here, but ${dice.length} were given.`)
}

// ─── Weather Change ─────────────────────────────────────────────────────────────────────────────

export interface WeatherResult {
  wind: Wind
  changed: boolean
  /** The dice read, in order. */
  used: number
  log: string[]
}

const MARKER_WORDS: Record<WindMarker, string> = { veer: 'veering (+1 to the next direction die)', back: 'backing (−1 to the next direction die)', steady: 'steady (the next weather change roll is ignored)' }

/**
 * Seed 000, Weather Change: the weather die (on a 6 the wind may change); the amount die (1–3 one
 * point, 4–6 two); the direction die, −1 with a backing marker (minimum 1), +1 with a veering one
 * (maximum 6). A steady marker: this roll is ignored (no die is thrown) and the marker removed.
 * A marker is removed once it has affected the next direction die.
 */
export function weatherChange(w: GalleysWeather, t: GalleysTable, wind: Wind, dice: readonly number[]): WeatherResult {
  const log: string[] = []
  if (wind.marker === 'steady') {
    done(dice, 0, 'a weather change with a steady wind')
    log.push('The wind is steady: this weather change roll is ignored and the Steady marker removed.')
    return { wind: { direction: wind.direction, marker: null }, changed: false, used: 0, log }
  }
  const change = take(dice, 0, 'the weather change')
  if (change < w.changeOn) {
    done(dice, 1, 'a weather change that does not change the wind')
    log.push(`Weather die ${change}: no change (the wind may change on ${w.changeOn === 6 ? 'a 6' : `${w.changeOn} or more`}).`)
    return { wind: { ...wind }, changed: false, used: 1, log }
  }
  const amountDie = take(dice, 1, 'the weather change (how much)')
  const amount = amountDie <= w.onePointUpTo ? w.smallChange : w.bigChange
  const raw = take(dice, 2, 'the weather change (which way)')
  done(dice, 3, 'a weather change')
  let dir = raw
  let mod = ''
  if (wind.marker === 'back') {
    dir = Math.max(1, raw - w.backBy)
    mod = ` − ${w.backBy} backing = ${dir}${raw - w.backBy < 1 ? ' (minimum 1)' : ''}`
  } else if (wind.marker === 'veer') {
    dir = Math.min(6, raw + w.veerBy)
    mod = ` + ${w.veerBy} veering = ${dir}${raw + w.veerBy > 6 ? ' (maximum 6)' : ''}`
  }
  const row = w.direction[dir - 1]!
  const n = t.gaugePoints
  const direction = (((wind.direction + (row.turn === 'clockwise' ? amount : -amount)) % n) + n) % n
  log.push(`Weather die ${change}: the wind may change. Amount die ${amountDie}: ${amount} point${amount === 1 ? '' : 's'}.`)
  log.push(
    `Direction die ${raw}${mod}: the wind ${WIND_TURN_WORDS[row.turn]} from point ${wind.direction} to ${direction}` +
      (row.marker ? ` and is ${MARKER_WORDS[row.marker]}.` : '.') +
      (wind.marker ? ` The ${WIND_MARKER_NAMES[wind.marker]} marker is removed.` : '')
  )
  return { wind: { direction, marker: row.marker }, changed: true, used: 3, log }
}

// ─── Critical Hits ──────────────────────────────────────────────────────────────────────────────

export type CriticalEffect = 'captainKilled' | 'hit' | 'rudder' | 'hull' | 'holed' | 'rigging' | 'fire' | 'explodes' | 'ignored'

export interface CriticalOptions {
  /** The critical is excess damage (seed 000: "if this is excess damage …"). */
  excess?: boolean
  /** The start-of-turn fire roll: +1 to the red die, no holes, no immediate explosion. */
  fireRoll?: boolean
}

export interface CriticalResult {
  effect: CriticalEffect
  criticals: Criticals
  /** Points of damage the critical does (a Hull critical, a later captain critical, a rudder hit after the third). */
  damage: number
  /** +Q for the rest of the game (the captain killed the first time). */
  quality: number
  /** Traits lost: Flagship and Dread Pirate with the captain, Razee and Sweeps after two rigging hits. */
  lostTraits: string[]
  /** The crew strike (rigging or a later captain critical that is excess damage). */
  strikes: boolean
  /** An ornithopter or gyrocopter's second rigging critical. */
  crashes: boolean
  /** An airship or ornithopter drops from high altitude; a submersible may no longer submerge. */
  drops: boolean
  noSubmerge: boolean
  /** The red die as read (after +1), and the words. */
  red: number
  terms: Term[]
  text: string
}

/** Rigging by propulsion (seed 000, Critical Hits — Rigging): what her n-th rigging critical does, in words. */
export function riggingWords(p: Propulsion, n: number): string {
  switch (p) {
    case 'sail':
      return n === 1 ? 'all movement one step less (Long becomes Medium, Medium Short, Short nothing)' : n === 2 ? 'all movement two steps less' : 'she cannot move at all'
    case 'galley':
      return n === 1 ? 'all movement reduced from Medium to Short' : n === 2 ? 'she cannot move' : 'no further effect'
    case 'steam':
      return n === 1 ? 'her speed stays fixed at its current setting' : n === 2 ? 'she may no longer move' : 'no further effect'
    case 'unorthodox':
      return n === 1 ? '−2 to all her movement dice' : n === 2 ? '−4 to all her movement dice' : 'she cannot move'
    case 'ornithopter':
      return n === 1 ? 'she cannot go to high altitude, and drops a level if she is there' : 'she crashes'
    case 'gyrocopter':
      return n === 1 ? 'she can only move once per turn' : 'she crashes'
  }
}

/** A rigging critical that is excess damage makes the crew strike (sail 3+, galley 3+, steam 3+, unorthodox 3+). */
const riggingStrikes = (p: Propulsion, n: number): boolean => (p === 'sail' || p === 'galley' || p === 'steam' || p === 'unorthodox') && n >= 3

const isFlyer = (p: Propulsion) => p === 'ornithopter' || p === 'gyrocopter'

/**
 * Seed 000, Critical Hits: the red die for the effect and the white die for the secondary roll.
 * `dice` = [red, white]. Lucky: a double on the two dice ignores the critical.
 */
export function criticalHit(c: GalleysCriticals, v: Vessel, dice: readonly number[], opts: CriticalOptions = {}): CriticalResult {
  const redDie = take(dice, 0, 'a critical hit (the red die)')
  const white = take(dice, 1, 'a critical hit (the white die)')
  done(dice, 2, 'a critical hit')
  const crit: Criticals = { ...v.criticals }
  const bonus = opts.fireRoll ? c.fireCriticalBonus : 0
  const red = Math.min(6, redDie + bonus)
  const terms: Term[] = [{ label: 'red die', value: redDie }]
  if (bonus) terms.push({ label: 'fire on board', value: bonus })
  const out: CriticalResult = {
    effect: 'ignored',
    criticals: crit,
    damage: 0,
    quality: 0,
    lostTraits: [],
    strikes: false,
    crashes: false,
    drops: false,
    noSubmerge: false,
    red,
    terms,
    text: ''
  }
  const dice2 = `red ${redDie}${bonus ? ` + ${bonus} = ${red}${redDie + bonus > 6 ? ' (read as 6)' : ''}` : ''}, white ${white}`
  if (hasTrait(v.traits, 'Lucky') && redDie === white) {
    out.text = `Critical (${dice2}): a double, and she is Lucky — the critical is ignored.`
    return out
  }
  const row = c.red[red - 1]!.effect
  const hullHit = (why: string) => {
    out.effect = 'hull'
    out.damage = 1
    out.text = `${why} she takes a point of damage${opts.excess ? ' (excess damage)' : ''}.`
  }
  if (row === 'quarterdeck') {
    if (white <= c.captainUpTo) {
      crit.captain++
      if (crit.captain === 1) {
        out.effect = 'captainKilled'
        out.quality = c.captainQuality
        out.lostTraits = ['Flagship', 'Dread Pirate'].filter((t) => hasTrait(v.traits, t))
        out.text =
          `Critical (${dice2}): Quarterdeck — captain killed. She operates at +${c.captainQuality}Q for the rest of the game` +
          (out.lostTraits.length ? `; she loses ${out.lostTraits.join(' and ')}.` : '.')
      } else {
        out.effect = 'hit'
        out.damage = 1
        out.strikes = !!opts.excess
        out.text = `Critical (${dice2}): Quarterdeck — the captain is already dead: 1 hit${opts.excess ? '; it is excess damage, so the crew strike' : ''}.`
      }
    } else if (crit.rudder >= 3) {
      hullHit(`Critical (${dice2}): Quarterdeck — rudder hit a fourth time, treated as a Hull hit:`)
    } else {
      crit.rudder++
      out.effect = 'rudder'
      out.text =
        `Critical (${dice2}): Quarterdeck — rudder hit (${crit.rudder === 1 ? 'first' : crit.rudder === 2 ? 'second' : 'third'} time): ` +
        (crit.rudder < 3 ? `she must expend ${c.rudderTurnActions[crit.rudder - 1]} actions to turn.` : 'she can no longer turn.')
    }
  } else if (row === 'hull') {
    const tests = !opts.fireRoll && !isFlyer(v.propulsion)
    if (tests && white >= c.holedFrom) {
      if (crit.holed) {
        hullHit(`Critical (${dice2}): Hull, holed again — treated as a Hull critical:`)
      } else {
        crit.holed = true
        out.effect = 'holed'
        const sluggish = hasTrait(v.traits, 'Sluggish')
        const kind =
          v.hull === 'submersible'
            ? ' She can no longer submerge.'
            : v.hull === 'airship'
              ? ' She can no longer ascend to high altitude, and drops to sea level if she is there.'
              : ''
        out.noSubmerge = v.hull === 'submersible'
        out.drops = v.hull === 'airship'
        if (sluggish) {
          out.damage = 1
          out.text = `Critical (${dice2}): Hull — holed. She is already Sluggish, so it is treated as a Hull critical (a point of damage) and the hole is recorded.${kind}`
        } else {
          out.text = `Critical (${dice2}): Hull — holed: she is treated as Sluggish for the rest of the game.${kind}`
        }
      }
    } else {
      hullHit(
        `Critical (${dice2}): Hull${isFlyer(v.propulsion) ? ' (an ' + v.propulsion + ' never tests for holes)' : opts.fireRoll ? ' (no test for holes from a fire)' : ''}:`
      )
    }
  } else if (row === 'rigging') {
    crit.rigging++
    out.effect = 'rigging'
    const n = crit.rigging
    out.text = `Critical (${dice2}): Rigging (${v.propulsion}, ${n === 1 ? 'first' : n === 2 ? 'second' : `${n}th`}) — ${riggingWords(v.propulsion, n)}`
    if (isFlyer(v.propulsion) && n >= 2) out.crashes = true
    if (v.propulsion === 'ornithopter' && n === 1) out.drops = true
    if (riggingStrikes(v.propulsion, n) && opts.excess) {
      out.strikes = true
      out.text += '; it is excess damage, so the crew strike'
    }
    if (n >= 2) {
      out.lostTraits = ['Razee', 'Sweeps'].filter((t) => hasTrait(v.traits, t))
      if (out.lostTraits.length) out.text += `; with two rigging hits she may no longer use ${out.lostTraits.join(' or ')}`
    }
    out.text += '.'
  } else {
    if (!opts.fireRoll && white >= c.explodesFrom) {
      out.effect = 'explodes'
      out.text = `Critical (${dice2}): Fire — ${white}: she explodes!`
    } else {
      crit.fires++
      out.effect = 'fire'
      out.text = `Critical (${dice2}): Fire — she ${crit.fires === 1 ? 'catches fire' : `has another fire (${crit.fires})`}.`
    }
  }
  return out
}

// ─── Fire ───────────────────────────────────────────────────────────────────────────────────────

/** Seed 000, Fire: the dice for each fire at the start of the turn; any 6 explodes. */
export function fireTest(f: GalleysFire, fires: number, dice: readonly number[]): { explodes: boolean; text: string } {
  const faces = Array.from({ length: fires }, (_, i) => take(dice, i, `the fire test (${fires} ${fires === 1 ? 'fire' : 'fires'})`))
  const explodes = faces.some((d) => d >= f.explodesOn)
  return {
    explodes,
    text: `Fire test, a die for each of ${fires} ${fires === 1 ? 'fire' : 'fires'}: ${faces.join(', ')} — ${explodes ? `a ${f.explodesOn}: she explodes!` : 'no explosion'}.`
  }
}

/** Seed 000, Fire: the whole activation fighting one fire with the actions she rolled (0–3). */
export function fightFire(f: GalleysFire, actions: number, dice: readonly number[]): { out: boolean; used: number; cutGrapples: boolean; text: string } {
  const cutGrapples = actions >= f.cutGrapplesAt
  if (actions <= 0) {
    done(dice, 0, 'fighting a fire with no actions')
    return { out: false, used: 0, cutGrapples: false, text: 'No actions to fight the fire.' }
  }
  if (actions >= f.automaticAt) {
    done(dice, 0, 'fighting a fire with three actions')
    return { out: true, used: 0, cutGrapples, text: `${actions} actions fighting the fire: it is put out automatically.` }
  }
  const upTo = actions === 1 ? f.oneActionUpTo : f.twoActionsUpTo
  const d = take(dice, 0, 'fighting a fire')
  done(dice, 1, 'fighting a fire')
  const out = d <= upTo
  return { out, used: 1, cutGrapples, text: `${actions} action${actions === 1 ? '' : 's'} fighting the fire: die ${d}, ${out ? 'put out' : 'still burning'} (1–${upTo} puts it out).` }
}

// ─── Collisions ─────────────────────────────────────────────────────────────────────────────────

export type CollisionResult = 'significant' | 'hull' | 'superficial'
/** Seed 000, Collisions: the adjusted table and its modifiers. */
export function collision(
  c: GalleysCollisions,
  input: { roll: number; reinforcedHull: boolean; againstBoats: boolean; againstLowerC: boolean }
): { result: CollisionResult; hits: number; total: number; terms: Term[] } {
  const terms: Term[] = [{ label: 'die', value: input.roll }]
  if (input.reinforcedHull) terms.push({ label: 'Reinforced Hull', value: c.reinforcedHull })
  if (input.againstBoats) terms.push({ label: 'collided with Boats', value: c.againstBoats })
  if (input.againstLowerC) terms.push({ label: 'collided with a non-Boat of lower C', value: c.againstLowerC })
  const total = terms.reduce((a, t) => a + t.value, 0)
  const result: CollisionResult = total <= c.significantUpTo ? 'significant' : total <= c.hullUpTo ? 'hull' : 'superficial'
  return { result, hits: result === 'significant' ? c.significantHits : result === 'hull' ? c.hullHits : 0, total, terms }
}

// ─── Sinking or striking ────────────────────────────────────────────────────────────────────────

/** The cause of an excess Hull hit; 'critical' for one with no row of its own (a fire, an explosion): the Hull critical's own words. */
export type FateCause = Cause | 'critical'
/**
 * Seed 000, Sinking: strike or sink on excess Hull hits by cause. Gunnery (and a Hull critical from
 * any other cause): sink if holed or the total was doubled; small arms and boarding: strike;
 * ramming and running aground: sink; collision: a die, ≤ 2 sinks (−1 if her C is lower).
 */
export function fate(c: GalleysCollisions, input: { cause: FateCause; holed: boolean; doubled: boolean; roll?: number; lowerC?: boolean }): { fate: 'sink' | 'strike'; text: string; terms: Term[] } {
  switch (input.cause) {
    case 'gunnery':
    case 'critical': {
      const sink = input.holed || input.doubled
      return {
        fate: sink ? 'sink' : 'strike',
        terms: [],
        text: sink ? `she sinks (${input.holed ? 'she is holed' : 'the total was doubled'})` : 'she strikes (not holed, the total not doubled)'
      }
    }
    case 'smallArms':
      return { fate: 'strike', terms: [], text: 'small arms: she strikes' }
    case 'boarding':
      return { fate: 'strike', terms: [], text: 'boarding: she strikes' }
    case 'ramming':
      return { fate: 'sink', terms: [], text: 'ramming: she sinks' }
    case 'runAground':
      return { fate: 'sink', terms: [], text: 'run aground: she sinks' }
    case 'collision': {
      if (input.roll === undefined) throw new CalcInputError('dice: the collision’s sinking roll needs a die.')
      take([input.roll], 0, 'the collision’s sinking roll')
      const terms: Term[] = [{ label: 'die', value: input.roll }]
      if (input.lowerC) terms.push({ label: 'her C is lower than the other ship’s', value: c.lowerCModifier })
      const total = terms.reduce((a, t) => a + t.value, 0)
      const sink = total <= c.sinksUpTo
      return { fate: sink ? 'sink' : 'strike', terms, text: `collision, die ${input.roll}${input.lowerC ? ` ${c.lowerCModifier} = ${total}` : ''}: ${sink ? 'she sinks' : 'she strikes'} (${c.sinksUpTo} or less sinks)` }
    }
  }
}
