import { defineConfig } from 'vitest/config'

// Browser tests: Debian's Chromium driven by playwright-core against the built app on the HTTP host.
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.ts'],
    environment: 'node',
    testTimeout: 90_000,
    hookTimeout: 90_000,
    fileParallelism: false,
    pool: 'forks'
  }
})
