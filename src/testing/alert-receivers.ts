import { createHmac, timingSafeEqual } from 'node:crypto'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { parseTrustedProxies } from '../server/http/trusted-proxies'

/**
 * The receivers here listen on loopback, where the watch does not send webhooks unless an
 * administrator allows it: give the watch this (WEBHOOK_ALLOWED_NETWORKS=127.0.0.1).
 */
export const LOOPBACK_RECEIVERS = parseTrustedProxies('127.0.0.1')

export interface ReceivedMail {
  from: string
  to: string[]
  raw: string
}

/** A real SMTP server (the smtp-server package) on loopback that keeps every message it accepts. */
export async function startSmtp(): Promise<{ url: string; mails: ReceivedMail[]; close: () => Promise<void> }> {
  const mails: ReceivedMail[] = []
  const server = new SMTPServer({
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        })
        callback()
      })
    },
  })
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
  const port = (server.server.address() as AddressInfo).port
  return { url: `smtp://127.0.0.1:${port}`, mails, close: () => new Promise<void>((ok) => server.close(() => ok())) }
}

/** The body of a plain-text message (quoted-printable soft breaks joined), for reading its words. */
export function mailText(raw: string): string {
  const body = raw.slice(raw.indexOf('\r\n\r\n') + 4)
  return body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)))
}

export interface ReceivedHook {
  body: string
  signature: string
  /** The signature checked as src/server/watch/README.md tells a receiver to (HMAC-SHA256 of "t.body" with the secret). */
  valid: boolean
}

/**
 * A webhook receiver on loopback that checks the signature with `secret()` and answers with
 * `status()` (so a test can make it fail, then recover).
 */
export async function startWebhookReceiver(options: { secret: () => string; status?: () => number }) {
  const hooks: ReceivedHook[] = []
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8')
      const signature = String(req.headers['x-zonekeeper-signature'] ?? '')
      const m = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(signature)
      let valid = false
      if (m) {
        const expected = createHmac('sha256', options.secret()).update(`${m[1]}.${body}`).digest()
        valid = timingSafeEqual(expected, Buffer.from(m[2], 'hex')) && Math.abs(Date.now() / 1000 - Number(m[1])) < 300
      }
      hooks.push({ body, signature, valid })
      res.writeHead(options.status?.() ?? 200, { 'content-type': 'text/plain' }).end('ok')
    })
  })
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
  const port = (server.address() as AddressInfo).port
  return {
    url: `http://127.0.0.1:${port}/hooks/zonekeeper`,
    hooks,
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  }
}

/** A receiver on loopback that answers every call with `status` and `Location: location`, counting the calls. */
export async function startRedirector(location: string, status = 307) {
  const calls: string[] = []
  const server = createServer((req, res) => {
    calls.push(`${req.method} ${req.url}`)
    req.resume()
    req.on('end', () => res.writeHead(status, { location }).end())
  })
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
  const port = (server.address() as AddressInfo).port
  return { url: `http://127.0.0.1:${port}/hooks`, calls, close: () => new Promise<void>((ok) => server.close(() => ok())) }
}

/** Waits until `check` is true (polling), or fails after `ms`. */
export async function until(check: () => boolean | Promise<boolean>, ms = 10_000, what = 'condition'): Promise<void> {
  const end = Date.now() + ms
  while (Date.now() < end) {
    if (await check()) return
    await new Promise((r) => setTimeout(r, 25))
  }
  throw new Error(`Timed out waiting for ${what}`)
}
