/**
 * Typed command errors. Every failure that crosses the door is one of these codes, so the
 * renderer, the HTTP host and the tests can all react to the kind of failure, not its text.
 */
export const ERROR_CODES = ['invalid_input', 'not_found', 'rule', 'needs_dice', 'internal'] as const
export type ErrorCode = (typeof ERROR_CODES)[number]

export interface CommandErrorBody {
  code: ErrorCode
  message: string
  details?: unknown
}

/** The HTTP status each error code is served with. */
export const HTTP_STATUS: Record<ErrorCode, number> = {
  invalid_input: 400,
  not_found: 404,
  rule: 409,
  needs_dice: 409,
  internal: 500
}

export class CommandError extends Error {
  readonly code: ErrorCode
  readonly details?: unknown
  constructor(code: ErrorCode, message: string, details?: unknown) {
    super(message)
    this.name = 'CommandError'
    this.code = code
    this.details = details
  }
  toBody(): CommandErrorBody {
    return this.details === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, details: this.details }
  }
}

/** What every command call resolves to, whichever way it travelled (IPC or HTTP). */
export type Outcome<T> = { ok: true; value: T } | { ok: false; error: CommandErrorBody }

export function isErrorBody(v: unknown): v is CommandErrorBody {
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof (v as CommandErrorBody).message === 'string' &&
    (ERROR_CODES as readonly string[]).includes((v as CommandErrorBody).code)
  )
}
