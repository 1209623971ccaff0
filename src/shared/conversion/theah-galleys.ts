import type { Term } from '../battle/ruleset'
import type { ShipState } from '../galleys/types'
import { BATTERIES, type ParticipantSetup } from '../highseas/types'
import type { TheahGalleys } from './tables'

/**
 * A Théah ship (seed 003 I: hull Size, Handling, Speed, crew, guns) measured as a Galleys & Galleons
 * ship (seed 000: Quality, Combat, hull points, traits, points), and the table's result read back as
 * the Théah review's numbers (hull and rigging damage, crew and guns lost, her fate). Pure; every
 * number carries its terms. The table (`conversionTheahGalleys`) is a house default (issue 21).
 */

export interface Converted {
  value: number
  terms: Term[]
}

/** The Théah numbers a conversion reads: a High Seas participant (a campaign ship or a generated one). */
export type TheahShip = Pick<
  ParticipantSetup,
  'name' | 'crewKind' | 'handling' | 'size' | 'speed' | 'guns' | 'crew' | 'marines' | 'hullPoints' | 'riggingPoints' | 'hullDamage' | 'riggingDamage' | 'shallowDraft' | 'oars'
>

export interface GalleysConversion {
  quality: Converted
  combat: Converted
  hullPoints: Converted
  traits: { name: string; why: string }[]
  points: Converted
}

const CREW_WORDS: Record<TheahShip['crewKind'], string> = { merchant: 'merchant crew', naval: 'naval crew', privateer: 'privateer crew', pirate: 'pirate crew' }

/** The most points a Galleys & Galleons ship has (its set-up's limit). */
const POINTS_CAP = 10000

export const totalGuns = (s: Pick<TheahShip, 'guns'>): number => BATTERIES.reduce((n, b) => n + s.guns[b], 0)

export function theahToGalleys(s: TheahShip, t: TheahGalleys): GalleysConversion {
  const qTerms: Term[] = [{ label: `Quality for a ${CREW_WORDS[s.crewKind]}`, value: t.qualityByCrew[s.crewKind] }]
  let q = t.qualityByCrew[s.crewKind]
  if (s.handling >= t.handlingForBetterQuality && q > 2) {
    qTerms.push({ label: `Handling ${s.handling} (${t.handlingForBetterQuality} or more): one better`, value: -1 })
    q -= 1
  } else if (s.handling >= t.handlingForBetterQuality) qTerms.push({ label: `Handling ${s.handling} (${t.handlingForBetterQuality} or more): one better, capped at 2 (the best Quality)`, value: 0 })
  const guns = totalGuns(s)
  const c = Math.min(12, Math.ceil(guns / t.gunsPerCombat))
  const cTerms: Term[] = [{ label: `${guns} long guns, one Combat for each ${t.gunsPerCombat} (rounded up)`, value: Math.ceil(guns / t.gunsPerCombat) }]
  if (c < Math.ceil(guns / t.gunsPerCombat)) cTerms.push({ label: 'capped at 12 (house default: the most Combat a ship has on the table)', value: c - Math.ceil(guns / t.gunsPerCombat) })
  const hpRaw = Math.ceil(s.hullPoints / t.hullPerHit)
  const hp = Math.min(30, Math.max(1, hpRaw))
  const hpTerms: Term[] = [{ label: `${s.hullPoints} hull points, one table hull point for each ${t.hullPerHit} (rounded up)`, value: hpRaw }]
  if (hp !== hpRaw) hpTerms.push({ label: hp > hpRaw ? 'at least 1 (house default: a ship takes one hit at least)' : 'capped at 30 (house default: the most hull points a ship has on the table)', value: hp - hpRaw })
  const traits: { name: string; why: string }[] = []
  if (s.shallowDraft) traits.push({ name: 'Shallow Draft', why: 'her hull draws little water' })
  if (s.oars) traits.push({ name: 'Sweeps', why: 'she carries oars' })
  if (s.handling >= t.handlingForYare) traits.push({ name: 'Yare', why: `Handling ${s.handling} (${t.handlingForYare} or more)` })
  if (s.crewKind === 'pirate') traits.push({ name: 'Swashbucklers', why: 'a pirate crew' })
  const pTerms: Term[] = [
    { label: `Combat ${c} × ${t.pointsPerCombat}`, value: c * t.pointsPerCombat },
    { label: `Quality ${q}: ${7 - q} steps better than 7 × ${t.pointsPerQuality}`, value: (7 - q) * t.pointsPerQuality },
    { label: `${traits.length} traits × ${t.pointsPerTrait}`, value: traits.length * t.pointsPerTrait }
  ]
  const pRaw = pTerms.reduce((n, x) => n + x.value, 0)
  const points = Math.min(POINTS_CAP, pRaw)
  if (points !== pRaw) pTerms.push({ label: `capped at ${POINTS_CAP} (house default: the most points a ship has on the table)`, value: points - pRaw })
  return {
    quality: { value: q, terms: qTerms },
    combat: { value: c, terms: cTerms },
    hullPoints: { value: hp, terms: hpTerms },
    traits,
    points: { value: points, terms: pTerms }
  }
}

/** What the table did to her, as the Théah review reads it. */
export type TheahFate = 'afloat' | 'sunk' | 'captured' | 'escaped'
export interface TheahBack {
  fate: TheahFate
  /** Total hull and rigging damage after the battle (what she had before and what the table added). */
  hullDamage: Converted
  riggingDamage: Converted
  crewLost: Converted
  /** Guns lost in this battle, by battery. */
  gunsLost: Record<(typeof BATTERIES)[number], number>
  /** Each line of how it was converted, in words. */
  how: string[]
}

const FATE_OF: Record<ShipState['status'], TheahFate> = { afloat: 'afloat', struck: 'captured', sunk: 'sunk', exploded: 'sunk', crashed: 'sunk', exited: 'escaped' }
const STATUS_WORDS: Record<ShipState['status'], string> = {
  afloat: 'stayed afloat',
  struck: 'struck her colours',
  sunk: 'sunk',
  exploded: 'blew up',
  crashed: 'crashed',
  exited: 'left the table'
}

/**
 * The hull damage a battle under other rules adds to a Théah ship, as its reading gives it, with her
 * hull's last point kept when she did not sink there (house default, in each conversion table's
 * description and the README's rule notes): in Théah a ship whose hull damage reaches her hull points is
 * sinking (seed 003 IV), and a ship that struck, escaped or stayed afloat under the other rules did not
 * sink, so she comes back with one hull point left, a prize that can be taken or a ship that can be saved.
 */
export function hullAdded(s: Pick<TheahShip, 'hullPoints' | 'hullDamage'>, fate: TheahFate, read: number): { value: number; kept: Term | null } {
  const rest = Math.max(0, s.hullPoints - s.hullDamage)
  if (fate === 'sunk') return { value: rest, kept: null }
  const most = Math.max(0, rest - 1)
  const value = Math.min(rest, read)
  return value > most ? { value: most, kept: { label: 'she did not sink there: her last hull point kept (house default)', value: most - value } } : { value, kept: null }
}

/** Her table result (status, hits, criticals) read back as Théah damage, crew and guns lost and her fate. */
export function galleysToTheah(s: TheahShip, tableHullPoints: number, st: Pick<ShipState, 'status' | 'hits' | 'criticals'>, t: TheahGalleys): TheahBack {
  const fate = FATE_OF[st.status]
  const how: string[] = []
  how.push(`Fate: she ${STATUS_WORDS[st.status]} on the table, so ${fate}.`)
  const perHit = s.hullPoints / tableHullPoints
  const gone = fate === 'sunk'
  const read = Math.round(st.hits * perHit)
  const hull = hullAdded(s, fate, read)
  const addHull = hull.value
  const hullTerms: Term[] = [{ label: 'hull damage before the battle', value: s.hullDamage }]
  hullTerms.push({ label: gone ? 'sunk: the rest of her hull' : `${st.hits} hits × ${s.hullPoints}/${tableHullPoints} hull points a hit`, value: gone ? addHull : Math.min(read, s.hullPoints - s.hullDamage) })
  if (hull.kept) hullTerms.push(hull.kept)
  how.push(
    gone
      ? `Hull: sunk, all ${s.hullPoints} hull points lost.`
      : `Hull: ${st.hits} hits of ${tableHullPoints} on the table, ${addHull} of her ${s.hullPoints} hull points${hull.kept ? ' (she did not sink on the table, so her last hull point is kept)' : ''}.`
  )
  const rigShare = Math.min(1, st.criticals.rigging * t.riggingPerCritical)
  const addRig = Math.min(s.riggingPoints - s.riggingDamage, Math.round(rigShare * s.riggingPoints))
  const rigTerms: Term[] = [
    { label: 'rigging damage before the battle', value: s.riggingDamage },
    { label: `${st.criticals.rigging} rigging criticals × ${Math.round(t.riggingPerCritical * 100)}% of ${s.riggingPoints}`, value: addRig }
  ]
  how.push(`Rigging: ${st.criticals.rigging} rigging criticals at ${Math.round(t.riggingPerCritical * 100)}% each, ${addRig} rigging points.`)
  const crewShare = Math.min(1, st.hits * t.crewPerHit)
  const crewLost = Math.min(s.crew, Math.round(crewShare * s.crew))
  how.push(`Crew: ${st.hits} hits at ${Math.round(t.crewPerHit * 100)}% of ${s.crew} aboard each, ${crewLost} lost.`)
  const gunShare = Math.min(1, st.hits / tableHullPoints) * t.gunsAtFullHits
  const gunsLost = Object.fromEntries(BATTERIES.map((b) => [b, Math.floor(s.guns[b] * gunShare)])) as TheahBack['gunsLost']
  const lostGuns = BATTERIES.reduce((n, b) => n + gunsLost[b], 0)
  how.push(`Guns: ${st.hits} hits of ${tableHullPoints} × ${Math.round(t.gunsAtFullHits * 100)}% of each battery, ${lostGuns} lost (rounded down).`)
  return {
    fate,
    hullDamage: { value: s.hullDamage + addHull, terms: hullTerms },
    riggingDamage: { value: s.riggingDamage + addRig, terms: rigTerms },
    crewLost: { value: crewLost, terms: [{ label: `${st.hits} hits × ${Math.round(t.crewPerHit * 100)}% of ${s.crew}`, value: crewLost }] },
    gunsLost,
    how
  }
}
