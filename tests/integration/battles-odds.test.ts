/**
 * battles.odds through the door's 'read-async' kind, with the worker replaced by a stand-in the test
 * drives: the battle is read inside the queue, the simulation runs outside it (other commands,
 * writes included, go on meanwhile), progress reaches every window at most about ten times a
 * second, and one final `done: true` follows success or failure. (The real worker is exercised by
 * battles-turns.test.ts and highseas-odds-worker.test.ts.)
 */
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

const control = vi.hoisted(() => ({
  calls: [] as { runs: number; turn: number; onProgress?: (done: number, total: number) => void; resolve: (v: unknown) => void; reject: (e: unknown) => void }[]
}))
vi.mock('../../src/main/highseas/odds', () => ({
  runOdds: (_setup: unknown, state: { turn: number }, runs: number, onProgress?: (done: number, total: number) => void) =>
    new Promise((resolve, reject) => control.calls.push({ runs, turn: state.turn, onProgress, resolve, reject }))
}))

import type { DoorEvent } from '../../src/shared/bridge'
import { PROGRESS_INTERVAL_MS } from '../../src/main/door/door'
import { dropSample, openSample, seaDogVsMerchantman, type SampleSession } from './battles-ops'

let s: SampleSession
beforeEach(async () => {
  control.calls.length = 0
  s = await openSample()
})
afterEach(async () => {
  await s.t.cleanup()
})
afterAll(dropSample)

const RESULT = {
  mode: 'ai',
  runs: 100,
  maxTurns: 60,
  sides: [
    { side: 'Tortuga', win: { p: 0.3, low: 0.2, high: 0.4 }, escape: { p: 0, low: 0, high: 0.04 }, sunk: { p: 0.5, low: 0.4, high: 0.6 }, struck: { p: 0.1, low: 0.05, high: 0.18 } },
    { side: 'Montaigne', win: { p: 0.7, low: 0.6, high: 0.8 }, escape: { p: 0, low: 0, high: 0.04 }, sunk: { p: 0.1, low: 0.05, high: 0.18 }, struck: { p: 0.2, low: 0.1, high: 0.3 } }
  ],
  undecided: { p: 0, low: 0, high: 0.04 },
  meanTurns: 4.2,
  ms: 12
}

const tick = () => new Promise((r) => setTimeout(r, 0))

describe("battles.odds ('read-async')", () => {
  it('reads the battle in the queue, then lets other commands (writes too) run while it simulates', async () => {
    const { battleId } = await s.call('battles.start', seaDogVsMerchantman(s))
    const events: DoorEvent[] = []
    const off = s.t.session.on((e) => events.push(e))
    const odds = s.call('battles.odds', { battleId, runs: 100 })
    await tick()
    expect(control.calls).toHaveLength(1)
    expect(control.calls[0]).toMatchObject({ runs: 100, turn: 1 })
    // A write queued after the odds runs and finishes while the simulation is still going.
    await s.call('battles.resolveTurn', { battleId })
    expect((await s.call('battles.state', { battleId })).turn).toBe(2)

    // Progress: the first report goes out, reports within 100 ms are held back.
    const c = control.calls[0]!
    c.onProgress?.(10, 100)
    c.onProgress?.(20, 100)
    c.onProgress?.(30, 100)
    await new Promise((r) => setTimeout(r, PROGRESS_INTERVAL_MS + 20))
    c.onProgress?.(90, 100)
    c.resolve(RESULT)
    expect(await odds).toEqual(RESULT)
    off()
    const progress = events.filter((e): e is Extract<DoorEvent, { type: 'progress' }> => e.type === 'progress')
    expect(progress).toEqual([
      { type: 'progress', command: 'battles.odds', message: '10 of 100 runs', done: false, fraction: 0.1 },
      { type: 'progress', command: 'battles.odds', message: '90 of 100 runs', done: false, fraction: 0.9 },
      { type: 'progress', command: 'battles.odds', message: '90 of 100 runs', done: true, fraction: 1 }
    ])
    // A read is not journalled and changes nothing.
    expect(events.some((e) => e.type === 'changed' && e.command === 'battles.odds')).toBe(false)
  })

  it('a failed simulation is an internal error (logged), still ends the progress, and the queue goes on', async () => {
    const { battleId } = await s.call('battles.start', seaDogVsMerchantman(s))
    const events: DoorEvent[] = []
    const off = s.t.session.on((e) => events.push(e))
    const odds = s.t.door.invoke('battles.odds', { battleId, runs: 10 }, 'internal')
    await tick()
    control.calls[0]!.reject(new Error('odds: the worker stopped'))
    const out = await odds
    off()
    expect(out.ok).toBe(false)
    if (!out.ok) expect(out.error.code).toBe('internal')
    expect(events.filter((e) => e.type === 'progress' && e.done)).toHaveLength(1)
    expect((await s.call('battles.list')).length).toBe(1)
  })

  it('an unknown battle is refused before anything runs', async () => {
    expect(await s.fail('battles.odds', { battleId: 42, runs: 10 })).toMatchObject({ code: 'not_found' })
    expect(control.calls).toHaveLength(0)
  })
})
