import { call } from '../door'

/**
 * The players' screen's link (issue 21): this page's address on the players' route with the local
 * host's read-only players' token — never this window's own token, which reaches every command.
 * Null where there is no local host to serve it (the desktop window opens the players' window itself).
 */
export async function playersLink(): Promise<string | null> {
  const { token } = await call('players.link', {})
  if (!token) return null
  return `${window.location.origin}${window.location.pathname}?token=${encodeURIComponent(token)}#/players`
}
