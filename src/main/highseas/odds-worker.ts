/**
 * The odds worker thread (started by ./odds.ts): runs `simulate` off the main thread and posts
 * progress, then the result. Built as its own entry (electron.vite.config.ts → out/main/odds-worker.js);
 * from source (tests) it is loaded through tsx.
 */
import { parentPort, workerData } from 'node:worker_threads'
import { simulate } from '../../shared/highseas/simulate'
import { atriliaRuleset } from '../../shared/atrilia/ruleset'
import { galleysRuleset } from '../../shared/galleys/ruleset'
import { broadsidesRuleset } from '../../shared/broadsides/ruleset'
import type { AnyRuleset } from '../../shared/battle/ruleset'
import type { OddsWorkerData, OddsWorkerMessage, SteppedOddsRuleset } from './odds'

/** The stepped rulesets' `simulate`, through the battle seam (issue 17). */
const STEPPED: Record<SteppedOddsRuleset, AnyRuleset> = { atrilia: atriliaRuleset, galleys: galleysRuleset, broadsides: broadsidesRuleset }

const port = parentPort
if (!port) throw new Error('odds-worker: must run in a worker thread')
const post = (m: OddsWorkerMessage) => port.postMessage(m)
const data = workerData as OddsWorkerData
try {
  if (data.ruleset === undefined) {
    const result = simulate(data.setup, data.state, {
      runs: data.runs,
      seed: data.seed,
      maxTurns: data.maxTurns,
      ...(data.firstTurn ? { firstTurn: data.firstTurn } : {}),
      onProgress: (done, runs) => post({ type: 'progress', done, runs })
    })
    post({ type: 'done', result })
  } else {
    const odds = STEPPED[data.ruleset].simulate(data.setup, data.state, {
      runs: data.runs,
      seed: data.seed,
      ...(data.maxTurns !== undefined ? { maxTurns: data.maxTurns } : {}),
      onProgress: (done: number, runs: number) => post({ type: 'progress', done, runs })
    })
    post({ type: 'done', result: { mode: 'ai', ...odds } })
  }
} catch (e) {
  const err = e instanceof Error ? e : new Error(String(e))
  post({ type: 'error', message: err.message, stack: err.stack ?? '' })
}
