import { z } from 'zod'
import { DesignProblem, QuoteLine, Term } from '../ship/design'
import { marineRoom } from './crew'
import type { AtrilianDesign } from './design'
import { NATION_NAMES, type AtriliaImprovements, type ShipType } from './tables'
import { ATRILIA_VOYAGES, dailyDistance, type AtriliaVoyages } from './travel'

/**
 * The Atrilian shipyard's quote (seed 002 §2 "Ship stats", §2.4 "Improvements"; rules guide §3): a
 * design from the catalogue priced line by line in dinars, the finished ship measured (size, crew,
 * hold, speed, a campaign day's run) and every rule it breaks, each naming its field — the same
 * shape of answer as the Théah quote. Pure: the same design and tables always give the same quote.
 *
 * Readings (where the seed leaves a choice; listed in the README's rule notes):
 * - "All galleys have rams": a galley's price includes her ram, so a ram costs her nothing more
 *   (rules guide §3). "Baghlas cannot have rams" is a problem at `improvements.ram`. Any other hull
 *   may add one at 500 × her size.
 * - Improvements are fitted for naval battles, and "size 0 ships are not used in naval battles"
 *   (§2): on a size 0 ship each is a problem at its field (a baghla may first be improved to size 1).
 * - The baghla's improvement to size 1 (§2.2, 2,500 dinars) makes her hold 50 tons or 120 men; it is
 *   a problem on any type the catalogue gives no improvement for.
 * - Improvements add no build time (rules guide §3); "< 1 week" is 3 days (the catalogue table).
 * - A campaign day's run is the midpoint of her speed range for 12 hours of sailing (rules guide §3).
 */

export const IMPROVEMENT_KEYS = ['corvus', 'ballista', 'catapult', 'ram', 'castle'] as const
export type ImprovementKey = (typeof IMPROVEMENT_KEYS)[number]

export const IMPROVEMENT_NAMES: Record<ImprovementKey, string> = {
  corvus: 'Corvus',
  ballista: 'Ballista',
  catapult: 'Catapult',
  ram: 'Ram',
  castle: 'Castle'
}

export const AtrilianDerived = z.object({
  /** War gaming size (0: never used in naval battles). */
  size: z.number().int(),
  /** Sailors needed to manoeuvre her. */
  crew: z.number().int(),
  /** Her hold: N tons of cargo or M men (in proportion, rules guide §3). */
  holdTons: z.number(),
  holdMen: z.number().int(),
  speedKmh: z.object({ min: z.number(), max: z.number() }),
  /** Kilometres a campaign day: the midpoint of her speed range × 12 hours. */
  travelKmPerDay: z.number()
})
export type AtrilianDerived = z.infer<typeof AtrilianDerived>

export const AtrilianQuote = z.object({
  setting: z.literal('atrilia'),
  /** Dinars: the sum of the lines. */
  total: z.number().int(),
  lines: z.array(QuoteLine),
  /** Days to build (the catalogue's weeks × 7; "< 1 week" is 3 days). */
  buildDays: z.number().int(),
  buildBreakdown: z.array(Term),
  /** Her catalogue name ("Pheacian large galley"). */
  typeName: z.string(),
  kind: z.enum(['galley', 'dhow', 'pirogue']),
  derived: AtrilianDerived,
  breakdown: z.record(z.string(), z.array(Term)),
  /** The most marine points her empty hold takes, at the campaign's men a point (rules guide §3); terms in `breakdown.marines`. */
  marines: z.object({ most: z.number().int(), menPerPoint: z.number().int() }),
  /** Whether she takes part in naval battles (size 1 to 3). */
  fights: z.boolean(),
  /** What a GM should know that is not a problem ("a size 0 ship never fights"). */
  notes: z.array(z.string()),
  problems: z.array(DesignProblem)
})
export type AtrilianQuote = z.infer<typeof AtrilianQuote>

export interface AtrilianShipRules {
  atriliaShips: ShipType[]
  atriliaImprovements: AtriliaImprovements
  /** The hours of sailing a day and the men a marine point (the campaign's table; its defaults if not given). */
  atriliaVoyages?: AtriliaVoyages
}

const SEC: Record<ShipType['kind'], string> = { galley: 'seed 002 §2.1', dhow: 'seed 002 §2.2', pirogue: 'seed 002 §2.3' }
const fmt = (n: number) => n.toLocaleString('en-GB')
const weeksText = (days: number) => (days % 7 === 0 ? `${days / 7} week${days === 7 ? '' : 's'}` : `${days} days`)

/** The catalogue row of a design's type (null: the campaign's table has none). */
export function shipTypeOf(ships: readonly ShipType[], key: string): ShipType | null {
  return ships.find((s) => s.key === key) ?? null
}

/** Whether an improvement can be fitted to a type at all, and why not (for the pickers and the quote). */
export function improvementAvailability(t: ShipType, key: ImprovementKey, improved: boolean): { available: boolean; included: boolean; why: string | null } {
  const size = improved && t.improved ? t.improved.size : t.size
  if (key === 'ram' && t.ram === 'included') return { available: true, included: true, why: 'All galleys have rams: hers is included in her price (seed 002 §2.4).' }
  if (key === 'ram' && t.ram === 'never') return { available: false, included: false, why: 'Baghlas cannot have rams (seed 002 §2.4).' }
  if (size === 0) {
    return {
      available: false,
      included: false,
      why:
        `A size 0 ship is never used in naval battles (seed 002 §2), so she takes no improvements` +
        (t.improved ? `; improve her to size ${t.improved.size} first.` : '.')
    }
  }
  return { available: true, included: false, why: null }
}

/** Price, build time, numbers and problems of an Atrilian design by the campaign's tables. */
export function quoteAtrilian(design: AtrilianDesign, rules: AtrilianShipRules): AtrilianQuote {
  const problems: DesignProblem[] = []
  const notes: string[] = []
  const t = shipTypeOf(rules.atriliaShips, design.type)
  if (!t) {
    return {
      setting: 'atrilia',
      total: 0,
      lines: [],
      buildDays: 0,
      buildBreakdown: [],
      typeName: design.type,
      kind: 'galley',
      derived: { size: 0, crew: 0, holdTons: 0, holdMen: 0, speedKmh: { min: 0, max: 0 }, travelKmPerDay: 0 },
      breakdown: {},
      marines: { most: 0, menPerPoint: (rules.atriliaVoyages ?? ATRILIA_VOYAGES).menPerMarinePoint },
      fights: false,
      notes,
      problems: [{ field: 'type', message: `The campaign's Atrilian ships table has no ship type "${design.type}"` }]
    }
  }
  const imp = rules.atriliaImprovements
  const lines: QuoteLine[] = [{ label: t.name, amount: t.price, source: SEC[t.kind] }]
  const breakdown: Record<string, Term[]> = {}

  // The baghla's upgrade (§2.2): size and hold.
  const improved = design.improved === true
  let size = t.size
  let holdTons = t.holdsCargoTons
  let holdMen = t.holdsMen ?? 0
  if (improved) {
    if (!t.improved) {
      problems.push({ field: 'improved', message: `Only a baghla may be improved to a larger war gaming size (seed 002 §2.2); a ${t.name.toLowerCase()} cannot` })
    } else {
      lines.push({ label: `Improved to war gaming size ${t.improved.size}`, amount: t.improved.price, source: 'seed 002 §2.2' })
      size = t.improved.size
      holdTons = t.improved.holdsCargoTons
      holdMen = t.improved.holdsMen
    }
  }
  const upgraded = improved && t.improved !== null
  breakdown.size = [{ label: `${t.name}: war gaming size`, value: t.size }, ...(upgraded ? [{ label: 'improved (seed 002 §2.2)', value: size - t.size }] : [])]
  breakdown.holdTons = upgraded
    ? [{ label: `improved ${t.name.toLowerCase()}: tons of cargo (seed 002 §2.2)`, value: holdTons }]
    : [{ label: `${t.name}: tons of cargo`, value: holdTons }]
  breakdown.holdMen = upgraded
    ? [{ label: `improved ${t.name.toLowerCase()}: men (seed 002 §2.2)`, value: holdMen }]
    : [{ label: t.holdsMen === null ? `${t.name}: holds cargo only` : `${t.name}: men`, value: holdMen }]

  // Improvements (§2.4), in the seed's order.
  for (const key of IMPROVEMENT_KEYS) {
    const want = design.improvements[key] === true
    const a = improvementAvailability(t, key, upgraded)
    if (key === 'ram' && a.included) {
      lines.push({ label: 'Ram (all galleys have rams: included in her price)', amount: 0, source: 'seed 002 §2.4; rules guide §3' })
      continue
    }
    if (!want) continue
    if (!a.available) {
      problems.push({ field: `improvements.${key}`, message: `${IMPROVEMENT_NAMES[key]}: ${a.why!.replace(/\.$/, '')}` })
      continue
    }
    if (key === 'corvus') lines.push({ label: 'Corvus', amount: imp.corvus, source: 'seed 002 §2.4' })
    if (key === 'ballista') lines.push({ label: 'Ballista', amount: imp.ballista, source: 'seed 002 §2.4' })
    if (key === 'catapult') lines.push({ label: 'Catapult', amount: imp.catapult, source: 'seed 002 §2.4' })
    if (key === 'ram') lines.push({ label: `Ram (${fmt(imp.ramPerSize)} × size ${size})`, amount: imp.ramPerSize * size, source: 'seed 002 §2.4' })
    if (key === 'castle') lines.push({ label: `Castle (${fmt(imp.castlePerSize)} × size ${size})`, amount: imp.castlePerSize * size, source: 'seed 002 §2.4' })
  }

  const fights = size > 0
  if (!fights) notes.push('A size 0 ship never fights: she is not used in naval battles (seed 002 §2).')
  if (t.holdsMen === null && !upgraded) notes.push(`Her hold takes cargo only, so she carries no marines (${SEC[t.kind]}).`)

  // A day's run as the voyage sails it (the same function and table).
  const speedKmh = { min: t.speedKmh.min, max: t.speedKmh.max }
  const hours = (rules.atriliaVoyages ?? ATRILIA_VOYAGES).hoursPerDay
  const run = dailyDistance(t, rules.atriliaVoyages ?? ATRILIA_VOYAGES)
  const travelKmPerDay = run.kmPerDay
  breakdown.travelKmPerDay = [
    { label: speedKmh.min === speedKmh.max ? `speed ${speedKmh.min} km/h` : `midpoint of ${speedKmh.min} to ${speedKmh.max} km/h`, value: run.midKmh },
    { label: `× ${hours} hours of sailing a day (rules guide §3)`, value: travelKmPerDay - run.midKmh }
  ]
  breakdown.crew = [{ label: `${t.name}: sailors to manoeuvre her`, value: t.crew }]
  const menPerPoint = (rules.atriliaVoyages ?? ATRILIA_VOYAGES).menPerMarinePoint
  const room = marineRoom({ holdTons, holdMen }, 0, menPerPoint)
  breakdown.marines = room.terms

  const buildBreakdown: Term[] = [
    {
      label: t.buildDays < 7 ? `${t.name}: "< 1 week" to build, read as 3 days (house default, rules guide §3)` : `${t.name}: ${weeksText(t.buildDays)} to build`,
      value: t.buildDays
    }
  ]
  if (lines.length > 2 || (lines.length === 2 && lines[1]!.amount > 0)) buildBreakdown.push({ label: 'improvements add no time (house default, rules guide §3)', value: 0 })

  return {
    setting: 'atrilia',
    total: lines.reduce((n, l) => n + l.amount, 0),
    lines,
    buildDays: t.buildDays,
    buildBreakdown,
    typeName: t.name,
    kind: t.kind,
    derived: { size, crew: t.crew, holdTons, holdMen, speedKmh, travelKmPerDay },
    breakdown,
    marines: { most: room.points, menPerPoint },
    fights,
    notes,
    problems
  }
}

const PEOPLES = new Set(Object.values(NATION_NAMES).map((n) => n.one))

/** A type's name inside a sentence ("a Pheacian large galley", "a baghla"): peoples keep their capital. */
export function typePhrase(name: string): string {
  return PEOPLES.has(name.split(' ')[0] ?? '') ? name : name.charAt(0).toLowerCase() + name.slice(1)
}
