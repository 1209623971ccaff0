/**
 * The slice of Electron's API that Quarterdeck's shell uses, for type checking on machines where
 * the `electron` package cannot be installed (it downloads its binary at install time). tsconfig
 * maps 'electron' here so every machine checks against the same declarations. Keep each member
 * faithful to Electron 45's own typings; add members here when the shell starts using them.
 */
export interface WebPreferences {
  preload?: string
  contextIsolation?: boolean
  sandbox?: boolean
  nodeIntegration?: boolean
  nodeIntegrationInSubFrames?: boolean
  nodeIntegrationInWorker?: boolean
  webSecurity?: boolean
  allowRunningInsecureContent?: boolean
  webviewTag?: boolean
  spellcheck?: boolean
  devTools?: boolean
}

export interface BrowserWindowConstructorOptions {
  x?: number
  y?: number
  fullscreen?: boolean
  width?: number
  height?: number
  minWidth?: number
  minHeight?: number
  show?: boolean
  title?: string
  icon?: string
  backgroundColor?: string
  autoHideMenuBar?: boolean
  webPreferences?: WebPreferences
}

export interface Event {
  preventDefault(): void
}

export interface WebFrameMain {
  url: string
  parent: WebFrameMain | null
}

export interface HandlerDetails {
  url: string
}

/** What 'will-frame-navigate' and 'will-redirect' pass first (Electron's Event<…NavigationEventParams>). */
export interface NavigationEvent extends Event {
  url: string
  isMainFrame: boolean
}

export interface PermissionRequestDetails {
  requestingUrl?: string
}

export interface Session {
  setPermissionRequestHandler(
    handler: ((webContents: WebContents, permission: string, callback: (granted: boolean) => void, details: PermissionRequestDetails) => void) | null
  ): void
  setPermissionCheckHandler(handler: ((webContents: WebContents | null, permission: string, requestingOrigin: string) => boolean) | null): void
  setSpellCheckerEnabled(enable: boolean): void
}

export interface WebContents {
  send(channel: string, ...args: unknown[]): void
  on(event: 'will-navigate', listener: (event: Event, url: string) => void): this
  on(event: 'will-frame-navigate', listener: (event: NavigationEvent) => void): this
  on(event: 'will-redirect', listener: (event: NavigationEvent, url: string) => void): this
  on(event: 'will-attach-webview', listener: (event: Event) => void): this
  once(event: 'destroyed', listener: () => void): this
  off(event: 'destroyed', listener: () => void): this
  session: Session
  setWindowOpenHandler(handler: (details: HandlerDetails) => { action: 'deny' } | { action: 'allow' }): void
  mainFrame: WebFrameMain
  isDestroyed(): boolean
}

export class BrowserWindow {
  constructor(options?: BrowserWindowConstructorOptions)
  webContents: WebContents
  loadURL(url: string): Promise<void>
  loadFile(filePath: string, options?: { hash?: string }): Promise<void>
  once(event: 'ready-to-show', listener: () => void): this
  on(event: 'closed', listener: () => void): this
  show(): void
  close(): void
  focus(): void
  isDestroyed(): boolean
  static getAllWindows(): BrowserWindow[]
  static getFocusedWindow(): BrowserWindow | null
}

export interface IpcMainInvokeEvent {
  senderFrame: WebFrameMain | null
  sender: WebContents
}

export interface IpcMain {
  handle(channel: string, listener: (event: IpcMainInvokeEvent, ...args: unknown[]) => Promise<unknown> | unknown): void
}

export interface IpcRendererEvent {
  sender: unknown
}

export interface IpcRenderer {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>
  on(channel: string, listener: (event: IpcRendererEvent, ...args: unknown[]) => void): this
  removeListener(channel: string, listener: (event: IpcRendererEvent, ...args: unknown[]) => void): this
}

export interface ContextBridge {
  exposeInMainWorld(apiKey: string, api: unknown): void
}

export interface MenuItemConstructorOptions {
  label?: string
  role?:
    | 'undo' | 'redo' | 'cut' | 'copy' | 'paste' | 'selectAll' | 'quit' | 'reload' | 'forceReload'
    | 'toggleDevTools' | 'resetZoom' | 'zoomIn' | 'zoomOut' | 'togglefullscreen' | 'appMenu'
    | 'fileMenu' | 'editMenu' | 'viewMenu' | 'windowMenu' | 'help' | 'about' | 'recentDocuments'
    | 'clearRecentDocuments'
  type?: 'normal' | 'separator' | 'submenu' | 'checkbox' | 'radio'
  checked?: boolean
  accelerator?: string
  enabled?: boolean
  click?: () => void
  submenu?: MenuItemConstructorOptions[]
}

export class Menu {
  static buildFromTemplate(template: MenuItemConstructorOptions[]): Menu
  static setApplicationMenu(menu: Menu | null): void
}

export interface OpenDialogOptions {
  title?: string
  defaultPath?: string
  filters?: { name: string; extensions: string[] }[]
  properties?: ('openFile' | 'createDirectory' | 'promptToCreate')[]
}
export interface SaveDialogOptions {
  title?: string
  defaultPath?: string
  filters?: { name: string; extensions: string[] }[]
}

export interface MessageBoxOptions {
  type?: 'none' | 'info' | 'error' | 'question' | 'warning'
  title?: string
  message: string
  detail?: string
  buttons?: string[]
  defaultId?: number
  cancelId?: number
}

export interface Dialog {
  showMessageBox(window: BrowserWindow, options: MessageBoxOptions): Promise<{ response: number }>
  showOpenDialog(window: BrowserWindow, options: OpenDialogOptions): Promise<{ canceled: boolean; filePaths: string[] }>
  showSaveDialog(window: BrowserWindow, options: SaveDialogOptions): Promise<{ canceled: boolean; filePath?: string }>
  showErrorBox(title: string, content: string): void
}

export interface Shell {
  openExternal(url: string): Promise<void>
}

export interface App {
  whenReady(): Promise<void>
  on(event: 'window-all-closed' | 'activate', listener: () => void): this
  on(event: 'before-quit', listener: (event: Event) => void): this
  on(event: 'web-contents-created', listener: (event: Event, contents: WebContents) => void): this
  quit(): void
  exit(code?: number): void
  getPath(name: 'userData' | 'documents' | 'home'): string
  getVersion(): string
  getAppPath(): string
  isPackaged: boolean
  addRecentDocument(path: string): void
  requestSingleInstanceLock(): boolean
}

export interface Rectangle {
  x: number
  y: number
  width: number
  height: number
}

export interface Display {
  id: number
  bounds: Rectangle
  label: string
}

export interface Screen {
  getAllDisplays(): Display[]
  getPrimaryDisplay(): Display
  on(event: 'display-added' | 'display-removed', listener: () => void): this
}

export const app: App
export const screen: Screen
export const ipcMain: IpcMain
export const ipcRenderer: IpcRenderer
export const contextBridge: ContextBridge
export const dialog: Dialog
export const shell: Shell
export const session: { defaultSession: Session }

declare global {
  namespace NodeJS {
    interface Process {
      /** Electron: the folder holding the packaged app's resources. */
      resourcesPath: string
    }
  }
}
