import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Door } from '../door/door'

/**
 * What a players' screen link may reach (issue 21), on the LAN listener and on the main host alike:
 * the player payload (POST /api/players.payload) and an event stream that only says "something
 * changed" — no command, no number, nothing the GM did. Every other route is refused.
 */

export const PLAYERS_COMMAND = 'players.payload'

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' })
  res.end(JSON.stringify(body))
}
const refuse = (res: ServerResponse, status: number, code: string, message: string) => send(res, status, { error: { code, message } })

/** Serve one players' API request (`route` is the path after /api/); `streams` collects open event streams. */
export async function servePlayersApi(door: Door, route: string, req: IncomingMessage, res: ServerResponse, streams: Set<ServerResponse>): Promise<void> {
  if (route === 'events' && req.method === 'GET') return playersEvents(door, req, res, streams)
  if (route === PLAYERS_COMMAND && req.method === 'POST') {
    req.resume()
    const out = await door.invoke(PLAYERS_COMMAND, {}, 'http')
    if (out.ok) return send(res, 200, out.value)
    return refuse(res, 409, 'unavailable', 'Nothing can be shown now.')
  }
  return refuse(res, 403, 'forbidden', "The players' screen only shows the battle; it takes no commands.")
}

/** Only "something changed" (no command, no number): the page asks for its payload again. */
function playersEvents(door: Door, req: IncomingMessage, res: ServerResponse, streams: Set<ServerResponse>): void {
  res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store', Connection: 'keep-alive' })
  res.write(': connected\n\n')
  streams.add(res)
  const off = door.session.on((e) => {
    if (e.type === 'changed' || e.type === 'status') res.write(`data: ${JSON.stringify({ type: 'changed', command: '', seq: null })}\n\n`)
  })
  const beat = setInterval(() => res.write(': keep-alive\n\n'), 20_000)
  req.on('close', () => {
    clearInterval(beat)
    off()
    streams.delete(res)
  })
}
