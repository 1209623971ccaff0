/**
 * `npx vitest bench --run bench/bundle.bench.ts`: the renderer's first JavaScript (issue 22: ≤ 1 MB before
 * the first screen; boards and charts load with their pages). Read from the build in out/renderer (run
 * `npm run build` first; without it the figure is left unmeasured): the entry script of index.html and the
 * chunks it preloads, against all of the renderer's JavaScript.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { bench, describe } from 'vitest'
import { record, ROOT } from './results'

const dir = join(ROOT, 'out', 'renderer')
const html = join(dir, 'index.html')

describe("the renderer's first JavaScript", () => {
  bench(
    existsSync(html) ? 'out/renderer: the entry and the chunks it preloads' : 'out/renderer is not built (npm run build): not measured',
    () => {
      if (!existsSync(html)) return
      const page = readFileSync(html, 'utf8')
      const first = new Set<string>()
      for (const m of page.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)) first.add(m[1]!)
      for (const m of page.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)) first.add(m[1]!)
      const size = (rel: string) => statSync(join(dir, rel.replace(/^\.?\//, ''))).size
      const firstBytes = [...first].reduce((n, f) => n + size(f), 0)
      const all = (d: string): number =>
        readdirSync(d, { withFileTypes: true }).reduce((n, e) => n + (e.isDirectory() ? all(join(d, e.name)) : e.name.endsWith('.js') ? statSync(join(d, e.name)).size : 0), 0)
      const built = statSync(html).mtime.toISOString().slice(0, 16).replace('T', ' ')
      record({ id: 'renderer.first', measured: firstBytes / 1e6, baseline: all(dir) / 1e6, note: `${first.size} files; built ${built}` })
    },
    { iterations: 1, time: 1, warmupIterations: 0, warmupTime: 0 }
  )
})
