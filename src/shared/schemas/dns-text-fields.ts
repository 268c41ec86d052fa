import { z } from 'zod'
import { isIPv4, isIPv6 } from '../dns/ip'
import { isHostname, NAME_MAX_LENGTH } from '../dns/names'
import { groupDigits } from '../digits'

/**
 * Rules and limits for the text fields of DNS records. Every value here ends up in a BIND zone file
 * (the export), so none may carry a line break or other control character, host names must be host
 * names and hex or base64 fields only those characters: nothing can end a line and start another.
 *
 * Limits: the DNS protocol's where it sets one (a character-string holds 255 bytes, a name 255
 * characters), otherwise a cap of ours, stated here and in src/server/README.md (the service documents none).
 */

/** Free text inside a record's value (CAA value, URI target, SVCB parameters): our cap. */
export const DNS_TEXT_MAX = 2048
/** One DNS character-string (NAPTR flags, service and regular expression). */
export const DNS_STRING_MAX = 255
/** Hex and base64 fields (keys, certificates, digests): our cap; a 4096-bit RSA key is ~700. */
export const DNS_BLOB_MAX = 16_384

// eslint-disable-next-line no-control-regex -- finding control characters is the point
export const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/

export const controlMessage = (label: string) => `${label} cannot contain line breaks, tabs or other control characters.`

export const tooLongMessage = (label: string, max: number, length: number) =>
  `${label} is too long: at most ${groupDigits(max)} characters (this has ${groupDigits(length)}).`

/** A string with no control characters and at most `max` characters. */
export const plainText = (label: string, max: number) =>
  z.string({ error: `${label} must be text.` }).superRefine((s, ctx) => {
    if (CONTROL_CHARS.test(s)) ctx.addIssue({ code: 'custom', message: controlMessage(label) })
    if (s.length > max) ctx.addIssue({ code: 'custom', message: tooLongMessage(label, max, s.length) })
  })

export const looksLikeIp = (h: string) => {
  const bare = h.replace(/\.$/, '')
  return isIPv4(bare) || isIPv6(bare)
}

export const ipTargetMessage = (label: string) =>
  `${label} must be a host name, not an IP address: add an A or AAAA record for the address and enter that record's name here.`

/**
 * A host name target (SRV, SVCB/HTTPS target, NAPTR replacement): letters, digits, hyphens,
 * underscores and dots, never an IP address; `.` where the type gives it a meaning.
 */
export const hostTarget = (label: string, opts: { allowRoot?: boolean } = {}) =>
  z
    .string({ error: `${label} must be text.` })
    .refine((h) => !CONTROL_CHARS.test(h), { message: controlMessage(label), abort: true })
    .trim()
    .min(1, { error: `Enter the ${label.toLowerCase()}.` })
    .superRefine((h, ctx) => {
      if (opts.allowRoot && h === '.') return
      if (h.length > NAME_MAX_LENGTH + 1)
        ctx.addIssue({ code: 'custom', message: tooLongMessage(label, NAME_MAX_LENGTH, h.length) })
      else if (looksLikeIp(h)) ctx.addIssue({ code: 'custom', message: ipTargetMessage(label) })
      else if (!isHostname(h))
        ctx.addIssue({
          code: 'custom',
          message: `${label} must be a host name such as server.example.com (letters, digits, hyphens and dots).`,
        })
    })

/** Hex (DS digest, TLSA/SMIMEA certificate, SSHFP fingerprint); spaces between groups are dropped. */
export const hexText = (label: string) =>
  z
    .string({ error: `${label} must be text.` })
    .transform((s) => s.replace(/[ \t]+/g, ''))
    .pipe(
      z
        .string()
        .min(1, { error: `Enter the ${label.toLowerCase()} (hexadecimal).` })
        .max(DNS_BLOB_MAX, { error: `${label} is too long: at most ${groupDigits(DNS_BLOB_MAX)} characters.` })
        .regex(/^[0-9A-Fa-f]+$/, { error: `${label} must be hexadecimal: only the digits 0-9 and the letters a-f.` }),
    )

/** Base64 (DNSKEY public key, CERT certificate, OPENPGPKEY); spaces between groups are dropped. */
export const base64Text = (label: string) =>
  z
    .string({ error: `${label} must be text.` })
    .transform((s) => s.replace(/[ \t]+/g, ''))
    .pipe(
      z
        .string()
        .min(1, { error: `Enter the ${label.toLowerCase()} (base64).` })
        .max(DNS_BLOB_MAX, { error: `${label} is too long: at most ${groupDigits(DNS_BLOB_MAX)} characters.` })
        .regex(/^[A-Za-z0-9+/]+={0,2}$/, {
          error: `${label} must be base64: letters, digits, + and /, with = only at the end.`,
        }),
    )

/**
 * SVCB/HTTPS parameters as written in a zone file: `key` or `key=value`, values quoted or not
 * (`alpn="h2,h3" port=443`). Nothing that a zone file would read as a comment or a group.
 */
const SVC_PARAM = String.raw`[A-Za-z0-9-]+(?:=(?:"(?:[^"\\]|\\.)*"|[^\s"();\\]+))?`
const SVC_PARAMS = new RegExp(String.raw`^(?:${SVC_PARAM}(?:\s+${SVC_PARAM})*)?$`)

export const svcParamsText = (label: string) =>
  plainText(label, DNS_TEXT_MAX)
    .transform((s) => s.trim())
    .refine((s) => SVC_PARAMS.test(s), {
      message: `${label}: write the parameters as key=value pairs separated by spaces, such as alpn="h2,h3" port=443.`,
    })
