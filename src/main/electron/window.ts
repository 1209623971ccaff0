import type { BrowserWindowConstructorOptions, Shell, WebContents } from 'electron'

/** The main window's options: isolated, sandboxed, no Node in the page. */
export function windowOptions(preloadPath: string, iconPath?: string): BrowserWindowConstructorOptions {
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
      spellcheck: true
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
 * The page may never navigate away from the app or open windows of its own. Web links go to the
 * system browser; everything else is dropped.
 */
export function installNavigationGuards(contents: WebContents, shell: Pick<Shell, 'openExternal'>, appUrl: string): void {
  contents.on('will-navigate', (event, url) => {
    if (url !== appUrl) event.preventDefault()
    if (url !== appUrl && isExternalLink(url)) void shell.openExternal(url)
  })
  contents.on('will-attach-webview', (event) => event.preventDefault())
  contents.setWindowOpenHandler(({ url }) => {
    if (isExternalLink(url)) void shell.openExternal(url)
    return { action: 'deny' }
  })
}
