import type { BrowserWindowConstructorOptions, Session, Shell, WebContents } from 'electron'

/**
 * The main window's options: isolated, sandboxed, no Node in the page. In a packaged app
 * (`production`) DevTools cannot be opened. Spellcheck is off: Chromium's checker fetches its
 * dictionaries from the network, and a campaign's words (ship and port names) are not in them.
 */
export function windowOptions(preloadPath: string, iconPath?: string, opts: { production?: boolean } = {}): BrowserWindowConstructorOptions {
  return {
    width: 1440,
    height: 900,
    minWidth: 1100,
    minHeight: 700,
    show: false,
    title: 'Quarterdeck',
    backgroundColor: '#f4ecd8',
    ...(iconPath ? { icon: iconPath } : {}),
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      spellcheck: false,
      devTools: opts.production !== true
    }
  }
}

/** True for the links we let the OS open in the user's browser. */
export function isExternalLink(url: string): boolean {
  try {
    const u = new URL(url)
    return u.protocol === 'https:' || u.protocol === 'http:'
  } catch {
    return false
  }
}

/**
 * Web sites the app may open in the system browser without asking. None yet: the app links nowhere
 * itself, so any web link (one typed into a note, say) is confirmed by the GM first.
 */
export const EXTERNAL_ALLOWED_HOSTS: readonly string[] = []

export interface ExternalLinks {
  /** Hosts opened without asking (default EXTERNAL_ALLOWED_HOSTS). */
  allowHosts?: readonly string[]
  /** Ask the GM whether to open a web link that is not on the list; without it, such links are dropped. */
  confirm?: (url: string) => Promise<boolean>
}

/** Open a link in the system browser only if it is http(s), and allow-listed or confirmed. Resolves to whether it was opened. */
export async function openExternalSafely(url: string, shell: Pick<Shell, 'openExternal'>, links: ExternalLinks = {}): Promise<boolean> {
  if (!isExternalLink(url)) return false
  const host = new URL(url).hostname
  const listed = new URL(url).protocol === 'https:' && (links.allowHosts ?? EXTERNAL_ALLOWED_HOSTS).includes(host)
  if (!listed && !(links.confirm && (await links.confirm(url)))) return false
  await shell.openExternal(url)
  return true
}

/**
 * The page may never navigate away from the app or open windows of its own: not the top frame
 * (will-navigate), not any frame (will-frame-navigate: the app has no frames of its own to move),
 * and no redirect (will-redirect). Web links go to the system browser, if allow-listed or
 * confirmed; everything else is dropped.
 */
export function installNavigationGuards(contents: WebContents, shell: Pick<Shell, 'openExternal'>, appUrl: string, links: ExternalLinks = {}): void {
  const external = (url: string) => void openExternalSafely(url, shell, links).catch(() => false)
  contents.on('will-navigate', (event, url) => {
    if (url !== appUrl) event.preventDefault()
    if (url !== appUrl && isExternalLink(url)) external(url)
  })
  contents.on('will-frame-navigate', (event) => {
    if (!event.isMainFrame || event.url !== appUrl) event.preventDefault()
  })
  contents.on('will-redirect', (event) => {
    if (event.url !== appUrl) event.preventDefault()
  })
  contents.on('will-attach-webview', (event) => event.preventDefault())
  contents.setWindowOpenHandler(({ url }) => {
    if (isExternalLink(url)) external(url)
    return { action: 'deny' }
  })
}

/** Permissions the app uses: none (no camera, microphone, location, notifications, clipboard reads, MIDI, …); every request is denied. */
export const ALLOWED_PERMISSIONS: ReadonlySet<string> = new Set<string>()

/** Deny every permission the app does not use (camera, microphone, location, notifications, …), asked or checked, and keep spellcheck off. */
export function hardenSession(session: Pick<Session, 'setPermissionRequestHandler' | 'setPermissionCheckHandler' | 'setSpellCheckerEnabled'>): void {
  session.setPermissionRequestHandler((_contents, permission, callback) => callback(ALLOWED_PERMISSIONS.has(permission)))
  session.setPermissionCheckHandler((_contents, permission) => ALLOWED_PERMISSIONS.has(permission))
  session.setSpellCheckerEnabled(false)
}
