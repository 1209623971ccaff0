import type { MenuItemConstructorOptions } from 'electron'
import type { MenuAction } from '../../shared/bridge'
import type { RecentCampaign } from '../../shared/commands/schemas'
import { SAMPLE_CAMPAIGNS, type SampleId } from '../../shared/commands/samples'

export interface MenuDeps {
  send: (action: MenuAction) => void
  openRecent: (path: string) => void
  /** Open a bundled sample campaign (File ▸ Open Sample Campaign); without it the menu has no such item. */
  openSample?: (id: SampleId) => void
  recent: RecentCampaign[]
  isMac: boolean
  /** A packaged app: no DevTools item (nor reload, which would drop the GM's unsaved typing). */
  production?: boolean
  /** Close the players' screen on the local network (View ▸ Close the Players' Screen on the Network); without it, no such item. */
  closePlayersLan?: () => void
  /** The players' window (View ▸ Players' Screen): the displays to open it on, and closing it; without it, no such item. */
  playersWindow?: { displays: { id: number; label: string; chosen: boolean }[]; isOpen: boolean; open: (displayId: number) => void; close: () => void }
}

/** The native menu: File, Edit, View, Help (and the app menu on macOS). */
export function menuTemplate(d: MenuDeps): MenuItemConstructorOptions[] {
  const recent: MenuItemConstructorOptions[] = d.recent.length
    ? d.recent.map((r) => ({ label: `${r.name} — ${r.fileName}`, enabled: r.exists, click: () => d.openRecent(r.path) }))
    : [{ label: 'No recent campaigns', enabled: false }]
  const template: MenuItemConstructorOptions[] = [
    {
      label: 'File',
      submenu: [
        { label: 'New Campaign…', accelerator: 'CmdOrCtrl+N', click: () => d.send('new-campaign') },
        { label: 'Open Campaign…', accelerator: 'CmdOrCtrl+O', click: () => d.send('open-campaign') },
        { label: 'Open Recent', submenu: recent },
        ...(d.openSample
          ? [{ label: 'Open Sample Campaign', submenu: SAMPLE_CAMPAIGNS.map((c) => ({ label: c.name, click: () => d.openSample!(c.id) })) }]
          : []),
        { type: 'separator' },
        { label: 'Backups…', accelerator: 'CmdOrCtrl+Shift+B', click: () => d.send('backups') },
        { type: 'separator' },
        { role: 'quit' }
      ]
    },
    {
      label: 'Edit',
      submenu: [
        { label: 'Undo', accelerator: 'CmdOrCtrl+Z', click: () => d.send('undo') },
        { label: 'Redo', accelerator: 'CmdOrCtrl+Shift+Z', click: () => d.send('redo') },
        { type: 'separator' },
        { role: 'cut' },
        { role: 'copy' },
        { role: 'paste' },
        { role: 'selectAll' }
      ]
    },
    {
      label: 'View',
      submenu: [
        ...(d.production ? [] : ([{ role: 'reload' }, { role: 'toggleDevTools' }, { type: 'separator' }] satisfies MenuItemConstructorOptions[])),
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
        ...(d.playersWindow ? ([{ type: 'separator' }, playersMenu(d.playersWindow)] satisfies MenuItemConstructorOptions[]) : []),
        ...(d.closePlayersLan ? ([{ type: 'separator' }, { label: 'Close the Players’ Screen on the Network', click: () => d.closePlayersLan!() }] satisfies MenuItemConstructorOptions[]) : [])
      ]
    },
    { label: 'Help', submenu: [{ label: 'About Quarterdeck', click: () => d.send('about') }] }
  ]
  return d.isMac ? [{ role: 'appMenu' }, ...template] : template
}

/** View ▸ Players' Screen: open it full screen on a display (the one it opens on is ticked), or close it. */
function playersMenu(p: NonNullable<MenuDeps['playersWindow']>): MenuItemConstructorOptions {
  return {
    label: 'Players’ Screen',
    submenu: [
      ...p.displays.map((x) => ({ label: `Open on ${x.label}`, type: 'radio' as const, checked: x.chosen, click: () => p.open(x.id) })),
      ...(p.displays.length ? [] : [{ label: 'No display found', enabled: false }]),
      { type: 'separator' },
      { label: 'Close the Players’ Screen', enabled: p.isOpen, click: () => p.close() }
    ]
  }
}
