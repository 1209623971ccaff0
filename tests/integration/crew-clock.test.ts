/**
 * The life of a ship on the campaign clock (issue 6): standing orders in port carried out each
 * week (recruiting and press gangs, yard repairs, careening, provisions), the crew's repairs at sea,
 * the monthly upkeep (wages and food by the ship's kind), provisions running out at sea, and the
 * careening clock — all with hand-entered dice. Seed 003, I. Of Ship Construction (2. CREW,
 * maintenance, repairs, careening) and the rules guide §2.
 *
 * The Théah calendar: day 0 is 1 Primus; a three-month ship ordered on day 0 is launched on day 90
 * (Saturdi, 1 Quartus); weeks start on Soldi (day 91, 98, …); months on day 120 (1 Quintus), 151,
 * 181 (1 Julius), 212, 243 (1 Nonus), 273 (1 Decimus).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { WORLD_OWNER_ID } from '../../src/main/campaign-core/ledger'
import { openDiceBox } from '../../src/main/campaign-core/dice'
import { withMemo } from '../../src/main/campaign/sqlite'
import { registerPeriodicStep } from '../../src/main/campaign-core/clock'
import { companyOf } from '../../src/main/theah/ship-state'
import { careeningClock } from '../../src/main/theah/careening'
import { monthlyUpkeep } from '../../src/main/theah/upkeep'
import type { ShipQuote } from '../../src/shared/ship/design'
import { dumpCampaign, failureOf, makeClock, makeSession, openSeededCampaign, shipDesign, type TestSession } from '../helpers'

let t: TestSession

beforeEach(async () => {
  t = makeSession({ now: makeClock('2026-06-01T12:00:00.000Z').now })
  await openSeededCampaign(t, { seed: 7, name: 'Clock Test' })
})
afterEach(async () => {
  await t.cleanup()
})

const db = () => t.session.campaign!.db
const call = ((name: string, input: unknown = {}) => t.door.call(name as never, input)) as typeof t.door.call
const fail = (name: string, input: unknown) => failureOf(t.door, name, input)
const cash = async (ownerId: number) => (await call('ledger.balance', { ownerId })).cash
const today = async () => (await call('clock.now')).day
async function setCash(ownerId: number, n: number) {
  const have = await cash(ownerId)
  if (have > n) await call('ledger.transfer', { from: ownerId, to: WORLD_OWNER_ID, amount: have - n, memo: 'Spent' })
}
/** Advance to `day` with the given hand-entered faces; returns the steps' effects by step id. */
async function advanceTo(day: number, dice?: number[]) {
  const out = await call('clock.advance', { days: day - (await today()), ...(dice ? { dice } : {}) })
  return out.steps
}
const effectsOf = (steps: { step: string; effects: string[] }[], step: string) => steps.filter((s) => s.step === step).flatMap((s) => s.effects)

async function owner(name: string, money = 100_000) {
  const p = await call('people.create', { name, kind: 'pc' })
  await call('ledger.grant', { ownerId: p.ownerId, amount: money, memo: 'Purse' })
  return p
}

/** A three-month ship ordered on day 0 and launched on day 90, in port at her yard. */
async function launched(hull: 'merchantman' | 'smallWarship' | 'corsair', owners: { ownerId: number; share: number }[], extra: Record<string, unknown> = {}, name = 'Test Ship') {
  const out = await call('ships.commission', { design: shipDesign(hull, extra), name, owners })
  await advanceTo(out.launchDay)
  return out.shipId
}

describe('recruiting and press gangs (seed 003 I.2: 1K1+2 a week in a friendly port, another 1K1+2 by press gangs)', () => {
  it('done when: orders on a launched ship, four weeks on the clock with hand-entered dice, the crew grows and the gear is paid', async () => {
    const a = await owner('Allende')
    const y = await owner('Yngvild')
    const shipId = await launched('merchantman', [
      { ownerId: a.ownerId, share: 60 },
      { ownerId: y.ownerId, share: 40 }
    ])
    expect(await today()).toBe(90)
    await call('ships.orders', { shipId, recruit: true, pressGang: true })
    await call('settings.set', { diceMode: 'manual' })
    const before = { a: await cash(a.ownerId), y: await cash(y.ownerId) }

    // Without the dice the clock asks for the first roll it needs.
    const need = await fail('clock.advance', { days: 28 })
    expect(need.code).toBe('needs_dice')
    expect(need.message).toMatch(/Test Ship: recruits this week/)

    const steps = await advanceTo(118, [3, 5, 4, 2, 6, 1, 9, 7])
    const work = effectsOf(steps, 'ship-port-work')
    expect(work).toHaveLength(4)
    expect(work[0]).toBe('The Test Ship: recruited 5 (1k1+2: 3), press gangs 7 (1k1+2: 5); 12 hands signed on, now 12; gear 192 G paid by Allende 115 and Yngvild 77')
    // 3+5+4+2+6+1+9+7 = 37, plus 2 on each of 8 rolls.
    const crew = await call('crew.get', { shipId })
    expect(crew.hands).toBe(53)
    expect((await cash(a.ownerId)) + (await cash(y.ownerId))).toBe(before.a + before.y - 53 * 16)
    const gear = (await call('ledger.history', { search: 'Gear for', limit: 10, offset: 0 })).transactions
    expect(gear).toHaveLength(4)
    // Every roll is in the roll log, entered by hand.
    const rolls = await call('dice.log', { limit: 20 })
    expect(rolls.filter((r) => r.purpose.startsWith('Test Ship:')).every((r) => r.manual)).toBe(true)
  })

  it('stops at the maximum crew (or the order’s limit), and recruits only in a friendly port', async () => {
    const a = await owner('Allende')
    const shipId = await launched('corsair', [{ ownerId: a.ownerId, share: 100 }])
    await call('crew.hire', { houseRule: true, shipId, sailors: 90 })
    await call('ships.orders', { shipId, recruit: true, recruitUpTo: 95 })
    const steps = await advanceTo((await today()) + 14, [8])
    const work = effectsOf(steps, 'ship-port-work')
    expect(work[0]).toMatch(/recruited 10 \(1k1\+2: 8\); 5 hands signed on \(room for 5\), now 95/)
    // At the limit: no more rolls.
    expect(work).toHaveLength(1)
    expect((await call('crew.get', { shipId })).hands).toBe(95)

    await call('ships.orders', { shipId, recruitUpTo: null })
    const hostile = await call('ports.create', { name: 'Hostile', nation: 'Eisen' })
    await call('ships.moveTo', { shipId, portId: hostile.id })
    const later = effectsOf(await advanceTo((await today()) + 7), 'ship-port-work')
    expect(later).toEqual(['The Test Ship: Hostile is not friendly, so her standing orders wait'])
  })

  it('pirates’ recruits are equipped out of the next booty; owners short of the gear sign on nobody that week', async () => {
    const a = await owner('Allende')
    const shipId = await launched('corsair', [{ ownerId: a.ownerId, share: 100 }])
    await call('ships.orders', { shipId, recruit: true })
    await setCash(a.ownerId, 50)
    const steps = effectsOf(await advanceTo((await today()) + 7, [4]), 'ship-port-work')
    expect(steps[0]).toBe(
      'The Test Ship: recruited 6 (1k1+2: 4), but none signed on: Not enough money to pay for the gear of 6 new hands of the Test Ship: Allende is 46 G short (their share is 96 G; they have 50 in cash). Nothing was charged.'
    )
    await call('crew.configure', { shipId, kind: 'pirate' })
    const again = effectsOf(await advanceTo((await today()) + 7, [4]), 'ship-port-work')
    expect(again[0]).toBe('The Test Ship: recruited 6 (1k1+2: 4); 6 hands signed on, now 6; gear 96 G owed from the next booty')
    expect((await call('crew.get', { shipId })).owed).toBe(96)
    expect(await cash(a.ownerId)).toBe(50)
  })
})

describe('monthly upkeep (seed 003 I.2; rules guide §2 "Crew wages")', () => {
  it('merchantmen: the owners pay wages and food by their shares; officers’ wages go to the officers', async () => {
    const a = await owner('Allende')
    const doc = await call('people.create', { name: 'Doc', kind: 'npc' })
    const shipId = await launched('merchantman', [{ ownerId: a.ownerId, share: 100 }])
    await call('crew.hire', { houseRule: true, shipId, sailors: 20, officers: [{ role: 'physician', personId: doc.id }] })
    const before = await cash(a.ownerId)
    const steps = await advanceTo(120)
    // 20 sailors × 10 + physician 40 = 240 wages; food by the days eaten (seed 003 I.2; issue 13): the 29 days
    // in port since she was crewed, 21 aboard, at 4 G a month of 30 days: 21 × 29 × 4 / 30 = 81.
    expect(effectsOf(steps, 'ship-upkeep')).toEqual(['The Test Ship: wages 240 and food 81 G, paid by Allende 321 (food for 29 days in port)'])
    expect(await cash(a.ownerId)).toBe(before - 321)
    expect(await cash(doc.ownerId)).toBe(40)
  })

  it('naval ships: the government pays (no ledger charge); pirates and privateers: owed from the next booty', async () => {
    const a = await owner('Allende')
    const navy = await call('ships.commission', { design: shipDesign('smallWarship'), name: 'Navy', owners: [{ ownerId: a.ownerId, share: 100 }] })
    const rover = await call('ships.commission', { design: shipDesign('merchantman'), name: 'Rover', owners: [{ ownerId: a.ownerId, share: 100 }] })
    await advanceTo(90)
    await call('crew.configure', { shipId: navy.shipId, kind: 'naval', nation: 'Castille' })
    await call('crew.configure', { shipId: rover.shipId, kind: 'privateer' })
    await call('crew.hire', { houseRule: true, shipId: navy.shipId, sailors: 10 })
    await call('crew.hire', { houseRule: true, shipId: rover.shipId, sailors: 10 })
    const before = await cash(a.ownerId)
    const txBefore = (await call('ledger.history', { limit: 1, offset: 0 })).total
    const steps = await advanceTo(120)
    expect(effectsOf(steps, 'ship-upkeep')).toEqual([
      'The Navy: wages 100 and food 39 G, paid by the government (food for 29 days in port)',
      'The Rover: wages 100 and food 39 G owed to the crew from the next booty, now 299 (food for 29 days in port)'
    ])
    expect(await cash(a.ownerId)).toBe(before)
    expect((await call('ledger.history', { limit: 1, offset: 0 })).total).toBe(txBefore)
    const summary = await call('upkeep.summary')
    expect(summary.government).toEqual([{ shipId: navy.shipId, shipName: 'Navy', nation: 'Castille', amount: 140 }])
    expect(summary.booty).toEqual([{ shipId: rover.shipId, shipName: 'Rover', owedNow: 299, accruesThisMonth: 140 }])
  })

  it('what the owners cannot pay is owed to the crew, and the Dashboard shows who is short', async () => {
    const a = await owner('Allende')
    const shipId = await launched('merchantman', [{ ownerId: a.ownerId, share: 100 }])
    await call('crew.hire', { houseRule: true, shipId, sailors: 20 })
    await setCash(a.ownerId, 100)
    const summary = await call('upkeep.summary')
    expect(summary.nextLabel).toMatch(/1 Quintus 1668/)
    expect(summary.owners).toEqual([
      // Wages 200; food for the 29 days of the month left in port, 20 aboard: 20 × 29 × 4 / 30 = 77.
      { ownerId: a.ownerId, name: 'Allende', cash: 100, due: 277, short: 177, ships: [{ shipId, shipName: 'Test Ship', share: 100, amount: 277 }] }
    ])
    const steps = await advanceTo(120)
    expect(effectsOf(steps, 'ship-upkeep')).toEqual(['The Test Ship: wages 200 and food 77 G, paid by Allende 100; 177 G unpaid, owed to the crew (food for 29 days in port)'])
    expect((await call('crew.get', { shipId })).owed).toBe(177)
    expect((await call('upkeep.summary')).warnings.map((w) => w.message)).toContain('The crew of the Test Ship are owed 177 G in unpaid wages and food')
  })
})

describe('seed 003 I.2 CREW: "Each crew member ... requires 4 Guilders worth of food each month" — food by the days eaten', () => {
  it('the month’s food is bought ashore for the days in port and the provisions are eaten by the days at sea, not by where she lies on the 1st', async () => {
    const a = await owner('Allende')
    const shipId = await launched('merchantman', [{ ownerId: a.ownerId, share: 100 }])
    expect(await today()).toBe(90) // 1 Quartus: a month of 30 days
    await call('crew.hire', { houseRule: true, shipId, sailors: 10 })
    await call('ships.provision', { shipId, months: 1 }) // 40 crew-weeks
    const port = await call('ports.create', { name: 'Friendly', friendlyTo: { owners: [a.ownerId], nations: [] } })
    await call('ships.moveTo', { shipId, portId: null })
    await advanceTo(110) // 20 days at sea
    let r = await call('crew.get', { shipId })
    expect(r.foodDays).toMatchObject({ portDays: 0, seaDays: 20, monthDays: 30, restAt: 'sea' })
    await call('ships.moveTo', { shipId, portId: port.id })
    r = await call('crew.get', { shipId })
    // Today was a day at sea (counted as the day began); the rest of the month in port: 9 days, 10 aboard, 4 G a month of 30 days.
    expect(r.foodDays).toMatchObject({ portDays: 0, seaDays: 20, restDays: 9, restAt: 'port', foodDue: 12 })
    const steps = await advanceTo(120) // in port on the 1st, after 9 days in port
    // 10 × 9 × 4 / 30 = 12 G of food, not the month's 40 for lying in port on the 1st.
    expect(effectsOf(steps, 'ship-upkeep')).toEqual(['The Test Ship: wages 100 and food 12 G, paid by Allende 112 (food for 9 days in port, 20 days at sea on provisions)'])
    // 20 days at sea × 10 aboard = 200 person-days: 28 weekly rations eaten (4 person-days carried over), 12 left.
    r = await call('crew.get', { shipId })
    expect(r.provisions.crewWeeks).toBe(40 - 28)
    expect(r.foodDays).toMatchObject({ portDays: 1, seaDays: 0 })
  })
})

describe('the days counted, kept through a command and written once a ship (issue 22)', () => {
  const unregister: (() => void)[] = []
  afterEach(() => {
    while (unregister.length) unregister.pop()!()
  })

  it('a later step that reads the company (or a step not marked apart that reads the rows) sees each day counted as if it had been written on its day; the file has them all when the command ends, and undo takes them back', async () => {
    const a = await owner('Allende')
    const shipId = await launched('merchantman', [{ ownerId: a.ownerId, share: 100 }])
    await call('crew.hire', { houseRule: true, shipId, sailors: 10 })
    await call('ships.provision', { shipId, months: 1 })
    const stored = () => t.session.campaign!.db.prepare(`SELECT port_days, port_eater_days FROM ship_company WHERE ship_id = ?`).get(shipId) as { port_days: number; port_eater_days: number }
    const start = stored()
    const eaters = 10 + (await call('crew.get', { shipId })).officers.length
    // Daily readers after the count (order 120): one reading the row itself (130), one through companyOf (150).
    const throughCompany: number[] = []
    const rowItself: number[] = []
    unregister.push(
      registerPeriodicStep({ id: 'test-company-reader', title: 'Test', every: 'day', order: 150, run: ({ db: d }) => void throughCompany.push(companyOf(d, shipId).port_days) }),
      registerPeriodicStep({
        id: 'test-row-reader',
        title: 'Test',
        every: 'day',
        order: 130,
        run: ({ db: d }) => void rowItself.push((d.prepare(`SELECT port_eater_days FROM ship_company WHERE ship_id = ?`).get(shipId) as { port_eater_days: number }).port_eater_days)
      })
    )
    const day = await today()
    const days = 10
    // No month begins in these days (the monthly upkeep would start the counts again).
    expect(Math.floor((day - 90) / 30)).toBe(Math.floor((day + days - 90) / 30))
    await call('clock.advance', { days })
    expect(throughCompany).toEqual(Array.from({ length: days }, (_, i) => start.port_days + i + 1))
    expect(rowItself).toEqual(Array.from({ length: days }, (_, i) => start.port_eater_days + (i + 1) * eaters))
    expect(stored()).toEqual({ port_days: start.port_days + days, port_eater_days: start.port_eater_days + days * eaters })
    await call('history.undo')
    expect(stored()).toEqual(start)
  })

  it('with only steps marked apart after it, a clock run writes the counts once, when the command ends', async () => {
    const a = await owner('Allende')
    const shipId = await launched('merchantman', [{ ownerId: a.ownerId, share: 100 }])
    await call('crew.hire', { houseRule: true, shipId, sailors: 10 })
    await advanceTo(92)
    // Days 93–97: no week (98) or month (120) begins, so only the daily steps run: the ship's company row is
    // updated once for the five days, and the change holds one undo step for it.
    await call('clock.advance', { days: 5 })
    const seq = (await call('history.list', { limit: 1 })).entries[0]!.seq
    const steps = t.session.campaign!.db.prepare(`SELECT sql FROM undo_step WHERE seq = ? AND sql LIKE 'UPDATE "ship_company"%'`).all(seq) as { sql: string }[]
    expect(steps).toHaveLength(1)
    expect(steps[0]!.sql).toMatch(/^UPDATE "ship_company" SET rowid=\d+,"port_eater_days"=\d+,"port_days"=\d+ WHERE rowid=\d+$/)
    expect((await call('crew.get', { shipId })).foodDays.portDays).toBe(2 + 5)
  })
})

describe('provisions (seed 003 I.2 food; I.4 Vermin; house rule: food running out)', () => {
  it('bought in port by the month (4 G a crew member), eaten a ration a week at sea; running short is warned ahead', async () => {
    const a = await owner('Allende')
    const shipId = await launched('merchantman', [{ ownerId: a.ownerId, share: 100 }])
    await call('crew.hire', { houseRule: true, shipId, sailors: 10 })
    const before = await cash(a.ownerId)
    const out = await call('ships.provision', { shipId, months: 1 })
    expect(out).toMatchObject({ cost: 40, payer: 'owners', provisions: { crewWeeks: 40, eaters: 10, weeksLeft: 4, weeksPerMonth: 4, holdTons: 1 } })
    expect(await cash(a.ownerId)).toBe(before - 40)
    // The ton kept for food on a voyage is in the hold while food is aboard.
    expect((await call('ships.condition', { shipId })).hold).toMatchObject({ capacity: 24, foodTons: 1, free: 23 })

    await call('ships.moveTo', { shipId, portId: null })
    const steps = await advanceTo(91 + 7)
    expect(effectsOf(steps, 'ship-provisions')).toEqual(['The Test Ship\'s provisions last 2 more weeks'])
    expect((await call('upkeep.summary')).warnings).toContainEqual(
      expect.objectContaining({ kind: 'provisions', severity: 'warning', message: "The Test Ship's provisions last 2 more weeks at sea" })
    )
    // Buying needs a friendly port.
    expect((await fail('ships.provision', { shipId, months: 1 })).message).toMatch(/at sea: she can buy provisions only in a friendly port/)
  })

  it('house rule (rules guide §2 "Food running out at sea"): with no food left, 1k1 hands lost each week', async () => {
    const a = await owner('Allende')
    const shipId = await launched('merchantman', [{ ownerId: a.ownerId, share: 100 }])
    await call('crew.hire', { houseRule: true, shipId, sailors: 20, marines: 5 })
    await call('ships.moveTo', { shipId, portId: null })
    await call('settings.set', { diceMode: 'manual' })
    const steps = await advanceTo(91, [4])
    expect(effectsOf(steps, 'ship-provisions')).toEqual(['The Test Ship is out of food: 4 hands deserted or died (1k1: 4), 21 left'])
    expect((await call('crew.get', { shipId })).hands).toBe(21)
    expect((await call('upkeep.summary')).warnings).toContainEqual(expect.objectContaining({ kind: 'provisions', severity: 'danger' }))
  })

  it('seed 003 I.4 Vermin: the provisions last only three weeks for every month bought', async () => {
    const a = await owner('Allende')
    const shipId = await launched('merchantman', [{ ownerId: a.ownerId, share: 100 }], { flaws: { vermin: true } })
    await call('crew.hire', { houseRule: true, shipId, sailors: 10 })
    const out = await call('ships.provision', { shipId, months: 2 })
    expect(out).toMatchObject({ cost: 80, provisions: { crewWeeks: 60, weeksLeft: 6, weeksPerMonth: 3 } })
  })

  it('standing order: keep so many months of provisions while in a friendly port', async () => {
    const a = await owner('Allende')
    const shipId = await launched('merchantman', [{ ownerId: a.ownerId, share: 100 }])
    await call('crew.hire', { houseRule: true, shipId, sailors: 10 })
    await call('ships.orders', { shipId, provisionMonths: 2 })
    const steps = await advanceTo(98)
    expect(effectsOf(steps, 'ship-port-work')).toEqual(['The Test Ship took on provisions: 20 crew-months for 80 G'])
    expect((await call('crew.get', { shipId })).provisions.weeksLeft).toBe(8)
  })
})

describe('careening (seed 003 I: every four months, two if Old; rules guide §2 careening schedule)', () => {
  it('done when: a Small Warship five months uncareened loses a point of Speed; careened in port for 800 G the penalty is lifted', async () => {
    const a = await owner('Allende')
    const shipId = await launched('smallWarship', [{ ownerId: a.ownerId, share: 100 }])
    let c = await call('ships.condition', { shipId })
    expect(c.careening).toMatchObject({ intervalMonths: 4, lastDay: 90, dueDay: 212, monthsPastDue: 0, canBeach: true, portFee: 800 })
    expect(c.careening.dueLabel).toMatch(/1 Augustus 1668/)

    await advanceTo(243) // 1 Nonus: five months since her launch
    c = await call('ships.condition', { shipId })
    expect(c.careening).toMatchObject({ monthsSince: 5, monthsPastDue: 1, hullLossActive: false })
    expect(c.speed).toMatchObject({ design: 3, now: 2 })
    expect(c.travelSpeed).toMatchObject({ design: 120, now: 115 })
    expect(c.penalties[0]).toBe('Careening 1 month overdue: Speed 3 → 2, travel 120 → 115 nm a day')
    expect((await call('upkeep.summary')).warnings).toContainEqual(expect.objectContaining({ kind: 'careening', severity: 'danger' }))

    const before = await cash(a.ownerId)
    const out = await call('ships.careen', { shipId, where: 'port' })
    expect(out.cost).toBe(800)
    expect(await cash(a.ownerId)).toBe(before - 800)
    expect(out.condition.speed.now).toBe(3)
    expect(out.condition.careening).toMatchObject({ lastDay: 243, monthsPastDue: 0, untilDay: 246, beached: false })
    expect(out.condition.penalties).toEqual([])
    // Three days in the yard: she cannot be moved until then.
    expect((await fail('ships.moveTo', { shipId, portId: null })).message).toMatch(/being careened until/)
    await advanceTo(246)
    await call('ships.moveTo', { shipId, portId: null })
  })

  it('seed 003 I: from six months without careening, 1K1 hull a month, not repairable until careened', async () => {
    const a = await owner('Allende')
    const shipId = await launched('smallWarship', [{ ownerId: a.ownerId, share: 100 }])
    await call('settings.set', { diceMode: 'manual' })
    await advanceTo(272)
    const steps = await advanceTo(273, [7]) // 1 Decimus: six months
    expect(effectsOf(steps, 'ship-careening')).toEqual([
      'The Test Ship lost 7 hull points (1k1: 7), careening 2 months overdue: not repairable until careened'
    ])
    let c = await call('ships.condition', { shipId })
    expect(c.hull).toMatchObject({ damage: 7, now: 28, unrepairable: 7, crewRepairable: 0, portOnly: 0 })
    expect(c.speed.now).toBe(1)
    expect((await fail('ships.repair', { shipId })).message).toBe(
      'The Test Ship has nothing to repair (the 7 hull points lost to a missed careening cannot be repaired until she is careened).'
    )
    await call('ships.careen', { shipId, where: 'port' })
    c = await call('ships.condition', { shipId })
    // Careened: ordinary damage again, half of it (rounded down) the crew's to mend.
    expect(c.hull).toMatchObject({ damage: 7, unrepairable: 0, crewRepairable: 3, portOnly: 4 })
    expect(c.speed.now).toBe(3)
  })

  it('the careening clock takes the fleet the monthly upkeep read only when nothing was written between the two steps', async () => {
    const a = await owner('Allende')
    const shipId = await launched('smallWarship', [{ ownerId: a.ownerId, share: 100 }])
    await advanceTo(272)
    // The two monthly steps of 1 Decimus (six months uncareened) as a clock run runs them, sharing its
    // memo; between them her last careening (she has none: her launch) moves to yesterday behind the
    // steps' backs, a write the hand-over must see.
    const effects: string[] = []
    withMemo(db(), () => {
      const memo = new Map<string, unknown>()
      const quotes = new Map<string, ShipQuote>()
      const dice = openDiceBox(db(), [], 'app')
      monthlyUpkeep(db(), (e) => effects.push(e), quotes, 273, memo)
      expect(db().prepare(`UPDATE ship SET launch_day = 272 WHERE id = ? AND launch_day = 90`).run(shipId).changes).toBe(1)
      careeningClock(db(), 273, () => dice, (e) => effects.push(e), quotes, memo)
    })
    expect(effects.filter((e) => /hull point/.test(e))).toEqual([])
    expect((await call('ships.condition', { shipId })).hull.damage).toBe(0)
  })

  it('seed 003 I.4 Old: careening every two months; the hull loss from four', async () => {
    const a = await owner('Allende')
    const shipId = await launched('corsair', [{ ownerId: a.ownerId, share: 100 }], { flaws: { old: true } })
    const c = await call('ships.condition', { shipId })
    expect(c.careening).toMatchObject({ intervalMonths: 2, lastDay: 59 })
    await advanceTo(151) // 1 Sextus: three months since her launch on 1 Tertius
    const d = await call('ships.condition', { shipId })
    expect(d.careening).toMatchObject({ monthsSince: 3, monthsPastDue: 1 })
    expect(d.speed).toMatchObject({ design: 4, now: 3 })
  })

  it('beached on a deserted shore: free for shallow drafts at sea, vulnerable while beached; refused for deep drafts and frigates', async () => {
    const a = await owner('Allende')
    const corsair = await launched('corsair', [{ ownerId: a.ownerId, share: 100 }], {}, 'Shallow')
    const frigate = await launched('smallWarship', [{ ownerId: a.ownerId, share: 100 }], { frigate: true }, 'Frigate')
    expect((await fail('ships.careen', { shipId: corsair, where: 'beach' })).message).toMatch(/is in port: put to sea/)
    await call('ships.moveTo', { shipId: corsair, portId: null })
    await call('ships.moveTo', { shipId: frigate, portId: null })
    const before = await cash(a.ownerId)
    const out = await call('ships.careen', { shipId: corsair, where: 'beach' })
    expect(out.cost).toBe(0)
    expect(await cash(a.ownerId)).toBe(before)
    expect(out.condition.careening).toMatchObject({ beached: true, vulnerable: true })
    expect(out.condition.penalties).toContainEqual(expect.stringMatching(/^Beached and vulnerable until/))
    expect((await call('upkeep.summary')).warnings).toContainEqual(expect.objectContaining({ shipName: 'Shallow', kind: 'careening', message: expect.stringMatching(/beached and vulnerable/) }))
    expect((await fail('ships.careen', { shipId: frigate, where: 'beach' })).message).toMatch(/deep draft/)
    expect((await fail('ships.careen', { shipId: frigate, where: 'port' })).message).toMatch(/at sea: she can be careened in port only in a friendly port/)
  })

  it('standing order: careen in port when due', async () => {
    const a = await owner('Allende')
    const shipId = await launched('smallWarship', [{ ownerId: a.ownerId, share: 100 }])
    await call('ships.orders', { shipId, careen: true })
    const steps = await advanceTo(215)
    const work = effectsOf(steps, 'ship-port-work')
    expect(work).toHaveLength(1)
    expect(work[0]).toMatch(/^The Test Ship careened in port for 800 G, until /)
    expect((await call('ships.condition', { shipId })).careening.monthsPastDue).toBe(0)
  })
})

describe('repairs (seed 003 I: maintenance)', () => {
  /** A launched Merchantman with a crew, battle damage (as a battle leaves it) and at sea. */
  async function damaged(opts: { carpenter?: boolean } = {}) {
    const a = await owner('Allende')
    const shipId = await launched('merchantman', [{ ownerId: a.ownerId, share: 100 }])
    const officers = []
    if (opts.carpenter) {
      const chips = await call('people.create', { name: 'Chips', kind: 'npc' })
      officers.push({ role: 'carpenter', personId: chips.id })
    }
    await call('crew.hire', { houseRule: true, shipId, sailors: 30, officers })
    db().prepare(`UPDATE ship SET hull_damage = 12, rigging_damage = 10 WHERE id = ?`).run(shipId)
    await call('ships.moveTo', { shipId, portId: null })
    return { a, shipId }
  }

  it('done when: at sea the crew mends rigging 4 a week and half the hull 2 a week; the rest only in a friendly port at 50 G a point', async () => {
    const { a, shipId } = await damaged()
    let c = await call('ships.condition', { shipId })
    expect(c.hull).toMatchObject({ damage: 12, crewRepairable: 6, portOnly: 6, unrepairable: 0 })
    expect(c.repairsPerWeek).toEqual({ crewRigging: 4, crewHull: 2, portPoints: 10, portCostPerPoint: 50 })

    const steps = await advanceTo(91 + 21)
    expect(effectsOf(steps, 'ship-repairs')).toEqual([
      "The Test Ship's crew mended 2 hull points and 4 rigging points",
      "The Test Ship's crew mended 2 hull points and 4 rigging points",
      "The Test Ship's crew mended 2 hull points and 2 rigging points"
    ])
    c = await call('ships.condition', { shipId })
    expect(c.hull).toMatchObject({ damage: 6, crewRepairable: 0, portOnly: 6 })
    expect(c.rigging.damage).toBe(0)
    expect((await fail('ships.repair', { shipId })).message).toBe('Nothing can be repaired aboard the Test Ship now: what is left needs a friendly port’s yard.')

    const port = await call('ports.create', { name: 'Friendly', friendlyTo: { owners: [a.ownerId], nations: [] } })
    await call('ships.moveTo', { shipId, portId: port.id })
    const before = await cash(a.ownerId)
    const out = await call('ships.repair', { shipId })
    expect(out).toMatchObject({ hullByCrew: 0, hullByYard: 6, riggingByYard: 0, cost: 300 })
    expect(await cash(a.ownerId)).toBe(before - 300)
    expect(out.condition.hull).toMatchObject({ damage: 0, now: 40 })
  })

  it('seed 003 I: a ship’s carpenter mends 4 hull a week; ships.repair spends its weeks on the clock', async () => {
    const { shipId } = await damaged({ carpenter: true })
    const day = await today()
    const out = await call('ships.repair', { shipId, weeks: 1 })
    expect(out).toMatchObject({ hullByCrew: 4, riggingByCrew: 4, hullByYard: 0, cost: 0, days: 7, to: { day: day + 7 } })
    const more = await call('ships.repair', { shipId, weeks: 3 })
    expect(more).toMatchObject({ hullByCrew: 2, riggingByCrew: 6 })
    expect((await fail('ships.repair', { shipId, yard: true })).message).toMatch(/at sea: she can be repaired by a yard only in a friendly port/)
  })

  it('seed 003 I maintenance: repairs take the time they take — a repair of N weeks is N weeks of the clock, so no point is mended twice in a week', async () => {
    const { shipId } = await damaged()
    const day = await today()
    // Two weeks at sea: the crew's 2 hull and 4 rigging a week, by the clock's weekly step, twice.
    const out = await call('ships.repair', { shipId, weeks: 2 })
    expect(await today()).toBe(day + 14)
    expect(effectsOf(out.steps, 'ship-repairs')).toEqual(["The Test Ship's crew mended 2 hull points and 4 rigging points", "The Test Ship's crew mended 2 hull points and 4 rigging points"])
    expect(out).toMatchObject({ hullByCrew: 4, riggingByCrew: 8 })
    let c = await call('ships.condition', { shipId })
    expect(c.hull.damage).toBe(8)
    expect(c.rigging.damage).toBe(2)
    // The next week of the clock mends one week's more, not a second helping of the weeks just spent.
    const steps = await advanceTo((await today()) + 7)
    expect(effectsOf(steps, 'ship-repairs')).toEqual(["The Test Ship's crew mended 2 hull points and 2 rigging points"])
    c = await call('ships.condition', { shipId })
    expect(c.hull.damage).toBe(6)
    // Undo takes the weeks back with the work.
    await call('history.undo')
    await call('history.undo')
    expect(await today()).toBe(day)
    expect((await call('ships.condition', { shipId })).hull.damage).toBe(12)
  })

  it('in port the yard does 10 points a week (hull first, then rigging) at 50 G a point, as a standing order too', async () => {
    const { a, shipId } = await damaged()
    db().prepare(`UPDATE ship SET hull_damage = 20, rigging_damage = 8 WHERE id = ?`).run(shipId)
    const port = await call('ports.create', { name: 'Friendly', friendlyTo: { owners: [a.ownerId], nations: [] } })
    await call('ships.moveTo', { shipId, portId: port.id })
    await call('ships.orders', { shipId, repair: true })
    const before = await cash(a.ownerId)
    const steps = await advanceTo(91)
    // The crew mends its 2 hull (of its 10) and 4 rigging; the yard 10 points of the hull.
    expect(effectsOf(steps, 'ship-port-work')).toEqual(['The Test Ship: the yard repaired 10 hull points for 500 G'])
    expect(effectsOf(steps, 'ship-repairs')).toEqual(["The Test Ship's crew mended 2 hull points and 4 rigging points"])
    expect(await cash(a.ownerId)).toBe(before - 500)
    const c = await call('ships.condition', { shipId })
    expect(c.hull).toMatchObject({ damage: 8, portOnly: 0, crewRepairable: 8 })
    expect(c.rigging.damage).toBe(4)
  })

  it('undo takes back a whole clock advance: crew, money, repairs and rolls', async () => {
    const { shipId } = await damaged()
    await call('ships.orders', { shipId, recruit: true })
    const before = dumpCampaign(db())
    await advanceTo(120)
    await call('history.undo')
    expect(dumpCampaign(db())).toEqual(before)
  })
})
