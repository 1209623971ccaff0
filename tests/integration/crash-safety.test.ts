/**
 * Crash safety: a child process renames a campaign in a loop and is SIGKILLed at random moments.
 * Every write it acknowledged must be in the file afterwards, and the file must stay sound and
 * open normally (no recovery screen).
 */
import Database from 'better-sqlite3'
import { spawn } from 'node:child_process'
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AppSession } from '../../src/main/app/session'
import { backupsDir, listBackups } from '../../src/main/campaign/backups'
import { CampaignFile } from '../../src/main/campaign/file'
import { campaignRow, makeTempDir, ROOT, seededRandom } from '../helpers'

const RUNS = 25
const SEED = 0x5eaf00d

let dir: string
let home: string
let path: string

beforeAll(async () => {
  dir = makeTempDir('quarterdeck-crash-')
  home = join(dir, 'home')
  path = join(dir, 'crash.quarterdeck')
  const file = await CampaignFile.create(path, { name: 'Before Any Crash', setting: 'theah', now: () => new Date() })
  file.close()
})
afterAll(() => {
  rmSync(dir, { recursive: true, force: true })
})

interface Run {
  lines: string[]
  code: number | null
  signal: NodeJS.Signals | null
  stderr: string
}

/**
 * Start the writer and SIGKILL it. An early kill comes `delayMs` after spawning (while it starts or opens
 * the file); any other comes `delayMs` after its `afterAcks`-th acknowledged write, so how much work a run
 * does depends on the seed, not on how busy the machine is.
 */
function runAndKill(prefix: string, kill: { early: boolean; afterAcks: number; delayMs: number }, backupIntervalMs?: number): Promise<Run> {
  const args = ['--import', 'tsx', 'tests/fixtures/crash-writer.ts', home, path, prefix]
  if (backupIntervalMs !== undefined) args.push(String(backupIntervalMs))
  const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] })
  let out = ''
  let err = ''
  let timer: NodeJS.Timeout | undefined
  const armKill = () => {
    if (timer === undefined) timer = setTimeout(() => child.kill('SIGKILL'), kill.delayMs)
  }
  if (kill.early) armKill()
  child.stdout.setEncoding('utf8')
  child.stderr.setEncoding('utf8')
  child.stdout.on('data', (chunk: string) => {
    out += chunk
    if (kill.early) return
    const complete = out.slice(0, out.lastIndexOf('\n') + 1).split('\n').filter(Boolean)
    if (complete[0] === 'OPEN' && complete.length - 1 >= kill.afterAcks) armKill()
  })
  child.stderr.on('data', (chunk: string) => (err += chunk))
  return new Promise((resolve) =>
    child.on('close', (code, signal) => {
      clearTimeout(timer)
      // Only complete lines were acknowledged; a torn last line was not.
      const complete = out.slice(0, out.lastIndexOf('\n') + 1)
      resolve({ lines: complete.split('\n').filter(Boolean), code, signal, stderr: err })
    })
  )
}

function readFile(): { integrity: string; name: string; journal: { seq: number; name: string }[] } {
  // A writable connection, as the app would use: it replays the WAL the killed writer left.
  const db = new Database(path, { fileMustExist: true })
  try {
    return {
      integrity: db.pragma('integrity_check', { simple: true }) as string,
      name: campaignRow(db)!.name,
      journal: (db.prepare(`SELECT seq, input FROM journal ORDER BY seq`).all() as { seq: number; input: string }[]).map(
        (r) => ({ seq: r.seq, name: (JSON.parse(r.input) as { name: string }).name })
      )
    }
  } finally {
    db.close()
  }
}

describe('killing a writer at random moments', () => {
  it(`${RUNS} kills: every acknowledged write survives, the file stays sound and opens normally`, async () => {
    const random = seededRandom(SEED)
    let lastName = 'Before Any Crash'
    let acknowledgedTotal = 0
    let killedMidWrite = 0
    let awaitedAcks = 0

    for (let run = 0; run < RUNS; run++) {
      const prefix = `run${run}`
      const early = run % 5 === 4 // sometimes kill while it is still starting or opening the file
      // An early kill lands while it starts; the others after 1–40 acknowledged writes and up to 5 ms more,
      // usually in the middle of the next write.
      const afterAcks = early ? 0 : 1 + Math.floor(random() * 40)
      const delay = early ? 50 + random() * 700 : random() * 5
      const backupHeavy = run % 3 === 2 // sometimes back up on every write, to kill during backups too
      const r = await runAndKill(prefix, { early, afterAcks, delayMs: delay }, backupHeavy ? 0 : undefined)
      awaitedAcks += afterAcks
      // Each kill leaves the writer's lock behind (its owner is dead): the next writer takes it over.
      const context = `run ${run} (after ${afterAcks} writes + ${delay.toFixed(0)} ms, early ${early}, backups ${backupHeavy}): ${r.stderr}`

      expect(r.signal, context).toBe('SIGKILL')
      expect(r.lines, context).not.toContain('RECOVERY')
      const acked = r.lines.filter((l) => l !== 'OPEN')
      if (!early) expect(r.lines[0], context).toBe('OPEN')
      acked.forEach((name, i) => expect(name, context).toBe(`${prefix}-${i}`))
      acknowledgedTotal += acked.length

      const file = readFile()
      expect(file.integrity, context).toBe('ok')
      const journalled = new Set(file.journal.map((e) => e.name))
      for (const name of acked) expect(journalled.has(name), `${context} lost ${name}`).toBe(true)

      // This run's writes are in the journal in order, with nothing skipped.
      const mine = file.journal.filter((e) => e.name.startsWith(`${prefix}-`)).map((e) => e.name)
      expect(mine, context).toEqual(Array.from({ length: mine.length }, (_, i) => `${prefix}-${i}`))
      // At most one write landed without being acknowledged: the one in flight at the kill.
      expect(mine.length - acked.length, context).toBeGreaterThanOrEqual(0)
      expect(mine.length - acked.length, context).toBeLessThanOrEqual(1)
      if (mine.length > acked.length) killedMidWrite++

      // The current name is the last acknowledged one, or the unacknowledged write after it.
      const expectedNames =
        mine.length === 0 ? [lastName] : [mine[mine.length - 1]!, ...(acked.length ? [acked[acked.length - 1]!] : [])]
      expect(expectedNames, context).toContain(file.name)
      expect(file.name, context).toBe(mine.length ? mine[mine.length - 1] : lastName)
      lastName = file.name

      // Every listed backup is a sound campaign, even if a kill cut one off while it was being made.
      const backups = listBackups(path)
      if (backupHeavy) expect(backups.length, context).toBeGreaterThan(0)
      for (const b of backups) {
        const db = new Database(join(backupsDir(path), b.id), { readonly: true, fileMustExist: true })
        try {
          expect(db.pragma('integrity_check', { simple: true }), `${context} backup ${b.id}`).toBe('ok')
          expect(campaignRow(db), `${context} backup ${b.id}`).toBeDefined()
        } finally {
          db.close()
        }
      }
    }

    // The kills really did land in the middle of work, not only between runs: every late kill waited for
    // its writes (whatever the machine's load), so at least that many were acknowledged.
    expect(acknowledgedTotal).toBeGreaterThanOrEqual(awaitedAcks)
    expect(awaitedAcks).toBeGreaterThan(RUNS * 5)
    // (killedMidWrite is usually > 0, but that depends on timing, so it is only reported.)
    console.info(`crash-safety: ${acknowledgedTotal} acknowledged writes, ${killedMidWrite} kills landed mid-write`)

    // A restart after all that opens the file through the session, without recovery.
    const session = new AppSession({ home, mode: 'browser', version: 'crash-test', log: () => undefined })
    try {
      await session.open(path)
      const status = session.status()
      expect(status.recovery).toBeNull()
      expect(status.campaign).toMatchObject({ path, name: lastName })
    } finally {
      await session.close()
    }
    // 25 writer processes, each started through tsx: give a busy shared machine room (not a speed test).
  }, 300_000)
})
