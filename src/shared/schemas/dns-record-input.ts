import { z } from 'zod'
import { canBeProxied } from '../dns/proxiable'
import { dataFromRdata } from '../dns/rdata'
import { DNS_RECORD_TYPES, isProxiableType, type DataRecordType, type DnsRecordType } from '../dns/record-types'
import { recordDataSchemas } from './dns-record-data'
import { base64Text } from './dns-text-fields'
import {
  commentSchema,
  hostnameContentSchema,
  ipv4ContentSchema,
  ipv6ContentSchema,
  notProxiedSchema,
  prioritySchema,
  proxiedSchema,
  recordNameSchema,
  settingsSchema,
  tagsSchema,
  ttlSchema,
  txtContentSchema,
} from './dns-record-fields'
import { lazySchema } from './lazy'

/** Fields every record type accepts. `ttl` defaults to 1 (Automatic) as in the API. */
const base = (type: string) => ({
  name: recordNameSchema,
  ttl: ttlSchema.optional(),
  proxied: (isProxiableType(type) ? proxiedSchema : notProxiedSchema(type)).optional(),
  comment: commentSchema.optional(),
  tags: tagsSchema.optional(),
  settings: settingsSchema.optional(),
})

type Ctx = z.core.$RefinementCtx
const issue = (ctx: Ctx, path: string, message: string, code?: number) =>
  ctx.addIssue({ code: 'custom', path: [path], message, ...(code ? { params: { code } } : {}) })

/**
 * The service flattens every proxied CNAME itself and refuses the record's own `flatten_cname`
 * switch beside proxying (api-notes §3.7). One rule for the create/replace schema and the PATCH
 * schema, so the proxy door refuses a PATCH that sets both even though it cannot see the record.
 */
export const FLATTEN_PROXIED_MESSAGE =
  'Proxied CNAME records are always flattened: turn "flatten CNAME" off, or turn proxying off.'
export const flattensProxied = (v: { proxied?: boolean; settings?: { flatten_cname?: boolean } }) =>
  v.proxied === true && v.settings?.flatten_cname === true

const sameName = (a: string, b: string) => a.toLowerCase().replace(/\.$/, '') === b.toLowerCase().replace(/\.$/, '')

function addressRules(v: { type: 'A' | 'AAAA'; content: string; proxied?: boolean }, ctx: Ctx) {
  if (v.proxied && !canBeProxied(v.type, v.content)) {
    issue(
      ctx,
      'proxied',
      `${v.content} is a private address that is only reachable inside your own network, so it cannot be proxied. Turn proxying off.`,
      9041,
    )
  }
}

const aSchema = lazySchema(() =>
  z
    .object({ type: z.literal('A'), ...base('A'), content: ipv4ContentSchema, private_routing: z.boolean().optional() })
    .superRefine(addressRules),
)
const aaaaSchema = lazySchema(() =>
  z
    .object({ type: z.literal('AAAA'), ...base('AAAA'), content: ipv6ContentSchema, private_routing: z.boolean().optional() })
    .superRefine(addressRules),
)

const cnameSchema = lazySchema(() =>
  z
    .object({
      type: z.literal('CNAME'),
      ...base('CNAME'),
      content: hostnameContentSchema('The target', 'a host name to point to', 9007),
    })
    .superRefine((v, ctx) => {
      if (sameName(v.name, v.content)) issue(ctx, 'content', 'A CNAME cannot point to its own name. Enter a different target.')
      if (flattensProxied(v)) issue(ctx, 'settings', FLATTEN_PROXIED_MESSAGE)
    }),
)

const mxSchema = lazySchema(() =>
  z.object({
    type: z.literal('MX'),
    ...base('MX'),
    content: hostnameContentSchema('The mail server', 'a mail server name', 9009, { allowRoot: true }),
    priority: prioritySchema,
  }),
)
const txtSchema = lazySchema(() => z.object({ type: z.literal('TXT'), ...base('TXT'), content: txtContentSchema }))
const nsSchema = lazySchema(() =>
  z.object({ type: z.literal('NS'), ...base('NS'), content: hostnameContentSchema('The name server', 'a name server') }),
)
const ptrSchema = lazySchema(() =>
  z.object({ type: z.literal('PTR'), ...base('PTR'), content: hostnameContentSchema('The domain name', 'a domain name') }),
)
const openpgpSchema = lazySchema(() =>
  z.object({
    type: z.literal('OPENPGPKEY'),
    ...base('OPENPGPKEY'),
    content: base64Text('The OpenPGP key'),
  }),
)

/**
 * A data-based type: `data` as in the API, or (when `data` is absent) `content` written the way a
 * zone file writes the value ("0 issue \"letsencrypt.org\""), which is read into `data`.
 */
function dataMember<T extends DataRecordType>(type: T) {
  const dataSchema = recordDataSchemas[type]
  const shape = {
    type: z.literal(type),
    ...base(type),
    data: dataSchema.optional(),
    content: z.string({ error: 'Content must be text.' }).optional(),
    ...(type === 'URI' ? { priority: prioritySchema } : { priority: prioritySchema.optional() }),
  }
  return z.object(shape).superRefine((v, ctx) => {
    if (v.data !== undefined) return
    if (v.content === undefined || v.content.trim() === '') {
      issue(ctx, 'data', `Fill in the fields of the ${type} record.`)
      return
    }
    const parsed = dataFromRdata(type, v.content, false)
    if (!parsed.ok) return issue(ctx, 'content', parsed.message)
    if (type === 'SRV') parsed.data.priority = 'priority' in v && typeof v.priority === 'number' ? v.priority : 0
    const checked = (dataSchema as z.ZodType).safeParse(parsed.data)
    if (!checked.success) for (const i of checked.error.issues) issue(ctx, 'content', i.message)
  })
}

const soaSchema = lazySchema(() =>
  z
    .looseObject({ type: z.literal('SOA') })
    .superRefine((_v, ctx) =>
      issue(ctx, 'type', 'The SOA record is created automatically for the zone and cannot be added or changed.'),
    ),
)

const TYPE_LIST = DNS_RECORD_TYPES.join(', ')
const typeError = { error: () => `Choose a record type, in capital letters: ${TYPE_LIST}.` }

const writableMembers = [
  aSchema,
  aaaaSchema,
  cnameSchema,
  mxSchema,
  txtSchema,
  nsSchema,
  ptrSchema,
  openpgpSchema,
  lazySchema(() => dataMember('CAA')),
  lazySchema(() => dataMember('CERT')),
  lazySchema(() => dataMember('DNSKEY')),
  lazySchema(() => dataMember('DS')),
  lazySchema(() => dataMember('HTTPS')),
  lazySchema(() => dataMember('SVCB')),
  lazySchema(() => dataMember('LOC')),
  lazySchema(() => dataMember('NAPTR')),
  lazySchema(() => dataMember('SMIMEA')),
  lazySchema(() => dataMember('TLSA')),
  lazySchema(() => dataMember('SRV')),
  lazySchema(() => dataMember('SSHFP')),
  lazySchema(() => dataMember('URI')),
] as const

/** The writable types alone (what a form offers), with the same rules; the source of the types below. */
export const dnsRecordWritableSchema = lazySchema(() => z.discriminatedUnion('type', [...writableMembers], typeError))

/** What a valid create/replace body looks like after parsing. */
export type DnsRecordInput = z.output<typeof dnsRecordWritableSchema>
/** The raw values a form holds before parsing (numbers as numbers, optional fields absent). */
export type DnsRecordInputValues = z.input<typeof dnsRecordWritableSchema>

const fullUnion = lazySchema(() => z.discriminatedUnion('type', [...writableMembers, soaSchema], typeError))

/**
 * A DNS record as sent to create (POST) or replace (PUT) it: a union over `type`, plus a member
 * that refuses SOA with a clear message (so its output type is that of the writable types).
 * Output keeps what was sent (no defaults applied); `normaliseRecordInput` gives the saved form.
 */
export const dnsRecordInputSchema = fullUnion as unknown as z.ZodType<DnsRecordInput, DnsRecordInputValues>

type Member = (typeof writableMembers)[number]

/** The input schema of one type (the form can validate a single type's fields with it). */
export const dnsRecordInputSchemas = lazySchema(
  () => Object.fromEntries(writableMembers.map((o: Member) => [o.shape.type.value, o])) as Record<DnsRecordType, Member>,
)
