import type { UserConfig } from 'vite'
import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'
import { fileURLToPath } from 'node:url'
import { routePreloads } from './src/build/route-preloads.ts'
import { splitMediaCss } from './src/build/split-media-css.ts'
import { shellChunk } from './src/build/shell-chunk.ts'

// The dev server (npm run dev) proxies /api, /client and /healthz to the Node server
// started by src/server/dev.ts on SERVER_PORT.
const serverPort = process.env.SERVER_PORT ?? '8788'

/**
 * `vite build --ssr`: the Node server compiled to plain JavaScript in dist-server/ (what `npm start`
 * runs, no TypeScript compiler at run time). The seed worker is a second entry, loaded by the
 * emulator as a worker thread.
 *
 * Plain-ESM packages made of many small files are bundled in (only what the server uses of them):
 * loading kysely, zod, hono and openid-client file by file took about 200 ms of each start, most of
 * it finding, reading and compiling modules (a restart went from about 480 to 280 ms). Native and
 * CommonJS packages stay in node_modules: better-sqlite3 (native), undici (CommonJS, not shaken:
 * bundling it tripled main.js for no measurable gain) and pg (loaded only for a PostgreSQL store).
 */
const serverBuild: UserConfig = {
  build: {
    ssr: true,
    outDir: 'dist-server',
    emptyOutDir: true,
    target: 'node20',
    sourcemap: true,
    minify: false,
    copyPublicDir: false,
    rolldownOptions: {
      input: { main: 'src/server/main.ts', 'seed-worker': 'src/server/emulator/seed-worker.ts' },
      // One folder: the emulator finds seed-worker.js beside the chunk that holds it.
      output: { format: 'es', entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js' },
    },
  },
  ssr: { noExternal: ['kysely', 'zod', 'hono', '@hono/node-server', 'openid-client', 'oauth4webapi', 'jose'] },
}

/** Client tests that render screens (Testing Library, src/testing/screen.tsx). */
const SCREEN_TESTS = 'src/**/*.screen.test.tsx'

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
          projects: [
            // One PostgreSQL server for the run's store tests (src/testing/postgres-global.ts), not one per file.
            { extends: true, test: { name: 'unit', include: ['src/**/*.test.ts', 'src/**/*.test.tsx'], exclude: [SCREEN_TESTS], environment: 'node', globalSetup: ['src/testing/postgres-global.ts'] } },
            // Screens as a person uses them: a DOM (happy-dom) with Node's own fetch family, the real server app answering.
            { extends: true, test: { name: 'screen', include: [SCREEN_TESTS], environment: './src/testing/dom-environment.ts' } },
          ],
        },
      },
)
