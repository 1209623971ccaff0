import { attack, lineOfSight, movement, pathCost, ram, ramKind, repair } from '../../shared/atrilia/calc'
import { ATRILIA_RULES } from '../../shared/atrilia/tables'
import { withLabel, type atriliaContracts } from '../../shared/commands/atrilia'
import type { HandlerSpec } from './types'

type AtriliaHandlers = { [N in keyof typeof atriliaContracts]: HandlerSpec<N> }

/**
 * The Atrilian hex battle's calculators (seed 002, issue 17): each wraps one of
 * src/shared/atrilia/calc.ts, read-only, on the seed's tables (no campaign needed).
 */
export const atriliaHandlers: AtriliaHandlers = {
  'atrilia.movement': { kind: 'app', run: (_ctx, input) => movement(input) },
  'atrilia.pathCost': { kind: 'app', run: (_ctx, input) => pathCost(input, ATRILIA_RULES) },
  'atrilia.ramKind': { kind: 'app', run: (_ctx, input) => ramKind(input) },
  'atrilia.ram': { kind: 'app', run: (_ctx, input) => ram(input, ATRILIA_RULES) },
  'atrilia.attack': { kind: 'app', run: (_ctx, input) => attack(input, ATRILIA_RULES) },
  'atrilia.repair': { kind: 'app', run: (_ctx, input) => repair(input, ATRILIA_RULES) },
  'atrilia.lineOfSight': {
    kind: 'app',
    run: (_ctx, input) => {
      const l = lineOfSight(input)
      return { clear: l.clear, through: l.through.map(withLabel), along: l.along.map(([a, b]) => [withLabel(a), withLabel(b)] as [ReturnType<typeof withLabel>, ReturnType<typeof withLabel>]), blockedBy: l.blockedBy.map(withLabel) }
    }
  }
}
