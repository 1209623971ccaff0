/**
 * What a bench measured for a figure of bench/figures.ts, for the one table `npm run bench` ends with.
 * Each result is a JSON file in the run's results folder (`.bench/run/`, emptied when a run starts);
 * results measured by other tools are JSON arrays of the same shape in `.bench/*.json`.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

export interface Result {
  /** The figure's id (bench/figures.ts). */
  id: string
  /** The figure, in its unit. */
  measured: number
  /** The baseline measured in the same run, in the same unit (the ratio is measured ÷ baseline). */
  baseline?: number
  /** The ratio when it is not measured ÷ baseline (High Seas: a duel's time ÷ drawing its faces). */
  ratio?: number
  /** More of what was measured (p50 beside a p99, repetitions, the load). */
  note?: string
}

export const ROOT = fileURLToPath(new URL('..', import.meta.url))
export const BENCH_DIR = join(ROOT, '.bench')
export const RUN_DIR = join(BENCH_DIR, 'run')

/** `npm run bench -- --quick` (QD_BENCH_QUICK=1): the same figures from shorter measurements. */
export const QUICK = process.env.QD_BENCH_QUICK === '1'

export function record(result: Result): void {
  mkdirSync(RUN_DIR, { recursive: true })
  writeFileSync(join(RUN_DIR, `${result.id}.json`), JSON.stringify(result, null, 2) + '\n')
}

/** The p-th percentile (nearest rank) of `list`. */
export function pct(list: readonly number[], p: number): number {
  const s = [...list].sort((a, b) => a - b)
  if (s.length === 0) return NaN
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!
}
