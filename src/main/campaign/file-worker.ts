/**
 * The campaign file worker thread (started by ./file-work.ts): the quick check of a campaign file, and
 * an automatic backup of it, each on a read-only connection of its own, off the main thread (issue 22). Built as its own entry (electron.vite.config.ts → out/main/file-worker.js); from source (tests)
 * it is loaded through tsx.
 */
import { parentPort, workerData } from 'node:worker_threads'
import { finishCopy } from './backups'
import type { FileWorkerData, FileWorkerMessage } from './file-work'
import { integrityProblem, openSqlite } from './sqlite'

const port = parentPort
if (!port) throw new Error('file-worker: must run in a worker thread')
const data = workerData as FileWorkerData
const binding = data.nativeBinding ? { nativeBinding: data.nativeBinding } : {}
let message: FileWorkerMessage
if (data.task === 'check') {
  let problem: string | null
  try {
    const db = openSqlite(data.path, { readonly: true, fileMustExist: true, ...binding })
    try {
      problem = integrityProblem(db, 'quick')
    } finally {
      db.close()
    }
  } catch (e) {
    // SQLite could not read the file through: that is damage too (the main thread opened it, so it exists).
    problem = (e as Error).message
  }
  message = { ok: true, value: problem }
} else {
  try {
    // One step for every page: one read of one snapshot, whatever the main thread writes meanwhile.
    const source = openSqlite(data.path, { readonly: true, fileMustExist: true, ...binding })
    try {
      await source.backup(data.partial, { progress: () => 0x7fffffff })
    } finally {
      source.close()
    }
    message = { ok: true, value: finishCopy(data.partial, data.label, binding) }
  } catch (e) {
    message = { ok: false, message: (e as Error).message }
  }
}
port.postMessage(message)
