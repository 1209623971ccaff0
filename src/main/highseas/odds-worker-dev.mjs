// Running from source (vitest, tsx): register tsx's ESM hooks in this worker thread, then load the
// TypeScript worker. The built app starts out/main/odds-worker.js instead (see ./odds.ts).
import { register } from 'tsx/esm/api'

register()
await import('./odds-worker.ts')
