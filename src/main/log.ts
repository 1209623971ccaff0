import { appendFileSync } from 'node:fs'
import { inspect } from 'node:util'

/** A logger that appends full errors (with stacks) to a file and says one line on stderr. */
export function fileLogger(file: string): (message: string, error?: unknown) => void {
  return (message, error) => {
    const at = new Date().toISOString()
    const detail = error === undefined ? '' : '\n' + inspect(error, { depth: 5 })
    try {
      appendFileSync(file, `${at} ${message}${detail}\n`)
    } catch {
      // the log is best effort; never let it break a command
    }
    process.stderr.write(`${message}${error instanceof Error ? `: ${error.message}` : ''}\n`)
  }
}
