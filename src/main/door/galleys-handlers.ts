import { collisionCalc, criticalCalc, fateCalc, fireCalc, weatherCalc } from '../../shared/galleys/calculators'
import { GALLEYS_RULES, type GalleysRules } from '../../shared/galleys/tables'
import type { galleysContracts } from '../../shared/commands/galleys'
import { galleysRulesOf } from '../battles/galleys'
import { fielded } from './fielded'
import type { AppContext, HandlerSpec } from './types'

type GalleysHandlers = { [N in keyof typeof galleysContracts]: HandlerSpec<N> }

/** The tables a calculator reads: the open campaign's (as its GM edited them), else the seed's. */
const rulesOf = (ctx: AppContext): GalleysRules => (ctx.session.campaign ? galleysRulesOf(ctx.session.campaign.db) : GALLEYS_RULES)

/**
 * The Galleys & Galleons calculators (seed 000, issue 19): each wraps one of src/shared/galleys/calculators.ts,
 * read-only, on the open campaign's tables (the seed's when none is open); an input its procedure cannot
 * read (too few or too many dice) is refused at its field.
 */
export const galleysHandlers: GalleysHandlers = {
  'galleys.weather': { kind: 'app', run: (ctx, input) => fielded(() => weatherCalc(input, rulesOf(ctx))) },
  'galleys.critical': { kind: 'app', run: (ctx, input) => fielded(() => criticalCalc(input, rulesOf(ctx))) },
  'galleys.fire': { kind: 'app', run: (ctx, input) => fielded(() => fireCalc(input, rulesOf(ctx))) },
  'galleys.collision': { kind: 'app', run: (ctx, input) => fielded(() => collisionCalc(input, rulesOf(ctx))) },
  'galleys.fate': { kind: 'app', run: (ctx, input) => fielded(() => fateCalc(input, rulesOf(ctx))) }
}
