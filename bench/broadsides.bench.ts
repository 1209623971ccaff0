/**
 * `npx vitest bench --run bench/broadsides.bench.ts`: the Broadsides duel's odds simulator on one core.
 *
 *  - "odds run": one run of "A frigate overhauls a merchantman" (the preset) from the start, the AI on
 *    both ships, the deck deciding their movement, fastDice, to the end of the battle or its 30 turns —
 *    the loop `simulate` runs for each run. Its hz is the battles simulated per second.
 *  - "one AI step": the AI's orders and one resolved step from a mid-battle state (turn 4).
 */
import { bench, describe } from 'vitest'
import { QUICK, record } from './results'
import { seedState } from '../src/shared/dice/rng'
import { fastDice } from '../src/shared/highseas/dice'
import { runSeed } from '../src/shared/battle/odds'
import { aiOrders } from '../src/shared/broadsides/ai'
import { resolveStep, startBattle } from '../src/shared/broadsides/engine'
import { broadsidesPreset } from '../src/shared/broadsides/preset'
import { playOut } from '../src/shared/broadsides/simulate'

const setup = broadsidesPreset('frigateMerchantman', 1)
const start = startBattle(setup)
let mid = start
{
  const dice = fastDice(seedState(9))
  while (!mid.outcome && mid.turn < 4) mid = resolveStep(setup, mid, aiOrders(setup, mid), dice).state
}
let i = 0
let runs = 0
let ms = 0
/** False while vitest warms up. */
let measuring = false
const stepDice = fastDice(seedState(3))

describe('Broadsides & Boarding Parties duel odds (seed 001, "A frigate overhauls a merchantman")', () => {
  bench(
    'odds run: the preset from the start, AI both ships, to the end (hz = battles simulated per second)',
    () => {
      const t = performance.now()
      playOut(setup, start, runSeed(1, i++))
      if (measuring) {
        runs++
        ms += performance.now() - t
      }
    },
    {
      time: QUICK ? 1000 : 3000,
      setup: (_task, mode) => {
        measuring = mode === 'run'
      },
      teardown: (_task, mode) => {
        if (mode === 'run') record({ id: 'sim.broadsides', measured: runs / (ms / 1000), note: `${runs} battles in ${(ms / 1000).toFixed(1)} s` })
      }
    }
  )
  bench('one AI step: orders and resolution from turn 4', () => {
    resolveStep(setup, mid, aiOrders(setup, mid), stepDice)
  })
})
