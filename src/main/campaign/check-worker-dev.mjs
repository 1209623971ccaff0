// Running from source (vitest, tsx): register tsx's ESM hooks in this worker thread, then load the
// TypeScript worker. The built app starts out/main/check-worker.js instead (see ./check.ts).
import { register } from 'tsx/esm/api'

register()
await import('./check-worker.ts')
