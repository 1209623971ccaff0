/**
 * The players' listener on the LAN, when the GM opened one (`--players-lan` or the desktop menu):
 * the shell that opened it registers how to close it, so that the GM's command (and the menu item)
 * can close it. At most one is open.
 */
let closer: (() => Promise<void>) | null = null

export function registerPlayersLan(close: () => Promise<void>): void {
  closer = close
}

export function playersLanOpen(): boolean {
  return closer !== null
}

/** Close the players' listener; false when none was open. */
export async function closePlayersLan(): Promise<boolean> {
  const c = closer
  if (!c) return false
  closer = null
  await c()
  return true
}
