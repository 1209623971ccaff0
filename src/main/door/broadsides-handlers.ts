import { deckCalc, driftCalc, hitCalc, meleeCalc, reefCalc, windCalc } from '../../shared/broadsides/calculators'
import { BROADSIDES_RULES, type BroadsidesRules } from '../../shared/broadsides/tables'
import type { broadsidesContracts } from '../../shared/commands/broadsides'
import { broadsidesRulesOf } from '../battles/broadsides'
import { fielded } from './fielded'
import type { AppContext, HandlerSpec } from './types'

type BroadsidesHandlers = { [N in keyof typeof broadsidesContracts]: HandlerSpec<N> }

/** The tables a calculator reads: the open campaign's (as its GM edited them), else the seed's. */
const rulesOf = (ctx: AppContext): BroadsidesRules => (ctx.session.campaign ? broadsidesRulesOf(ctx.session.campaign.db) : BROADSIDES_RULES)

/**
 * The Broadsides & Boarding Parties calculators (seed 001, issue 20): each wraps one of
 * src/shared/broadsides/calculators.ts, read-only, on the open campaign's tables (the seed's when none is
 * open); an input its procedure cannot read is refused at its field.
 */
export const broadsidesHandlers: BroadsidesHandlers = {
  'broadsides.deck': { kind: 'app', run: (ctx, input) => fielded(() => deckCalc(input, rulesOf(ctx))) },
  'broadsides.drift': { kind: 'app', run: (ctx, input) => fielded(() => driftCalc(input, rulesOf(ctx))) },
  'broadsides.hit': { kind: 'app', run: (ctx, input) => fielded(() => hitCalc(input, rulesOf(ctx))) },
  'broadsides.reef': { kind: 'app', run: (ctx, input) => fielded(() => reefCalc(input, rulesOf(ctx))) },
  'broadsides.melee': { kind: 'app', run: (ctx, input) => fielded(() => meleeCalc(input, rulesOf(ctx))) },
  'broadsides.wind': { kind: 'app', run: (ctx, input) => fielded(() => windCalc(input, rulesOf(ctx))) }
}
