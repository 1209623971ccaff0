import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { dumpFile, playSixVoyages, type CampaignDump } from '../../scripts/campaign-dump'
import { contracts } from '../../src/shared/commands'

/**
 * The campaign's state: every table of the file but the journal and the undo steps, which undo and redo
 * rewrite as they go. The ledger's running sums (kept by triggers on its lines, migration 0021) keep an
 * owner's row at zero when undo takes away the lines that made it, where before there was no row: a sum
 * of zero and no sum read alike, so rows at zero are left out. `roll_block` says which kinds of roll a
 * block of 1,024 rolls may hold (a trigger adds to it as rolls are written; nothing takes away): it is
 * compared apart (`blocksHeld`), as holding at least what it held.
 */
function stateOf(path: string): CampaignDump {
  const dump = dumpFile(path)
  delete dump.journal
  delete dump.undo_step
  delete dump.roll_block
  for (const [table, column] of [['ledger_balance', 'total'], ['ledger_owner_txs', 'txs']] as const) {
    const t = dump[table]!
    const k = t.columns.indexOf(column)
    t.rows = t.rows.filter((r) => r[k] !== 0)
  }
  return dump
}

function blocksHeld(path: string): string[] {
  return dumpFile(path).roll_block!.rows.map((r) => JSON.stringify(r))
}

function newestSeq(path: string): number {
  const db = new Database(path, { readonly: true })
  try {
    return (db.prepare(`SELECT COALESCE(MAX(seq), 0) AS seq FROM journal`).get() as { seq: number }).seq
  } finally {
    db.close()
  }
}

/**
 * Undo takes back exactly what each change made (issue 22: the days counted in a voyage or a clock run
 * are written once a ship per command, not once a day, so a change holds fewer undo steps): the six-voyage
 * campaign (tests/integration/campaign-dump.test.ts) is played with every table dumped before and after
 * each change, then undone change by change back to where it started — each undo must leave every table
 * exactly as it was before that change — and redone change by change to the end, each redo leaving every
 * table as the change did.
 */
describe('undo and redo through the six-voyage campaign', () => {
  it('undo restores every table to its state before each change, newest first; redo to its state after', async () => {
    const before = new Map<number, CampaignDump>()
    const after = new Map<number, CampaignDump>()
    const blocksBefore = new Map<number, string[]>()
    const order: number[] = []
    let undone = 0
    let redone = 0
    await playSixVoyages({
      wrap: async (name, input, run, path) => {
        if (!contracts[name].mutates) return run()
        const seq = newestSeq(path)
        const was = stateOf(path)
        const blocks = blocksHeld(path)
        const value = await run()
        const now = newestSeq(path)
        if (now !== seq) {
          expect(now).toBeGreaterThan(seq)
          before.set(now, was)
          blocksBefore.set(now, blocks)
          after.set(now, stateOf(path))
          order.push(now)
        }
        return value
      },
      beforeClose: async (call, path) => {
        for (const seq of [...order].reverse()) {
          const entry = await call('history.undo', { seq })
          expect(entry.seq).toBe(seq)
          expect({ seq, ...stateOf(path) }).toEqual({ seq, ...before.get(seq)! })
          expect(blocksHeld(path)).toEqual(expect.arrayContaining(blocksBefore.get(seq)!))
          undone++
        }
        for (const seq of order) {
          const entry = await call('history.redo')
          expect(entry.seq).toBe(seq)
          expect({ seq, ...stateOf(path) }).toEqual({ seq, ...after.get(seq)! })
          redone++
        }
      }
    })
    // The play covers the voyages' sails (the days counted among their steps), battles, trade and upkeep.
    expect(order.length).toBeGreaterThan(40)
    expect(undone).toBe(order.length)
    expect(redone).toBe(order.length)
  }, 300_000)
})
