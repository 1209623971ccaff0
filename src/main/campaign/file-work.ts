import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'

/**
 * Work on campaign files in a worker thread, so that the main thread — which runs the GM's commands —
 * does not wait for it (issue 22), for a campaign file of WORKER_FILE_BYTES or more (a smaller one takes
 * a few milliseconds on the main thread, where it stays):
 *  - the quick check: SQLite's `quick_check` reads every page, about a second for a ten-year campaign,
 *    so a big file opens at once and is checked beside the GM's first reads; writes wait for the
 *    verdict (the session), and a damaged file is closed and offered for recovery;
 *  - an automatic backup: taken by a read-only connection of the worker's own, in one step (one
 *    snapshot of the campaign, which the GM goes on changing meanwhile: WAL lets one writer and readers
 *    work at once), then made a file of its own (out of WAL mode), the GM's name for it written in, and
 *    what it holds read (the backups window lists its date). Copying a ten-year campaign takes most of
 *    a second and syncing it to disk some more: on the main thread, a command would wait for that.
 */
export const WORKER_FILE_BYTES = 8 * 1024 * 1024

/** What the backups window shows of a backup, read from inside it. */
export interface BackupMeta {
  name: string | null
  day: number | null
  dateLabel: string | null
}

export type FileWorkerData =
  | { task: 'check'; path: string; nativeBinding?: string }
  | { task: 'backup'; path: string; partial: string; label: string | null; nativeBinding?: string }

export type FileWorkerMessage =
  | { ok: true; value: unknown }
  /** The work itself failed (not the worker): its message. */
  | { ok: false; message: string }

/** The built worker beside this module's bundle (out/main/file-worker.js, or one up from chunks/), else the source through tsx. */
function startWorker(data: FileWorkerData): Worker {
  const here = dirname(fileURLToPath(import.meta.url))
  for (const dir of [here, join(here, '..')]) {
    const built = join(dir, 'file-worker.js')
    if (existsSync(built)) return new Worker(built, { workerData: data })
  }
  const dev = join(here, 'file-worker-dev.mjs')
  if (!existsSync(dev)) throw new Error(`file work: no file-worker.js beside ${here}, and no source to run`)
  return new Worker(dev, { workerData: data })
}

/** The worker could not do the work (it did not start, or stopped): the caller does it itself. */
export class WorkerUnavailable extends Error {}

/**
 * Run `data`'s task in a worker. Resolves with its answer, rejects with the task's own error, or with
 * WorkerUnavailable when the worker could not run it. A worker is never stopped half-way (`terminate`
 * during SQLite's work or while the worker loads can leave the process hanging): it runs to its answer.
 */
export function inWorker<T>(data: FileWorkerData): Promise<T> {
  let worker: Worker
  try {
    worker = startWorker(data)
  } catch (e) {
    return Promise.reject(new WorkerUnavailable((e as Error).message))
  }
  return new Promise<T>((resolve, reject) => {
    let answered = false
    worker.once('message', (m: FileWorkerMessage) => {
      answered = true
      if (m.ok) resolve(m.value as T)
      else reject(new Error(m.message))
    })
    worker.once('error', (e) => {
      if (!answered) reject(new WorkerUnavailable(e.message))
    })
    worker.once('exit', (code) => {
      if (!answered) reject(new WorkerUnavailable(`the file worker stopped (exit code ${code}) before it answered`))
    })
  })
}

/** The quick check of a campaign file in a worker: the problem found (null: sound). */
export function checkInWorker(data: { path: string; nativeBinding?: string }): Promise<string | null> {
  return inWorker<string | null>({ task: 'check', ...data })
}
