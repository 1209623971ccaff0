import { readFileSync, writeFileSync } from 'node:fs'
import type { BrowserWindowConstructorOptions } from 'electron'
import type { DoorEvent } from '../../shared/bridge'
import { PLAYERS_COMMAND } from '../http/players-api'
import { windowOptions } from './window'

/**
 * The players' window of the desktop app (issue 21): a second window, full screen on the display
 * the GM picks (View ▸ Players' Screen), remembered for next time. It loads the players' page and
 * may reach only what a players' link reaches: the player payload, and change events that say
 * nothing of what changed. Everything here runs in plain Node; src/main/index.ts wires it.
 */

export interface DisplayInfo {
  id: number
  bounds: { x: number; y: number; width: number; height: number }
  /** The name the system gives it, when it gives one. */
  label?: string
}

export interface DisplayChoice {
  id: number
  label: string
  /** The display the players' window opens on (the remembered one, else the first that is not the GM's). */
  chosen: boolean
}

/** The displays in the GM's words: "Display 2 — DELL U2720Q, 1920 × 1080 (this window's)". */
export function displayChoices(displays: readonly DisplayInfo[], primaryId: number, rememberedId: number | null): DisplayChoice[] {
  const pick = chooseDisplay(displays, primaryId, rememberedId)
  return displays.map((d, i) => ({
    id: d.id,
    label: `Display ${i + 1}${d.label ? ` — ${d.label}` : ''}, ${d.bounds.width} × ${d.bounds.height}${d.id === primaryId ? ' (the main display)' : ''}`,
    chosen: pick?.id === d.id
  }))
}

/** The display to open on: the remembered one if it is still there, else the first that is not the main one, else the main one. */
export function chooseDisplay(displays: readonly DisplayInfo[], primaryId: number, rememberedId: number | null): DisplayInfo | null {
  return displays.find((d) => d.id === rememberedId) ?? displays.find((d) => d.id !== primaryId) ?? displays[0] ?? null
}

/** The window: on that display, full screen, no menu bar, the main window's locked-down page settings. */
export function playersWindowOptions(preloadPath: string, display: DisplayInfo, opts: { production?: boolean } = {}): BrowserWindowConstructorOptions {
  const base = windowOptions(preloadPath, undefined, opts)
  return {
    ...base,
    x: display.bounds.x,
    y: display.bounds.y,
    width: display.bounds.width,
    height: display.bounds.height,
    minWidth: 320,
    minHeight: 240,
    fullscreen: true,
    autoHideMenuBar: true,
    title: 'Quarterdeck — Players’ screen',
    backgroundColor: '#0b1b2b'
  }
}

/** The one command the players' window may run. */
export const playersWindowMay = (command: string): boolean => command === PLAYERS_COMMAND

/** What the players' window hears of an event: that something changed, never what; menus and progress not at all. */
export function playersWindowEvent(e: DoorEvent): DoorEvent | null {
  return e.type === 'changed' || e.type === 'status' ? { type: 'changed', command: '', seq: null } : null
}

/** The remembered display, kept in a small file in the app's folder (null when none, or unreadable). */
export function readRememberedDisplay(file: string): number | null {
  try {
    const v = (JSON.parse(readFileSync(file, 'utf8')) as { displayId?: unknown }).displayId
    return typeof v === 'number' && Number.isInteger(v) ? v : null
  } catch {
    return null
  }
}

export function rememberDisplay(file: string, displayId: number): void {
  writeFileSync(file, JSON.stringify({ displayId }))
}
