import { createHmac } from 'node:crypto'
import type { Transporter } from 'nodemailer'
import { createRequire } from 'node:module'
import type { Agent as AgentType, fetch as FetchType } from 'undici'
import type { WatchChannel } from '../store'
import type { AlertMessage } from './message'
import { checkedLookup, TargetRefused, targetProblem, type TargetPolicy } from './webhook-target'

export interface DeliveryOptions {
  /** `smtp://host:port` (SMTP_URL); e-mail channels fail with a clear error without it. */
  smtpUrl?: string
  smtpFrom: string
  webhookTimeoutMs: number
  /** Local networks an administrator allows webhooks to (WEBHOOK_ALLOWED_NETWORKS); others are refused. */
  webhookTargets?: TargetPolicy
  /** The server's log: what a failed delivery met on the network (never shown to people). */
  log?: (line: string) => void
}

/** Words for a delivery that got no HTTP answer: the same whatever the network said (refused, reset, silent). */
export const NO_ANSWER = 'The receiver gave no HTTP answer (it could not be reached, or not in time).'

/** What went wrong with a message to the mail server, in words people read (the log keeps nodemailer's own). */
function mailProblem(err: unknown): string {
  const e = err as { code?: string; responseCode?: number; response?: string; message?: string }
  const said = (e.response ?? '').replace(/\s+/g, ' ').trim().slice(0, 200)
  if (e.code === 'EAUTH') return 'The mail server refused to sign the dashboard in: check the user name and password in SMTP_URL.'
  if (e.code === 'EENVELOPE') return `The mail server refused the address${said ? `: ${said}` : '.'}`
  if (e.responseCode) return `The mail server refused the message${said ? `: ${said}` : ` (code ${e.responseCode}).`}`
  if (e.code === 'ETIMEDOUT') return 'The mail server (SMTP_URL) did not answer in time.'
  if (e.code === 'ECONNECTION' || e.code === 'ESOCKET' || e.code === 'EDNS') return 'The mail server (SMTP_URL) could not be reached.'
  return `The mail server could not take the message (${String(e.message ?? err).slice(0, 200)}).`
}

/** The header a receiver checks: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" with the channel's secret>`. */
export function signature(secret: string, body: string, unixSeconds: number): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex')
  return `t=${unixSeconds},v1=${mac}`
}

/** Sends one alert to one channel; resolves when it was accepted, throws with a short reason otherwise. */
export function createDeliverer(options: DeliveryOptions) {
  let transport: Promise<Transporter> | undefined
  const mailer = () =>
    (transport ??= import('nodemailer').then((m) =>
      m.default.createTransport({ url: options.smtpUrl!, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 }),
    ))

  async function email(channel: WatchChannel, message: AlertMessage): Promise<void> {
    if (!options.smtpUrl) throw new Error('E-mail is not set up on this server (SMTP_URL is empty).')
    const t = await mailer()
    try {
      await t.sendMail({ from: options.smtpFrom, to: channel.target, subject: message.subject, text: message.text })
    } catch (err) {
      options.log?.(`e-mail delivery to ${channel.target}: ${String((err as Error).message)}`)
      throw new Error(mailProblem(err))
    }
  }

  const targets = options.webhookTargets ?? {}
  // Every connection's address is checked after the name is resolved (the lookup the socket uses).
  // undici is required at the first webhook, not at start: loading it was a large share of a start.
  let undici: { dispatcher: AgentType; fetch: typeof FetchType } | undefined
  const client = () => {
    if (!undici) {
      const { Agent, fetch } = createRequire(import.meta.url)('undici') as { Agent: typeof AgentType; fetch: typeof FetchType }
      undici = { dispatcher: new Agent({ connect: { lookup: checkedLookup(targets) } }), fetch }
    }
    return undici
  }

  async function webhook(channel: WatchChannel, message: AlertMessage, deliveryId: number | string): Promise<void> {
    const body = JSON.stringify(message.json)
    // An address in the URL is never looked up: checked here (also a channel added before the check existed).
    const refused = targetProblem(channel.target, targets)
    if (refused) throw new Error(refused)
    let res: Awaited<ReturnType<typeof FetchType>>
    const { dispatcher, fetch } = client()
    try {
      res = await fetch(channel.target, {
        dispatcher,
        method: 'POST',
        redirect: 'manual',
        signal: AbortSignal.timeout(options.webhookTimeoutMs),
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Zonekeeper-Watch/1',
          'x-zonekeeper-delivery': String(deliveryId),
          'x-zonekeeper-signature': signature(channel.secret, body, Math.floor(Date.now() / 1000)),
        },
        body,
      })
    } catch (err) {
      const cause = (err as Error).cause
      if (cause instanceof TargetRefused) throw new Error(cause.message)
      // People (viewers too) read delivery errors: they say no answer came, never whether a port was
      // closed, filtered or reset, so the watch cannot be used to map a network. The log keeps the detail.
      options.log?.(`webhook delivery ${deliveryId}: ${(err as Error).name}: ${String(cause ?? (err as Error).message)}`)
      throw new Error(NO_ANSWER)
    }
    await res.body?.cancel().catch(() => undefined)
    if (res.status >= 300 && res.status < 400) throw new Error(`The receiver answered ${res.status} (a redirect, which is not followed).`)
    if (!res.ok) throw new Error(`The receiver answered ${res.status}.`)
  }

  return {
    /** `deliveryId`: the delivery's number, or `test-…` for a person's test (its X-Zonekeeper-Delivery). */
    send(channel: WatchChannel, message: AlertMessage, deliveryId: number | string): Promise<void> {
      return channel.kind === 'email' ? email(channel, message) : webhook(channel, message, deliveryId)
    },
    close() {
      void transport?.then((t) => t.close())
      void undici?.dispatcher.close().catch(() => undefined)
    },
  }
}
