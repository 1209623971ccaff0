/**
 * The headless host as a real process: `node --import tsx src/main/serve.ts …` (what `npx tsx`
 * runs, without npx in between, so that signals reach the server itself).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { listBackups } from '../../src/main/campaign/backups'
import { campaignRow, makeTempDir, ROOT, withRawDb } from '../helpers'

const READY = /^Quarterdeck serving http:\/\/127\.0\.0\.1:(\d+)\/\?token=testtoken$/

interface Served {
  child: ChildProcess
  stdout: () => string
  stderr: () => string
  /** The first line on stdout (rejects if the process exits first). */
  firstLine: Promise<string>
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
}

const children: ChildProcess[] = []
let dir: string

beforeEach(() => {
  dir = makeTempDir('quarterdeck-serve-')
})
afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL')
  rmSync(dir, { recursive: true, force: true })
})

function serve(args: string[]): Served {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main/serve.ts', ...args], {
    cwd: ROOT,
    env: { ...process.env, QUARTERDECK_TOKEN: 'testtoken', QUARTERDECK_HOME: join(dir, 'wrong-home') },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  children.push(child)
  let out = ''
  let err = ''
  child.stdout!.setEncoding('utf8')
  child.stderr!.setEncoding('utf8')
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal }))
  )
  const firstLine = new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: string) => {
      out += chunk
      const nl = out.indexOf('\n')
      if (nl >= 0) resolve(out.slice(0, nl))
    })
    void exited.then(({ code }) => reject(new Error(`serve exited (${code}) before it was ready; stderr: ${err}`)))
  })
  firstLine.catch(() => undefined) // not every test waits for it
  child.stderr!.on('data', (chunk: string) => (err += chunk))
  return { child, stdout: () => out, stderr: () => err, firstLine, exited }
}

const api = (port: number, command: string, input: unknown = {}, token = 'testtoken') =>
  fetch(`http://127.0.0.1:${port}/api/${command}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(input)
  })

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

describe('serve.ts', () => {
  it('creates the campaign, prints exactly one line, serves the API, and exits 0 on SIGTERM', async () => {
    const file = join(dir, 'x.quarterdeck')
    const s = serve(['--campaign', file, '--create', '--port', '0', '--home', join(dir, 'home')])
    const line = await s.firstLine
    const m = READY.exec(line)
    expect(m, `unexpected first line: ${JSON.stringify(line)}`).not.toBeNull()
    const port = Number(m![1])
    expect(port).toBeGreaterThan(0)

    await sleep(1000)
    expect(s.stdout()).toBe(line + '\n')

    const status = await api(port, 'app.status')
    expect(status.status).toBe(200)
    expect(await status.json()).toMatchObject({
      mode: 'browser',
      campaignsDir: join(dir, 'home', 'campaigns'),
      campaign: { path: file, fileName: 'x.quarterdeck', name: 'x', setting: 'theah' },
      recovery: null
    })
    expect((await api(port, 'app.status', {}, 'not-the-token')).status).toBe(401)
    const renamed = await api(port, 'campaign.rename', { name: 'Served And Renamed' })
    expect(renamed.status).toBe(200)
    expect(((await renamed.json()) as { name: string }).name).toBe('Served And Renamed')

    s.child.kill('SIGTERM')
    expect(await s.exited).toEqual({ code: 0, signal: null })
    expect(s.stdout()).toBe(line + '\n')
    expect(existsSync(join(dir, 'wrong-home'))).toBe(false) // --home wins over QUARTERDECK_HOME

    // Stopping closed the campaign properly: the checkpointed file stands alone, with a closing backup.
    expect(existsSync(file + '-wal')).toBe(false)
    expect(listBackups(file).map((b) => b.kind)).toEqual(['close'])
    withRawDb(file, (db) => {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok')
      expect(campaignRow(db)!.name).toBe('Served And Renamed')
    })
  })

  it('opens an existing file without --create, and exits 0 on SIGINT', async () => {
    const file = join(dir, 'again.quarterdeck')
    const first = serve(['--campaign', file, '--create', '--home', join(dir, 'home')])
    const port1 = Number(READY.exec(await first.firstLine)![1])
    expect((await api(port1, 'campaign.rename', { name: 'Kept' })).status).toBe(200)
    first.child.kill('SIGTERM')
    expect((await first.exited).code).toBe(0)

    const second = serve(['--campaign', file, '--home', join(dir, 'home')])
    const port2 = Number(READY.exec(await second.firstLine)![1])
    const info = await api(port2, 'campaign.info')
    expect(((await info.json()) as { name: string }).name).toBe('Kept')
    second.child.kill('SIGINT')
    expect(await second.exited).toEqual({ code: 0, signal: null })
  })

  it('without --create, a missing file is a non-zero exit with a clear message and nothing created', async () => {
    const file = join(dir, 'missing.quarterdeck')
    const s = serve(['--campaign', file, '--home', join(dir, 'home')])
    const { code } = await s.exited
    expect(code).not.toBe(0)
    expect(s.stdout()).toBe('')
    expect(s.stderr()).toContain(`There is no campaign file at ${file}`)
    expect(s.stderr()).toContain('--create')
    expect(existsSync(file)).toBe(false)
  })

  it('a bad --port is a non-zero exit with a clear message', async () => {
    const s = serve(['--campaign', join(dir, 'p.quarterdeck'), '--create', '--port', '70000', '--home', join(dir, 'home')])
    expect((await s.exited).code).not.toBe(0)
    expect(s.stderr()).toContain('--port must be 0-65535')
    expect(s.stdout()).toBe('')
  })
  it("--players-lan prints one more line, the players' screen with its own token; the main host stays on 127.0.0.1", async () => {
    const file = join(dir, 'p.quarterdeck')
    const s = serve(['--campaign', file, '--create', '--port', '0', '--home', join(dir, 'home'), '--players-lan', '--players-address', '127.0.0.1'])
    const line = await s.firstLine
    const m = READY.exec(line)
    expect(m, `unexpected first line: ${JSON.stringify(line)}`).not.toBeNull()
    while (s.stdout().split('\n').length < 3) await new Promise<void>((ok) => s.child.stdout!.once('data', () => ok()))
    const second = s.stdout().split('\n')[1]!
    const p = /^Players' screen http:\/\/127\.0\.0\.1:(\d+)\/\?token=([A-Za-z0-9_-]+)$/.exec(second)
    expect(p, `unexpected second line: ${JSON.stringify(second)}`).not.toBeNull()
    expect(p![2]).not.toBe('testtoken')
    const players = (path: string, token: string) => fetch(`http://127.0.0.1:${p![1]}${path}`, { method: 'POST', body: '{}', headers: { Authorization: `Bearer ${token}` } })
    expect((await players('/api/players.payload', p![2]!)).status).toBe(200)
    expect((await players('/api/app.status', p![2]!)).status).toBe(403)
    expect((await players('/api/players.payload', 'testtoken')).status).toBe(401)
    s.child.kill('SIGTERM')
    expect((await s.exited).code).toBe(0)
  })
})
