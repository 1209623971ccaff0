// `npm start`: build if needed, then open the desktop window, or, where Electron cannot run,
// say so in one line and serve the same app on 127.0.0.1.
import { spawn, spawnSync } from 'node:child_process'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { buildIfNeeded, root } from './lib.mjs'

const require = createRequire(import.meta.url)
const args = process.argv.slice(2)

function electronBinary() {
  try {
    const bin = require('electron') // the package exports the binary's path, and throws when it was not downloaded
    if (typeof bin !== 'string') return { reason: 'the electron package did not give a binary path' }
    return { bin }
  } catch (e) {
    const first = String(e.message).split('\n')[0]
    return { reason: /Cannot find module 'electron'/.test(first) ? 'its binary is not installed: Electron downloads it at install time, which needs internet' : first }
  }
}

function electronNative() {
  const check = spawnSync(process.execPath, [join(root, 'scripts', 'electron-native.mjs'), '--check'], { stdio: 'ignore' })
  if (check.status === 0) return null
  const made = spawnSync(process.execPath, [join(root, 'scripts', 'electron-native.mjs')], { stdio: ['ignore', 2, 2] })
  return made.status === 0 ? null : 'better-sqlite3 could not be built for Electron'
}

buildIfNeeded()
const electron = electronBinary()
const problem = electron.bin ? electronNative() : electron.reason
if (electron.bin && !problem) {
  const child = spawn(electron.bin, [root, ...args], { stdio: 'inherit' })
  child.on('exit', (code) => process.exit(code ?? 0))
} else {
  process.stdout.write(`Electron is not available here (${problem}), so Quarterdeck is served on 127.0.0.1 instead: open the address below in a browser.\n`)
  const child = spawn(process.execPath, [join(root, 'out', 'main', 'serve.js'), '--last-or-sample', ...args], {
    stdio: 'inherit'
  })
  for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig))
  child.on('exit', (code) => process.exit(code ?? 0))
}
