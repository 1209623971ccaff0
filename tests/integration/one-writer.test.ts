/**
 * One writer per campaign file (issue 14, point 1), with real processes: two hosts
 * (`node --import tsx src/main/serve.ts`) on one file. The second is refused with the first's
 * pid, may open it read-only (every change refused), and a lock left by a killed host is taken over.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { lockPathOf } from '../../src/main/campaign/lock'
import { makeTempDir, ROOT } from '../helpers'

interface Served {
  child: ChildProcess
  stderr: () => string
  port: Promise<number>
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
}

const children: ChildProcess[] = []
let dir: string
let home: string
let file: string

beforeEach(() => {
  dir = makeTempDir('quarterdeck-writer-')
  home = join(dir, 'home')
  file = join(home, 'campaigns', 'Shared.quarterdeck')
})
afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL')
  rmSync(dir, { recursive: true, force: true })
})

function serve(args: string[]): Served {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main/serve.ts', '--home', home, ...args], {
    cwd: ROOT,
    env: { ...process.env, QUARTERDECK_TOKEN: 'testtoken' },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  children.push(child)
  let out = ''
  let err = ''
  child.stdout!.setEncoding('utf8')
  child.stderr!.setEncoding('utf8')
  child.stderr!.on('data', (c: string) => (err += c))
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })))
  const port = new Promise<number>((resolve, reject) => {
    child.stdout!.on('data', (c: string) => {
      out += c
      const m = /127\.0\.0\.1:(\d+)\//.exec(out)
      if (m) resolve(Number(m[1]))
    })
    void exited.then(({ code }) => reject(new Error(`serve exited (${code}) before it was ready; stderr: ${err}`)))
  })
  port.catch(() => undefined)
  return { child, stderr: () => err, port, exited }
}

async function api<T = unknown>(port: number, command: string, input: unknown = {}): Promise<{ status: number; body: T }> {
  const res = await fetch(`http://127.0.0.1:${port}/api/${command}`, {
    method: 'POST',
    headers: { authorization: 'Bearer testtoken', 'content-type': 'application/json' },
    body: JSON.stringify(input)
  })
  return { status: res.status, body: (await res.json()) as T }
}
type Err = { error: { code: string; message: string; details?: { lockedBy?: { pid: number }; readOnly?: boolean } } }
type Status = { campaign: { name: string; readOnly: boolean } | null }

describe('one writer per campaign file, between two real processes', () => {
  it('a second host on the same file is refused with the first one’s pid; nothing of the first is touched', async () => {
    const a = serve(['--campaign', file, '--create'])
    const portA = await a.port
    const b = serve(['--campaign', file])
    const { code } = await b.exited
    expect(code).not.toBe(0)
    expect(b.stderr()).toContain(`This campaign is open in another Quarterdeck window (pid ${a.child.pid})`)
    expect(b.stderr()).toContain('--read-only')
    // The first still writes.
    expect((await api(portA, 'campaign.rename', { name: 'Still Mine' })).status).toBe(200)
    expect(JSON.parse(readFileSync(lockPathOf(file), 'utf8')).pid).toBe(a.child.pid)
  })

  it('the second may open it read-only: it reads the writer’s changes, and every change it tries is refused clearly', async () => {
    const a = serve(['--campaign', file, '--create'])
    const portA = await a.port
    const b = serve(['--campaign', file, '--read-only'])
    const portB = await b.port
    expect((await api<Status>(portB, 'app.status')).body.campaign).toMatchObject({ name: 'Shared', readOnly: true })
    for (const [command, input] of [
      ['campaign.rename', { name: 'Not Here' }],
      ['history.undo', {}],
      ['backups.create', {}],
      ['clock.advance', { days: 1 }]
    ] as const) {
      const r = await api<Err>(portB, command, input)
      expect(r.status, command).toBe(409)
      expect(r.body.error.message, command).toMatch(/open read-only, because it is open in another Quarterdeck window/)
    }
    expect((await api(portA, 'campaign.rename', { name: 'Written There' })).status).toBe(200)
    expect((await api<{ name: string }>(portB, 'campaign.info')).body.name).toBe('Written There')
    // The writer's undo undoes only its own write; the reader's refused rename left nothing to undo.
    expect((await api(portA, 'history.undo')).status).toBe(200)
    expect((await api<{ name: string }>(portA, 'campaign.info')).body.name).toBe('Shared')
  })

  it('campaigns.open on a file held by another host answers 409 with its pid, and opens it read-only when asked', async () => {
    const a = serve(['--campaign', file, '--create'])
    await a.port
    const other = join(home, 'campaigns', 'Other.quarterdeck')
    const b = serve(['--campaign', other, '--create'])
    const portB = await b.port
    const refused = await api<Err>(portB, 'campaigns.open', { path: 'Shared.quarterdeck' })
    expect(refused.status).toBe(409)
    expect(refused.body.error.message).toContain(`This campaign is open in another Quarterdeck window (pid ${a.child.pid})`)
    expect(refused.body.error.details?.lockedBy?.pid).toBe(a.child.pid)
    // Refused, the campaign it had open stays open (and writable).
    expect((await api<Status>(portB, 'app.status')).body.campaign).toMatchObject({ name: 'Other', readOnly: false })
    const ro = await api<Status>(portB, 'campaigns.open', { path: 'Shared.quarterdeck', readOnly: true })
    expect(ro.status).toBe(200)
    expect(ro.body.campaign).toMatchObject({ name: 'Shared', readOnly: true })
    expect((await api<Err>(portB, 'campaign.rename', { name: 'No' })).status).toBe(409)
  })

  it('a lock left by a killed host is taken over by the next one, which then writes', async () => {
    const a = serve(['--campaign', file, '--create'])
    const portA = await a.port
    expect((await api(portA, 'campaign.rename', { name: 'Before The Crash' })).status).toBe(200)
    a.child.kill('SIGKILL')
    await a.exited
    expect(existsSync(lockPathOf(file))).toBe(true) // left behind
    const b = serve(['--campaign', file])
    const portB = await b.port
    expect(JSON.parse(readFileSync(lockPathOf(file), 'utf8')).pid).toBe(b.child.pid)
    expect((await api<{ name: string }>(portB, 'campaign.info')).body.name).toBe('Before The Crash')
    expect((await api(portB, 'campaign.rename', { name: 'After' })).status).toBe(200)
    // Closed cleanly, it gives the lock back.
    b.child.kill('SIGTERM')
    expect((await b.exited).code).toBe(0)
    expect(existsSync(lockPathOf(file))).toBe(false)
  })
})
