/**
 * The Atrilian sample campaign, "The al-Zabdiyat Campaign" (issue 18; seed 002 §2, §9.1, §11.1, §12;
 * rules guide §3: "a Pheacian fleet of galleys vs a Meshuesh fleet, equal points of 'war gaming size'").
 */
import { existsSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  ATRILIA_SAMPLE_CREATED_AT,
  ATRILIA_SAMPLE_FILE_NAME,
  ATRILIA_SAMPLE_NAME,
  ATRILIA_SAMPLE_UUID,
  buildAtriliaSampleCampaign
} from '../../resources/sample/al-zabdiyat'
import { buildSampleCampaign, SAMPLE_FILE_NAME } from '../../resources/sample/tortuga-run'
import type { AtrilianShipDetail } from '../../src/shared/commands'
import { SAMPLE_CAMPAIGNS } from '../../src/shared/commands/samples'
import { ATRILIA_CHART } from '../../src/shared/voyage/atrilia-chart'
import { errorOf, expectSampleBuildsAlike, expectSampleRefusesOverwrite, makeSession, makeTempDir, type TestSession } from '../helpers'

let dir: string
beforeAll(() => {
  dir = makeTempDir('quarterdeck-atrilia-sample-test-')
})
afterAll(() => {
  rmSync(dir, { recursive: true, force: true })
})

describe('the al-Zabdiyat Campaign is made like the Tortuga Run', () => {
  it('two builds give identical campaign rows, an empty journal and the newest schema, byte for byte', async () => {
    await expectSampleBuildsAlike(buildAtriliaSampleCampaign, dir, {
      id: 1,
      uuid: ATRILIA_SAMPLE_UUID,
      name: 'The al-Zabdiyat Campaign',
      setting: 'atrilia',
      created_at: ATRILIA_SAMPLE_CREATED_AT
    })
  })

  it('refuses to build over an existing file', async () => {
    await expectSampleRefusesOverwrite(buildAtriliaSampleCampaign, dir)
  })
})

describe('what the al-Zabdiyat Campaign holds', () => {
  let t: TestSession
  let ships: AtrilianShipDetail[]
  const PHEACIANS = ['Nikandros of the Pheacians', 'Thalia'] as const
  const MESHUESH = ['Osorkon, Great Chief of the Meshuesh', 'Takelot'] as const
  const ownedBy = (names: readonly string[]) => ships.filter((s) => s.owners.every((o) => names.includes(o.name)))
  const ship = (name: string) => ships.find((s) => s.name === name)!

  beforeAll(async () => {
    const path = join(dir, 'holds.quarterdeck')
    await buildAtriliaSampleCampaign(path)
    t = makeSession()
    await t.door.call('campaigns.open', { path })
    ships = []
    for (const s of await t.door.call('ships.list')) ships.push((await t.door.call('ships.get', { shipId: s.id })) as unknown as AtrilianShipDetail)
  })
  afterAll(async () => {
    await t.cleanup()
  })

  it('rules guide §3: a Pheacian fleet of galleys and a Meshuesh squadron, of equal war-gaming size (7 a side)', () => {
    expect(ships.every((s) => s.setting === 'atrilia')).toBe(true)
    const pheacian = ownedBy(PHEACIANS)
    const meshuesh = ownedBy(MESHUESH)
    expect(pheacian.length + meshuesh.length).toBe(ships.length)
    expect(pheacian.map((s) => [s.name, s.atrilianType, s.quote.derived.size])).toEqual([
      ['Thalassa', 'Pheacian large galley', 3],
      ['Skylla', 'Small galley', 2],
      ['Phaiax', 'Liburnian galley', 1],
      ['Kerkyra', 'Liburnian galley', 1]
    ])
    expect(meshuesh.map((s) => [s.name, s.atrilianType, s.quote.derived.size])).toEqual([
      ['Wadj-wer', 'Gyptian or Meshuesh large galley', 3],
      ['Sekhmet', 'Small galley', 2],
      ['Apophis', 'Small galley', 2]
    ])
    const size = (list: AtrilianShipDetail[]) => list.reduce((n, s) => n + s.quote.derived.size, 0)
    expect(size(pheacian)).toBe(7)
    expect(size(meshuesh)).toBe(size(pheacian))
  })

  it('seed 002 §2.1, §2.4: each ship is priced by the catalogue in dinars with her improvements, and owned in shares', () => {
    const lines = (name: string) => ship(name).quote.lines.filter((l) => l.amount > 0).map((l) => [l.label, l.amount])
    expect(lines('Thalassa')).toEqual([
      ['Pheacian large galley', 15000],
      ['Corvus', 300],
      ['Castle (1,000 × size 3)', 3000]
    ])
    expect(lines('Wadj-wer')).toEqual([
      ['Gyptian or Meshuesh large galley', 12500],
      ['Catapult', 800],
      ['Castle (1,000 × size 3)', 3000]
    ])
    expect(ships.map((s) => [s.name, s.quote.total])).toEqual([
      ['Thalassa', 18300],
      ['Skylla', 7800],
      ['Phaiax', 7500],
      ['Kerkyra', 8100],
      ['Wadj-wer', 16300],
      ['Sekhmet', 8100],
      ['Apophis', 7800]
    ])
    for (const s of ships) expect(s.quote.problems).toEqual([])
    expect(ship('Thalassa').owners.map((o) => [o.name, o.share])).toEqual([
      [PHEACIANS[0], 60],
      [PHEACIANS[1], 40]
    ])
    expect(ship('Wadj-wer').owners.map((o) => [o.name, o.share])).toEqual([
      [MESHUESH[0], 70],
      [MESHUESH[1], 30]
    ])
  })

  it('seed 002 §2: every ship was launched by the clock after her build weeks, the Pheacians in port, the Meshuesh at sea', () => {
    for (const s of ships) {
      expect(s.history.map((h) => h.text.split(':')[0])).toContain('Launched')
      const launched = s.history.find((h) => h.text.startsWith('Launched'))!
      expect(launched.day - s.orderedDay!).toBe(s.quote.buildDays)
    }
    expect(ownedBy(PHEACIANS).map((s) => [s.status, s.location])).toEqual(Array(4).fill(['port', 'Pheacian harbour']))
    expect(ownedBy(MESHUESH).map((s) => s.status)).toEqual(['sea', 'sea', 'sea'])
  })

  it('seed 002 §2, §9.1, §11.1, the FAQ: crews manned, marines and wizards aboard, nations and qualities set', () => {
    const crews = ships.map((s) => [s.name, s.crew.sailors, s.crew.crewNeeded, s.crew.marines, s.crew.wizards, s.crew.nation, s.crew.qualityName])
    expect(crews).toEqual([
      ['Thalassa', 150, 150, 4, null, 'pheacian', 'Veteran'],
      ['Skylla', 100, 100, 2, null, 'pheacian', 'Green'],
      ['Phaiax', 50, 50, 2, { kind: 'sea', count: 1 }, 'liburnian', 'Veteran'],
      // Five oarsmen short: she waits in port for more (a reminder says so).
      ['Kerkyra', 45, 50, 1, null, 'pheacian', 'Green'],
      ['Wadj-wer', 200, 200, 4, null, 'meshuesh', 'Veteran'],
      ['Sekhmet', 100, 100, 2, { kind: 'fire', count: 1 }, 'haranese', 'Green'],
      ['Apophis', 100, 100, 2, null, 'meshuesh', 'Slave']
    ])
    // Every ship's marines fit her hold (rules guide §3: 25 men a point).
    for (const s of ships) expect(s.crew.marines).toBeLessThanOrEqual(s.crew.marineRoom)
    expect(ship('Phaiax').crew.characteristic).toBe("+1 to sea wizards' combat rolls")
    expect(ship('Sekhmet').crew.characteristic).toBe("+1 to fire wizards' combat rolls")
  })

  it('the ledger: purses in dinars, every transaction balanced, each balance the sum of its lines, the fleets paid share by share', async () => {
    const all = (await t.door.call('ledger.history', { limit: 1000, offset: 0 })).transactions
    for (const tx of all) expect(tx.lines.reduce((n, l) => n + l.amount, 0), tx.memo).toBe(0)
    const people = await t.door.call('people.list', {})
    expect(people.map((p) => p.name).sort()).toEqual([...PHEACIANS, ...MESHUESH].sort())
    for (const p of people) {
      const lines = all.flatMap((tx) => tx.lines.filter((l) => l.ownerId === p.ownerId && l.account === 'cash'))
      const balance = await t.door.call('ledger.balance', { ownerId: p.ownerId })
      expect(balance.cash, p.name).toBe(lines.reduce((n, l) => n + l.amount, 0))
      expect(balance, p.name).toEqual(p.money)
      expect(p.money.cash, `${p.name} has money left for wages`).toBeGreaterThan(0)
    }
    const purses = all.filter((tx) => tx.memo === 'Starting purse').flatMap((tx) => tx.lines.filter((l) => l.account === 'cash' && l.amount > 0))
    expect(Object.fromEntries(purses.map((l) => [l.ownerName, l.amount]))).toEqual({
      [PHEACIANS[0]]: 44000,
      [PHEACIANS[1]]: 16000,
      [MESHUESH[0]]: 32000,
      [MESHUESH[1]]: 20000
    })
    // Each ship's price left her owners' cash in their shares.
    for (const s of ships) {
      const tx = all.filter((x) => x.lines.some((l) => l.amount < 0) && x.memo.includes(s.name) && x.command === 'ships.commission')
      expect(tx, s.name).toHaveLength(1)
      const paid = tx[0]!.lines.filter((l) => l.amount < 0)
      expect(paid.map((l) => [l.ownerName, -l.amount])).toEqual(s.owners.map((o) => [o.name, (s.quote.total * o.share) / 100]))
    }
    // All the dinars: the purses are what the owners hold plus what the yards were paid.
    const held = people.reduce((n, p) => n + p.money.cash, 0)
    const yards = ships.reduce((n, s) => n + s.quote.total, 0)
    expect(yards).toBe(41700 + 32200)
    const other = all.filter((tx) => tx.memo !== 'Starting purse' && tx.command !== 'ships.commission' && tx.command !== 'ledger.transfer')
    const otherCash = other.flatMap((tx) => tx.lines.filter((l) => l.account === 'cash' && people.some((p) => p.ownerId === l.ownerId))).reduce((n, l) => n + l.amount, 0)
    expect(held).toBe(112000 - yards + otherCash)
  })

  it('the coasts around al-Zabdiyat in km, drawn as the chart template draws them; each fleet’s harbour friendly to its players', async () => {
    const chart = await t.door.call('chart.get')
    expect(chart.settings.unit).toBe('km')
    expect(chart.ports.map((p) => [p.name, p.x, p.y]).sort()).toEqual(ATRILIA_CHART.ports.map((p) => [p.name, p.x, p.y]).sort())
    expect(chart.routes).toHaveLength(ATRILIA_CHART.routes.length)
    expect(chart.areas).toHaveLength(ATRILIA_CHART.areas.length)
    const ports = await t.door.call('ports.list')
    const pheacian = ports.find((p) => p.name === 'Pheacian harbour')!
    expect(pheacian.ships.map((s) => s.name)).toEqual(['Thalassa', 'Skylla', 'Phaiax', 'Kerkyra'])
    expect(pheacian.friendlyTo.owners.map((o) => o.name)).toEqual([...PHEACIANS])
    expect(ports.find((p) => p.name === 'Meshuesh harbour')!.friendlyTo.owners.map((o) => o.name)).toEqual([...MESHUESH])
  })

  it('seed 002 §12: the Meshuesh squadron is under way for al-Zabdiyat, a day out at the slowest ship’s 90 km', async () => {
    const [v, ...more] = await t.door.call('voyages.list')
    expect(more).toEqual([])
    expect(v).toMatchObject({ status: 'atSea', from: 'Meshuesh harbour', to: 'al-Zabdiyat', ships: ['Wadj-wer', 'Sekhmet', 'Apophis'], unit: 'km', sailedNm: 90 })
    expect((await t.door.call('reminders.list', {})).map((r) => [r.title, r.inDays])).toEqual([
      ['The Meshuesh squadron raises al-Zabdiyat: do the Pheacians sail to meet it?', 1],
      ['New oarsmen for the Kerkyra in the Pheacian harbour', 7]
    ])
    expect((await t.door.call('history.list', {})).canUndo).toBe(false)
  })
})

describe('campaigns.openSample with a sample id', () => {
  let t: TestSession
  let builds: string[]
  beforeEach(() => {
    builds = []
    t = makeSession({
      samples: {
        tortugaRun: { fileName: SAMPLE_FILE_NAME, build: async (p) => (builds.push(p), buildSampleCampaign(p)) },
        alZabdiyat: { fileName: ATRILIA_SAMPLE_FILE_NAME, build: async (p) => (builds.push(p), buildAtriliaSampleCampaign(p)) }
      }
    })
  })
  afterEach(async () => {
    await t.cleanup()
  })

  it('opens the al-Zabdiyat Campaign by its id, made in the campaigns folder; without an id the Tortuga Run', async () => {
    const status = await t.door.call('campaigns.openSample', { sample: 'alZabdiyat' })
    const path = join(t.campaignsDir, ATRILIA_SAMPLE_FILE_NAME)
    expect(status.campaign).toEqual({ path, fileName: ATRILIA_SAMPLE_FILE_NAME, name: ATRILIA_SAMPLE_NAME, setting: 'atrilia', readOnly: false })
    expect(builds).toEqual([path])
    expect(await t.door.call('history.list', {})).toEqual({ entries: [], total: 0, canUndo: false, canRedo: false })
    const tortuga = await t.door.call('campaigns.openSample')
    expect(tortuga.campaign).toMatchObject({ name: 'The Tortuga Run', setting: 'theah' })
    // Opening it again reuses the file.
    await t.door.call('campaigns.openSample', { sample: 'alZabdiyat' })
    expect(builds).toHaveLength(2)
    expect((await t.door.call('campaigns.recent')).map((r) => r.name)).toEqual([ATRILIA_SAMPLE_NAME, 'The Tortuga Run'])
  })

  it('over HTTP too; an unknown sample is refused at the field, opening nothing', async () => {
    expect((await t.door.invoke('campaigns.openSample', { sample: 'alZabdiyat' }, 'http')).ok).toBe(true)
    await t.door.call('campaigns.close')
    const err = errorOf(await t.door.invoke('campaigns.openSample', { sample: 'theSpanishMain' }, 'http'))
    expect(err.code).toBe('invalid_input')
    expect(JSON.stringify(err)).toContain('sample')
    expect(t.session.campaign).toBeNull()
    expect(builds).toHaveLength(1)
  })

  it('a session without the al-Zabdiyat script says so by name (an internal error), and makes nothing', async () => {
    const bare = makeSession({ sample: { fileName: SAMPLE_FILE_NAME, build: (p) => buildSampleCampaign(p) } })
    try {
      const err = errorOf(await bare.door.invoke('campaigns.openSample', { sample: 'alZabdiyat' }, 'internal'))
      expect(err.code).toBe('internal')
      expect(err.message).toContain('The al-Zabdiyat Campaign')
      expect(existsSync(join(bare.campaignsDir, ATRILIA_SAMPLE_FILE_NAME))).toBe(false)
    } finally {
      await bare.cleanup()
    }
  })

  it('the start screen’s list names both samples, the Tortuga Run first', () => {
    expect(SAMPLE_CAMPAIGNS.map((s) => [s.id, s.name, s.setting])).toEqual([
      ['tortugaRun', 'The Tortuga Run', 'theah'],
      ['alZabdiyat', 'The al-Zabdiyat Campaign', 'atrilia']
    ])
  })
})
