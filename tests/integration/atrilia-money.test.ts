/**
 * Money, time and the commission form in an Atrilia campaign (issue 18; rules guide §2 "Time", §3
 * "Money"): the monthly upkeep of an Atrilian ship in dinars from the Atrilian wages and food table
 * (the Théah defaults, 1 dinar = 1 guilder), paid by her owners through the ledger; the campaign's
 * dates in the Atrilian calendar; her nation and crew quality set when she is commissioned; the Rules
 * page's order; trade in an Atrilian port at the Théah prices read as dinars.
 */
import { describe, expect, it } from 'vitest'
import type { AtrilianShipDetail, CommandOutput } from '../../src/shared/commands'
import { ATRILIA_CALENDAR, RULE_TABLES, THEAH_CALENDAR } from '../../src/shared/rules/tables'
import { ATRILIA_UPKEEP } from '../../src/shared/atrilia/upkeep'
import { CREW_UPKEEP, CREW_WAGES } from '../../src/shared/ship/upkeep-tables'
import { atriliaCampaignSessions, failureOf, issueFields, makeClock, makeSession, openSeededCampaign, type TestSession } from '../helpers'

let t: TestSession
atriliaCampaignSessions((s) => (t = s))

const db = () => t.session.campaign!.db
const call = ((name: string, input: unknown = {}) => t.door.call(name as never, input)) as (name: string, input?: unknown) => Promise<any>
const fail = (name: string, input: unknown) => failureOf(t.door, name, input)
const sheet = async (shipId: number) => (await call('ships.get', { shipId })) as AtrilianShipDetail
const cash = async (ownerId: number) => ((await call('ledger.balance', { ownerId })) as { cash: number }).cash
const GALLEY = { type: 'pheacianLargeGalley', improvements: { corvus: true, castle: true } }

async function owners(a = 20000, b = 20000) {
  const x = (await call('people.create', { name: 'Admiral Nikandros', kind: 'pc' })) as { ownerId: number }
  const y = (await call('people.create', { name: 'Captain Thalia', kind: 'pc' })) as { ownerId: number }
  if (a) await call('ledger.grant', { ownerId: x.ownerId, amount: a, memo: 'purse' })
  if (b) await call('ledger.grant', { ownerId: y.ownerId, amount: b, memo: 'purse' })
  return [x.ownerId, y.ownerId] as const
}

/** The Nike, a Pheacian large galley (150 sailors), for two owners 60/40, launched in al-Zabdiyat after her four weeks. */
async function nikeAfloat(a = 20000, b = 20000) {
  const [x, y] = await owners(a, b)
  const port = (await call('ports.create', { name: 'Tyrra', nation: 'Pheacia' })) as { id: number }
  const out = await call('ships.commission', { design: GALLEY, name: 'Nike', owners: [{ ownerId: x, share: 60 }, { ownerId: y, share: 40 }], portId: port.id })
  await call('clock.advance', { days: 28 })
  return { shipId: out.shipId as number, x, y, portId: port.id }
}

/** Days from today to the first of next month. */
async function toNextMonth(): Promise<number> {
  const s = (await call('upkeep.summary')) as { nextDay: number }
  const now = (await call('clock.now')) as { day: number }
  return s.nextDay - now.day
}

describe('rules guide §3 "Money": the Atrilian wages and food table', () => {
  it('rules guide §3: its rows are copied from the Théah defaults at 1 dinar = 1 guilder, and its source says so', () => {
    const def = RULE_TABLES.upkeepAtrilia
    expect(def.defaults).toEqual({ sailor: CREW_WAGES.sailor, marine: CREW_WAGES.sailor, wizard: CREW_WAGES.pilot, foodPerHeadMonth: CREW_UPKEEP.foodPerCrewMonth })
    expect(ATRILIA_UPKEEP).toEqual({ sailor: 10, marine: 10, wizard: 40, foodPerHeadMonth: 4 })
    expect(def.source).toContain('House default (from Théah), 1 dinar = 1 guilder')
    expect(def.seedValue).toBe(false)
  })
})

describe('the monthly upkeep of an Atrilian ship', () => {
  it('rules guide §3: a month advanced charges her owners the dinars of her sailors, marines and wizard by their shares, named in the ledger', async () => {
    const { shipId, x, y } = await nikeAfloat()
    await call('crew.embark', { shipId, marines: 2, wizards: { kind: 'sea', count: 1 } })
    const s = await sheet(shipId)
    // 150 sailors × 10 = 1,500; 50 marines (2 points × 25 men) × 10 = 500; 1 sea wizard × 40; food 201 aboard × 4 = 804.
    expect(s.upkeep.lines).toEqual([
      { label: 'Wages: 150 sailors × 10 dinars', value: 1500 },
      { label: 'Wages: 50 marines (2 points × 25 men) × 10 dinars', value: 500 },
      { label: 'Wages: 1 sea wizard × 40 dinars', value: 40 },
      { label: 'Food: 201 people aboard × 4 dinars', value: 804 }
    ])
    expect(s.upkeep).toMatchObject({ wages: 2040, food: 804, total: 2844, charged: true, owed: 0 })
    expect(s.upkeep.owners.map((o) => [o.name, o.amount])).toEqual([
      ['Admiral Nikandros', 1706],
      ['Captain Thalia', 1138]
    ])
    expect(s.upkeep.sentence).toBe('wages 150 sailors × 10 dinars = 1,500; wages 50 marines (2 points × 25 men) × 10 dinars = 500; wages 1 sea wizard × 40 dinars = 40; food 201 people aboard × 4 dinars = 804: 2,844 dinars')
    expect(s.upkeep.nextLabel).toMatch(/^\w+ Day, 1 /)

    // The Dashboard's next upkeep names her and each owner's part.
    const due = (await call('upkeep.summary')) as CommandOutput<'upkeep.summary'>
    expect(due.owners.map((o) => [o.name, o.due, o.ships.map((z) => z.shipName)])).toEqual([
      ['Admiral Nikandros', 1706, ['Nike']],
      ['Captain Thalia', 1138, ['Nike']]
    ])
    const before = [await cash(x), await cash(y)]
    const out = (await call('clock.advance', { days: await toNextMonth() })) as CommandOutput<'clock.advance'>
    expect([await cash(x), await cash(y)]).toEqual([before[0]! - 1706, before[1]! - 1138])
    const run = out.steps.find((r) => r.step === 'atrilian-upkeep')!
    expect(run.title).toBe('Monthly upkeep: wages and food')
    expect(run.effects).toEqual([`The Nike: wages 2,040 and food 804 dinars, paid by Admiral Nikandros 1,706 and Captain Thalia 1,138 (${s.upkeep.sentence})`])
    // Théah's upkeep passed her by.
    expect(out.steps.some((r) => r.step === 'ship-upkeep')).toBe(false)
    const tx = db().prepare(`SELECT memo, command FROM ledger_tx ORDER BY id DESC LIMIT 1`).get() as { memo: string; command: string }
    expect(tx).toEqual({ memo: `Monthly upkeep of the Nike: wages 2,040 and food 804 dinars (${s.upkeep.sentence})`, command: 'clock.advance' })
    const { transactions } = (await call('ledger.history', { ownerId: x })) as CommandOutput<'ledger.history'>
    const upkeep = transactions.find((e) => e.memo.startsWith('Monthly upkeep of the Nike'))!
    expect(upkeep.lines.find((l) => l.ownerId === x)!.amount).toBe(-1706)
    expect(upkeep.dateLabel).toMatch(/, 1 Mid Spring 1$/)
  })

  it('rules guide §3: an owner who cannot pay leaves the rest owed to her crew, said in words as Théah says it, and shown on her sheet', async () => {
    const { shipId, x, y } = await nikeAfloat(20000, 7400)
    // Captain Thalia paid 40% of 18,300 = 7,320: 80 dinars left of her 40% of 2,100 (840).
    expect(await cash(y)).toBe(80)
    const out = (await call('clock.advance', { days: await toNextMonth() })) as CommandOutput<'clock.advance'>
    const run = out.steps.find((r) => r.step === 'atrilian-upkeep')!
    expect(run.effects[0]).toMatch(/^The Nike: wages 1,500 and food 600 dinars, paid by Admiral Nikandros 1,260 and Captain Thalia 80; 760 dinars unpaid, owed to the crew \(/)
    expect(await cash(y)).toBe(0)
    expect(await cash(x)).toBe(20000 - 10980 - 1260)
    expect((await sheet(shipId)).upkeep.owed).toBe(760)
    expect(((await call('upkeep.summary')) as CommandOutput<'upkeep.summary'>).warnings.map((w) => w.message)).toContain('The crew of the Nike are owed 760 dinars in unpaid wages and food')
    // Paid back by the owners' shares once they can (crew.settle), in dinars; not more than is owed.
    expect(issueFields(await fail('crew.settle', { shipId, amount: 800 }))).toEqual(['amount'])
    expect((await fail('crew.settle', { shipId })).message).toMatch(/Captain Thalia is 304 dinars short/)
    await call('ledger.grant', { ownerId: y, amount: 400, memo: 'prize money' })
    const paid = await call('crew.settle', { shipId })
    expect(paid).toMatchObject({ amount: 760, roster: null })
    expect(paid.charged.map((c: { name: string; amount: number }) => [c.name, c.amount])).toEqual([
      ['Admiral Nikandros', 456],
      ['Captain Thalia', 304]
    ])
    expect(await cash(y)).toBe(96)
    expect((await sheet(shipId)).upkeep.owed).toBe(0)
    expect((await sheet(shipId)).history.at(-1)!.text).toBe('Wages and food owed to the crew of the Nike settled: 760 dinars')
    expect((await fail('crew.settle', { shipId })).message).toMatch(/owed nothing/)
  })

  it('an edited table changes the bill; a ship on the stocks is not charged', async () => {
    const [x] = await owners()
    const out = await call('ships.commission', { design: { type: 'sambuk', improvements: {} }, name: 'Salt', owners: [{ ownerId: x, share: 100 }] })
    const before = await cash(x)
    expect((await sheet(out.shipId)).upkeep.charged).toBe(false)
    await call('rules.set', { table: 'upkeepAtrilia', value: { sailor: 12, marine: 10, wizard: 40, foodPerHeadMonth: 5 } })
    const s = await sheet(out.shipId)
    expect(s.upkeep.lines[0]!.label).toMatch(/sailors × 12 dinars$/)
    // Launched after her two weeks, she pays at the first of the month after.
    const adv = (await call('clock.advance', { days: 14 })) as CommandOutput<'clock.advance'>
    const charged = adv.steps.find((r) => r.step === 'atrilian-upkeep')
    const spent = before - (await cash(x))
    if (charged) expect(spent).toBe(s.upkeep.total)
    else expect(spent).toBe(0)
  })

  it('undo takes back the month: the owners have their dinars again', async () => {
    const { x } = await nikeAfloat()
    const before = await cash(x)
    await call('clock.advance', { days: await toNextMonth() })
    expect(await cash(x)).toBeLessThan(before)
    await call('history.undo', {})
    expect(await cash(x)).toBe(before)
  })
})

describe('rules guide §2 "Time": the Atrilian calendar', () => {
  it('an Atrilia campaign writes its dates with its own calendar (clock, ship history, ledger); a Théah campaign keeps Théah’s', async () => {
    const now = (await call('clock.now')) as { label: string; date: { monthName: string } }
    expect(now.label).toBe('First Day, 1 Early Spring 1')
    expect(now.date.monthName).toBe(ATRILIA_CALENDAR.months[0]!.name)
    const { shipId } = await nikeAfloat()
    const s = await sheet(shipId)
    expect(s.history.at(-1)!.dateLabel).toBe('First Day, 29 Early Spring 1')
    const rows = ((await call('ledger.history', {})) as CommandOutput<'ledger.history'>).transactions
    expect(rows.every((r) => !/Primus|Secundus|AV/.test(r.dateLabel))).toBe(true)
    expect(rows[0]!.dateLabel).toMatch(/Early Spring 1$/)

    // Renamed on the Rules page: the dates follow.
    await call('rules.set', { table: 'calendarAtrilia', value: { ...ATRILIA_CALENDAR, months: ATRILIA_CALENDAR.months.map((m, i) => ({ ...m, name: `Moon ${i + 1}` })), startYear: 312 } })
    expect(((await call('clock.now')) as { label: string }).label).toBe('First Day, 29 Moon 1 312')
    expect((await call('rules.get', { table: 'calendarAtrilia' })).source).toMatch(/^House default/)
    // A backup names the campaign date inside it with the campaign's own calendar.
    const backup = (await call('backups.create', { name: 'before the voyage' })) as { dateLabel: string | null }
    expect(backup.dateLabel).toBe('First Day, 29 Moon 1 312')

    const theah = makeSession({ now: makeClock('2026-06-01T12:00:00.000Z').now })
    try {
      await openSeededCampaign(theah, { seed: 3, name: 'Théah' })
      const n = (await theah.door.call('clock.now' as never, {} as never)) as { label: string }
      expect(n.label).toBe(`Soldi, 1 Primus 1668 AV`)
      expect(THEAH_CALENDAR.months[0]!.name).toBe('Primus')
    } finally {
      await theah.cleanup()
    }
  })
})

describe('the Rules page in an Atrilia campaign', () => {
  it('lists the Atrilian tables first, then the Théah tables Atrilia uses in dinars (labelled so), then Théah’s own', async () => {
    const list = (await call('rules.list')) as { name: string; setting: string; note: string | null }[]
    const firstTheah = list.findIndex((r) => r.setting !== 'atrilia')
    expect(list.slice(0, firstTheah).map((r) => r.name)).toEqual(['atriliaShips', 'atriliaImprovements', 'upkeepAtrilia', 'repairsAtrilia', 'voyagesAtrilia', 'encountersAtrilia', 'atriliaBattle', 'calendarAtrilia', 'conversionAtriliaHighSeas'])
    expect(list.slice(0, firstTheah).every((r) => r.setting === 'atrilia')).toBe(true)
    expect(list.slice(firstTheah).every((r) => r.setting !== 'atrilia')).toBe(true)
    const cargo = list.find((r) => r.name === 'cargoPrices')!
    expect(cargo.setting).toBe('both')
    expect(cargo.note).toBe('Used in Atrilia too: house default (from Théah), its prices read as dinars, 1 dinar = 1 guilder.')
    const both = list.filter((r) => r.setting === 'both')
    const theahOnly = list.filter((r) => r.setting === 'theah')
    expect(list.indexOf(both.at(-1)!)).toBeLessThan(list.indexOf(theahOnly[0]!))
    expect(list.find((r) => r.name === 'calendar')!.note).toMatch(/do not use it/)
    expect(list.length).toBe(Object.keys(RULE_TABLES).length)
  })
})

describe('ships.commission: nation and crew quality', () => {
  it('seed 002 §11.1, TABLES "Naval Crew Quality": the order sets her nation and quality; her sheet shows the characteristic', async () => {
    const [x] = await owners()
    const out = await call('ships.commission', { design: GALLEY, name: 'Horus', owners: [{ ownerId: x, share: 100 }], crew: { nation: 'gyptian', quality: 3 } })
    const s = await sheet(out.shipId)
    expect(s.crew).toMatchObject({ nation: 'gyptian', nationName: 'Gyptian', characteristic: '+1 in boardings', quality: 3, qualityName: 'Veteran' })
  })

  it('refuses a quality outside 1–4 and an unknown nation at their fields, changing nothing', async () => {
    const [x] = await owners()
    const e1 = await fail('ships.commission', { design: GALLEY, name: 'Horus', owners: [{ ownerId: x, share: 100 }], crew: { quality: 5 } })
    expect(e1.code).toBe('invalid_input')
    expect(issueFields(e1)).toEqual(['crew.quality'])
    const e2 = await fail('ships.commission', { design: GALLEY, name: 'Horus', owners: [{ ownerId: x, share: 100 }], crew: { nation: 'atlantean' } })
    expect(issueFields(e2)).toEqual(['crew.nation'])
    expect((await call('ships.list')) as unknown[]).toEqual([])
  })
})

describe('trade in an Atrilian port', () => {
  it('rules guide §3: buys and sells a cargo at the Théah prices read as dinars; the ledger and the words say dinars', async () => {
    const { shipId, x, y, portId } = await nikeAfloat()
    const hold = await call('trade.hold', { shipId })
    expect(hold.capacity).toMatchObject({ hold: 150, cargoTons: 0, free: 150 })
    const before = await cash(x)
    const buy = await call('trade.buy', { shipId, cargo: 'textiles', tons: 10, payerId: x })
    expect(buy.price).toMatchObject({ perTon: 600, total: 6000 })
    // The week of loading (seed 003 VIII, marketRules) runs the clock into the next month: her upkeep falls due in it.
    expect(buy.clock.days).toBe(7)
    const upkeep = buy.clock.steps.find((r: { step: string }) => r.step === 'atrilian-upkeep')
    expect(upkeep.effects[0]).toMatch(/^The Nike: wages 1,500 and food 600 dinars, paid by Admiral Nikandros 1,260 and Captain Thalia 840/)
    expect(await cash(x)).toBe(before - 6000 - 1260)
    const memo = (db().prepare(`SELECT memo FROM ledger_tx WHERE memo LIKE 'Textiles%' ORDER BY id DESC LIMIT 1`).get() as { memo: string }).memo
    expect(memo).toContain('Textiles, 10 t at 600 dinars a ton for the Nike at Tyrra')
    expect(memo).not.toMatch(/\bG\b|guilder/i)
    // The cargo takes room of her men: 10 t of 150 t or 150 men leave 140 men, 5 points of marines.
    expect((await sheet(shipId)).crew.marineRoom).toBe(5)
    await call('ports.create', { name: 'Kerkyra', nation: 'Pheacia' })
    const other = ((await call('ports.list')) as { id: number; name: string }[]).find((p) => p.name === 'Kerkyra')!
    await call('ships.moveTo', { shipId, portId: other.id })
    const sale = await call('trade.sell', { shipId, cargo: 'textiles', tons: 10, dice: [6] })
    expect(sale.paid.map((p: { name: string }) => p.name)).toEqual(['Admiral Nikandros', 'Captain Thalia'])
    const words = JSON.stringify(sale)
    expect(words).not.toMatch(/\bG\b|guilder/i)
    const sold = (db().prepare(`SELECT memo FROM ledger_tx WHERE memo LIKE '%sold%' ORDER BY id DESC LIMIT 1`).get() as { memo: string }).memo
    expect(sold).toMatch(/dinars a ton by the Nike at Kerkyra/)
    expect(portId).toBeGreaterThan(0)
    expect(await cash(y)).toBeGreaterThan(0)
  })
})
