import type { DerivedKey, DesignProblem, Hull, ShipDesign, ShipDesignInput } from '../../../../shared/ship/design'
import type { ShipStatus } from '../../../../shared/commands'

/** Words for the Shipyard, the Fleet and the ship sheet (seed 003, I. Of Ship Construction). */

export const SOURCE = 'High Seas Combat, I. Of Ship Construction'


/** A short line per hull for its card, from the seed's descriptions. */
export const HULL_LINES: Record<Hull, string> = {
  corsair: 'Small and nimble, loved by smugglers and pirates: sloops, schooners.',
  smallWarship: 'A sleek naval ship, many guns yet nimble: sloops-of-war, frigates.',
  merchantman: 'Large and sturdy, built for cargo: large brigantines. Deep draft.',
  largeWarship: 'Big and bulky for heavy batteries: ships-of-the-line. Deep draft.',
  galleon: 'A huge, slow hulk bristling with guns: the treasure ship.'
}

/** The seed's description of each hull, a little longer (the card's tooltip). */
export const HULL_BLURBS: Record<Hull, string> = {
  corsair: 'Small and highly manoeuvrable, favoured by smugglers and pirates: sloops, small brigantines, schooners. Shallow draft.',
  smallWarship: 'A sleek naval ship carrying many guns without losing manoeuvrability: sloops-of-war, frigates. Shallow draft, except frigates.',
  merchantman: 'Large and sturdily built for commercial cargoes: large brigantines and medium capital ships. Deep draft.',
  largeWarship: 'Big and bulky, built for heavy batteries: large capital ships and ships-of-the-line. Rarely seen in colonial waters.',
  galleon: 'A huge, slow hulk bristling with guns: the Castillian treasure ship. Deep draft.'
}

export type Battery = 'port' | 'starboard' | 'chasers' | 'stern'
export const BATTERIES: { key: Battery; label: string; help: string }[] = [
  { key: 'port', label: 'Port broadside', help: 'Long guns on the port side.' },
  { key: 'starboard', label: 'Starboard broadside', help: 'Long guns on the starboard side.' },
  { key: 'chasers', label: 'Bow chasers', help: 'Long guns on the bow.' },
  { key: 'stern', label: 'Stern guns', help: 'Long guns at the stern.' }
]

export interface OptionDef<K extends string> {
  key: K
  label: string
  /** 'flag': on or off; 'points': a stepper 0-5; 'count': a stepper of crewmen; 'side': none / port / starboard. */
  kind: 'flag' | 'points' | 'count' | 'side'
  help: string
}

export type ModKey = keyof NonNullable<ShipDesignInput['modifications']>
export type FlawKey = keyof NonNullable<ShipDesignInput['flaws']>

export const MODIFICATIONS: OptionDef<ModKey>[] = [
  { key: 'reinforcedHull', label: 'Reinforced hull', kind: 'points', help: '+1 Hull point each, up to five.' },
  { key: 'reinforcedRigging', label: 'Reinforced rigging', kind: 'points', help: 'Stronger masts, better canvas and rope: +1 Rigging point each, up to five.' },
  { key: 'streamlined', label: 'Streamlined', kind: 'flag', help: 'Speed +1. Delays construction by a month.' },
  { key: 'closeHauled', label: 'Close hauled', kind: 'flag', help: 'Close hauled with a superior rudder: Handling +1. Delays construction by a month.' },
  { key: 'hiddenTowline', label: 'Hidden towline', kind: 'flag', help: 'A rope under the hull for hauling contraband beneath the water.' },
  { key: 'oars', label: 'Oars', kind: 'flag', help: 'Moves when becalmed or into the wind; Speed counts two less under oars (at least 1).' },
  { key: 'concealedGunports', label: 'Concealed gunports', kind: 'flag', help: 'Priced per gunport; the guns stay secret until used (Wits TN 20 at close range reveals them).' },
  { key: 'wellTrainedCrew', label: 'Well-trained crew', kind: 'flag', help: 'Sea travel +10 miles a day; an extra die on every cannon attack.' },
  { key: 'smugglingCompartments', label: 'Smuggling compartments', kind: 'flag', help: 'Hollow “solid” parts of the ship for contraband.' },
  { key: 'extraCargoSpace', label: 'Extra cargo space', kind: 'flag', help: 'A well-designed hold: one more ton of cargo.' },
  { key: 'extraCrewQuarters', label: 'Extra crew quarters', kind: 'flag', help: 'Carries 10% more crew than ships of her size.' },
  { key: 'boardingParty', label: 'Boarding party', kind: 'count', help: 'Crewmen trained for boarding: their Brute Squads have Threat Rating 3 instead of 2.' },
  { key: 'retractableKeel', label: 'Retractable keel', kind: 'flag', help: 'Retracts the keel to sail in shallow waters.' }
]

export const FLAWS: OptionDef<FlawKey>[] = [
  { key: 'old', label: 'Old', kind: 'flag', help: 'Some planks are rotten: careening every two months instead of four.' },
  { key: 'sluggish', label: 'Sluggish', kind: 'flag', help: 'Speed −1 (at least 1), sea travel −5 miles a day. Not with Streamlined.' },
  { key: 'smallRudder', label: 'Small rudder', kind: 'flag', help: 'Handling −1 (at least 1). Not with Close hauled.' },
  { key: 'poorlyTrainedCrew', label: 'Poorly trained crew', kind: 'flag', help: 'Boarding parties count as Threat Rating 1 Brute Squads.' },
  { key: 'tatteredSails', label: 'Tattered sails', kind: 'points', help: 'Sails and rigging in poor repair: −1 Rigging point each, up to five.' },
  { key: 'vermin', label: 'Vermin', kind: 'flag', help: 'Rats and weevils: a month of provisions lasts three weeks.' },
  { key: 'awkwardCargoSpace', label: 'Awkward cargo space', kind: 'flag', help: 'A poorly designed hold: one ton less cargo.' },
  { key: 'cramped', label: 'Cramped', kind: 'flag', help: 'Poor crew quarters: maximum crew −10%.' },
  { key: 'disgruntledCrew', label: 'Disgruntled crew', kind: 'flag', help: 'The GM may spend a Drama Die to have 1k1 Brute Squads turn surly. Hiring and equipping crew costs 5% less.' },
  { key: 'warpedRudder', label: 'Warped rudder', kind: 'side', help: 'Bent to port or starboard: with the helm unmanned she turns 60° that way each combat turn.' }
]

export const DERIVED_LABELS: Record<DerivedKey, string> = {
  hull: 'Hull',
  rigging: 'Rigging',
  speed: 'Speed',
  handling: 'Handling',
  size: 'Size',
  cargoCapacity: 'Cargo capacity',
  cargoUsed: 'Hold used',
  foodReserve: 'Food reserve',
  maxCrew: 'Max crew',
  minSailCrew: 'Min sail crew',
  gunCrewNeeded: 'Gun crew needed',
  travelSpeed: 'Travel speed',
  careeningIntervalMonths: 'Careening every',
  threatRating: 'Threat rating'
}

/** Units written after a derived number. */
export const DERIVED_UNITS: Partial<Record<DerivedKey, string>> = {
  cargoCapacity: 't',
  cargoUsed: 't',
  foodReserve: 't',
  maxCrew: 'men',
  minSailCrew: 'men',
  gunCrewNeeded: 'men',
  travelSpeed: 'nm/day',
  careeningIntervalMonths: 'months'
}

export const STATUS_LABELS: Record<ShipStatus, string> = {
  construction: 'Under construction',
  port: 'In port',
  sea: 'At sea',
  sold: 'Sold',
  scuttled: 'Scuttled',
  sunk: 'Sunk'
}

export const STATUS_TYPES: Record<ShipStatus, 'default' | 'info' | 'success' | 'warning' | 'error'> = {
  construction: 'warning',
  port: 'success',
  sea: 'info',
  sold: 'default',
  scuttled: 'default',
  sunk: 'error'
}

export const ORIGIN_LABELS = { built: 'Built in a shipyard', encounter: 'Met at sea', prize: 'Taken as a prize' } as const

/** A ship's existence has ended: no more selling or scuttling. */
export function isGone(status: ShipStatus): boolean {
  return status === 'sold' || status === 'scuttled' || status === 'sunk'
}

/** A bare hull with nothing fitted. */
export function emptyDesign(hull: Hull = 'merchantman'): ShipDesign {
  return {
    hull,
    frigate: false,
    colonial: false,
    guns: { port: 0, starboard: 0, chasers: 0, stern: 0 },
    pontGuns: { port: 0, starboard: 0 },
    jollyBoats: 0,
    powderTons: 0,
    modifications: {},
    flaws: {}
  }
}

/** The design as sent: options left off or at zero are dropped, so a stored design lists only what was chosen. */
export function cleanDesign(d: ShipDesign): ShipDesign {
  const pick = <T extends object>(o: T): T =>
    Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== false && v !== 0 && v !== null)) as T
  return {
    ...d,
    frigate: d.hull === 'smallWarship' && d.frigate,
    powderTons: Math.round(d.powderTons * 10) / 10,
    guns: { ...d.guns },
    pontGuns: { ...d.pontGuns },
    modifications: pick(d.modifications),
    flaws: pick(d.flaws)
  }
}

/** "4 t", "1 month", "120 men": a derived number with its unit. */
export function withUnit(key: DerivedKey, value: number): string {
  const unit = DERIVED_UNITS[key]
  const n = Number.isInteger(value) ? String(value) : value.toFixed(1)
  if (!unit) return n
  if (unit === 'months') return `${n} month${value === 1 ? '' : 's'}`
  return `${n} ${unit}`
}

export function months(n: number): string {
  return `${n} month${n === 1 ? '' : 's'}`
}

/** Every place a problem can be shown: each control's design path, and each section. */
export const CONTROL_FIELDS: string[] = [
  'hull',
  'frigate',
  'colonial',
  'guns',
  ...BATTERIES.map((b) => `guns.${b.key}`),
  'pontGuns',
  'pontGuns.port',
  'pontGuns.starboard',
  'jollyBoats',
  'powderTons',
  'modifications',
  ...MODIFICATIONS.map((m) => `modifications.${m.key}`),
  'flaws',
  ...FLAWS.map((f) => `flaws.${f.key}`)
]

/**
 * Where each problem is shown: at the control whose path is the problem's field, or the nearest section
 * above it ("guns.total" → "guns"); a field no control owns goes under "" (the design as a whole).
 */
export function placeProblems(problems: DesignProblem[]): Map<string, DesignProblem[]> {
  const out = new Map<string, DesignProblem[]>()
  for (const p of problems) {
    const at = placeOf(p.field)
    const list = out.get(at) ?? []
    list.push(p)
    out.set(at, list)
  }
  return out
}

export function placeOf(field: string): string {
  const parts = field.split(/[.[\]]+/).filter(Boolean)
  for (let n = parts.length; n > 0; n--) {
    const path = parts.slice(0, n).join('.')
    if (CONTROL_FIELDS.includes(path)) return path
  }
  return ''
}

/** A label for a problem's place, for the summary list. */
export function placeLabel(at: string): string {
  if (at === '') return 'Design'
  if (at === 'hull') return 'Hull type'
  if (at === 'frigate') return 'Frigate'
  if (at === 'colonial') return 'Colonial port'
  if (at === 'guns') return 'Long guns'
  if (at === 'pontGuns') return 'Pont guns'
  if (at === 'jollyBoats') return 'Jolly boats'
  if (at === 'powderTons') return 'Shot and powder'
  if (at === 'modifications') return 'Modifications'
  if (at === 'flaws') return 'Flaws'
  const [section, key] = at.split('.')
  if (section === 'guns') return BATTERIES.find((b) => b.key === key)?.label ?? at
  if (section === 'pontGuns') return `Pont guns, ${key}`
  if (section === 'modifications') return MODIFICATIONS.find((m) => m.key === key)?.label ?? at
  if (section === 'flaws') return FLAWS.find((f) => f.key === key)?.label ?? at
  return at
}

// The Shipyard's design in progress survives leaving the page: one draft per campaign file, for this session.
const drafts = new Map<string, ShipDesign>()
export function draftFor(path: string | undefined): ShipDesign {
  const d = path ? drafts.get(path) : undefined
  return d ? (JSON.parse(JSON.stringify(d)) as ShipDesign) : emptyDesign('corsair')
}
export function saveDraft(path: string | undefined, d: ShipDesign): void {
  if (path) drafts.set(path, JSON.parse(JSON.stringify(d)) as ShipDesign)
}

const tenth = new Intl.NumberFormat('en', { maximumFractionDigits: 1 })
/** "Merchantman 40 + Reinforced hull 2 − Tattered sails 1": a number's terms on one line. */
export function termsText(terms: { label: string; value: number }[]): string {
  return terms
    .map((t, i) => {
      const v = tenth.format(Math.abs(t.value))
      if (i === 0) return `${t.label} ${t.value < 0 ? '\u2212' : ''}${v}`
      return `${t.value < 0 ? '\u2212' : '+'} ${t.label} ${v}`
    })
    .join(' ')
}
