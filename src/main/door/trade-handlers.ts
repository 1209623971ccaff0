import type { tradeContracts } from '../../shared/commands/trade'
import { articlesOf, bootyState, divideBootyFor, rollPrizeHoldFor, setArticles, townBooty, withdrawFromPot } from '../theah/booty'
import { pots } from '../campaign-core/ledger'
import { setCaptor } from '../theah/prizes'
import {
  addShipToCompany,
  buyBackShares,
  buyCharter,
  charterCompany,
  companyView,
  depositCompany,
  listCompanies,
  sellShares,
  setSharePrice,
  updateCompany
} from '../theah/companies'
import { moveShip } from '../theah/ship-state'
import {
  buyCargo,
  closeVenture,
  enterHaven,
  holdOf,
  listVentures,
  marketOf,
  openVenture,
  recordVenture,
  sellCargo,
  setMarketPrice,
  startPortVisit,
  ventureView
} from '../theah/trade'
import { getSettings } from '../campaign-core/settings'
import { requireShip } from '../theah/shipyard'
import type { CampaignContext, HandlerSpec } from './types'

type TradeHandlers = { [N in keyof typeof tradeContracts]: HandlerSpec<N> }

const fmt = (n: number) => n.toLocaleString('en')
const allowDebt = (c: CampaignContext) => getSettings(c.campaign.db).allowDebt
const shipName = (c: CampaignContext, shipId: number) => requireShip(c.campaign.db, shipId).name
const s = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`

/** Sea trade, joint-stock companies and booty (issue 8; seed 003 VII, VIII; rules guide §2). */
export const tradeHandlers: TradeHandlers = {
  'market.get': { kind: 'read', run: ({ campaign: { db } }, input) => marketOf(db, input.portId) },
  'market.setPrice': {
    kind: 'write',
    run: ({ campaign: { db } }, input) => setMarketPrice(db, input),
    describe: (input, out) => {
      const line = out.lines.find((l) => l.cargo === input.cargo)
      return input.price === null ? `${out.portName}: ${line?.label ?? input.cargo} back to ${fmt(line?.price ?? 0)} a ton` : `${out.portName}: ${line?.label ?? input.cargo} at ${fmt(input.price)} a ton`
    }
  },

  'trade.hold': { kind: 'read', run: ({ campaign: { db } }, input) => holdOf(db, input.shipId) },
  'trade.buy': {
    kind: 'write',
    run: (c, input) => {
      const box = c.dice(input.dice)
      return buyCargo(c.campaign.db, input, { dice: () => box, allowDebt: allowDebt(c), command: 'trade.buy' })
    },
    describe: (input, out) => `Bought ${input.tons} t of ${out.price.label} for the ${out.hold.shipName} (${fmt(out.price.total)})${out.clock ? `; a week in port to ${out.clock.toLabel}` : ''}`
  },
  'trade.sell': {
    kind: 'write',
    run: (c, input) => {
      const box = c.dice(input.dice)
      return sellCargo(c.campaign.db, input, { dice: () => box, command: 'trade.sell' })
    },
    describe: (input, out) =>
      `Sold ${input.tons} t of ${out.price.label} from the ${out.hold.shipName} at ${fmt(out.price.perTon)} a ton (${out.demand.band}) for ${fmt(out.price.total)}${out.booty ? ` into the booty of the ${out.booty.shipName}` : ''}${out.clock ? `; a week in port to ${out.clock.toLabel}` : ''}`
  },
  'trade.enterHaven': {
    kind: 'write',
    run: ({ campaign: { db } }, input) => {
      moveShip(db, input.shipId, input.portId)
      const out = enterHaven(db, input.shipId, input.portId, input.hostile)
      startPortVisit(db, input.shipId)
      return { ...out, hold: holdOf(db, input.shipId) }
    },
    describe: (input, out, c) =>
      `The ${shipName(c, input.shipId)} entered ${out.hold.portName}${out.taken.length ? `, paying ${out.taken.map((t) => `${t.tons} t of ${t.label}`).join(', ')}` : ''}`
  },
  'trade.openVenture': {
    kind: 'write',
    run: ({ campaign: { db } }, input) => openVenture(db, input.shipId),
    describe: (_input, out) => `Opened the accounts of a trading voyage of the ${out.shipName}`
  },
  'trade.recordVenture': {
    kind: 'write',
    run: (c, input) => recordVenture(c.campaign.db, input, { allowDebt: allowDebt(c), command: 'trade.recordVenture' }),
    describe: (input, out) => `${out.shipName}'s voyage: ${input.kind === 'passengers' ? 'fares' : input.kind} ${fmt(input.amount)}`
  },
  'trade.closeVenture': {
    kind: 'write',
    run: ({ campaign: { db } }, input) => closeVenture(db, input.ventureId, 'trade.closeVenture'),
    describe: (_input, out) => `Closed the trading voyage of the ${out.shipName}: ${out.totals.profit >= 0 ? 'profit' : 'loss'} ${fmt(out.totals.profit)}, ${s(out.split.length, 'share')} posted`
  },
  'trade.venture': { kind: 'read', run: ({ campaign: { db } }, input) => ventureView(db, input.ventureId) },
  'trade.ventures': { kind: 'read', run: ({ campaign: { db } }, input) => listVentures(db, input.shipId) },

  'companies.list': { kind: 'read', run: ({ campaign: { db } }) => listCompanies(db) },
  'companies.get': { kind: 'read', run: ({ campaign: { db } }, input) => companyView(db, input.companyId) },
  'companies.charter': {
    kind: 'write',
    run: (c, input) => {
      const box = c.dice(input.dice)
      return charterCompany(c.campaign.db, input, () => box)
    },
    describe: (_input, out) =>
      out.roll.success
        ? `${out.company.name} chartered at ${out.company.portName} (${out.roll.applicant} ${out.roll.applicantTotal} against ${out.roll.officialTotal})`
        : `${out.company.name}: the charter was refused at ${out.company.portName} (${out.roll.applicant} ${out.roll.applicantTotal} against ${out.roll.officialTotal}); it may be bought for ${fmt(out.company.charterCost)}`
  },
  'companies.buyCharter': {
    kind: 'write',
    run: (c, input) => buyCharter(c.campaign.db, input, { allowDebt: allowDebt(c), command: 'companies.buyCharter' }),
    describe: (_input, out) => `Bought the charter of ${out.name} for ${fmt(out.charterCost)}`
  },
  'companies.update': {
    kind: 'write',
    run: ({ campaign: { db } }, input) => updateCompany(db, input),
    describe: (_input, out) => `Updated ${out.name} (banker: ${out.banker.note})`
  },
  'companies.addShip': {
    kind: 'write',
    run: ({ campaign: { db } }, input) => addShipToCompany(db, input),
    describe: (input, out, c) => `The ${shipName(c, input.shipId)} passed to ${out.name}`
  },
  'companies.deposit': {
    kind: 'write',
    run: (c, input) => depositCompany(c.campaign.db, input, { allowDebt: allowDebt(c), command: 'companies.deposit' }),
    describe: (input, out) => (input.amount > 0 ? `Paid ${fmt(input.amount)} into ${out.name}` : `${out.name} paid out ${fmt(-input.amount)}`)
  },
  'companies.sellShares': {
    kind: 'write',
    run: (c, input) => {
      const box = c.dice(input.dice)
      return sellShares(c.campaign.db, input, { dice: () => box, allowDebt: allowDebt(c), command: 'companies.sellShares' })
    },
    describe: (input, out) => `${out.company.name} sold ${s(input.count, 'share')} at ${fmt(out.price)} (${fmt(out.total)})`
  },
  'companies.buyBack': {
    kind: 'write',
    run: (c, input) => {
      const box = c.dice(input.dice)
      return buyBackShares(c.campaign.db, input, { dice: () => box, allowDebt: allowDebt(c), command: 'companies.buyBack' })
    },
    describe: (input, out) => `${out.company.name} bought back ${s(input.count, 'share')} at ${fmt(out.price)} (${fmt(out.total)})`
  },
  'companies.setPrice': {
    kind: 'write',
    run: ({ campaign: { db } }, input) => setSharePrice(db, input),
    describe: (input, out) => `${out.name}'s shares now at ${fmt(input.price)}`
  },

  'booty.rollPrizeHold': {
    kind: 'write',
    run: (c, input) => {
      const box = c.dice(input.dice)
      return rollPrizeHoldFor(c.campaign.db, input, () => box)
    },
    describe: (_input, out) =>
      `Searched the hold of the ${out.shipName}: ${out.cargo.length ? out.cargo.map((x) => `${x.tons} t of ${x.label}`).join(', ') : 'no cargo'}`
  },
  'booty.town': {
    kind: 'write',
    run: (c, input) => {
      const box = c.dice(input.dice)
      return townBooty(c.campaign.db, input, () => box, 'booty.town')
    },
    describe: (input, out) => `${out.town} surrendered to the ${out.hold.shipName}: ${fmt(out.ransom)} ransom, ${s(out.cargo.length, 'cargo')}`
  },
  'booty.setCaptor': {
    kind: 'write',
    run: ({ campaign: { db } }, input) => setCaptor(db, input),
    describe: (_input, out) => (out.captor ? `The ${out.shipName}: a prize of the ${out.captor.name}` : `The ${out.shipName}: no captor recorded`)
  },
  'booty.get': { kind: 'read', run: ({ campaign: { db } }, input) => bootyState(db, input.shipId) },
  'booty.setArticles': {
    kind: 'write',
    run: ({ campaign: { db } }, input) => setArticles(db, input),
    describe: (_input, out) => `Articles of the ${out.shipName}: captain ${out.captain}, officers ${out.officers}, crew ${out.crew} shares`
  },
  'booty.divide': {
    kind: 'write',
    run: (c, input) => {
      const box = c.dice(input.dice)
      return divideBootyFor(c.campaign.db, input, { dice: () => box, allowDebt: allowDebt(c), command: 'booty.divide' })
    },
    describe: (_input, out) => `Divided ${fmt(out.amount)} of booty of the ${out.shipName} (${out.totalShares} shares)`
  },
  'booty.withdraw': {
    kind: 'write',
    run: (c, input) => withdrawFromPot(c.campaign.db, input, 'booty.withdraw'),
    describe: (input, out) => `Took ${fmt(input.amount)} from the ${out.shipName}'s booty pot: ${input.memo}`
  },
  'booty.pots': {
    kind: 'read',
    run: (c) => pots(c.campaign.db)
  }
}

export { articlesOf }
