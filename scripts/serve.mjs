// `npm run serve -- --campaign FILE [--port N] [--create]`: only the HTTP host. Build output, if a
// build is needed, goes to stderr; stdout carries the one "Quarterdeck serving …" line.
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { buildIfNeeded, root } from './lib.mjs'

buildIfNeeded()
const child = spawn(process.execPath, [join(root, 'out', 'main', 'serve.js'), ...process.argv.slice(2)], {
  stdio: 'inherit'
})
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig))
child.on('exit', (code) => process.exit(code ?? 0))
