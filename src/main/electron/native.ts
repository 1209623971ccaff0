import { existsSync } from 'node:fs'
import { join } from 'node:path'

/** Where the Electron-ABI build of better-sqlite3 lives (made by scripts/electron-native.mjs). */
export const ELECTRON_NATIVE_REL = join('build', 'electron-native', 'better_sqlite3.node')

/**
 * The Electron build of better-sqlite3: packaged apps carry it in resources/native; a checkout
 * has it under build/electron-native. The Node build in node_modules is left for Node and tests.
 */
export function electronNativeBinding(opts: { isPackaged: boolean; resourcesPath: string; appPath: string }): string {
  const path = opts.isPackaged
    ? join(opts.resourcesPath, 'native', 'better_sqlite3.node')
    : join(opts.appPath, ELECTRON_NATIVE_REL)
  if (!existsSync(path)) {
    throw new Error(
      `The Electron build of better-sqlite3 is missing (${path}). Run "npm run electron:native" (needs internet once).`
    )
  }
  return path
}
