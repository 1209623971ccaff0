import type { Term } from '../battle/ruleset'
import type { BroadsidesDeck, Card } from './tables'

/**
 * The maneuver deck (seed 001 "Maneuver Decks"; rules guide §5 "Building the maneuver deck"). Each turn a
 * new deck per ship: one Damage card per destroyed mast (at most 3), Forward cards up to the speed, then
 * Turn Port, Turn Starboard, Anchor in turn until there are 6; then one Turn Starboard out for each
 * port-side row with hull damage and one Turn Port for each starboard-side row (a stack of two counts
 * once); nothing more is taken out once none of that card is left.
 */

export interface DeckCounts {
  forward: number
  turnPort: number
  turnStarboard: number
  anchor: number
  damage: number
  size: number
}

export interface BuiltDeck {
  counts: DeckCounts
  /** The cards, in the order built (the draw is random from what is left). */
  cards: Card[]
  terms: Term[]
}

export function buildDeck(d: BroadsidesDeck, input: { speed: number; mastsLost: number; portRows: number; starboardRows: number }): BuiltDeck {
  const cards: Card[] = []
  const damage = Math.min(input.mastsLost, d.maxDamage, d.size)
  for (let i = 0; i < damage; i++) cards.push('damage')
  const forward = Math.min(input.speed, d.size - cards.length)
  for (let i = 0; i < forward; i++) cards.push('forward')
  for (let i = 0; cards.length < d.size; i++) cards.push(d.fill[i % d.fill.length]!)
  const terms: Term[] = [
    { label: `Damage cards (one per destroyed mast, at most ${d.maxDamage})`, value: damage },
    { label: 'Forward cards (up to the speed)', value: forward },
    { label: 'Turn and Anchor cards filling the deck', value: d.size - damage - forward }
  ]
  const take = (card: Card, n: number, why: string) => {
    let out = 0
    for (let k = 0; k < n; k++) {
      const i = cards.lastIndexOf(card)
      if (i < 0) break
      cards.splice(i, 1)
      out++
    }
    if (out) terms.push({ label: why, value: -out })
  }
  take('turnStarboard', input.portRows, 'Turn Starboard cards out (port-side rows with hull damage)')
  take('turnPort', input.starboardRows, 'Turn Port cards out (starboard-side rows with hull damage)')
  const count = (c: Card) => cards.filter((x) => x === c).length
  return {
    counts: { forward: count('forward'), turnPort: count('turnPort'), turnStarboard: count('turnStarboard'), anchor: count('anchor'), damage: count('damage'), size: cards.length },
    cards,
    terms
  }
}
