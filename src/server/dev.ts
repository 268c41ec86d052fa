import { spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { createServer } from 'vite'
import { z } from 'zod'
import { isLoopback, readConfig, startupRefusal } from './config'
import { parseEnv, wholeNumber } from './env'
import { createStore } from './store'

/**
 * `npm run dev`: the Vite dev server with hot reload on HOST:PORT (default 127.0.0.1:5173), and this
 * project's server behind it on 127.0.0.1:SERVER_PORT (default 8788), restarted when its code
 * changes. Vite forwards /api, /client, /healthz, /login, /logout, /setup and /password to it (see vite.config.ts).
 */
async function dev() {
  const config = readConfig({ ...process.env, PORT: process.env.PORT ?? '5173' })
  // The same rule as `npm start`: people defined count as sign-in configured.
  const store = createStore({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, auditKey: config.auditKey, credentialsKey: config.credentialsKey })
  const people = await store.people.count().finally(() => store.close())
  const refusal = startupRefusal(config, people > 0)
  if (refusal) {
    console.error(refusal)
    process.exit(1)
  }
  const serverPort = parseEnv(z.object({ SERVER_PORT: wholeNumber(1, 65535, 8788) }), process.env).SERVER_PORT
  const target = `http://127.0.0.1:${serverPort}`

  const tsx = createRequire(import.meta.url).resolve('tsx/cli')
  const server = spawn(process.execPath, [tsx, 'watch', '--clear-screen=false', 'src/server/main.ts'], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(serverPort),
      SKIP_BUILD: '1',
      // Requests arrive through Vite with the browser's Host header: when Vite listens beyond
      // loopback, that is whatever name the browser used.
      ALLOWED_HOSTS: isLoopback(config.host) ? (process.env.ALLOWED_HOSTS ?? '') : '*',
    },
    stdio: 'inherit',
  })

  const vite = await createServer({
    server: {
      host: config.host,
      port: config.port,
      strictPort: true,
      proxy: { '/login': target, '/logout': target, '/setup': target, '/password': target },
    },
  })
  await vite.listen()
  vite.printUrls()
  console.log(`  API server (${config.mode}) on ${target}`)

  const stop = () => {
    server.kill('SIGTERM')
    void vite.close().finally(() => process.exit(0))
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
  server.on('exit', (code) => {
    if (code !== null && code !== 0) {
      console.error(`The API server stopped (exit code ${code}).`)
      void vite.close().finally(() => process.exit(code))
    }
  })
}

dev().catch((err) => {
  console.error(err instanceof Error ? err.message : err)
  process.exit(1)
})
