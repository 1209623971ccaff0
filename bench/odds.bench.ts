/**
 * `npx vitest bench --run bench/odds.bench.ts`: the odds of a battle as the GM sees them (issue 22: 10,000
 * runs of a two-ship battle ≤ 100 ms from click to answer). A High Seas battle of two generated ships — a
 * heavily armed pirate Corsair against a heavily armed Merchantman, from short range, the AI on both — is
 * started in the sample campaign; `battles.odds` with 10,000 runs is timed through the door (the battle
 * read, the worker pool, the answer), against the engine alone: `simulate` of the same battle, the same
 * runs, in this thread.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { bench, describe } from 'vitest'
import { buildSampleCampaign } from '../resources/sample/tortuga-run'
import { AppSession } from '../src/main/app/session'
import { Door } from '../src/main/door/door'
import { simulate } from '../src/shared/highseas/simulate'
import type { BattleSetup, BattleState } from '../src/shared/highseas/types'
import { pct, QUICK, record } from './results'

const RUNS = 10_000
const home = mkdtempSync(join(tmpdir(), 'qd-odds-bench-'))
const path = join(home, 'odds.quarterdeck')
await buildSampleCampaign(path)
const session = new AppSession({ home, mode: 'browser', version: 'bench', log: () => {} })
const door = new Door(session, { checkOutputs: false })
await door.call('campaigns.open', { path })
const { battleId } = await door.call('battles.start', {
  name: 'Odds bench',
  participants: [
    { generate: { hull: 'corsair', armament: 'heavy', nation: 'Vodacce', crewKind: 'pirate' }, side: 'Pirates', control: 'ai' },
    { generate: { hull: 'merchantman', armament: 'heavy', nation: 'Montaigne' }, side: 'Montaigne', control: 'ai' }
  ],
  range: 'short',
  seed: 1234
})
const row = session.campaign!.db.prepare(`SELECT setup, state FROM battle WHERE id = ?`).get(battleId) as { setup: string; state: string }
const setup = JSON.parse(row.setup) as BattleSetup
const state = JSON.parse(row.state) as BattleState

const door10k: number[] = []
const engine10k: number[] = []
let measuring = false
describe(`odds of a two-ship High Seas battle, ${RUNS.toLocaleString('en')} runs`, () => {
  bench(
    'battles.odds through the door (worker pool), ask to answer',
    async () => {
      const t = performance.now()
      const out = await door.invoke('battles.odds', { battleId, runs: RUNS }, 'internal')
      if (!out.ok) throw new Error(out.error.message)
      if (measuring) door10k.push(performance.now() - t)
    },
    { time: QUICK ? 1 : 3000, iterations: QUICK ? 2 : 5, warmupIterations: 1, setup: (_t, mode) => void (measuring = mode === 'run') }
  )
  bench(
    'the engine alone: simulate, the same battle and runs, in this thread',
    () => {
      const t = performance.now()
      simulate(setup, state, { runs: RUNS, seed: 7 })
      if (measuring) engine10k.push(performance.now() - t)
    },
    {
      time: QUICK ? 1 : 3000,
      iterations: QUICK ? 2 : 5,
      warmupIterations: 1,
      setup: (_t, mode) => void (measuring = mode === 'run'),
      teardown: async (_t, mode) => {
        if (mode !== 'run') return
        record({ id: 'odds.10k', measured: pct(door10k, 50), baseline: pct(engine10k, 50), note: `p50 of ${door10k.length} asks; the engine alone p50 ${pct(engine10k, 50).toFixed(0)} ms on one core` })
        await session.close()
        rmSync(home, { recursive: true, force: true })
      }
    }
  )
})
