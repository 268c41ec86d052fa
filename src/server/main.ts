import { serve } from '@hono/node-server'
import { join, resolve } from 'node:path'
import { createApp } from './app'
import { ensureBuilt } from './build'
import { readConfig, startupRefusal } from './config'
import { createEmulator } from './emulator'

async function main() {
  const config = readConfig()
  const refusal = startupRefusal(config)
  if (refusal) {
    console.error(refusal)
    process.exit(1)
  }
  const staticDir = resolve('dist')
  if (process.env.SKIP_BUILD !== '1') await ensureBuilt(process.cwd(), staticDir)
  const emulator =
    config.mode === 'sandbox' ? createEmulator({ file: join(config.dataDir, 'sandbox.sqlite'), reset: config.resetSandbox }) : undefined
  const app = createApp({ config, emulator, staticDir })
  const server = serve({ fetch: app.fetch, hostname: config.host, port: config.port }, (info) => {
    const where = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${info.port}`
    console.log(
      config.mode === 'sandbox'
        ? `Zonekeeper (sandbox) at ${where}\n  API clients: ${where}/client/v4 (any Bearer token)\n  Data: ${config.dataDir}`
        : `Zonekeeper (live, forwarding to ${config.apiBaseUrl}) at ${where}`,
    )
  })
  const stop = () => {
    server.close()
    emulator?.close()
    process.exit(0)
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err)
  process.exit(1)
})
