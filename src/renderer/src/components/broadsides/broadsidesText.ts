/** Words and colours of the Broadsides duel's page (issue 20). */
import type { BroadsidesSetup } from '../../../../shared/broadsides/types'
import type { BroadsidesOutcome } from '../../../../shared/broadsides/types'

/** The first ship red, the second blue. */
export const SHIP_COLOURS = ['#a23b2c', '#1d4f6e'] as const

export const shipName = (setup: BroadsidesSetup, id: string | null): string => setup.ships.find((s) => s.id === id)?.name ?? ''
export const plural = (n: number, w: string): string => `${n} ${w}${n === 1 ? '' : 's'}`

export function outcomeWords(setup: BroadsidesSetup, o: BroadsidesOutcome): { headline: string; detail: string } {
  const winner = shipName(setup, o.winner)
  return { headline: winner ? `The ${winner} wins the duel.` : 'The duel ends undecided.', detail: o.reason }
}

export const PHASE_NAMES = { wind: 'Wind', crew: 'Crew', card: 'Card', fire: 'Fire', boarding: 'Boarding' } as const

/** A ship's maneuver deck before the turn's wind is rolled: a new one is made each turn (seed 001, Maneuver Decks), here at the turn’s wind step. */
export const deckNotYet = 'No maneuver cards yet: her deck is built once the wind is rolled.'
