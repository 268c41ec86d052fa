import { z } from 'zod'
import { base64Text, DNS_STRING_MAX, DNS_TEXT_MAX, hexText, hostTarget, plainText, svcParamsText } from './dns-text-fields'
import { lazySchema } from './lazy'

/**
 * `data` objects of the data-based record types (api-notes §3.4, ranges from the API's schema).
 * Numbers must be JSON numbers (a form should register number inputs with `valueAsNumber`).
 */

const int = (label: string, max: number) =>
  z
    .number({
      // An empty number field reaches the schema as NaN (valueAsNumber) or not at all.
      error: (iss) =>
        iss.input === undefined || Number.isNaN(iss.input)
          ? `Enter the ${label.toLowerCase()}: a whole number from 0 to ${max}.`
          : `${label} must be a whole number from 0 to ${max}.`,
    })
    .int({ error: `${label} must be a whole number.` })
    .min(0, { error: `${label} must be between 0 and ${max}.` })
    .max(max, { error: `${label} must be between 0 and ${max}.` })
const u8 = (label: string) => int(label, 255)
const u16 = (label: string) => int(label, 65_535)
const num = (label: string, min: number, max: number) =>
  z
    .number({
      error: (iss) =>
        iss.input === undefined || Number.isNaN(iss.input)
          ? `Enter the ${label.toLowerCase()}: a number from ${min} to ${max}.`
          : `${label} must be a number from ${min} to ${max}.`,
    })
    .min(min, { error: `${label} must be between ${min} and ${max}.` })
    .max(max, { error: `${label} must be between ${min} and ${max}.` })

export const caaDataSchema = lazySchema(() =>
  z.object({
    flags: u8('Flags'),
    tag: z
      .string({ error: 'Tag must be text.' })
      .trim()
      .min(1, { error: 'Enter the tag.' })
      .max(DNS_STRING_MAX, { error: `The tag is at most ${DNS_STRING_MAX} characters.` })
      .regex(/^[A-Za-z0-9]+$/, {
        error: 'The tag is a single word of letters and digits, such as issue, issuewild or iodef.',
      }),
    value: plainText('Value', DNS_TEXT_MAX),
  }),
)

export const certDataSchema = lazySchema(() =>
  z.object({
    type: u16('Certificate type'),
    key_tag: u16('Key tag'),
    algorithm: u8('Algorithm'),
    certificate: base64Text('Certificate'),
  }),
)

export const dnskeyDataSchema = lazySchema(() =>
  z.object({
    flags: u16('Flags'),
    protocol: u8('Protocol'),
    algorithm: u8('Algorithm'),
    public_key: base64Text('Public key'),
  }),
)

export const dsDataSchema = lazySchema(() =>
  z.object({
    key_tag: u16('Key tag'),
    algorithm: u8('Algorithm'),
    digest_type: u8('Digest type'),
    digest: hexText('Digest'),
  }),
)

/** HTTPS and SVCB share their fields. */
export const svcbDataSchema = lazySchema(() =>
  z.object({
    priority: u16('Priority'),
    target: hostTarget('Target', { allowRoot: true }),
    value: svcParamsText('Value').default(''),
  }),
)

export const locDataSchema = lazySchema(() =>
  z.object({
    lat_degrees: int('Latitude degrees', 90),
    lat_minutes: int('Latitude minutes', 59),
    lat_seconds: num('Latitude seconds', 0, 59.999),
    lat_direction: z.enum(['N', 'S'], { error: 'Latitude direction is N or S.' }),
    long_degrees: int('Longitude degrees', 180),
    long_minutes: int('Longitude minutes', 59),
    long_seconds: num('Longitude seconds', 0, 59.999),
    long_direction: z.enum(['E', 'W'], { error: 'Longitude direction is E or W.' }),
    altitude: num('Altitude', -100_000, 42_849_672.95),
    size: num('Size', 0, 90_000_000),
    precision_horz: num('Horizontal precision', 0, 90_000_000),
    precision_vert: num('Vertical precision', 0, 90_000_000),
  }),
)

export const naptrDataSchema = lazySchema(() =>
  z.object({
    order: u16('Order'),
    preference: u16('Preference'),
    flags: plainText('Flags', DNS_STRING_MAX),
    service: plainText('Service', DNS_STRING_MAX),
    regex: plainText('Regular expression', DNS_STRING_MAX),
    replacement: hostTarget('Replacement', { allowRoot: true }),
  }),
)

/** TLSA and SMIMEA share their fields. */
export const tlsaDataSchema = lazySchema(() =>
  z.object({
    usage: u8('Usage'),
    selector: u8('Selector'),
    matching_type: u8('Matching type'),
    certificate: hexText('Certificate'),
  }),
)

export const srvDataSchema = lazySchema(() =>
  z
    .looseObject({
      priority: u16('Priority'),
      weight: u16('Weight'),
      port: u16('Port'),
      target: hostTarget('Target', { allowRoot: true }),
    })
    .superRefine((d, ctx) => {
      for (const old of ['service', 'proto', 'name'])
        if (old in d)
          ctx.addIssue({
            code: 'custom',
            path: [old],
            message: `SRV data no longer takes "${old}": put the service and protocol in the record name instead, like _sip._tcp.example.com.`,
          })
    })
    .transform(({ priority, weight, port, target }) => ({ priority, weight, port, target })),
)

export const sshfpDataSchema = lazySchema(() =>
  z.object({
    algorithm: u8('Algorithm'),
    type: u8('Fingerprint type'),
    fingerprint: hexText('Fingerprint'),
  }),
)

export const uriDataSchema = lazySchema(() =>
  z.object({
    target: plainText('Target', DNS_TEXT_MAX)
      .transform((t) => t.trim())
      .refine((t) => t !== '', { message: 'Enter the target (a URI such as https://example.com/).' })
      .refine((t) => !/\s/.test(t), { message: 'The target is a URI: it cannot contain spaces.' }),
    weight: u16('Weight'),
  }),
)

/** The data schema of each data-based type. */
export const recordDataSchemas = {
  CAA: caaDataSchema,
  CERT: certDataSchema,
  DNSKEY: dnskeyDataSchema,
  DS: dsDataSchema,
  HTTPS: svcbDataSchema,
  SVCB: svcbDataSchema,
  LOC: locDataSchema,
  NAPTR: naptrDataSchema,
  SMIMEA: tlsaDataSchema,
  TLSA: tlsaDataSchema,
  SRV: srvDataSchema,
  SSHFP: sshfpDataSchema,
  URI: uriDataSchema,
} as const
