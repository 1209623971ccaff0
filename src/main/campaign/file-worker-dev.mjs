// Running from source (vitest, tsx): register tsx's ESM hooks in this worker thread, then load the
// TypeScript worker. The built app starts out/main/file-worker.js instead (see ./file-work.ts).
import { register } from 'tsx/esm/api'

register()
await import('./file-worker.ts')
