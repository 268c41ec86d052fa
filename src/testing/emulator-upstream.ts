import { type Emulator } from '../server/emulator'
import { memoryEmulator } from './memory-emulator'
import { startFakeUpstream, type FakeUpstream } from './fake-upstream'

/**
 * A live API for tests: the sandbox emulator (its own in-memory demo data) behind a real HTTP server
 * on loopback that records every request it gets (`upstream.requests`).
 */
export async function startEmulatorUpstream(): Promise<{
  upstream: FakeUpstream
  emulator: Emulator
  close: () => Promise<void>
}> {
  const emulator = memoryEmulator({ scaleZones: false })
  const upstream = await startFakeUpstream((req, res) => {
    void (async () => {
      const path = req.url.replace(/^\/client\/v4/, '')
      const type = req.headers['content-type']
      const answer = await emulator.app.request(path, {
        method: req.method,
        headers: type ? { 'content-type': type } : {},
        body: req.body && req.method !== 'GET' ? req.body : undefined,
      })
      res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' })
      res.end(Buffer.from(await answer.arrayBuffer()))
    })()
  })
  return {
    upstream,
    emulator,
    close: async () => {
      await upstream.close()
      emulator.close()
    },
  }
}
