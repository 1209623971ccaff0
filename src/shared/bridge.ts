import type { CommandInput, CommandName, CommandOutput } from './commands'
import type { Outcome } from './errors'

/** Events the main process pushes to every window (IPC) and every browser (SSE). */
export type DoorEvent =
  | { type: 'changed'; command: string; seq: number | null }
  | { type: 'status' }
  | { type: 'menu'; action: MenuAction }
  | { type: 'progress'; command: string; message: string; done: boolean; fraction?: number }

export type MenuAction = 'new-campaign' | 'open-campaign' | 'backups' | 'undo' | 'redo' | 'about'

/**
 * The one narrow object the renderer talks through. In the desktop app the preload exposes it as
 * `window.quarterdeck`; in a browser the renderer builds the same shape over HTTP.
 */
export interface QuarterdeckBridge {
  readonly platform: 'desktop' | 'browser'
  invoke<N extends CommandName>(name: N, input: CommandInput<N>): Promise<Outcome<CommandOutput<N>>>
  subscribe(listener: (event: DoorEvent) => void): () => void
  /** Desktop only: a native file dialog; resolves to a path, or null when cancelled. */
  chooseCampaignFile?(mode: 'open' | 'save', suggestedName?: string): Promise<string | null>
}

/** The IPC channel names, shared by the preload and the main process. */
export const IPC = {
  invoke: 'quarterdeck:invoke',
  event: 'quarterdeck:event',
  chooseFile: 'quarterdeck:choose-file'
} as const
