/**
 * The shipyard through the one door: ships.quote and ships.commission (seed 003, I. Of Ship
 * Construction). Money checks name the seed's rule: hero points (the ship fund) pay only for
 * building and outfitting a ship, joint owners pool their money by shares.
 */
import fc from 'fast-check'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { splitByShares } from '../../src/main/theah/shipyard'
import { WORLD_OWNER_ID } from '../../src/main/campaign-core/ledger'
import { addMonths, dateLabel } from '../../src/shared/calendar'
import type { ShipQuote } from '../../src/shared/ship/design'
import { THEAH_CALENDAR } from '../../src/shared/rules/tables'
import { countRows, dumpCampaign, failureOf, issueFields, makeClock, makeSession, openSeededCampaign, shipDesign, type TestSession } from '../helpers'

let t: TestSession

beforeEach(async () => {
  t = makeSession({ now: makeClock('2026-06-01T12:00:00.000Z').now })
  await openSeededCampaign(t, { seed: 7, name: 'Shipyard Test' })
})
afterEach(async () => {
  await t.cleanup()
})

const db = () => t.session.campaign!.db
const call = ((name: string, input: unknown = {}) => t.door.call(name as never, input)) as typeof t.door.call
const fail = (name: string, input: unknown) => failureOf(t.door, name, input)
const journal = () => db().prepare(`SELECT seq, command, summary, undone FROM journal ORDER BY seq`).all() as { summary: string }[]
const lastSummary = () => journal().at(-1)?.summary
const snapshot = () => ({ tables: dumpCampaign(db()), journal: journal(), steps: countRows(db(), 'undo_step') })

async function refusedWithoutChange(name: string, input: unknown) {
  const before = snapshot()
  const err = await fail(name, input)
  expect(snapshot()).toEqual(before)
  return err
}

const pc = async (name: string) => call('people.create', { name, kind: 'pc' })
const money = async (ownerId: number) => call('ledger.balance', { ownerId })
const quote = async (design: Record<string, unknown>) => (await call('ships.quote', { design })) as ShipQuote

/** A corsair with a few guns and a pont gun: well formed under the default tables, not a round price. */
const CORSAIR = shipDesign('corsair', {
  guns: { port: 4, starboard: 4, chasers: 1, stern: 0 },
  pontGuns: { port: 1, starboard: 0 },
  jollyBoats: 1,
  powderTons: 0.5
})

describe('ships.quote', () => {
  it('prices a well-formed design with the campaign rule tables, line by line', async () => {
    const q = await quote(CORSAIR)
    expect(q.problems).toEqual([])
    expect(q.total).toBeGreaterThan(0)
    expect(q.lines.reduce((n, l) => n + l.amount, 0)).toBe(q.total)
    expect(q.constructionMonths).toBeGreaterThan(0)
  })

  it('is never refused for breaking a rule: the problems are listed instead (seed 003 I: a Corsair carries up to eight guns a side)', async () => {
    const q = await quote(shipDesign('corsair', { guns: { port: 9, starboard: 0, chasers: 0, stern: 0 } }))
    expect(q.problems.length).toBeGreaterThan(0)
    expect(q.problems.map((p) => p.field)).toContain('guns.port')
  })

  it('refuses a malformed design as invalid_input naming the field', async () => {
    const err = await fail('ships.quote', { design: shipDesign('corsair', { jollyBoats: -1 }) })
    expect(err.code).toBe('invalid_input')
    expect(issueFields(err)).toEqual(['design.jollyBoats'])
  })
})

describe('splitByShares (largest remainder: the parts add up to exactly the total)', () => {
  it.each([
    [10001, [33, 33, 34], [3300, 3300, 3401]],
    [10002, [33, 33, 34], [3301, 3300, 3401]],
    [5, [33, 33, 34], [2, 1, 2]],
    [1, [50, 50], [1, 0]],
    [7, [60, 40], [4, 3]],
    [0, [60, 40], [0, 0]],
    [12345, [100], [12345]]
  ])('%i by %j → %j', (total, shares, parts) => {
    expect(splitByShares(total, shares)).toEqual(parts)
  })

  it('always sums to the total, and no part is more than one guilder off its exact share', () => {
    const shares = fc
      .array(fc.integer({ min: 1, max: 100 }), { minLength: 1, maxLength: 20 })
      .filter((s) => s.reduce((n, x) => n + x, 0) <= 100)
      .map((s) => [...s, 100 - s.reduce((n, x) => n + x, 0)].filter((x) => x > 0))
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), shares, (total, s) => {
        const parts = splitByShares(total, s)
        expect(parts.reduce((n, p) => n + p, 0)).toBe(total)
        parts.forEach((p, i) => expect(Math.abs(p - (total * s[i]!) / 100)).toBeLessThan(1))
      })
    )
  })
})

describe('ships.commission', () => {
  it('seed 003 I: hero points buy building and outfitting — the ship fund pays first, then cash, in one balanced transaction with the shipyard', async () => {
    const q = await quote(CORSAIR)
    const a = await pc('Allende de Zepeda')
    await call('owners.heroPoints', { ownerId: a.ownerId, points: 5 }) // 3,000 into the ship fund
    await call('ledger.grant', { ownerId: a.ownerId, amount: q.total, memo: 'Prize money' })
    const worldBefore = await money(WORLD_OWNER_ID)

    const out = await call('ships.commission', { design: CORSAIR, name: 'Sea Dog', owners: [{ ownerId: a.ownerId, share: 100 }] })
    expect(out.total).toBe(q.total)
    expect(out.charged).toEqual([{ ownerId: a.ownerId, name: 'Allende de Zepeda', share: 100, fromShipFund: 3000, fromCash: q.total - 3000 }])
    expect(await money(a.ownerId)).toEqual({ cash: 3000, shipFund: 0 })
    expect((await money(WORLD_OWNER_ID)).cash).toBe(worldBefore.cash + q.total)

    const tx = (await call('ledger.history', { ownerId: a.ownerId, limit: 1, offset: 0 })).transactions[0]!
    expect(tx.command).toBe('ships.commission')
    expect(tx.memo).toBe('Building the Sea Dog (Corsair) at the shipyard')
    expect(tx.lines.map((l) => [l.ownerId, l.account, l.amount])).toEqual([
      [a.ownerId, 'shipFund', -3000],
      [a.ownerId, 'cash', -(q.total - 3000)],
      [WORLD_OWNER_ID, 'cash', q.total]
    ])
    expect(tx.lines.reduce((n, l) => n + l.amount, 0)).toBe(0)

    // The ship is on the stocks until its launch day: today + the construction months.
    const launchDay = addMonths(THEAH_CALENDAR, 0, q.constructionMonths)
    expect(out.launchDay).toBe(launchDay)
    expect(out.launchLabel).toBe(dateLabel(THEAH_CALENDAR, launchDay))
    const ship = await call('ships.get', { shipId: out.shipId })
    expect(ship).toMatchObject({ name: 'Sea Dog', status: 'construction', origin: 'built', cost: q.total, orderedDay: 0, launchDay, inDays: launchDay })
    expect(ship.owners).toEqual([{ ownerId: a.ownerId, name: 'Allende de Zepeda', share: 100 }])

    // The breakdown: the price lines, the total, and each owner's part.
    expect(out.breakdown.slice(0, q.lines.length)).toEqual(q.lines.map((l) => ({ label: l.label, value: l.amount })))
    expect(out.breakdown.at(-1)).toEqual({
      label: `Allende de Zepeda's 100% share (3,000 from the ship fund, ${(q.total - 3000).toLocaleString('en')} in cash)`,
      value: q.total
    })
    expect(lastSummary()).toBe(
      `Commissioned the Sea Dog, a Corsair, for ${q.total.toLocaleString('en')} G paid by Allende de Zepeda; to be launched on ${out.launchLabel}`
    )
  })

  it('seed 003 I: joint owners pay their shares — 33/33/34 split by largest remainder, summing exactly to the total', async () => {
    const q = await quote(CORSAIR)
    const owners = [await pc('Ana'), await pc('Bo'), await pc('Cy')]
    for (const o of owners) await call('ledger.grant', { ownerId: o.ownerId, amount: q.total, memo: 'Purse' })
    const out = await call('ships.commission', {
      design: CORSAIR,
      name: 'Three Friends',
      owners: [
        { ownerId: owners[0]!.ownerId, share: 33 },
        { ownerId: owners[1]!.ownerId, share: 33 },
        { ownerId: owners[2]!.ownerId, share: 34 }
      ]
    })
    const expected = splitByShares(q.total, [33, 33, 34])
    expect(out.charged.map((c) => c.fromCash)).toEqual(expected)
    expect(out.charged.every((c) => c.fromShipFund === 0)).toBe(true)
    expect(expected.reduce((n, p) => n + p, 0)).toBe(q.total)
    for (const [i, o] of owners.entries()) expect((await money(o.ownerId)).cash).toBe(q.total - expected[i]!)
    expect(lastSummary()).toContain('paid by Ana (33%), Bo (33%) and Cy (34%)')
    const ship = await call('ships.get', { shipId: out.shipId })
    expect(ship.owners.map((o) => o.share)).toEqual([34, 33, 33])
  })

  it('seed 003 I: a shortfall is refused naming who is short and by how much; nothing is charged or written', async () => {
    const q = await quote(CORSAIR)
    const a = await pc('Allende')
    const y = await pc('Yngvild')
    await call('owners.heroPoints', { ownerId: y.ownerId, points: 1 }) // 600 in the ship fund
    await call('ledger.grant', { ownerId: a.ownerId, amount: q.total, memo: 'Purse' })
    await call('ledger.grant', { ownerId: y.ownerId, amount: 100, memo: 'Purse' })
    const [, yPart] = splitByShares(q.total, [60, 40])
    const short = yPart! - 600 - 100
    const err = await refusedWithoutChange('ships.commission', {
      design: CORSAIR,
      name: 'Santa Lucia',
      owners: [
        { ownerId: a.ownerId, share: 60 },
        { ownerId: y.ownerId, share: 40 }
      ]
    })
    expect(err.code).toBe('rule')
    expect(err.message).toBe(
      `Not enough money to pay for the ship: Yngvild is ${short.toLocaleString('en')} G short (their share is ${yPart!.toLocaleString('en')} G; they have 600 in the ship fund and 100 in cash). Nothing was charged.`
    )
    expect(err.details).toEqual({ shortfalls: [{ ownerId: y.ownerId, name: 'Yngvild', part: yPart, shipFund: 600, cash: 100, shortfall: short }] })
  })

  it('names every owner who is short, each with their own shortfall', async () => {
    const q = await quote(CORSAIR)
    const a = await pc('Allende')
    const y = await pc('Yngvild')
    const err = await refusedWithoutChange('ships.commission', {
      design: CORSAIR,
      name: 'Santa Lucia',
      owners: [
        { ownerId: a.ownerId, share: 50 },
        { ownerId: y.ownerId, share: 50 }
      ]
    })
    const [p1, p2] = splitByShares(q.total, [50, 50])
    expect(err.code).toBe('rule')
    expect(err.message).toContain(`Allende is ${p1!.toLocaleString('en')} G short`)
    expect(err.message).toContain(`Yngvild is ${p2!.toLocaleString('en')} G short`)
  })

  it('allowDebt lets cash go negative, never the ship fund', async () => {
    const q = await quote(CORSAIR)
    const a = await pc('Allende')
    await call('owners.heroPoints', { ownerId: a.ownerId, points: 1 })
    await call('settings.set', { allowDebt: true })
    const out = await call('ships.commission', { design: CORSAIR, name: 'On Credit', owners: [{ ownerId: a.ownerId, share: 100 }] })
    expect(out.charged[0]).toMatchObject({ fromShipFund: 600, fromCash: q.total - 600 })
    expect(await money(a.ownerId)).toEqual({ cash: -(q.total - 600), shipFund: 0 })
  })

  it('the ship fund is spent only as far as it goes: a large fund pays the whole share and keeps the rest', async () => {
    const q = await quote(CORSAIR)
    const a = await pc('Allende')
    await call('owners.heroPoints', { ownerId: a.ownerId, points: 20 }) // 12,000
    const need = Math.ceil(q.total / 600)
    if (need > 20) return // (a very dear corsair under other tables: nothing to check here)
    const out = await call('ships.commission', { design: CORSAIR, name: 'Fund Ship', owners: [{ ownerId: a.ownerId, share: 100 }] })
    expect(out.charged[0]).toMatchObject({ fromShipFund: q.total, fromCash: 0 })
    expect(await money(a.ownerId)).toEqual({ cash: 0, shipFund: 12000 - q.total })
  })

  it('a design that breaks rules is refused, listing every problem, and nothing is written', async () => {
    const bad = shipDesign('corsair', { guns: { port: 9, starboard: 9, chasers: 0, stern: 0 } })
    const q = await quote(bad)
    expect(q.problems.length).toBeGreaterThanOrEqual(2)
    const a = await pc('Allende')
    await call('ledger.grant', { ownerId: a.ownerId, amount: 1_000_000, memo: 'Purse' })
    const err = await refusedWithoutChange('ships.commission', { design: bad, name: 'Overgunned', owners: [{ ownerId: a.ownerId, share: 100 }] })
    expect(err.code).toBe('rule')
    expect(err.message).toMatch(new RegExp(`^The design breaks ${q.problems.length} rules, so the shipyard will not build it: `))
    for (const p of q.problems) expect(err.message).toContain(p.message)
    expect(err.details).toEqual({ problems: q.problems })
  })

  it.each([
    [[60, 30], 'owners', 'shares must add up to 100%'],
    [[60, 50], 'owners', 'shares must add up to 100%'],
    [[0, 100], 'owners.0.share', 'must be at least 1%'],
    [[50.5, 49.5], 'owners.0.share', 'must be a whole percentage']
  ])('shares %j → invalid_input on %s', async (shares, field, message) => {
    const a = await pc('Allende')
    const b = await pc('Bo')
    const err = await refusedWithoutChange('ships.commission', {
      design: CORSAIR,
      name: 'Bad Shares',
      owners: [
        { ownerId: a.ownerId, share: shares[0] },
        { ownerId: b.ownerId, share: shares[1] }
      ]
    })
    expect(err.code).toBe('invalid_input')
    expect(issueFields(err)).toContain(field)
    expect(err.message).toContain(message)
  })

  it('an owner listed twice, no owners, or a blank name → invalid_input', async () => {
    const a = await pc('Allende')
    const twice = await refusedWithoutChange('ships.commission', {
      design: CORSAIR,
      name: 'Twice',
      owners: [
        { ownerId: a.ownerId, share: 50 },
        { ownerId: a.ownerId, share: 50 }
      ]
    })
    expect(twice.message).toContain('each owner may appear once')
    expect((await refusedWithoutChange('ships.commission', { design: CORSAIR, name: 'None', owners: [] })).message).toContain('a ship needs at least one owner')
    expect(issueFields(await refusedWithoutChange('ships.commission', { design: CORSAIR, name: '  ', owners: [{ ownerId: a.ownerId, share: 100 }] }))).toEqual(['name'])
  })

  it('an owner that does not exist → not_found naming which one; nothing written', async () => {
    const a = await pc('Allende')
    await call('ledger.grant', { ownerId: a.ownerId, amount: 1_000_000, memo: 'Purse' })
    const err = await refusedWithoutChange('ships.commission', {
      design: CORSAIR,
      name: 'Ghost Partner',
      owners: [
        { ownerId: a.ownerId, share: 50 },
        { ownerId: 999, share: 50 }
      ]
    })
    expect(err).toEqual({ code: 'not_found', message: 'owners.1.ownerId: there is no owner with id 999.', details: { field: 'owners.1.ownerId' } })
  })

  it('the outside world may own a ship (an NPC ship): it pays nothing to itself', async () => {
    const before = countRows(db(), 'ledger_tx')
    const out = await call('ships.commission', { design: CORSAIR, name: 'Revenue Cutter', owners: [{ ownerId: WORLD_OWNER_ID, share: 100 }] })
    expect(out.charged).toEqual([{ ownerId: WORLD_OWNER_ID, name: 'The outside world', share: 100, fromShipFund: 0, fromCash: out.total }])
    expect(countRows(db(), 'ledger_tx')).toBe(before)
  })

  it('undo of a commission gives the money back and removes the ship, its owners, history and reminder; redo brings them back', async () => {
    const q = await quote(CORSAIR)
    const a = await pc('Allende')
    await call('owners.heroPoints', { ownerId: a.ownerId, points: 2 })
    await call('ledger.grant', { ownerId: a.ownerId, amount: q.total, memo: 'Purse' })
    const before = dumpCampaign(db())
    const out = await call('ships.commission', { design: CORSAIR, name: 'Sea Dog', owners: [{ ownerId: a.ownerId, share: 100 }] })
    const after = dumpCampaign(db())
    expect(after.ship).toHaveLength(1)
    expect(after.ship_owner).toHaveLength(1)
    expect(after.ship_event).toHaveLength(1)
    expect(after.reminder).toHaveLength(1)

    await call('history.undo')
    expect(dumpCampaign(db())).toEqual(before)
    expect(await money(a.ownerId)).toEqual({ cash: q.total, shipFund: 1200 })
    expect(await call('ships.list')).toEqual([])
    expect((await fail('ships.get', { shipId: out.shipId })).code).toBe('not_found')

    await call('history.redo')
    expect(dumpCampaign(db())).toEqual(after)
  })
})
