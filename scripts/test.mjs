// `npm test`: typecheck, build, unit + integration tests, then browser tests in Chromium.
// Every step runs even if an earlier one failed; the last line is the totals over all suites.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { build, root } from './lib.mjs'

const results = join(root, 'test-results')
mkdirSync(results, { recursive: true })
const bin = (name) => join(root, 'node_modules', '.bin', name)
let passed = 0
let failed = 0

function step(label, cmd, args) {
  process.stdout.write(`\n▶ ${label}\n`)
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' })
  return r.status === 0
}

function countVitest(file, label) {
  if (!existsSync(file)) {
    process.stdout.write(`${label}: no results were written\n`)
    failed += 1
    return
  }
  const r = JSON.parse(readFileSync(file, 'utf8'))
  const p = r.numPassedTests ?? 0
  // A suite that failed to load counts as a failure even though it ran no test.
  // (vitest's numFailedTestSuites also counts describe blocks, so count failed files by hand.)
  const f = (r.numFailedTests ?? 0) + filesFailedWithoutFailedTests(r)
  passed += p
  failed += f
  if ((r.numPendingTests ?? 0) + (r.numTodoTests ?? 0) > 0) {
    process.stdout.write(`${label}: ${r.numPendingTests + r.numTodoTests} skipped tests are not allowed\n`)
    failed += r.numPendingTests + r.numTodoTests
  }
  process.stdout.write(`${label}: ${p} passed, ${f} failed\n`)
}

function filesFailedWithoutFailedTests(r) {
  return (r.testResults ?? []).filter(
    (s) => s.status === 'failed' && !(s.assertionResults ?? []).some((a) => a.status === 'failed')
  ).length
}

// 1. Types: both halves, each against its own tsconfig.
const typesOk = step('typecheck', 'npm', ['run', '--silent', 'typecheck'])
typesOk ? passed++ : failed++

// 2. Build (the browser tests run against the built app).
process.stdout.write('\n▶ build\n')
build()
passed++

// 3. Unit and integration tests.
const unitJson = join(results, 'unit.json')
rmSync(unitJson, { force: true })
step('unit and integration tests', bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${unitJson}`])
countVitest(unitJson, 'unit and integration')

// 4. Browser tests in Debian's Chromium.
const e2eJson = join(results, 'e2e.json')
rmSync(e2eJson, { force: true })
if (!existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium')) {
  process.stdout.write('\nbrowser tests: Chromium is missing (apt-get install -y chromium); counted as a failure\n')
  failed++
} else {
  step('browser tests (Chromium)', bin('vitest'), [
    'run',
    '--config',
    'vitest.e2e.config.ts',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${e2eJson}`
  ])
  countVitest(e2eJson, 'browser')
}

writeFileSync(join(results, 'summary.json'), JSON.stringify({ passed, failed }))
process.stdout.write(`\n${passed} passed, ${failed} failed\n`)
process.exit(failed === 0 ? 0 : 1)
