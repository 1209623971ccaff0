import { existsSync, mkdirSync, readdirSync, rmSync, symlinkSync } from 'node:fs'
import { request, type IncomingHttpHeaders } from 'node:http'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { MAX_BODY_BYTES, startHost, type Host } from '../../src/main/http/host'
import { COMMAND_NAMES, contracts } from '../../src/shared/commands'
import { makeSession, makeTempDir, type TestSession } from '../helpers'

const TOKEN = 'test-token-0123456789'

let t: TestSession
let host: Host
let outside: string

beforeEach(async () => {
  outside = makeTempDir('quarterdeck-outside-')
  t = makeSession({ mode: 'browser', allowedFiles: [join(outside, 'named-on-the-command-line.quarterdeck')] })
  host = await startHost({ door: t.door, token: TOKEN, port: 0 })
})
afterEach(async () => {
  await host.close()
  await t.cleanup()
  rmSync(outside, { recursive: true, force: true })
})

interface Reply {
  status: number
  headers: IncomingHttpHeaders
  text: string
  json: () => any // eslint-disable-line @typescript-eslint/no-explicit-any
}

interface Req {
  method?: string
  path: string
  headers?: Record<string, string>
  body?: string | Buffer
  /** Send the body in chunks without a Content-Length. */
  chunked?: boolean
  token?: string | null
}

/** One request with node:http, so that Host and Origin can be set freely. */
function call(opts: Req): Promise<Reply> {
  const headers: Record<string, string> = { ...opts.headers }
  const token = opts.token === undefined ? TOKEN : opts.token
  if (token !== null) headers.authorization ??= `Bearer ${token}`
  if (opts.body !== undefined && !opts.chunked) headers['content-length'] ??= String(Buffer.byteLength(opts.body))
  if (opts.body !== undefined) headers['content-type'] ??= 'application/json'
  return new Promise((resolve, reject) => {
    let settled = false
    const req = request(
      { host: '127.0.0.1', port: host.port, method: opts.method ?? 'POST', path: opts.path, headers },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => {
          settled = true
          const text = Buffer.concat(chunks).toString('utf8')
          resolve({ status: res.statusCode!, headers: res.headers, text, json: () => JSON.parse(text) })
        })
        res.on('error', reject)
      }
    )
    // The server may answer (413) and hang up before the whole body is sent; that is fine.
    req.on('error', (e) => {
      if (!settled) reject(e)
    })
    if (opts.body !== undefined) {
      if (opts.chunked) {
        const buf = Buffer.from(opts.body)
        for (let i = 0; i < buf.length; i += 64 * 1024) req.write(buf.subarray(i, i + 64 * 1024))
      } else {
        req.write(opts.body)
      }
    }
    req.end()
  })
}

const post = (command: string, input?: unknown, extra: Partial<Req> = {}) =>
  call({ path: `/api/${command}`, body: input === undefined ? undefined : JSON.stringify(input), ...extra })

describe('who may call', () => {
  it('no token → 401', async () => {
    const r = await post('app.status', {}, { token: null })
    expect(r.status).toBe(401)
    expect(r.json().error.code).toBe('unauthorized')
  })

  it.each(['wrong', TOKEN + 'x', TOKEN.slice(0, -1), ''])('wrong token %j → 401', async (token) => {
    const r = await post('app.status', {}, { token })
    expect(r.status).toBe(401)
  })

  it('a token sent other than as a Bearer header → 401', async () => {
    expect((await post('app.status', {}, { token: null, headers: { authorization: TOKEN } })).status).toBe(401)
    expect((await call({ method: 'GET', path: `/api/commands?token=${TOKEN}`, token: null })).status).toBe(401)
  })

  it('the right token → 200', async () => {
    const r = await post('app.status', {})
    expect(r.status).toBe(200)
    expect(r.json()).toMatchObject({ mode: 'browser', campaign: null, recovery: null })
    expect(r.headers['content-type']).toContain('application/json')
    expect(r.headers['cache-control']).toBe('no-store')
    expect(r.headers['x-content-type-options']).toBe('nosniff')
  })

  it.each(['evil.example:PORT', 'evil.example', '127.0.0.1', '127.0.0.1:1', 'localhost.evil.example:PORT', '[::1]:PORT'])(
    'Host %s → 403, even with the token',
    async (hostHeader) => {
      const r = await post('app.status', {}, { headers: { host: hostHeader.replace('PORT', String(host.port)) } })
      expect(r.status).toBe(403)
      expect(r.json().error.code).toBe('forbidden')
    }
  )

  it.each(['127.0.0.1:PORT', 'localhost:PORT'])('Host %s is accepted', async (hostHeader) => {
    const r = await post('app.status', {}, { headers: { host: hostHeader.replace('PORT', String(host.port)) } })
    expect(r.status).toBe(200)
  })

  it.each(['http://evil.example', 'null', 'http://127.0.0.1:1', 'https://127.0.0.1:PORT', 'http://localhost.evil.example:PORT'])(
    'Origin %s → 403',
    async (origin) => {
      const r = await post('app.status', {}, { headers: { origin: origin.replace('PORT', String(host.port)) } })
      expect(r.status).toBe(403)
    }
  )

  it('a refused origin cannot change anything', async () => {
    await t.door.call('campaigns.create', { name: 'Target' })
    const r = await post('campaign.rename', { name: 'Pwned' }, { headers: { origin: 'http://evil.example' } })
    expect(r.status).toBe(403)
    expect((await t.door.call('campaign.info')).name).toBe('Target')
  })

  it.each(['http://127.0.0.1:PORT', 'http://localhost:PORT'])('Origin %s (this host) is allowed', async (origin) => {
    const r = await post('app.status', {}, { headers: { origin: origin.replace('PORT', String(host.port)) } })
    expect(r.status).toBe(200)
  })
})

describe('requests and replies', () => {
  it('a body over 1 MB → 413, and nothing runs', async () => {
    await t.door.call('campaigns.create', { name: 'Big' })
    const body = JSON.stringify({ name: 'x'.repeat(MAX_BODY_BYTES) })
    const r = await post('campaign.rename', undefined, { body })
    expect(r.status).toBe(413)
    expect(r.json().error.code).toBe('too_large')
    expect((await t.door.call('campaign.info')).name).toBe('Big')
  })

  it('a body over 1 MB without a Content-Length (chunked) → 413 too', async () => {
    const body = JSON.stringify({ name: 'x'.repeat(MAX_BODY_BYTES + 10) })
    const r = await post('campaign.rename', undefined, { body, chunked: true })
    expect(r.status).toBe(413)
  })

  it('a body just under 1 MB is read (and then refused by the contract)', async () => {
    await t.door.call('campaigns.create', { name: 'Big' })
    const padding = 'x'.repeat(MAX_BODY_BYTES - 100)
    const r = await post('campaign.rename', { name: padding })
    expect(r.status).toBe(400)
    expect(r.json().error.code).toBe('invalid_input')
  })

  it('invalid JSON → 400', async () => {
    const r = await post('campaign.rename', undefined, { body: '{"name": ' })
    expect(r.status).toBe(400)
    expect(r.json()).toEqual({ error: { code: 'invalid_input', message: 'The request body is not valid JSON.' } })
  })

  it('an empty body means {}', async () => {
    const r = await post('app.status', undefined)
    expect(r.status).toBe(200)
  })

  it('bad input → 400 with code, message and details naming the field', async () => {
    await t.door.call('campaigns.create', { name: 'Valid' })
    const r = await post('campaign.rename', { name: '' })
    expect(r.status).toBe(400)
    const body = r.json()
    expect(Object.keys(body)).toEqual(['error'])
    expect(body.error).toEqual({
      code: 'invalid_input',
      message: 'name: must not be empty',
      details: { issues: [{ field: 'name', message: 'must not be empty' }] }
    })
  })

  it('unknown command → 404', async () => {
    const r = await post('no.such.command', {})
    expect(r.status).toBe(404)
    expect(r.json().error.code).toBe('not_found')
  })

  it('a badly encoded command name → 404, not a server error', async () => {
    const r = await post('%E0%A4%A', {})
    expect(r.status).toBe(404)
    expect(r.json().error.code).toBe('not_found')
    expect(t.logs).toEqual([])
  })

  it('a rule error → 409', async () => {
    const r = await post('campaign.info', {})
    expect(r.status).toBe(409)
    expect(r.json().error).toMatchObject({ code: 'rule', message: expect.stringContaining('No campaign is open') })
  })

  it('success → 200 with the JSON result', async () => {
    const created = await post('campaigns.create', { name: 'Over The Wire' })
    expect(created.status).toBe(200)
    expect(created.json().campaign).toMatchObject({ name: 'Over The Wire', fileName: 'Over-The-Wire.quarterdeck' })
    const renamed = await post('campaign.rename', { name: 'Renamed Over The Wire' })
    expect(renamed.status).toBe(200)
    expect(renamed.json()).toMatchObject({ name: 'Renamed Over The Wire', setting: 'theah' })
    expect((await t.door.call('campaign.info')).name).toBe('Renamed Over The Wire')
  })

  it('GET on a command → 405', async () => {
    const r = await call({ method: 'GET', path: '/api/app.status' })
    expect(r.status).toBe(405)
  })

  it('GET /api/commands lists every command with its name, JSON-schema input and whether it writes', async () => {
    const r = await call({ method: 'GET', path: '/api/commands' })
    expect(r.status).toBe(200)
    const list = r.json() as { name: string; input: { type?: string; oneOf?: { type?: string }[] }; mutates: boolean; summary: string; scope: string }[]
    expect(list.map((c) => c.name)).toEqual(COMMAND_NAMES)
    for (const c of list) {
      const contract = contracts[c.name as keyof typeof contracts]
      expect(c.mutates).toBe(contract.mutates)
      expect(c.scope).toBe(contract.scope)
      expect(c.summary).toBe(contract.summary)
      expect(typeof c.input).toBe('object')
      // An object, or one object per ruleset (battles.start and battles.conclude, issue 17).
      if (c.input.oneOf) for (const o of c.input.oneOf) expect(o.type).toBe('object')
      else expect(c.input.type).toBe('object')
    }
    const rename = list.find((c) => c.name === 'campaign.rename')!.input as {
      properties: Record<string, { type: string; maxLength: number }>
      required: string[]
      additionalProperties: boolean
    }
    expect(rename.properties.name).toMatchObject({ type: 'string', maxLength: 80 })
    expect(rename.required).toEqual(['name'])
    expect(rename.additionalProperties).toBe(false)
  })

  it('without a static folder, pages are 404', async () => {
    const r = await call({ method: 'GET', path: '/', token: null })
    expect(r.status).toBe(404)
  })
})

describe('campaign paths over HTTP stay in the campaigns folder', () => {
  const refused = async (command: 'campaigns.open' | 'campaigns.create', input: Record<string, string>) => {
    const r = await post(command, input)
    expect(r.status).toBe(400)
    expect(r.json().error).toMatchObject({ code: 'invalid_input', details: { field: 'path' } })
  }

  it('an absolute path outside → 400', async () => {
    await refused('campaigns.open', { path: '/etc/passwd.quarterdeck' })
    await refused('campaigns.create', { name: 'x', path: join(outside, 'made-outside.quarterdeck') })
    expect(readdirSync(outside)).toEqual([])
  })

  it('a relative path climbing out → 400', async () => {
    await refused('campaigns.open', { path: '../x.quarterdeck' })
    await refused('campaigns.create', { name: 'x', path: '../x.quarterdeck' })
    await refused('campaigns.create', { name: 'x', path: 'sub/../../x.quarterdeck' })
    expect(existsSync(join(t.home, 'x.quarterdeck'))).toBe(false)
  })

  it('a sub-folder of the campaigns folder → 400', async () => {
    mkdirSync(join(t.campaignsDir, 'sub'))
    await refused('campaigns.create', { name: 'x', path: 'sub/x.quarterdeck' })
    expect(readdirSync(join(t.campaignsDir, 'sub'))).toEqual([])
  })

  it('a symlink in the folder pointing at a campaign outside → 400, and the target is untouched', async () => {
    await t.door.call('campaigns.create', { name: 'Real', path: join(outside, 'real.quarterdeck') })
    await t.door.call('campaigns.close')
    symlinkSync(join(outside, 'real.quarterdeck'), join(t.campaignsDir, 'link.quarterdeck'))
    await refused('campaigns.open', { path: 'link.quarterdeck' })
    await refused('campaigns.open', { path: join(t.campaignsDir, 'link.quarterdeck') })
    expect((await t.door.call('app.status')).campaign).toBeNull()
  })

  it('a dangling symlink in the folder pointing outside → 400, and nothing is created at its target', async () => {
    const target = join(outside, 'would-be-created.quarterdeck')
    symlinkSync(target, join(t.campaignsDir, 'dangling.quarterdeck'))
    await refused('campaigns.create', { name: 'x', path: 'dangling.quarterdeck' })
    await refused('campaigns.open', { path: 'dangling.quarterdeck' })
    expect(existsSync(target)).toBe(false)
    expect(readdirSync(outside)).toEqual([])
  })

  it('a symlinked sub-folder pointing outside → 400', async () => {
    symlinkSync(outside, join(t.campaignsDir, 'escape'))
    await refused('campaigns.create', { name: 'x', path: 'escape/x.quarterdeck' })
    expect(readdirSync(outside)).toEqual([])
  })

  it('a file named on the command line may be opened even though it is outside', async () => {
    const named = join(outside, 'named-on-the-command-line.quarterdeck')
    await t.door.call('campaigns.create', { name: 'Named', path: named })
    await t.door.call('campaigns.close')
    const r = await post('campaigns.open', { path: named })
    expect(r.status).toBe(200)
    expect(r.json().campaign).toMatchObject({ name: 'Named', path: named })
  })

  it('a plain file name in the folder works', async () => {
    const r = await post('campaigns.create', { name: 'Inside', path: 'inside.quarterdeck' })
    expect(r.status).toBe(200)
    expect(existsSync(join(t.campaignsDir, 'inside.quarterdeck'))).toBe(true)
    await post('campaigns.close', {})
    expect((await post('campaigns.open', { path: 'inside.quarterdeck' })).json().campaign.name).toBe('Inside')
  })

  it('the wrong extension → 400', async () => {
    await refused('campaigns.create', { name: 'x', path: 'x.sqlite' })
  })
})

describe('server-sent events', () => {
  it('GET /api/events streams a changed event after a rename', async () => {
    await t.door.call('campaigns.create', { name: 'Eventful' })
    const received = await new Promise<string>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: host.port,
          method: 'GET',
          path: '/api/events',
          headers: { authorization: `Bearer ${TOKEN}` }
        },
        (res) => {
          expect(res.statusCode).toBe(200)
          expect(res.headers['content-type']).toContain('text/event-stream')
          let buf = ''
          res.setEncoding('utf8')
          res.on('data', (chunk: string) => {
            buf += chunk
            if (buf.startsWith(': connected') && !buf.includes('data:')) {
              // Connected: now make a change through the API.
              void post('campaign.rename', { name: 'Changed By HTTP' })
            }
            const m = /data: (.*)\n\n/.exec(buf)
            if (m) {
              req.destroy()
              resolve(m[1]!)
            }
          })
        }
      )
      req.on('error', (e) => {
        if ((e as NodeJS.ErrnoException).code !== 'ECONNRESET') reject(e)
      })
      req.end()
    })
    const event = JSON.parse(received)
    expect(event).toMatchObject({ type: 'changed', command: 'campaign.rename' })
    expect(typeof event.seq).toBe('number')
  })

  it('GET /api/events needs the token', async () => {
    const r = await call({ method: 'GET', path: '/api/events', token: null })
    expect(r.status).toBe(401)
  })
})
