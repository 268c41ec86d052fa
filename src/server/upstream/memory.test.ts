import { createServer, get, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startApp, testConfig } from '../../testing/server'
import type { Endpoint } from '../endpoints'
import type { RunningServer } from '../serve'
import { createUpstream } from '.'

/**
 * A 60 MB answer goes through the proxy with memory bounded by a few chunks, not by the
 * answer. A fake upstream writes it piece by piece (the credential echoed near the end); what the
 * process still holds after a full garbage collection is sampled while it flows.
 */
const TOKEN = 'tok-SECRET-0123456789abcdefghij'
const SIZE = 60 * 1024 * 1024
const PIECE = Buffer.from(`{"id":"0123456789abcdef0123456789abcdef","type":"A","content":"192.0.2.1","comment":"${'c'.repeat(400)}"},`)

setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as () => void
const held = () => {
  gc()
  const m = process.memoryUsage()
  return m.heapUsed + m.arrayBuffers
}

let upstream: Server
let upstreamUrl = ''
let proxy: RunningServer
beforeAll(async () => {
  upstream = createServer((req, res) => {
    // `?mb=N`: a smaller answer, to warm the code paths up before measuring.
    const size = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('mb') ?? 60) * 1024 * 1024
    res.writeHead(200, { 'content-type': 'application/json' })
    res.write('{"result":[')
    let sent = 0
    const more = () => {
      while (sent < size) {
        sent += PIECE.length
        if (!res.write(sent >= size ? `{"echo":"Bearer ${TOKEN}"}]}` : PIECE)) return void res.once('drain', more)
      }
      res.end()
    }
    more()
  })
  await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r))
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/client/v4`
  const endpoints: Endpoint[] = [{ method: 'GET', path: '/zones' }]
  proxy = await startApp({ config: testConfig({ credential: { kind: 'token', token: TOKEN }, apiBaseUrl: upstreamUrl }), endpoints })
})
afterAll(async () => {
  await proxy.close()
  upstream.closeAllConnections()
  upstream.close()
})

/** Runs `transfer` while sampling what is held; returns the largest growth over the start, and the transfer's result. */
async function peakDuring<T>(transfer: () => Promise<T>): Promise<{ peak: number; result: T }> {
  const base = held()
  let peak = 0
  let timer: NodeJS.Timeout | undefined
  // A full collection takes a while on a large heap: wait several times as long before the next one.
  const sample = () => {
    const t = performance.now()
    peak = Math.max(peak, held() - base)
    timer = setTimeout(sample, 20 + 4 * (performance.now() - t))
  }
  sample()
  try {
    const result = await transfer()
    peak = Math.max(peak, held() - base)
    return { peak, result }
  } finally {
    clearTimeout(timer)
  }
}

const MB = 1024 * 1024

/** A GET through the server, keeping only the byte count and the last 200 characters. */
const read = (path: string) =>
  new Promise<{ status: number; bytes: number; tail: string; complete: boolean }>((resolve, reject) => {
    get(proxy.url + path, (res) => {
      let bytes = 0
      let tail = ''
      res.on('data', (c: Buffer) => {
        bytes += c.length
        tail = (tail + c.toString('latin1')).slice(-200)
      })
      res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes, tail, complete: res.complete }))
    }).on('error', reject)
  })

describe('a 60 MB answer', () => {
  it('streams through the server with memory bounded by a few chunks, scrubbed to the end', async () => {
    await read('/api/v4/zones?mb=2')
    const { peak, result } = await peakDuring(() => read('/api/v4/zones'))
    expect(result.status).toBe(200)
    expect(result.complete).toBe(true)
    expect(result.bytes).toBeGreaterThan(SIZE - PIECE.length)
    expect(result.tail).toContain('"echo":"Bearer [redacted]"}]}')
    expect(result.tail).not.toContain(TOKEN)
    // Read whole, the same transfer holds 77–180 MB (the test below); streamed, 0.5–15 MB were
    // measured on a quiet machine and up to 26 MB at load 13 (socket buffers fill while the reader
    // waits for the CPU). Half the answer is the bound: far below holding it whole.
    expect(peak).toBeLessThan(SIZE / 2)
  }, 60_000)

  it('would hold all of it if read whole (so the measure above can fail)', async () => {
    const whole = createUpstream({
      baseUrl: upstreamUrl,
      credential: { kind: 'token', token: TOKEN },
      timeoutMs: 30_000,
      streamAfterBytes: 64 * MB,
    })
    // Measured at the moment the answer is handed over (read whole, it is all held then), rather
    // than sampled on a timer, which a busy machine can make miss the peak.
    const base = held()
    const res = await whole({ method: 'GET', pathAndQuery: '/zones' })
    const holding = held() - base
    const reader = res.body!.getReader()
    let bytes = 0
    for (let r = await reader.read(); !r.done; r = await reader.read()) bytes += r.value.length
    expect(res.status).toBe(200)
    expect(bytes).toBeGreaterThan(SIZE - PIECE.length)
    // Nearly all of it: garbage from before the read may be collected meanwhile (58.6 MiB of the 60
    // was seen), still far above the streamed bound of half the answer.
    expect(holding).toBeGreaterThan(SIZE * 0.9)
  }, 60_000)
})
