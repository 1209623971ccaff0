import { existsSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import type { OddsResult } from '../../shared/commands/battles'
import { addTallies, oddsOfTally } from '../../shared/battle/odds'
import type { RunTally } from '../../shared/battle/ruleset'
import { oddsSeed } from '../../shared/highseas/simulate'
import type { BattleSetup, BattleState } from '../../shared/highseas/types'
import type { PartialTurnOrders } from '../../shared/highseas/ai'
import { CommandError } from '../../shared/errors'

/**
 * The odds of a battle ('battles.odds', every ruleset): its `simulate` played on a pool of worker
 * threads, so the main process stays free while thousands of battles are played, and the runs are
 * shared out over the cores (issue 22: 10,000 runs of a two-ship battle in a blink).
 *
 * The pool: `oddsWorkers()` threads (one per core by default, `setOddsWorkers` for tests and the bench),
 * started when the first odds are asked for and kept, idle ones not holding the process open;
 * `closeOddsPool()` ends them (the app closing). A simulation of `runs` runs is cut into one share per
 * worker — runs `from` … `to` − 1, whose dice are `runSeed(seed, i)` for run i whoever plays it — and
 * the shares' counts are added up (battle/odds.ts `addTallies`): the same odds for the same battle and
 * runs on any number of workers, and the same as `simulate` in one thread.
 *
 * Bounded and cancellable (issue 14): at most ODDS_POOL_SIZE simulations run at once (more requests
 * wait their turn; the shares of those running queue for the workers in order); at most one simulation
 * per battle (`key`) — a new request for the same battle stops the old one, running or waiting; and an
 * aborted `signal` (the window closed, the HTTP client went away) stops it too. A stopped simulation's
 * busy workers are terminated at once (new ones start when next needed) and its promise rejects with
 * `OddsStopped`.
 */

/** Simulations running at once (each shares its runs over every worker of the pool). */
export const ODDS_POOL_SIZE = 2

/** Worker threads by default: one per core (the machines this runs on have two), at most eight. */
export const ODDS_WORKERS = Math.max(1, Math.min(8, availableParallelism()))

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

/** How many simulations are running now, and how many requests wait (for tests and the bench). */
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

/** To a worker: play runs `from` … `to` − 1 of a simulation (`data.runs` in all). */
export interface OddsShare {
  /** Which share this is (echoed in the replies). */
  share: number
  data: OddsWorkerData
  from: number
  to: number
}

/** From a worker, about the share it is playing. */
export type OddsWorkerMessage =
  | { type: 'progress'; share: number; done: number }
  | { type: 'done'; share: number; tally: RunTally; mode: 'ai' | 'asOrdered' }
  | { type: 'error'; share: number; message: string; stack: string }

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

// ─── The pool ───────────────────────────────────────────────────────────────────────────────────

/**
 * A worker: the built one beside this module's bundle (out/main/odds-worker.js, this code may sit in
 * out/main/chunks/), or, running from source (vitest, tsx), odds-worker-dev.mjs, which bundles
 * odds-worker.ts with esbuild in the worker as the app's build does (or, without esbuild, registers tsx's
 * ESM hooks there: `execArgv: ['--import', 'tsx']` does not take in a Node 20 worker).
 */
function startWorker(): Worker {
  const here = dirname(fileURLToPath(import.meta.url))
  for (const dir of [here, join(here, '..')]) {
    const built = join(dir, 'odds-worker.js')
    if (existsSync(built)) return new Worker(built)
  }
  // From source: a small ES module that bundles odds-worker.ts in the worker and runs it.
  const dev = join(here, 'odds-worker-dev.mjs')
  if (!existsSync(dev)) throw new Error(`odds: no odds-worker.js beside ${here}, and no source to run`)
  return new Worker(dev)
}

/** A share of a simulation, waiting for a worker or being played by one. */
interface Share {
  msg: OddsShare
  onMessage: (m: OddsWorkerMessage) => void
  /** The worker failed or stopped under it. */
  onFail: (e: Error) => void
}
interface PoolWorker {
  worker: Worker
  share: Share | null
}

let workersWanted = ODDS_WORKERS
const pool: PoolWorker[] = []
const queue: Share[] = []
let nextShare = 1

/** The number of worker threads the pool runs (started as they are needed). */
export function oddsWorkers(): number {
  return workersWanted
}

/**
 * Set the number of worker threads (at least 1): for the tests and the bench (the app keeps one per
 * core). Idle workers beyond the number end now, busy ones when their share is done.
 */
export function setOddsWorkers(n: number): void {
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`odds: the pool needs a whole number of workers, 1 or more (got ${String(n)})`)
  workersWanted = n
  for (const w of pool.slice()) if (pool.length > workersWanted && !w.share) drop(w)
}

/** Stop every simulation and end the pool's workers (the app closing); the pool starts again if odds are asked for. */
export async function closeOddsPool(): Promise<void> {
  for (const j of [...running, ...waiting]) j.stop('Quarterdeck is closing')
  const ending = pool.map((w) => w.worker.terminate())
  pool.length = 0
  queue.length = 0
  await Promise.allSettled(ending)
}

function drop(w: PoolWorker): void {
  const i = pool.indexOf(w)
  if (i >= 0) pool.splice(i, 1)
  void w.worker.terminate()
}

function spawn(): PoolWorker {
  const w: PoolWorker = { worker: startWorker(), share: null }
  w.worker.unref()
  w.worker.on('message', (m: OddsWorkerMessage) => {
    const sh = w.share
    if (!sh || m.share !== sh.msg.share) return
    if (m.type !== 'progress') {
      w.share = null
      w.worker.unref()
    }
    sh.onMessage(m)
    if (m.type !== 'progress') {
      if (pool.length > workersWanted) drop(w)
      dispatch()
    }
  })
  const gone = (e: Error) => {
    const i = pool.indexOf(w)
    if (i < 0) return
    pool.splice(i, 1)
    const sh = w.share
    w.share = null
    if (sh) sh.onFail(e)
    dispatch()
  }
  w.worker.on('error', (e) => gone(e))
  w.worker.on('exit', (code) => gone(new Error(`odds: the worker stopped (exit code ${code}) before it finished`)))
  pool.push(w)
  return w
}

/** Hand the queued shares to idle workers, starting workers up to the pool's size. */
function dispatch(): void {
  while (queue.length > 0) {
    let w = pool.find((x) => !x.share)
    if (!w) {
      if (pool.length >= workersWanted) return
      try {
        w = spawn()
      } catch (e) {
        const sh = queue.shift()!
        sh.onFail(e as Error)
        continue
      }
    }
    const sh = queue.shift()!
    w.share = sh
    w.worker.ref()
    w.worker.postMessage(sh.msg)
  }
}

/** Take a simulation's shares back: queued ones leave the queue, workers playing one are terminated. */
function withdraw(shares: readonly Share[]): void {
  for (const sh of shares) {
    const q = queue.indexOf(sh)
    if (q >= 0) queue.splice(q, 1)
    const w = pool.find((x) => x.share === sh)
    if (w) {
      w.share = null
      drop(w)
    }
  }
  dispatch()
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

/** Cut `runs` into `k` shares as even as can be: [from, to) each, in order, none empty (unless runs is 0). */
export function sharesOf(runs: number, k: number): Array<[number, number]> {
  const n = Math.max(1, Math.min(k, runs))
  const out: Array<[number, number]> = []
  for (let x = 0; x < n; x++) out.push([Math.floor((x * runs) / n), Math.floor(((x + 1) * runs) / n)])
  return out
}

function runInWorker(data: OddsWorkerData, onProgress: ((done: number, runs: number) => void) | undefined, opts: Pick<OddsOptions, 'key' | 'signal'>): Promise<OddsResult> {
  return new Promise<OddsResult>((resolve, reject) => {
    let settled = false
    let shares: Share[] = []
    const done = () => {
      running.delete(job)
      const i = waiting.indexOf(job)
      if (i >= 0) waiting.splice(i, 1)
      opts.signal?.removeEventListener('abort', onAbort)
      pump()
    }
    const finish = (fn: () => void, stopWorkers: boolean) => {
      if (settled) return
      settled = true
      fn()
      if (stopWorkers) withdraw(shares)
      done()
    }
    const job: Job = {
      key: opts.key,
      stop: (why) => finish(() => reject(new OddsStopped(why)), true),
      start: () => {
        const started = performance.now()
        const parts = sharesOf(data.runs, workersWanted)
        const progress = parts.map(() => 0)
        const tallies: (RunTally | undefined)[] = parts.map(() => undefined)
        let left = parts.length
        let mode: 'ai' | 'asOrdered' = 'ai'
        shares = parts.map(([from, to], k) => ({
          msg: { share: nextShare++, data, from, to },
          onMessage: (m: OddsWorkerMessage) => {
            if (settled) return
            if (m.type === 'progress') {
              progress[k] = m.done
              onProgress?.(progress.reduce((a, b) => a + b, 0), data.runs)
            } else if (m.type === 'done') {
              tallies[k] = m.tally
              mode = m.mode
              if (--left === 0) {
                const result = { mode, ...oddsOfTally(addTallies(tallies as RunTally[])) }
                finish(() => resolve({ ...result, ms: Math.round(performance.now() - started) }), false)
              }
            } else finish(() => reject(Object.assign(new Error(`odds: ${m.message}`), { stack: m.stack })), true)
          },
          onFail: (e: Error) => finish(() => reject(e), true)
        }))
        queue.push(...shares)
        dispatch()
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
