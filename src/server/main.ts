import { resolve } from 'node:path'
import { createApp } from './app'
import { ensureBuilt } from './build'
import { readConfig, startupRefusal, type ServerConfig } from './config'
import { openSandbox, sandboxFile } from './data'
import { loadSessionSecret } from './password'
import { startServer } from './serve'

const clientToken = (config: ServerConfig) =>
  !config.dashboardPassword
    ? 'any Bearer token'
    : config.sandboxApiToken
      ? 'Bearer token: SANDBOX_API_TOKEN'
      : 'closed: set SANDBOX_API_TOKEN to open it'

async function main() {
  const config = readConfig()
  const refusal = startupRefusal(config)
  if (refusal) {
    console.error(refusal)
    process.exit(1)
  }
  const staticDir = resolve('dist')
  if (process.env.SKIP_BUILD !== '1') await ensureBuilt(process.cwd(), staticDir)
  if (config.resetSandbox && config.mode === 'live') console.log('--reset-sandbox ignored: the sandbox is off in live mode.')
  const emulator = config.mode === 'sandbox' ? openSandbox(config) : undefined
  const app = createApp({
    config,
    emulator,
    staticDir,
    log: (line) => console.log(line),
    sessionSecret: config.dashboardPassword ? loadSessionSecret(config.dataDir) : undefined,
  })
  const running = await startServer(app, config.host, config.port)
  const where = running.url
  console.log(
    config.mode === 'sandbox'
      ? `Zonekeeper (sandbox) at ${where}\n  API clients: ${where}/client/v4 (${clientToken(config)})\n  Data: ${sandboxFile(config.dataDir)}` +
          (config.resetSandbox ? ' (reset to the demo data)' : '')
      : `Zonekeeper (live, forwarding to ${config.apiBaseUrl}) at ${where}`,
  )
  if (config.dashboardPassword) console.log('  The dashboard asks for DASHBOARD_PASSWORD.')
  const stop = () => {
    void running.close().finally(() => {
      emulator?.close()
      process.exit(0)
    })
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err)
  process.exit(1)
})
