/**
 * `npx vitest bench --run bench/atrilia.bench.ts`: the Atrilian odds simulator's speed on one core.
 *
 *  - "odds run": one run of "The first battle of al-Zabdiyat" (seed 002 §12, the preset) from the
 *    start, the AI on both sides, fastDice, trace off, to the end of the battle or its 20 turns —
 *    the loop `simulate` runs for each run. Its hz is the preset's odds runs per second.
 *  - "one AI step": the AI's orders and one resolved step from a mid-battle state (turn 6), to see
 *    where the time goes.
 */
import { bench, describe } from 'vitest'
import { QUICK, record } from './results'
import { seedState } from '../src/shared/dice/rng'
import { fastDice } from '../src/shared/highseas/dice'
import { runSeed } from '../src/shared/battle/odds'
import { aiOrders } from '../src/shared/atrilia/ai'
import { resolveStep, startBattle } from '../src/shared/atrilia/engine'
import { alZabdiyat } from '../src/shared/atrilia/preset'
import { playOut } from '../src/shared/atrilia/simulate'

const setup = alZabdiyat(1)
const start = startBattle(setup)
let mid = start
{
  const dice = fastDice(seedState(9))
  while (!mid.outcome && mid.turn < 6) mid = resolveStep(setup, mid, aiOrders(setup, mid), dice, { trace: false }).state
}
let i = 0
let runs = 0
let ms = 0
/** False while vitest warms up. */
let measuring = false
const stepDice = fastDice(seedState(3))

describe('Atrilian hex battle odds (seed 002, "The first battle of al-Zabdiyat")', () => {
  // A run takes tens of milliseconds: three seconds of runs, so that the figure rests on a hundred or so.
  bench(
    'odds run: the preset from the start, AI both sides, to the end (hz = odds runs per second)',
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
        if (mode === 'run') record({ id: 'sim.atrilia', measured: runs / (ms / 1000), note: `${runs} battles in ${(ms / 1000).toFixed(1)} s` })
      }
    }
  )
  bench('one AI step: orders and resolution from turn 6', () => {
    resolveStep(setup, mid, aiOrders(setup, mid, { verify: false }), stepDice, { trace: false })
  })
})
