/**
 * `npx vitest bench --run bench/highseas.bench.ts`: the odds simulator's speed on one core.
 *
 *  - "duel": a heavily armed pirate Corsair against a heavily armed Merchantman, both under the AI,
 *    from Extreme range until decided or 60 turns, as the simulator plays and reads a run (oddsRuns: the duel kernel).
 *  - "rng floor": drawing, with the same generator (dice.ts D10Stream), as many d10 faces as a duel
 *    draws on average (counted first with a counting DiceSource over the full engine). The ratio duel / floor is printed at the end;
 *    issue 22's goal is ≥ 150,000 duels/s and ≤ 10× the floor.
 *
 * The figure of the table comes from `scripts/bench-duels.ts --json`, which measures the same bundled the
 * way the app is built (vitest's transform runs the engine slower), per second of CPU time.
 */
import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import { bench, describe } from 'vitest'
import { duel, duelSetup, faceDrawer, facesPerDuel } from '../scripts/bench-duels'
import { QUICK, record, ROOT } from './results'

const { setup, start, play } = duelSetup()
const { faces, turns } = facesPerDuel(setup, start, 2000)
const perDuel = Math.max(1, Math.round(faces))
let i = 0
let sink = 0
const drawFaces = faceDrawer()

describe(`High Seas duel (${turns.toFixed(1)} turns, ${perDuel} faces drawn on average)`, () => {
  bench('duel: Corsair vs heavy Merchantman, AI both sides', () => {
    duel(play, i++)
  })
  bench(
    `rng floor: ${perDuel} d10 faces, same generator`,
    () => {
      sink += drawFaces(perDuel)
    },
    {
      teardown: (_task, mode) => {
        if (mode !== 'run') return
        if (sink === -1) console.log('')
        const out = execFileSync(process.execPath, [join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'), join(ROOT, 'scripts', 'bench-duels.ts'), QUICK ? '1' : '3', '--json'], { cwd: ROOT, encoding: 'utf8' })
        const m = JSON.parse(out.trim().split('\n').at(-1)!) as { duelsPerSec: number; facesPerDuel: number; turnsPerDuel: number; drawsPerSec: number; ratio: number }
        record({
          id: 'highseas.duels',
          measured: m.duelsPerSec,
          ratio: m.ratio,
          note: `a duel: ${m.turnsPerDuel.toFixed(1)} turns, ${m.facesPerDuel.toFixed(0)} faces; the floor draws ${Math.round(m.drawsPerSec).toLocaleString('en')} faces/s (CPU time, bundled as the app is)`
        })
      }
    }
  )
})
