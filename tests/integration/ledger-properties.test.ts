/**
 * The double-entry ledger under random sequences of people.create / ledger.grant / ledger.transfer /
 * owners.heroPoints, valid and invalid: after every command the books balance, the world is the
 * only counterparty, nobody else is in debt unless debt is allowed, and each balance is the sum of
 * its lines. A small model predicts which commands are refused and what every balance is.
 */
import fc from 'fast-check'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { WORLD_OWNER_ID } from '../../src/main/campaign-core/ledger'
import type { Owner } from '../../src/shared/commands'
import { expectRunningBalances, makeClock, makeSession, openSeededCampaign, type TestSession } from '../helpers'
import { commandFor, moneyOp, UNKNOWN_ID, type Op } from './core-ops'

let t: TestSession
beforeEach(() => {
  t = makeSession({ now: makeClock('2026-06-01T12:00:00.000Z').now })
})
afterEach(async () => {
  await t.cleanup()
})

const db = () => t.session.campaign!.db

/** What the books must look like, checked straight from the tables and through the door. */
async function checkBooks(allowDebtEver: boolean): Promise<Owner[]> {
  const unbalanced = db()
    .prepare(`SELECT tx_id, SUM(amount) AS s, count(*) AS n FROM ledger_line GROUP BY tx_id HAVING s != 0 OR n < 2`)
    .all()
  expect(unbalanced).toEqual([])
  const orphans = db().prepare(`SELECT id FROM ledger_tx WHERE id NOT IN (SELECT tx_id FROM ledger_line)`).all()
  expect(orphans).toEqual([])
  // The running balances the ledger keeps (migration 0020) are the sums of its lines.
  expectRunningBalances(db())

  const owners = await t.door.call('owners.list')
  // The world is the counterparty: everyone's money together is zero.
  expect(owners.reduce((n, o) => n + o.money.cash + o.money.shipFund, 0)).toBe(0)
  // Each balance is the sum of its lines.
  const sums = db().prepare(`SELECT owner_id AS ownerId, account, SUM(amount) AS total FROM ledger_line GROUP BY owner_id, account`).all() as {
    ownerId: number
    account: 'cash' | 'shipFund'
    total: number
  }[]
  for (const o of owners) {
    const cash = sums.find((s) => s.ownerId === o.id && s.account === 'cash')?.total ?? 0
    const shipFund = sums.find((s) => s.ownerId === o.id && s.account === 'shipFund')?.total ?? 0
    expect(o.money).toEqual({ cash, shipFund })
    expect(await t.door.call('ledger.balance', { ownerId: o.id })).toEqual(o.money)
    // The owner's history counts each of its transactions once, whichever way the count is made.
    const txs = (db().prepare(`SELECT count(DISTINCT tx_id) AS n FROM ledger_line WHERE owner_id = ?`).get(o.id) as { n: number }).n
    const byOwner = await t.door.call('ledger.history', { ownerId: o.id, limit: 1000 })
    expect(byOwner.total).toBe(txs)
    expect(byOwner.transactions).toHaveLength(txs)
    expect((await t.door.call('ledger.history', { ownerId: o.id, from: 0, limit: 1 })).total).toBe(txs)
    if (!allowDebtEver && o.id !== WORLD_OWNER_ID) {
      expect(o.money.cash).toBeGreaterThanOrEqual(0)
      expect(o.money.shipFund).toBeGreaterThanOrEqual(0)
    }
  }
  return owners
}

interface Model {
  /** ownerId → money, heroPointsSpent; the world included. */
  owners: Map<number, { cash: number; shipFund: number; hero: number; character: boolean; pc: boolean }>
  allowDebt: boolean
}

/** The outcome the model predicts for a command, applying it to the model when it succeeds. */
function predict(m: Model, name: string, input: Record<string, unknown>): 'ok' | 'rule' | 'not_found' | 'invalid_input' {
  const get = (id: unknown) => m.owners.get(id as number)
  switch (name) {
    case 'people.create':
      return 'ok' // the new owner is added to the model by the caller, from the result
    case 'ledger.grant': {
      const to = get(input.ownerId)
      if (!to) return 'not_found'
      if (input.ownerId === WORLD_OWNER_ID) return 'rule'
      to.cash += input.amount as number
      get(WORLD_OWNER_ID)!.cash -= input.amount as number
      return 'ok'
    }
    case 'ledger.transfer': {
      if (input.from === input.to) return 'invalid_input'
      const from = get(input.from)
      const to = get(input.to)
      if (!from || !to) return 'not_found'
      const amount = input.amount as number
      if (input.from !== WORLD_OWNER_ID && !m.allowDebt && from.cash < amount) return 'rule'
      from.cash -= amount
      to.cash += amount
      return 'ok'
    }
    case 'owners.heroPoints': {
      const o = get(input.ownerId)
      if (!o) return 'not_found'
      if (!o.character) return 'rule'
      if (!o.pc) return 'rule' // seed 003: only player-character heroes turn hero points into a ship fund
      const points = input.points as number
      if (o.hero + points > 20) return 'rule'
      o.hero += points
      o.shipFund += points * 600
      get(WORLD_OWNER_ID)!.cash -= points * 600
      return 'ok'
    }
    case 'settings.set':
      if (input.allowDebt !== undefined) m.allowDebt = input.allowDebt as boolean
      return 'ok'
  }
  throw new Error(`no model for ${name}`)
}

type LedgerOp = Op | { op: 'settings'; allowDebt: boolean }

async function runSequence(ops: LedgerOp[], seed: number): Promise<void> {
  await openSeededCampaign(t, { seed, fileName: `ledger-prop-${seed}-${Math.random().toString(36).slice(2)}.quarterdeck` })
  // Start with a few characters holding some cash, so most random commands have someone to act on.
  const prelude: LedgerOp[] = [
    { op: 'create', name: 'Anne', kind: 'pc', traits: {}, knacks: {} },
    { op: 'create', name: "O'Brien", kind: 'npc', traits: {}, knacks: {} },
    { op: 'create', name: 'Zoë "Red" Ruiz', kind: 'pc', traits: {}, knacks: {} },
    { op: 'grant', who: 1, amount: 3000, memo: 'Purse' },
    { op: 'grant', who: 2, amount: 1500, memo: 'Purse' }
  ]
  ops = [...prelude, ...ops]
  const m: Model = { owners: new Map([[WORLD_OWNER_ID, { cash: 0, shipFund: 0, hero: 0, character: false, pc: false }]]), allowDebt: false }
  let allowDebtEver = false
  for (const o of ops) {
    const { name, input } = commandFor(db(), o)
    const expected = predict(m, name, input)
    const out = await t.door.invoke(name, input, 'internal')
    const got = out.ok ? 'ok' : out.error.code
    if (got !== expected) throw new Error(`${name} ${JSON.stringify(input)}: expected ${expected}, got ${got}${out.ok ? '' : `: ${out.error.message}`}`)
    if (out.ok && name === 'people.create') {
      m.owners.set((out.value as { ownerId: number }).ownerId, {
        cash: 0,
        shipFund: 0,
        hero: 0,
        character: true,
        pc: (input as { kind: string }).kind === 'pc'
      })
    }
    if (!out.ok && out.error.code === 'rule' && name === 'ledger.transfer') {
      // A refusal names the shortfall exactly.
      const d = out.error.details as { have: number; need: number; shortfall: number }
      expect(d.shortfall).toBe(d.need - d.have)
      expect(d.shortfall).toBeGreaterThan(0)
    }
    allowDebtEver ||= m.allowDebt
    const owners = await checkBooks(allowDebtEver)
    // And the model agrees with every balance.
    expect(owners.map((x) => [x.id, x.money]).sort((a, b) => (a[0] as number) - (b[0] as number))).toEqual(
      [...m.owners.entries()].sort((a, b) => a[0] - b[0]).map(([id, v]) => [id, { cash: v.cash, shipFund: v.shipFund }])
    )
    expect(m.owners.has(UNKNOWN_ID)).toBe(false)
  }
}

describe('ledger properties', () => {
  it('with debt not allowed: every transaction balances, the world is the counterparty, nobody else goes negative, balances are sums of lines', async () => {
    let seed = 0
    await fc.assert(
      fc.asyncProperty(fc.array(moneyOp, { minLength: 5, maxLength: 40, size: 'max' }), async (ops) => {
        await runSequence(ops, ++seed)
      }),
      { numRuns: 30 }
    )
    // Thirty fresh campaigns: a budget for a busy shared machine, not a speed test.
  }, 240_000)

  it('with debt switched on and off: the books still balance and refusals follow the setting in force', async () => {
    const op: fc.Arbitrary<LedgerOp> = fc.oneof(
      { weight: 8, arbitrary: moneyOp },
      { weight: 1, arbitrary: fc.record({ op: fc.constant('settings' as const), allowDebt: fc.boolean() }) }
    )
    let seed = 1000
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 5, maxLength: 40, size: 'max' }), async (ops) => {
        await runSequence(ops, ++seed)
      }),
      { numRuns: 20 }
    )
  }, 240_000)
})
