import { z } from 'zod'
import { DeckInput, DriftInput, HitInput, MeleeInput, ReefInput, WindInput } from '../broadsides/calculators'
import { contract } from './contract'
import { Term } from './core'

/**
 * The calculators of the Broadsides & Boarding Parties variant (seed 001, issue 20): the rules reference
 * and the tests ask them what a procedure gives. Directions are compass points 0–7 clockwise from north;
 * rows are numbered from 0 at the bow; dice are d6 faces. With a campaign open they read its Broadsides
 * tables as its GM edited them (the numbers in the summaries are the seed's); with none, the seed's.
 * The duel's own procedures are the same pure functions (src/shared/broadsides/).
 */

export const broadsidesContracts = {
  'broadsides.deck': contract({
    summary:
      'Maneuver Decks (seed 001; rules guide §5): the deck of 6 — a Damage card per destroyed mast (at most 3), Forward cards up to the speed, then Turn Port, Turn Starboard, Anchor in turn; one Turn Starboard out per port-side row with hull tokens and one Turn Port per starboard-side row (a stacked row is listed once).',
    scope: 'app',
    mutates: false,
    input: DeckInput,
    output: z.object({ forward: z.number().int(), turnPort: z.number().int(), turnStarboard: z.number().int(), anchor: z.number().int(), damage: z.number().int(), size: z.number().int(), terms: z.array(Term) })
  }),
  'broadsides.drift': contract({
    summary: 'Ship Combat (seed 001): drift — 1–2 one row to the left (−1, towards the bow), 3–4 none, 5–6 one row to the right; no roll with the Master Gunner on the gun’s deck.',
    scope: 'app',
    mutates: false,
    input: DriftInput,
    output: z.object({ rows: z.union([z.literal(-1), z.literal(0), z.literal(1)]) })
  }),
  'broadsides.hit': contract({
    summary: 'Where the cannonball hits (rules guide §5, house default): 1 miss, 2 hull, 3–4 deck, 5 the mast square of that row (deck if none), 6 the GM’s choice of square.',
    scope: 'app',
    mutates: false,
    input: HitInput,
    output: z.object({ location: z.enum(['miss', 'hull', 'deck', 'mast', 'choice']) })
  }),
  'broadsides.reef': contract({
    summary: 'Reefs (seed 001): hull tokens taken moving into a reef — 2 at speed 3, 1 at speed 2, none at speed 1 (or 0).',
    scope: 'app',
    mutates: false,
    input: ReefInput,
    output: z.object({ hullTokens: z.number().int() })
  }),
  'broadsides.melee': contract({
    summary:
      'Boarding Action (seed 001): attacker a die + 1 a unit + officers (Captain +2, First Mate +1, Master Gunner +1); defender the same + 1 on top of a ladder + 1 defending a higher deck from a boarding; the loser removes the difference (a tie: nobody). crew counts every unit in the space, officers included.',
    scope: 'app',
    mutates: false,
    input: MeleeInput,
    output: z.object({ attack: z.number().int(), defence: z.number().int(), loser: z.enum(['attacker', 'defender']).nullable(), losses: z.number().int(), attackTerms: z.array(Term), defenceTerms: z.array(Term) })
  }),
  'broadsides.wind': contract({
    summary: 'Wind (seed 001; rules guide §5 Compass): each later turn 1–2 the wind backs one point (anticlockwise), 3–4 it holds, 5–6 it veers one point; directions 0–7 clockwise from north.',
    scope: 'app',
    mutates: false,
    input: WindInput,
    output: z.object({ direction: z.number().int(), /** Points turned: −1 backs, 0 holds, +1 veers. */ shift: z.number().int() })
  })
}
