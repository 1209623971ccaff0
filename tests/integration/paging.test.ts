/**
 * The long lists page through the door (issue 22: a ten-year campaign's pages never load every row):
 * the journal (history.list offset + total), the roll log (dice.log offset, dice.count for a filter),
 * reminders (reminders.list limit + offset, reminders.count) and the ledger plot's chosen owners
 * (ledger.series ownerIds). Each page is the slice of the whole list in its order, the pages together
 * are every row once, and the total counts the same rows as the whole list.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { insertRolls } from '../../src/main/campaign-core/dice'
import { makeClock, makeSession, openSeededCampaign, type TestSession } from '../helpers'

let t: TestSession

beforeEach(async () => {
  t = makeSession({ now: makeClock('2026-06-01T12:00:00.000Z').now })
  await openSeededCampaign(t, { seed: 7, name: 'Paging' })
})
afterEach(async () => {
  await t.cleanup()
})

const call = ((name: string, input: unknown = {}) => t.door.call(name as never, input)) as typeof t.door.call

/** Every page of `size` from `fetch(offset, size)` until a short page: the rows in order. */
async function allPages<T>(size: number, fetch: (offset: number, limit: number) => Promise<T[]>): Promise<T[][]> {
  const pages: T[][] = []
  for (let offset = 0; ; offset += size) {
    const page = await fetch(offset, size)
    pages.push(page)
    if (page.length < size) return pages
  }
}

describe('history.list pages the journal', () => {
  it('answers a page at an offset, newest first, with the total of every change', async () => {
    for (let i = 1; i <= 12; i++) await call('reminders.add', { title: `Reminder ${i}`, inDays: i })
    const whole = await call('history.list', { limit: 500 })
    expect(whole.total).toBe(12)
    expect(whole.entries.map((e) => e.summary)[0]).toMatch(/Reminder 12/)

    const pages = await allPages(5, async (offset, limit) => {
      const out = await call('history.list', { limit, offset })
      expect(out.total).toBe(12)
      return out.entries
    })
    expect(pages.map((p) => p.length)).toEqual([5, 5, 2])
    expect(pages.flat().map((e) => e.seq)).toEqual(whole.entries.map((e) => e.seq))
    // Past the end: an empty page, the same total.
    expect(await call('history.list', { limit: 5, offset: 40 })).toMatchObject({ entries: [], total: 12 })
  })

  it('counts an undone change until a new write ends the redo chain', async () => {
    await call('reminders.add', { title: 'One', inDays: 1 })
    await call('reminders.add', { title: 'Two', inDays: 2 })
    await call('history.undo', {})
    expect(await call('history.list', { limit: 1, offset: 0 })).toMatchObject({ total: 2, entries: [{ undone: true }], canRedo: true })
    await call('reminders.add', { title: 'Three', inDays: 3 })
    const out = await call('history.list', { limit: 50 })
    expect(out.total).toBe(2)
    expect(out.entries.map((e) => e.undone)).toEqual([false, false])
  })
})

describe('dice.log pages the roll log, dice.count counts it', () => {
  beforeEach(async () => {
    for (let i = 0; i < 7; i++) await call('dice.roll', { notation: '2k1', purpose: `Gunnery ${i}` })
    for (let i = 0; i < 4; i++) await call('dice.roll', { notation: '3k2', purpose: `Weather ${i}` })
  })

  it('a page at an offset is that slice of the whole log, newest first', async () => {
    const whole = await call('dice.log', { limit: 1000 })
    expect((await call('dice.count', {})).total).toBe(whole.length)
    const pages = await allPages(3, (offset, limit) => call('dice.log', { limit, offset }))
    expect(pages.flat().map((r) => r.id)).toEqual(whole.map((r) => r.id))
    expect(pages.flat().map((r) => r.id)).toEqual([...whole.map((r) => r.id)].sort((a, b) => b - a))
  })

  it('the filter pages and counts the same rows', async () => {
    const gunnery = await call('dice.log', { search: 'Gunnery', limit: 1000 })
    expect(gunnery).toHaveLength(7)
    expect(await call('dice.count', { search: 'Gunnery' })).toEqual({ total: 7 })
    expect(await call('dice.count', { search: '3k2' })).toEqual({ total: 4 })
    expect(await call('dice.count', { kind: 'dice', search: 'no such roll' })).toEqual({ total: 0 })
    const second = await call('dice.log', { search: 'Gunnery', limit: 3, offset: 3 })
    expect(second.map((r) => r.purpose)).toEqual(gunnery.slice(3, 6).map((r) => r.purpose))
  })

  it('a kind spread over many blocks of the log pages and counts as its whole list', async () => {
    // 3,000 rolls (three blocks of 1,024): every third one of the kind 'people', the rest free rolls.
    const db = t.session.campaign!.db
    const faces = (i: number) => [1 + (i % 10), 1 + ((i * 7) % 10)]
    db.transaction(() =>
      insertRolls(
        db,
        Array.from({ length: 3000 }, (_, i) => ({
          day: i,
          kind: i % 3 === 0 ? 'people' : 'dice',
          command: 'people.roll',
          roll: { purpose: `Roll ${i}`, notation: '2d10', faces: faces(i), dice: faces(i), kept: faces(i), total: faces(i)[0]! + faces(i)[1]!, manual: false, breakdown: [] }
        }))
      )
    )()
    const whole = await call('dice.log', { kind: 'people', limit: 1000 })
    expect(whole).toHaveLength(1000)
    expect((await call('dice.count', { kind: 'people' })).total).toBe(1000)
    const pages = await allPages(70, (offset, limit) => call('dice.log', { kind: 'people', limit, offset }))
    expect(pages.flat().map((r) => r.purpose)).toEqual(whole.map((r) => r.purpose))
    expect(whole.every((r) => r.kind === 'people')).toBe(true)
    const deep = await call('dice.log', { kind: 'people', limit: 5, offset: 990 })
    expect(deep.map((r) => r.purpose)).toEqual(whole.slice(990, 995).map((r) => r.purpose))
    expect(deep.map((r) => r.total)).toEqual(deep.map((r) => r.faces[0]! + r.faces[1]!))
  })

  it('refuses a negative offset at its field', async () => {
    const out = await t.door.invoke('dice.log', { offset: -1 }, 'internal')
    expect(out.ok).toBe(false)
    if (!out.ok) expect(out.error).toMatchObject({ code: 'invalid_input' })
    if (!out.ok) expect(out.error.message).toMatch(/offset/)
  })
})

describe('reminders.list pages reminders, reminders.count counts them', () => {
  it('a page is that slice of the soonest-first list; the count follows Show past', async () => {
    for (const d of [30, 5, 12, 1, 60, 2, 9]) await call('reminders.add', { title: `In ${d}`, inDays: d })
    const whole = await call('reminders.list', {})
    expect(whole.map((r) => r.title)).toEqual(['In 1', 'In 2', 'In 5', 'In 9', 'In 12', 'In 30', 'In 60'])
    expect(await call('reminders.count', {})).toEqual({ total: 7 })
    const pages = await allPages(3, (offset, limit) => call('reminders.list', { limit, offset }))
    expect(pages.map((p) => p.map((r) => r.title))).toEqual([['In 1', 'In 2', 'In 5'], ['In 9', 'In 12', 'In 30'], ['In 60']])

    // Ten days on, four are past (days 1, 2, 5, 9): the list from today and its count lose them; Show past keeps them.
    await call('clock.advance', { days: 10 })
    expect(await call('reminders.count', {})).toEqual({ total: 3 })
    expect((await call('reminders.list', { limit: 2 })).map((r) => r.title)).toEqual(['In 12', 'In 30'])
    expect(await call('reminders.count', { includePast: true })).toEqual({ total: 7 })
    expect((await call('reminders.list', { includePast: true, limit: 2, offset: 2 })).map((r) => r.title)).toEqual(['In 5', 'In 9'])
  })
})

describe('ledger.series for the owners the plot shows', () => {
  it('answers only the owners asked for, each with every day its cash changed', async () => {
    const a = await call('people.create', { name: 'Anne', kind: 'pc' })
    const b = await call('people.create', { name: 'Bart', kind: 'pc' })
    await call('ledger.grant', { ownerId: a.ownerId, amount: 100, memo: 'Purse' })
    await call('ledger.grant', { ownerId: b.ownerId, amount: 40, memo: 'Purse' })
    await call('clock.advance', { days: 3 })
    await call('ledger.transfer', { from: a.ownerId, to: b.ownerId, amount: 25, memo: 'Debt' })
    const one = await call('ledger.series', { ownerIds: [b.ownerId] })
    expect(one).toEqual([{ ownerId: b.ownerId, name: 'Bart', points: [{ day: 0, cash: 40 }, { day: 3, cash: 65 }] }])
    expect((await call('ledger.series', {})).map((s) => s.name)).toEqual(['Anne', 'Bart'])
  })

  it('answers the owners with the most cash, most first, when asked for them instead (the plot at first)', async () => {
    const a = await call('people.create', { name: 'Anne', kind: 'pc' })
    const b = await call('people.create', { name: 'Bart', kind: 'pc' })
    const c = await call('people.create', { name: 'Cleo', kind: 'pc' })
    await call('ledger.grant', { ownerId: a.ownerId, amount: 10, memo: 'Purse' })
    await call('ledger.grant', { ownerId: b.ownerId, amount: 90, memo: 'Purse' })
    // Cleo has nothing: after everyone with cash, by id.
    const owners = (await call('owners.list', {})).filter((o) => o.kind !== 'world')
    const expected = [...owners].sort((x, y) => y.money.cash - x.money.cash || x.id - y.id).map((o) => o.id)
    expect((await call('ledger.series', { mostCash: 2 })).map((s) => s.name)).toEqual(['Bart', 'Anne'])
    expect((await call('ledger.series', { mostCash: 50 })).map((s) => s.ownerId)).toEqual(expected)
    expect(expected).toContain(c.ownerId)
    await expect(call('ledger.series', { mostCash: 2, ownerIds: [a.ownerId] })).rejects.toThrow(/not both/)
    await expect(call('ledger.series', { mostCash: 0 })).rejects.toThrow()
  })
})
