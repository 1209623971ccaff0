import type { ConversionView } from '../../../../shared/commands/conversion'
import { CREW_QUALITY_LABELS } from '../../../../shared/atrilia/crew'
import { IMPROVEMENT_NAMES } from '../../../../shared/atrilia/shipyard'
import { prizeOwnersProblem } from '../../../../shared/highseas/review'
import { sentence } from '../../../../shared/words'

/**
 * Words of fighting a campaign encounter under other rules (issue 21): the rule systems an encounter can
 * be converted to, the converted numbers, and the lines of a converted battle's review.
 */

/** A rule system an encounter can be fought under by conversion (the door's `ConversionRuleset`). */
export type ConversionRulesetId = ConversionView['ruleset']

/**
 * Each conversion ruleset's name as the encounter card offers it. Keyed by the door's enum, so a ruleset
 * the door adds needs only its name here (the card and the dialog take their list from this map).
 */
export const CONVERSION_RULESET_NAMES: Record<ConversionRulesetId, string> = {
  galleys: 'Galleys & Galleons table',
  broadsides: 'Broadsides & Boarding Parties duel',
  atrilia: 'Atrilian hex map',
  highseas: 'High Seas range bands'
}
/** The rules a Théah encounter is converted to (its own, High Seas, is the card's first choice). */
export const CONVERSION_RULESETS = (Object.keys(CONVERSION_RULESET_NAMES) as ConversionRulesetId[]).filter((r) => r !== 'highseas')

/** The encounter card's own choice: the setting's High Seas range bands (seed 003 IV), fought as before. */
export const HIGH_SEAS_NAME = 'High Seas range bands'

/** A converted number's name (the preview's field, or a key of what she fights with). */
const NUMBER_NAMES: Record<string, string> = {
  quality: 'Quality',
  combat: 'Combat',
  hullPoints: 'Hull points',
  points: 'Points',
  crew: 'Crew figures',
  cannon: 'Cannon',
  class: 'Deck',
  type: 'Ship type',
  crewQuality: 'Crew quality',
  marines: 'Marines',
  threatRating: 'Threat Rating'
}
/** The name of a converted number; one this map does not know yet is written from its key in words. */
export function numberName(key: string): string {
  const known = NUMBER_NAMES[key]
  if (known) return known
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/** Her Théah numbers (seed 003 I), in the order the dialog lists them. */
export const THEAH_NUMBERS: { key: Exclude<keyof NonNullable<ConversionView['ships'][number]['from']>, 'crewKind'>; label: string }[] = [
  { key: 'size', label: 'Size' },
  { key: 'handling', label: 'Handling' },
  { key: 'speed', label: 'Speed' },
  { key: 'hullPoints', label: 'Hull points' },
  { key: 'crew', label: 'Crew' },
  { key: 'guns', label: 'Long guns' }
]

/** The sides of a Théah encounter. */
const SIDE_NAMES: Record<string, string> = { ours: 'The squadron', them: 'The encounter' }
/** A ship's side in words: the squadron or the encounter, or a skirmish's side by the name the GM gave it. */
export const sideWords = (side: string, skirmish = false): string => (skirmish ? `Side “${side}”` : (SIDE_NAMES[side] ?? 'A side of the encounter'))

/** A converted battle's fate of a ship, as the Théah review reads it. */
export const CONVERTED_FATES: { value: 'afloat' | 'sunk' | 'captured' | 'escaped'; label: string }[] = [
  { value: 'afloat', label: 'Afloat' },
  { value: 'sunk', label: 'Sunk' },
  { value: 'captured', label: 'Captured' },
  { value: 'escaped', label: 'Escaped' }
]

/** The door's words without the field it names in front ("adjustments.0.quality: must be at most 6" → "Must be at most 6"). */
export function withoutField(message: string): string {
  const t = message.replace(/^[A-Za-z0-9_.]+: /, '')
  return t.charAt(0).toUpperCase() + t.slice(1)
}

/** An Atrilian crew quality (1 slave … 4 elite) by its word, as the Atrilian ship sheet says it. */
export function crewQualityWord(q: number): string {
  return CREW_QUALITY_LABELS[q] ?? 'Not a crew quality'
}
/** An Atrilian improvement (ram, castle, …) by its name, as the shipyard says it. */
export function improvementWord(key: string): string {
  return (IMPROVEMENT_NAMES as Record<string, string>)[key] ?? 'An improvement'
}

/**
 * What is wrong with a prize's owners as a whole, in a sentence at the field (null: nothing), the door's own
 * check (shared/highseas/review.ts): "The shares must add up to 100% (they add up to 60%)."
 */
export function prizeOwnersWords(owners: readonly { ownerId: number; share: number }[]): string | null {
  const problem = prizeOwnersProblem(owners)
  return problem ? sentence(problem.startsWith('shares') ? `the ${problem}` : problem) : null
}

/** A fate the GM changed from the review's reading, said above the battle's words (which stay its reading). */
export function fateChangedWords(was: string, now: string): string {
  return `You changed her fate from ${was.toLowerCase()} to ${now.toLowerCase()}; the words below are how the battle read her.`
}
