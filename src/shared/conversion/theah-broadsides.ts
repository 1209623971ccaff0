import { CalcInputError } from '../battle/calc-error'
import { gridOf } from '../broadsides/ship-deck'
import { OFFICERS, type BroadsidesTemplates, type Officer } from '../broadsides/tables'
import { BATTERIES } from '../highseas/types'
import { HULL_LABELS, type Hull } from '../ship/design'
import type { TheahBroadsides } from './tables'
import { hullAdded, totalGuns, type Converted, type TheahBack, type TheahShip } from './theah-galleys'

/**
 * A Théah ship (seed 003 I) as a Broadsides & Boarding Parties duellist (seed 001 variant): her deck
 * template, crew figures, officers and the template's cannon; and the duel's result (rows holed, masts
 * down, cannon and figures lost, sunk / struck / wiped out) read back as Théah numbers. Pure; house
 * default table `conversionTheahBroadsides` (issue 21).
 */

/** The hull a ship whose hull is not known sails as (house default, issue 21): said in her class's why. */
export const UNKNOWN_HULL: Hull = 'merchantman'

export interface BroadsidesConversion {
  /** Her ship class (a key of the ship-deck table), its name, and where it comes from in words. */
  class: { value: string; name: string; why: string }
  crew: Converted
  cannon: Converted
  officers: Officer[]
  officersWhy: string
}

/**
 * Her deck for the duel: the ship class the conversion table gives her hull, or the GM's choice for this
 * battle (`chosen`); a class the ship-deck table does not have is refused (a CalcInputError at `class`
 * for the GM's choice, at `classByHull.<hull>` for the conversion table's), never sailed with no cannon.
 */
export function theahToBroadsides(s: TheahShip & { hull?: Hull | undefined }, t: TheahBroadsides, templates: BroadsidesTemplates, chosen?: string): BroadsidesConversion {
  const hull: Hull = s.hull ?? UNKNOWN_HULL
  const hullName = HULL_LABELS[hull].toLowerCase()
  const byHull = (deck: string) => (s.hull ? `a ${hullName} hull sails as the ${deck} deck` : `her hull is not known, so she sails as a ${hullName} (house default): the ${deck} deck`)
  const byTable = t.classByHull[hull]
  const names = Object.values(templates)
    .map((x) => x.name)
    .join(', ')
  if (chosen !== undefined && !templates[chosen]) throw new CalcInputError(`the ship-deck table has no ship class “${chosen}” (its classes: ${names})`, 'class')
  if (chosen === undefined && !templates[byTable])
    throw new CalcInputError(
      `the conversion table sails a ${hullName} hull${s.hull ? '' : ' (hers is not known: house default)'} as the ship class “${byTable}”, which the ship-deck table does not have (its classes: ${names}): choose her class for this battle, or edit the conversion table`,
      `classByHull.${hull}`
    )
  const key = chosen ?? byTable
  const template = templates[key]!
  const raw = Math.round(s.crew / t.crewPerFigure)
  const crew = Math.min(40, Math.max(1, raw))
  const crewTerms = [{ label: `${s.crew} aboard, one figure for each ${t.crewPerFigure} (rounded)`, value: raw }]
  if (crew !== raw) crewTerms.push({ label: crew > raw ? 'at least 1 (house default: a ship needs a crew)' : 'capped at 40 (house default: the most crew a Broadsides ship carries)', value: crew - raw })
  const cannon = gridOf(template).cannon.length
  const officers = s.crewKind === 'merchant' && t.merchantWithoutGunner ? OFFICERS.filter((o) => o !== 'masterGunner') : [...OFFICERS]
  const tableDeck = templates[byTable]
  const why = chosen !== undefined && chosen !== byTable ? `the GM’s choice for this battle, the ${template.name} deck${tableDeck ? ` (by the conversion table ${byHull(tableDeck.name)})` : ''}` : byHull(template.name)
  return {
    class: { value: key, name: template.name, why },
    crew: { value: crew, terms: crewTerms },
    cannon: { value: cannon, terms: [{ label: `her ${totalGuns(s)} long guns: the ${template.name} deck’s cannon`, value: cannon }] },
    officers,
    officersWhy: officers.length < OFFICERS.length ? 'a merchant crew: no Master Gunner' : 'all four officers'
  }
}

/** What the duel left of her, counted against what she started with. */
export interface DuelResult {
  status: 'afloat' | 'sunk' | 'struck' | 'wiped'
  rows: number
  rowsHoled: number
  mastsDown: number
  cannonAtStart: number
  cannonLeft: number
  figuresAtStart: number
  figuresLeft: number
}

const FATE = { afloat: 'afloat', sunk: 'sunk', struck: 'captured', wiped: 'captured' } as const
const WORDS = { afloat: 'is afloat', sunk: 'sank', struck: 'struck', wiped: 'lost her whole crew' } as const

export function broadsidesToTheah(s: TheahShip, r: DuelResult, t: TheahBroadsides): TheahBack {
  const fate = FATE[r.status]
  const pct = (x: number) => `${Math.round(x * 100)}%`
  const hullShare = fate === 'sunk' ? 1 : Math.min(1, (r.rowsHoled / Math.max(1, r.rows)) * t.hullAtAllRows)
  const read = Math.min(s.hullPoints - s.hullDamage, Math.round(hullShare * s.hullPoints))
  const hull = hullAdded(s, fate, read)
  const addHull = hull.value
  const rigShare = Math.min(1, r.mastsDown / 3)
  const addRig = Math.min(s.riggingPoints - s.riggingDamage, Math.round(rigShare * s.riggingPoints))
  const crewShare = r.figuresAtStart ? Math.min(1, (r.figuresAtStart - r.figuresLeft) / r.figuresAtStart) : 0
  const crewLost = Math.min(s.crew, Math.round(crewShare * s.crew))
  const gunShare = r.cannonAtStart ? Math.min(1, (r.cannonAtStart - r.cannonLeft) / r.cannonAtStart) : 0
  const gunsLost = Object.fromEntries(BATTERIES.map((b) => [b, Math.floor(s.guns[b] * gunShare)])) as TheahBack['gunsLost']
  return {
    fate,
    hullDamage: {
      value: s.hullDamage + addHull,
      terms: [
        { label: 'hull damage before the battle', value: s.hullDamage },
        { label: fate === 'sunk' ? 'sunk: the rest of her hull' : `${r.rowsHoled} of ${r.rows} rows holed: ${pct(hullShare)} of ${s.hullPoints}`, value: fate === 'sunk' ? addHull : read },
        ...(hull.kept ? [hull.kept] : [])
      ]
    },
    riggingDamage: {
      value: s.riggingDamage + addRig,
      terms: [
        { label: 'rigging damage before the battle', value: s.riggingDamage },
        { label: `${r.mastsDown} of 3 masts down: ${pct(rigShare)} of ${s.riggingPoints}`, value: addRig }
      ]
    },
    crewLost: { value: crewLost, terms: [{ label: `${r.figuresAtStart - r.figuresLeft} of ${r.figuresAtStart} figures lost: ${pct(crewShare)} of ${s.crew}`, value: crewLost }] },
    gunsLost,
    how: [
      `Fate: she ${WORDS[r.status]} in the duel, so ${fate}.`,
      `Hull: ${r.rowsHoled} of ${r.rows} rows holed on her worse side, ${addHull} of her ${s.hullPoints} hull points.`,
      `Rigging: ${r.mastsDown} of 3 masts down, ${addRig} rigging points.`,
      `Crew: ${r.figuresAtStart - r.figuresLeft} of ${r.figuresAtStart} figures lost, ${crewLost} of ${s.crew} aboard.`,
      `Guns: ${r.cannonAtStart - r.cannonLeft} of ${r.cannonAtStart} cannon lost, ${BATTERIES.reduce((n, b) => n + gunsLost[b], 0)} long guns (rounded down).`
    ]
  }
}
