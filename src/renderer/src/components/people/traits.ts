import type { Traits } from '../../../../shared/commands'

export type TraitName = keyof Traits

/** Short column headings; the record's type makes sure every trait of the contract is here. */
export const TRAIT_ABBR: Record<TraitName, string> = {
  Brawn: 'Bra',
  Finesse: 'Fin',
  Wits: 'Wit',
  Resolve: 'Res',
  Panache: 'Pan'
}

/** The five traits in the rules' order. */
export const TRAIT_NAMES = Object.keys(TRAIT_ABBR) as TraitName[]

/** A new character's traits: 2 each (7th Sea's starting value, as the core uses). */
export function defaultTraits(): Traits {
  return Object.fromEntries(TRAIT_NAMES.map((t) => [t, 2])) as Traits
}

/** Knacks worth showing in a table cell: ranked highest first, rank 0 left out. */
export function notableKnacks(knacks: Record<string, number>): [string, number][] {
  return Object.entries(knacks)
    .filter(([, r]) => r > 0)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
}

/** The heroPoints rule table (seed 003): what one point buys, and the most a character may spend. */
export interface HeroPointRule {
  guildersPerPoint: number
  maxPerCharacter: number
}
