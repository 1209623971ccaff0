// `npm run dev`: electron-vite's dev mode (hot reload) where Electron runs; elsewhere the renderer's
// Vite dev server with its API calls sent to a local host on a fixed port.
import { spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import { root } from './lib.mjs'

const require = createRequire(import.meta.url)
let hasElectron = true
try {
  require('electron')
} catch {
  hasElectron = false
}
const bin = (name) => join(root, 'node_modules', '.bin', name)
if (hasElectron) {
  spawn(bin('electron-vite'), ['dev'], { stdio: 'inherit', cwd: root }).on('exit', (c) => process.exit(c ?? 0))
} else {
  const port = process.env.QUARTERDECK_API_PORT ?? '47811'
  process.stdout.write(`Electron is not available here; running the renderer dev server with the API on 127.0.0.1:${port}.\n`)
  const token = randomBytes(18).toString('base64url')
  const env = { ...process.env, QUARTERDECK_TOKEN: token }
  const host = spawn(bin('tsx'), ['src/main/serve.ts', '--last-or-sample', '--port', port], { stdio: ['ignore', 'ignore', 'inherit'], cwd: root, env })
  const vite = spawn(bin('vite'), ['--config', 'vite.dev.config.ts', '--port', '5173', '--strictPort'], { stdio: ['ignore', 'ignore', 'inherit'], cwd: root })
  process.stdout.write(`Open http://127.0.0.1:5173/?token=${token}\n`)
  const stop = () => {
    host.kill()
    vite.kill()
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}
