import type { MenuItemConstructorOptions } from 'electron'
import { join } from 'node:path'
import { writeFileSync } from 'node:fs'
import { describe, expect, it, vi } from 'vitest'
import { COMMAND_NAMES } from '../../src/shared/commands'
import { menuTemplate } from '../../src/main/electron/menu'
import { registerIpc } from '../../src/main/electron/ipc'
import {
  chooseDisplay,
  displayChoices,
  playersWindowEvent,
  playersWindowMay,
  playersWindowOptions,
  readRememberedDisplay,
  rememberDisplay
} from '../../src/main/electron/players-window'
import { makeTempDir } from '../helpers'

/** Issue 21: the desktop's players' window — on the display the GM picks, full screen, remembered, and reaching only the player payload. */
const laptop = { id: 1, bounds: { x: 0, y: 0, width: 1440, height: 900 }, label: 'Built-in Retina Display' }
const tv = { id: 7, bounds: { x: 1440, y: 0, width: 1920, height: 1080 }, label: 'LG TV' }
const projector = { id: 9, bounds: { x: -1024, y: 0, width: 1024, height: 768 } }

describe("the players' window (issue 21)", () => {
  it('opens on the remembered display, else the first that is not the main one, else the main one', () => {
    expect(chooseDisplay([laptop, tv, projector], 1, 9)).toBe(projector)
    expect(chooseDisplay([laptop, tv, projector], 1, null)).toBe(tv)
    expect(chooseDisplay([laptop, tv], 1, 42)).toBe(tv) // the remembered one unplugged
    expect(chooseDisplay([laptop], 1, null)).toBe(laptop)
    expect(chooseDisplay([], 1, null)).toBeNull()
  })

  it('names each display in words, and ticks the one it opens on', () => {
    expect(displayChoices([laptop, tv, projector], 1, null)).toEqual([
      { id: 1, label: 'Display 1 — Built-in Retina Display, 1440 × 900 (the main display)', chosen: false },
      { id: 7, label: 'Display 2 — LG TV, 1920 × 1080', chosen: true },
      { id: 9, label: 'Display 3, 1024 × 768', chosen: false }
    ])
  })

  it('is full screen on that display, with the main window’s locked-down page', () => {
    const o = playersWindowOptions('/app/preload.cjs', tv, { production: true })
    expect(o).toMatchObject({ x: 1440, y: 0, width: 1920, height: 1080, fullscreen: true, autoHideMenuBar: true })
    expect(o.webPreferences).toMatchObject({ preload: '/app/preload.cjs', contextIsolation: true, sandbox: true, nodeIntegration: false, devTools: false })
  })

  it('remembers the display in a file, and reads nothing from a missing or spoiled one', () => {
    const dir = makeTempDir('quarterdeck-players-window-')
    const file = join(dir, 'players-screen.json')
    expect(readRememberedDisplay(file)).toBeNull()
    rememberDisplay(file, 7)
    expect(readRememberedDisplay(file)).toBe(7)
    writeFileSync(file, '{"displayId": "seven"')
    expect(readRememberedDisplay(file)).toBeNull()
  })

  it('hears that something changed, never what; no menu actions or progress', () => {
    expect(playersWindowEvent({ type: 'changed', command: 'battles.resolveStep', seq: 12 })).toEqual({ type: 'changed', command: '', seq: null })
    expect(playersWindowEvent({ type: 'status' })).toEqual({ type: 'changed', command: '', seq: null })
    expect(playersWindowEvent({ type: 'menu', action: 'backups' })).toBeNull()
    expect(playersWindowEvent({ type: 'progress', command: 'battles.odds', message: '10 of 100 runs', done: false })).toBeNull()
  })

  it('may run only the player payload: every other command is refused before the door sees it', async () => {
    expect(COMMAND_NAMES.filter(playersWindowMay)).toEqual(['players.payload'])
    const handlers = new Map<string, (event: unknown, ...args: unknown[]) => unknown>()
    const invoke = vi.fn(async () => ({ ok: true, value: 'payload' }))
    const playersSender = { once: vi.fn(), off: vi.fn() }
    const gmSender = { once: vi.fn(), off: vi.fn() }
    registerIpc({ handle: (ch, fn) => void handlers.set(ch, fn as (event: unknown, ...args: unknown[]) => unknown) }, {
      door: { invoke } as never,
      appUrl: () => 'file:///app/index.html',
      chooseFile: async () => '/tmp/x.quarterdeck',
      isPlayersWindow: (s) => s === playersSender
    })
    const frame = { url: 'file:///app/index.html#/players', parent: null }
    const [invokeCh, fileCh] = [...handlers.keys()]
    const call = (sender: unknown, name: string) => handlers.get(invokeCh!)!({ senderFrame: frame, sender }, name, {})
    expect(await call(playersSender, 'battles.list')).toMatchObject({ ok: false, error: { code: 'rule' } })
    expect(await call(playersSender, 'campaigns.close')).toMatchObject({ ok: false })
    expect(invoke).not.toHaveBeenCalled()
    expect(await call(playersSender, 'players.payload')).toEqual({ ok: true, value: 'payload' })
    expect(await call(gmSender, 'battles.list')).toEqual({ ok: true, value: 'payload' })
    expect(invoke).toHaveBeenCalledTimes(2)
    expect(await handlers.get(fileCh!)!({ senderFrame: frame, sender: playersSender }, 'open')).toBeNull()
  })

  it('View ▸ Players’ Screen opens on the display clicked and closes the window when open', () => {
    const open = vi.fn()
    const close = vi.fn()
    const view = (isOpen: boolean) => {
      const t = menuTemplate({ send: vi.fn(), openRecent: vi.fn(), recent: [], isMac: false, playersWindow: { displays: displayChoices([laptop, tv], 1, null), isOpen, open, close } })
      const v = t.find((m) => m.label === 'View')!.submenu as MenuItemConstructorOptions[]
      return v.find((i) => i.label === 'Players’ Screen')!.submenu as MenuItemConstructorOptions[]
    }
    const items = view(false)
    expect(items.map((i) => i.label ?? i.type)).toEqual([
      'Open on Display 1 — Built-in Retina Display, 1440 × 900 (the main display)',
      'Open on Display 2 — LG TV, 1920 × 1080',
      'separator',
      'Close the Players’ Screen'
    ])
    expect(items[1]!.checked).toBe(true)
    expect(items[3]!.enabled).toBe(false)
    items[1]!.click?.()
    expect(open).toHaveBeenCalledExactlyOnceWith(7)
    view(true)[3]!.click?.()
    expect(close).toHaveBeenCalledOnce()
  })
})
