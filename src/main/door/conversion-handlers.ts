import type { conversionContracts } from '../../shared/commands/conversion'
import { encounterConversion, fightEncounterUnder, skirmishConversion, startSkirmishUnder } from '../battles/conversion'
import type { ParticipantInput } from '../battles/rows'
import { atrilianEncounterConversion, fightAtrilianEncounterUnder } from '../battles/conversion-atrilia'
import { settingOf } from '../campaign-core/voyage-rules'
import type { CampaignContext, HandlerSpec } from './types'

type ConversionHandlers = { [N in keyof typeof conversionContracts]: HandlerSpec<N> }

const said = new WeakMap<CampaignContext, string>()

/**
 * A campaign encounter fought under any rule system (issue 21): the preview and the fight. A Théah
 * campaign's encounter is ../battles/conversion.ts, an Atrilia campaign's ../battles/conversion-atrilia.ts.
 */
export const conversionHandlers: ConversionHandlers = {
  'voyages.encounterConversion': {
    kind: 'read',
    run: ({ campaign: { db } }, input) => (settingOf(db) === 'atrilia' ? atrilianEncounterConversion(db, input) : encounterConversion(db, input))
  },
  'voyages.fightEncounterUnder': {
    kind: 'write',
    run: (c, input) => {
      c.dice(input.dice)
      const { dice: _dice, ...rest } = input
      const db = c.campaign.db
      const out = settingOf(db) === 'atrilia' ? fightAtrilianEncounterUnder(db, rest, c.dice) : fightEncounterUnder(db, rest, c.dice)
      said.set(c, out.text.slice(0, 300))
      return { battleId: out.battleId, voyageId: out.voyageId }
    },
    describe: (_i, _o, c) => said.get(c) ?? 'Fought an encounter under other rules'
  },
  // The Skirmish screen's participants, whatever the campaign's setting: they are Théah ships (High Seas participants), converted from Théah.
  'battles.skirmishConversion': {
    kind: 'read',
    run: ({ campaign: { db } }, input) => skirmishConversion(db, { ...input, participants: input.participants as ParticipantInput[] })
  },
  'battles.startSkirmishUnder': {
    kind: 'write',
    run: (c, input) => {
      c.dice(input.dice)
      const { dice: _dice, ...rest } = input
      const out = startSkirmishUnder(c.campaign.db, { ...rest, participants: rest.participants as ParticipantInput[] }, c.dice)
      said.set(c, out.text.slice(0, 300))
      return { battleId: out.battleId }
    },
    describe: (_i, _o, c) => said.get(c) ?? 'Started a skirmish under other rules'
  }
}
