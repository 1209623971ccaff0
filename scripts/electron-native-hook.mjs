/**
 * electron-builder beforePack hook (electron-builder.yml: beforePack). electron-builder silently
 * skips an extraResources entry whose file is missing, which would ship an app that cannot open a
 * campaign. Refuse to package unless build/electron-native/better_sqlite3.node exists and was made
 * (by scripts/electron-native.mjs) for the Electron version, platform and arch being packaged.
 */
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const BINARY = join(ROOT, 'build', 'electron-native', 'better_sqlite3.node')
const STAMP = join(ROOT, 'build', 'electron-native', 'electron-version.json')
/** builder-util's Arch enum, by value. */
const ARCH_NAMES = ['ia32', 'x64', 'armv7l', 'arm64', 'universal']

export default async function beforePack(context) {
  const platform = context.electronPlatformName === 'mas' ? 'darwin' : context.electronPlatformName
  const arch = typeof context.arch === 'number' ? ARCH_NAMES[context.arch] : String(context.arch)
  const electron = context.packager?.info?.framework?.version
  const fix = `run "node scripts/electron-native.mjs --force${arch ? ` --arch=${arch}` : ''}" on a ${platform} machine first`
  if (!existsSync(BINARY) || !existsSync(STAMP)) {
    throw new Error(`The Electron build of better-sqlite3 is missing (build/electron-native); ${fix}.`)
  }
  const stamp = JSON.parse(readFileSync(STAMP, 'utf8'))
  const problems = []
  if (stamp.platform !== platform) problems.push(`platform ${stamp.platform}, packaging ${platform}`)
  if (stamp.arch !== arch) problems.push(`arch ${stamp.arch}, packaging ${arch}`)
  if (electron && stamp.electron !== electron) problems.push(`Electron ${stamp.electron}, packaging ${electron}`)
  if (problems.length) {
    throw new Error(`build/electron-native/better_sqlite3.node does not match this package (built for ${problems.join('; ')}); ${fix}.`)
  }
}
