import type { crewContracts } from '../../shared/commands/crew'
import { currentDay, labelOf } from '../campaign-core/clock-state'
import { careenShip } from '../theah/careening'
import { configureCompany, crewRoster, dischargeCrew, hireCrew, settleOwed } from '../theah/crew'
import { createPort, listPorts, updatePort } from '../campaign-core/ports'
import { currencyOf } from '../campaign-core/currency'
import { moveShip, roleLabel, shipCondition } from '../theah/ship-state'
import { portPage, setOrders } from '../theah/standing-orders'
import { provisionShip, upkeepSummary } from '../theah/upkeep'
import { repairShip } from '../theah/repairs'
import { getSettings } from '../campaign-core/settings'
import { listing, requireShip } from '../theah/shipyard'
import type { CampaignContext, HandlerSpec } from './types'
import { fmt } from '../../shared/numbers'
import { CommandError } from '../../shared/errors'
import type { Db } from '../campaign/sqlite'
import { embark, land, man, setNationality, setQuality } from '../atrilia/crew'
import { isAtrilianShip } from '../atrilia/shipyard'
import { settleAtrilianOwed, withAtrilianUpkeep } from '../atrilia/upkeep'
import { nationLabel, WIZARD_NAMES } from '../../shared/atrilia/crew'

type CrewHandlers = { [N in keyof typeof crewContracts]: HandlerSpec<N> }

const allowDebt = (c: CampaignContext) => getSettings(c.campaign.db).allowDebt
const shipName = (c: CampaignContext, shipId: number) => requireShip(c.campaign.db, shipId).name
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`

/** Théah's crew, condition and maintenance commands serve Théah ships; an Atrilian ship's people have their own (issue 18). */
function theahShip(db: Db, shipId: number): void {
  if (!isAtrilianShip(db, shipId)) return
  const name = requireShip(db, shipId).name
  throw new CommandError(
    'rule',
    `The ${name} is an Atrilian ship (seed 002): her sailors, marines, wizards, nation and crew quality are set on her sheet's Crew tab, not by the Théah company rules.`,
    { field: 'shipId' }
  )
}

/** Ports, a ship's company, upkeep, repairs and careening (issue 6; seed 003 I.2 and maintenance). */
export const crewHandlers: CrewHandlers = {
  'ports.create': {
    kind: 'write',
    run: ({ campaign: { db } }, input) => createPort(db, input),
    describe: (_input, out) => `Recorded the port of ${out.name}${out.nation ? ` (${out.nation})` : ''}`
  },
  'ports.update': {
    kind: 'write',
    run: ({ campaign: { db } }, input) => updatePort(db, input),
    describe: (_input, out) => `Updated the port of ${out.name}`
  },
  'ports.list': { kind: 'read', run: ({ campaign: { db } }) => listPorts(db) },
  'ports.get': { kind: 'read', run: ({ campaign: { db } }, input) => portPage(db, input.portId) },

  'ships.moveTo': {
    kind: 'write',
    run: ({ campaign: { db } }, input) => moveShip(db, input.shipId, input.portId),
    describe: (input, out, c) => `The ${shipName(c, input.shipId)} is now ${out.portName ? `in ${out.portName}` : 'at sea'}`
  },
  'ships.orders': {
    kind: 'write',
    run: ({ campaign: { db } }, input) => {
      theahShip(db, input.shipId)
      return setOrders(db, input)
    },
    describe: (input, out, c) => {
      const on = [
        out.recruit && 'recruit',
        out.pressGang && 'send out press gangs',
        out.repair && 'repair in the yard',
        out.careen && 'careen when due',
        out.provisionMonths > 0 && `keep ${plural(out.provisionMonths, 'month')} of provisions`
      ].filter((s): s is string => typeof s === 'string')
      return `Standing orders for the ${shipName(c, input.shipId)}: ${on.length ? listing(on) : 'none'}`
    }
  },

  'crew.configure': {
    kind: 'write',
    run: ({ campaign: { db } }, input) => {
      theahShip(db, input.shipId)
      return configureCompany(db, input)
    },
    describe: (_input, out) => `The ${out.shipName} sails as a ${out.kind}${out.nation ? ` of ${out.nation}` : ''}${out.origin !== 'none' ? ` with a${out.origin === 'avalon' ? 'n Avalon' : ' Vesten'} crew` : ''}`
  },
  'crew.hire': {
    kind: 'write',
    run: (c, input) => {
      theahShip(c.campaign.db, input.shipId)
      const box = c.dice(input.dice)
      return hireCrew(c.campaign.db, input, allowDebt(c), () => box)
    },
    describe: (input, out, c) => {
      const parts: string[] = []
      if (input.sailors) parts.push(plural(input.sailors, 'sailor'))
      if (input.marines) parts.push(plural(input.marines, 'marine'))
      for (const o of input.officers) {
        const off = out.roster.officers.find((r) => r.personId === o.personId)
        if (off) parts.push(`${off.name} as ${roleLabel(off.role, off.battery)}`)
      }
      const gear = out.gear
        ? `; gear ${fmt(out.gear)} ${currencyOf(c.campaign.db)} ${out.payer === 'government' ? 'paid by the government' : out.payer === 'booty' ? 'owed from the next booty' : 'paid by the owners'}`
        : ''
      return `Signed on ${listing(parts)} aboard the ${out.roster.shipName}${gear}${out.houseRule ? ' (hired now, house rule)' : ''}`
    }
  },
  'crew.settle': {
    kind: 'write',
    run: (c, input) => {
      // An Atrilian crew is owed what her owners could not pay of her monthly upkeep (atrilia/upkeep.ts).
      if (isAtrilianShip(c.campaign.db, input.shipId)) return settleAtrilianOwed(c.campaign.db, input, allowDebt(c))
      return settleOwed(c.campaign.db, input, allowDebt(c))
    },
    describe: (input, out, c) => `Settled ${fmt(out.amount)} ${currencyOf(c.campaign.db)} owed to the crew of the ${shipName(c, input.shipId)}`
  },
  'crew.discharge': {
    kind: 'write',
    run: ({ campaign: { db } }, input) => {
      theahShip(db, input.shipId)
      return dischargeCrew(db, input)
    },
    describe: (input, out) => {
      const parts: string[] = []
      if (input.sailors) parts.push(plural(input.sailors, 'sailor'))
      if (input.marines) parts.push(plural(input.marines, 'marine'))
      if (input.officers.length) parts.push(plural(input.officers.length, 'officer'))
      return `Paid off ${listing(parts)} from the ${out.shipName}`
    }
  },
  'crew.get': { kind: 'read', run: ({ campaign: { db } }, input) => (theahShip(db, input.shipId), crewRoster(db, input.shipId)) },

  'ships.condition': { kind: 'read', run: ({ campaign: { db } }, input) => (theahShip(db, input.shipId), shipCondition(db, input.shipId)) },
  'ships.provision': {
    kind: 'write',
    run: (c, input) => {
      theahShip(c.campaign.db, input.shipId)
      return provisionShip(c.campaign.db, input, allowDebt(c))
    },
    describe: (input, out, c) =>
      `Provisioned the ${shipName(c, input.shipId)} for ${plural(input.months, 'month')} (${fmt(out.cost)} ${currencyOf(c.campaign.db)})`
  },
  'ships.repair': {
    kind: 'write',
    run: (c, input) => {
      theahShip(c.campaign.db, input.shipId)
      const box = c.dice(input.dice)
      return { ...repairShip(c.campaign.db, input, allowDebt(c), () => box), rolls: box.records }
    },
    describe: (input, out, c) => {
      const hull = out.hullByCrew + out.hullByYard
      const rig = out.riggingByCrew + out.riggingByYard
      const what = listing([hull ? plural(hull, 'hull point') : '', rig ? plural(rig, 'rigging point') : ''].filter(Boolean))
      return `Repaired ${what || 'nothing'} of the ${shipName(c, input.shipId)} in ${plural(input.weeks, 'week')} on the clock, to ${out.to.label}${out.cost ? ` for ${fmt(out.cost)} ${currencyOf(c.campaign.db)}` : ''}`
    }
  },
  'ships.careen': {
    kind: 'write',
    run: (c, input) => {
      theahShip(c.campaign.db, input.shipId)
      return careenShip(c.campaign.db, input, allowDebt(c))
    },
    describe: (input, out, c) =>
      input.where === 'port'
        ? `Careened the ${shipName(c, input.shipId)} in port for ${fmt(out.cost)} ${currencyOf(c.campaign.db)}, until ${out.condition.careening.untilLabel}`
        : `Beached the ${shipName(c, input.shipId)} to careen on ${labelOf(c.campaign.db)(currentDay(c.campaign.db))}`
  },
  // Théah's upkeep with the Atrilian ships' added (each setting's upkeep passes the other's ships by).
  'upkeep.summary': { kind: 'read', run: ({ campaign: { db } }) => withAtrilianUpkeep(db, upkeepSummary(db)) },

  // An Atrilian ship's people (seed 002; issue 18).
  'crew.embark': {
    kind: 'write',
    run: ({ campaign: { db } }, input) => embark(db, input),
    describe: (input, out, c) => {
      const what = [input.marines ? `${plural(input.marines, 'point')} of marines` : '', input.wizards ? plural(input.wizards.count, WIZARD_NAMES[input.wizards.kind].one) : ''].filter(Boolean)
      return `Embarked ${listing(what)} on the ${shipName(c, input.shipId)} (${plural(out.marines, 'point')} of marines aboard)`
    }
  },
  'crew.land': {
    kind: 'write',
    run: ({ campaign: { db } }, input) => land(db, input),
    describe: (input, out, c) => {
      const what = [input.marines ? `${plural(input.marines, 'point')} of marines` : '', input.wizards ? plural(input.wizards, 'wizard') : ''].filter(Boolean)
      return `Landed ${listing(what)} from the ${shipName(c, input.shipId)} (${plural(out.marines, 'point')} of marines aboard)`
    }
  },
  'crew.man': {
    kind: 'write',
    run: ({ campaign: { db } }, input) => man(db, input),
    describe: (input, out, c) => `The ${shipName(c, input.shipId)} is manned by ${plural(out.sailors, 'sailor')} (she needs ${out.crewNeeded})`
  },
  'crew.setNationality': {
    kind: 'write',
    run: ({ campaign: { db } }, input) => setNationality(db, input),
    describe: (input, _out, c) => `The crew of the ${shipName(c, input.shipId)} is ${nationLabel(input.nation)}`
  },
  'crew.setQuality': {
    kind: 'write',
    run: ({ campaign: { db } }, input) => setQuality(db, input),
    describe: (input, out, c) => `The crew of the ${shipName(c, input.shipId)} is ${out.qualityName.toLowerCase()}${out.qualityHeld ? ' (held by the GM)' : ''}`
  }
}

