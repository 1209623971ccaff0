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

/**
 * The read-only players' link of the local host (issue 21): the token a players' screen opened from
 * the GM's window carries instead of the window's own. The host registers it while it listens.
 */
let linkToken: string | null = null

/** Register the host's players' token; the function returned unregisters it. */
export function registerPlayersLink(token: string): () => void {
  linkToken = token
  return () => {
    if (linkToken === token) linkToken = null
  }
}

/** The players' token of the local host, or null (the desktop window opens the players' window itself). */
export function playersLinkToken(): string | null {
  return linkToken
}
