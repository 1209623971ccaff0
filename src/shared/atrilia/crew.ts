import { z } from 'zod'
import type { DesignProblem, Term } from '../ship/design'
import type { AtrilianShipTypeKey } from './design'
import { Nation, NATION_NAMES, type AtriliaRules } from './tables'
import { ATRILIA_VOYAGES } from './travel'

/**
 * An Atrilian ship's people (seed 002 §2 "Crew", "Holds", §7 marines, §9.1 wizards, §11.1 national
 * characteristics, TABLES "Naval Crew Quality", the FAQ on crew quality; rules guide §3). Pure.
 *
 * Readings (listed in the README's rule notes):
 * - Marines are counted in strength points of 25 men (rules guide §3). They ride in the hold, which
 *   takes cargo and men in proportion (a ton of cargo takes the room of holdMen / holdTons men); the
 *   sailors of her crew are not counted against it. The battle's end-of-turn stacking limit (§7.4: 1
 *   point on a small ship, 2 on a large one) applies on the board only.
 * - Wizards are "amongst her marines" (§9.1): a ship carries them only with marines aboard, and they
 *   take no room of their own. They cast "in communion", so a ship's wizards are of one kind (sea or
 *   fire), as the battle counts them; landing the last marines lands her wizards too.
 * - Crew quality is 1 slave, 2 green, 3 veteran, 4 elite (the table; 0 "crippled" is a battle state).
 *   By the FAQ a green crew that survives a battle becomes veteran, and a crew with five battles behind
 *   it is elite. A slave crew stays slave (the FAQ raises only green crews). The GM may set a quality
 *   and hold it, so battles no longer change it.
 * - A new ship's crew is green (the FAQ's starting crew in a campaign), of the nation her type names
 *   (Pheacian, Gyptian, Liburnian, Ndogo, Kleshite), else "other" until the GM says.
 */

/** FAQ: "An elite crew would be one having gone through five naval battles." */
export const ELITE_AFTER_BATTLES = 5
/** FAQ: a campaign's new crews are green. */
export const NEW_CREW_QUALITY = 2

export const CREW_QUALITY_LABELS: Record<number, string> = { 1: 'Slave', 2: 'Green', 3: 'Veteran', 4: 'Elite' }
export const crewQualityLabel = (q: number) => CREW_QUALITY_LABELS[q] ?? `Quality ${q}`

export const WIZARD_KINDS = ['sea', 'fire'] as const
export const WizardKind = z.enum(WIZARD_KINDS)
export type WizardKind = z.infer<typeof WizardKind>
export const WIZARD_NAMES: Record<WizardKind, { one: string; many: string }> = {
  sea: { one: 'sea wizard', many: 'sea wizards' },
  fire: { one: 'fire wizard', many: 'fire wizards' }
}

export const CrewQuality = z.number().int('must be a whole number').min(1, 'must be 1 (slave) to 4 (elite)').max(4, 'must be 1 (slave) to 4 (elite)')

/** An Atrilian ship's people as the campaign keeps them. */
export interface AtrilianCrewState {
  sailors: number
  marines: number
  wizards: { kind: WizardKind; count: number } | null
  nation: Nation
  quality: number
  battles: number
  qualityHeld: boolean
}

/** The nation a ship type names (a Pheacian large galley is crewed by Pheacians), else "other". */
export function defaultNation(type: AtrilianShipTypeKey | string): Nation {
  if (type.startsWith('pheacian')) return 'pheacian'
  if (type.startsWith('gyptian')) return 'gyptian'
  if (type.startsWith('liburnian')) return 'liburnian'
  if (type.startsWith('ndogo')) return 'ndogo'
  if (type.startsWith('kleshite')) return 'kleshite'
  return 'other'
}

export function nationLabel(n: Nation): string {
  return n === 'other' ? 'Other' : NATION_NAMES[n].one
}

/** §11.1, by the campaign's battle table: what her nation gives when a battle uses national characteristics. */
export function nationalCharacteristic(n: Nation, nations: AtriliaRules['nations']): string | null {
  const parts: string[] = []
  const sign = (v: number) => (v > 0 ? `+${v}` : `${v}`)
  const b = nations.boarding[n]
  const r = nations.repair[n]
  const s = nations.seaWizards[n]
  const f = nations.fireWizards[n]
  if (b) parts.push(`${sign(b)} in boardings`)
  if (r) parts.push(`${sign(r)} to naval repair`)
  if (s) parts.push(`${sign(s)} to sea wizards' combat rolls`)
  if (f) parts.push(`${sign(f)} to fire wizards' combat rolls`)
  return parts.length ? parts.join(', ') : null
}

/** A hold: N tons of cargo or M men (the quote's `derived`). */
export interface Hold {
  holdTons: number
  holdMen: number
}

/** Men the hold takes now: her men less the room of the cargo aboard (rules guide §3: in proportion). */
export function menRoom(d: Hold, cargoTons: number): { men: number; terms: Term[] } {
  const terms: Term[] = [{ label: d.holdTons > 0 && d.holdMen > 0 ? `hold: ${d.holdTons} t of cargo or ${d.holdMen} men` : `hold: ${d.holdMen} men`, value: d.holdMen }]
  if (cargoTons > 0 && d.holdTons > 0 && d.holdMen > 0) {
    const taken = Math.ceil((cargoTons * d.holdMen) / d.holdTons)
    terms.push({ label: `${cargoTons} t of cargo aboard, at ${Math.round((d.holdMen / d.holdTons) * 100) / 100} men a ton`, value: -Math.min(taken, d.holdMen) })
  }
  const men = Math.max(0, terms.reduce((n, t) => n + t.value, 0))
  return { men, terms }
}

/** Marine strength points the hold takes now (25 men a point). */
export function marineRoom(d: Hold, cargoTons: number, menPerPoint = ATRILIA_VOYAGES.menPerMarinePoint): { points: number; men: number; terms: Term[] } {
  const room = menRoom(d, cargoTons)
  const points = Math.floor(room.men / menPerPoint)
  return { points, men: room.men, terms: [...room.terms, { label: `${room.men} men ÷ ${menPerPoint} men a point of marines, rounded down, make ${points} point${points === 1 ? '' : 's'}`, value: points - room.men }] }
}

/**
 * Whether `next` (the marines and wizards she would carry) is possible aboard: marines within what the
 * hold takes, wizards only amongst marines and of one kind. Every problem, each at its field.
 */
export function checkMarines(
  shipName: string,
  d: Hold,
  cargoTons: number,
  next: { marines: number; wizards: { kind: WizardKind; count: number } | null },
  menPerPoint = ATRILIA_VOYAGES.menPerMarinePoint
): DesignProblem[] {
  const out: DesignProblem[] = []
  const room = marineRoom(d, cargoTons, menPerPoint)
  if (next.marines > room.points) {
    out.push({
      field: 'marines',
      message:
        d.holdMen === 0
          ? `The ${shipName}'s hold takes cargo only: she carries no marines`
          : `The ${shipName}'s hold takes ${room.points} point${room.points === 1 ? '' : 's'} of marines (${room.men} men at ${menPerPoint} a point${cargoTons > 0 ? `, with ${cargoTons} t of cargo aboard` : ''}), not ${next.marines}`
    })
  }
  if (next.wizards && next.wizards.count > 0 && next.marines === 0) {
    out.push({ field: 'wizards', message: `Wizards ride amongst the marines (seed 002 §9.1): embark marines on the ${shipName} first` })
  }
  return out
}

/**
 * After a battle (FAQ; the battle write-back calls this): a surviving crew counts one more battle; a
 * green crew becomes veteran, and any crew but slaves with five battles behind it becomes elite. A
 * crew whose ship did not survive, or whose quality the GM holds, keeps its quality.
 */
export function qualityAfterBattle(
  crew: Pick<AtrilianCrewState, 'quality' | 'battles' | 'qualityHeld'>,
  outcome: { survived: boolean }
): { quality: number; battles: number; changed: boolean; why: string } {
  if (!outcome.survived) return { quality: crew.quality, battles: crew.battles, changed: false, why: 'Her crew did not survive the battle.' }
  const battles = crew.battles + 1
  const was = crewQualityLabel(crew.quality).toLowerCase()
  if (crew.qualityHeld) return { quality: crew.quality, battles, changed: false, why: `The GM holds her crew ${was}.` }
  if (crew.quality === 1) return { quality: 1, battles, changed: false, why: 'A slave crew stays slave (the FAQ raises green crews).' }
  if (crew.quality < 4 && battles >= ELITE_AFTER_BATTLES) {
    return { quality: 4, battles, changed: true, why: `Her crew has ${battles} battles behind it: elite (FAQ: "an elite crew would be one having gone through five naval battles").` }
  }
  if (crew.quality === 2) return { quality: 3, battles, changed: true, why: 'A green crew that survives a battle becomes veteran (FAQ).' }
  return { quality: crew.quality, battles, changed: false, why: `Her crew stays ${was} (${battles} battle${battles === 1 ? '' : 's'}; elite after ${ELITE_AFTER_BATTLES}).` }
}

/** The sheet's words for her people. */
export const AtrilianCrewSheet = z.object({
  sailors: z.number().int(),
  /** Sailors needed to manoeuvre her (the catalogue). */
  crewNeeded: z.number().int(),
  marines: z.number().int(),
  marineMen: z.number().int(),
  /** Marine points the hold takes now, with its terms. */
  marineRoom: z.number().int(),
  marineRoomTerms: z.array(z.object({ label: z.string(), value: z.number() })),
  menPerPoint: z.number().int(),
  cargoTons: z.number(),
  wizards: z.object({ kind: WizardKind, count: z.number().int() }).nullable(),
  nation: Nation,
  nationName: z.string(),
  /** §11.1: what her nation gives in a battle that uses national characteristics (null: nothing). */
  characteristic: z.string().nullable(),
  quality: z.number().int(),
  qualityName: z.string(),
  battles: z.number().int(),
  qualityHeld: z.boolean(),
  /** §7.4: points of marines she may keep aboard at the end of a battle turn (0: she does not fight). */
  stackingLimit: z.number().int()
})
export type AtrilianCrewSheet = z.infer<typeof AtrilianCrewSheet>

/**
 * What an Atrilian campaign ship brings to a hex battle (seed 002 §2.4, §7, §9, §11.1): her type and size,
 * crew quality and nation, her improvements, marines and wizards — the fields of the battle's ship setup
 * but her place, facing and side. A ballista fires spears or flaming missiles, chosen for each encounter
 * (§9.2). A size 0 ship is not used in naval battles (§2): null.
 */
export function battleProfile(
  design: { type: string; improvements: Partial<Record<'corvus' | 'ballista' | 'catapult' | 'ram' | 'castle', boolean>> },
  quote: { kind: 'galley' | 'dhow' | 'pirogue'; derived: { size: number } },
  crew: Pick<AtrilianCrewState, 'quality' | 'nation' | 'marines' | 'wizards'>,
  ballista: 'spear' | 'flaming' = 'spear'
): {
  type: string
  size: number
  crewQuality: number
  nation: Nation
  ram: boolean
  corvus: boolean
  castle: boolean
  catapult: boolean
  ballista: 'spear' | 'flaming' | null
  marines: number
  wizards: WizardKind | null
} | null {
  if (quote.derived.size < 1) return null
  const i = design.improvements
  return {
    type: design.type,
    size: quote.derived.size,
    crewQuality: crew.quality,
    nation: crew.nation,
    ram: quote.kind === 'galley' || i.ram === true,
    corvus: i.corvus === true,
    castle: i.castle === true,
    catapult: i.catapult === true,
    ballista: i.ballista === true ? ballista : null,
    marines: crew.marines,
    wizards: crew.marines > 0 && crew.wizards && crew.wizards.count > 0 ? crew.wizards.kind : null
  }
}
