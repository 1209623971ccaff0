/**
 * The Electron shell: the GM's window and the players' window, the native menu and dialogs, IPC wired to the door.
 * Everything else lives in modules that run (and are tested) in plain Node.
 */
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { app, BrowserWindow, dialog, ipcMain, Menu, screen, session as electronSession, shell } from 'electron'
import { buildSampleCampaign, SAMPLE_FILE_NAME } from '../../resources/sample/tortuga-run'
import { ATRILIA_SAMPLE_FILE_NAME, buildAtriliaSampleCampaign } from '../../resources/sample/al-zabdiyat'
import type { DoorEvent, MenuAction } from '../shared/bridge'
import { IPC } from '../shared/bridge'
import { AppSession } from './app/session'
import { SAMPLE_IDS, SampleId } from '../shared/commands/samples'
import { setDefaultNativeBinding } from './campaign/sqlite'
import { Door } from './door/door'
import { closeOddsPool } from './highseas/odds'
import { registerIpc } from './electron/ipc'
import { menuTemplate } from './electron/menu'
import { electronNativeBinding } from './electron/native'
import { chooseDisplay, displayChoices, playersWindowEvent, playersWindowOptions, readRememberedDisplay, rememberDisplay } from './electron/players-window'
import { hardenSession, installNavigationGuards, windowOptions } from './electron/window'
import { fileLogger } from './log'
import { APP_VERSION } from './version'

const devUrl = process.env.ELECTRON_RENDERER_URL
const rendererFile = join(__dirname, '../renderer/index.html')
const appUrl = () => devUrl ?? pathToFileURL(rendererFile).href
let win: BrowserWindow | null = null
/** The players' window (View ▸ Players' Screen), when open. */
let playersWin: BrowserWindow | null = null

function broadcast(e: DoorEvent): void {
  for (const w of BrowserWindow.getAllWindows()) {
    if (w.isDestroyed()) continue
    if (w === playersWin) {
      const told = playersWindowEvent(e)
      if (told) w.webContents.send(IPC.event, told)
    } else w.webContents.send(IPC.event, e)
  }
}

async function main(): Promise<void> {
  if (!app.requestSingleInstanceLock()) return app.quit()
  await app.whenReady()
  hardenSession(electronSession.defaultSession)
  const nativeBinding = electronNativeBinding({
    isPackaged: app.isPackaged,
    resourcesPath: process.resourcesPath,
    appPath: app.getAppPath()
  })
  setDefaultNativeBinding(nativeBinding)
  const home = app.getPath('userData')
  const session = new AppSession({
    home,
    mode: 'desktop',
    version: APP_VERSION,
    nativeBinding,
    samples: {
      tortugaRun: { fileName: SAMPLE_FILE_NAME, build: (p) => buildSampleCampaign(p, nativeBinding) },
      alZabdiyat: { fileName: ATRILIA_SAMPLE_FILE_NAME, build: (p) => buildAtriliaSampleCampaign(p, nativeBinding) }
    },
    log: fileLogger(join(home, 'quarterdeck.log'))
  })
  const door = new Door(session)

  // `npm start -- --sample alZabdiyat` opens that sample; otherwise the last campaign, or the default sample.
  const asked = process.argv.indexOf('--sample')
  const sample = asked >= 0 ? SampleId.safeParse(process.argv[asked + 1]) : null
  if (sample && !sample.success) session.log(`--sample must be one of ${SAMPLE_IDS.join(', ')} (got ${process.argv[asked + 1]}).`)
  const last = session.recent.last()
  const first = sample?.success
    ? await door.invoke('campaigns.openSample', { sample: sample.data }, 'internal')
    : await door.invoke(last ? 'campaigns.open' : 'campaigns.openSample', last ? { path: last.path } : {}, 'internal')
  if (!first.ok) session.log(`Could not open the last campaign: ${first.error.message}`)

  const send = (action: MenuAction) => broadcast({ type: 'menu', action })
  // The players' window, full screen on the display the GM picks, remembered in the app's folder.
  const rememberedFile = join(home, 'players-screen.json')
  const displays = () => screen.getAllDisplays().map((d) => ({ id: d.id, bounds: d.bounds, label: d.label }))
  const openPlayers = async (displayId: number): Promise<void> => {
    rememberDisplay(rememberedFile, displayId)
    const display = chooseDisplay(displays(), screen.getPrimaryDisplay().id, displayId)
    if (!display) return
    playersWin?.close()
    const w = new BrowserWindow(playersWindowOptions(join(__dirname, '../preload/index.cjs'), display, { production: app.isPackaged }))
    playersWin = w
    w.once('ready-to-show', () => w.show())
    w.on('closed', () => {
      if (playersWin === w) playersWin = null
      rebuildMenu()
    })
    rebuildMenu()
    if (devUrl) await w.loadURL(`${devUrl}#/players`)
    else await w.loadFile(rendererFile, { hash: 'players' })
  }
  const rebuildMenu = (): void =>
    Menu.setApplicationMenu(
      Menu.buildFromTemplate(
        menuTemplate({
          send,
          recent: session.recent.list(),
          isMac: process.platform === 'darwin',
          production: app.isPackaged,
          openRecent: (path) => void door.invoke('campaigns.open', { path }, 'internal'),
          openSample: (sample) => void door.invoke('campaigns.openSample', { sample }, 'internal'),
          closePlayersLan: () => void door.invoke('players.closeLan', {}, 'internal'),
          playersWindow: {
            displays: displayChoices(displays(), screen.getPrimaryDisplay().id, readRememberedDisplay(rememberedFile)),
            isOpen: playersWin !== null,
            open: (id) => void openPlayers(id).catch((e: Error) => session.log("Could not open the players' screen", e)),
            close: () => playersWin?.close()
          }
        })
      )
    )
  session.on((e) => {
    broadcast(e)
    if (e.type === 'status') {
      rebuildMenu()
      if (session.campaign) app.addRecentDocument(session.campaign.path)
    }
  })
  rebuildMenu()
  screen.on('display-added', rebuildMenu)
  screen.on('display-removed', rebuildMenu)

  registerIpc(ipcMain, {
    door,
    appUrl,
    isPlayersWindow: (sender) => playersWin !== null && !playersWin.isDestroyed() && sender === playersWin.webContents,
    chooseFile: async (mode, suggested) => {
      const target = BrowserWindow.getFocusedWindow() ?? win
      if (!target) return null
      const filters = [{ name: 'Quarterdeck campaign', extensions: ['quarterdeck'] }]
      if (mode === 'open') {
        const r = await dialog.showOpenDialog(target, {
          title: 'Open Campaign',
          defaultPath: session.paths.campaignsDir,
          filters,
          properties: ['openFile']
        })
        return r.canceled ? null : (r.filePaths[0] ?? null)
      }
      const r = await dialog.showSaveDialog(target, {
        title: 'New Campaign',
        defaultPath: join(session.paths.campaignsDir, suggested ?? 'New Campaign.quarterdeck'),
        filters
      })
      return r.canceled || !r.filePath ? null : r.filePath
    }
  })

  // A web link is opened in the system browser only once the GM says so, showing where it goes.
  const confirm = async (url: string): Promise<boolean> => {
    const target = BrowserWindow.getFocusedWindow() ?? win
    if (!target) return false
    const r = await dialog.showMessageBox(target, {
      type: 'question',
      title: 'Open a web page',
      message: 'Open this page in your web browser?',
      detail: url,
      buttons: ['Open in browser', 'Cancel'],
      defaultId: 1,
      cancelId: 1
    })
    return r.response === 0
  }
  app.on('web-contents-created', (_e, contents) => installNavigationGuards(contents, shell, appUrl(), { confirm }))

  win = new BrowserWindow(
    windowOptions(join(__dirname, '../preload/index.cjs'), join(app.getAppPath(), 'resources/icon.png'), { production: app.isPackaged })
  )
  win.once('ready-to-show', () => win?.show())
  win.on('closed', () => {
    win = null
    playersWin?.close() // the players' window goes with the GM's
  })
  if (devUrl) await win.loadURL(devUrl)
  else await win.loadFile(rendererFile)

  let closing = false
  app.on('before-quit', (event) => {
    if (closing) return
    closing = true
    event.preventDefault()
    // The odds pool's workers end with the app (a simulation still running is stopped).
    void Promise.allSettled([closeOddsPool(), door.invoke('campaigns.close', {}, 'internal')]).finally(() => app.exit(0))
  })
  app.on('window-all-closed', () => app.quit())
}

main().catch((e: Error) => {
  dialog.showErrorBox('Quarterdeck could not start', e.message)
  app.exit(1)
})
