import type { IpcMain, IpcMainInvokeEvent } from 'electron'
import { IPC } from '../../shared/bridge'
import type { Outcome } from '../../shared/errors'
import type { Door } from '../door/door'
import { playersWindowMay } from './players-window'

/**
 * Only the app's own top-level page may call the door: a frame from anywhere else (an iframe, a
 * page that was somehow navigated to) is refused.
 */
export function isTrustedSender(event: Pick<IpcMainInvokeEvent, 'senderFrame'>, appUrl: string): boolean {
  const frame = event.senderFrame
  if (!frame || frame.parent !== null) return false
  try {
    const got = new URL(frame.url)
    const want = new URL(appUrl)
    if (want.protocol === 'file:') return got.protocol === 'file:' && got.pathname === want.pathname
    return got.origin === want.origin
  } catch {
    return false
  }
}

const refused: Outcome<never> = {
  ok: false,
  error: { code: 'rule', message: 'This window may not run Quarterdeck commands.' }
}

export interface IpcDeps {
  door: Door
  appUrl: () => string
  chooseFile: (mode: 'open' | 'save', suggestedName?: string) => Promise<string | null>
  /** True for the players' window, which may run only the player payload (./players-window.ts). */
  isPlayersWindow?: (sender: unknown) => boolean
}

const playersRefused: Outcome<never> = {
  ok: false,
  error: { code: 'rule', message: "The players' screen only shows the battle; it takes no commands." }
}

/** Wire the two IPC channels: invoke a command, and the native file dialog. */
export function registerIpc(ipcMain: Pick<IpcMain, 'handle'>, deps: IpcDeps): void {
  ipcMain.handle(IPC.invoke, async (event, name, input) => {
    if (!isTrustedSender(event, deps.appUrl())) return refused
    if (deps.isPlayersWindow?.((event as Partial<Pick<IpcMainInvokeEvent, 'sender'>>).sender) && !playersWindowMay(String(name))) return playersRefused
    // A window closed (or reloaded away) before its answer stops long work done for it (the odds).
    const gone = new AbortController()
    const sender = (event as Partial<Pick<IpcMainInvokeEvent, 'sender'>>).sender
    const onGone = () => gone.abort()
    sender?.once?.('destroyed', onGone)
    try {
      return await deps.door.invoke(String(name), input, 'ipc', { signal: gone.signal })
    } finally {
      sender?.off?.('destroyed', onGone)
    }
  })
  ipcMain.handle(IPC.chooseFile, (event, mode, suggested) => {
    if (!isTrustedSender(event, deps.appUrl())) return null
    if (deps.isPlayersWindow?.((event as Partial<Pick<IpcMainInvokeEvent, 'sender'>>).sender)) return null
    if (mode !== 'open' && mode !== 'save') return null
    return deps.chooseFile(mode, typeof suggested === 'string' ? suggested : undefined)
  })
}
