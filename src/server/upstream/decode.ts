import { isUtf8 } from 'node:buffer'
import { Readable, type Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import {
  brotliDecompressSync,
  createBrotliDecompress,
  createGunzip,
  createInflate,
  createInflateRaw,
  gunzipSync,
  inflateRawSync,
  inflateSync,
} from 'node:zlib'

/*
 * What the proxy does with an upstream answer's bytes before anything reaches the browser: undo
 * every content coding, then make sure the result is text it can search for the credential.
 * Small answers are decoded whole; larger ones through the same codings, streamed (see upstream-stream.ts).
 */

/** The codings the proxy asks for, and can therefore read to check every byte before it passes on. */
export const ACCEPT_ENCODING = 'gzip, br'

/** An answer the proxy will not pass on, and why (said in the 502). */
export class AnswerRefused extends Error {
  constructor(readonly why: string) {
    super(why)
  }
}

/** The upstream connection failed while the answer was arriving (or took too long: `timeout`). */
export class UpstreamBroken extends Error {
  constructor(readonly code: string) {
    super(code)
  }
}

type Codings = { ok: true; codings: string[] } | { ok: false; why: string }
const NO_CODINGS: Codings = { ok: true, codings: [] }

/**
 * The codings of `Content-Encoding` (one header or several, each possibly a list), in the order they
 * were applied; anything the proxy cannot undo is refused before a byte of the body is read.
 */
export function contentCodings(header: string | string[] | undefined): Codings {
  if (header === undefined) return NO_CODINGS
  const codings = (Array.isArray(header) ? header : [header])
    .flatMap((v) => v.split(','))
    .map((v) => v.trim().toLowerCase())
    .filter((v) => v !== '' && v !== 'identity')
  if (codings.length > 4) return { ok: false, why: `too many content codings (${codings.length})` }
  const unknown = codings.find((c) => !['gzip', 'x-gzip', 'br', 'deflate'].includes(c))
  if (unknown) return { ok: false, why: `an unknown content coding, ${JSON.stringify(unknown.slice(0, 40))}` }
  return { ok: true, codings }
}

type Decoded = { ok: true; body: Buffer } | { ok: false; why: string }

/** Undoes every coding of a whole answer, last applied first. */
export function decodeBody(codings: string[], body: Buffer, max: number): Decoded {
  let out = body
  for (const coding of [...codings].reverse()) {
    try {
      if (coding === 'br') out = brotliDecompressSync(out, { maxOutputLength: max })
      else if (coding === 'deflate') out = inflateDeflate(out, max)
      else out = gunzipSync(out, { maxOutputLength: max })
    } catch {
      return { ok: false, why: `a ${coding} coding that could not be decompressed` }
    }
  }
  return { ok: true, body: out }
}

/** `deflate` is zlib-wrapped by the standard, raw in some servers: accept both. */
function inflateDeflate(body: Buffer, max: number): Buffer {
  try {
    return inflateSync(body, { maxOutputLength: max })
  } catch {
    return inflateRawSync(body, { maxOutputLength: max })
  }
}

/** A zlib header: CM 8 and a check value that divides by 31 (RFC 1950). */
const zlibWrapped = (b: Buffer) => b.length >= 2 && (b[0] & 0x0f) === 8 && ((b[0] << 8) | b[1]) % 31 === 0

/** The input through one decompressor, pulled as it is read (so memory stays at a few chunks). */
async function* through(coding: string, make: () => Transform, input: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  const z = make()
  pipeline(Readable.from(input), z).catch(() => {}) // its error reaches the loop below through `z`
  try {
    for await (const chunk of z) yield chunk as Buffer
  } catch (err) {
    if (err instanceof UpstreamBroken || err instanceof AnswerRefused) throw err
    throw new AnswerRefused(`a ${coding} coding that could not be decompressed`)
  }
}

/** Deflate, zlib-wrapped or raw, told apart by its first bytes. */
async function* inflateEither(input: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  const it = input[Symbol.asyncIterator]()
  const firsts: Buffer[] = []
  for (let n = 0; n < 2; ) {
    const next = await it.next()
    if (next.done) break
    firsts.push(next.value)
    n += next.value.length
  }
  const head = Buffer.concat(firsts)
  async function* rest() {
    yield head
    for (let n = await it.next(); !n.done; n = await it.next()) yield n.value
  }
  yield* through('deflate', zlibWrapped(head) ? createInflate : createInflateRaw, rest())
}

/** Undoes every coding as the bytes arrive, last applied first. */
export function decodeStream(codings: string[], source: AsyncIterable<Buffer>): AsyncIterable<Buffer> {
  return [...codings]
    .reverse()
    .reduce<AsyncIterable<Buffer>>(
      (input, coding) =>
        coding === 'br'
          ? through(coding, createBrotliDecompress, input)
          : coding === 'deflate'
            ? inflateEither(input)
            : through(coding, createGunzip, input),
      source,
    )
}

/**
 * True when the body is text the proxy could search for the credential: UTF-8 without NUL bytes.
 * Compressed bytes without a label, or anything else binary, fail this and never reach the browser.
 */
export const isCheckableText = (body: Buffer) => body.indexOf(0) === -1 && isUtf8(body)
