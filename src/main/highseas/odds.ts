import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import type { OddsResult } from '../../shared/commands/battles'
import { oddsSeed, type OddsResultData } from '../../shared/highseas/simulate'
import type { BattleSetup, BattleState } from '../../shared/highseas/types'

/**
 * The odds of a battle ('battles.odds'): `simulate` (src/shared/highseas/simulate.ts) in a
 * worker thread, so the main process stays free while thousands of battles are played. One
 * worker per request (the machines this runs on have two cores; the main thread keeps the other).
 */

export interface OddsWorkerData {
  setup: BattleSetup
  state: BattleState
  runs: number
  seed: number
  maxTurns: number
}

export type OddsWorkerMessage =
  | { type: 'progress'; done: number; runs: number }
  | { type: 'done'; result: OddsResultData }
  | { type: 'error'; message: string; stack: string }

export interface OddsOptions {
  /** Default: `oddsSeed(setup, state)` (the battle seed mixed with the turn): the same odds for the same turn. */
  seed?: number
  maxTurns?: number
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

/** Play the battle `runs` times from `state` with the AI on every ship, in a worker thread. */
export function runOdds(
  setup: BattleSetup,
  state: BattleState,
  runs: number,
  onProgress?: (done: number, runs: number) => void,
  opts: OddsOptions = {}
): Promise<OddsResult> {
  const started = performance.now()
  const data: OddsWorkerData = { setup, state, runs, seed: opts.seed ?? oddsSeed(setup, state), maxTurns: opts.maxTurns ?? 60 }
  return new Promise<OddsResult>((resolve, reject) => {
    let settled = false
    let worker: Worker
    try {
      worker = startWorker(data)
    } catch (e) {
      reject(e)
      return
    }
    const finish = (fn: () => void) => {
      if (settled) return
      settled = true
      fn()
      void worker.terminate()
    }
    worker.on('message', (m: OddsWorkerMessage) => {
      if (m.type === 'progress') onProgress?.(m.done, m.runs)
      else if (m.type === 'done') finish(() => resolve({ ...m.result, ms: Math.round(performance.now() - started) }))
      else finish(() => reject(Object.assign(new Error(`odds: ${m.message}`), { stack: m.stack })))
    })
    worker.on('error', (e) => finish(() => reject(e)))
    worker.on('exit', (code) => finish(() => reject(new Error(`odds: the worker stopped (exit code ${code}) before it finished`))))
  })
}
