import { z } from 'zod'
import { httpUrl, optionalText, parseEnv } from '../env'
import { trustedProxiesSchema } from '../http/trusted-proxies'
import type { WatchOptions } from '.'

const ms = (min: number) => {
  const plain = `must be a whole number of milliseconds, at least ${min}`
  return optionalText.pipe(
    z
      .string()
      .regex(/^\d{1,12}$/, plain)
      .transform(Number)
      .refine((n) => n >= min, plain)
      .optional(),
  )
}

/** The watch's settings and the mail it (and change requests) send, from the environment (watch/README.md; every setting: README, Settings). */
const watchEnv = z.object({
  PUBLIC_URL: httpUrl("the dashboard's address as people open it"),
  SMTP_URL: optionalText.refine((url) => url === undefined || (URL.canParse(url) && /^smtps?:$/.test(new URL(url).protocol)), {
    message: 'must be an smtp:// or smtps:// URL, for example smtps://user:password@mail.example:465',
  }),
  SMTP_FROM: optionalText.refine(
    (from) => from === undefined || /^(?:[^<>@\r\n]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/.test(from),
    {
      message: 'must be an e-mail address, alone or as Name <address>',
    },
  ),
  WATCH_TICK_MS: ms(50),
  WATCH_LEASE_MS: ms(100),
  WATCH_RETRY_MS: ms(10),
  WATCH_DISCOVER_MS: ms(0),
  WATCH_START_DELAY_MS: ms(0),
  // Addresses and CIDR ranges, parsed as TRUSTED_PROXIES is.
  WEBHOOK_ALLOWED_NETWORKS: trustedProxiesSchema,
})

/** The watch's settings from the environment (watch/README.md); throws naming every bad variable. */
export function readWatchEnv(env: NodeJS.ProcessEnv): Omit<WatchOptions, 'store' | 'send'> {
  const e = parseEnv(watchEnv, env)
  return {
    publicUrl: e.PUBLIC_URL,
    smtpUrl: e.SMTP_URL,
    smtpFrom: e.SMTP_FROM,
    tickMs: e.WATCH_TICK_MS,
    leaseMs: e.WATCH_LEASE_MS,
    retryMs: e.WATCH_RETRY_MS,
    discoverMs: e.WATCH_DISCOVER_MS,
    startDelayMs: e.WATCH_START_DELAY_MS,
    webhookAllowedNetworks: e.WEBHOOK_ALLOWED_NETWORKS,
  }
}
