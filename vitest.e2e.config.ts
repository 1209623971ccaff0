import { defineConfig } from 'vitest/config'

// Browser tests: Debian's Chromium driven by playwright-core against the built app on the HTTP host.
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.ts'],
    environment: 'node',
    testTimeout: 90_000,
    hookTimeout: 90_000,
    // expect.poll waits for a state; its 1 s default is too short on a busy 2-core machine (a refresh
    // after another window's undo took longer under load), so it waits as long as a Playwright locator does.
    expect: { poll: { timeout: 30_000 } },
    fileParallelism: false,
    pool: 'forks'
  }
})
