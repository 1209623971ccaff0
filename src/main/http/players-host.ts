import { timingSafeEqual } from 'node:crypto'
import { createReadStream, realpathSync, statSync } from 'node:fs'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize, resolve, sep } from 'node:path'
import type { Door } from '../door/door'
import { servePlayersApi } from './players-api'
import { CSP, HEADERS_TIMEOUT_MS, KEEP_ALIVE_TIMEOUT_MS, REQUEST_TIMEOUT_MS } from './host'

/**
 * The players' screen over the network (issue 21), opt-in only (`--players-lan`, or the desktop
 * menu): a second listener, read-only, with its own token. It serves the built renderer's files (the
 * player page is one of its routes) and what ./players-api.ts lets a players' link reach — nothing
 * else. The main host stays on 127.0.0.1.
 */

export { PLAYERS_COMMAND } from './players-api'

export interface PlayersHostOptions {
  door: Door
  token: string
  port: number
  /** The address to listen on: every interface by default (the LAN); tests use 127.0.0.1. */
  address?: string
  staticDir?: string
}

export interface PlayersHost {
  server: Server
  port: number
  close(): Promise<void>
}

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf'
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' })
  res.end(JSON.stringify(body))
}
const refuse = (res: ServerResponse, status: number, code: string, message: string) => send(res, status, { error: { code, message } })

function sameToken(given: string, token: string): boolean {
  const a = Buffer.from(given)
  const b = Buffer.from(token)
  return a.length === b.length && timingSafeEqual(a, b)
}

export async function startPlayersHost(opts: PlayersHostOptions): Promise<PlayersHost> {
  const { door, token } = opts
  const staticRoot = opts.staticDir ? resolve(opts.staticDir) : undefined
  const realRoot = staticRoot ? realpathSync(staticRoot) : ''
  const streams = new Set<ServerResponse>()
  const server = createServer(
    { headersTimeout: HEADERS_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS, keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS },
    (req, res) => {
      res.setHeader('X-Content-Type-Options', 'nosniff')
      res.setHeader('Referrer-Policy', 'no-referrer')
      res.setHeader('X-Frame-Options', 'DENY')
      handle(req, res).catch((e) => {
        door.session.log("Players' screen request failed", e)
        if (!res.headersSent) refuse(res, 500, 'internal', 'The request could not be handled.')
        else res.end()
      })
    }
  )

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://players.invalid')
    if (url.pathname.startsWith('/api/') || url.pathname === '/api') {
      const m = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')
      if (!m || !sameToken(m[1]!, token)) return refuse(res, 401, 'unauthorized', "The players' screen link is needed (its token).")
      return servePlayersApi(door, url.pathname.slice('/api/'.length), req, res, streams)
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return refuse(res, 405, 'method_not_allowed', 'Only GET is served here.')
    if (!staticRoot) return refuse(res, 404, 'not_found', 'No page is served here.')
    let rel: string
    try {
      rel = decodeURIComponent(url.pathname)
    } catch {
      return refuse(res, 400, 'invalid_input', 'Bad path.')
    }
    // The link printed is /?token=…: the page opens on its own route, the players' screen.
    if (rel === '/' || rel === '') {
      res.writeHead(302, { Location: `/index.html${url.search}#/players`, 'Cache-Control': 'no-store' })
      return void res.end()
    }
    const file = normalize(join(staticRoot, rel))
    let real = ''
    try {
      real = realpathSync(file)
    } catch {
      real = ''
    }
    if (!file.startsWith(staticRoot + sep) || !real.startsWith(realRoot + sep) || !statSync(real).isFile()) {
      return refuse(res, 404, 'not_found', `Nothing at ${url.pathname}.`)
    }
    res.writeHead(200, {
      'Content-Type': MIME[extname(file)] ?? 'application/octet-stream',
      'Content-Security-Policy': CSP,
      'Cache-Control': extname(file) === '.html' ? 'no-store' : 'public, max-age=3600'
    })
    if (req.method === 'HEAD') return void res.end()
    createReadStream(real).pipe(res)
  }

  await new Promise<void>((ok, fail) => {
    server.once('error', fail)
    server.listen(opts.port, opts.address ?? '0.0.0.0', () => {
      server.off('error', fail)
      ok()
    })
  })
  const port = (server.address() as AddressInfo).port
  return {
    server,
    port,
    close: () =>
      new Promise<void>((ok) => {
        for (const s of streams) s.end()
        server.closeAllConnections()
        server.close(() => ok())
      })
  }
}
