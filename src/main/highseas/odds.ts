import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import type { OddsResult } from '../../shared/commands/battles'
import { oddsSeed, type OddsResultData } from '../../shared/highseas/simulate'
import type { BattleSetup, BattleState } from '../../shared/highseas/types'
import type { PartialTurnOrders } from '../../shared/highseas/ai'
import { CommandError } from '../../shared/errors'

/**
 * The odds of a battle ('battles.odds'): `simulate` (src/shared/highseas/simulate.ts) in a
 * worker thread, so the main process stays free while thousands of battles are played.
 *
 * Bounded and cancellable (issue 14): at most ODDS_POOL_SIZE workers run at once (more requests
 * wait their turn); at most one simulation per battle (`key`) — a new request for the same battle
 * stops the old one, running or waiting; and an aborted `signal` (the window closed, the HTTP client
 * went away) stops it too. A stopped simulation's worker is terminated at once and its promise
 * rejects with `OddsStopped`.
 */

/** Workers running at once: the machines this runs on have two cores, and the main thread needs one of them now and then. */
export const ODDS_POOL_SIZE = 2

/** A simulation stopped before it finished: replaced by a newer request for its battle, or no longer wanted. */
export class OddsStopped extends CommandError {
  constructor(why: string) {
    super('rule', `The odds were stopped before they were worked out: ${why}.`, { stopped: true })
    this.name = 'OddsStopped'
  }
}

interface Job {
  key: string | undefined
  start: () => void
  stop: (why: string) => void
}
const running = new Set<Job>()
const waiting: Job[] = []

/** How many odds workers are running now, and how many requests wait (for tests and the bench). */
export function oddsPoolState(): { running: number; waiting: number } {
  return { running: running.size, waiting: waiting.length }
}

function pump(): void {
  while (running.size < ODDS_POOL_SIZE && waiting.length > 0) {
    const next = waiting.shift()!
    running.add(next)
    next.start()
  }
}

export type OddsWorkerData =
  | {
      /** Absent: a High Seas battle (the path it always took). */
      ruleset?: undefined
      setup: BattleSetup
      state: BattleState
      runs: number
      seed: number
      maxTurns: number
      /** This turn's orders as given ("this turn as ordered, then the AI"); none: the AI on every ship. */
      firstTurn?: PartialTurnOrders
    }
  | {
      /** A battle under a stepped ruleset (issue 17): its `simulate` through the seam, the AI on every side. */
      ruleset: SteppedOddsRuleset
      setup: unknown
      state: unknown
      runs: number
      seed: number
      /** Absent: the ruleset's own limit (Atrilia: the encounter's turns). */
      maxTurns?: number
    }

/** The stepped rulesets the odds worker can play. */
export type SteppedOddsRuleset = 'atrilia' | 'galleys' | 'broadsides'

export type OddsWorkerMessage =
  | { type: 'progress'; done: number; runs: number }
  | { type: 'done'; result: OddsResultData }
  | { type: 'error'; message: string; stack: string }

export interface OddsOptions {
  /** Default: `oddsSeed(setup, state)` (the battle seed mixed with the turn): the same odds for the same turn. */
  seed?: number
  maxTurns?: number
  /** One simulation per key (the battle): a new one with the same key stops the old. */
  key?: string
  /** Aborted: stop (the window that asked closed, the HTTP client hung up). */
  signal?: AbortSignal
  /** This turn's orders as given: the first turn of every run plays them, then the AI (issue 16 point 9). */
  firstTurn?: PartialTurnOrders
}

/**
 * The worker: the built one beside this module's bundle (out/main/odds-worker.js, this code may
 * sit in out/main/chunks/), or, running from source (vitest, tsx), odds-worker-dev.mjs, which
 * registers tsx's ESM hooks inside the worker and imports odds-worker.ts (`execArgv: ['--import',
 * 'tsx']` does not take in a Node 20 worker: ".ts" stays an unknown extension).
 */
function startWorker(data: OddsWorkerData): Worker {
  const here = dirname(fileURLToPath(import.meta.url))
  for (const dir of [here, join(here, '..')]) {
    const built = join(dir, 'odds-worker.js')
    if (existsSync(built)) return new Worker(built, { workerData: data })
  }
  // From source: a small ES module that registers tsx's hooks in the worker, then imports odds-worker.ts.
  const dev = join(here, 'odds-worker-dev.mjs')
  if (!existsSync(dev)) throw new Error(`odds: no odds-worker.js beside ${here}, and no source to run`)
  return new Worker(dev, { workerData: data })
}

/** Play the battle `runs` times from `state` with the AI on every ship (or this turn as ordered first), in a worker thread. */
export function runOdds(
  setup: BattleSetup,
  state: BattleState,
  runs: number,
  onProgress?: (done: number, runs: number) => void,
  opts: OddsOptions = {}
): Promise<OddsResult> {
  const data: OddsWorkerData = {
    setup,
    state,
    runs,
    seed: opts.seed ?? oddsSeed(setup, state),
    maxTurns: opts.maxTurns ?? 60,
    ...(opts.firstTurn ? { firstTurn: opts.firstTurn } : {})
  }
  return runInWorker(data, onProgress, opts)
}

/**
 * Play a battle under a stepped ruleset `runs` times from `state` with the AI on every side, in a
 * worker thread (the same pool, keys and stopping as High Seas). `seed` is required: the caller mixes
 * the battle's seed with its step, so the same step gives the same odds.
 */
export function runSteppedOdds(
  ruleset: SteppedOddsRuleset,
  setup: unknown,
  state: unknown,
  runs: number,
  onProgress: ((done: number, runs: number) => void) | undefined,
  opts: Omit<OddsOptions, 'firstTurn' | 'seed'> & { seed: number }
): Promise<OddsResult> {
  const data: OddsWorkerData = { ruleset, setup, state, runs, seed: opts.seed, ...(opts.maxTurns !== undefined ? { maxTurns: opts.maxTurns } : {}) }
  return runInWorker(data, onProgress, opts)
}

function runInWorker(data: OddsWorkerData, onProgress: ((done: number, runs: number) => void) | undefined, opts: Pick<OddsOptions, 'key' | 'signal'>): Promise<OddsResult> {
  return new Promise<OddsResult>((resolve, reject) => {
    let settled = false
    let worker: Worker | undefined
    const done = () => {
      running.delete(job)
      const i = waiting.indexOf(job)
      if (i >= 0) waiting.splice(i, 1)
      opts.signal?.removeEventListener('abort', onAbort)
      pump()
    }
    const finish = (fn: () => void) => {
      if (settled) return
      settled = true
      fn()
      if (worker) void worker.terminate()
      done()
    }
    const job: Job = {
      key: opts.key,
      stop: (why) => finish(() => reject(new OddsStopped(why))),
      start: () => {
        const started = performance.now()
        try {
          worker = startWorker(data)
        } catch (e) {
          finish(() => reject(e))
          return
        }
        worker.on('message', (m: OddsWorkerMessage) => {
          if (settled) return
          if (m.type === 'progress') onProgress?.(m.done, m.runs)
          else if (m.type === 'done') finish(() => resolve({ ...m.result, ms: Math.round(performance.now() - started) }))
          else finish(() => reject(Object.assign(new Error(`odds: ${m.message}`), { stack: m.stack })))
        })
        worker.on('error', (e) => finish(() => reject(e)))
        worker.on('exit', (code) => finish(() => reject(new Error(`odds: the worker stopped (exit code ${code}) before it finished`))))
      }
    }
    const onAbort = () => job.stop('the window that asked for them was closed')
    if (opts.signal?.aborted) return job.stop('the window that asked for them was closed')
    opts.signal?.addEventListener('abort', onAbort, { once: true })
    if (opts.key !== undefined) {
      for (const other of [...running, ...waiting]) if (other.key === opts.key) other.stop('a newer request for the same battle replaced them')
    }
    waiting.push(job)
    pump()
  })
}
