/**
 * The Atrilian shipyard and an Atrilian ship's people through the one door (seed 002 §2, §7, §9.1,
 * §11.1, the FAQ; rules guide §3; issue 18): in an Atrilia campaign `ships.quote` and
 * `ships.commission` take the catalogue design, owners pay their shares in dinars, the clock launches
 * her after her weeks; marines, wizards, nation and crew quality are kept on her.
 */
import { describe, expect, it } from 'vitest'
import { afterBattle, battleProfileOf } from '../../src/main/atrilia/crew'
import type { AtrilianShipDetail, CommandOutput } from '../../src/shared/commands'
import type { AtrilianQuote } from '../../src/shared/atrilia/shipyard'
import { atriliaCampaignSessions, countRows, dumpCampaign, failureOf, issueFields, makeClock, makeSession, openSeededCampaign, shipDesign, type TestSession } from '../helpers'

let t: TestSession
atriliaCampaignSessions((s) => (t = s))

const db = () => t.session.campaign!.db
const call = ((name: string, input: unknown = {}) => t.door.call(name as never, input)) as (name: string, input?: unknown) => Promise<unknown>
const fail = (name: string, input: unknown) => failureOf(t.door, name, input)
const journal = () => db().prepare(`SELECT seq, command, summary, undone FROM journal ORDER BY seq`).all() as { summary: string }[]
const snapshot = () => ({ tables: dumpCampaign(db()), journal: journal(), steps: countRows(db(), 'undo_step') })
async function refusedWithoutChange(name: string, input: unknown) {
  const before = snapshot()
  const err = await fail(name, input)
  expect(snapshot()).toEqual(before)
  return err
}
const sheet = async (shipId: number) => (await call('ships.get', { shipId })) as AtrilianShipDetail

const GALLEY = { type: 'pheacianLargeGalley', improvements: { corvus: true, castle: true } }

async function twoOwners() {
  const a = (await call('people.create', { name: 'Admiral Nikandros', kind: 'pc' })) as { ownerId: number }
  const b = (await call('people.create', { name: 'Captain Thalia', kind: 'pc' })) as { ownerId: number }
  await call('ledger.grant', { ownerId: a.ownerId, amount: 12000, memo: 'purse' })
  await call('ledger.grant', { ownerId: b.ownerId, amount: 9000, memo: 'purse' })
  return [a.ownerId, b.ownerId] as const
}

describe('ships.quote in an Atrilia campaign', () => {
  it('seed 002 §2.1, §2.4: a Pheacian large galley with a corvus and a castle is 18,300 dinars, itemised, 28 days to build', async () => {
    const q = (await call('ships.quote', { design: GALLEY })) as AtrilianQuote
    expect(q.setting).toBe('atrilia')
    expect(q.lines.map((l) => [l.label, l.amount])).toEqual([
      ['Pheacian large galley', 15000],
      ['Corvus', 300],
      ['Ram (all galleys have rams: included in her price)', 0],
      ['Castle (1,000 × size 3)', 3000]
    ])
    expect(q.total).toBe(18300)
    expect(q.buildDays).toBe(28)
    expect(q.derived).toEqual({ size: 3, crew: 150, holdTons: 150, holdMen: 150, speedKmh: { min: 3, max: 14 }, travelKmPerDay: 102 })
  })

  it('refuses a Théah design at the field in an Atrilia campaign, and an Atrilian one in a Théah campaign', async () => {
    const err = await fail('ships.quote', { design: shipDesign('corsair') })
    expect(err.code).toBe('invalid_input')
    expect(issueFields(err)).toEqual(['design'])
    expect(err.message).toContain('Atrilia campaign')

    const theah = makeSession({ now: makeClock('2026-06-01T12:00:00.000Z').now })
    try {
      await openSeededCampaign(theah, { seed: 3, name: 'Théah' })
      const e2 = await failureOf(theah.door, 'ships.quote', { design: GALLEY })
      expect(issueFields(e2)).toEqual(['design'])
      expect(e2.message).toContain('Théah campaign')
      // A crew nation and quality belong to an Atrilian order only.
      const who = (await theah.door.call('people.create', { name: 'Anne', kind: 'pc' })) as { ownerId: number }
      const e3 = await failureOf(theah.door, 'ships.commission', { design: shipDesign('corsair'), name: 'Wasp', owners: [{ ownerId: who.ownerId, share: 100 }], crew: { quality: 3 } })
      expect(issueFields(e3)).toEqual(['crew'])
    } finally {
      await theah.cleanup()
    }
  })

  it('a malformed Atrilian design is refused naming what is wrong', async () => {
    const err = await fail('ships.quote', { design: { type: 'trireme', improvements: {} } })
    expect(err.code).toBe('invalid_input')
    expect(err.message).toContain('an Atrilian design')
    expect(err.message).toContain('type')
  })
})

describe('ships.commission in an Atrilia campaign', () => {
  it('charges two owners their shares in dinars, lays her down, launches her by the clock after four weeks, manned, green and Pheacian', async () => {
    const [a, b] = await twoOwners()
    const port = (await call('ports.create', { name: 'al-Zabdiyat', nation: 'Pheacia' })) as { id: number }
    const out = (await call('ships.commission', { design: GALLEY, name: 'Nike', owners: [{ ownerId: a, share: 60 }, { ownerId: b, share: 40 }], portId: port.id })) as Extract<
      CommandOutput<'ships.commission'>,
      { setting: 'atrilia' }
    >
    expect(out.total).toBe(18300)
    expect(out.buildDays).toBe(28)
    expect(out.charged.map((c) => c.fromCash + c.fromShipFund)).toEqual([10980, 7320])
    expect(out.builtAt).toMatchObject({ name: 'al-Zabdiyat' })
    expect(journal().at(-1)!.summary).toBe(
      'Commissioned the Nike, a Pheacian large galley, for 18,300 dinars paid by Admiral Nikandros (60%) and Captain Thalia (40%); to be launched in al-Zabdiyat on ' + out.launchLabel
    )
    const money = (await call('ledger.balance', { ownerId: a })) as { cash: number }
    expect(money.cash).toBe(12000 - 10980)

    let s = await sheet(out.shipId)
    expect(s.setting).toBe('atrilia')
    expect(s.status).toBe('construction')
    expect(s.atrilianType).toBe('Pheacian large galley')
    expect(s.crew).toMatchObject({ sailors: 150, crewNeeded: 150, marines: 0, marineRoom: 6, nation: 'pheacian', quality: 2, qualityName: 'Green', characteristic: '+1 to naval repair' })

    await call('clock.advance', { days: 27 })
    expect((await sheet(out.shipId)).status).toBe('construction')
    await call('clock.advance', { days: 1 })
    s = await sheet(out.shipId)
    expect(s.status).toBe('port')
    expect(s.location).toBe('al-Zabdiyat')
    expect(s.history.at(-1)!.text).toBe('Launched: the Nike is afloat and in port in al-Zabdiyat')
    // Her port's page lists her (Théah's standing orders are not hers), and the Dashboard's upkeep reads without her.
    const page = (await call('ports.get', { portId: port.id })) as { port: { ships: { name: string }[] }; ships: unknown[] }
    expect(page.port.ships.map((x) => x.name)).toEqual(['Nike'])
    expect(page.ships).toEqual([])
    await call('upkeep.summary', {})
    const list = (await call('ships.list', {})) as { name: string; hull: unknown; atrilianType: string }[]
    expect(list[0]).toMatchObject({ name: 'Nike', hull: null, atrilianType: 'Pheacian large galley' })
  })

  it('refuses a design that breaks a rule (a baghla with a ram), changing nothing', async () => {
    const [a] = await twoOwners()
    const err = await refusedWithoutChange('ships.commission', { design: { type: 'baghla', improved: true, improvements: { ram: true } }, name: 'Dhow', owners: [{ ownerId: a, share: 100 }] })
    expect(err.code).toBe('rule')
    expect(err.message).toContain('Baghlas cannot have rams')
  })

  it('refuses an owner who cannot pay, in dinars, changing nothing', async () => {
    const [, b] = await twoOwners()
    const err = await refusedWithoutChange('ships.commission', { design: GALLEY, name: 'Nike', owners: [{ ownerId: b, share: 100 }] })
    expect(err.message).toContain('9,300 dinars short')
  })

  it('keeps a month of clock running with an Atrilian ship afloat: Théah upkeep passes her by', async () => {
    const [a] = await twoOwners()
    await call('ships.commission', { design: { type: 'sambuk' }, name: 'Salt', owners: [{ ownerId: a, share: 100 }] })
    const out = (await call('clock.advance', { days: 60 })) as { to: { day: number } }
    expect(out.to.day).toBeGreaterThan(59)
    const err = await fail('crew.get', { shipId: 1 })
    expect(err.message).toContain('is an Atrilian ship')
  })
})

describe("an Atrilian ship's marines, wizards, nation and quality", () => {
  async function nike() {
    const [a, b] = await twoOwners()
    const out = (await call('ships.commission', { design: GALLEY, name: 'Nike', owners: [{ ownerId: a, share: 60 }, { ownerId: b, share: 40 }] })) as { shipId: number }
    return out.shipId
  }

  it('rules guide §3: embarks marines in points of 25 men within the hold, and refuses more at the field', async () => {
    const id = await nike()
    const c = (await call('crew.embark', { shipId: id, marines: 4 })) as AtrilianShipDetail['crew']
    expect([c.marines, c.marineMen, c.marineRoom]).toEqual([4, 100, 6])
    const err = await refusedWithoutChange('crew.embark', { shipId: id, marines: 3 })
    expect(issueFields(err)).toEqual(['marines'])
    expect(err.message).toContain('takes 6 points of marines')
  })

  it("rules guide §3: one Atrilian voyages table for the whole campaign: its hours a day give the quote's day's run, its men a point the marines a hold takes", async () => {
    const id = await nike()
    await call('rules.set', { table: 'voyagesAtrilia', value: { hoursPerDay: 10, menPerMarinePoint: 30 } })
    const q = (await call('ships.quote', { design: GALLEY })) as AtrilianQuote
    // 3–14 km/h: midpoint 8.5 × 10 hours = 85 km, as the voyage sails it (tests/unit/voyage-atrilia.test.ts).
    expect(q.derived.travelKmPerDay).toBe(85)
    expect(q.breakdown.travelKmPerDay!.reduce((n, t) => n + t.value, 0)).toBe(85)
    // Her hold's 150 men at 30 a point: 5 points, not the 6 of the default 25.
    const c = (await call('crew.embark', { shipId: id, marines: 5 })) as AtrilianShipDetail['crew']
    expect([c.marines, c.marineMen, c.marineRoom, c.menPerPoint]).toEqual([5, 150, 5, 30])
    const err = await refusedWithoutChange('crew.embark', { shipId: id, marines: 1 })
    expect(issueFields(err)).toEqual(['marines'])
  })

  it('seed 002 §9.1: wizards only amongst marines, of one kind; landing the last marines lands the wizards', async () => {
    const id = await nike()
    const err = await refusedWithoutChange('crew.embark', { shipId: id, wizards: { kind: 'sea', count: 1 } })
    expect(issueFields(err)).toEqual(['wizards'])
    await call('crew.embark', { shipId: id, marines: 2, wizards: { kind: 'sea', count: 1 } })
    const e2 = await refusedWithoutChange('crew.embark', { shipId: id, wizards: { kind: 'fire', count: 1 } })
    expect(issueFields(e2)).toEqual(['wizards.kind'])
    let c = (await call('crew.land', { shipId: id, marines: 1 })) as AtrilianShipDetail['crew']
    expect([c.marines, c.wizards]).toEqual([1, { kind: 'sea', count: 1 }])
    c = (await call('crew.land', { shipId: id, marines: 1 })) as AtrilianShipDetail['crew']
    expect([c.marines, c.wizards]).toEqual([0, null])
    expect((await sheet(id)).history.at(-1)!.text).toContain('Landed 1 point of marines and 1 sea wizard (wizards ride amongst the marines')
  })

  it('seed 002 §11.1: sets her nation and shows its characteristic; the GM sets and holds quality', async () => {
    const id = await nike()
    let c = (await call('crew.setNationality', { shipId: id, nation: 'gyptian' })) as AtrilianShipDetail['crew']
    expect([c.nationName, c.characteristic]).toEqual(['Gyptian', '+1 in boardings'])
    c = (await call('crew.setQuality', { shipId: id, quality: 4, held: true })) as AtrilianShipDetail['crew']
    expect([c.quality, c.qualityName, c.qualityHeld]).toEqual([4, 'Elite', true])
    const err = await refusedWithoutChange('crew.setQuality', { shipId: id, quality: 5 })
    expect(issueFields(err)).toEqual(['quality'])
  })

  it('seed 002 FAQ: after a battle a green crew becomes veteran (what the battle write-back calls)', async () => {
    const id = await nike()
    const out = afterBattle(db(), id, { survived: true })
    expect(out).toMatchObject({ quality: 3, battles: 1, changed: true })
    expect((await sheet(id)).crew).toMatchObject({ quality: 3, qualityName: 'Veteran', battles: 1 })
  })

  it('seed 002 §2.4, §9.1: what she brings to a hex battle, from her sheet', async () => {
    const id = await nike()
    await call('crew.embark', { shipId: id, marines: 2, wizards: { kind: 'sea', count: 1 } })
    expect(battleProfileOf(db(), id)).toMatchObject({ type: 'pheacianLargeGalley', size: 3, crewQuality: 2, nation: 'pheacian', ram: true, corvus: true, castle: true, marines: 2, wizards: 'sea' })
  })

  it('undo takes back a commission: the ship, her Atrilian row and the owners’ payments', async () => {
    const [a, b] = await twoOwners()
    const mid = snapshot().tables
    await call('ships.commission', { design: GALLEY, name: 'Nike', owners: [{ ownerId: a, share: 60 }, { ownerId: b, share: 40 }] })
    expect(db().prepare('SELECT COUNT(*) AS n FROM atrilian_ship').get()).toEqual({ n: 1 })
    await call('history.undo', {})
    expect(snapshot().tables).toEqual(mid)
  })

  it('undo takes back an embarkation', async () => {
    const id = await nike()
    await call('crew.embark', { shipId: id, marines: 2 })
    await call('history.undo', {})
    expect((await sheet(id)).crew.marines).toBe(0)
  })
})
