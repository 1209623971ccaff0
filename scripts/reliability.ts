/**
 * `npm run reliability`: the reliability figures (issue 14), measured afresh and printed as a table:
 *
 *  - kills survived: a writer process (tests/fixtures/crash-writer.ts) renames a campaign in a loop and
 *    is SIGKILLed at a random moment, KILLS times; a kill is survived when the file is sound and opens
 *    normally afterwards (its stale lock taken over);
 *  - acknowledged writes lost: writes the killed writer had reported done that are not in the file;
 *  - fuzz inputs per command and 5xx count: FUZZ random inputs per command (arbitrary JSON, and the
 *    command's largest input with one field replaced by arbitrary JSON) posted to the HTTP host on
 *    the sample campaign; any answer of 500 or more is counted (and printed);
 *  - worst command latency under the largest inputs: every command given its largest schema input
 *    (tests/largest-input.ts) on the sample campaign with its chart at the schema's limits.
 *
 * KILLS (default 30) and FUZZ (default 30) may be set in the environment. Exits 1 if a write was lost,
 * a kill not survived, a 5xx seen, or a command slower than the bound (COMMAND_BOUND_MS, 5 s).
 */
import Database from 'better-sqlite3'
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import fc from 'fast-check'
import { buildSampleCampaign, SAMPLE_FILE_NAME } from '../resources/sample/tortuga-run'
import { AppSession } from '../src/main/app/session'
import { CampaignFile } from '../src/main/campaign/file'
import { Door } from '../src/main/door/door'
import { describeCommands, startHost } from '../src/main/http/host'
import { COMMAND_NAMES, type CommandName } from '../src/shared/commands'
import { largest, type Json } from '../tests/largest-input'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const KILLS = Number(process.env.KILLS ?? 30)
const FUZZ = Number(process.env.FUZZ ?? 30)
const COMMAND_BOUND_MS = 5_000

const dir = mkdtempSync(join(tmpdir(), 'quarterdeck-reliability-'))
const problems: string[] = []

// ─── Kills ──────────────────────────────────────────────────────────────────────────────────────
async function kills(): Promise<{ survived: number; lost: number; acknowledged: number }> {
  const home = join(dir, 'kill-home')
  const path = join(dir, 'kill.quarterdeck')
  ;(await CampaignFile.create(path, { name: 'Before Any Crash', setting: 'theah', now: () => new Date() })).close()
  let survived = 0
  let lost = 0
  let acknowledged = 0
  for (let i = 0; i < KILLS; i++) {
    const prefix = `k${i}`
    const delay = 20 + Math.floor(Math.random() * 400)
    const lines = await new Promise<string[]>((resolve) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'tests/fixtures/crash-writer.ts', home, path, prefix], { cwd: ROOT, stdio: ['ignore', 'pipe', 'ignore'] })
      let out = ''
      let timer: NodeJS.Timeout | undefined
      child.stdout.setEncoding('utf8')
      child.stdout.on('data', (c: string) => {
        const first = out === ''
        out += c
        if (first && out.startsWith('OPEN\n')) timer = setTimeout(() => child.kill('SIGKILL'), delay)
      })
      child.on('close', () => {
        clearTimeout(timer)
        resolve(out.slice(0, out.lastIndexOf('\n') + 1).split('\n').filter((l) => l.startsWith(prefix)))
      })
    })
    acknowledged += lines.length
    const db = new Database(path, { fileMustExist: true })
    try {
      const sound = db.pragma('integrity_check', { simple: true }) === 'ok'
      const names = new Set((db.prepare(`SELECT input FROM journal`).all() as { input: string }[]).map((r) => (JSON.parse(r.input) as { name: string }).name))
      const missing = lines.filter((l) => !names.has(l))
      lost += missing.length
      if (missing.length) problems.push(`kill ${i}: lost ${missing.join(', ')}`)
      if (sound) survived++
      else problems.push(`kill ${i}: the file failed its integrity check`)
    } finally {
      db.close()
    }
  }
  // The last kill left its lock behind: the next opener takes it over and opens normally.
  const s = new AppSession({ home, mode: 'browser', version: 'reliability', log: () => {} })
  await s.open(path)
  if (!s.campaign) problems.push('after the kills the campaign did not open normally')
  await s.close()
  return { survived, lost, acknowledged }
}

// ─── Sample session ─────────────────────────────────────────────────────────────────────────────
async function sampleDoor(name: string): Promise<{ session: AppSession; door: Door }> {
  const home = join(dir, name)
  const session = new AppSession({ home, mode: 'browser', version: 'reliability', log: () => {}, sample: { fileName: SAMPLE_FILE_NAME, build: (p) => buildSampleCampaign(p) } })
  const door = new Door(session)
  await session.openSample()
  return { session, door }
}

// ─── Fuzz ───────────────────────────────────────────────────────────────────────────────────────
async function fuzz(): Promise<{ inputs: number; perCommand: number; fiveHundreds: number }> {
  const { session, door } = await sampleDoor('fuzz-home')
  const token = 'reliability'
  const host = await startHost({ door, token, port: 0 })
  const schemas = new Map(describeCommands().map((c) => [c.name, c.input as Json]))
  let inputs = 0
  let fiveHundreds = 0
  // Commands that leave the campaign go last, so the others all run against it.
  const last: string[] = ['backups.restore', 'campaigns.close', 'campaigns.open', 'campaigns.openSample', 'campaigns.create']
  const order = [...COMMAND_NAMES.filter((n) => !last.includes(n)), ...last]
  for (const name of order) {
    const big = largest(schemas.get(name)) as Json
    const keys = big && typeof big === 'object' ? Object.keys(big) : []
    const samples: unknown[] = fc.sample(fc.jsonValue(), Math.ceil(FUZZ / 2))
    const mutated = fc.sample(fc.tuple(fc.constantFrom(...(keys.length ? keys : ['x'])), fc.jsonValue()), Math.floor(FUZZ / 2)).map(([k, v]) => ({ ...big, [k]: v }))
    for (const input of [...samples, ...mutated]) {
      inputs++
      const res = await fetch(`${host.url}api/${name}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(input) })
      await res.arrayBuffer()
      if (res.status >= 500) {
        fiveHundreds++
        problems.push(`fuzz: ${name} answered ${res.status} to ${JSON.stringify(input).slice(0, 200)}`)
      }
    }
  }
  await host.close()
  await session.close()
  return { inputs, perCommand: FUZZ, fiveHundreds }
}

// ─── Largest inputs ─────────────────────────────────────────────────────────────────────────────
async function latency(): Promise<{ worst: { name: string; ms: number }[] }> {
  const { session, door } = await sampleDoor('largest-home')
  const call = async (name: CommandName, input: unknown) => {
    const out = await door.invoke(name, input, 'internal')
    if (!out.ok) throw new Error(`${name}: ${out.error.message}`)
    return out.value as never
  }
  // The chart at the schema's limits, as in tests/integration/command-bounds.test.ts.
  await call('chart.configure', { scaleNmPerUnit: 10_000, width: 100_000, height: 100_000 })
  const ports = (await call('ports.list', {})) as { id: number }[]
  const [a, b] = [ports[0]!.id, ports[1]!.id]
  await call('chart.placePort', { portId: a, x: -100_000, y: -100_000 })
  await call('chart.placePort', { portId: b, x: 100_000, y: 100_000 })
  const via = Array.from({ length: 500 }, (_, i) => ({ x: -99_000 + i * 396, y: Math.max(-100_000, Math.min(100_000, -99_000 + i * 396 + (i % 2 ? 5_000 : -5_000))) }))
  await call('chart.saveRoute', { fromPortId: a, toPortId: b, via, distanceNm: null })
  const circle = (c: number) => Array.from({ length: 500 }, (_, i) => ({ x: c + 6_000 * Math.cos((2 * Math.PI * i) / 500), y: c + 6_000 * Math.sin((2 * Math.PI * i) / 500) }))
  for (let i = 0; i < 20; i++) await call('chart.saveArea', { name: `Area ${i}`, kind: i % 2 ? 'coastal' : 'uncharted', polygon: circle(-90_000 + i * 9_000) })
  const ships = ((await call('ships.list', {})) as { id: number }[]).slice(0, 20).map((s) => s.id)
  const times: { name: string; ms: number }[] = []
  const time = async (name: CommandName, input: unknown) => {
    const t0 = performance.now()
    await door.invoke(name, input, 'http')
    times.push({ name, ms: performance.now() - t0 })
  }
  await time('voyages.plan', { shipIds: ships, route: Array.from({ length: 30 }, (_, i) => (i % 2 ? b : a)) })
  await time('clock.advance', { days: 3650 })
  const schemas = new Map(describeCommands().map((c) => [c.name, c.input as Json]))
  const last: string[] = ['backups.restore', 'campaigns.close', 'campaigns.open', 'campaigns.openSample', 'campaigns.create']
  for (const name of [...COMMAND_NAMES.filter((n) => !last.includes(n)), ...(last as CommandName[])]) {
    if (name === 'battles.odds') continue // runs outside the door (its worker pool is bounded and cancellable)
    await time(name, largest(schemas.get(name)))
  }
  await session.close()
  const worst = times.sort((x, y) => y.ms - x.ms)
  for (const w of worst) if (w.ms >= COMMAND_BOUND_MS) problems.push(`${w.name} took ${w.ms.toFixed(0)} ms with its largest input`)
  return { worst: worst.slice(0, 5) }
}

const t0 = Date.now()
const k = await kills()
const f = await fuzz()
const l = await latency()
rmSync(dir, { recursive: true, force: true })
const rows: [string, string][] = [
  ['kills survived', `${k.survived} of ${KILLS}`],
  ['acknowledged writes lost', `${k.lost} (of ${k.acknowledged} acknowledged)`],
  ['fuzz inputs tried', `${f.inputs} (${f.perCommand} per command, ${COMMAND_NAMES.length} commands)`],
  ['5xx answers', String(f.fiveHundreds)],
  ['worst command latency, largest inputs', l.worst.map((w) => `${w.name} ${w.ms.toFixed(0)} ms`).join(', ')],
  ['bound', `${COMMAND_BOUND_MS} ms a command`]
]
const width = Math.max(...rows.map((r) => r[0].length))
process.stdout.write(`\nQuarterdeck reliability (${((Date.now() - t0) / 1000).toFixed(0)} s)\n`)
for (const [label, value] of rows) process.stdout.write(`  ${label.padEnd(width)}  ${value}\n`)
if (problems.length) process.stdout.write(`\nProblems:\n${problems.map((p) => `  - ${p}`).join('\n')}\n`)
process.exit(problems.length ? 1 : 0)
