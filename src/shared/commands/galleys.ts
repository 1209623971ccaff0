import { z } from 'zod'
import { CollisionInput, CriticalInput, FateInput, FireInput, WeatherInput } from '../galleys/calculators'
import { contract } from './contract'
import { Term } from './core'

/**
 * The calculators of the Galleys & Galleons house rules (seed 000, issue 19): the rules reference and
 * the tests ask them what a procedure gives. Wind directions are the gauge's points, 0–15 clockwise
 * from north; markers null | 'veer' | 'back' | 'steady'; dice are given in the order the procedure
 * rolls them. With a campaign open they read its Galleys & Galleons tables as its GM edited them; with
 * none, the seed's. The table's own procedures are the same pure functions (src/shared/galleys/procedures.ts).
 */

const Wind = z.object({ direction: z.number().int(), marker: z.enum(['veer', 'back', 'steady']).nullable() })
const Criticals = z.object({ captain: z.number().int(), rudder: z.number().int(), holed: z.boolean(), rigging: z.number().int(), fires: z.number().int() })
const Effect = z.enum(['captainKilled', 'hit', 'rudder', 'hull', 'holed', 'rigging', 'fire', 'explodes', 'ignored'])

export const galleysContracts = {
  'galleys.weather': contract({
    summary:
      'Weather Change (seed 000): the weather die (a 6 may change the wind), then the amount die (1–3 one point, 4–6 two) and the direction die with the backing / veering / steady markers.',
    scope: 'app',
    mutates: false,
    input: WeatherInput,
    output: z.object({ wind: Wind, changed: z.boolean(), log: z.array(z.string()) })
  }),
  'galleys.critical': contract({
    summary: 'Critical Hits (seed 000): the red die for the effect and the white die for the secondary roll, by hull kind and propulsion; Lucky ignores a double.',
    scope: 'app',
    mutates: false,
    input: CriticalInput,
    output: z.object({ effect: Effect, criticals: Criticals, text: z.string() })
  }),
  'galleys.fire': contract({
    summary:
      'Fire (seed 000), one vessel’s turn: a die for each fire (any 6 explodes), otherwise one critical at +1 (no holes, no explosion), then her activation fighting one fire.',
    scope: 'app',
    mutates: false,
    input: FireInput,
    output: z.object({
      explodes: z.boolean(),
      critical: z.object({ effect: Effect, criticals: Criticals }).nullable(),
      putOut: z.number().int(),
      cutGrapples: z.boolean().optional(),
      criticals: Criticals,
      log: z.array(z.string())
    })
  }),
  'galleys.collision': contract({
    summary: 'Collisions (seed 000): the adjusted table — 1 Significant (2), 2–4 Hull (1), 5+ Superficial — with Reinforced Hull +1, against Boats +2, against non-Boats of lower C +1.',
    scope: 'app',
    mutates: false,
    input: CollisionInput,
    output: z.object({ result: z.enum(['significant', 'hull', 'superficial']), hits: z.union([z.literal(0), z.literal(1), z.literal(2)]), total: z.number().int(), terms: z.array(Term) })
  }),
  'galleys.fate': contract({
    summary: 'Sinking (seed 000): strike or sink on excess Hull hits by cause — gunnery sinks if holed or doubled, small arms and boarding strike, ramming and running aground sink, a collision rolls.',
    scope: 'app',
    mutates: false,
    input: FateInput,
    output: z.enum(['sink', 'strike'])
  })
}
