import { z } from 'zod'
import { canonicalIPv6, isIPv4, isIPv6 } from '../dns/ip'
import { toAsciiName } from '../dns/idn'
import { isHostname, recordNameProblems } from '../dns/names'
import { RECORD_ATTRIBUTE_LIMITS, TAG_NAME_MAX, TAG_VALUE_MAX } from '../dns/plan-limits'
import { isValidTtl, TTL_MAX, TTL_MIN } from '../dns/record-types'
import { serviceRangeOf } from '../dns/service-ranges'
import { normaliseTxtContent } from '../dns/txt'
import { CONTROL_CHARS, controlMessage, ipTargetMessage, looksLikeIp, tooLongMessage } from './dns-text-fields'
import { lazySchema } from './lazy'

/** Field schemas shared by every record type. Each rule carries the API's error code in `params.code`. */

/**
 * A record name; an internationalised one (`café`) is taken in Unicode and becomes its stored ASCII
 * form (`xn--caf-dma`) before the name rules are checked, as the service does (../dns/idn).
 */
export const recordNameSchema = lazySchema(() =>
  z
    .string({ error: 'Enter a name (text).' })
    .overwrite(toAsciiName)
    .superRefine((name, ctx) => {
      for (const p of recordNameProblems(name)) ctx.addIssue({ code: 'custom', message: p.message, params: { code: p.code } })
    }),
)

export const TTL_MESSAGE = `TTL must be between ${TTL_MIN} and ${TTL_MAX} seconds, or 1 for Automatic.`

export const ttlSchema = lazySchema(() =>
  z
    .number({
      error: (iss) =>
        typeof iss.input === 'string'
          ? `TTL must be a number of seconds, not text: send ${/^\d+$/.test(iss.input.trim()) ? iss.input.trim() : 300} without quotes (or 1 for Automatic).`
          : TTL_MESSAGE,
    })
    .refine(isValidTtl, { message: TTL_MESSAGE, params: { code: 9021 } }),
)

/** The longest comment any plan allows (Free: 100; the zone's plan is checked by ../dns/plan-limits). */
export const COMMENT_MAX = RECORD_ATTRIBUTE_LIMITS.paid.comment
/** Tags per record on the plans that have tags (the Free plan has none: checked with the zone's plan). */
export const TAGS_MAX = RECORD_ATTRIBUTE_LIMITS.paid.tags
/** Tag names the export uses for the record's own settings (`cf-proxied:true`). */
const RESERVED_TAGS = new Set(['cf-proxied', 'cf-flatten-cname'])

export const commentSchema = lazySchema(() =>
  z
    .string({ error: 'The comment must be text.' })
    .superRefine((c, ctx) => {
      if (/[\r\n\u2028\u2029]/.test(c))
        ctx.addIssue({ code: 'custom', message: 'The comment must fit on one line (no line breaks).' })
      else if (CONTROL_CHARS.test(c)) ctx.addIssue({ code: 'custom', message: controlMessage('The comment') })
      const length = c.trim().length
      if (length > COMMENT_MAX) ctx.addIssue({ code: 'custom', message: tooLongMessage('The comment', COMMENT_MAX, length) })
    })
    // The export writes the comment after "; " and the import trims it: stored trimmed, it survives both.
    .trim()
    .nullable(),
)

export const TAG_NAME_RE = /^[A-Za-z0-9_-]+$/

export const tagSchema = lazySchema(() =>
  z.string({ error: 'A tag must be text.' }).superRefine((t, ctx) => {
    const name = t.split(':')[0]
    const add = (message: string) => ctx.addIssue({ code: 'custom', message })
    if (!TAG_NAME_RE.test(name))
      add('A tag is written name:value; the name may only use letters, digits, hyphens (-) and underscores (_).')
    else if (RESERVED_TAGS.has(name.toLowerCase()))
      add(`The tag name ${name} is reserved: the zone file export uses it for the record's own settings.`)
    if (/[\s,]/.test(t) || CONTROL_CHARS.test(t)) add('A tag cannot contain spaces, commas or control characters.')
    const colon = t.indexOf(':')
    const value = colon < 0 ? '' : t.slice(colon + 1)
    if (name.length > TAG_NAME_MAX) add(tooLongMessage("A tag's name (before the colon)", TAG_NAME_MAX, name.length))
    if (value.length > TAG_VALUE_MAX) add(tooLongMessage("A tag's value (after the colon)", TAG_VALUE_MAX, value.length))
  }),
)

export const tagsSchema = lazySchema(() =>
  z
    .array(tagSchema, { error: 'Tags must be a list of name:value texts.' })
    .max(TAGS_MAX, { error: `A record can have at most ${TAGS_MAX} tags.` }),
)

export const settingsSchema = lazySchema(() =>
  z.object({
    ipv4_only: z.boolean().optional(),
    ipv6_only: z.boolean().optional(),
    flatten_cname: z.boolean().optional(),
  }),
)

export const prioritySchema = lazySchema(() =>
  z
    .number({
      error: (iss) =>
        iss.input === undefined
          ? 'Enter a priority from 0 to 65535 (lower numbers are tried first).'
          : 'Priority must be a number from 0 to 65535.',
    })
    .int({ error: 'Priority must be a whole number from 0 to 65535.' })
    .min(0, { error: 'Priority must be a number from 0 to 65535.' })
    .max(65_535, { error: 'Priority must be a number from 0 to 65535.' }),
)

const serviceMessage = (ip: string, range: string) =>
  `${ip} belongs to the service's own network (${range}). Enter the address of your own server instead.`

export const ipv4ContentSchema = lazySchema(() =>
  z.string({ error: 'Enter an IPv4 address, such as 192.0.2.1.' }).superRefine((ip, ctx) => {
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
  }),
)

export const ipv6ContentSchema = lazySchema(() =>
  z.string({ error: 'Enter an IPv6 address, such as 2001:db8::1.' }).superRefine((ip, ctx) => {
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
  }),
)

/**
 * A host name target: letters, digits, hyphens, underscores and dots; `@` means the zone itself.
 * `label` is the field's name as the form shows it ("The mail server"), so the error speaks of the
 * field the person sees, not of "Content".
 */
export const hostnameContentSchema = (label: string, what: string, code?: number, opts: { allowRoot?: boolean } = {}) =>
  z.string({ error: `Enter ${what}.` }).superRefine((h, ctx) => {
    const params = code ? { params: { code } } : {}
    if (h === '@' || (opts.allowRoot === true && h === '.')) return
    if (looksLikeIp(h.trim())) ctx.addIssue({ code: 'custom', message: ipTargetMessage(label), ...params })
    else if (!isHostname(h))
      ctx.addIssue({
        code: 'custom',
        message: `${label} must be ${what}: a host name such as mail.example.com (letters, digits, hyphens and dots).`,
        ...params,
      })
  })

export const txtContentSchema = lazySchema(() =>
  z.string({ error: 'Enter the text.' }).superRefine((content, ctx) => {
    if (CONTROL_CHARS.test(content)) return ctx.addIssue({ code: 'custom', message: controlMessage('The text') })
    const r = normaliseTxtContent(content)
    if (!r.ok) ctx.addIssue({ code: 'custom', message: r.message })
  }),
)

export const proxiedSchema = lazySchema(() => z.boolean({ error: 'Proxied must be true or false.' }))

/** `proxied` for types that cannot be proxied: false or absent only. */
export const notProxiedSchema = (type: string) =>
  proxiedSchema.refine((v) => v === false, {
    message: `${type} records cannot be proxied: only A, AAAA and CNAME records can. Turn proxying off.`,
    params: { code: 9004 },
  })
