import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/integration/**/*.test.ts', 'tests/renderer/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // `npm run bench` (scripts/bench.mjs): every bench, then one table of issue 22's figures.
    benchmark: { include: ['bench/**/*.bench.ts'], reporters: ['default', './bench/table-reporter.ts'] }
  }
})
