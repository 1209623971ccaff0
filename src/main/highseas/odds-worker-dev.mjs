// Running from source (vitest, tsx, `npm run dev`): the built app starts out/main/odds-worker.js instead
// (see ./odds.ts). This worker bundles odds-worker.ts with esbuild in memory, the way the app's build
// makes it (no keepNames: tsx's transform wraps every closure of the engine in a `__name` call, which
// makes the simulator several times slower than the app), and runs that. Without esbuild it registers
// tsx's ESM hooks in this thread and imports the TypeScript as it is.
import { fileURLToPath } from 'node:url'

const entry = fileURLToPath(new URL('./odds-worker.ts', import.meta.url))
let code = null
try {
  const { build } = await import('esbuild')
  const out = await build({ entryPoints: [entry], bundle: true, platform: 'node', format: 'esm', target: 'node20', write: false, logLevel: 'silent' })
  code = out.outputFiles[0].text
} catch {
  code = null
}
if (code !== null) await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)
else {
  const { register } = await import('tsx/esm/api')
  register()
  await import('./odds-worker.ts')
}
