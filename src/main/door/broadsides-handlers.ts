import { deckCalc, driftCalc, hitCalc, meleeCalc, reefCalc, windCalc } from '../../shared/broadsides/calculators'
import type { broadsidesContracts } from '../../shared/commands/broadsides'
import type { HandlerSpec } from './types'

type BroadsidesHandlers = { [N in keyof typeof broadsidesContracts]: HandlerSpec<N> }

/** The Broadsides & Boarding Parties calculators (seed 001, issue 20): each wraps one of src/shared/broadsides/calculators.ts, read-only. */
export const broadsidesHandlers: BroadsidesHandlers = {
  'broadsides.deck': { kind: 'app', run: (_ctx, input) => deckCalc(input) },
  'broadsides.drift': { kind: 'app', run: (_ctx, input) => driftCalc(input) },
  'broadsides.hit': { kind: 'app', run: (_ctx, input) => hitCalc(input) },
  'broadsides.reef': { kind: 'app', run: (_ctx, input) => reefCalc(input) },
  'broadsides.melee': { kind: 'app', run: (_ctx, input) => meleeCalc(input) },
  'broadsides.wind': { kind: 'app', run: (_ctx, input) => windCalc(input) }
}
