// The servers the proxy bench measures, compiled to plain JavaScript as `npm start` runs the
// dashboard's server (the same Vite SSR build and settings, src/build/server-bundle.ts), into a
// folder of their own under node_modules/.cache (where the packages they import are found), which the caller removes. Run through tsx instead, every function the code
// creates per request is also named at run time (its keep-names helper), a cost production never pays.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'vite'
import { SERVER_BUILD, SERVER_BUNDLED, SERVER_OUTPUT } from '../../build/server-bundle'

export interface Compiled {
  /** The compiled file of each entry, by the name it was given. */
  files: Record<string, string>
  remove(): void
}

export async function compile(entries: Record<string, string>): Promise<Compiled> {
  const root = fileURLToPath(new URL('../../..', import.meta.url))
  const cache = join(root, 'node_modules', '.cache')
  mkdirSync(cache, { recursive: true })
  const outDir = mkdtempSync(join(cache, 'zonekeeper-bench-'))
  await build({
    configFile: false,
    logLevel: 'warn',
    root,
    build: {
      ...SERVER_BUILD,
      sourcemap: false,
      ssr: true,
      outDir,
      emptyOutDir: false,
      copyPublicDir: false,
      rolldownOptions: { input: entries, output: { ...SERVER_OUTPUT, entryFileNames: '[name].mjs', chunkFileNames: '[name]-[hash].mjs' } },
    },
    ssr: { noExternal: SERVER_BUNDLED },
  })
  return {
    files: Object.fromEntries(Object.keys(entries).map((name) => [name, join(outDir, `${name}.mjs`)])),
    remove: () => rmSync(outDir, { recursive: true, force: true }),
  }
}
