/**
 * `npx tsx scripts/bench-duels.ts [seconds] [--json]`: how many AI-vs-AI High Seas duels one core plays per
 * second, against "the RNG floor" — the time the same generator alone takes to draw the same number
 * of random faces. Prints `duels/s: N, rng floor: M draws/s, ratio: R` where R = (time of a duel) /
 * (time of drawing that duel's faces alone): 1 would mean the rules cost nothing beyond the dice.
 *
 * The duel: a heavily armed pirate Corsair against a heavily armed Merchantman, both AI, from
 * Extreme range until the battle is decided or 60 turns (the odds simulator's default), as the
 * simulator plays and reads a run (simulate.ts oddsRuns: two ships, so the duel kernel, kernel.ts, and
 * each side's fate read from it). bench/highseas.bench.ts measures the
 * same through vitest bench. Rates are per second of CPU time of this process (process.cpuUsage), so a busy
 * machine skews them less than wall time, and the duels and the floor are measured alternately, a twentieth
 * of the time at a turn, so that the ratio compares the two on the same machine.
 */
import { fileURLToPath } from 'node:url'
import type { DiceSpec } from '../src/shared/dice/notation'
import { seedState } from '../src/shared/dice/rng'
import { ordersForTurn } from '../src/shared/highseas/ai'
import { battleOver, fastDice, resolveTurn, startBattle, type DiceSource } from '../src/shared/highseas/engine'
import { D10Stream } from '../src/shared/highseas/dice'
import { runSeed } from '../src/shared/battle/odds'
import { oddsRuns } from '../src/shared/highseas/simulate'
import type { RunEnd } from '../src/shared/battle/odds'
import type { BattleSetup, BattleState } from '../src/shared/highseas/types'
import { corsairVsMerchant } from '../tests/highseas-fixtures'

export const MAX_TURNS = 60

/** A DiceSource that counts the generator faces drawn (each die, plus one per exploded ten). */
export function countingDice(inner: DiceSource): DiceSource & { faces: number } {
  const c = {
    faces: 0,
    roll(spec: DiceSpec, purpose: string) {
      const r = inner.roll(spec, purpose)
      const sides = spec.kind === 'keep' ? 10 : spec.sides
      if (spec.explode) for (const d of r.dice) c.faces += Math.floor(d / sides) + 1 - (d % sides === 0 ? 1 : 0)
      else c.faces += r.dice.length
      return r
    },
    rngState: () => inner.rngState()
  }
  return c
}

export function duelSetup(): { setup: BattleSetup; start: BattleState; play: (rngSeed: number) => RunEnd } {
  const setup = corsairVsMerchant(1)
  const start = startBattle(setup)
  return { setup, start, play: oddsRuns(setup, start, MAX_TURNS).play }
}

/** Duel number `i` as the odds simulator plays and reads it (`play` from duelSetup). */
export function duel(play: (rngSeed: number) => RunEnd, i: number): number {
  return play(runSeed(12345, i)).turns
}

/** Faces drawn per duel on average over `n` duels (and the mean turns). */
export function facesPerDuel(setup: BattleSetup, start: BattleState, n: number): { faces: number; turns: number } {
  let faces = 0
  let turns = 0
  for (let i = 0; i < n; i++) {
    const dice = countingDice(fastDice(seedState(runSeed(12345, i))))
    let s = start
    let t = 0
    while (!battleOver(s) && t < MAX_TURNS) {
      s = resolveTurn(setup, s, ordersForTurn(setup, s, {}, { allAi: true }), dice, { trace: false }).state
      t++
    }
    faces += dice.faces
    turns += t
  }
  return { faces: faces / n, turns: turns / n }
}

/**
 * The floor: a drawer of `n` d10 faces from the same generator as the simulator's, drawn as it draws them
 * (dice.ts D10Stream: pure-rand's xoroshiro128+ and uniformInt on an Int32Array state; returns a checksum).
 * It used to draw through pure-rand's generator object, whose speed on V8 depends on what ran before it in
 * the process (its fields are boxed numbers or not): 60–230 million faces a second in the same script.
 */
export function faceDrawer(seed = 7): (n: number) => number {
  const gen = D10Stream.fromState(seedState(seed))!
  return (n) => {
    let sum = 0
    for (let i = 0; i < n; i++) sum += gen.face()
    return sum
  }
}

/** CPU microseconds this thread's process has used (user + system): per-core throughput despite a busy machine. */
function cpuMicros(): number {
  const u = process.cpuUsage()
  return u.user + u.system
}

/** Steps per CPU second of `step`, stepping for `seconds` of CPU time (checking the clock every `every` steps). */
function timeFor(seconds: number, step: (k: number) => void, every = 32, from = 0): { steps: number; micros: number } {
  const t0 = cpuMicros()
  const until = t0 + seconds * 1e6
  let k = from
  let now = t0
  while (now < until) {
    for (let x = 0; x < every; x++) step(k++)
    now = cpuMicros()
  }
  return { steps: k - from, micros: now - t0 }
}

/**
 * The duels and the floor measured in turns of `seconds / ROUNDS` each, alternately, so that both see the
 * same machine (its load on this shared 2-core machine moves within seconds, and the ratio is the figure).
 */
const ROUNDS = 20

export function measure(seconds = 3): { duelsPerSec: number; facesPerDuel: number; turnsPerDuel: number; drawsPerSec: number; ratio: number } {
  const { setup, start, play } = duelSetup()
  const { faces, turns } = facesPerDuel(setup, start, 2000)
  // Warm up both, then measure.
  for (let i = 0; i < 2000; i++) duel(play, i)
  const drawFaces = faceDrawer()
  drawFaces(1e6)
  // A hundred thousand faces between two readings of the CPU clock (each reading costs about a microsecond).
  const batch = 100_000
  let sink = 0
  let duels = 0
  let duelMicros = 0
  let draws = 0
  let drawMicros = 0
  for (let r = 0; r < ROUNDS; r++) {
    const d = timeFor(seconds / ROUNDS, (k) => duel(play, k), 32, duels)
    duels += d.steps
    duelMicros += d.micros
    const f = timeFor(seconds / ROUNDS, () => (sink += drawFaces(batch)), 1)
    draws += f.steps * batch
    drawMicros += f.micros
  }
  if (sink === 42) console.log('')
  const duelsPerSec = duels / (duelMicros / 1e6)
  const drawsPerSec = draws / (drawMicros / 1e6)
  const ratio = drawsPerSec / (duelsPerSec * faces)
  return { duelsPerSec, facesPerDuel: faces, turnsPerDuel: turns, drawsPerSec, ratio }
}

function report(seconds: number, json: boolean): void {
  const m = measure(seconds)
  if (json) return void console.log(JSON.stringify(m))
  console.log(`(a duel: ${m.turnsPerDuel.toFixed(1)} turns, ${m.facesPerDuel.toFixed(0)} faces drawn)`)
  console.log(`duels/s: ${Math.round(m.duelsPerSec)}, rng floor: ${Math.round(m.drawsPerSec)} draws/s, ratio: ${m.ratio.toFixed(1)}`)
}

/**
 * tsx compiles with esbuild's keepNames, which wraps every closure the engine and the AI create in
 * a `__name(fn, "…")` call (Object.defineProperty per closure per turn) — several times slower than
 * the app's bundle. So by default this script bundles itself the way the app is built (esbuild,
 * no keepNames, minify off) into a temporary file and runs that; `--tsx` measures as run.
 */
async function main(): Promise<void> {
  const args = process.argv.slice(2)
  const seconds = Number(args.find((a) => /^\d+(\.\d+)?$/.test(a)) ?? 3)
  const json = args.includes('--json')
  if (process.env.QD_BENCH_BUNDLED || args.includes('--tsx')) return report(seconds, json)
  const { build } = await import('esbuild')
  const { mkdtempSync, rmSync } = await import('node:fs')
  const { tmpdir } = await import('node:os')
  const { join } = await import('node:path')
  const { spawnSync } = await import('node:child_process')
  const dir = mkdtempSync(join(tmpdir(), 'qd-bench-'))
  try {
    const out = join(dir, 'bench-duels.mjs')
    await build({ entryPoints: [fileURLToPath(import.meta.url)], bundle: true, platform: 'node', format: 'esm', target: 'node20', outfile: out, logLevel: 'warning', external: ['esbuild'] })
    const r = spawnSync(process.execPath, [out, String(seconds), ...(json ? ['--json'] : [])], { stdio: 'inherit', env: { ...process.env, QD_BENCH_BUNDLED: '1' } })
    process.exitCode = r.status ?? 1
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) void main()
