import { createHmac } from 'node:crypto'
import type { Transporter } from 'nodemailer'
import type { WatchChannel } from '../store'
import type { AlertMessage } from './message'

export interface DeliveryOptions {
  /** `smtp://host:port` (SMTP_URL); e-mail channels fail with a clear error without it. */
  smtpUrl?: string
  smtpFrom: string
  webhookTimeoutMs: number
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
    await t.sendMail({ from: options.smtpFrom, to: channel.target, subject: message.subject, text: message.text })
  }

  async function webhook(channel: WatchChannel, message: AlertMessage, deliveryId: number): Promise<void> {
    const body = JSON.stringify(message.json)
    let res: Response
    try {
      res = await fetch(channel.target, {
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
      const name = err instanceof Error ? err.name : ''
      throw new Error(
        name === 'TimeoutError' ? `No answer within ${options.webhookTimeoutMs} ms.` : `Could not reach the receiver (${(err as Error).cause ?? (err as Error).message}).`,
      )
    }
    await res.body?.cancel().catch(() => undefined)
    if (res.status >= 300 && res.status < 400) throw new Error(`The receiver answered ${res.status} (a redirect, which is not followed).`)
    if (!res.ok) throw new Error(`The receiver answered ${res.status}.`)
  }

  return {
    send(channel: WatchChannel, message: AlertMessage, deliveryId: number): Promise<void> {
      return channel.kind === 'email' ? email(channel, message) : webhook(channel, message, deliveryId)
    },
    close() {
      void transport?.then((t) => t.close())
    },
  }
}
