/**
 * `npx vitest bench --run bench/galleys.bench.ts`: the Galleys & Galleons odds simulator on one core
 * (issue 22: the other rulesets report battles per second for their presets). Each "odds run" plays a
 * preset from the start with the AI on every player, fastDice, to the end of the battle or its turns —
 * the loop `simulate` runs for each run; its hz is the preset's battles simulated per second. The table's
 * figure is the slowest preset's rate (the one that caps the odds' runs, 1,000 at about 5 s).
 */
import { bench, describe } from 'vitest'
import { runSeed } from '../src/shared/battle/odds'
import { startBattle } from '../src/shared/galleys/engine'
import { GALLEYS_PRESET_NAMES, galleysPreset, type GalleysPreset } from '../src/shared/galleys/preset'
import { playOut } from '../src/shared/galleys/simulate'
import { QUICK, record } from './results'

const PRESETS = Object.keys(GALLEYS_PRESET_NAMES) as GalleysPreset[]
const rates = new Map<GalleysPreset, { runs: number; ms: number }>()
let measuring = false

describe('Galleys & Galleons odds (seed 000 house rules), each preset', () => {
  for (const key of PRESETS) {
    const setup = galleysPreset(key, 1)
    const start = startBattle(setup)
    const rate = { runs: 0, ms: 0 }
    rates.set(key, rate)
    let i = 0
    bench(
      `odds run: ${GALLEYS_PRESET_NAMES[key]}, AI every player, to the end (hz = battles simulated per second)`,
      () => {
        const t = performance.now()
        playOut(setup, start, runSeed(1, i++))
        if (measuring) {
          rate.runs++
          rate.ms += performance.now() - t
        }
      },
      {
        time: QUICK ? 700 : 2000,
        setup: (_task, mode) => {
          measuring = mode === 'run'
        },
        teardown: (_task, mode) => {
          if (mode !== 'run' || key !== PRESETS.at(-1)) return
          const each = PRESETS.map((k) => ({ k, hz: rates.get(k)!.runs / (rates.get(k)!.ms / 1000) }))
          const slowest = each.reduce((a, b) => (b.hz < a.hz ? b : a))
          record({ id: 'sim.galleys', measured: slowest.hz, note: each.map((e) => `${GALLEYS_PRESET_NAMES[e.k]} ${e.hz.toFixed(1)}/s`).join(', ') })
        }
      }
    )
  }
})
