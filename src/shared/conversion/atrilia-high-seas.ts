import type { ShipType } from '../atrilia/tables'
import type { FleetProfile } from '../atrilia/encounter-setup'
import type { AtriliaHighSeas } from './tables'
import type { Converted } from './theah-galleys'
import type { Hull } from '../ship/design'

/**
 * An Atrilian ship (seed 002 §2: her type, war gaming size, crew quality, marines) measured in High Seas
 * numbers (seed 003 I, IV: hull, hull and rigging points, Size, Handling, Speed, Threat Rating, crew,
 * marines), and a High Seas result (her status, hull damage, crew lost) read back as the Atrilian review's
 * fate, crippled or not, and marines lost. Pure; house default table `conversionAtriliaHighSeas` (issue 21).
 */

export interface HighSeasNumbers {
  hull: Hull
  hullPoints: Converted
  riggingPoints: Converted
  size: Converted
  handling: Converted
  speed: Converted
  threatRating: Converted
  crew: Converted
  marines: Converted
  oars: boolean
  guns: { port: 0; starboard: 0; chasers: 0; stern: 0 }
}

const KIND_WORDS: Record<ShipType['kind'], string> = { galley: 'a galley', dhow: 'a dhow', pirogue: 'a pirogue' }

/** A figure the table gives by a grade 1 to `top`, the grade read within them (house default), and said so in the term. */
function graded(value: number, top: number, what: string): { key: number; label: string } {
  const key = Math.min(top, Math.max(1, value))
  return { key, label: key === value ? `${what} ${value}` : `${what} ${value}, read as ${key} (capped at 1 to ${top}, house default: the table’s grades)` }
}

export function atriliaToHighSeas(p: Pick<FleetProfile, 'size' | 'crewQuality' | 'marines'>, type: ShipType, t: AtriliaHighSeas): HighSeasNumbers {
  const size = graded(p.size, 3, 'war gaming size')
  const k = `s${size.key}` as 's1' | 's2' | 's3'
  const quality = graded(p.crewQuality, 4, 'crew quality')
  const q = `q${quality.key}` as 'q1' | 'q2' | 'q3' | 'q4'
  const rawSpeed = Math.ceil(type.speedKmh.max / t.kmhPerSpeed)
  const speed = Math.max(1, rawSpeed)
  const speedTerms = [{ label: `her fastest ${type.speedKmh.max} km an hour, one Speed for each ${t.kmhPerSpeed} (rounded up)`, value: rawSpeed }]
  if (speed !== rawSpeed) speedTerms.push({ label: 'at least 1 (house default: every ship moves)', value: speed - rawSpeed })
  const marines = p.marines * t.marinesPerPoint
  const crew = Math.max(type.crew, marines)
  return {
    hull: t.hullBySize[k],
    hullPoints: { value: t.hullPointsBySize[k], terms: [{ label: size.label, value: t.hullPointsBySize[k] }] },
    riggingPoints: { value: t.riggingPointsBySize[k], terms: [{ label: size.label, value: t.riggingPointsBySize[k] }] },
    size: { value: t.sizeBySize[k], terms: [{ label: size.label, value: t.sizeBySize[k] }] },
    handling: { value: t.handlingByKind[type.kind], terms: [{ label: KIND_WORDS[type.kind], value: t.handlingByKind[type.kind] }] },
    speed: { value: speed, terms: speedTerms },
    threatRating: { value: t.threatByQuality[q], terms: [{ label: quality.label, value: t.threatByQuality[q] }] },
    crew: {
      value: crew,
      terms: [
        { label: `the ${type.name}’s crew`, value: type.crew },
        ...(crew > type.crew ? [{ label: 'her marines, when more than her crew', value: crew - type.crew }] : [])
      ]
    },
    marines: { value: marines, terms: [{ label: `${p.marines} strength points × ${t.marinesPerPoint}`, value: marines }] },
    oars: type.kind !== 'dhow',
    guns: { port: 0, starboard: 0, chasers: 0, stern: 0 }
  }
}

export interface AtriliaBack {
  fate: 'afloat' | 'crippled' | 'sunk' | 'captured' | 'exited'
  marinesLost: Converted
  how: string[]
}

/** A High Seas participant's end (status, hull damage, crew lost) as the Atrilian review's fate and marines lost. */
export function highSeasToAtrilia(
  r: { status: 'afloat' | 'sunk' | 'captured' | 'escaped' | 'destroyed'; hullDamage: number; hullPoints: number; crewLost: number; crewAtStart: number; marinePoints: number },
  t: AtriliaHighSeas
): AtriliaBack {
  const crippled = r.hullPoints > 0 && r.hullDamage >= t.crippledAt * r.hullPoints
  const fate = r.status === 'sunk' || r.status === 'destroyed' ? 'sunk' : r.status === 'captured' ? 'captured' : r.status === 'escaped' ? 'exited' : crippled ? 'crippled' : 'afloat'
  const share = r.crewAtStart ? Math.min(1, r.crewLost / r.crewAtStart) : 0
  const lost = Math.min(r.marinePoints, Math.round(share * r.marinePoints))
  return {
    fate,
    marinesLost: { value: lost, terms: [{ label: `${r.crewLost} of ${r.crewAtStart} aboard lost: that share of ${r.marinePoints} marine points`, value: lost }] },
    how: [
      `Fate: ${r.status} in the High Seas battle${fate === 'crippled' ? `, with ${r.hullDamage} of ${r.hullPoints} hull points lost (${Math.round(t.crippledAt * 100)}% or more cripples her)` : ''}, so ${fate}.`,
      `Marines: ${lost} of ${r.marinePoints} strength points lost, in proportion to her crew lost.`
    ]
  }
}
