import { randomBytes } from 'node:crypto'
import { get } from 'node:http'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeUpstream, type FakeHandler, type FakeUpstream } from '../../testing/fake-upstream'
import { startApp, testConfig } from '../../testing/server'
import type { Endpoint } from '../endpoints'
import type { RunningServer } from '../serve'
import { createUpstream } from '.'

/**
 * Answers over 64 KiB are streamed, with the credential still kept from the browser wherever the
 * chunks are cut; a problem found after the status was sent cuts the answer off instead of passing
 * unchecked bytes; upstream connections are reused.
 */
const TOKEN = 'tok-SECRET/0123456789abcdefghij'
let upstream: FakeUpstream
let proxy: RunningServer
const endpoints: Endpoint[] = [{ method: 'GET', path: '/zones' }]
beforeAll(async () => {
  upstream = await startFakeUpstream()
  proxy = await startApp({
    config: testConfig({ credential: { kind: 'token', token: TOKEN }, apiBaseUrl: upstream.url, upstreamTimeoutMs: 2_000 }),
    endpoints,
  })
})
afterAll(async () => {
  await proxy.close()
  await upstream.close()
})

const forward = () => createUpstream({ baseUrl: upstream.url, credential: { kind: 'token', token: TOKEN }, timeoutMs: 2_000 })
const u = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`
const SPELLINGS = [
  ['plain', TOKEN],
  ['\\/-escaped', TOKEN.replace(/\//g, '\\/')],
  ['\\u-escaped', [...TOKEN].map(u).join('')],
] as const
const PAD = 'p'.repeat(100_000)

/** Writes the pieces one by one, a few milliseconds apart, so each arrives as its own chunk. */
const inPieces =
  (pieces: Buffer[], headers: Record<string, string> = {}): FakeHandler =>
  (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', ...headers })
    const next = (i: number) => {
      if (i === pieces.length) return void res.end()
      res.write(pieces[i])
      setTimeout(() => next(i + 1), 3)
    }
    next(0)
  }

const splitAt = (b: Buffer, ...at: number[]) => [0, ...at, b.length].slice(1).map((end, i, all) => b.subarray(i ? all[i - 1] : 0, end))

describe('streamed answers: the credential never passes, wherever the chunks are cut', () => {
  it.each(SPELLINGS)('%s token, split at every offset around it', async (_what, spelled) => {
    const body = Buffer.from(`{"result":{"pad":"${PAD}","a":"Bearer ${spelled}","b":"${PAD}"}}`)
    const at = body.indexOf('Bearer ') + 7
    for (const offset of [-1, 0, 1, 2, 5, 6, 7, 13, spelled.length - 1, spelled.length, spelled.length + 1]) {
      upstream.handle(inPieces(splitAt(body, at + offset)))
      const res = await forward()({ method: 'GET', pathAndQuery: '/zones' })
      expect(res.status).toBe(200)
      const text = await res.text()
      expect(JSON.parse(text).result.a).toBe('Bearer [redacted]')
      expect(text.length).toBe(body.length - spelled.length + '[redacted]'.length)
    }
  })

  it.each<[string, (b: Buffer) => Buffer, string]>([
    ['gzip', gzipSync, 'gzip'],
    ['gzip, gzip', (b) => gzipSync(gzipSync(b)), 'gzip, gzip'],
    ['br, gzip', (b) => gzipSync(brotliCompressSync(b, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })), 'br, gzip'],
  ])('%s: decoded as it streams, cut into small chunks', async (_what, encode, label) => {
    const body = Buffer.from(`{"result":[${Array.from({ length: 3000 }, (_, i) => `{"i":${i},"t":"Bearer ${i % 2 ? TOKEN : [...TOKEN].map(u).join('')}"}`).join(',')}]}`)
    const coded = encode(body)
    upstream.handle(inPieces(Array.from({ length: Math.ceil(coded.length / 997) }, (_, i) => coded.subarray(i * 997, (i + 1) * 997)), { 'content-encoding': label }))
    const res = await forward()({ method: 'GET', pathAndQuery: '/zones' })
    expect(res.status).toBe(200)
    const parsed = JSON.parse(await res.text()) as { result: { i: number; t: string }[] }
    expect(parsed.result).toHaveLength(3000)
    expect(parsed.result.every((r) => r.t === 'Bearer [redacted]')).toBe(true)
  })

  it('sends the first bytes before upstream has finished', async () => {
    let finish = () => {}
    upstream.handle((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.write(`{"result":"${PAD}${PAD}`)
      finish = () => res.end('"}')
    })
    const res = await forward()({ method: 'GET', pathAndQuery: '/zones' })
    const reader = res.body!.getReader()
    const first = await reader.read()
    expect(first.value!.length).toBeGreaterThan(0)
    finish()
    let total = first.value!.length
    for (let r = await reader.read(); !r.done; r = await reader.read()) total += r.value.length
    expect(total).toBe(200_013)
  })
})

/** A GET through the real server, as a browser makes it: status, bytes, and whether the body ended properly. */
function through(path: string): Promise<{ status: number; body: Buffer; complete: boolean }> {
  return new Promise((resolve, reject) => {
    get(proxy.url + path, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      const done = () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks), complete: res.complete })
      res.on('end', done).on('aborted', done).on('error', done)
    }).on('error', reject)
  })
}

describe('a problem after the status was sent: the answer is cut off, nothing unchecked passes', () => {
  const big = Buffer.from(`{"result":"${PAD}${PAD}`)
  it.each<[string, FakeHandler]>([
    ['a NUL byte late in the answer', inPieces([big, Buffer.from(`\0 Bearer ${TOKEN}"}`)])],
    ['bytes that are not UTF-8', inPieces([big, Buffer.from([0xff, 0xfe]), Buffer.from(TOKEN)])],
    [
      'a gzip stream that turns to garbage',
      (req, res) => {
        // Random text compresses little, so the garbage near the end comes well after the first 64 KiB.
        const coded = gzipSync(Buffer.from(`{"result":"${randomBytes(150_000).toString('base64')}${TOKEN}"}`))
        coded.fill(0x55, coded.length - 40, coded.length - 8)
        inPieces(splitAt(coded, coded.length - 60), { 'content-encoding': 'gzip' })(req, res)
      },
    ],
    [
      'upstream dropping the connection',
      (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' })
        res.write(big)
        setTimeout(() => res.socket?.destroy(), 20)
      },
    ],
  ])('%s: 200 sent, then the connection closes before the end', async (_what, handler) => {
    upstream.handle(handler)
    const seen = await through('/api/v4/zones')
    expect(seen.status).toBe(200)
    expect(seen.complete).toBe(false)
    expect(seen.body.length).toBeGreaterThan(64 * 1024)
    expect(seen.body.length).toBeLessThan(big.length)
    expect(seen.body.includes(0)).toBe(false)
    expect(seen.body.toString('latin1')).not.toContain(TOKEN)
  })

  it('a problem in the first 64 KiB still gets the 502 envelope', async () => {
    upstream.handle(inPieces([Buffer.from('{"a":"'), Buffer.from([0]), big]))
    const seen = await through('/api/v4/zones')
    expect(seen.status).toBe(502)
    expect(JSON.parse(seen.body.toString()).errors[0].code).toBe(10502)
  })
})

describe('the time-out of a streamed answer', () => {
  const quick = () => createUpstream({ baseUrl: upstream.url, credential: { kind: 'token', token: TOKEN }, timeoutMs: 300 })
  const readAll = async (res: Response) => {
    const reader = res.body!.getReader()
    let total = 0
    for (let r = await reader.read(); !r.done; r = await reader.read()) total += r.value.length
    return total
  }

  it('counts from the last chunk: upstream silent that long cuts the answer off', async () => {
    upstream.handle((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.write(`{"result":"${PAD}${PAD}`) // and then nothing more
    })
    const res = await quick()({ method: 'GET', pathAndQuery: '/zones' })
    expect(res.status).toBe(200)
    await expect(readAll(res)).rejects.toThrow()
  })

  it('does not count the time the browser takes to read', async () => {
    upstream.handle(inPieces([Buffer.from(`{"result":"${PAD}`), Buffer.from(PAD), Buffer.from(`${PAD}"}`)]))
    const res = await quick()({ method: 'GET', pathAndQuery: '/zones' })
    const reader = res.body!.getReader()
    let total = 0
    for (let r = await reader.read(); !r.done; r = await reader.read()) {
      total += r.value.length
      await new Promise((ok) => setTimeout(ok, 400)) // a slow reader: longer per chunk than the time-out
    }
    expect(total).toBe(300_013)
  })
})

describe('upstream connections', () => {
  it('are kept alive and reused', async () => {
    const ports = new Set<number>()
    upstream.handle((_req, res) => {
      ports.add(res.socket!.remotePort!)
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"result":[]}')
    })
    const f = forward()
    // undici frees a connection one turn of the event loop after its answer (in case the server
    // closes it after all): requests that far apart all go over one connection...
    for (let i = 0; i < 20; i++) {
      expect((await f({ method: 'GET', pathAndQuery: '/zones' })).status).toBe(200)
      await new Promise(setImmediate)
    }
    expect(ports.size).toBe(1)
    // ...and back to back, over two in turn.
    ports.clear()
    for (let i = 0; i < 20; i++) expect((await f({ method: 'GET', pathAndQuery: '/zones' })).status).toBe(200)
    expect(ports.size).toBeLessThanOrEqual(2)
  })

  it('are closed when the browser stops reading a streamed answer', async () => {
    let closed = false
    upstream.handle((_req, res) => {
      res.on('close', () => (closed = true))
      res.writeHead(200, { 'content-type': 'application/json' })
      const more = () => res.write(PAD) && setTimeout(more, 1)
      more()
    })
    const res = await forward()({ method: 'GET', pathAndQuery: '/zones' })
    const reader = res.body!.getReader()
    await reader.read()
    await reader.cancel()
    await expect.poll(() => closed).toBe(true)
  })
})
