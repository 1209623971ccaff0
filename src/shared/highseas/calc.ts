import { HIGH_SEAS_RULES, type HighSeasRules } from './tables'
import { RANGES, type Aim, type CrewKind, type Range, type Weather } from './types'

/**
 * The calculators of High Seas battles (seed 003 III–VI; rules guide §2): pure numbers with their
 * terms, shared by the engine, the command calculators and the board.
 */

export interface CannonTNInput {
  attacker: { size: number; gunnery: number }
  target: { handling: number; size: number }
  range: Range | number
  aim: Aim
  /** 'atFort': the ship shoots at a fort (two free raises); 'fromFort': the fort shoots (one). */
  fort?: 'none' | 'atFort' | 'fromFort'
  /** The target is locked in a boarding melee (−15 TN). */
  meleeTarget?: boolean
  /** The attacker won the Brilliant Maneuver against the target (a free raise). */
  brilliant?: boolean
}

export function rangeStep(range: Range | number): number {
  return typeof range === 'number' ? range : RANGES.indexOf(range)
}

/**
 * The TN to hit (seed 003 IV "CANNON FIRE", rules guide §2 "Cannon hit roll"): 5 × target Handling
 * (negative Handling lowers it by 5 a level), +5 a range step past Close, +10 at rigging, −5 a
 * Gunnery rank, +5 target larger / −5 smaller, −15 target in a boarding melee. Free raises (+5 to
 * the roll each: brilliant maneuver, two at a fort, one from a fort) are shown as −5 TN terms, the
 * same thing.
 */
export function cannonTN(a: CannonTNInput, rules: HighSeasRules = HIGH_SEAS_RULES): { tn: number; breakdown: { label: string; value: number }[] } {
  const step = rangeStep(a.range)
  const b: { label: string; value: number }[] = [{ label: `5 × target Handling ${a.target.handling}`, value: 5 * a.target.handling }]
  if (step > 0) b.push({ label: `range ${RANGES[step] ?? step} (${step} step${step === 1 ? '' : 's'} past Close)`, value: 5 * step })
  if (a.aim === 'rigging') b.push({ label: 'aimed at the rigging', value: 10 })
  if (a.attacker.gunnery) b.push({ label: `Gunnery ${a.attacker.gunnery}`, value: -5 * a.attacker.gunnery })
  if (a.target.size > a.attacker.size) b.push({ label: 'target larger', value: 5 })
  else if (a.target.size < a.attacker.size) b.push({ label: 'target smaller', value: -5 })
  if (a.meleeTarget) b.push({ label: 'target locked in a boarding melee', value: rules.meleeTargetTN })
  if (a.fort === 'atFort') b.push({ label: `${rules.raisesAtFort} free raises at a fort`, value: -rules.raise * rules.raisesAtFort })
  if (a.fort === 'fromFort') b.push({ label: `${rules.raisesFromFort} free raise from a fort`, value: -rules.raise * rules.raisesFromFort })
  if (a.brilliant) b.push({ label: 'free raise (Brilliant Maneuver)', value: -rules.raise })
  let tn = 0
  for (const t of b) tn += t.value
  return { tn, breakdown: b }
}

/** The same TN as cannonTN without building terms (the engine's fast path). */
export function cannonTNFast(
  attSize: number,
  gunnery: number,
  tgtHandling: number,
  tgtSize: number,
  step: number,
  rigging: boolean,
  fort: 0 | 1 | 2,
  melee: boolean,
  brilliant: boolean,
  rules: HighSeasRules
): number {
  let tn = 5 * tgtHandling + 5 * step - 5 * gunnery
  if (rigging) tn += 10
  if (tgtSize > attSize) tn += 5
  else if (tgtSize < attSize) tn -= 5
  if (melee) tn += rules.meleeTargetTN
  if (fort === 1) tn -= rules.raise * rules.raisesAtFort
  else if (fort === 2) tn -= rules.raise * rules.raisesFromFort
  if (brilliant) tn -= rules.raise
  return tn
}

/** What a d10 must show to grapple (seed 003 V): smaller 8+, same size 6+, larger 4+; the chance on a d10. */
export function grappleNeed(grapplerSize: number, targetSize: number, rules: HighSeasRules = HIGH_SEAS_RULES): { needs: number; chance: number } {
  const needs = grapplerSize < targetSize ? rules.grappleSmaller : grapplerSize === targetSize ? rules.grappleSame : rules.grappleLarger
  return { needs, chance: Math.max(0, Math.min(10, 11 - needs)) / 10 }
}

/** Sighting range (step) by weather (seed 003 IV "SCALE"): clear Extreme, rough Long, storm or fog Medium. */
export function sightingRange(weather: Weather, rules: HighSeasRules = HIGH_SEAS_RULES): number {
  return rules.sighting[weather]
}
/** Recognition range (step): clear Far, rough Medium, storm or fog Short. */
export function recognitionRange(weather: Weather, rules: HighSeasRules = HIGH_SEAS_RULES): number {
  return rules.recognition[weather]
}
/** Observation check TN (seed 003 III): 10 at Close, +5 per step (35 at Extreme). */
export function observationTN(rangeStep: number, rules: HighSeasRules = HIGH_SEAS_RULES): number {
  return rules.observationBase + rules.observationPerStep * rangeStep
}

/** Fraction of the crew that are Trained Fighters (seed 003 V): the largest that applies. */
export function fighterFraction(kind: 'ship' | 'fort' | 'town', crewKind: CrewKind, nation: string, rules: HighSeasRules = HIGH_SEAS_RULES): number {
  if (kind !== 'ship') return 1 // "All garrison occupants are considered to be Trained Fighters"
  let f = rules.fighters[crewKind]
  const nat = nation.trim().toLowerCase()
  for (const r of rules.nationFighters) if (r.nation.toLowerCase() === nat && r.fraction > f) f = r.fraction
  return f
}

/**
 * Trained Fighters of a participant at the start (seed 003 V): the crew fraction of the sailors
 * (crew less marines and officers), plus all marines and officers, rounded down.
 */
export function trainedFighters(p: { kind: 'ship' | 'fort' | 'town'; crewKind: CrewKind; nation: string; crew: number; marines: number; officers: number }, rules: HighSeasRules = HIGH_SEAS_RULES): number {
  const f = fighterFraction(p.kind, p.crewKind, p.nation, rules)
  const rest = Math.max(0, p.crew - p.marines - p.officers)
  return Math.min(p.crew, Math.floor(f * rest + 1e-9) + p.marines + p.officers)
}

/**
 * Surrender in a boarding melee (seed 003 V): "During any turn that an opposing crew's Trained
 * Fighters are outnumbered by a factor of three or more to one odds, they will surrender." Counted
 * in Trained Fighters, not in (rounded) Brute Squads: `mine` are outnumbered when `theirs` ≥ ratio ×
 * `mine` (a crew with no fighters left facing any is outnumbered; nobody against nobody is not).
 * The engine's quick combat and the AI's striking rule both ask this.
 */
export function outnumbered(mine: number, theirs: number, rules: HighSeasRules = HIGH_SEAS_RULES): boolean {
  if (theirs <= 0) return false
  return theirs >= rules.surrenderRatio * Math.max(0, mine)
}

/** What a grapple roll needs and adds (seed 003 V, IV): the size table's face, +5 with a free raise from a Brilliant Maneuver. */
export function grappleRoll(grapplerSize: number, targetSize: number, brilliant: boolean, rules: HighSeasRules = HIGH_SEAS_RULES): { needs: number; bonus: number; terms: { label: string; value: number }[] } {
  const needs = grappleNeed(grapplerSize, targetSize, rules).needs
  const terms = [{ label: grapplerSize < targetSize ? 'd10 must show (grappler smaller)' : grapplerSize === targetSize ? 'd10 must show (same size)' : 'd10 must show (grappler larger)', value: needs }]
  const bonus = brilliant ? rules.raise : 0
  if (brilliant) terms.push({ label: 'free raise (Brilliant Maneuver)', value: bonus })
  return { needs, bonus, terms }
}
