/**
 * A ship's company through the one door (issue 6): ports and their friendliness, placing ships,
 * signing on and paying off hands and officers, the roster (gun crews, Trained Fighters, the
 * minimum sail crew), and who pays for the gear (seed 003, I.2 Crew; V. Of Grappling and Boarding).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { WORLD_OWNER_ID } from '../../src/main/campaign-core/ledger'
import { countRows, dumpCampaign, failureOf, makeClock, makeSession, openSeededCampaign, shipDesign, type TestSession } from '../helpers'

let t: TestSession

beforeEach(async () => {
  t = makeSession({ now: makeClock('2026-06-01T12:00:00.000Z').now })
  await openSeededCampaign(t, { seed: 6, name: 'Crew Test' })
})
afterEach(async () => {
  await t.cleanup()
})

const db = () => t.session.campaign!.db
const call = ((name: string, input: unknown = {}) => t.door.call(name as never, input)) as typeof t.door.call
const fail = (name: string, input: unknown) => failureOf(t.door, name, input)
const journal = () => db().prepare(`SELECT summary FROM journal ORDER BY seq`).all() as { summary: string }[]
const snapshot = () => ({ tables: dumpCampaign(db()), journal: journal(), steps: countRows(db(), 'undo_step') })
const cash = async (ownerId: number) => (await call('ledger.balance', { ownerId })).cash
/** Spend an owner's cash down to `n` (to the outside world). */
async function setCash(ownerId: number, n: number) {
  const have = await cash(ownerId)
  if (have > n) await call('ledger.transfer', { from: ownerId, to: WORLD_OWNER_ID, amount: have - n, memo: 'Spent' })
}

async function person(name: string, kind: 'pc' | 'npc' = 'pc', money = 100_000, knacks: Record<string, number> = {}) {
  const p = await call('people.create', { name, kind, knacks })
  if (money) await call('ledger.grant', { ownerId: p.ownerId, amount: money, memo: 'Purse' })
  return p
}

/** A launched ship of the given design, owned by the given owners (shares). */
async function launched(design: Record<string, unknown>, owners: { ownerId: number; share: number }[], name = 'Test Ship') {
  const out = await call('ships.commission', { design, name, owners })
  const today = (await call('clock.now')).day
  if (out.launchDay > today) await call('clock.advance', { days: out.launchDay - today })
  return out.shipId
}

describe('ports (issue 6: ports.create, ports.update, ports.list, ships.moveTo)', () => {
  it('records ports and places ships in them or at sea; friendliness by owner, nation and pirate haven', async () => {
    const a = await person('Allende')
    const m = await person('Marcel')
    const shipId = await launched(shipDesign('corsair'), [{ ownerId: a.ownerId, share: 100 }])
    const haven = await call('ports.create', { name: 'La Bucca', pirateHaven: true, colonial: true })
    const castille = await call('ports.create', { name: 'San Cristóbal', nation: 'Castille', major: true })
    const renard = await call('ports.create', { name: 'Port Renard', nation: 'Montaigne', friendlyTo: { owners: [m.ownerId], nations: [] } })
    expect(castille).toMatchObject({ name: 'San Cristóbal', nation: 'Castille', major: true, colonial: false, pirateHaven: false, ships: [] })
    expect(renard.friendlyTo.owners).toEqual([{ ownerId: m.ownerId, name: 'Marcel' }])

    // Launched at her yard: in port, a friendly one (the yard has no port record).
    expect((await call('crew.get', { shipId })).place).toMatchObject({ status: 'port', portId: null, friendly: true })

    // A merchant of no nation: Castille is not friendly, nor the pirate haven.
    expect(await call('ships.moveTo', { shipId, portId: castille.id })).toMatchObject({ status: 'port', portName: 'San Cristóbal', friendly: false })
    expect(await call('ships.moveTo', { shipId, portId: haven.id })).toMatchObject({ friendly: false })
    // Sailing as a pirate, the haven welcomes her.
    await call('crew.configure', { shipId, kind: 'pirate' })
    expect((await call('crew.get', { shipId })).place).toMatchObject({ portName: 'La Bucca', friendly: true })
    // Of Castille: Castillian ports are friendly.
    await call('crew.configure', { shipId, kind: 'merchant', nation: 'Castille' })
    expect(await call('ships.moveTo', { shipId, portId: castille.id })).toMatchObject({ friendly: true })
    // A port friendly to named owners.
    expect(await call('ships.moveTo', { shipId, portId: renard.id })).toMatchObject({ friendly: false })
    await call('ports.update', { portId: renard.id, friendlyTo: { owners: [m.ownerId, a.ownerId], nations: [] } })
    expect((await call('crew.get', { shipId })).place.friendly).toBe(true)
    expect((await call('ports.list')).find((p) => p.id === renard.id)!.ships).toEqual([{ shipId, name: 'Test Ship', friendly: true }])

    // At sea; the ship's location follows, and renaming a port renames where her ships lie.
    expect(await call('ships.moveTo', { shipId, portId: null })).toMatchObject({ status: 'sea', portId: null, friendly: null, label: 'At sea' })
    expect((await call('ships.list'))[0]!.status).toBe('sea')
    await call('ships.moveTo', { shipId, portId: renard.id })
    await call('ports.update', { portId: renard.id, name: 'Port Renard-la-Neuve' })
    expect((db().prepare(`SELECT location FROM ship WHERE id = ?`).get(shipId) as { location: string }).location).toBe('Port Renard-la-Neuve')
    expect(journal().at(-1)!.summary).toBe('Updated the port of Port Renard-la-Neuve')
  })

  it('refuses unknown ports and owners, and ships on the stocks', async () => {
    const a = await person('Allende')
    expect((await fail('ports.create', { name: 'X', friendlyTo: { owners: [999], nations: [] } })).code).toBe('not_found')
    const out = await call('ships.commission', { design: shipDesign('corsair'), name: 'On the Stocks', owners: [{ ownerId: a.ownerId, share: 100 }] })
    expect((await fail('ships.moveTo', { shipId: out.shipId, portId: null })).message).toMatch(/still on the stocks/)
    await call('clock.advance', { days: out.launchDay })
    expect((await fail('ships.moveTo', { shipId: out.shipId, portId: 42 })).code).toBe('not_found')
  })
})

describe('crew.hire and crew.discharge (seed 003, I.2 Crew)', () => {
  it('seed 003 I.2: each new sailor needs 16 G of gear, paid by a merchantman’s owners by their shares', async () => {
    const a = await person('Allende')
    const y = await person('Yngvild')
    const shipId = await launched(shipDesign('merchantman'), [
      { ownerId: a.ownerId, share: 60 },
      { ownerId: y.ownerId, share: 40 }
    ])
    await setCash(a.ownerId, 10_000)
    const out = await call('crew.hire', { houseRule: true, shipId, sailors: 50 })
    expect(out).toMatchObject({ recruits: 50, gear: 800, payer: 'owners' })
    expect(out.charged).toEqual([
      { ownerId: a.ownerId, name: 'Allende', amount: 480 },
      { ownerId: y.ownerId, name: 'Yngvild', amount: 320 }
    ])
    expect(await cash(a.ownerId)).toBe(10_000 - 480)
    expect(out.roster).toMatchObject({ hands: 50, sailors: 50, marines: 0 })
    expect(journal().at(-1)!.summary).toBe('Signed on 50 sailors aboard the Test Ship; gear 800 G paid by the owners (hired now, house rule)')
    expect((await call('ships.get', { shipId })).state.crew).toBe(50)
  })

  it('seed 003 I.4 Disgruntled Crew: hiring and equipping the crew costs 5% less', async () => {
    const a = await person('Allende')
    const shipId = await launched(shipDesign('corsair', { flaws: { disgruntledCrew: true } }), [{ ownerId: a.ownerId, share: 100 }])
    await setCash(a.ownerId, 1000)
    const out = await call('crew.hire', { houseRule: true, shipId, sailors: 10 })
    // 10 × 16 = 160, less 5% = 152.
    expect(out.gear).toBe(152)
    expect(await cash(a.ownerId)).toBe(1000 - 152)
  })

  it('seed 003 I.2: naval ships’ gear is paid by the government; pirates’ and privateers’ is owed from the booty', async () => {
    const a = await person('Allende')
    const navy = await launched(shipDesign('smallWarship'), [{ ownerId: a.ownerId, share: 100 }], 'Navy')
    await call('crew.configure', { shipId: navy, kind: 'naval', nation: 'Castille' })
    await setCash(a.ownerId, 50_000)
    expect(await call('crew.hire', { houseRule: true, shipId: navy, sailors: 20 })).toMatchObject({ gear: 320, payer: 'government', charged: [] })
    expect(await cash(a.ownerId)).toBe(50_000)

    const rover = await launched(shipDesign('corsair'), [{ ownerId: a.ownerId, share: 100 }], 'Rover')
    await call('crew.configure', { shipId: rover, kind: 'privateer' })
    await setCash(a.ownerId, 40_000)
    const out = await call('crew.hire', { houseRule: true, shipId: rover, sailors: 20, marines: 5 })
    expect(out).toMatchObject({ gear: 400, payer: 'booty', charged: [] })
    expect(out.roster).toMatchObject({ hands: 25, sailors: 20, marines: 5, owed: 400 })
    expect(await cash(a.ownerId)).toBe(40_000)
  })

  it('refuses a shortfall naming each owner short and by how much, charging nothing', async () => {
    const a = await person('Allende')
    const y = await person('Yngvild')
    const shipId = await launched(shipDesign('merchantman'), [
      { ownerId: a.ownerId, share: 50 },
      { ownerId: y.ownerId, share: 50 }
    ])
    await setCash(a.ownerId, 100)
    await setCash(y.ownerId, 1000)
    const before = snapshot()
    const err = await fail('crew.hire', { houseRule: true, shipId, sailors: 20 })
    expect(err.code).toBe('rule')
    expect(err.message).toBe(
      'Not enough money to pay for the gear of 20 new hands of the Test Ship: Allende is 60 G short (their share is 160 G; they have 100 in cash). Nothing was charged.'
    )
    expect(snapshot()).toEqual(before)
  })

  it('seed 003 I: a ship cannot hold more than its maximum crew (player characters not counted)', async () => {
    const a = await person('Allende')
    const tom = await person('Old Tom', 'npc', 0)
    const shipId = await launched(shipDesign('corsair'), [{ ownerId: a.ownerId, share: 100 }])
    await call('crew.hire', { houseRule: true, shipId, sailors: 99, officers: [{ role: 'captain', personId: a.id }] })
    const err = await fail('crew.hire', { houseRule: true, shipId, officers: [{ role: 'purser', personId: tom.id }], sailors: 1 })
    expect(err.message).toMatch(/at most 100 crew \(not counting player characters\): she has 99, so 2 more would be 1 too many/)
    // The NPC alone fits.
    const out = await call('crew.hire', { houseRule: true, shipId, officers: [{ role: 'purser', personId: tom.id }] })
    expect(out.roster).toMatchObject({ countedTowardMax: 100, room: 0, maxCrew: 100 })
    expect(out.roster.officers.map((o) => [o.name, o.role, o.wage])).toEqual([
      ['Allende', 'captain', 0],
      // Rules guide §2 "Crew wages": a purser 30 G a month.
      ['Old Tom', 'purser', 30]
    ])
  })

  it('officers: one to a post (a gunner per battery), each character aboard one ship; discharged by id', async () => {
    const a = await person('Allende')
    const g1 = await person('Gunner One', 'npc', 0, { Gunnery: 2 })
    const g2 = await person('Gunner Two', 'npc', 0)
    const c2 = await person('Second Captain', 'npc', 0)
    const shipId = await launched(shipDesign('corsair'), [{ ownerId: a.ownerId, share: 100 }], 'One')
    const other = await launched(shipDesign('corsair'), [{ ownerId: a.ownerId, share: 100 }], 'Two')
    const out = await call('crew.hire', { houseRule: true,
      shipId,
      officers: [
        { role: 'captain', personId: a.id },
        { role: 'gunner', personId: g1.id, battery: 'port' },
        { role: 'gunner', personId: g2.id, battery: 'starboard', wage: 30 }
      ]
    })
    expect(out.roster.officers.map((o) => [o.name, o.role, o.battery, o.wage, o.knacks])).toEqual([
      ['Allende', 'captain', null, 0, {}],
      ['Gunner One', 'gunner', 'port', 25, { Gunnery: 2 }],
      ['Gunner Two', 'gunner', 'starboard', 30, {}]
    ])
    expect(out.gear).toBe(0)
    expect((await fail('crew.hire', { houseRule: true, shipId, officers: [{ role: 'captain', personId: c2.id }] })).message).toBe('The One already has a captain.')
    expect((await fail('crew.hire', { houseRule: true, shipId: other, officers: [{ role: 'captain', personId: a.id }] })).message).toMatch(/already sails with the One/)
    expect((await fail('crew.hire', { houseRule: true, shipId, officers: [{ role: 'purser', personId: c2.id, battery: 'port' }] })).code).toBe('invalid_input')

    const after = await call('crew.discharge', { shipId, officers: [g1.id] })
    expect(after.officers.map((o) => o.name)).toEqual(['Allende', 'Gunner Two'])
    expect(journal().at(-1)!.summary).toBe('Paid off 1 officer from the One')
    // Now free to sign on elsewhere.
    await call('crew.hire', { houseRule: true, shipId: other, officers: [{ role: 'gunner', personId: g1.id }] })
  })

  it('crew.discharge pays off sailors and marines (no refund) and refuses more than are aboard', async () => {
    const a = await person('Allende')
    const shipId = await launched(shipDesign('corsair'), [{ ownerId: a.ownerId, share: 100 }])
    await call('crew.hire', { houseRule: true, shipId, sailors: 30, marines: 10 })
    const paid = await cash(a.ownerId)
    expect(await call('crew.discharge', { shipId, sailors: 5, marines: 3 })).toMatchObject({ hands: 32, sailors: 25, marines: 7 })
    expect(await cash(a.ownerId)).toBe(paid)
    expect((await fail('crew.discharge', { shipId, marines: 8 })).message).toBe('The Test Ship has 7 marines; 8 cannot be paid off.')
  })

  it('hiring needs a friendly port: not at sea, not in an unfriendly port', async () => {
    const a = await person('Allende')
    const shipId = await launched(shipDesign('corsair'), [{ ownerId: a.ownerId, share: 100 }])
    await call('ships.moveTo', { shipId, portId: null })
    expect((await fail('crew.hire', { houseRule: true, shipId, sailors: 1 })).message).toBe('The Test Ship is at sea: she can sign on a crew only in a friendly port.')
    const port = await call('ports.create', { name: 'Hostile Harbour', nation: 'Eisen' })
    await call('ships.moveTo', { shipId, portId: port.id })
    expect((await fail('crew.hire', { houseRule: true, shipId, sailors: 1 })).message).toBe('Hostile Harbour is not friendly to the Test Ship: she can sign on a crew only in a friendly port.')
  })
})

describe('crew.get: the roster', () => {
  it('seed 003 I.1 and I.2: gun crews of 3 a gun plus gunner’s mates come from the sailors beyond the minimum sail crew; the rest cannot be served', async () => {
    const a = await person('Allende')
    // A fully armed Corsair: 20 long guns need a gunnery crew of 60 plus ten gunner's mates (seed 003).
    const shipId = await launched(shipDesign('corsair', { guns: { port: 8, starboard: 8, chasers: 2, stern: 2 } }), [{ ownerId: a.ownerId, share: 100 }])
    await call('crew.hire', { houseRule: true, shipId, sailors: 76 })
    let r = await call('crew.get', { shipId })
    // 76 − 6 sail crew = 70 = 60 + 10: every gun served.
    expect(r.guns).toMatchObject({ mounted: 20, working: 20, served: 20, cannotServe: 0, gunCrews: 60, gunnersMates: 10, needed: 70 })
    expect(r.minSailCrew).toBe(6)
    expect(r.canSail).toBe(true)
    await call('crew.discharge', { shipId, sailors: 36 })
    r = await call('crew.get', { shipId })
    // 40 − 6 = 34 hands: 9 guns need 27 + 5 mates = 32; 10 would need 30 + 5 = 35.
    expect(r.guns).toMatchObject({ served: 9, cannotServe: 11, gunCrews: 27, gunnersMates: 5 })
    // Guns lost in battle are not counted as needing crews.
    db().prepare(`UPDATE ship SET guns_lost = '{"port":4,"starboard":4,"chasers":0,"stern":0}' WHERE id = ?`).run(shipId)
    expect((await call('crew.get', { shipId })).guns).toMatchObject({ lost: 8, working: 12, served: 9, cannotServe: 3 })
    // Below the minimum sail crew she cannot sail.
    await call('crew.discharge', { shipId, sailors: 35 })
    r = await call('crew.get', { shipId })
    expect(r).toMatchObject({ hands: 5, canSail: false })
    expect(r.guns.served).toBe(0)
    expect((await call('upkeep.summary')).warnings.map((w) => w.message)).toContain(
      'The Test Ship has 5 hands, below her minimum sail crew of 6: she cannot sail'
    )
  })

  it('seed 003 V: Trained Fighters — ¼ of a merchant crew, ⅓ naval or privateer, ½ Avalon, all pirate and Vesten; marines and officers always', async () => {
    const a = await person('Allende')
    const shipId = await launched(shipDesign('merchantman'), [{ ownerId: a.ownerId, share: 100 }])
    await call('crew.hire', { houseRule: true, shipId, sailors: 120, marines: 12, officers: [{ role: 'captain', personId: a.id }] })
    const fighters = async () => (await call('crew.get', { shipId })).trainedFighters
    expect(await fighters()).toMatchObject({ fromHands: 30, marines: 12, officers: 1, total: 43, bruteSquads: 7 })
    await call('crew.configure', { shipId, kind: 'naval' })
    expect((await fighters()).fromHands).toBe(40)
    await call('crew.configure', { shipId, kind: 'privateer' })
    expect((await fighters()).fromHands).toBe(40)
    await call('crew.configure', { shipId, kind: 'merchant', origin: 'avalon' })
    expect(await fighters()).toMatchObject({ fromHands: 60, rule: "1 in 2 of an Avalon crew's sailors; every marine and officer (High Seas Combat, V. Of Grappling and Boarding)" })
    await call('crew.configure', { shipId, origin: 'vesten' })
    expect((await fighters()).fromHands).toBe(120)
    await call('crew.configure', { shipId, kind: 'pirate', origin: 'none' })
    expect(await fighters()).toMatchObject({ fromHands: 120, total: 133, bruteSquads: 22 })
  })

  it('rules guide §2 "Crew wages": the monthly wages and food of the company, and who bears them', async () => {
    const a = await person('Allende')
    const doc = await person('Doc', 'npc', 0)
    const shipId = await launched(shipDesign('corsair', { guns: { port: 2, starboard: 2, chasers: 0, stern: 0 } }), [{ ownerId: a.ownerId, share: 100 }])
    await call('crew.hire', { houseRule: true, shipId, sailors: 30, marines: 4, officers: [{ role: 'captain', personId: a.id }, { role: 'physician', personId: doc.id }] })
    const r = await call('crew.get', { shipId })
    // 4 guns: 12 gun crew and 2 gunner's mates (10 for a full 20, rounded up).
    expect(r.guns.gunnersMates).toBe(2)
    expect(r.monthly.breakdown).toEqual([
      { label: 'Sailors: 28 × 10', value: 280 },
      { label: 'Gunner’s mates: 2 × 14', value: 28 },
      { label: 'Marines: 4 × 10 (as sailors)', value: 40 },
      { label: 'Doc (physician)', value: 40 },
      // Seed 003 I.2: 4 G of food a month for each crew member.
      { label: 'Food: 36 aboard × 4', value: 144 }
    ])
    expect(r.monthly).toMatchObject({ wages: 388, food: 144, total: 532 })
    expect(r.payer).toBe('owners')
  })

  it('undo takes a hire back whole: crew, gear money and officers', async () => {
    const a = await person('Allende')
    const shipId = await launched(shipDesign('corsair'), [{ ownerId: a.ownerId, share: 100 }])
    const before = dumpCampaign(db())
    await call('crew.hire', { houseRule: true, shipId, sailors: 10, officers: [{ role: 'captain', personId: a.id }] })
    await call('history.undo')
    expect(dumpCampaign(db())).toEqual(before)
  })
})

describe('standing orders and the port page', () => {
  it('ships.orders sets and keeps orders; ports.get lists the ships in port with their orders and costs this week and month', async () => {
    const a = await person('Allende')
    const shipId = await launched(shipDesign('merchantman'), [{ ownerId: a.ownerId, share: 100 }])
    const port = await call('ports.create', { name: 'San Cristóbal', nation: 'Castille', friendlyTo: { owners: [a.ownerId], nations: [] } })
    await call('ships.moveTo', { shipId, portId: port.id })
    await call('crew.hire', { houseRule: true, shipId, sailors: 20 })
    expect(await call('ships.orders', { shipId, recruit: true })).toEqual({
      recruit: true,
      pressGang: false,
      recruitUpTo: null,
      repair: false,
      careen: false,
      provisionMonths: 0
    })
    const orders = await call('ships.orders', { shipId, pressGang: true, provisionMonths: 2 })
    expect(orders).toMatchObject({ recruit: true, pressGang: true, provisionMonths: 2 })
    expect(journal().at(-1)!.summary).toBe('Standing orders for the Test Ship: recruit, send out press gangs and keep 2 months of provisions')
    const page = await call('ports.get', { portId: port.id })
    expect(page.port.name).toBe('San Cristóbal')
    expect(page.ships).toHaveLength(1)
    expect(page.ships[0]).toMatchObject({ shipId, name: 'Test Ship', friendly: true, hands: 20, orders, month: { total: 280, payer: 'owners' } })
    // About 8 recruits and 8 pressed a week (1k1+2, 5.5 a die), 16 G of gear each.
    expect(page.ships[0]!.week.breakdown).toEqual([{ label: 'Gear for about 16 recruits', value: 256 }])
  })

  it("a GM's edit of a rule table changes what is charged (rules guide §2: rule tables are data, per campaign)", async () => {
    const a = await person('Allende')
    const shipId = await launched(shipDesign('merchantman'), [{ ownerId: a.ownerId, share: 100 }])
    const wages = (await call('rules.get', { table: 'crewWages' })).value as Record<string, number>
    await call('rules.set', { table: 'crewWages', value: { ...wages, sailor: 12 } })
    const upkeep = (await call('rules.get', { table: 'crewUpkeep' })).value as Record<string, unknown>
    await call('rules.set', { table: 'crewUpkeep', value: { ...upkeep, gearPerRecruit: 20 } })
    expect((await call('crew.hire', { houseRule: true, shipId, sailors: 10 })).gear).toBe(200)
    expect((await call('crew.get', { shipId })).monthly.wages).toBe(120)
  })

  it('rules guide §2 "Crew wages" (house default: marines paid as sailors): marines follow a new sailors’ wage while the table says so, and their own wage once it does not', async () => {
    const a = await person('Allende')
    const shipId = await launched(shipDesign('merchantman'), [{ ownerId: a.ownerId, share: 100 }])
    await call('crew.hire', { houseRule: true, shipId, sailors: 10, marines: 5 })
    const wages = (await call('rules.get', { table: 'crewWages' })).value as Record<string, unknown>
    expect(wages).toMatchObject({ sailor: 10, marine: 10, marinesAsSailors: true })
    await call('rules.set', { table: 'crewWages', value: { ...wages, sailor: 12 } })
    const marines = async () => (await call('crew.get', { shipId })).monthly.breakdown.find((t) => t.label.startsWith('Marines'))
    expect(await marines()).toEqual({ label: 'Marines: 5 × 12 (as sailors)', value: 60 })
    await call('rules.set', { table: 'crewWages', value: { ...wages, sailor: 12, marinesAsSailors: false, marine: 15 } })
    expect(await marines()).toEqual({ label: 'Marines: 5 × 15', value: 75 })
    // A table saved before the switch: marines follow the sailors only where both wages were the same.
    const { marinesAsSailors: _, ...old } = wages
    await call('rules.set', { table: 'crewWages', value: { ...old, sailor: 12, marine: 15 } })
    expect(await marines()).toEqual({ label: 'Marines: 5 × 15', value: 75 })
  })
})

describe('seed 003 I.2 CREW: "A ship\'s crew may be recruited at a rate of 1K1+2 men/women per week in a friendly port" (+1K1+2 by press gangs)', () => {
  it('hiring in port takes only the hands this week’s roll found; press gangs add theirs; the GM may hire now as a house rule, and the log says so', async () => {
    const a = await person('Allende')
    const shipId = await launched(shipDesign('merchantman'), [{ ownerId: a.ownerId, share: 100 }])
    // This week's recruiting: 1k1+2 with a 5 → 7 hands found.
    const first = await call('crew.hire', { shipId, sailors: 4, dice: [5] })
    expect(first).toMatchObject({ recruits: 4, houseRule: false, week: { left: 3, rolls: ['recruiting 1k1+2: 7'] } })
    // The same week: 3 are left; 5 more is refused at the field, and nothing changes.
    const before = snapshot()
    const e = await fail('crew.hire', { shipId, sailors: 5 })
    expect(e).toMatchObject({ code: 'rule', details: { field: 'sailors', left: 3, asked: 5 } })
    expect(e.message).toMatch(/has 3 hands left to sign on \(recruiting 1k1\+2: 7\), not 5\. Send out press gangs for more, wait for next week, or hire now as a house rule/)
    expect(snapshot()).toEqual(before)
    // Press gangs: another 1k1+2 (a 4 → 6): 3 + 6 = 9 left, 5 signed on.
    const pressed = await call('crew.hire', { shipId, sailors: 5, pressGang: true, dice: [4] })
    expect(pressed.week).toEqual({ left: 4, rolls: ['recruiting 1k1+2: 7', 'press gangs 1k1+2: 6'] })
    // The GM's override: hire now, house rule, named in the log and the ship's history.
    const now = await call('crew.hire', { shipId, sailors: 30, houseRule: true })
    expect(now).toMatchObject({ houseRule: true, week: null, roster: { hands: 39 } })
    expect(journal().at(-1)!.summary).toMatch(/^Signed on 30 sailors aboard the Test Ship.*\(hired now, house rule\)$/)
    // Next week: a new roll (a 2 → 4).
    await call('clock.advance', { days: 7 })
    const next = await call('crew.hire', { shipId, sailors: 4, dice: [2] })
    expect(next.week).toEqual({ left: 0, rolls: ['recruiting 1k1+2: 4'] })
  })

  it('wages a merchantman’s owners could not pay are owed to the crew and can be settled', async () => {
    const a = await person('Allende')
    const mate = await person('Ines', 'npc', 0)
    const shipId = await launched(shipDesign('merchantman'), [{ ownerId: a.ownerId, share: 100 }])
    await call('crew.hire', { shipId, sailors: 20, houseRule: true, officers: [{ role: 'firstMate', personId: mate.id, wage: 40 }] })
    await setCash(a.ownerId, 100)
    const next = (await call('upkeep.summary')).nextDay
    await call('clock.advance', { days: next - (await call('clock.now')).day })
    const r = await call('crew.get', { shipId })
    // 100 G collected: the first mate's 40 paid first, the rest of the month owed to the crew.
    expect(r.owed).toBeGreaterThan(0)
    expect(r.owedTo).toEqual([])
    expect(await cash(mate.ownerId)).toBe(40)
    const short = await fail('crew.settle', { shipId })
    expect(short).toMatchObject({ code: 'rule', details: { field: 'amount' } })
    await call('ledger.grant', { ownerId: a.ownerId, amount: 5_000, memo: 'Freight' })
    const before = await cash(a.ownerId)
    const out = await call('crew.settle', { shipId })
    expect(out).toMatchObject({ amount: r.owed, paidTo: [{ ownerId: WORLD_OWNER_ID, amount: r.owed }] })
    expect(await cash(a.ownerId)).toBe(before - r.owed)
    expect(out.roster!.owed).toBe(0)
    expect((await fail('crew.settle', { shipId })).message).toMatch(/owed nothing/)
  })
})
