import { resolve } from 'node:path'
import { createApp, searchOf, watchOf } from './app'
import { adoptDashboardPassword, issueSetupCode, setupNeedsCode } from './auth/first-run'
import { readConfig, startupRefusal, type ServerConfig } from './config'
import { openSandbox, sandboxFile } from './data'
import { startServer } from './serve'
import { createStore } from './store'
import { readWatchEnv } from './watch/env'

const clientToken = (config: ServerConfig, signIn: boolean) =>
  !signIn
    ? 'any Bearer token'
    : config.sandboxApiToken
      ? 'Bearer token: a personal API token (account page) or SANDBOX_API_TOKEN'
      : 'Bearer token: a personal API token from your account page'

async function main() {
  const config = readConfig()
  const watchOptions = readWatchEnv(process.env)
  const store = createStore({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, auditKey: config.auditKey, credentialsKey: config.credentialsKey })
  await store.open()
  const upgrade = await adoptDashboardPassword(store, config.dashboardPassword)
  const people = await store.people.count()
  const refusal = startupRefusal(config, people > 0)
  if (refusal) {
    console.error(refusal)
    process.exit(1)
  }
  // Built by start.mjs (npm start) or `npm run build`; `npm run dev` serves the app through Vite instead.
  const staticDir = resolve('dist')
  if (config.resetSandbox && config.mode === 'live') console.log('--reset-sandbox ignored: the sandbox is off in live mode.')
  const emulator = config.mode === 'sandbox' ? openSandbox(config) : undefined
  const app = createApp({ config, emulator, staticDir, store, log: (line) => console.log(line), watch: watchOptions })
  const running = await startServer(app, config.host, config.port)
  const where = running.url
  // Script watch: every instance ticks; the one holding the lease in the store checks.
  const watch = watchOf(app)
  watch.setPublicUrl(where)
  watch.start()
  // The DNS record index's background reader: every instance tries; the one holding the store's lease reads.
  searchOf(app).reader.start()
  console.log(
    config.mode === 'sandbox'
      ? `Zonekeeper (sandbox) at ${where}\n  API clients: ${where}/client/v4 (${clientToken(config, people > 0 || Boolean(config.dashboardPassword) || Boolean(config.oidc) || setupNeedsCode(config.host))})\n  Data: ${sandboxFile(config.dataDir)}` +
          (config.resetSandbox ? ' (reset to the demo data)' : '')
      : `Zonekeeper (live, forwarding to ${config.apiBaseUrl}) at ${where}`,
  )
  console.log(`  Dashboard store: ${store.dialect === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : resolve(config.dataDir, 'dashboard.sqlite')}`)
  if (upgrade) console.log(`  ${upgrade}`)
  if (config.trustedProxies) console.log(`  Trusted proxies (X-Forwarded-For, X-Forwarded-Proto): ${config.trustedProxies.entries.join(', ')}`)
  if (config.oidc) {
    console.log(`  Single sign-on: ${config.oidc.issuer} (claim "${config.oidc.claim}", ${config.oidc.groups.size} mapped value(s))`)
  } else if (people === 0 && setupNeedsCode(config.host)) {
    const code = await issueSetupCode(store)
    console.log(`  First run: open ${where}/setup and create the first administrator with the setup code ${code}`)
  } else if (people === 0) {
    console.log(
      '  Nobody has an account yet: the dashboard opens as a local administrator on this machine.\n' +
        `  To require sign-in, add people: ${where}/setup, or npm run people -- add <username> --role admin`,
    )
  }
  // Expired sessions, day-old throttling counters, old API usage and run-out refresh leases are cleared once an hour (reads skip them anyway).
  const sweep = setInterval(() => {
    void Promise.all([store.sessions.sweep(), store.throttle.sweep(), store.budget.sweep()]).catch((err) => console.log(`store sweep failed: ${String(err)}`))
  }, 60 * 60_000)
  sweep.unref()
  const stop = () => {
    clearInterval(sweep)
    void Promise.all([running.close(), watch.stop()]).finally(() => {
      emulator?.close()
      void store.close().finally(() => process.exit(0))
    })
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err)
  process.exit(1)
})
