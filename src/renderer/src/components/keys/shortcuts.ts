/** The app's keyboard shortcuts: what the shortcut list shows and what the key handler reads. */

/** "g" then a letter goes to a page (keyed by the page's route name). */
export const GO_KEYS: Record<string, string> = {
  dashboard: 'd',
  people: 'p',
  fleet: 'f',
  battles: 'b',
  shipyard: 'y',
  ports: 'o',
  chart: 'c',
  companies: 'm',
  ledger: 'l',
  log: 'g',
  rules: 'r'
}

export interface ShortcutRow {
  keys: string[]
  what: string
}

const isMac = typeof navigator !== 'undefined' && navigator.platform.toLowerCase().includes('mac')
export const MOD = isMac ? '⌘' : 'Ctrl'

export const ANYWHERE: ShortcutRow[] = [
  { keys: ['?'], what: 'This list of shortcuts' },
  { keys: [MOD, 'K'], what: 'Find a page, ship, character, port, company or action' },
  { keys: [MOD, 'Z'], what: 'Undo the last change' },
  { keys: [MOD, 'Shift', 'Z'], what: 'Redo' },
  { keys: ['Esc'], what: 'Close a dialog or this list' }
]

/** The battle page's own keys (kept by the battle page; listed here so the GM can find them). */
export const ON_A_BATTLE: ShortcutRow[] = [
  { keys: ['Enter'], what: 'Resolve the turn' },
  { keys: ['N'], what: 'Pick the next ship (Shift+N: the one before)' },
  { keys: ['Esc'], what: 'Skip the turn’s animation' },
  { keys: ['Q', 'E'], what: 'Galleys & Galleons: turn the move being composed 15° to port / starboard' },
  { keys: ['1', '2', '3'], what: 'Galleys & Galleons: its stick, Short / Medium / Long' },
  { keys: ['↑'], what: 'Galleys & Galleons: add the move' }
]

/** Whether a key press belongs to what the GM is typing (a field, an editable text, an open menu). */
export function typingIn(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null
  if (!el || !el.tagName) return false
  if (el.isContentEditable) return true
  return ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName)
}
