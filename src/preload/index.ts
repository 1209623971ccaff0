/**
 * The preload: exposes exactly one object, `window.quarterdeck`, to the page. It forwards a
 * command name and its input to the main process and relays the main process's events; nothing
 * else of Electron or Node reaches the page.
 */
import { contextBridge, ipcRenderer } from 'electron'
import { IPC, type DoorEvent, type QuarterdeckBridge } from '../shared/bridge'

const bridge = {
  platform: 'desktop',
  invoke: (name, input) => ipcRenderer.invoke(IPC.invoke, name, input) as never,
  subscribe(listener) {
    const relay = (_e: unknown, event: unknown) => listener(event as DoorEvent)
    ipcRenderer.on(IPC.event, relay)
    return () => void ipcRenderer.removeListener(IPC.event, relay)
  },
  chooseCampaignFile: (mode, suggestedName) =>
    ipcRenderer.invoke(IPC.chooseFile, mode, suggestedName) as Promise<string | null>
} satisfies QuarterdeckBridge

contextBridge.exposeInMainWorld('quarterdeck', bridge)
