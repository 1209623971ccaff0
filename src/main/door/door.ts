import { randomBytes } from 'node:crypto'
import type { z } from 'zod'
import { contracts, isCommandName, type CommandName, type CommandOutput } from '../../shared/commands'
import { CommandError, type CommandErrorBody, type Outcome } from '../../shared/errors'
import { readOnlyError, type AppSession } from '../app/session'
import { stmt, withMemo } from '../campaign/sqlite'
import { BadDice, NeedsDice, type DiceBox } from '../../shared/dice/roll'
import { NotationError } from '../../shared/dice/notation'
import { openDiceBox, settleDice } from '../campaign-core/dice'
import { getSettings } from '../campaign-core/settings'
import { closeCapture, setCapture } from '../campaign/undo'
import { handlers } from './handlers'
import type { AppContext, CampaignContext, HandlerSpec, Transport } from './types'

/** How many write commands stay undoable. Older ones remain in the journal as history only. */
export const UNDO_DEPTH = 200

export interface DoorOptions {
  /** Check every result against its contract's output schema (on in tests). */
  checkOutputs?: boolean
}

/** How often a long command may send a progress event (ms): about ten a second. */
export const PROGRESS_INTERVAL_MS = 100

/** Progress events for a long command, at most one per PROGRESS_INTERVAL_MS, then one `done: true`. */
function throttledProgress(session: AppSession, command: string) {
  let last = 0
  let latest: { message: string; fraction: number } | null = null
  return {
    report: (done: number, total: number, message: string) => {
      const fraction = total > 0 ? Math.min(1, Math.max(0, done / total)) : 0
      latest = { message, fraction }
      const now = Date.now()
      if (now - last < PROGRESS_INTERVAL_MS) return
      last = now
      session.emit({ type: 'progress', command, message, done: false, fraction })
    },
    finish: () => session.emit({ type: 'progress', command, message: latest?.message ?? 'done', done: true, fraction: 1 })
  }
}

/** Turn a zod failure into an `invalid_input` error naming each field and what is wrong with it. */
export function invalidInput(error: z.ZodError): CommandError {
  const issues = error.issues.map((i) => ({
    field: i.path.length ? i.path.join('.') : '(input)',
    message: i.message
  }))
  const message = issues.map((i) => `${i.field}: ${i.message}`).join('; ')
  return new CommandError('invalid_input', message, { issues })
}

/**
 * The one door. Every command, from a window or over HTTP, comes through `invoke`:
 * it is looked up in the table, its input checked against the contract, then run. Commands run one
 * at a time in arrival order; each campaign write runs inside one SQLite transaction with its row
 * changes captured for undo, so it either fully happens or not at all.
 */
export class Door {
  private tail: Promise<unknown> = Promise.resolve()
  private readonly checkOutputs: boolean

  constructor(
    readonly session: AppSession,
    opts: DoorOptions = {}
  ) {
    this.checkOutputs = opts.checkOutputs ?? Boolean(process.env.VITEST)
  }

  invoke(name: string, input: unknown, transport: Transport, opts: { signal?: AbortSignal } = {}): Promise<Outcome<unknown>> {
    // The queue moves on when the command finishes, or earlier when it says so (a long read lets
    // the next command in once it has read what it needs).
    let release!: () => void
    const turn = new Promise<void>((resolve) => (release = resolve))
    const run = () => this.run(name, input, transport, release, opts.signal)
    const result = this.tail.then(run, run)
    result.then(release, release)
    this.tail = turn
    return result
  }

  /** Typed call for code in the main process (menus, the sample script, tests). Throws CommandError. */
  async call<N extends CommandName>(name: N, input: unknown = {}): Promise<CommandOutput<N>> {
    const out = await this.invoke(name, input, 'internal')
    if (!out.ok) throw new CommandError(out.error.code, out.error.message, out.error.details)
    return out.value as CommandOutput<N>
  }

  private async run(name: string, raw: unknown, transport: Transport, release: () => void = () => {}, signal?: AbortSignal): Promise<Outcome<unknown>> {
    try {
      if (typeof name !== 'string' || !isCommandName(name)) {
        throw new CommandError('not_found', `There is no command named "${String(name)}".`)
      }
      const contract = contracts[name]
      const parsed = contract.input.safeParse(raw === undefined ? {} : raw)
      if (!parsed.success) throw invalidInput(parsed.error)
      const value = await this.execute(
        name,
        parsed.data,
        {
          session: this.session,
          transport,
          confined: transport === 'http',
          ...(signal ? { signal } : {})
        },
        release
      )
      if (this.checkOutputs) contract.output.parse(value)
      return { ok: true, value }
    } catch (e) {
      return { ok: false, error: this.toErrorBody(name, e) }
    }
  }

  private async execute(name: CommandName, input: unknown, ctx: AppContext, release: () => void): Promise<unknown> {
    const spec = handlers[name] as unknown as HandlerSpec<CommandName>
    const session = this.session
    const noDice = (): never => {
      throw new Error(`${name} is not a write command and cannot roll dice.`)
    }
    const withCampaign = (): CampaignContext => ({ ...ctx, campaign: session.requireCampaign(), dice: noDice })
    switch (spec.kind) {
      case 'app': {
        const value = await spec.run(ctx, input as never)
        if (contracts[name].mutates) session.emit({ type: 'status' })
        return value
      }
      case 'read': {
        const c = withCampaign()
        return withMemo(c.campaign.db, () => spec.run(c, input as never))
      }
      case 'read-async': {
        const progress = throttledProgress(session, name)
        const slow = spec.run({ ...withCampaign(), progress: progress.report }, input as never)
        release() // what it needed is read: the next command may run while this one works
        try {
          return await slow()
        } finally {
          progress.finish()
        }
      }
      case 'campaign-async': {
        session.requireWritable()
        await session.whenChecked()
        const value = await spec.run(withCampaign(), input as never)
        session.emit({ type: 'changed', command: name, seq: null })
        return value
      }
      case 'write': {
        session.requireWritable()
        await session.whenChecked()
        const c = withCampaign()
        const { db } = c.campaign
        let box: DiceBox | undefined
        c.dice = (given) => (box ??= openDiceBox(db, given, getSettings(db).diceMode))
        const { value, seq } = db.transaction(() => {
          stmt(db, `DELETE FROM journal WHERE undone = 1`).run() // a new write ends the redo chain
          const seq = Number(
            stmt(db, `INSERT INTO journal (at, command, input, summary) VALUES (?, ?, ?, '')`).run(session.now().toISOString(), name, JSON.stringify(spec.journalInput ? spec.journalInput(input as never) : input)).lastInsertRowid
          )
          setCapture(db, seq)
          let value: unknown
          try {
            value = withMemo(db, () => spec.run(c, input as never))
            if (value instanceof Promise) throw new Error(`Write handler ${name} returned a promise; it must be synchronous.`)
            if (box) settleDice(db, box, name)
            closeCapture(db)
          } finally {
            setCapture(db, null)
          }
          stmt(db, `UPDATE journal SET summary = ?, day = (SELECT day FROM clock WHERE id = 1) WHERE seq = ?`).run(spec.describe(input as never, value as never, c), seq)
          stmt(db, `UPDATE journal SET undoable = 0 WHERE seq <= ? AND undoable = 1`).run(seq - UNDO_DEPTH)
          stmt(db, `DELETE FROM undo_step WHERE seq <= ?`).run(seq - UNDO_DEPTH)
          return { value, seq }
        })()
        await session.afterWrite()
        session.emit({ type: 'changed', command: name, seq })
        return value
      }
    }
  }

  private toErrorBody(name: string, e: unknown): CommandErrorBody {
    if (e instanceof CommandError) return e.toBody()
    if (e instanceof NeedsDice) return { code: 'needs_dice', message: e.message, details: e.need }
    if (e instanceof BadDice) return { code: 'invalid_input', message: e.message, details: { issues: [{ field: 'dice', message: e.message }] } }
    if (e instanceof NotationError) {
      return { code: 'invalid_input', message: `notation: ${e.message}`, details: { issues: [{ field: 'notation', message: e.message }] } }
    }
    if ((e as NodeJS.ErrnoException | null)?.code === 'ENAMETOOLONG') {
      return { code: 'invalid_input', message: 'path: a name in it is longer than the file system allows (255 bytes).', details: { issues: [{ field: 'path', message: 'a name in it is too long' }] } }
    }
    // A read that would write (or any write slipping through) on a campaign open read-only.
    const sqliteCode = (e as { code?: unknown } | null)?.code
    if (this.session.campaign?.readOnly && typeof sqliteCode === 'string' && sqliteCode.startsWith('SQLITE_READONLY')) return readOnlyError().toBody()
    const ref = randomBytes(4).toString('hex')
    this.session.log(`[${ref}] command ${name} failed`, e)
    return {
      code: 'internal',
      message: `Something went wrong inside Quarterdeck while running ${name} (reference ${ref}). It has been logged.`
    }
  }
}
