// `npm run bench [-- --quick] [vitest bench options or files]`: every bench (vitest bench --run), ending
// with one table of issue 22's figures (bench/table-reporter.ts). `--quick` (or QD_BENCH_QUICK=1) gives
// the same table from shorter measurements, in under three minutes.
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { root } from './lib.mjs'

const args = process.argv.slice(2)
const quick = args.includes('--quick')
const rest = args.filter((a) => a !== '--quick')
const env = { ...process.env, ...(quick ? { QD_BENCH_QUICK: '1' } : {}) }
const r = spawnSync(process.execPath, [join(root, 'node_modules', 'vitest', 'vitest.mjs'), 'bench', '--run', ...rest], { cwd: root, stdio: 'inherit', env })
process.exit(r.status ?? 1)
