import { randomBytes } from 'node:crypto'
import { linkSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { hostname } from 'node:os'
import { basename } from 'node:path'
import { CommandError } from '../../shared/errors'

/**
 * One writer per campaign file. Whoever opens a campaign for writing holds `<file>.lock` beside it:
 * a small JSON file with the owner's pid, host name and when it took the lock. The lock file is
 * made in one atomic step (written under a private name, then hard-linked to the lock's name, which
 * fails if it exists), so a second opener never sees half a lock. A second opener whose owner is
 * alive is refused with `CampaignLocked` (and may open the file read-only instead); a lock whose
 * owner is gone (a crash, a SIGKILL) is taken over. See docs/architecture.md, "One writer per file".
 */

export interface LockOwner {
  pid: number
  host: string
  /** When the lock was taken (ISO). */
  since: string
}

export const lockPathOf = (campaignPath: string): string => `${campaignPath}.lock`

/** Thrown when another live Quarterdeck holds the campaign's lock. */
export class CampaignLocked extends CommandError {
  constructor(
    readonly path: string,
    readonly owner: LockOwner
  ) {
    super('rule', `This campaign is open in another Quarterdeck window (pid ${owner.pid}). You can open it read-only, or close it there first.`, {
      field: 'path',
      lockedBy: { pid: owner.pid, host: owner.host, since: owner.since },
      canOpenReadOnly: true,
      fileName: basename(path)
    })
    this.name = 'CampaignLocked'
  }
}

/** Files this process holds a lock on (a second open of one of them in this process is refused too). */
const held = new Map<string, string>()

function alive(owner: LockOwner, lockPath: string): boolean {
  // A lock taken on another machine (a shared folder) cannot be checked from here: treat it as live.
  if (owner.host !== hostname()) return true
  // Our own pid: live only if this process took it (else it was left by an earlier process that had our pid).
  if (owner.pid === process.pid) return held.has(lockPath)
  try {
    process.kill(owner.pid, 0)
    return true
  } catch (e) {
    // EPERM: the process exists but belongs to someone else.
    return (e as NodeJS.ErrnoException).code === 'EPERM'
  }
}

function readOwner(lockPath: string): { text: string; owner: LockOwner | null } | null {
  let text: string
  try {
    text = readFileSync(lockPath, 'utf8')
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw e
  }
  try {
    const o = JSON.parse(text) as Partial<LockOwner>
    if (typeof o.pid === 'number' && Number.isInteger(o.pid) && o.pid > 0 && typeof o.host === 'string') {
      return { text, owner: { pid: o.pid, host: o.host, since: typeof o.since === 'string' ? o.since : '' } }
    }
  } catch {
    // not ours, or cut short: a stale lock
  }
  return { text, owner: null }
}

/** Make the lock file in one step; false when one is already there. */
function tryCreate(lockPath: string, text: string): boolean {
  const tmp = `${lockPath}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`
  writeFileSync(tmp, text, { flag: 'wx' })
  try {
    linkSync(tmp, lockPath)
    return true
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false
    throw e
  } finally {
    rmSync(tmp, { force: true })
  }
}

/**
 * Take the campaign's lock for this process, or throw `CampaignLocked` naming its live owner.
 * Returns the function that gives it back.
 */
export function acquireLock(campaignPath: string, now: () => Date = () => new Date()): () => void {
  const lockPath = lockPathOf(campaignPath)
  const me: LockOwner = { pid: process.pid, host: hostname(), since: now().toISOString() }
  const text = JSON.stringify(me)
  for (let attempt = 0; attempt < 5; attempt++) {
    if (tryCreate(lockPath, text)) {
      held.set(lockPath, text)
      return () => releaseLock(lockPath, text)
    }
    const found = readOwner(lockPath)
    if (!found) continue // given back meanwhile: try again
    if (found.owner && alive(found.owner, lockPath)) throw new CampaignLocked(campaignPath, found.owner)
    // Stale: its owner is gone. Move it aside under a private name (atomic), and only delete what we
    // moved if it is still the stale lock we read (another opener may have taken over first).
    const aside = `${lockPath}.${process.pid}.${randomBytes(4).toString('hex')}.stale`
    try {
      renameSync(lockPath, aside)
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') continue
      throw e
    }
    const moved = readOwner(aside)
    if (moved && moved.text !== found.text) {
      // We moved a fresh lock someone else had just taken: put it back for them.
      try {
        linkSync(aside, lockPath)
      } catch {
        // a third opener got in: theirs stands
      }
    }
    rmSync(aside, { force: true })
  }
  const last = readOwner(lockPath)
  throw new CampaignLocked(campaignPath, last?.owner ?? { pid: 0, host: hostname(), since: '' })
}

function releaseLock(lockPath: string, text: string): void {
  if (held.get(lockPath) !== text) return
  held.delete(lockPath)
  // Only remove the lock if it is still ours.
  const found = readOwner(lockPath)
  if (found && found.text === text) rmSync(lockPath, { force: true })
}

/** Who holds the campaign's lock now, if a live process does. */
export function lockOwner(campaignPath: string): LockOwner | null {
  const lockPath = lockPathOf(campaignPath)
  const found = readOwner(lockPath)
  return found?.owner && alive(found.owner, lockPath) ? found.owner : null
}
