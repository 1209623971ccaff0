import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { registerPeriodicStep } from '../../src/main/campaign-core/clock'
import { errorOf, makeSession, openSeededCampaign, type TestSession } from '../helpers'

let t: TestSession
beforeEach(async () => {
  t = makeSession()
  await openSeededCampaign(t, { seed: 7 })
})
afterEach(() => t.cleanup())

describe('hero points, seed 003 I. Of Ship Construction: "starting player character heroes"', () => {
  it('an NPC cannot turn hero points into a ship fund, and nothing is written', async () => {
    const npc = await t.door.call('people.create', { name: 'Governor Ortega', kind: 'npc' })
    const err = errorOf(await t.door.invoke('owners.heroPoints', { ownerId: npc.ownerId, points: 3 }, 'internal'))
    expect(err.code).toBe('rule')
    expect(err.message).toContain('only player-character heroes')
    expect(await t.door.call('ledger.balance', { ownerId: npc.ownerId })).toEqual({ cash: 0, shipFund: 0 })
    expect((await t.door.call('ledger.history', {})).total).toBe(0)
  })
})

describe('periodic steps with the same order run in a fixed order, whatever the locale', () => {
  it('ties are broken by a plain comparison of ids', async () => {
    const ran: string[] = []
    const offs = ['b-step', 'B-step', 'a-step', 'ä-step'].map((id) =>
      registerPeriodicStep({ id, title: id, every: 'day', order: 500, run: ({ effect }) => (ran.push(id), effect(id)) })
    )
    try {
      await t.door.call('clock.advance', { days: 1 })
    } finally {
      offs.forEach((off) => off())
    }
    expect(ran).toEqual(['B-step', 'a-step', 'b-step', 'ä-step'])
  })
})

describe('ledger.history pages, newest first', () => {
  it('filtered by one owner, pages walk back through exactly that owner’s transactions across days', async () => {
    const a = await t.door.call('people.create', { name: 'Anne', kind: 'pc' })
    const b = await t.door.call('people.create', { name: 'Bart', kind: 'npc' })
    for (let i = 1; i <= 7; i++) {
      await t.door.call('ledger.grant', { ownerId: i % 2 ? a.ownerId : b.ownerId, amount: i, memo: `Grant ${i}` })
      await t.door.call('clock.advance', { days: 1 })
    }
    await t.door.call('ledger.transfer', { from: a.ownerId, to: b.ownerId, amount: 1, memo: 'Both sides' })
    const page1 = await t.door.call('ledger.history', { ownerId: a.ownerId, limit: 3, offset: 0 })
    const page2 = await t.door.call('ledger.history', { ownerId: a.ownerId, limit: 3, offset: 3 })
    expect(page1.total).toBe(5)
    expect([...page1.transactions, ...page2.transactions].map((x) => x.memo)).toEqual([
      'Both sides',
      'Grant 7',
      'Grant 5',
      'Grant 3',
      'Grant 1'
    ])
    const days = [...page1.transactions, ...page2.transactions].map((x) => x.day)
    expect(days).toEqual([...days].sort((x, y) => y - x))
    // The same order as the unfiltered history restricted to Anne's transactions.
    const all = await t.door.call('ledger.history', { limit: 100 })
    expect(all.transactions.filter((x) => x.lines.some((l) => l.ownerId === a.ownerId)).map((x) => x.id)).toEqual(
      [...page1.transactions, ...page2.transactions].map((x) => x.id)
    )
  })
})
