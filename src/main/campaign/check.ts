import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'

/**
 * The quick check of a big campaign file in a worker thread (issue 22): SQLite's `quick_check` reads
 * every page, about a second for a ten-year campaign, so a file of BACKGROUND_CHECK_BYTES or more opens
 * at once and is checked beside the GM's first reads; writes wait for the verdict (the session), and a
 * damaged file is closed and offered for recovery. A smaller file is checked before it opens, as always.
 */
export const BACKGROUND_CHECK_BYTES = 8 * 1024 * 1024

export interface CheckWorkerData {
  path: string
  nativeBinding?: string
}

export interface CheckWorkerMessage {
  /** Null: the file is sound; else what SQLite found wrong. */
  problem: string | null
}

/** The built worker beside this module's bundle (out/main/check-worker.js, or one up from chunks/), else the source through tsx. */
function startWorker(data: CheckWorkerData): Worker {
  const here = dirname(fileURLToPath(import.meta.url))
  for (const dir of [here, join(here, '..')]) {
    const built = join(dir, 'check-worker.js')
    if (existsSync(built)) return new Worker(built, { workerData: data })
  }
  const dev = join(here, 'check-worker-dev.mjs')
  if (!existsSync(dev)) throw new Error(`check: no check-worker.js beside ${here}, and no source to run`)
  return new Worker(dev, { workerData: data })
}

/**
 * Check the file in a worker. `verdict` resolves with the problem found (null: sound), or rejects when
 * the worker could not run the check or was stopped; `stop` ends the worker (the file is being closed).
 */
export function checkInWorker(data: CheckWorkerData): { verdict: Promise<string | null>; stop: () => void } {
  const worker = startWorker(data)
  const verdict = new Promise<string | null>((resolve, reject) => {
    let answered = false
    worker.once('message', (m: CheckWorkerMessage) => {
      answered = true
      resolve(m.problem)
    })
    worker.once('error', (e) => {
      if (!answered) reject(e)
    })
    worker.once('exit', (code) => {
      if (!answered) reject(new Error(`the file check's worker stopped (exit code ${code}) before it answered`))
    })
  })
  return { verdict, stop: () => void worker.terminate() }
}
