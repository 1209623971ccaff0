import { existsSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  buildSampleCampaign,
  SAMPLE_CREATED_AT,
  SAMPLE_FILE_NAME,
  SAMPLE_NAME,
  SAMPLE_UUID
} from '../../resources/sample/tortuga-run'
import { LATEST_SCHEMA } from '../../src/main/campaign/migrations'
import { errorOf, expectSampleBuildsAlike, expectSampleRefusesOverwrite, makeSession, makeTempDir, type TestSession } from '../helpers'

let dir: string
beforeEach(() => {
  dir = makeTempDir('quarterdeck-sample-test-')
})
afterEach(() => {
  rmSync(dir, { recursive: true, force: true })
})

describe('the sample campaign', () => {
  it('two builds give identical campaign rows, an empty journal and the newest schema, byte for byte', async () => {
    expect(SAMPLE_NAME).toBe('The Tortuga Run')
    await expectSampleBuildsAlike(buildSampleCampaign, dir, { id: 1, uuid: SAMPLE_UUID, name: SAMPLE_NAME, setting: 'theah', created_at: SAMPLE_CREATED_AT })
  })

  it('holds the crew of the Tortuga Run with their purses, their ship funds spent on their ships (seed 003: 600 G a hero point)', async () => {
    const a = join(dir, 'crew.quarterdeck')
    await buildSampleCampaign(a)
    const t = makeSession()
    try {
      await t.door.call('campaigns.open', { path: a })
      const people = await t.door.call('people.list', {})
      expect(people.map((p) => p.name).sort()).toEqual(['Allende de Zepeda', 'Marcel du Sable', 'Old Tom Hollis', 'Yngvild Olafsdottir'])
      const allende = people.find((p) => p.name === 'Allende de Zepeda')!
      // 1,200 purse + 3,000 prize − the 3,108 of her 9,108 share the 6,000 ship fund did not cover
      // (1,092), + a 2,000 freight advance − 60% of the Santa Lucia's crew gear (1,152) and provisions (586).
      expect(allende.money).toEqual({ cash: 1354, shipFund: 0 })
      expect(allende.heroPointsSpent).toBe(10)
      const money = Object.fromEntries(people.map((p) => [p.name, p.money]))
      expect(money).toEqual({
        'Allende de Zepeda': { cash: 1354, shipFund: 0 },
        // 378 + 1,000 advance − 768 gear − 390 provisions (her 40%).
        'Yngvild Olafsdottir': { cash: 220, shipFund: 0 },
        'Marcel du Sable': { cash: 410, shipFund: 0 },
        'Old Tom Hollis': { cash: 450, shipFund: 0 }
      })
      // The launch reminders are past: the Dashboard shows what lies ahead.
      expect((await t.door.call('reminders.list', {})).map((r) => [r.title, r.inDays])).toEqual([
        ['Sail for Tortuga before the autumn storms', 45],
        ['Debt to the Vodacce moneylender falls due', 90]
      ])
      // Nothing to undo: the GM starts from a clean slate.
      expect((await t.door.call('history.list', {})).canUndo).toBe(false)
    } finally {
      await t.cleanup()
    }
  })

  it('seed 003 I: holds two launched ships — the Santa Lucia, owned jointly and paid partly from ship funds, and Marcel\'s Sea Dog', async () => {
    const a = join(dir, 'ships.quarterdeck')
    await buildSampleCampaign(a)
    const t = makeSession()
    try {
      await t.door.call('campaigns.open', { path: a })
      // A few months in: a week after the Santa Lucia was launched.
      expect((await t.door.call('clock.now')).label).toBe('Saturdi, 8 Quartus 1668 AV')
      const ships = await t.door.call('ships.list')
      expect(ships.map((s) => ({ name: s.name, hull: s.hull, status: s.status, cost: s.cost, owners: s.owners.map((o) => [o.name, o.share]) }))).toEqual([
        {
          name: 'Santa Lucia',
          hull: 'merchantman',
          status: 'port',
          cost: 15180,
          owners: [
            ['Allende de Zepeda', 60],
            ['Yngvild Olafsdottir', 40]
          ]
        },
        { name: 'Sea Dog', hull: 'corsair', status: 'port', cost: 9740, owners: [['Marcel du Sable', 100]] }
      ])
      for (const s of ships) {
        const ship = await t.door.call('ships.get', { shipId: s.id })
        expect(ship.quote.problems).toEqual([])
        expect(ship.history.map((h) => h.text.split(':')[0]).slice(0, 2)).toEqual([expect.stringMatching(/^Ordered at the shipyard/), 'Launched'])
      }
      // The Santa Lucia's 15,180 G: 9,108 from Allende (6,000 ship fund + 3,108 cash), 6,072 from Yngvild (3,000 + 3,072).
      const tx = (await t.door.call('ledger.history', { search: 'Building the Santa Lucia', limit: 5, offset: 0 })).transactions
      expect(tx).toHaveLength(1)
      expect(tx[0]!.lines.map((l) => [l.ownerName, l.account, l.amount])).toEqual([
        ['Allende de Zepeda', 'shipFund', -6000],
        ['Allende de Zepeda', 'cash', -3108],
        ['Yngvild Olafsdottir', 'shipFund', -3000],
        ['Yngvild Olafsdottir', 'cash', -3072],
        ['The outside world', 'cash', 15180]
      ])
      // Both launches are in the clock log.
      const launches = (await t.door.call('clock.log', { limit: 50 })).filter((l) => l.step === 'ship-launch')
      expect(launches.map((l) => [l.dateLabel, l.effects])).toEqual([
        ['Saturdi, 1 Quartus 1668 AV', ['The Santa Lucia is launched']],
        ['Veldi, 1 Tertius 1668 AV', ['The Sea Dog is launched']]
      ])
    } finally {
      await t.cleanup()
    }
  })

  it("issue 6: ports, and both ships crewed, officered, provisioned and placed (seed 003 I.2 Crew; V Trained Fighters)", async () => {
    const a = join(dir, 'crews.quarterdeck')
    await buildSampleCampaign(a)
    const t = makeSession()
    try {
      await t.door.call('campaigns.open', { path: a })
      const ports = await t.door.call('ports.list')
      const first = ports.filter((p) => ['La Bucca', 'Port Renard', 'San Cristóbal'].includes(p.name))
      expect(first.map((p) => [p.name, p.nation, p.major, p.colonial, p.pirateHaven, p.ships.map((s) => s.name)])).toEqual([
        ['La Bucca', '', false, true, true, ['Sea Dog']],
        ['Port Renard', 'Montaigne', false, true, false, []],
        ['San Cristóbal', 'Castille', true, false, false, ['Santa Lucia']]
      ])
      const [lucia, dog] = await t.door.call('ships.list')
      const l = await t.door.call('crew.get', { shipId: lucia!.id })
      expect(l).toMatchObject({ kind: 'merchant', nation: 'Castille', hands: 120, sailors: 120, marines: 0, payer: 'owners', canSail: true, owed: 0 })
      expect(l.place).toMatchObject({ portName: 'San Cristóbal', friendly: true })
      expect(l.officers.map((o) => [o.name, o.role])).toEqual([
        ['Allende de Zepeda', 'captain'],
        ['Yngvild Olafsdottir', 'masterOTops']
      ])
      expect(l.provisions).toMatchObject({ eaters: 122, weeksLeft: 8 })
      const d = await t.door.call('crew.get', { shipId: dog!.id })
      expect(d).toMatchObject({ kind: 'pirate', hands: 90, sailors: 80, marines: 10, payer: 'booty' })
      expect(d.officers.map((o) => [o.name, o.role, o.wage])).toEqual([
        ['Marcel du Sable', 'gunner', 0],
        ['Old Tom Hollis', 'purser', 30]
      ])
      // A pirate crew: all Trained Fighters (seed 003 V); gear and provisions owed from the next booty.
      expect(d.trainedFighters.total).toBe(92)
      expect(d.owed).toBe(90 * 16 + 92 * 4)
      expect(d.orders).toMatchObject({ recruit: true, pressGang: true, recruitUpTo: 96, provisionMonths: 1 })
    } finally {
      await t.cleanup()
    }
  })

  it('issue 7: a Théah chart — a dozen ports of several nations placed, sea areas of every water kind, routes with measured distances', async () => {
    const a = join(dir, 'chart.quarterdeck')
    await buildSampleCampaign(a)
    const t = makeSession()
    try {
      await t.door.call('campaigns.open', { path: a })
      const chart = await t.door.call('chart.get')
      expect(chart.ports).toHaveLength(12)
      expect(chart.ports.every((p) => p.x !== null && p.y !== null)).toBe(true)
      expect(new Set(chart.ports.map((p) => p.nation).filter(Boolean))).toEqual(new Set(['Castille', 'Montaigne', 'Avalon', 'Vendel', 'Eisen', 'Vodacce']))
      expect(chart.ports.find((p) => p.name === 'La Bucca')).toMatchObject({ pirateHaven: true })
      expect(new Set(chart.areas.map((x) => x.kind))).toEqual(new Set(['continental', 'colonial', 'coastal', 'seaLane', 'uncharted']))
      expect(chart.routes.length).toBeGreaterThanOrEqual(15)
      const crossing = chart.routes.find((r) => r.fromName === 'San Cristóbal' && r.toName === 'La Bucca')!
      expect(crossing).toMatchObject({ measuredNm: 1416, distanceNm: 1416, distanceOverride: null })
      expect(chart.ships.map((s) => [s.name, s.x, s.y])).toEqual([
        ['Santa Lucia', 1050, 700],
        ['Sea Dog', 350, 600]
      ])
      expect(await t.door.call('drama.get')).toEqual({ gm: 3, eventChancePerWeek: 0 })
    } finally {
      await t.cleanup()
    }
  })

  it('refuses to build over an existing file', async () => {
    await expectSampleRefusesOverwrite(buildSampleCampaign, dir)
  })

  describe('campaigns.openSample', () => {
    let t: TestSession
    let builds: string[]
    beforeEach(() => {
      builds = []
      t = makeSession({
        sample: {
          fileName: SAMPLE_FILE_NAME,
          build: async (p) => {
            builds.push(p)
            await buildSampleCampaign(p)
          }
        }
      })
    })
    afterEach(async () => {
      await t.cleanup()
    })

    it('makes the sample in the campaigns folder and opens it; the GM starts with nothing to undo', async () => {
      const status = await t.door.call('campaigns.openSample')
      const path = join(t.campaignsDir, SAMPLE_FILE_NAME)
      expect(builds).toEqual([path])
      expect(status.campaign).toEqual({ path, fileName: SAMPLE_FILE_NAME, name: 'The Tortuga Run', setting: 'theah', readOnly: false })
      expect(await t.door.call('campaign.info')).toEqual({
        name: 'The Tortuga Run',
        setting: 'theah',
        schemaVersion: LATEST_SCHEMA,
        createdAt: SAMPLE_CREATED_AT
      })
      expect(await t.door.call('history.list', {})).toEqual({ entries: [], total: 0, canUndo: false, canRedo: false })
      expect(errorOf(await t.door.invoke('history.undo', {}, 'internal')).code).toBe('rule')
      expect((await t.door.call('campaigns.recent')).map((r) => r.path)).toEqual([path])
    })

    it('a second openSample reuses the file, changes and all', async () => {
      await t.door.call('campaigns.openSample')
      const path = join(t.campaignsDir, SAMPLE_FILE_NAME)
      await t.door.call('campaign.rename', { name: 'My Tortuga Run' })
      await t.door.call('campaigns.close')
      const inode = statSync(path).ino

      const again = await t.door.call('campaigns.openSample')
      expect(builds).toHaveLength(1)
      expect(statSync(path).ino).toBe(inode)
      expect(again.campaign).toMatchObject({ path, name: 'My Tortuga Run' })
      // Its history carried over as well.
      await t.door.call('history.undo')
      expect((await t.door.call('campaign.info')).name).toBe('The Tortuga Run')
    })

    it('works over HTTP too (no path is given, so confinement does not get in the way)', async () => {
      const out = await t.door.invoke('campaigns.openSample', {}, 'http')
      expect(out.ok).toBe(true)
      expect(t.session.campaign!.path).toBe(join(t.campaignsDir, SAMPLE_FILE_NAME))
    })

    it('without a sample script, openSample is an internal error and nothing is made', async () => {
      const bare = makeSession()
      try {
        const err = errorOf(await bare.door.invoke('campaigns.openSample', {}, 'internal'))
        expect(err.code).toBe('internal')
        expect(existsSync(join(bare.campaignsDir, SAMPLE_FILE_NAME))).toBe(false)
      } finally {
        await bare.cleanup()
      }
    })
  })
})
