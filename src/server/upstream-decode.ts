import { isUtf8 } from 'node:buffer'
import type { IncomingMessage } from 'node:http'
import { brotliDecompressSync, gunzipSync, inflateRawSync, inflateSync } from 'node:zlib'

/*
 * What the proxy does with an upstream answer's bytes before anything reaches the browser: undo
 * every content coding, then make sure the result is text it can search for the credential.
 */

/** The codings the proxy asks for, and can therefore read to check every byte before it passes on. */
export const ACCEPT_ENCODING = 'gzip, br'

type Decoded = { ok: true; body: Buffer } | { ok: false; why: string }

/**
 * Undoes every coding of `Content-Encoding` (one header or several, each possibly a list), last
 * applied first. Anything unknown is not passed on undecoded: the caller refuses it.
 */
export function decodeBody(res: IncomingMessage, body: Buffer, max: number): Decoded {
  const codings = (res.headersDistinct['content-encoding'] ?? [])
    .flatMap((v) => v.split(','))
    .map((v) => v.trim().toLowerCase())
    .filter((v) => v !== '' && v !== 'identity')
  if (codings.length > 4) return { ok: false, why: `too many content codings (${codings.length})` }
  let out = body
  for (const coding of codings.reverse()) {
    try {
      if (coding === 'gzip' || coding === 'x-gzip') out = gunzipSync(out, { maxOutputLength: max })
      else if (coding === 'br') out = brotliDecompressSync(out, { maxOutputLength: max })
      else if (coding === 'deflate') out = inflateDeflate(out, max)
      else return { ok: false, why: `an unknown content coding, ${JSON.stringify(coding.slice(0, 40))}` }
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

/**
 * True when the body is text the proxy could search for the credential: UTF-8 without NUL bytes.
 * Compressed bytes without a label, or anything else binary, fail this and never reach the browser.
 */
export const isCheckableText = (body: Buffer) => body.indexOf(0) === -1 && isUtf8(body)
