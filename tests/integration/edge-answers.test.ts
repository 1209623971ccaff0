/**
 * Paths that used to answer 500 or do the wrong thing (issue 14, points 4–6 and the host's time
 * limits): each answers cleanly now, over the HTTP host as a browser would see it.
 */
import { existsSync, mkdirSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { connect } from 'node:net'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { MAX_FILE_NAME_BYTES } from '../../src/main/app/paths'
import { backupsDir } from '../../src/main/campaign/backups'
import { HEADERS_TIMEOUT_MS, KEEP_ALIVE_TIMEOUT_MS, REQUEST_TIMEOUT_MS, startHost, type Host } from '../../src/main/http/host'
import { makeSession, makeTempDir, type TestSession } from '../helpers'

const TOKEN = 'edge-token'
let t: TestSession
let host: Host
let dir: string

beforeEach(async () => {
  dir = makeTempDir('quarterdeck-edge-')
  t = makeSession({ mode: 'browser' })
})
afterEach(async () => {
  await host?.close()
  await t.cleanup()
  rmSync(dir, { recursive: true, force: true })
})

async function post(command: string, input: unknown = {}): Promise<{ status: number; body: any }> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const res = await fetch(`${host.url}api/${command}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify(input)
  })
  return { status: res.status, body: await res.json() }
}

describe('campaign files at the edges', () => {
  beforeEach(async () => {
    host = await startHost({ door: t.door, token: TOKEN, port: 0 })
  })

  it('campaigns.available with a dangling *.quarterdeck symlink (and a folder of that name) skips them, says so in the log, and lists the rest', async () => {
    await t.door.call('campaigns.create', { name: 'Real One' })
    await t.door.call('campaigns.close')
    symlinkSync(join(dir, 'gone.quarterdeck'), join(t.campaignsDir, 'dangling.quarterdeck'))
    mkdirSync(join(t.campaignsDir, 'folder.quarterdeck'))
    const r = await post('campaigns.available')
    expect(r.status).toBe(200)
    expect(r.body.map((f: { fileName: string }) => f.fileName)).toEqual(['Real-One.quarterdeck'])
    expect(t.logs.map((l) => l.message).join('\n')).toMatch(/skipped dangling\.quarterdeck: it cannot be read/)
    expect(t.logs.map((l) => l.message).join('\n')).toMatch(/skipped folder\.quarterdeck: it is not a file/)
  })

  it(`campaigns.create with a file name over the limit answers 400 naming the limit (${MAX_FILE_NAME_BYTES} bytes), and makes nothing`, async () => {
    for (const stem of ['x'.repeat(251), 'é'.repeat(120), 'y'.repeat(MAX_FILE_NAME_BYTES)]) {
      const r = await post('campaigns.create', { name: 'Long', path: `${stem}.quarterdeck` })
      expect(r.status, stem.slice(0, 3)).toBe(400)
      expect(r.body.error.message).toContain(`at most ${MAX_FILE_NAME_BYTES} bytes`)
      expect(r.body.error.details).toMatchObject({ field: 'path', limit: MAX_FILE_NAME_BYTES })
    }
    expect(readdirSync(t.campaignsDir)).toEqual([])
    // Just inside the limit works.
    const ok = await post('campaigns.create', { name: 'Long', path: `${'z'.repeat(MAX_FILE_NAME_BYTES - '.quarterdeck'.length)}.quarterdeck` })
    expect(ok.status).toBe(200)
  })

  it('campaigns.open on a folder named x.quarterdeck answers 400, and the open campaign stays open', async () => {
    await t.door.call('campaigns.create', { name: 'Stays Open' })
    mkdirSync(join(t.campaignsDir, 'x.quarterdeck'))
    const r = await post('campaigns.open', { path: 'x.quarterdeck' })
    expect(r.status).toBe(400)
    expect(r.body.error).toMatchObject({ code: 'invalid_input', details: { field: 'path' } })
    expect(r.body.error.message).toContain('is a folder, not a campaign file')
    const status = (await post('app.status')).body
    expect(status.campaign.name).toBe('Stays Open')
    expect(status.recovery).toBeNull()
  })

  it('leftovers of a backup cut short (*.partial and its *.partial-journal) are removed together by the next backup', async () => {
    const path = (await t.door.call('campaigns.create', { name: 'Tidy' })).campaign!.path
    await t.door.call('backups.create')
    const b = backupsDir(path)
    const stem = join(b, '2026-01-01T00-00-00-000Z--auto.quarterdeck.partial')
    for (const f of [stem, `${stem}-journal`, `${stem}-wal`, `${stem}-shm`]) writeFileSync(f, 'cut short')
    writeFileSync(join(b, `${'2026-01-02T00-00-00-000Z--auto.quarterdeck.partial'}-journal`), 'an orphan journal')
    await t.door.call('campaign.rename', { name: 'Tidier' })
    await t.door.call('campaigns.close')
    expect(readdirSync(b).filter((f) => f.includes('.partial'))).toEqual([])
    expect(readdirSync(b).some((f) => f.endsWith('--close.quarterdeck'))).toBe(true)
  })
})

describe('static files', () => {
  it('never follow a symlink out of the renderer folder', async () => {
    const www = join(dir, 'www')
    mkdirSync(join(www, 'assets'), { recursive: true })
    writeFileSync(join(www, 'index.html'), '<p>app</p>')
    writeFileSync(join(www, 'assets', 'app.js'), 'ok()')
    const secret = join(dir, 'secret.txt')
    writeFileSync(secret, 'the GM’s notes')
    mkdirSync(join(dir, 'private'))
    writeFileSync(join(dir, 'private', 'more.js'), 'secret()')
    symlinkSync(secret, join(www, 'leak.txt'))
    symlinkSync(join(dir, 'private'), join(www, 'assets', 'linked'))
    symlinkSync(join(www, 'index.html'), join(www, 'inside.html')) // a link that stays inside is fine
    host = await startHost({ door: t.door, token: TOKEN, port: 0, staticDir: www })
    const get = async (p: string) => {
      const res = await fetch(`${host.url}${p.replace(/^\//, '')}`)
      return { status: res.status, text: await res.text() }
    }
    expect((await get('/assets/app.js')).status).toBe(200)
    for (const p of ['/leak.txt', '/assets/linked/more.js']) {
      const r = await get(p)
      expect(r.status, p).toBe(404)
      expect(r.text).not.toContain('secret')
      expect(r.text).not.toContain('notes')
    }
    expect((await get('/inside.html')).text).toBe('<p>app</p>')
  })
})

describe('host time limits', () => {
  it('states its limits: headers 10 s, whole request 30 s, idle keep-alive 5 s', () => {
    expect([HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS, KEEP_ALIVE_TIMEOUT_MS]).toEqual([10_000, 30_000, 5_000])
  })

  it('the default host applies them', async () => {
    host = await startHost({ door: t.door, token: TOKEN, port: 0 })
    expect(host.server.headersTimeout).toBe(HEADERS_TIMEOUT_MS)
    expect(host.server.requestTimeout).toBe(REQUEST_TIMEOUT_MS)
    expect(host.server.keepAliveTimeout).toBe(KEEP_ALIVE_TIMEOUT_MS)
  })

  /** Open a raw socket, send `first`, then nothing more; resolve with what came back and when the socket closed. */
  function stall(first: string): Promise<{ reply: string; ms: number }> {
    return new Promise((resolve, reject) => {
      const started = Date.now()
      const s = connect(host.port, '127.0.0.1', () => s.write(first))
      let reply = ''
      s.setEncoding('utf8')
      s.on('data', (c: string) => (reply += c))
      s.on('close', () => resolve({ reply, ms: Date.now() - started }))
      s.on('error', reject)
    })
  }

  it('a client that never finishes its headers is cut off with 408 once the header limit passes', async () => {
    host = await startHost({ door: t.door, token: TOKEN, port: 0, timeouts: { headersMs: 600, requestMs: 1500 } })
    const { reply, ms } = await stall(`POST /api/app.status HTTP/1.1\r\nHost: 127.0.0.1:${host.port}\r\nAuthorization: Bearer ${TOKEN}\r\n`)
    expect(reply).toMatch(/^HTTP\/1\.1 408/)
    expect(ms).toBeGreaterThanOrEqual(500)
    expect(ms).toBeLessThan(10_000)
  })

  it('a client that sends its headers but trickles a body it never finishes is cut off with 408 at the request limit, and nothing runs', async () => {
    host = await startHost({ door: t.door, token: TOKEN, port: 0, timeouts: { headersMs: 600, requestMs: 1500 } })
    await t.door.call('campaigns.create', { name: 'Untouched' })
    const body = JSON.stringify({ name: 'Changed' })
    const { reply, ms } = await stall(
      `POST /api/campaign.rename HTTP/1.1\r\nHost: 127.0.0.1:${host.port}\r\nAuthorization: Bearer ${TOKEN}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`
    )
    expect(reply).toMatch(/^HTTP\/1\.1 408/)
    expect(ms).toBeGreaterThanOrEqual(1400)
    expect(ms).toBeLessThan(15_000)
    expect((await t.door.call('campaign.info')).name).toBe('Untouched')
  })
})
