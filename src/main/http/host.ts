import { randomBytes, timingSafeEqual } from 'node:crypto'
import { createReadStream, realpathSync, statSync } from 'node:fs'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize, resolve, sep } from 'node:path'
import { z } from 'zod'
import { contracts, COMMAND_NAMES } from '../../shared/commands'
import { HTTP_STATUS, type CommandErrorBody } from '../../shared/errors'
import type { Door } from '../door/door'
import { registerPlayersLink } from '../players/lan'
import { servePlayersApi } from './players-api'

/** Request bodies larger than this are refused with 413. */
export const MAX_BODY_BYTES = 1024 * 1024

/**
 * Time limits, so that a slow or stalled client cannot hold a socket (Node's own default lets a
 * request take five minutes): its headers must arrive within HEADERS_TIMEOUT_MS, the whole request
 * (headers and body) within REQUEST_TIMEOUT_MS, and an idle kept-alive socket is closed after
 * KEEP_ALIVE_TIMEOUT_MS. A request that overruns is answered 408 and its socket closed. The event
 * stream (GET /api/events) is a reply, not a request: it is not cut off (it beats every 20 s).
 */
export const HEADERS_TIMEOUT_MS = 10_000
export const REQUEST_TIMEOUT_MS = 30_000
export const KEEP_ALIVE_TIMEOUT_MS = 5_000

/** The renderer's Content Security Policy, served with every page (and set in the Electron window). */
export const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  // The component library injects its styles at run time.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'none'"
].join('; ')

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf'
}

export interface HostOptions {
  door: Door
  token: string
  /** 0 picks a free port. */
  port: number
  /** The built renderer (out/renderer); omitted, only the API is served. */
  staticDir?: string
  /**
   * The players' screen's read-only token on this host (issue 21): with it a page reaches only the
   * player payload and a change stream (./players-api.ts). Omitted, one is made at random.
   */
  playersToken?: string
  /** Shorter limits for tests; default HEADERS_TIMEOUT_MS and REQUEST_TIMEOUT_MS. */
  timeouts?: { headersMs: number; requestMs: number }
}

export interface Host {
  server: Server
  port: number
  url: string
  /** The players' screen's read-only token (see HostOptions.playersToken). */
  playersToken: string
  close(): Promise<void>
}

/** One JSON description per command: its name, its input as JSON Schema, whether it writes. */
export function describeCommands(): { name: string; summary: string; scope: string; mutates: boolean; input: unknown }[] {
  return COMMAND_NAMES.map((name) => {
    const c = contracts[name]
    return {
      name,
      summary: c.summary,
      scope: c.scope,
      mutates: c.mutates,
      input: z.toJSONSchema(c.input, { io: 'input', unrepresentable: 'any' })
    }
  })
}

function sameToken(given: string, token: string): boolean {
  const a = Buffer.from(given)
  const b = Buffer.from(token)
  return a.length === b.length && timingSafeEqual(a, b)
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body)
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
    ...headers
  })
  res.end(text)
}

function sendError(res: ServerResponse, status: number, error: CommandErrorBody | { code: string; message: string }): void {
  send(res, status, { error })
}

class TooLarge extends Error {}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolveBody, reject) => {
    const declared = Number(req.headers['content-length'] ?? 0)
    if (declared > MAX_BODY_BYTES) return reject(new TooLarge())
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > MAX_BODY_BYTES) {
        // Drop the rest without hanging up: the 413 reply (sent with Connection: close) ends the socket.
        reject(new TooLarge())
        return
      }
      chunks.push(chunk)
    })
    req.on('end', () => resolveBody(Buffer.concat(chunks).toString('utf8')))
    req.on('error', reject)
  })
}

/**
 * The local HTTP host: the same command table as the desktop window, for the browser app, tests
 * and the players' screen (its own read-only token). Bound to 127.0.0.1 only; every API call needs a bearer token; a
 * request from another origin or for another host name is refused (drive-by pages, DNS rebinding).
 */
export async function startHost(opts: HostOptions): Promise<Host> {
  const { door, token } = opts
  const playersToken = opts.playersToken ?? randomBytes(24).toString('base64url')
  if (playersToken === token) throw new Error("The players' screen token must differ from the host's own")
  const playerStreams = new Set<ServerResponse>()
  let port = opts.port
  const staticRoot = opts.staticDir ? resolve(opts.staticDir) : undefined
  const realStaticRoot = staticRoot ? realpathSync(staticRoot) : ''

  const allowedHosts = () => new Set([`127.0.0.1:${port}`, `localhost:${port}`])
  const allowedOrigins = () => new Set([`http://127.0.0.1:${port}`, `http://localhost:${port}`])

  const headersMs = opts.timeouts?.headersMs ?? HEADERS_TIMEOUT_MS
  const requestMs = opts.timeouts?.requestMs ?? REQUEST_TIMEOUT_MS
  const server = createServer(
    {
      headersTimeout: headersMs,
      requestTimeout: requestMs,
      keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
      // How often Node checks those limits (its default, 30 s, would let a stalled request run long past them).
      connectionsCheckingInterval: Math.min(1000, headersMs)
    },
    (req, res) => {
    res.setHeader('X-Content-Type-Options', 'nosniff')
    res.setHeader('Referrer-Policy', 'no-referrer')
    res.setHeader('X-Frame-Options', 'DENY')
    handle(req, res).catch((e) => {
      door.session.log('HTTP request failed', e)
      if (!res.headersSent) sendError(res, 500, { code: 'internal', message: 'The request could not be handled.' })
      else res.end()
    })
    }
  )

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const host = req.headers.host ?? ''
    if (!allowedHosts().has(host)) {
      return sendError(res, 403, { code: 'forbidden', message: `Requests must be addressed to 127.0.0.1:${port}.` })
    }
    const origin = req.headers.origin
    if (origin !== undefined && !allowedOrigins().has(origin)) {
      return sendError(res, 403, { code: 'forbidden', message: 'Requests from other origins are refused.' })
    }
    const url = new URL(req.url ?? '/', `http://${host}`)
    if (url.pathname.startsWith('/api/') || url.pathname === '/api') return api(req, res, url)
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return sendError(res, 405, { code: 'method_not_allowed', message: 'Only GET is served here.' })
    }
    return serveStatic(req, res, url)
  }

  async function api(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const auth = req.headers.authorization ?? ''
    const m = /^Bearer (.+)$/.exec(auth)
    if (m && sameToken(m[1]!, playersToken)) return servePlayersApi(door, url.pathname.slice('/api/'.length), req, res, playerStreams)
    if (!m || !sameToken(m[1]!, token)) {
      return sendError(res, 401, { code: 'unauthorized', message: 'A valid token is required (Authorization: Bearer …).' })
    }
    const route = url.pathname.slice('/api/'.length)
    if (route === 'commands' && req.method === 'GET') return send(res, 200, describeCommands())
    if (route === 'events' && req.method === 'GET') return events(req, res)
    if (req.method !== 'POST') {
      return sendError(res, 405, { code: 'method_not_allowed', message: `Use POST /api/<command>.` })
    }
    let raw: string
    try {
      raw = await readBody(req)
    } catch (e) {
      if (e instanceof TooLarge) {
        res.setHeader('Connection', 'close')
        return sendError(res, 413, { code: 'too_large', message: `Request bodies are limited to ${MAX_BODY_BYTES} bytes.` })
      }
      throw e
    }
    let input: unknown = {}
    if (raw.trim() !== '') {
      try {
        input = JSON.parse(raw)
      } catch {
        return sendError(res, 400, { code: 'invalid_input', message: 'The request body is not valid JSON.' })
      }
    }
    let name: string
    try {
      name = decodeURIComponent(route)
    } catch {
      return sendError(res, 404, { code: 'not_found', message: 'There is no command by that name.' })
    }
    // A client that hangs up before its answer stops long work done for it (the odds).
    const gone = new AbortController()
    res.on('close', () => {
      if (!res.writableFinished) gone.abort()
    })
    const out = await door.invoke(name, input, 'http', { signal: gone.signal })
    if (out.ok) return send(res, 200, out.value === undefined ? null : out.value)
    return sendError(res, HTTP_STATUS[out.error.code], out.error)
  }

  function events(req: IncomingMessage, res: ServerResponse): void {
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive'
    })
    res.write(': connected\n\n')
    const off = door.session.on((e) => res.write(`data: ${JSON.stringify(e)}\n\n`))
    const beat = setInterval(() => res.write(': keep-alive\n\n'), 20_000)
    req.on('close', () => {
      clearInterval(beat)
      off()
    })
  }

  function serveStatic(req: IncomingMessage, res: ServerResponse, url: URL): void {
    if (!staticRoot) return sendError(res, 404, { code: 'not_found', message: 'No app is served here.' })
    let rel: string
    try {
      rel = decodeURIComponent(url.pathname)
    } catch {
      return sendError(res, 400, { code: 'invalid_input', message: 'Bad path.' })
    }
    if (rel === '/' || rel === '') rel = '/index.html'
    const file = normalize(join(staticRoot, rel))
    // The file itself, with every symlink on the way followed, must still be inside the renderer folder.
    let real: string
    try {
      real = realpathSync(file)
    } catch {
      real = ''
    }
    if (!file.startsWith(staticRoot + sep) || !real.startsWith(realStaticRoot + sep) || !statSync(real).isFile()) {
      return sendError(res, 404, { code: 'not_found', message: `Nothing at ${url.pathname}.` })
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
    server.listen(port, '127.0.0.1', () => {
      server.off('error', fail)
      ok()
    })
  })
  port = (server.address() as AddressInfo).port
  const unregister = registerPlayersLink(playersToken)
  return {
    server,
    port,
    url: `http://127.0.0.1:${port}/`,
    playersToken,
    close: () =>
      new Promise<void>((ok) => {
        unregister()
        for (const s of playerStreams) s.end()
        server.closeAllConnections()
        server.close(() => ok())
      })
  }
}
