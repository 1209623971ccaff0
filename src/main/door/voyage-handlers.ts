import type { voyageContracts } from '../../shared/commands/voyages'
import { CommandError } from '../../shared/errors'
import type { HandlerSpec } from './types'

type VoyageHandlers = { [N in keyof typeof voyageContracts]: HandlerSpec<N> }

const todo = (): never => {
  throw new CommandError('rule', 'Voyages are being built.')
}

/** The sea chart and voyages (issue 7; seed 003 II-III). */
export const voyageHandlers: VoyageHandlers = {
  'chart.get': { kind: 'read', run: todo },
  'chart.configure': { kind: 'write', run: todo, describe: () => '' },
  'chart.placePort': { kind: 'write', run: todo, describe: () => '' },
  'chart.saveArea': { kind: 'write', run: todo, describe: () => '' },
  'chart.removeArea': { kind: 'write', run: todo, describe: () => '' },
  'chart.saveRoute': { kind: 'write', run: todo, describe: () => '' },
  'chart.removeRoute': { kind: 'write', run: todo, describe: () => '' },
  'drama.get': { kind: 'read', run: todo },
  'drama.set': { kind: 'write', run: todo, describe: () => '' },
  'voyages.plan': { kind: 'read', run: todo },
  'voyages.start': { kind: 'write', run: todo, describe: () => '' },
  'voyages.sail': { kind: 'write', run: todo, describe: () => '' },
  'voyages.get': { kind: 'read', run: todo },
  'voyages.list': { kind: 'read', run: todo },
  'voyages.specialEvent': { kind: 'write', run: todo, describe: () => '' },
  'voyages.avoidEvent': { kind: 'write', run: todo, describe: () => '' },
  'voyages.resolveEvent': { kind: 'write', run: todo, describe: () => '' },
  'voyages.resolveEncounter': { kind: 'write', run: todo, describe: () => '' },
  'voyages.end': { kind: 'write', run: todo, describe: () => '' }
}
