import { lstatSync, mkdirSync, readlinkSync, realpathSync } from 'node:fs'
import { homedir } from 'node:os'
import { basename, dirname, extname, isAbsolute, join, relative, resolve, sep } from 'node:path'
import { CommandError } from '../../shared/errors'
import { CAMPAIGN_EXT } from '../campaign/file'

export interface AppPaths {
  /** Where Quarterdeck keeps its own files (recent list, log). */
  home: string
  /** The campaigns folder: new campaigns go here; over HTTP, the only place campaigns may be. */
  campaignsDir: string
  recentFile: string
  logFile: string
}

/** The per-user folder: $QUARTERDECK_HOME, else the platform's config folder. */
export function defaultHome(env: NodeJS.ProcessEnv = process.env, platform = process.platform): string {
  if (env.QUARTERDECK_HOME) return resolve(env.QUARTERDECK_HOME)
  if (platform === 'win32') return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), 'Quarterdeck')
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'Quarterdeck')
  return join(env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), 'Quarterdeck')
}

export function appPaths(home: string): AppPaths {
  const campaignsDir = join(home, 'campaigns')
  mkdirSync(campaignsDir, { recursive: true })
  return { home, campaignsDir, recentFile: join(home, 'recent.json'), logFile: join(home, 'quarterdeck.log') }
}

/** A file name for a campaign called `name`: letters, digits and dashes, with our extension. */
export function fileNameFor(name: string): string {
  const stem =
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'campaign'
  return stem + CAMPAIGN_EXT
}

function realish(p: string, depth = 0): string {
  // The file may not exist yet: resolve its folder's real path and keep the base name.
  try {
    return realpathSync(p)
  } catch {
    try {
      // A dangling symlink: follow it by hand, since opening it would create the file at its target.
      if (depth < 32 && lstatSync(p).isSymbolicLink()) return realish(resolve(dirname(p), readlinkSync(p)), depth + 1)
    } catch {
      // not there at all: fall through
    }
    try {
      return join(realpathSync(dirname(p)), basename(p))
    } catch {
      return resolve(p)
    }
  }
}

export function isInside(dir: string, p: string): boolean {
  const rel = relative(realish(dir), realish(p))
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel) && !rel.includes(`..${sep}`)
}

/**
 * Turn a path given to a command into the file to use.
 * - Desktop (IPC): any path the GM chose; a bare name means the campaigns folder.
 * - HTTP: only files directly in the campaigns folder, or ones the person who started the host named.
 */
/**
 * The longest campaign file name, in bytes. File systems allow 255; Quarterdeck keeps files beside
 * the campaign named after it with up to 40 bytes more (the lock and its temporary names, SQLite's
 * -journal, -wal and -shm, the .backups folder).
 */
export const MAX_FILE_NAME_BYTES = 200
/** The longest whole path, in bytes (4096 is Linux's PATH_MAX; the same room is kept for the files beside it). */
export const MAX_PATH_BYTES = 4000

export function resolveCampaignPath(
  given: string,
  paths: AppPaths,
  confined: boolean,
  allowed: ReadonlySet<string>
): string {
  if (given.includes('\0')) throw new CommandError('invalid_input', 'path: must not contain NUL characters.', { field: 'path' })
  const p = isAbsolute(given) ? resolve(given) : resolve(paths.campaignsDir, given)
  if (extname(p) !== CAMPAIGN_EXT) {
    throw new CommandError('invalid_input', `path: a campaign file ends in ${CAMPAIGN_EXT} ("${basename(p)}" does not).`, {
      field: 'path'
    })
  }
  const nameBytes = Buffer.byteLength(basename(p))
  if (nameBytes > MAX_FILE_NAME_BYTES) {
    throw new CommandError(
      'invalid_input',
      `path: the file name is ${nameBytes} bytes long; a campaign's file name can be at most ${MAX_FILE_NAME_BYTES} bytes (the file system allows 255, and Quarterdeck names files beside it after it).`,
      { field: 'path', limit: MAX_FILE_NAME_BYTES }
    )
  }
  if (Buffer.byteLength(p) > MAX_PATH_BYTES) {
    throw new CommandError('invalid_input', `path: the whole path is ${Buffer.byteLength(p)} bytes long; it can be at most ${MAX_PATH_BYTES} bytes.`, {
      field: 'path',
      limit: MAX_PATH_BYTES
    })
  }
  if (confined) {
    const ok =
      allowed.has(realish(p)) ||
      (isInside(paths.campaignsDir, p) && realish(dirname(p)) === realish(paths.campaignsDir))
    if (!ok) {
      throw new CommandError(
        'invalid_input',
        `path: over the local web host, campaigns can only be in the campaigns folder (${paths.campaignsDir}).`,
        { field: 'path' }
      )
    }
  }
  return p
}

export { realish as realPath }
