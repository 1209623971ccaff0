import type { FleetProfile } from '../atrilia/encounter-setup'
import { BATTERIES } from '../highseas/types'
import { HULL_LABELS, type Hull } from '../ship/design'
import type { TheahAtrilia } from './tables'
import { hullAdded, type Converted, type TheahBack, type TheahShip } from './theah-galleys'

/**
 * A Théah ship (seed 003 I) as an Atrilian hex-battle ship (seed 002 §2, §7, §9): her type, war gaming
 * size, crew quality, marine strength points and improvements; and the hex battle's result (sunk,
 * crippled, captured, off the map, marines lost) read back as Théah numbers. Pure; house default table
 * `conversionTheahAtrilia` (issue 21).
 */

export interface AtriliaConversion {
  profile: FleetProfile
  type: { value: string; why: string }
  size: Converted
  crewQuality: Converted
  marines: Converted
  improvements: { name: string; why: string }[]
}

const CREW_WORDS = { merchant: 'a merchant crew', naval: 'a naval crew', privateer: 'a privateer crew', pirate: 'a pirate crew' } as const

export function theahToAtrilia(s: TheahShip & { hull?: Hull | undefined }, t: TheahAtrilia): AtriliaConversion {
  const hull: Hull = s.hull ?? 'merchantman'
  const size = s.size >= t.size3From ? 3 : s.size >= t.size2From ? 2 : 1
  const rawMarines = Math.round(s.marines / t.marinesPerPoint)
  const marines = Math.min(20, rawMarines)
  const castle = s.size >= t.castleFromSize
  const ram = s.oars
  const improvements = [
    ...(castle ? [{ name: 'castle', why: `Size ${s.size} (${t.castleFromSize} or more)` }] : []),
    ...(ram ? [{ name: 'ram', why: 'she carries oars' }] : [])
  ]
  const marineTerms = [{ label: `${s.marines} marines, one strength point for each ${t.marinesPerPoint} (rounded)`, value: rawMarines }]
  if (marines !== rawMarines) marineTerms.push({ label: 'at most 20', value: marines - rawMarines })
  return {
    profile: {
      type: t.typeByHull[hull],
      size,
      crewQuality: t.qualityByCrew[s.crewKind],
      nation: 'other',
      ram,
      corvus: false,
      castle,
      catapult: false,
      ballista: null,
      marines,
      wizards: null
    },
    type: { value: t.typeByHull[hull], why: `a ${HULL_LABELS[hull]} hull is drawn as this type` },
    size: { value: size, terms: [{ label: `Théah Size ${s.size}: size 2 from ${t.size2From}, size 3 from ${t.size3From}`, value: size }] },
    crewQuality: { value: t.qualityByCrew[s.crewKind], terms: [{ label: `crew quality for ${CREW_WORDS[s.crewKind]}`, value: t.qualityByCrew[s.crewKind] }] },
    marines: { value: marines, terms: marineTerms },
    improvements
  }
}

/** What the hex battle left of her. */
export interface HexResult {
  status: 'afloat' | 'sunk' | 'exited'
  crippled: boolean
  /** Held by the other side's marines at the end (boarded and taken, §8). */
  taken: boolean
  marinesAtStart: number
  marinesLeft: number
}

export function atriliaToTheah(s: TheahShip, r: HexResult, t: TheahAtrilia): TheahBack {
  const fate = r.status === 'sunk' ? 'sunk' : r.taken ? 'captured' : r.status === 'exited' ? 'escaped' : 'afloat'
  const share = fate === 'sunk' ? 1 : r.crippled ? t.crippledShare : 0
  const read = Math.min(s.hullPoints - s.hullDamage, Math.round(share * s.hullPoints))
  const hull = hullAdded(s, fate, read)
  const addHull = hull.value
  const addRig = fate === 'sunk' ? 0 : Math.min(s.riggingPoints - s.riggingDamage, Math.round(share * s.riggingPoints))
  const pointsLost = Math.max(0, r.marinesAtStart - r.marinesLeft)
  const crewLost = Math.min(s.crew, pointsLost * t.marinesPerPoint)
  const gunsLost = Object.fromEntries(BATTERIES.map((b) => [b, 0])) as TheahBack['gunsLost']
  const state = r.status === 'sunk' ? 'sank' : r.taken ? 'was boarded and held by the other side' : r.status === 'exited' ? 'left the map' : r.crippled ? 'was crippled' : 'is afloat'
  return {
    fate,
    hullDamage: {
      value: s.hullDamage + addHull,
      terms: [
        { label: 'hull damage before the battle', value: s.hullDamage },
        { label: fate === 'sunk' ? 'sunk: the rest of her hull' : r.crippled ? `crippled: ${Math.round(t.crippledShare * 100)}% of ${s.hullPoints}` : 'not crippled', value: fate === 'sunk' ? addHull : read },
        ...(hull.kept ? [hull.kept] : [])
      ]
    },
    riggingDamage: {
      value: s.riggingDamage + addRig,
      terms: [
        { label: 'rigging damage before the battle', value: s.riggingDamage },
        { label: r.crippled && fate !== 'sunk' ? `crippled: ${Math.round(t.crippledShare * 100)}% of ${s.riggingPoints}` : 'none', value: addRig }
      ]
    },
    crewLost: { value: crewLost, terms: [{ label: `${pointsLost} marine points lost × ${t.marinesPerPoint} hands`, value: crewLost }] },
    gunsLost,
    how: [
      `Fate: she ${state} on the hex map, so ${fate}.`,
      `Hull and rigging: ${fate === 'sunk' ? 'sunk, all her hull' : r.crippled ? `crippled, ${Math.round(t.crippledShare * 100)}% of each` : 'not crippled, none'}.`,
      `Crew: ${pointsLost} marine strength points lost, ${crewLost} hands.`,
      'Guns: the hex battle does not fire cannon, none lost.'
    ]
  }
}
