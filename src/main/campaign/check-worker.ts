/**
 * The file check's worker thread (started by ./check.ts): SQLite's quick check of a campaign file on a
 * read-only connection of its own, off the main thread, so a big campaign opens at once (issue 22).
 * Built as its own entry (electron.vite.config.ts → out/main/check-worker.js); from source (tests) it
 * is loaded through tsx.
 */
import { parentPort, workerData } from 'node:worker_threads'
import type { CheckWorkerData, CheckWorkerMessage } from './check'
import { integrityProblem, openSqlite } from './sqlite'

const port = parentPort
if (!port) throw new Error('check-worker: must run in a worker thread')
const data = workerData as CheckWorkerData
let message: CheckWorkerMessage
try {
  const db = openSqlite(data.path, { readonly: true, fileMustExist: true, ...(data.nativeBinding ? { nativeBinding: data.nativeBinding } : {}) })
  try {
    message = { problem: integrityProblem(db, 'quick') }
  } finally {
    db.close()
  }
} catch (e) {
  // SQLite could not read the file through: that is damage too (the main thread opened it, so it exists).
  message = { problem: (e as Error).message }
}
port.postMessage(message)
