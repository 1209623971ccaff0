import { attack, lineOfSight, movement, pathCost, ram, ramKind, repair } from '../../shared/atrilia/calc'
import { ATRILIA_RULES, type AtriliaRules } from '../../shared/atrilia/tables'
import { withLabel, type atriliaContracts } from '../../shared/commands/atrilia'
import { getRule } from '../campaign-core/rules'
import type { AppContext, HandlerSpec } from './types'

type AtriliaHandlers = { [N in keyof typeof atriliaContracts]: HandlerSpec<N> }

/** The table a calculator reads: the open campaign's Atrilian battle table (as its GM edited it), else the seed's. */
const rulesOf = (ctx: AppContext): AtriliaRules => (ctx.session.campaign ? getRule(ctx.session.campaign.db, 'atriliaBattle') : ATRILIA_RULES)

/**
 * The Atrilian hex battle's calculators (seed 002, issue 17): each wraps one of
 * src/shared/atrilia/calc.ts, read-only, on the open campaign's Atrilian battle table (the seed's when
 * none is open).
 */
export const atriliaHandlers: AtriliaHandlers = {
  'atrilia.movement': { kind: 'app', run: (_ctx, input) => movement(input) },
  'atrilia.pathCost': { kind: 'app', run: (ctx, input) => pathCost(input, rulesOf(ctx)) },
  'atrilia.ramKind': { kind: 'app', run: (_ctx, input) => ramKind(input) },
  'atrilia.ram': { kind: 'app', run: (ctx, input) => ram(input, rulesOf(ctx)) },
  'atrilia.attack': { kind: 'app', run: (ctx, input) => attack(input, rulesOf(ctx)) },
  'atrilia.repair': { kind: 'app', run: (ctx, input) => repair(input, rulesOf(ctx)) },
  'atrilia.lineOfSight': {
    kind: 'app',
    run: (_ctx, input) => {
      const l = lineOfSight(input)
      return { clear: l.clear, through: l.through.map(withLabel), along: l.along.map(([a, b]) => [withLabel(a), withLabel(b)] as [ReturnType<typeof withLabel>, ReturnType<typeof withLabel>]), blockedBy: l.blockedBy.map(withLabel) }
    }
  }
}
