import { defineConfig, devices } from '@playwright/test'
import { execSync } from 'node:child_process'

/** The first of Debian's browsers installed (no Playwright browser download needed). */
function systemBrowser(names: string[]): string | undefined {
  for (const name of names) {
    try {
      const path = execSync(`command -v ${name}`, { shell: '/bin/sh', stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim()
      if (path) return path
    } catch {
      // not installed: try the next
    }
  }
  return undefined
}

// Chromium's headless shell first: the full browser's headless mode also renders its own tool bar
// (the "top chrome" web UI renderers), which took a fifth or more of the machine's CPU during the suite.
const executablePath = process.env.ZK_E2E_CHROMIUM ?? systemBrowser(['chromium-headless-shell', 'chromium'])

// One output folder per run: several people may run e2e in the same tree at once, and Playwright
// empties its output folder when a run starts. Workers inherit the id through the environment.
process.env.ZK_E2E_RUN ??= `${Date.now()}-${process.pid}`

// Each worker starts its own server with its own data dir (see fixtures.ts), so workers never share data.
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  // Builds dist/ and dist-server/ when stale: every worker's server runs the compiled server.
  globalSetup: './global-setup.ts',
  outputDir: `../test-results/e2e/${process.env.ZK_E2E_RUN}`,
  workers: 2,
  fullyParallel: false,
  retries: process.env.CI ? 1 : 0,
  // The list as it runs, then where the phase's time went (tests against start-ups between them).
  reporter: [['list'], ['./time-reporter.ts']],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    // A trace only when a failed test is run again: recording one for every test (DOM snapshots on
    // each action) cost a quarter of the e2e time here (zones.spec alone: 63 s with, 47 s without).
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1366, height: 900 },
        launchOptions: {
          executablePath,
          args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
        },
      },
    },
  ],
})
