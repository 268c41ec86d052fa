import type { Redactor } from './redact'
import { NotTextError, StreamRedactor } from './redact-stream'
import { AnswerRefused, decodeStream } from './decode'

/*
 * A large upstream answer, streamed to the browser: decoded as it arrives, checked to be text and
 * scrubbed of the credential by a StreamRedactor, and pulled only as fast as the browser reads it,
 * so memory stays at a few chunks whatever the answer's size.
 *
 * The first `commitBytes` of checked output are gathered before anything is answered: a problem in
 * them (a coding that does not decompress, bytes that are not text) still gets the 502 envelope.
 * After that the status is sent, and a problem found later (or upstream breaking off) aborts the
 * answer: the connection is closed before the chunked body's end, so the browser's read fails
 * (fetch rejects with a TypeError; curl reports "transfer closed with outstanding read data
 * remaining"). No byte the proxy has not checked is ever sent. A credential found later is
 * not a problem: it is replaced like anywhere else, since the window held back sees it whole.
 */

export interface StreamedAnswer {
  /** Everything, when the answer ended before `commitBytes`. */
  whole?: Buffer
  /** Otherwise the answer as a stream to hand to the browser. */
  stream?: ReadableStream<Uint8Array>
}

/** Checked, scrubbed output of the decoded answer; past `maxBytes` decoded, refused. */
async function* checked(source: AsyncIterable<Buffer>, redactor: Redactor, maxBytes: number): AsyncGenerator<Buffer> {
  const scrub = new StreamRedactor(redactor)
  let total = 0
  try {
    for await (const chunk of source) {
      total += chunk.length
      if (total > maxBytes) throw new AnswerRefused(`more than the dashboard accepts (${maxBytes} bytes)`)
      yield* scrub.push(chunk)
    }
    yield* scrub.end()
  } catch (err) {
    throw err instanceof NotTextError ? new AnswerRefused('bytes that are not text the dashboard can check') : err
  }
}

export interface StreamOptions {
  codings: string[]
  redactor: Redactor
  maxBytes: number
  commitBytes: number
  /** Closes the upstream answer (a read in progress then fails at once). */
  abort(): void
}

/** Rejects with AnswerRefused or UpstreamBroken when the answer fails before anything is sent. */
export async function streamAnswer(source: AsyncIterable<Buffer>, o: StreamOptions): Promise<StreamedAnswer> {
  const it = checked(decodeStream(o.codings, source), o.redactor, o.maxBytes)
  const first: Buffer[] = []
  let size = 0
  try {
    while (size < o.commitBytes) {
      const n = await it.next()
      if (n.done) return { whole: Buffer.concat(first, size) }
      first.push(n.value)
      size += n.value.length
    }
  } catch (err) {
    o.abort()
    throw err
  }
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const b of first.splice(0)) controller.enqueue(b)
    },
    async pull(controller) {
      try {
        const n = await it.next()
        if (n.done) controller.close()
        else controller.enqueue(n.value)
      } catch (err) {
        o.abort()
        controller.error(err)
      }
    },
    cancel() {
      // The browser went away: stop reading upstream (its connection is closed, not reused).
      o.abort()
      void it.return(undefined).catch(() => {})
    },
  })
  return { stream }
}
