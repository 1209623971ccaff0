/**
 * Undo and replay of the campaign core. Random sequences of core writes (people, grants, transfers,
 * hero points, free rolls, character rolls, clock advances with periodic steps that roll dice,
 * reminders, rule tables, settings), then:
 *  - undoing everything gives back every campaign table exactly as it was (rng state and roll log
 *    included), and redoing everything gives back the state before the undos;
 *  - undo and redo mixed in anywhere always land on the state that the journal says;
 *  - RULES.md §1 ("a battle or a voyage can be replayed exactly"): two campaigns made with the same
 *    seed, given the same commands, roll the same dice and end up identical.
 */
import fc from 'fast-check'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { registerPeriodicStep } from '../../src/main/campaign-core/clock'
import type { Outcome } from '../../src/shared/errors'
import { dumpCampaign, expectRunningBalances, makeClock, makeSession, openSeededCampaign, type TestSession } from '../helpers'
import { coreOp, runOp, type Op } from './core-ops'

let t: TestSession
beforeEach(() => {
  t = makeSession({ now: makeClock('2026-06-01T12:00:00.000Z').now })
})
afterEach(async () => {
  await t.cleanup()
})

// Periodic steps that touch the dice and the clock log, so clock.advance has something to undo.
const unregister: (() => void)[] = []
beforeAll(() => {
  unregister.push(
    registerPeriodicStep({
      id: 'test-recruiting',
      title: 'Recruiting (test)',
      every: 'week',
      order: 200,
      run: ({ dice, effect }) => effect(`Recruited ${dice().roll('1k1+2', 'Recruits (seed 003: 1K1+2 a week)').total}`)
    }),
    registerPeriodicStep({
      id: 'test-wages',
      title: 'Wages (test)',
      every: 'month',
      order: 100,
      run: ({ date, effect }) => effect(`Wages paid for ${date.monthName}`)
    })
  )
})
afterAll(() => {
  while (unregister.length) unregister.pop()!()
})

const db = () => t.session.campaign!.db
const undo = () => t.door.invoke('history.undo', {}, 'internal')
const redo = () => t.door.invoke('history.redo', {}, 'internal')
const sound = () => {
  expect(db().pragma('integrity_check', { simple: true })).toBe('ok')
  expect(db().pragma('foreign_key_check')).toEqual([])
  expectRunningBalances(db())
}

/** Commands must succeed or be refused for a reason; never fall over. */
function notInternal(name: string, input: unknown, out: Outcome<unknown>) {
  if (!out.ok && out.error.code === 'internal') throw new Error(`${name} ${JSON.stringify(input)} failed inside: ${out.error.message}`)
}

const ops = (max: number) => fc.array(coreOp, { minLength: 1, maxLength: max, size: 'max' })
/** Start every run with people, money and a reminder, so the random commands have things to act on. */
const PRELUDE: Op[] = [
  { op: 'create', name: 'Anne', kind: 'pc', traits: { Brawn: 3 }, knacks: {} },
  { op: 'create', name: "O'Brien", kind: 'npc', traits: {}, knacks: { Gunnery: 2 } },
  { op: 'grant', who: 1, amount: 2000, memo: 'Purse' },
  { op: 'reminderAdd', title: 'Careen', inDays: 9 }
]

let run = 0
const fileName = () => `undo-prop-${++run}.quarterdeck`

describe('undo properties', () => {
  it('undo everything → every campaign table as at the start (rng and roll log included); redo everything → as before the undos', async () => {
    await fc.assert(
      fc.asyncProperty(ops(40), fc.integer({ min: 1, max: 2 ** 31 - 1 }), async (randomOps, seed) => {
        await openSeededCampaign(t, { seed, fileName: fileName() })
        const start = dumpCampaign(db())
        let writes = 0
        for (const o of [...PRELUDE, ...randomOps]) {
          const { name, input, out } = await runOp(t.door, db(), o)
          notInternal(name, input, out)
          if (out.ok) writes++
        }
        const end = dumpCampaign(db())
        sound()

        let undone = 0
        for (;;) {
          const out = await undo()
          if (!out.ok) {
            expect(out.error).toMatchObject({ code: 'rule', message: 'There is nothing to undo.' })
            break
          }
          undone++
        }
        expect(undone).toBe(writes)
        expect(dumpCampaign(db())).toEqual(start)
        sound()

        let redone = 0
        while ((await redo()).ok) redone++
        expect(redone).toBe(writes)
        expect(dumpCampaign(db())).toEqual(end)
        sound()
      }),
      { numRuns: 20 }
    )
  })

  it('undo and redo anywhere in a sequence land exactly on the state the journal says', async () => {
    type Step = { kind: 'op'; op: Op } | { kind: 'undo' } | { kind: 'redo' }
    const step: fc.Arbitrary<Step> = fc.oneof(
      { weight: 5, arbitrary: coreOp.map((op) => ({ kind: 'op' as const, op })) },
      { weight: 2, arbitrary: fc.constant({ kind: 'undo' as const }) },
      { weight: 1, arbitrary: fc.constant({ kind: 'redo' as const }) }
    )
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 40, size: 'max' }), async (steps) => {
        await openSeededCampaign(t, { seed: 7, fileName: fileName() })
        // states[i]: the campaign after i live (not undone) writes; redoStates: undone states, next first.
        const states = [dumpCampaign(db())]
        const redoStates: ReturnType<typeof dumpCampaign>[] = []
        for (const s of [...PRELUDE.map((op) => ({ kind: 'op' as const, op })), ...steps]) {
          if (s.kind === 'op') {
            const { name, input, out } = await runOp(t.door, db(), s.op)
            notInternal(name, input, out)
            if (out.ok) {
              states.push(dumpCampaign(db()))
              redoStates.length = 0
            } else {
              expect(dumpCampaign(db())).toEqual(states.at(-1))
            }
          } else if (s.kind === 'undo') {
            const out = await undo()
            expect(out.ok).toBe(states.length > 1)
            if (out.ok) redoStates.push(states.pop()!)
          } else {
            const out = await redo()
            expect(out.ok).toBe(redoStates.length > 0)
            if (out.ok) states.push(redoStates.pop()!)
          }
          expect(dumpCampaign(db())).toEqual(states.at(-1))
        }
        while ((await undo()).ok) states.pop()
        expect(states).toHaveLength(1)
        expect(dumpCampaign(db())).toEqual(states[0])
        sound()
      }),
      { numRuns: 15 }
    )
  })
})

describe('replay (RULES.md §1: generated rolls come from a seeded generator stored with the campaign, so play replays exactly)', () => {
  async function play(seed: number, opsList: Op[], session: TestSession) {
    await openSeededCampaign(session, { seed, fileName: fileName() })
    const outcomes: unknown[] = []
    for (const o of [...PRELUDE, ...opsList]) {
      const { out } = await runOp(session.door, session.session.campaign!.db, o)
      outcomes.push(out.ok ? { ok: true, value: out.value } : { ok: false, code: out.error.code, message: out.error.message })
    }
    const campaignDb = session.session.campaign!.db
    return {
      outcomes,
      rolls: campaignDb.prepare(`SELECT * FROM roll_log ORDER BY id`).all(),
      dump: dumpCampaign(campaignDb),
      journal: campaignDb.prepare(`SELECT seq, command, input, summary, undone FROM journal ORDER BY seq`).all()
    }
  }

  it('RULES.md §1: two campaigns with the same seed, given the same commands, produce identical roll logs (and identical campaigns)', async () => {
    const other = makeSession({ now: makeClock('2026-06-01T12:00:00.000Z').now })
    try {
      await fc.assert(
        fc.asyncProperty(ops(30), fc.integer({ min: 1, max: 2 ** 31 - 1 }), async (opsList, seed) => {
          const a = await play(seed, opsList, t)
          const b = await play(seed, opsList, other)
          expect(b.outcomes).toEqual(a.outcomes)
          expect(b.rolls).toEqual(a.rolls)
          expect(b.dump).toEqual(a.dump)
          expect(b.journal).toEqual(a.journal)
        }),
        { numRuns: 12 }
      )
    } finally {
      await other.cleanup()
    }
  })

  it('RULES.md §1: a different seed rolls different dice for the same commands', async () => {
    const opsList: Op[] = [
      { op: 'diceRoll', notation: '5d10' },
      { op: 'peopleRoll', who: 0, trait: 'Brawn', knack: 'Gunnery', tn: 15, raises: 0 },
      { op: 'advance', days: 28 }
    ]
    const other = makeSession({ now: makeClock('2026-06-01T12:00:00.000Z').now })
    try {
      const a = await play(11, opsList, t)
      const b = await play(12, opsList, other)
      expect(a.rolls).toHaveLength(1 + 1 + 4)
      expect((b.rolls as { faces: string }[]).map((r) => r.faces)).not.toEqual((a.rolls as { faces: string }[]).map((r) => r.faces))
    } finally {
      await other.cleanup()
    }
  })

  it('RULES.md §1: an undone roll rolled again gives the same faces (the generator state is undone with it)', async () => {
    await openSeededCampaign(t, { seed: 99, fileName: fileName() })
    const first = await t.door.call('dice.roll', { notation: '10d10!' })
    await t.door.call('history.undo')
    const again = await t.door.call('dice.roll', { notation: '10d10!' })
    expect(again.faces).toEqual(first.faces)
  })
})
