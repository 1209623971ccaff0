import type { ventureContracts } from '../../shared/commands/ventures'
import { venturesOfVoyage, voyagesOfVenture } from '../theah/trade'
import type { HandlerSpec } from './types'

type VentureHandlers = { [N in keyof typeof ventureContracts]: HandlerSpec<N> }

/** Trading voyages' accounts and the voyages they sailed (issue 8; seed 003 VIII). */
export const ventureHandlers: VentureHandlers = {
  'ventures.voyages': { kind: 'read', run: ({ campaign: { db } }, input) => voyagesOfVenture(db, input.ventureId) },
  'ventures.ofVoyage': { kind: 'read', run: ({ campaign: { db } }, input) => venturesOfVoyage(db, input.voyageId) }
}
