import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { hostname } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { acquireLock, CampaignLocked, lockOwner, lockPathOf } from '../../src/main/campaign/lock'
import { makeTempDir } from '../helpers'

/** The writer's lock beside a campaign file (issue 14): the cases a second real process cannot easily stage. */
let dir: string
let file: string
beforeEach(() => {
  dir = makeTempDir('quarterdeck-lock-')
  file = join(dir, 'c.quarterdeck')
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

const owner = () => JSON.parse(readFileSync(lockPathOf(file), 'utf8')) as { pid: number; host: string }

describe('the campaign lock', () => {
  it('is taken with this process’s pid and host, refused to a second opener in the same process, and given back', () => {
    const release = acquireLock(file)
    expect(owner()).toMatchObject({ pid: process.pid, host: hostname() })
    expect(() => acquireLock(file)).toThrow(CampaignLocked)
    expect(() => acquireLock(file)).toThrow(`This campaign is open in another Quarterdeck window (pid ${process.pid})`)
    expect(lockOwner(file)?.pid).toBe(process.pid)
    release()
    expect(existsSync(lockPathOf(file))).toBe(false)
    acquireLock(file)()
  })

  it.each([
    ['a dead process’s lock', () => JSON.stringify({ pid: 2 ** 22 + 12345, host: hostname(), since: '' })],
    ['a lock cut short (half written)', () => '{"pid": 12'],
    ['an empty lock file', () => ''],
    ['a lock left by an earlier process that had this pid', () => JSON.stringify({ pid: process.pid, host: hostname(), since: '' })]
  ])('%s is stale: taken over', (_what, content) => {
    writeFileSync(lockPathOf(file), content())
    const release = acquireLock(file)
    expect(owner().pid).toBe(process.pid)
    release()
  })

  it('a lock taken on another machine cannot be checked from here, so it counts as held', () => {
    writeFileSync(lockPathOf(file), JSON.stringify({ pid: 4242, host: 'another-host.invalid', since: '2026-01-01T00:00:00.000Z' }))
    expect(() => acquireLock(file)).toThrow('(pid 4242)')
    expect(owner()).toMatchObject({ pid: 4242, host: 'another-host.invalid' })
  })

  it('giving back never removes a lock that is no longer ours', () => {
    const release = acquireLock(file)
    const theirs = JSON.stringify({ pid: 4243, host: 'another-host.invalid', since: '' })
    writeFileSync(lockPathOf(file), theirs) // someone took it over meanwhile (ours was thought stale)
    release()
    expect(readFileSync(lockPathOf(file), 'utf8')).toBe(theirs)
  })

  it('leaves no temporary files beside the campaign', () => {
    acquireLock(file)()
    writeFileSync(lockPathOf(file), '')
    acquireLock(file)()
    expect(readdirSync(dir)).toEqual([])
  })
})
