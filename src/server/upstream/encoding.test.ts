import { brotliCompressSync, brotliDecompressSync, deflateSync, gunzipSync, gzipSync, inflateSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeUpstream, type FakeHandler, type FakeUpstream } from '../../testing/fake-upstream'
import { createUpstream } from '.'

/**
 * Whatever coding upstream uses, the credential never reaches the browser. The fake
 * upstream echoes the request's Authorization header in its body, encoded in each awkward way.
 */
const TOKEN = 'tok-SECRET-0123456789abcdefghij'
let upstream: FakeUpstream
beforeAll(async () => {
  upstream = await startFakeUpstream()
})
afterAll(() => upstream.close())

/** Both paths: answers read whole (small, the default) and streamed (here: anything over one byte). */
const PATHS = [
  ['read whole', undefined],
  ['streamed', 1],
] as const
let streamAfterBytes: number | undefined
const forward = () =>
  createUpstream({ baseUrl: upstream.url, credential: { kind: 'token', token: TOKEN }, timeoutMs: 2_000, streamAfterBytes })

const echoJson = (auth: string) =>
  Buffer.from(JSON.stringify({ result: { authorization: auth }, success: true, errors: [], messages: [] }))

/** Answers with the echoed header, passed through `encode`, and the given Content-Encoding header(s). */
const encoded =
  (encode: (b: Buffer) => Buffer, encoding?: string | string[], raw?: (auth: string) => Buffer): FakeHandler =>
  (req, res) => {
    const headers: Record<string, string | string[]> = { 'content-type': 'application/json' }
    if (encoding) headers['content-encoding'] = encoding
    res.writeHead(200, headers)
    res.end(encode((raw ?? echoJson)(String(req.headers.authorization))))
  }

const unescape = (s: string) =>
  s.replace(/\\u([0-9a-fA-F]{4})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16))).replace(/\\\//g, '/')

/** True when the token can be recovered from the bytes by any chain of decompressions and JSON unescaping. */
function leaks(bytes: Buffer, depth = 0): boolean {
  const text = bytes.toString('latin1')
  if (text.includes(TOKEN) || unescape(text).includes(TOKEN)) return true
  if (depth > 4) return false
  for (const undo of [gunzipSync, brotliDecompressSync, inflateSync]) {
    let inner: Buffer
    try {
      inner = undo(bytes)
    } catch {
      continue
    }
    if (leaks(inner, depth + 1)) return true
  }
  return false
}

async function fetchThrough(handler: FakeHandler) {
  upstream.handle(handler)
  const res = await forward()({ method: 'GET', pathAndQuery: '/zones' })
  const bytes = Buffer.from(await res.arrayBuffer())
  return { res, bytes }
}

const gzip = (b: Buffer) => gzipSync(b)
const gzip2 = (b: Buffer) => gzipSync(gzipSync(b))
const brThenGzip = (b: Buffer) => gzipSync(brotliCompressSync(b))

describe.each(PATHS)('upstream codings, answer %s: the credential never reaches the browser', (_path, after) => {
  beforeAll(() => {
    streamAfterBytes = after
  })

  it('asks upstream only for codings the proxy decodes', async () => {
    upstream.requests.length = 0
    await fetchThrough(encoded((b) => b))
    expect(upstream.requests[0].headers['accept-encoding']).toBe('gzip, br')
  })

  it.each<[string, FakeHandler]>([
    ['gzip, gzip (stacked)', encoded(gzip2, 'gzip, gzip')],
    ['br, gzip', encoded(brThenGzip, 'br, gzip')],
    ['two separate Content-Encoding headers', encoded(gzip2, ['gzip', 'gzip'])],
    ['deflate', encoded((b) => deflateSync(b), 'deflate')],
    ['identity, gzip with odd spacing and case', encoded(gzip, ' Identity ,GZIP ')],
  ])('%s: decoded fully, then scrubbed', async (_what, handler) => {
    const { res, bytes } = await fetchThrough(handler)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-encoding')).toBeNull()
    expect(JSON.parse(bytes.toString('utf8')).result.authorization).toBe('Bearer [redacted]')
    expect(leaks(bytes)).toBe(false)
  })

  it.each<[string, FakeHandler]>([
    ['an unknown coding (x-deflate)', encoded((b) => deflateSync(b), 'x-deflate')],
    ['gzip without a Content-Encoding label', encoded(gzip)],
    ['gzip labelled once but applied twice', encoded(gzip2, 'gzip')],
    ['brotli without a label', encoded((b) => brotliCompressSync(b))],
    ['a label whose bytes are not compressed', encoded((b) => b, 'gzip')],
    ['binary bytes after a NUL', encoded((b) => Buffer.concat([Buffer.from([0]), b]))],
  ])('%s: 502 with the envelope, nothing of the body passed on', async (_what, handler) => {
    const { res, bytes } = await fetchThrough(handler)
    expect(res.status).toBe(502)
    const body = JSON.parse(bytes.toString('utf8'))
    expect(body).toMatchObject({ success: false, result: null, errors: [{ code: 10502 }] })
    expect(leaks(bytes)).toBe(false)
  })

  it.each<[string, (auth: string) => Buffer]>([
    [
      'every character \\u-escaped',
      (a) =>
        Buffer.from(`{"result":{"a":"${[...a].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')}"}}`),
    ],
    [
      'some characters \\u-escaped',
      (a) => Buffer.from(`{"result":{"a":"${a.replace(/t/g, '\\u0074').replace(/-/g, '\\u002D')}"}}`),
    ],
    ['with \\/ escapes', (a) => Buffer.from(`{"result":{"a":"${a.replace(/S/g, '\\/S')}","b":"${a}"}}`)],
  ])('the token %s is found and scrubbed, also inside gzip', async (_what, raw) => {
    for (const handler of [encoded((b) => b, undefined, raw), encoded(gzip, 'gzip', raw)]) {
      const { res, bytes } = await fetchThrough(handler)
      expect(res.status).toBe(200)
      expect(bytes.toString('utf8')).toContain('[redacted]')
      expect(leaks(bytes)).toBe(false)
    }
  })
})
