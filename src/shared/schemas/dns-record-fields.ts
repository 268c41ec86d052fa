import { z } from 'zod'
import { canonicalIPv6, isIPv4, isIPv6 } from '../dns/ip'
import { isHostname, recordNameProblems } from '../dns/names'
import { isValidTtl, TTL_MAX, TTL_MIN } from '../dns/record-types'
import { serviceRangeOf } from '../dns/service-ranges'
import { normaliseTxtContent } from '../dns/txt'

/** Field schemas shared by every record type. Each rule carries the API's error code in `params.code`. */

export const recordNameSchema = z.string({ error: 'Enter a name (text).' }).superRefine((name, ctx) => {
  for (const p of recordNameProblems(name)) ctx.addIssue({ code: 'custom', message: p.message, params: { code: p.code } })
})

export const TTL_MESSAGE = `TTL must be between ${TTL_MIN} and ${TTL_MAX} seconds, or 1 for Automatic.`

export const ttlSchema = z
  .number({ error: `${TTL_MESSAGE}` })
  .refine(isValidTtl, { message: TTL_MESSAGE, params: { code: 9021 } })

export const commentSchema = z
  .string({ error: 'The comment must be text.' })
  .refine((c) => !/[\r\n]/.test(c), { message: 'The comment must fit on one line (no line breaks).' })
  .nullable()

export const TAG_NAME_RE = /^[A-Za-z0-9_-]+$/

export const tagSchema = z.string({ error: 'A tag must be text.' }).refine((t) => TAG_NAME_RE.test(t.split(':')[0]), {
  message: 'A tag is written name:value; the name may only use letters, digits, hyphens (-) and underscores (_).',
})

export const tagsSchema = z.array(tagSchema, { error: 'Tags must be a list of name:value texts.' })

export const settingsSchema = z.object({
  ipv4_only: z.boolean().optional(),
  ipv6_only: z.boolean().optional(),
  flatten_cname: z.boolean().optional(),
})

export const prioritySchema = z
  .number({
    error: (iss) =>
      iss.input === undefined
        ? 'Enter a priority from 0 to 65535 (lower numbers are tried first).'
        : 'Priority must be a number from 0 to 65535.',
  })
  .int({ error: 'Priority must be a whole number from 0 to 65535.' })
  .min(0, { error: 'Priority must be a number from 0 to 65535.' })
  .max(65_535, { error: 'Priority must be a number from 0 to 65535.' })

const serviceMessage = (ip: string, range: string) =>
  `${ip} belongs to the service's own network (${range}). Enter the address of your own server instead.`

export const ipv4ContentSchema = z.string({ error: 'Enter an IPv4 address, such as 192.0.2.1.' }).superRefine((ip, ctx) => {
  if (!isIPv4(ip)) {
    ctx.addIssue({
      code: 'custom',
      message: 'Content for A record must be a valid IPv4 address, such as 192.0.2.1.',
      params: { code: 9005 },
    })
    return
  }
  const range = serviceRangeOf(ip)
  if (range) ctx.addIssue({ code: 'custom', message: serviceMessage(ip, range), params: { code: 9003 } })
})

export const ipv6ContentSchema = z.string({ error: 'Enter an IPv6 address, such as 2001:db8::1.' }).superRefine((ip, ctx) => {
  if (!isIPv6(ip)) {
    ctx.addIssue({
      code: 'custom',
      message: 'Content for AAAA record must be a valid IPv6 address, such as 2001:db8::1.',
      params: { code: 9006 },
    })
    return
  }
  const range = serviceRangeOf(canonicalIPv6(ip))
  if (range) ctx.addIssue({ code: 'custom', message: serviceMessage(ip, range), params: { code: 9003 } })
})

/** A host name target: letters, digits, hyphens, underscores and dots; `@` means the zone itself. */
export const hostnameContentSchema = (what: string, code?: number, opts: { allowRoot?: boolean } = {}) =>
  z.string({ error: `Enter ${what}.` }).refine((h) => h === '@' || isHostname(h) || (opts.allowRoot === true && h === '.'), {
    message: `Content must be ${what}: a host name such as mail.example.com (letters, digits, hyphens and dots).`,
    ...(code ? { params: { code } } : {}),
  })

export const txtContentSchema = z.string({ error: 'Enter the text.' }).superRefine((content, ctx) => {
  const r = normaliseTxtContent(content)
  if (!r.ok) ctx.addIssue({ code: 'custom', message: r.message })
})

export const proxiedSchema = z.boolean({ error: 'Proxied must be true or false.' })

/** `proxied` for types that cannot be proxied: false or absent only. */
export const notProxiedSchema = (type: string) =>
  proxiedSchema.refine((v) => v === false, {
    message: `${type} records cannot be proxied: only A, AAAA and CNAME records can. Turn proxying off.`,
    params: { code: 9004 },
  })
