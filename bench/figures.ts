/**
 * The figures of issue 22's table, in its order: what each measures, its target, what its ratio is taken
 * against (a baseline measured in the same run), and where it is measured. `npm run bench` ends with one
 * table of every figure here (bench/table-reporter.ts), each with the result a bench recorded for it
 * (bench/results.ts) — or "not measured" and where it is measured when no result was recorded.
 *
 * A figure measured outside `vitest bench` (the browser's page and frame times) is a row here like any
 * other, `by` naming what measures it; that tool writes its results as JSON (an array of `Result`s, see
 * bench/results.ts) to a file in `.bench/` (e.g. `.bench/browser.json`), and the table takes them in.
 */
export interface Figure {
  id: string
  /** What is measured, as the issue words it. */
  what: string
  /** The target as the table shows it ("≤ 10 ms"). */
  target: string
  /** The target as a number in `unit` (null: reported, no target). */
  limit: number | null
  /** Whether lower or higher is better. */
  better: 'lower' | 'higher'
  unit: string
  /** A second target, on the ratio to the baseline (High Seas: ≤ 10× the RNG floor). */
  ratioLimit?: number
  /** What the ratio is taken against, measured in the same run. */
  baseline: string
  /** Where it is measured. */
  by: string
}

const browser = 'headless Chromium (another part of issue 22)'

export const FIGURES: Figure[] = [
  {
    id: 'highseas.duels',
    what: 'High Seas duels per second, one core (AI both sides)',
    target: '≥ 150k, ≤ 10× the RNG floor',
    limit: 150_000,
    better: 'higher',
    unit: '/s',
    ratioLimit: 10,
    baseline: 'the RNG floor: drawing the same faces alone (ratio = a duel ÷ its faces)',
    by: 'bench/highseas.bench.ts (scripts/bench-duels.ts, bundled as the app is)'
  },
  {
    id: 'odds.10k',
    what: 'odds of a battle as the GM sees them: 10,000 runs of a two-ship battle, ask to answer',
    target: '≤ 100 ms',
    limit: 100,
    better: 'lower',
    unit: 'ms',
    baseline: 'the engine alone: the same 10,000 duels in this thread',
    by: 'bench/odds.bench.ts (battles.odds through the door)'
  },
  {
    id: 'world.p50',
    what: "the outside world's balance + a history page, p50",
    target: '≤ 2 ms',
    limit: 2,
    better: 'lower',
    unit: 'ms',
    baseline: 'bare SQL: the statements the door runs, prepared once',
    by: 'bench/core.bench.ts'
  },
  {
    id: 'world.p99',
    what: "the outside world's balance + a history page, p99",
    target: '≤ 10 ms',
    limit: 10,
    better: 'lower',
    unit: 'ms',
    baseline: 'bare SQL: the statements the door runs, prepared once',
    by: 'bench/core.bench.ts'
  },
  {
    id: 'advance.p99',
    what: '`clock.advance` 30 days, p99',
    target: '≤ 10 ms',
    limit: 10,
    better: 'lower',
    unit: 'ms',
    baseline: 'bare SQL: 30 day updates and reminder look-ups in one transaction',
    by: 'bench/core.bench.ts'
  },
  {
    id: 'advance.backups.p99',
    what: '`clock.advance` 30 days, p99, an automatic backup falling due every 100th command',
    target: '≤ 10 ms',
    limit: 10,
    better: 'lower',
    unit: 'ms',
    baseline: 'the same commands with no backup due',
    by: 'bench/core.bench.ts'
  },
  {
    id: 'voyage.p50',
    what: "a 60-day voyage (all its `voyages.sail` calls), p50",
    target: '≤ 5 ms',
    limit: 5,
    better: 'lower',
    unit: 'ms',
    baseline: '`clock.advance` of the same 60 days through the door',
    by: 'bench/voyage.bench.ts'
  },
  {
    id: 'voyage.p99',
    what: "a 60-day voyage (all its `voyages.sail` calls), p99",
    target: '≤ 15 ms',
    limit: 15,
    better: 'lower',
    unit: 'ms',
    baseline: '`clock.advance` of the same 60 days through the door',
    by: 'bench/voyage.bench.ts'
  },
  {
    id: 'monthly.p50',
    what: 'the monthly steps for 200 ships (upkeep and the careening clock), p50',
    target: '≤ 15 ms',
    limit: 15,
    better: 'lower',
    unit: 'ms',
    baseline: "bare SQL: the fleet's rows read in one query, its ledger postings and company updates written",
    by: 'bench/upkeep.bench.ts'
  },
  {
    id: 'file.size',
    what: 'the campaign file (ten years: 200 characters, 200k ledger transactions, 1M rolls)',
    target: '≤ 100 MB',
    limit: 100,
    better: 'lower',
    unit: 'MB',
    baseline: 'the bytes of its rows alone (no indexes, no page space)',
    by: 'bench/core.bench.ts'
  },
  {
    id: 'file.open',
    what: 'the campaign file opens (ready for the first screen), p50',
    target: '≤ 300 ms',
    limit: 300,
    better: 'lower',
    unit: 'ms',
    baseline: 'bare SQLite: open the file and read its schema',
    by: 'bench/core.bench.ts'
  },
  {
    id: 'renderer.first',
    what: "the renderer's first JavaScript (before the first screen)",
    target: '≤ 1 MB',
    limit: 1,
    better: 'lower',
    unit: 'MB',
    baseline: 'all of the renderer\u2019s JavaScript',
    by: 'bench/bundle.bench.ts (reads out/renderer: `npm run build` first)'
  },
  { id: 'pages.usable', what: 'every page of the ten-year campaign usable', target: '≤ 300 ms', limit: 300, better: 'lower', unit: 'ms', baseline: '—', by: browser },
  { id: 'board.highseas.p95', what: 'High Seas board, 20 ships, dragging: p95 frame time', target: '≤ 16.7 ms', limit: 16.7, better: 'lower', unit: 'ms', baseline: 'raw Konva on the same scene', by: browser },
  { id: 'board.hex.p95', what: 'the hex map, 40 counters and markers: p95 frame time', target: '≤ 16.7 ms', limit: 16.7, better: 'lower', unit: 'ms', baseline: 'raw Konva on the same scene', by: browser },
  { id: 'board.galleys.p95', what: 'the G&G table, 30 ships and terrain: p95 frame time', target: '≤ 16.7 ms', limit: 16.7, better: 'lower', unit: 'ms', baseline: 'raw Konva on the same scene', by: browser },
  { id: 'board.broadsides.p95', what: 'the B&BP board, both full decks: p95 frame time', target: '≤ 16.7 ms', limit: 16.7, better: 'lower', unit: 'ms', baseline: 'raw Konva on the same scene', by: browser },
  {
    id: 'sim.atrilia',
    what: 'Atrilian battle simulated per second (preset "The first battle of al-Zabdiyat")',
    target: 'reported',
    limit: null,
    better: 'higher',
    unit: '/s',
    baseline: '—',
    by: 'bench/atrilia.bench.ts'
  },
  {
    id: 'sim.broadsides',
    what: 'Broadsides duels simulated per second (preset "A frigate overhauls a merchantman")',
    target: 'reported',
    limit: null,
    better: 'higher',
    unit: '/s',
    baseline: '—',
    by: 'bench/broadsides.bench.ts'
  },
  {
    id: 'sim.galleys',
    what: 'Galleys & Galleons battles simulated per second (the slowest of its three presets)',
    target: 'reported',
    limit: null,
    better: 'higher',
    unit: '/s',
    baseline: '—',
    by: 'bench/galleys.bench.ts'
  }
]
