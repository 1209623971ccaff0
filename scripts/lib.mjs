// Small helpers shared by the npm scripts.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const root = fileURLToPath(new URL('..', import.meta.url))

function newest(dir) {
  let t = 0
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name)
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs)
  }
  return t
}

/** True when out/ is missing or older than any source it is built from. */
export function needsBuild() {
  const built = join(root, 'out', 'main', 'serve.js')
  if (!existsSync(built) || !existsSync(join(root, 'out', 'renderer', 'index.html'))) return true
  const builtAt = statSync(built).mtimeMs
  const sources = ['src', 'resources'].map((d) => newest(join(root, d)))
  for (const f of ['package.json', 'electron.vite.config.ts']) sources.push(statSync(join(root, f)).mtimeMs)
  return Math.max(...sources) > builtAt
}

/** Build with electron-vite, its output sent to stderr so stdout stays for the app's own line. */
export function build() {
  const r = spawnSync(process.execPath, [join(root, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js'), 'build'], {
    cwd: root,
    stdio: ['ignore', 2, 2]
  })
  if (r.status !== 0) {
    process.stderr.write('Quarterdeck: the build failed (see above).\n')
    process.exit(r.status ?? 1)
  }
}

export function buildIfNeeded() {
  if (needsBuild()) build()
}
