import type { conversionContracts } from '../../shared/commands/conversion'
import { encounterConversion, fightEncounterUnder } from '../battles/conversion'
import type { CampaignContext, HandlerSpec } from './types'

type ConversionHandlers = { [N in keyof typeof conversionContracts]: HandlerSpec<N> }

const said = new WeakMap<CampaignContext, string>()

/** A campaign encounter fought under another rule system by conversion (issue 21): the preview and the fight. */
export const conversionHandlers: ConversionHandlers = {
  'voyages.encounterConversion': { kind: 'read', run: ({ campaign: { db } }, input) => encounterConversion(db, input) },
  'voyages.fightEncounterUnder': {
    kind: 'write',
    run: (c, input) => {
      c.dice(input.dice)
      const { dice: _dice, ...rest } = input
      const out = fightEncounterUnder(c.campaign.db, rest, c.dice)
      said.set(c, out.text.slice(0, 300))
      return { battleId: out.battleId, voyageId: out.voyageId }
    },
    describe: (_i, _o, c) => said.get(c) ?? 'Fought an encounter on the Galleys & Galleons table'
  }
}
