/**
 * An odds worker thread of the pool (./odds.ts): kept running, it plays the shares of simulations it is
 * sent, one at a time — runs `from` … `to` − 1 of a battle's `simulate` (High Seas, or a stepped ruleset
 * through the battle seam) — and posts their progress, then their counts (added up in the main thread).
 * Built as its own entry (electron.vite.config.ts → out/main/odds-worker.js); from source (tests) it is
 * bundled in the worker by odds-worker-dev.mjs.
 */
import { parentPort } from 'node:worker_threads'
import { simulate } from '../../shared/highseas/simulate'
import { atriliaRuleset } from '../../shared/atrilia/ruleset'
import { galleysRuleset } from '../../shared/galleys/ruleset'
import { broadsidesRuleset } from '../../shared/broadsides/ruleset'
import type { AnyRuleset, RunTally } from '../../shared/battle/ruleset'
import type { OddsShare, OddsWorkerMessage, SteppedOddsRuleset } from './odds'

/** The stepped rulesets' `simulate`, through the battle seam (issue 17). */
const STEPPED: Record<SteppedOddsRuleset, AnyRuleset> = { atrilia: atriliaRuleset, galleys: galleysRuleset, broadsides: broadsidesRuleset }

const port = parentPort
if (!port) throw new Error('odds-worker: must run in a worker thread')
const post = (m: OddsWorkerMessage) => port.postMessage(m)

function play({ share, data, from, to }: OddsShare): void {
  let tally: RunTally | undefined
  const common = {
    runs: data.runs,
    seed: data.seed,
    from,
    to,
    onProgress: (done: number) => post({ type: 'progress', share, done }),
    onTally: (t: RunTally) => (tally = t)
  }
  if (data.ruleset === undefined) {
    simulate(data.setup, data.state, { ...common, maxTurns: data.maxTurns, ...(data.firstTurn ? { firstTurn: data.firstTurn } : {}) })
  } else {
    STEPPED[data.ruleset].simulate(data.setup, data.state, { ...common, ...(data.maxTurns !== undefined ? { maxTurns: data.maxTurns } : {}) })
  }
  if (!tally) throw new Error('the simulation gave no counts')
  post({ type: 'done', share, tally, mode: data.ruleset === undefined && data.firstTurn ? 'asOrdered' : 'ai' })
}

port.on('message', (m: OddsShare) => {
  try {
    play(m)
  } catch (e) {
    const err = e instanceof Error ? e : new Error(String(e))
    post({ type: 'error', share: m.share, message: err.message, stack: err.stack ?? '' })
  }
})
