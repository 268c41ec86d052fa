import type { UserConfig } from 'vite'
import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'
import { fileURLToPath } from 'node:url'
import { routePreloads } from './src/build/route-preloads.ts'
import { splitMediaCss } from './src/build/split-media-css.ts'
import { shellChunk } from './src/build/shell-chunk.ts'
import { SERVER_BUILD, SERVER_BUNDLED, SERVER_OUTPUT } from './src/build/server-bundle.ts'

// The dev server (npm run dev) proxies /api, /client and /healthz to the Node server
// started by src/server/dev.ts on SERVER_PORT.
const serverPort = process.env.SERVER_PORT ?? '8788'

/**
 * `vite build --ssr`: the Node server compiled to plain JavaScript in dist-server/ (what `npm start`
 * runs, no TypeScript compiler at run time). The seed worker is a second entry, loaded by the
 * emulator as a worker thread. What is bundled in and why: src/build/server-bundle.ts (the proxy
 * bench compiles the servers it measures with the same settings).
 */
const serverBuild: UserConfig = {
  build: {
    ssr: true,
    outDir: 'dist-server',
    emptyOutDir: true,
    ...SERVER_BUILD,
    copyPublicDir: false,
    rolldownOptions: {
      input: { main: 'src/server/main.ts', 'seed-worker': 'src/server/emulator/seed-worker.ts' },
      // One folder: the emulator finds seed-worker.js beside the chunk that holds it.
      output: { ...SERVER_OUTPUT, entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js' },
    },
  },
  ssr: { noExternal: SERVER_BUNDLED },
}

/** Client tests that render screens (Testing Library, src/testing/screen.tsx). */
const SCREEN_TESTS = 'src/**/*.screen.test.tsx'

/**
 * Tests whose assertions hold a wall clock (responsiveness, leases, live proxy timings): they run
 * one at a time after the rest, so a busy neighbour cannot stretch their time. Everything else runs
 * two files at once (Vitest's default on 2 cores is one, and most files spend their time waiting on
 * servers they started). The rate budget's tests (server/budget, the budget screens) wait on budget
 * windows more than they compute and pass beside another file: they run with the rest. (Vitest runs
 * a group order with one worker count for all its projects, so a second one-file "lane" in the same
 * group order ran after the first, not beside it.)
 */
const TIMED_TESTS = [
  'src/server/responsiveness/*.test.ts',
  'src/server/upstream/memory.test.ts',
  'src/server/doors/api-door-live.test.ts',
  // (The sandbox's rate limit, doors/sandbox-rate-limit, shows its window's end on a clock the test
  // moves: it runs with the rest.)
  // The watch's lease handed over between two instances on real timers; the watch's other files wait
  // on servers, not on a clock, and run with the rest.
  'src/server/watch/lease.test.ts',
  // (The script index's first-build progress, local/script-index-progress, runs with the rest: the
  // build that was seen to start over beside another file was a lease never renewed, since fixed and
  // pinned by local/script-index-lease.)
]

export default defineConfig(({ isSsrBuild }) =>
  isSsrBuild
    ? serverBuild
    : {
        plugins: [react(), tailwindcss(), routePreloads(), splitMediaCss()],
        resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
        build: {
          outDir: 'dist',
          sourcemap: false,
          chunkSizeWarningLimit: 600,
          manifest: true,
          // What the entry needs before the first page renders, in one chunk (src/build/shell-chunk.ts).
          rolldownOptions: { output: { codeSplitting: { groups: [shellChunk()] } } },
        },
        server: {
          proxy: {
            '/api': `http://127.0.0.1:${serverPort}`,
            '/client': `http://127.0.0.1:${serverPort}`,
            '/healthz': `http://127.0.0.1:${serverPort}`,
          },
        },
        // Unit tests (npm run test:unit): Vitest reads this same file.
        test: {
          // Generous limits: CI and shared machines can be slow; timing goals live in npm run bench.
          testTimeout: 60_000,
          hookTimeout: 60_000,
          pool: 'forks',
          isolate: false,
          setupFiles: ['src/testing/unit-setup.ts'],
          maxWorkers: 2,
          // In CI a failed test runs once more, as Playwright's do; the report still names it flaky.
          retry: process.env.CI ? 1 : 0,
          projects: [
            // One PostgreSQL server for the run's store tests (src/testing/postgres-global.ts), not one per file;
            // the later projects' workers inherit where it is from this process.
            { extends: true, test: { name: 'unit', include: ['src/**/*.test.ts', 'src/**/*.test.tsx'], exclude: [SCREEN_TESTS, ...TIMED_TESTS], environment: 'node', globalSetup: ['src/testing/postgres-global.ts'] } },
            // Screens as a person uses them: a DOM (happy-dom) with Node's own fetch family, the real server app answering.
            { extends: true, test: { name: 'screen', include: [SCREEN_TESTS], environment: './src/testing/dom-environment.ts' } },
            // After the others (projects of one group order run together, the groups in order), one file at a time.
            { extends: true, test: { name: 'timed', include: TIMED_TESTS, environment: 'node', maxWorkers: 1, sequence: { groupOrder: 1 } } },
          ],
        },
      },
)
