import type { CommandName, CommandOutput, ParsedInput } from '../../shared/commands'
import type { AppSession } from '../app/session'
import type { CampaignFile } from '../campaign/file'
import type { DiceBox } from '../../shared/dice/roll'

export type Transport = 'ipc' | 'http' | 'internal'

export interface AppContext {
  session: AppSession
  transport: Transport
  /** True when campaign paths must stay in the campaigns folder (the HTTP host). */
  confined: boolean
  /** Aborted when whoever asked is gone (the window closed, the HTTP client hung up): long work stops. */
  signal?: AbortSignal
}

export interface CampaignContext extends AppContext {
  campaign: CampaignFile
  /**
   * The command's dice (write commands only): faces the GM typed are used first, in order; then the
   * campaign's generator, or a needs_dice error in hand-entry mode. The door saves the generator's
   * state and logs every roll when the command succeeds.
   */
  dice: (given?: readonly number[]) => DiceBox
}

/**
 * How the main process carries out one command. Campaign writes are synchronous so they run
 * inside one SQLite transaction; app commands (opening, creating, restoring files) may be async.
 */
export type HandlerSpec<N extends CommandName> =
  | {
      kind: 'app'
      run: (ctx: AppContext, input: ParsedInput<N>) => CommandOutput<N> | Promise<CommandOutput<N>>
    }
  | {
      kind: 'read'
      run: (ctx: CampaignContext, input: ParsedInput<N>) => CommandOutput<N>
    }
  | {
      kind: 'write'
      run: (ctx: CampaignContext, input: ParsedInput<N>) => CommandOutput<N>
      /** One line for the journal and the Undo toast: what this write did. */
      describe: (input: ParsedInput<N>, output: CommandOutput<N>, ctx: CampaignContext) => string
      /** What the journal keeps of the input, when not all of it (a map image is kept once, in the chart). */
      journalInput?: (input: ParsedInput<N>) => unknown
    }
  | {
      /**
       * A long read (the odds simulator): `run` reads the campaign inside the queue, like a read, and
       * returns the slow part, which the door awaits after letting the next command in, so other
       * commands are not held up. The slow part must not touch the campaign file.
       */
      kind: 'read-async'
      run: (ctx: CampaignContext & { progress: ProgressReporter }, input: ParsedInput<N>) => () => Promise<CommandOutput<N>>
    }
  | {
      /** Writes that manage the journal itself (undo, redo) or the file (backups): not journalled. */
      kind: 'campaign-async'
      run: (ctx: CampaignContext, input: ParsedInput<N>) => CommandOutput<N> | Promise<CommandOutput<N>>
    }

/** Progress of a long command, sent to every window as a 'progress' event (throttled by the door). */
export type ProgressReporter = (done: number, total: number, message: string) => void

export type HandlerTable = { [N in CommandName]: HandlerSpec<N> }
