#!/usr/bin/env node
/**
 * Build better-sqlite3 for Electron's ABI without touching node_modules/better-sqlite3.
 *
 * node_modules/better-sqlite3 keeps its Node build (used by Node, the HTTP host and the tests).
 * This script copies the package's sources into build/electron-native/src-copy, gets a binary for
 * Electron there — first a prebuilt one via prebuild-install, else a node-gyp build against
 * Electron's headers — and puts it at build/electron-native/better_sqlite3.node, which
 * src/main/electron/native.ts loads in a checkout and electron-builder.yml ships as
 * resources/native/better_sqlite3.node.
 *
 * Usage:
 *   node scripts/electron-native.mjs            build, unless the existing build is current
 *   node scripts/electron-native.mjs --force    build even if current
 *   node scripts/electron-native.mjs --check    exit 0 if the build is current, else 1; builds nothing
 *   options: --arch=<x64|arm64|ia32>  (default: this machine's), --verbose (stream tool output)
 *
 * Needs the internet the first time (a prebuilt binary, or Electron's headers for node-gyp);
 * headers are cached in build/electron-native/gyp so later rebuilds work offline.
 */
import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import {
  copyFileSync,
  cpSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync
} from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const OUT_DIR = join(ROOT, 'build', 'electron-native')
const COPY_DIR = join(OUT_DIR, 'src-copy')
const GYP_DIR = join(OUT_DIR, 'gyp') // node-gyp's header cache (its --devdir)
const TARGET = join(OUT_DIR, 'better_sqlite3.node')
const STAMP = join(OUT_DIR, 'electron-version.json')
const LOG = join(OUT_DIR, 'build.log')
const SQLITE_PKG = join(ROOT, 'node_modules', 'better-sqlite3')
const HEADERS_URL = 'https://electronjs.org/headers'
/** What node-gyp needs from the package (plus lib/, so the copy is a loadable package). */
const COPY_ENTRIES = ['package.json', 'binding.gyp', 'src', 'deps', 'lib']

const PREBUILD_TIMEOUT_MS = 120_000
const PROBE_TIMEOUT_MS = 8_000
const GYP_TIMEOUT_MS = 30 * 60_000

const argv = process.argv.slice(2)
const flags = new Set(argv.filter((a) => !a.includes('=')))
const opt = (name) => argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3)
const verbose = flags.has('--verbose')
const arch = opt('arch') ?? process.arch

for (const a of argv) {
  if (!['--check', '--force', '--verbose'].includes(a) && !a.startsWith('--arch=')) {
    fail(`unknown option ${a} (use --check, --force, --verbose, --arch=<arch>)`, 2)
  }
}

/** Print one line to stderr and exit. */
function fail(reason, code = 1) {
  process.stderr.write(`electron-native: ${reason}\n`)
  process.exit(code)
}

function say(line) {
  process.stdout.write(`electron-native: ${line}\n`)
}

function readJson(path) {
  return JSON.parse(readFileSync(path, 'utf8'))
}

/** The Electron version to build for: the installed package's, else the exact pin in package.json. */
function electronVersion() {
  const installed = join(ROOT, 'node_modules', 'electron', 'package.json')
  if (existsSync(installed)) return { version: readJson(installed).version, from: 'node_modules/electron' }
  const pkg = readJson(join(ROOT, 'package.json'))
  const range = pkg.optionalDependencies?.electron ?? pkg.devDependencies?.electron ?? pkg.dependencies?.electron
  if (!range) fail('no Electron version: node_modules/electron is missing and package.json does not list electron')
  const m = /^[~^=v]?(\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?)$/.exec(String(range).trim())
  if (!m) fail(`package.json pins electron as "${range}"; need an exact version like 45.5.0 when node_modules/electron is absent`)
  return { version: m[1], from: 'package.json' }
}

function sqliteVersion() {
  if (!existsSync(join(SQLITE_PKG, 'package.json'))) fail('node_modules/better-sqlite3 is missing; run npm install first')
  return readJson(join(SQLITE_PKG, 'package.json')).version
}

/** What a current build must match. */
function wantedStamp() {
  return { electron: electronVersion().version, betterSqlite3: sqliteVersion(), arch, platform: process.platform }
}

/** Why the existing build is not current, or null when it is. */
function staleReason(want) {
  if (!existsSync(TARGET)) return `${rel(TARGET)} does not exist`
  if (!existsSync(STAMP)) return `${rel(STAMP)} does not exist`
  let have
  try {
    have = readJson(STAMP)
  } catch {
    return `${rel(STAMP)} is unreadable`
  }
  for (const k of Object.keys(want)) {
    if (have[k] !== want[k]) return `built for ${k} ${have[k] ?? '(unknown)'}, want ${want[k]}`
  }
  if (statSync(TARGET).mtimeMs < statSync(STAMP).mtimeMs) return `${rel(TARGET)} is older than ${rel(STAMP)}`
  return null
}

function rel(p) {
  return relative(ROOT, p) || '.'
}

function sha256(path) {
  return existsSync(path) ? createHash('sha256').update(readFileSync(path)).digest('hex') : null
}

/** The JS entry of a package's bin, run with this Node (no .cmd shims, so it works on Windows too). */
function binOf(pkgName) {
  const require = createRequire(join(ROOT, 'package.json'))
  let pkgJson
  try {
    pkgJson = require.resolve(`${pkgName}/package.json`)
  } catch {
    return null
  }
  const bin = readJson(pkgJson).bin
  const entry = typeof bin === 'string' ? bin : bin?.[pkgName]
  return entry ? join(dirname(pkgJson), entry) : null
}

/** Run `node <script> ...args` in cwd, appending output to the log; resolves to { code, tail }. */
function run(script, args, cwd, timeoutMs) {
  return new Promise((done) => {
    const log = createWriteStream(LOG, { flags: 'a' })
    log.write(`\n$ node ${relative(ROOT, script)} ${args.join(' ')}\n  (in ${rel(cwd)})\n`)
    const child = spawn(process.execPath, [script, ...args], { cwd, env: cleanEnv(), stdio: ['ignore', 'pipe', 'pipe'] })
    let tail = ''
    const onData = (chunk) => {
      log.write(chunk)
      if (verbose) process.stdout.write(chunk)
      tail = (tail + chunk.toString()).slice(-8000)
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', onData)
    let timedOut = false
    const timer = setTimeout(() => {
      timedOut = true
      child.kill('SIGTERM')
    }, timeoutMs)
    child.on('error', (err) => {
      clearTimeout(timer)
      log.end(() => done({ code: -1, tail: String(err.message) }))
    })
    child.on('close', (code) => {
      clearTimeout(timer)
      log.end(() => done({ code: timedOut ? -1 : code, tail: timedOut ? `timed out after ${timeoutMs / 1000}s` : tail }))
    })
  })
}

/**
 * Under `npm run`, npm exports the user's npm config as npm_config_* variables, and both
 * prebuild-install and node-gyp read them (npm_config_target, _runtime, _disturl, _arch...). Drop
 * those so only the flags this script passes decide what gets built.
 */
function cleanEnv() {
  const env = { ...process.env }
  for (const k of Object.keys(env)) {
    if (/^npm_config_(target|runtime|disturl|dist_url|arch|target_arch|build_from_source|devdir|nodedir)$/i.test(k)) delete env[k]
  }
  return env
}

/** The most telling line of a failed tool's output, for a one-line error. */
function reasonFrom(tail) {
  const lines = tail
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean)
  const pick =
    lines.find((l) => /gyp ERR! stack Error:/.test(l)) ??
    lines.find((l) => /(error:|Error:|ERR!.*(not found|Could not|find))/.test(l) && !/gyp ERR! (cwd|node -v|node-gyp -v|System|command)/.test(l)) ??
    lines.at(-1) ??
    'no output'
  return pick.replace(/^(gyp ERR! (stack )?|prebuild-install (warn|err!?) (install )?)/i, '').slice(0, 300)
}

/** Can we reach Electron's header server? Resolves to null when yes, else a short reason. */
async function probeHeaders(version) {
  const url = `${HEADERS_URL}/v${version}/SHASUMS256.txt`
  try {
    const res = await fetch(url, { method: 'HEAD', redirect: 'follow', signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) })
    return res.ok ? null : `${url} answered HTTP ${res.status}`
  } catch (err) {
    const cause = err?.cause
    const why = cause?.code ? `${cause.code}${cause.hostname ? ` ${cause.hostname}` : ''}` : err?.name === 'TimeoutError' ? `no answer in ${PROBE_TIMEOUT_MS / 1000}s` : String(err?.message ?? err)
    return `${new URL(HEADERS_URL).host} unreachable: ${why}`
  }
}

function prepareCopy() {
  rmSync(COPY_DIR, { recursive: true, force: true })
  mkdirSync(COPY_DIR, { recursive: true })
  for (const entry of COPY_ENTRIES) {
    const from = join(SQLITE_PKG, entry)
    if (!existsSync(from)) {
      if (entry === 'lib') continue
      fail(`node_modules/better-sqlite3/${entry} is missing; cannot build from source (reinstall better-sqlite3)`)
    }
    cpSync(from, join(COPY_DIR, entry), { recursive: true, dereference: true })
  }
}

async function build(want) {
  const headerCached = existsSync(join(GYP_DIR, want.electron, 'installVersion'))
  const original = join(SQLITE_PKG, 'build', 'Release', 'better_sqlite3.node')
  const before = sha256(original)

  mkdirSync(OUT_DIR, { recursive: true })
  writeFileSync(LOG, `electron-native ${new Date().toISOString()} electron ${want.electron} better-sqlite3 ${want.betterSqlite3} ${want.platform}-${want.arch}\n`)
  prepareCopy()
  const built = join(COPY_DIR, 'build', 'Release', 'better_sqlite3.node')

  // 1. A prebuilt binary for this Electron, if one is published (and reachable).
  let how = null
  const prebuild = binOf('prebuild-install')
  let prebuildWhy = 'prebuild-install is not installed'
  if (prebuild) {
    say(`fetching a prebuilt better-sqlite3 ${want.betterSqlite3} for Electron ${want.electron} (${want.platform}-${want.arch})…`)
    const r = await run(prebuild, ['--runtime', 'electron', '--target', want.electron, '--arch', want.arch, '--platform', want.platform, '--verbose'], COPY_DIR, PREBUILD_TIMEOUT_MS)
    if (r.code === 0 && existsSync(built)) how = 'prebuilt binary'
    else prebuildWhy = reasonFrom(r.tail)
  }

  // 2. Otherwise compile it against Electron's headers.
  if (!how) {
    if (prebuild) say(`no prebuilt binary (${prebuildWhy}); compiling with node-gyp…`)
    const gyp = binOf('node-gyp')
    if (!gyp) fail(`no prebuilt binary (${prebuildWhy}) and node-gyp is not installed`)
    if (!headerCached) {
      const offline = await probeHeaders(want.electron)
      if (offline) {
        fail(`cannot build better-sqlite3 for Electron ${want.electron}: no prebuilt binary (${prebuildWhy}) and Electron's headers are not cached (${offline}); connect to the internet and run "npm run electron:native" again`)
      }
    }
    const r = await run(
      gyp,
      ['rebuild', '--release', `--target=${want.electron}`, `--dist-url=${HEADERS_URL}`, `--arch=${want.arch}`, `--devdir=${GYP_DIR}`],
      COPY_DIR,
      GYP_TIMEOUT_MS
    )
    if (r.code !== 0 || !existsSync(built)) {
      fail(`node-gyp failed to build better-sqlite3 for Electron ${want.electron}: ${reasonFrom(r.tail)} (full output: ${rel(LOG)})`)
    }
    how = 'node-gyp build'
  }

  // 3. Install it: stamp first, then the binary, touched so it is never older than its stamp
  //    (copyFileSync may keep the source's mtime on some platforms).
  writeFileSync(STAMP, `${JSON.stringify({ ...want, how, builtAt: new Date().toISOString() }, null, 2)}\n`)
  const tmp = `${TARGET}.tmp`
  copyFileSync(built, tmp)
  const now = new Date()
  utimesSync(tmp, now, now)
  renameSync(tmp, TARGET)

  if (sha256(original) !== before) {
    fail(`node_modules/better-sqlite3/build/Release/better_sqlite3.node changed during the build; this should never happen — reinstall better-sqlite3`)
  }
  say(`${rel(TARGET)} ready (${how}, Electron ${want.electron}, ${want.platform}-${want.arch})`)
}

async function main() {
  const want = wantedStamp()
  const stale = staleReason(want)
  if (flags.has('--check')) {
    if (stale) fail(`not current: ${stale}; run "npm run electron:native"`)
    say(`current: ${rel(TARGET)} is built for Electron ${want.electron}`)
    return
  }
  if (!stale && !flags.has('--force')) {
    say(`up to date for Electron ${want.electron} (${rel(TARGET)}); use --force to rebuild`)
    return
  }
  await build(want)
}

main().catch((err) => fail(err?.stack && verbose ? err.stack : String(err?.message ?? err)))
