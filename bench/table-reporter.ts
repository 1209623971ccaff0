/**
 * The table `npm run bench` ends with (issue 22): every figure of bench/figures.ts with what this run
 * measured for it (`.bench/run/*.json`, written by the benches through bench/results.ts) or what another
 * tool measured (`.bench/*.json`, arrays of results, e.g. the browser's page and frame times): target,
 * measured, baseline and ratio, pass or over. Also written to `.bench/table.md`.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { join } from 'node:path'
import { FIGURES, type Figure } from './figures'
import { BENCH_DIR, QUICK, ROOT, RUN_DIR, type Result } from './results'

/** A row of `npm run bench:browser`'s file (scripts/bench-browser.ts, bench/results/browser.json). */
interface BrowserRow {
  what: string
  measured: number
  baseline: number | null
  pass: boolean
  note?: string
}

/** The browser bench's rows as the table's figures: the slowest page for every page, each board's p95 by its name. */
export function browserResults(rows: BrowserRow[]): Result[] {
  const out: Result[] = []
  const pages = rows.filter((r) => r.what.startsWith('page usable: '))
  if (pages.length) {
    const worst = pages.reduce((a, b) => (b.measured > a.measured ? b : a))
    const over = pages.filter((r) => !r.pass).map((r) => `${r.what.slice('page usable: '.length)} ${r.measured} ms`)
    out.push({
      id: 'pages.usable',
      measured: worst.measured,
      ...(worst.baseline !== null ? { baseline: worst.baseline } : {}),
      note: `the slowest of ${pages.length} pages (${worst.what.slice('page usable: '.length)}); ${over.length ? `over: ${over.join(', ')}` : 'all under the target'}`
    })
  }
  const boards: [string, string][] = [
    ['High Seas', 'board.highseas.p95'],
    ['Atrilian hex map', 'board.hex.p95'],
    ['Galleys & Galleons', 'board.galleys.p95'],
    ['Broadsides', 'board.broadsides.p95']
  ]
  for (const [name, id] of boards) {
    const r = rows.find((x) => x.what.includes(name) && !x.what.startsWith('page usable: '))
    if (r) out.push({ id, measured: r.measured, ...(r.baseline !== null ? { baseline: r.baseline } : {}), ...(r.note ? { note: r.note } : {}) })
  }
  return out
}

function readResults(): Map<string, Result & { from: string }> {
  const out = new Map<string, Result & { from: string }>()
  // The browser bench's file (npm run bench:browser), when it has been run.
  const browserFile = join(ROOT, 'bench', 'results', 'browser.json')
  if (existsSync(browserFile)) {
    try {
      const when = statSync(browserFile).mtime.toISOString().slice(0, 16).replace('T', ' ')
      for (const r of browserResults((JSON.parse(readFileSync(browserFile, 'utf8')) as { rows: BrowserRow[] }).rows)) out.set(r.id, { ...r, from: `bench/results/browser.json, ${when}` })
    } catch (e) {
      console.warn(`[bench table] ${browserFile} is not the browser bench's results: ${(e as Error).message}`)
    }
  }
  // Other tools' results first; this run's own replace them.
  if (existsSync(BENCH_DIR)) {
    for (const f of readdirSync(BENCH_DIR).filter((f) => f.endsWith('.json')).sort()) {
      const file = join(BENCH_DIR, f)
      try {
        const list = JSON.parse(readFileSync(file, 'utf8')) as Result[]
        const when = statSync(file).mtime.toISOString().slice(0, 16).replace('T', ' ')
        for (const r of Array.isArray(list) ? list : [list]) out.set(r.id, { ...r, from: `.bench/${f}, ${when}` })
      } catch (e) {
        console.warn(`[bench table] ${file} is not a JSON array of results: ${(e as Error).message}`)
      }
    }
  }
  if (existsSync(RUN_DIR)) {
    for (const f of readdirSync(RUN_DIR).filter((f) => f.endsWith('.json'))) {
      const r = JSON.parse(readFileSync(join(RUN_DIR, f), 'utf8')) as Result
      out.set(r.id, { ...r, from: 'this run' })
    }
  }
  return out
}

function num(v: number, unit: string): string {
  if (!Number.isFinite(v)) return String(v)
  if (unit === '/s') return `${Math.round(v).toLocaleString('en')}/s`
  const digits = Math.abs(v) >= 100 ? 0 : Math.abs(v) >= 10 ? 1 : 2
  return `${v.toFixed(digits)} ${unit}`
}

export interface Row {
  what: string
  target: string
  measured: string
  baseline: string
  ratio: string
  verdict: string
  note: string
}

export function rows(): Row[] {
  const results = readResults()
  return FIGURES.map((f: Figure) => {
    const r = results.get(f.id)
    if (!r) return { what: f.what, target: f.target, measured: '—', baseline: f.baseline, ratio: '—', verdict: 'not measured', note: `measured by ${f.by}` }
    const ratio = r.ratio ?? (r.baseline ? r.measured / r.baseline : undefined)
    const okValue = f.limit === null || (f.better === 'lower' ? r.measured <= f.limit : r.measured >= f.limit)
    const okRatio = f.ratioLimit === undefined || (ratio !== undefined && ratio <= f.ratioLimit)
    const verdict = f.limit === null ? 'reported' : okValue && okRatio ? 'pass' : 'over'
    return {
      what: f.what,
      target: f.target,
      measured: num(r.measured, f.unit),
      baseline: r.baseline !== undefined ? `${num(r.baseline, f.unit)} (${f.baseline})` : f.baseline,
      ratio: ratio !== undefined ? `${ratio.toFixed(ratio >= 10 ? 0 : 1)}×` : '—',
      verdict,
      note: [r.note, r.from === 'this run' ? '' : `from ${r.from}`].filter(Boolean).join('; ')
    }
  })
}

export function table(list: Row[]): string {
  const head = ['what', 'target', 'measured', 'ratio', 'pass/over', 'baseline', 'note']
  const body = list.map((r) => [r.what, r.target, r.measured, r.ratio, r.verdict, r.baseline, r.note])
  const esc = (c: string) => c.replace(/\|/g, '\\|')
  return [`| ${head.join(' | ')} |`, `| ${head.map(() => '---').join(' | ')} |`, ...body.map((r) => `| ${r.map(esc).join(' | ')} |`)].join('\n')
}

function aligned(list: Row[]): string {
  const head = ['', 'what', 'target', 'measured', 'ratio', 'pass/over']
  const body = list.map((r, i) => [`${i + 1}.`, r.what, r.target, r.measured, r.ratio, r.verdict])
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((r) => r[i]!.length)))
  const line = (r: string[]) => r.map((c, i) => (i === 0 || i === 3 || i === 4 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ').trimEnd()
  const notes = list.map((r, i) => ({ i, text: [r.measured !== '—' && r.baseline !== '—' ? `baseline ${r.baseline}` : '', r.note].filter(Boolean).join('; ') })).filter((n) => n.text)
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...body.map(line), '', ...notes.map((n) => `  ${n.i + 1}. ${n.text}`)].join('\n')
}

export default class BenchTableReporter {
  onInit(): void {
    rmSync(RUN_DIR, { recursive: true, force: true })
  }

  onTestRunEnd(): void {
    const list = rows()
    const load = loadavg().map((l) => l.toFixed(2)).join(', ')
    const title = `Issue 22's figures (${QUICK ? 'quick run' : 'full run'}; load average ${load})`
    console.log(`\n${title}\n\n${aligned(list)}\n`)
    mkdirSync(BENCH_DIR, { recursive: true })
    writeFileSync(join(BENCH_DIR, 'table.md'), `${title}\n\n${table(list)}\n`)
    console.log(`(also written to .bench/table.md)`)
  }
}
