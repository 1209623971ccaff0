import type { voyageContracts } from '../../shared/commands/voyages'
import { configureChart, placePort, removeArea, removeLand, removeRoute, saveArea, saveLand, saveRoute } from '../campaign-core/chart'
import {
  avoidEvent,
  chartOf,
  dramaPool,
  endVoyage,
  listVoyages,
  planVoyage,
  resolveEncounter,
  resolveEvent,
  sailVoyage,
  setDrama,
  specialEvent,
  startVoyage,
  voyageView
} from '../theah/voyages'
import { addAtrilianEncounter, encounterBattleSetup, fightAtrilianEncounter } from '../atrilia/voyages'
import { unitOf } from '../campaign-core/voyage-rules'
import type { CampaignContext, HandlerSpec } from './types'
import { waterWords } from '../../shared/words'

type VoyageHandlers = { [N in keyof typeof voyageContracts]: HandlerSpec<N> }

/** What a write did, for its journal line (describe() runs after run(), with the same context). */
const said = new WeakMap<CampaignContext, string>()
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`

/** The sea chart and voyages (issue 7; seed 003 II-III, VIII passengers). */
export const voyageHandlers: VoyageHandlers = {
  'chart.get': { kind: 'read', run: ({ campaign: { db } }) => chartOf(db) },
  'chart.configure': {
    kind: 'write',
    run: ({ campaign: { db } }, input) => configureChart(db, input),
    describe: (_i, out) => `Chart: ${out.scaleNmPerUnit} ${out.unit} a unit, open sea counts as ${waterWords(out.defaultWater)}`
  },
  'chart.placePort': {
    kind: 'write',
    run: ({ campaign: { db } }, input) => placePort(db, input),
    describe: (_i, out) => `Placed ${out.name} on the chart`
  },
  'chart.saveArea': {
    kind: 'write',
    run: ({ campaign: { db } }, input) => saveArea(db, input),
    describe: (input, out) => `${input.id ? 'Redrew' : 'Drew'} the sea area ${out.name} (${waterWords(out.kind)})`
  },
  'chart.removeArea': {
    kind: 'write',
    run: (c, input) => {
      const out = removeArea(c.campaign.db, input.areaId)
      said.set(c, `Removed the sea area ${out.name}`)
      return { areaId: out.areaId }
    },
    describe: (_i, _o, c) => said.get(c) ?? 'Removed a sea area'
  },
  'chart.saveLand': {
    kind: 'write',
    run: ({ campaign: { db } }, input) => saveLand(db, input),
    describe: (input, out) => `${input.id ? 'Redrew' : 'Drew'} the land ${out.name} on the chart`
  },
  'chart.removeLand': {
    kind: 'write',
    run: (c, input) => {
      const out = removeLand(c.campaign.db, input.landId)
      said.set(c, `Removed the land ${out.name} from the chart`)
      return { landId: out.landId }
    },
    describe: (_i, _o, c) => said.get(c) ?? 'Removed land from the chart'
  },
  'chart.saveRoute': {
    kind: 'write',
    run: ({ campaign: { db } }, input) => saveRoute(db, input),
    describe: (input, out, c) => `${input.id ? 'Redrew' : 'Drew'} the route ${out.fromName} – ${out.toName} (${out.distanceNm.toLocaleString('en')} ${unitOf(c.campaign.db)})`
  },
  'chart.removeRoute': {
    kind: 'write',
    run: (c, input) => {
      const out = removeRoute(c.campaign.db, input.routeId)
      said.set(c, `Removed the route ${out.fromName} – ${out.toName}`)
      return { routeId: out.id }
    },
    describe: (_i, _o, c) => said.get(c) ?? 'Removed a route'
  },
  'drama.get': { kind: 'read', run: ({ campaign: { db } }) => dramaPool(db) },
  'drama.set': {
    kind: 'write',
    run: ({ campaign: { db } }, input) => setDrama(db, input),
    describe: (_i, out) => `The GM has ${plural(out.gm, 'Drama Die', 'Drama Dice')}; special events at sea: ${out.eventChancePerWeek}% a week`
  },
  'voyages.plan': { kind: 'read', run: ({ campaign: { db } }, input) => planVoyage(db, input) },
  'voyages.start': {
    kind: 'write',
    run: (c, input) => startVoyage(c.campaign.db, input, c.dice(input.dice)),
    describe: (_i, out) => `Set sail: ${out.name} (${out.ships.map((s) => s.name).join(', ')})${out.windRolled ? `, winds ${out.wind.label}` : `, ${out.nmPerDay} ${out.unit} a day`}`
  },
  'voyages.sail': {
    kind: 'write',
    run: (c, input) => {
      const out = sailVoyage(c.campaign.db, input, c.dice(input.dice))
      const why = { encounter: 'an encounter', event: 'a special event', battle: 'a battle', port: 'in a port of call', arrival: 'arrived', days: 'as asked', wrecked: 'wrecked', lost: 'the squadron is lost' }[out.stop]
      said.set(c, `Sailed ${plural(out.days, 'day')} on ${out.voyage.name}: stopped, ${why}`)
      return out
    },
    describe: (_i, _o, c) => said.get(c) ?? 'Sailed on'
  },
  'voyages.get': { kind: 'read', run: ({ campaign: { db } }, input) => voyageView(db, input.voyageId) },
  'voyages.list': { kind: 'read', run: ({ campaign: { db } }) => listVoyages(db) },
  'voyages.specialEvent': {
    kind: 'write',
    run: (c, input) => specialEvent(c.campaign.db, input, c.dice(input.dice)),
    describe: (_i, out) => `Special event on ${out.name}: ${out.pending?.label ?? ''}`
  },
  'voyages.avoidEvent': {
    kind: 'write',
    run: ({ campaign: { db } }, input) => avoidEvent(db, input),
    describe: (input, out) => `The players spent ${plural(input.players, 'Drama Die', 'Drama Dice')} to avoid a special event on ${out.name}`
  },
  'voyages.resolveEvent': {
    kind: 'write',
    run: (c, input) => {
      const out = resolveEvent(c.campaign.db, input, c.dice(input.dice))
      said.set(c, `${out.view.name}: ${out.text}`.slice(0, 300))
      return out.view
    },
    describe: (_i, _o, c) => said.get(c) ?? 'Resolved a special event'
  },
  'voyages.resolveEncounter': {
    kind: 'write',
    run: (c, input) => {
      c.dice(input.dice)
      const out = resolveEncounter(c.campaign.db, input, c.dice)
      said.set(c, `${out.voyage.name}: ${out.text}`.slice(0, 300))
      return { voyage: out.voyage, battleId: out.battleId }
    },
    describe: (_i, _o, c) => said.get(c) ?? 'Answered an encounter'
  },
  'voyages.addEncounter': {
    kind: 'write',
    run: ({ campaign: { db } }, input) => addAtrilianEncounter(db, input),
    describe: (_i, out) => `Encounter on ${out.name}: ${out.pending && 'label' in out.pending ? out.pending.label : ''}`
  },
  'voyages.encounterSetup': {
    kind: 'read',
    run: ({ campaign: { db } }, input) => {
      const { voyageId, ...choices } = input
      return encounterBattleSetup(db, voyageId, choices)
    }
  },
  'voyages.fightEncounter': {
    kind: 'write',
    run: (c, input) => {
      c.dice(input.dice)
      const { dice: _dice, ...rest } = input
      const out = fightAtrilianEncounter(c.campaign.db, rest, c.dice)
      said.set(c, `${out.voyage.name}: ${out.text}`.slice(0, 300))
      return { voyage: out.voyage, battleId: out.battleId }
    },
    describe: (_i, _o, c) => said.get(c) ?? 'Fought an encounter on the hex board'
  },
  'voyages.end': {
    kind: 'write',
    run: ({ campaign: { db } }, input) => endVoyage(db, input),
    describe: (_i, out) => `Ended the voyage ${out.name}`
  }
}
