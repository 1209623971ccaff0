/**
 * The Electron shell's security posture, checked without Electron: window.ts, ipc.ts, menu.ts and
 * native.ts only import types from 'electron', so they are driven with hand-made fakes. The
 * preload does import 'electron' at runtime, so its test mocks the module and imports it fresh.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type {
  Event,
  HandlerDetails,
  IpcMainInvokeEvent,
  MenuItemConstructorOptions,
  WebContents,
  WebFrameMain
} from 'electron'
import { IPC, type DoorEvent, type MenuAction, type QuarterdeckBridge } from '../../src/shared/bridge'
import type { RecentCampaign } from '../../src/shared/commands/schemas'
import type { Door } from '../../src/main/door/door'
import { ALLOWED_PERMISSIONS, EXTERNAL_ALLOWED_HOSTS, hardenSession, installNavigationGuards, isExternalLink, openExternalSafely, windowOptions } from '../../src/main/electron/window'
import { isTrustedSender, registerIpc, type IpcDeps } from '../../src/main/electron/ipc'
import { menuTemplate, type MenuDeps } from '../../src/main/electron/menu'
import { ELECTRON_NATIVE_REL, electronNativeBinding } from '../../src/main/electron/native'

// ---------------------------------------------------------------------------------------------
// Fakes
// ---------------------------------------------------------------------------------------------

type NavListener = (event: Event, url: string) => void
type AttachListener = (event: Event) => void
type FrameListener = (event: Event & { url: string; isMainFrame: boolean }, url: string) => void
type OpenHandler = (details: HandlerDetails) => { action: 'deny' } | { action: 'allow' }

/** A WebContents that records the listeners and the window-open handler the shell installs. */
function fakeContents() {
  const listeners = {
    'will-navigate': [] as NavListener[],
    'will-attach-webview': [] as AttachListener[],
    'will-frame-navigate': [] as FrameListener[],
    'will-redirect': [] as FrameListener[]
  }
  const destroyed = new Set<() => void>()
  let openHandler: OpenHandler | undefined
  const contents = {
    send: vi.fn(),
    on(event: string, listener: NavListener | AttachListener | FrameListener) {
      if (event === 'will-navigate') listeners['will-navigate'].push(listener as NavListener)
      else if (event === 'will-attach-webview') listeners['will-attach-webview'].push(listener as AttachListener)
      else if (event === 'will-frame-navigate') listeners['will-frame-navigate'].push(listener as FrameListener)
      else if (event === 'will-redirect') listeners['will-redirect'].push(listener as FrameListener)
      else throw new Error(`unexpected listener for ${event}`)
      return contents
    },
    once(event: string, listener: () => void) {
      if (event !== 'destroyed') throw new Error(`unexpected once listener for ${event}`)
      destroyed.add(listener)
      return contents
    },
    off(event: string, listener: () => void) {
      if (event === 'destroyed') destroyed.delete(listener)
      return contents
    },
    setWindowOpenHandler(handler: OpenHandler) {
      openHandler = handler
    },
    mainFrame: { url: '', parent: null },
    isDestroyed: () => false
  }
  return {
    contents: contents as unknown as WebContents,
    /** Fire will-navigate at every listener; true when any of them prevented it. */
    navigate(url: string): boolean {
      const event = { preventDefault: vi.fn() }
      expect(listeners['will-navigate'].length).toBeGreaterThan(0)
      for (const l of listeners['will-navigate']) l(event, url)
      return event.preventDefault.mock.calls.length > 0
    },
    attachWebview(): boolean {
      const event = { preventDefault: vi.fn() }
      expect(listeners['will-attach-webview'].length).toBeGreaterThan(0)
      for (const l of listeners['will-attach-webview']) l(event)
      return event.preventDefault.mock.calls.length > 0
    },
    open(url: string) {
      if (!openHandler) throw new Error('no window-open handler installed')
      return openHandler({ url })
    },
    /** Fire will-frame-navigate (or will-redirect) at every listener; true when any prevented it. */
    frameNavigate(url: string, isMainFrame: boolean, event: 'will-frame-navigate' | 'will-redirect' = 'will-frame-navigate'): boolean {
      const e = { url, isMainFrame, preventDefault: vi.fn() }
      expect(listeners[event].length).toBeGreaterThan(0)
      for (const l of listeners[event]) l(e, url)
      return e.preventDefault.mock.calls.length > 0
    },
    /** The window closes: its 'destroyed' listeners run. */
    destroy() {
      for (const l of [...destroyed]) l()
      destroyed.clear()
    },
    destroyedListeners: () => destroyed.size
  }
}

function fakeShell() {
  return { openExternal: vi.fn((_url: string) => Promise.resolve()) }
}

function frame(url: string, parent: WebFrameMain | null = null): WebFrameMain {
  return { url, parent }
}

function senderEvent(senderFrame: WebFrameMain | null): IpcMainInvokeEvent {
  return { senderFrame, sender: fakeContents().contents }
}

type Handler = (event: IpcMainInvokeEvent, ...args: unknown[]) => unknown

/** An ipcMain that captures handlers, and a door that records what reaches it. */
function wireIpc(appUrl: string) {
  const handlers = new Map<string, Handler>()
  const ipcMain = {
    handle: vi.fn((channel: string, listener: Handler) => {
      if (handlers.has(channel)) throw new Error(`second handler for ${channel}`)
      handlers.set(channel, listener)
    })
  }
  const invoke = vi.fn((_name: string, _input: unknown, _transport: string) =>
    Promise.resolve({ ok: true as const, value: 'door-result' })
  )
  const door = { invoke } as unknown as Door
  const chooseFile = vi.fn((_mode: 'open' | 'save', _suggested?: string) => Promise.resolve('/chosen/file.quarterdeck'))
  const deps: IpcDeps = { door, appUrl: () => appUrl, chooseFile }
  registerIpc(ipcMain, deps)
  const call = (channel: string, event: IpcMainInvokeEvent, ...args: unknown[]) => {
    const h = handlers.get(channel)
    if (!h) throw new Error(`no handler for ${channel}`)
    return h(event, ...args)
  }
  return { handlers, ipcMain, invoke, chooseFile, call }
}

// ---------------------------------------------------------------------------------------------
// window.ts
// ---------------------------------------------------------------------------------------------

describe('windowOptions: the renderer is isolated from Node and Electron', () => {
  const opts = windowOptions('/app/out/preload/index.mjs', '/app/resources/icon.png')
  const wp = opts.webPreferences ?? {}

  it('enables context isolation so the page cannot reach the preload world', () => {
    expect(wp.contextIsolation).toBe(true)
  })

  it('runs the renderer in the OS sandbox', () => {
    expect(wp.sandbox).toBe(true)
  })

  it('gives the page (and its subframes and workers) no Node integration', () => {
    expect(wp.nodeIntegration).toBe(false)
    expect(wp.nodeIntegrationInSubFrames).not.toBe(true)
    expect(wp.nodeIntegrationInWorker).not.toBe(true)
  })

  it('disables the <webview> tag', () => {
    expect(wp.webviewTag).toBe(false)
  })

  it('keeps web security (same-origin policy) on and refuses insecure content', () => {
    expect(wp.webSecurity).toBe(true)
    expect(wp.allowRunningInsecureContent).not.toBe(true)
  })

  it('loads exactly the preload path it was given', () => {
    expect(wp.preload).toBe('/app/out/preload/index.mjs')
    expect(windowOptions('C:\\Q\\preload.js').webPreferences?.preload).toBe('C:\\Q\\preload.js')
  })

  it('passes the icon through only when one is given', () => {
    expect(opts.icon).toBe('/app/resources/icon.png')
    expect('icon' in windowOptions('/p.js')).toBe(false)
  })

  it('turns spellcheck off (Chromium fetches its dictionaries from the network)', () => {
    expect(wp.spellcheck).toBe(false)
    expect(windowOptions('/p.js', undefined, { production: true }).webPreferences?.spellcheck).toBe(false)
  })

  it('a packaged (production) window cannot open DevTools; a development one can', () => {
    expect(windowOptions('/p.js', undefined, { production: true }).webPreferences?.devTools).toBe(false)
    expect(windowOptions('/p.js').webPreferences?.devTools).toBe(true)
  })
})

describe('isExternalLink: only http(s) may leave the app', () => {
  it.each(['https://example.com/', 'http://example.com/x?y=1'])('treats %s as a web link', (url) => {
    expect(isExternalLink(url)).toBe(true)
  })
  it.each([
    'file:///etc/passwd',
    'javascript:alert(1)',
    'quarterdeck://open',
    'mailto:a@b.c',
    'smb://host/share',
    'data:text/html,<b>x</b>',
    'not a url',
    ''
  ])('refuses %s', (url) => {
    expect(isExternalLink(url)).toBe(false)
  })
})

describe('installNavigationGuards: the page can never navigate away from the app', () => {
  const appUrl = 'file:///opt/Quarterdeck/resources/app.asar/out/renderer/index.html'
  let f: ReturnType<typeof fakeContents>
  let shell: ReturnType<typeof fakeShell>
  let confirm: ReturnType<typeof vi.fn<(url: string) => Promise<boolean>>>
  const settle = () => new Promise((r) => setTimeout(r, 0))

  beforeEach(() => {
    f = fakeContents()
    shell = fakeShell()
    confirm = vi.fn((_url: string) => Promise.resolve(true))
    installNavigationGuards(f.contents, shell, appUrl, { confirm })
  })

  it('blocks will-navigate to a web URL and, once the GM confirms, hands it to the system browser', async () => {
    expect(f.navigate('https://example.com/rules')).toBe(true)
    await settle()
    expect(confirm).toHaveBeenCalledExactlyOnceWith('https://example.com/rules')
    expect(shell.openExternal).toHaveBeenCalledExactlyOnceWith('https://example.com/rules')
  })

  it('blocks will-navigate to plain http and opens it externally only when confirmed', async () => {
    expect(f.navigate('http://example.com/')).toBe(true)
    await settle()
    expect(shell.openExternal).toHaveBeenCalledExactlyOnceWith('http://example.com/')
  })

  it('a web link the GM declines is not opened', async () => {
    confirm.mockResolvedValue(false)
    expect(f.navigate('https://example.com/')).toBe(true)
    await settle()
    expect(confirm).toHaveBeenCalledOnce()
    expect(shell.openExternal).not.toHaveBeenCalled()
  })

  it.each([
    'file:///etc/passwd',
    'file:///opt/Quarterdeck/resources/app.asar/out/renderer/other.html',
    'javascript:alert(document.cookie)',
    'quarterdeck://evil',
    'ms-msdt:/id PCWDiagnostic',
    'vbscript:msgbox(1)',
    'data:text/html,<script>alert(1)</script>'
  ])('blocks will-navigate to %s and never passes it to the OS (nor asks)', async (url) => {
    expect(f.navigate(url)).toBe(true)
    await settle()
    expect(confirm).not.toHaveBeenCalled()
    expect(shell.openExternal).not.toHaveBeenCalled()
  })

  it('allows navigation to the app URL itself (reload) without opening anything', () => {
    expect(f.navigate(appUrl)).toBe(false)
    expect(shell.openExternal).not.toHaveBeenCalled()
  })

  it('denies every window.open, opening only confirmed http(s) in the system browser', async () => {
    expect(f.open('https://example.com/')).toEqual({ action: 'deny' })
    await settle()
    expect(shell.openExternal).toHaveBeenCalledExactlyOnceWith('https://example.com/')
    shell.openExternal.mockClear()
    for (const url of ['file:///etc/passwd', 'javascript:alert(1)', 'quarterdeck://x', appUrl, 'about:blank', '']) {
      expect(f.open(url)).toEqual({ action: 'deny' })
    }
    await settle()
    expect(shell.openExternal).not.toHaveBeenCalled()
  })

  it('will-frame-navigate: no subframe may navigate anywhere, and the main frame only to the app', () => {
    expect(f.frameNavigate(appUrl, true)).toBe(false)
    expect(f.frameNavigate(appUrl, false)).toBe(true)
    for (const url of ['https://example.com/', 'file:///etc/passwd', 'about:blank', 'data:text/html,x']) {
      expect(f.frameNavigate(url, true), url).toBe(true)
      expect(f.frameNavigate(url, false), url).toBe(true)
    }
    expect(shell.openExternal).not.toHaveBeenCalled()
  })

  it('will-redirect: a redirect anywhere but the app is stopped', () => {
    expect(f.frameNavigate('https://evil.example/', true, 'will-redirect')).toBe(true)
    expect(f.frameNavigate('file:///etc/passwd', false, 'will-redirect')).toBe(true)
    expect(f.frameNavigate(appUrl, true, 'will-redirect')).toBe(false)
  })

  it('prevents any <webview> from being attached', () => {
    expect(f.attachWebview()).toBe(true)
  })
})

describe('openExternalSafely: the allow-list, else the GM’s confirmation', () => {
  it('an allow-listed https host opens without asking; the same host over http, or another host, asks', async () => {
    const shell = fakeShell()
    const confirm = vi.fn((_url: string) => Promise.resolve(false))
    expect(await openExternalSafely('https://docs.example.org/x', shell, { allowHosts: ['docs.example.org'], confirm })).toBe(true)
    expect(confirm).not.toHaveBeenCalled()
    expect(await openExternalSafely('http://docs.example.org/x', shell, { allowHosts: ['docs.example.org'], confirm })).toBe(false)
    expect(await openExternalSafely('https://docs.example.org.evil.test/', shell, { allowHosts: ['docs.example.org'], confirm })).toBe(false)
    expect(confirm).toHaveBeenCalledTimes(2)
    expect(shell.openExternal).toHaveBeenCalledExactlyOnceWith('https://docs.example.org/x')
  })

  it('without a way to ask, a link off the list is never opened; the app’s own list is empty', async () => {
    const shell = fakeShell()
    expect(await openExternalSafely('https://example.com/', shell)).toBe(false)
    expect(shell.openExternal).not.toHaveBeenCalled()
    expect(EXTERNAL_ALLOWED_HOSTS).toEqual([])
  })
})

describe('hardenSession: every permission the app does not use is denied', () => {
  function fakeSession() {
    let request: ((wc: unknown, permission: string, cb: (granted: boolean) => void, details: unknown) => void) | null = null
    let check: ((wc: unknown, permission: string, origin: string) => boolean) | null = null
    const spell = vi.fn()
    const session = {
      setPermissionRequestHandler: (h: typeof request) => void (request = h),
      setPermissionCheckHandler: (h: typeof check) => void (check = h),
      setSpellCheckerEnabled: spell
    }
    return { session, spell, ask: (p: string) => new Promise<boolean>((ok) => request!(null, p, ok, {})), check: (p: string) => check!(null, p, 'file://') }
  }

  it.each(['media', 'geolocation', 'notifications', 'midi', 'midiSysex', 'pointerLock', 'fullscreen', 'openExternal', 'clipboard-read', 'clipboard-sanitized-write', 'display-capture', 'hid', 'serial', 'usb', 'idle-detection', 'window-management', 'unknown'])(
    'denies a request for %s, and says no when it is checked',
    async (permission) => {
      const f = fakeSession()
      hardenSession(f.session as never)
      expect(await f.ask(permission)).toBe(false)
      expect(f.check(permission)).toBe(false)
    }
  )

  it('the app uses no permission at all, and turns the spellchecker off', () => {
    const f = fakeSession()
    hardenSession(f.session as never)
    expect([...ALLOWED_PERMISSIONS]).toEqual([])
    expect(f.spell).toHaveBeenCalledExactlyOnceWith(false)
  })
})

// ---------------------------------------------------------------------------------------------
// ipc.ts
// ---------------------------------------------------------------------------------------------

describe('isTrustedSender: only the app’s own top-level page may call the door', () => {
  describe('packaged app (file: URL)', () => {
    const appUrl = 'file:///opt/Quarterdeck/resources/app.asar/out/renderer/index.html'

    it('accepts the top frame showing the app’s own file', () => {
      expect(isTrustedSender({ senderFrame: frame(appUrl) }, appUrl)).toBe(true)
    })

    it('accepts the app’s own file with a hash route or query (same pathname)', () => {
      expect(isTrustedSender({ senderFrame: frame(`${appUrl}#/campaign/ships`) }, appUrl)).toBe(true)
      expect(isTrustedSender({ senderFrame: frame(`${appUrl}?x=1`) }, appUrl)).toBe(true)
    })

    it('refuses a subframe even when it shows the app’s own file', () => {
      const sub = frame(appUrl, frame(appUrl))
      expect(isTrustedSender({ senderFrame: sub }, appUrl)).toBe(false)
    })

    it('refuses another local file', () => {
      expect(isTrustedSender({ senderFrame: frame('file:///home/user/Downloads/evil.html') }, appUrl)).toBe(false)
      expect(
        isTrustedSender({ senderFrame: frame('file:///opt/Quarterdeck/resources/app.asar/out/renderer/other.html') }, appUrl)
      ).toBe(false)
    })

    it('refuses a web page, even one whose path matches the app’s', () => {
      expect(
        isTrustedSender({ senderFrame: frame('https://evil.example/opt/Quarterdeck/resources/app.asar/out/renderer/index.html') }, appUrl)
      ).toBe(false)
    })
  })

  describe('development (dev-server origin)', () => {
    const appUrl = 'http://localhost:5173/'

    it('accepts the top frame on the dev server’s origin, any path', () => {
      expect(isTrustedSender({ senderFrame: frame('http://localhost:5173/') }, appUrl)).toBe(true)
      expect(isTrustedSender({ senderFrame: frame('http://localhost:5173/index.html#/ships') }, appUrl)).toBe(true)
    })

    it('refuses other origins: another port, host, or scheme', () => {
      for (const url of [
        'http://localhost:5174/',
        'http://127.0.0.1:5173/',
        'https://localhost:5173/',
        'http://localhost.evil.example:5173/',
        'https://example.com/',
        'file:///index.html'
      ]) {
        expect(isTrustedSender({ senderFrame: frame(url) }, appUrl), url).toBe(false)
      }
    })

    it('refuses a subframe on the dev server’s own origin', () => {
      expect(isTrustedSender({ senderFrame: frame('http://localhost:5173/', frame(appUrl)) }, appUrl)).toBe(false)
    })
  })

  it('refuses a missing (null) frame — e.g. one already navigated away or destroyed', () => {
    expect(isTrustedSender({ senderFrame: null }, 'http://localhost:5173/')).toBe(false)
  })

  it('refuses an unparsable sender URL, and fails closed on an unparsable app URL', () => {
    expect(isTrustedSender({ senderFrame: frame('not a url') }, 'http://localhost:5173/')).toBe(false)
    expect(isTrustedSender({ senderFrame: frame('') }, 'http://localhost:5173/')).toBe(false)
    expect(isTrustedSender({ senderFrame: frame('http://localhost:5173/') }, 'not a url')).toBe(false)
  })
})

describe('registerIpc: the door is reachable only from the trusted page', () => {
  const appUrl = 'file:///opt/Quarterdeck/out/renderer/index.html'
  const trusted = () => senderEvent(frame(appUrl))
  const untrusted = () => senderEvent(frame('https://evil.example/'))
  const subframe = () => senderEvent(frame(appUrl, frame(appUrl)))

  it('registers exactly the invoke and choose-file channels', () => {
    const w = wireIpc(appUrl)
    expect([...w.handlers.keys()].sort()).toEqual([IPC.chooseFile, IPC.invoke].sort())
  })

  it('forwards a trusted sender’s command to the door as (name, input, "ipc")', async () => {
    const w = wireIpc(appUrl)
    const input = { name: 'HMS Surprise' }
    await expect(w.call(IPC.invoke, trusted(), 'ship.create', input)).resolves.toEqual({ ok: true, value: 'door-result' })
    expect(w.invoke).toHaveBeenCalledExactlyOnceWith('ship.create', input, 'ipc', { signal: expect.any(AbortSignal) })
  })

  it('a window closed before its answer aborts the command’s signal (long work such as the odds stops); the listener is removed after', async () => {
    const handlers = new Map<string, Handler>()
    let signal: AbortSignal | undefined
    let finish!: () => void
    const door = {
      invoke: vi.fn((_n: string, _i: unknown, _t: string, opts: { signal: AbortSignal }) => {
        signal = opts.signal
        return new Promise((ok) => (finish = () => ok({ ok: true, value: null })))
      })
    } as unknown as Door
    registerIpc({ handle: (c: string, l: Handler) => void handlers.set(c, l) }, { door, appUrl: () => appUrl, chooseFile: vi.fn() })
    const contents = fakeContents()
    const pending = handlers.get(IPC.invoke)!({ senderFrame: frame(appUrl), sender: contents.contents }, 'battles.odds', { battleId: 1 }) as Promise<unknown>
    await Promise.resolve()
    expect(signal!.aborted).toBe(false)
    contents.destroy()
    expect(signal!.aborted).toBe(true)
    finish()
    await pending
    // An answered command leaves no listener behind.
    const again = handlers.get(IPC.invoke)!({ senderFrame: frame(appUrl), sender: contents.contents }, 'app.status', {}) as Promise<unknown>
    expect(contents.destroyedListeners()).toBe(1)
    finish()
    await again
    expect(contents.destroyedListeners()).toBe(0)
  })

  it('always tags IPC calls with the "ipc" transport, never one the page chooses', async () => {
    const w = wireIpc(appUrl)
    await w.call(IPC.invoke, trusted(), 'campaign.status', undefined, 'internal')
    expect(w.invoke).toHaveBeenCalledExactlyOnceWith('campaign.status', undefined, 'ipc', { signal: expect.any(AbortSignal) })
  })

  it.each([
    ['a foreign origin', untrusted],
    ['a subframe of the app', subframe],
    ['a null frame', () => senderEvent(null)]
  ])('refuses %s with a "rule" error and never touches the door', async (_what, ev) => {
    const w = wireIpc(appUrl)
    const out = await w.call(IPC.invoke, ev(), 'campaign.delete', {})
    expect(out).toMatchObject({ ok: false, error: { code: 'rule' } })
    expect(w.invoke).not.toHaveBeenCalled()
  })

  it('lets a trusted sender open the native dialog only in "open" or "save" mode', async () => {
    const w = wireIpc(appUrl)
    await expect(w.call(IPC.chooseFile, trusted(), 'open')).resolves.toBe('/chosen/file.quarterdeck')
    expect(w.chooseFile).toHaveBeenLastCalledWith('open', undefined)
    await w.call(IPC.chooseFile, trusted(), 'save', 'Campaign.quarterdeck')
    expect(w.chooseFile).toHaveBeenLastCalledWith('save', 'Campaign.quarterdeck')
    w.chooseFile.mockClear()
    for (const mode of ['delete', 'openDirectory', '', null, undefined, 1, { mode: 'open' }]) {
      expect(await w.call(IPC.chooseFile, trusted(), mode)).toBeNull()
    }
    expect(w.chooseFile).not.toHaveBeenCalled()
  })

  it('drops a non-string suggested file name', async () => {
    const w = wireIpc(appUrl)
    await w.call(IPC.chooseFile, trusted(), 'save', { toString: () => '/etc/passwd' })
    expect(w.chooseFile).toHaveBeenCalledExactlyOnceWith('save', undefined)
  })

  it('refuses the file dialog to an untrusted sender', async () => {
    const w = wireIpc(appUrl)
    expect(await w.call(IPC.chooseFile, untrusted(), 'open')).toBeNull()
    expect(await w.call(IPC.chooseFile, subframe(), 'save')).toBeNull()
    expect(w.chooseFile).not.toHaveBeenCalled()
  })

  it('reads the app URL at call time, so a dev-server URL set later is honoured', async () => {
    let url = 'http://localhost:5173/'
    const handlers = new Map<string, Handler>()
    const invoke = vi.fn(() => Promise.resolve({ ok: true as const, value: null }))
    registerIpc(
      { handle: (c: string, l: Handler) => void handlers.set(c, l) },
      { door: { invoke } as unknown as Door, appUrl: () => url, chooseFile: vi.fn() }
    )
    const h = handlers.get(IPC.invoke)!
    await h(senderEvent(frame('http://localhost:5173/')), 'a', {})
    expect(invoke).toHaveBeenCalledTimes(1)
    url = 'file:///opt/Quarterdeck/out/renderer/index.html'
    expect(await h(senderEvent(frame('http://localhost:5173/')), 'a', {})).toMatchObject({ ok: false })
    expect(invoke).toHaveBeenCalledTimes(1)
  })
})

// ---------------------------------------------------------------------------------------------
// menu.ts
// ---------------------------------------------------------------------------------------------

function recentEntry(over: Partial<RecentCampaign>): RecentCampaign {
  return {
    path: '/campaigns/a.quarterdeck',
    fileName: 'a.quarterdeck',
    name: 'Campaign A',
    lastOpenedAt: '2025-01-01T00:00:00.000Z',
    exists: true,
    ...over
  }
}

function menu(over: Partial<MenuDeps> = {}) {
  const send = vi.fn((_a: MenuAction) => {})
  const openRecent = vi.fn((_p: string) => {})
  const deps: MenuDeps = {
    send,
    openRecent,
    recent: [
      recentEntry({}),
      recentEntry({ path: '/gone/b.quarterdeck', fileName: 'b.quarterdeck', name: 'Campaign B', exists: false })
    ],
    isMac: false,
    ...over
  }
  return { template: menuTemplate(deps), send, openRecent }
}

function top(template: MenuItemConstructorOptions[], label: string): MenuItemConstructorOptions[] {
  const m = template.find((i) => i.label === label)
  if (!m?.submenu) throw new Error(`no ${label} menu`)
  return m.submenu
}

function item(items: MenuItemConstructorOptions[], match: string | RegExp): MenuItemConstructorOptions {
  const found = items.find((i) =>
    typeof match === 'string' ? i.label === match || i.role === match : match.test(i.label ?? '')
  )
  if (!found) throw new Error(`no item ${String(match)}`)
  return found
}

describe('menuTemplate: menu items only send named actions to the page', () => {
  it('has File, Edit, View and Help, in that order, and no app menu off macOS', () => {
    const { template } = menu()
    expect(template.map((m) => m.label ?? m.role)).toEqual(['File', 'Edit', 'View', 'Help'])
  })

  it('puts the macOS app menu first on a Mac', () => {
    const { template } = menu({ isMac: true })
    expect(template[0]).toEqual({ role: 'appMenu' })
    expect(template.slice(1).map((m) => m.label)).toEqual(['File', 'Edit', 'View', 'Help'])
  })

  it('File has New, Open, Open Recent, Backups and Quit', () => {
    const file = top(menu().template, 'File')
    for (const m of [/^New/, /^Open Campaign/, /^Open Recent$/, /^Backups/]) expect(() => item(file, m)).not.toThrow()
    expect(item(file, 'quit').role).toBe('quit')
  })

  it('Edit has Undo, Redo, Cut, Copy and Paste', () => {
    const edit = top(menu().template, 'Edit')
    expect(item(edit, 'Undo')).toBeDefined()
    expect(item(edit, 'Redo')).toBeDefined()
    for (const role of ['cut', 'copy', 'paste']) expect(item(edit, role).role).toBe(role)
  })

  it('View and Help menus exist', () => {
    const { template } = menu()
    expect(top(template, 'View').length).toBeGreaterThan(0)
    expect(top(template, 'Help').length).toBeGreaterThan(0)
  })

  it('a production build has no DevTools (nor reload) item; a development build keeps them', () => {
    const roles = (production: boolean) => top(menuTemplate({ send: vi.fn(), openRecent: vi.fn(), recent: [], isMac: false, production }), 'View').map((i) => i.role)
    expect(roles(true)).not.toContain('toggleDevTools')
    expect(roles(true)).not.toContain('reload')
    expect(roles(true)).toContain('zoomIn')
    expect(roles(false)).toContain('toggleDevTools')
  })

  it('New sends "new-campaign", Open sends "open-campaign", Backups sends "backups"', () => {
    const { template, send } = menu()
    const file = top(template, 'File')
    item(file, /^New/).click?.()
    expect(send).toHaveBeenLastCalledWith('new-campaign')
    item(file, /^Open Campaign/).click?.()
    expect(send).toHaveBeenLastCalledWith('open-campaign')
    item(file, /^Backups/).click?.()
    expect(send).toHaveBeenLastCalledWith('backups')
  })

  it('Undo sends "undo" and Redo sends "redo" (the app’s own history, not the text field’s)', () => {
    const { template, send } = menu()
    const edit = top(template, 'Edit')
    item(edit, 'Undo').click?.()
    expect(send).toHaveBeenLastCalledWith('undo')
    item(edit, 'Redo').click?.()
    expect(send).toHaveBeenLastCalledWith('redo')
    expect(send).toHaveBeenCalledTimes(2)
  })

  it('Open Recent lists the recent campaigns; a missing file is disabled', () => {
    const recent = item(top(menu().template, 'File'), /^Open Recent$/).submenu ?? []
    expect(recent).toHaveLength(2)
    expect(recent[0]?.label).toContain('Campaign A')
    expect(recent[0]?.label).toContain('a.quarterdeck')
    expect(recent[0]?.enabled).toBe(true)
    expect(recent[1]?.label).toContain('Campaign B')
    expect(recent[1]?.enabled).toBe(false)
  })

  it('clicking a recent entry opens exactly that path via openRecent, not via the page', () => {
    const { template, openRecent, send } = menu()
    const recent = item(top(template, 'File'), /^Open Recent$/).submenu ?? []
    recent[0]?.click?.()
    expect(openRecent).toHaveBeenCalledExactlyOnceWith('/campaigns/a.quarterdeck')
    expect(send).not.toHaveBeenCalled()
  })

  it('with no recent campaigns, Open Recent shows one disabled placeholder', () => {
    const recent = item(top(menu({ recent: [] }).template, 'File'), /^Open Recent$/).submenu ?? []
    expect(recent).toHaveLength(1)
    expect(recent[0]?.enabled).toBe(false)
    expect(recent[0]?.click).toBeUndefined()
  })
})

// ---------------------------------------------------------------------------------------------
// native.ts
// ---------------------------------------------------------------------------------------------

describe('electronNativeBinding: loads only the Electron-ABI build from a fixed place', () => {
  const root = mkdtempSync(join(tmpdir(), 'qd-native-'))
  afterAll(() => rmSync(root, { recursive: true, force: true }))

  it('a packaged app uses resources/native/better_sqlite3.node', () => {
    const resourcesPath = join(root, 'resources')
    mkdirSync(join(resourcesPath, 'native'), { recursive: true })
    writeFileSync(join(resourcesPath, 'native', 'better_sqlite3.node'), '')
    expect(electronNativeBinding({ isPackaged: true, resourcesPath, appPath: join(root, 'nowhere') })).toBe(
      join(resourcesPath, 'native', 'better_sqlite3.node')
    )
  })

  it('a checkout uses build/electron-native/better_sqlite3.node, never node_modules', () => {
    const appPath = join(root, 'checkout')
    mkdirSync(join(appPath, 'build', 'electron-native'), { recursive: true })
    writeFileSync(join(appPath, ELECTRON_NATIVE_REL), '')
    const got = electronNativeBinding({ isPackaged: false, resourcesPath: join(root, 'nowhere'), appPath })
    expect(got).toBe(join(appPath, 'build', 'electron-native', 'better_sqlite3.node'))
    expect(got).not.toContain('node_modules')
  })

  it('a missing build throws, naming the path and "npm run electron:native"', () => {
    const appPath = join(root, 'empty')
    expect(() => electronNativeBinding({ isPackaged: false, resourcesPath: '', appPath })).toThrow(
      /npm run electron:native/
    )
    expect(() => electronNativeBinding({ isPackaged: false, resourcesPath: '', appPath })).toThrow(appPath)
    expect(() => electronNativeBinding({ isPackaged: true, resourcesPath: join(root, 'none'), appPath })).toThrow(
      /npm run electron:native/
    )
  })
})

// ---------------------------------------------------------------------------------------------
// preload
// ---------------------------------------------------------------------------------------------

const electronFake = vi.hoisted(() => {
  type Listener = (event: unknown, ...args: unknown[]) => void
  const exposed = new Map<string, unknown>()
  const listeners = new Map<string, Set<Listener>>()
  const ipcRenderer = {
    invoke: vi.fn((..._args: unknown[]) => Promise.resolve({ ok: true, value: 'from-main' })),
    on: vi.fn((channel: string, l: Listener) => {
      if (!listeners.has(channel)) listeners.set(channel, new Set())
      listeners.get(channel)!.add(l)
      return ipcRenderer
    }),
    removeListener: vi.fn((channel: string, l: Listener) => {
      listeners.get(channel)?.delete(l)
      return ipcRenderer
    })
  }
  const contextBridge = {
    exposeInMainWorld: vi.fn((key: string, api: unknown) => void exposed.set(key, api))
  }
  const emit = (channel: string, ...args: unknown[]) => {
    for (const l of listeners.get(channel) ?? []) l({ sender: null }, ...args)
  }
  return { exposed, listeners, ipcRenderer, contextBridge, emit }
})

vi.mock('electron', () => ({
  contextBridge: electronFake.contextBridge,
  ipcRenderer: electronFake.ipcRenderer
}))

describe('preload: exposes one narrow bridge and nothing else of Electron', () => {
  let bridge: QuarterdeckBridge

  beforeEach(async () => {
    electronFake.exposed.clear()
    electronFake.listeners.clear()
    vi.clearAllMocks()
    vi.resetModules()
    await import('../../src/preload/index')
    bridge = electronFake.exposed.get('quarterdeck') as QuarterdeckBridge
  })

  it('exposes exactly one key, "quarterdeck", to the main world', () => {
    expect(electronFake.contextBridge.exposeInMainWorld).toHaveBeenCalledTimes(1)
    expect([...electronFake.exposed.keys()]).toEqual(['quarterdeck'])
  })

  it('the bridge has only invoke, subscribe, platform and chooseCampaignFile — no ipcRenderer leak', () => {
    expect(Object.keys(bridge).sort()).toEqual(['chooseCampaignFile', 'invoke', 'platform', 'subscribe'])
    expect(bridge.platform).toBe('desktop')
    for (const v of Object.values(bridge)) expect(v).not.toBe(electronFake.ipcRenderer)
  })

  it('invoke forwards to ipcRenderer.invoke on the fixed "quarterdeck:invoke" channel', async () => {
    const input = { name: 'HMS Sophie' }
    await expect(bridge.invoke('ship.create' as never, input as never)).resolves.toEqual({ ok: true, value: 'from-main' })
    expect(electronFake.ipcRenderer.invoke).toHaveBeenCalledExactlyOnceWith('quarterdeck:invoke', 'ship.create', input)
    expect(IPC.invoke).toBe('quarterdeck:invoke')
  })

  it('chooseCampaignFile forwards mode and suggested name on the choose-file channel', async () => {
    await bridge.chooseCampaignFile?.('save', 'Campaign.quarterdeck')
    expect(electronFake.ipcRenderer.invoke).toHaveBeenCalledExactlyOnceWith(IPC.chooseFile, 'save', 'Campaign.quarterdeck')
  })

  it('subscribe relays only the event payload (not the IPC event object) to the listener', () => {
    const got: DoorEvent[] = []
    bridge.subscribe((e) => got.push(e))
    const ev: DoorEvent = { type: 'menu', action: 'undo' }
    electronFake.emit(IPC.event, ev)
    expect(got).toEqual([ev])
    expect(electronFake.ipcRenderer.on).toHaveBeenCalledWith(IPC.event, expect.any(Function))
  })

  it('the unsubscribe function removes exactly the listener it added', () => {
    const a: DoorEvent[] = []
    const b: DoorEvent[] = []
    const offA = bridge.subscribe((e) => a.push(e))
    bridge.subscribe((e) => b.push(e))
    offA()
    const relay = electronFake.ipcRenderer.on.mock.calls[0]?.[1]
    expect(electronFake.ipcRenderer.removeListener).toHaveBeenCalledExactlyOnceWith(IPC.event, relay)
    electronFake.emit(IPC.event, { type: 'status' })
    expect(a).toEqual([])
    expect(b).toEqual([{ type: 'status' }])
    expect(offA()).toBeUndefined()
  })
})
