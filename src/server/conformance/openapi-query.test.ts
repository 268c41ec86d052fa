import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { resolveRef, publishedSchema, type OpenApiDocument, type Schema } from '../../testing/openapi'
import { type Emulator } from '../emulator'
import { memoryEmulator } from '../../testing/memory-emulator'
import { DEMO_ACCOUNT, SEED_ZONES } from '../emulator/seed-ids'

/**
 * The sandbox is never stricter than the published schema on a list's query (api-notes §13): every
 * query parameter of every GET the schema documents, read from ../shared/reference/openapi-subset.json
 * at test time (never copied into the repo), is sent with each value the schema allows (every enum
 * value, a string as long as its maxLength, or a long one where it has none, true and false) and
 * with paging out of range (clamped, not refused: §13.8), and each must answer 200. Refusals the
 * sandbox keeps are the schema's own (an enum, a maxLength): those are checked in the lists' tests.
 */

const { skip, read: readSchema } = publishedSchema('openapi-query-conformance')

const ZONE = SEED_ZONES.demo.id
const ACCOUNT = DEMO_ACCOUNT.id

interface Parameter {
  name: string
  in: string
  description?: string
  schema?: Schema & { example?: unknown; default?: unknown }
  example?: unknown
}

/**
 * Values of one parameter the schema allows, each as the query string to send. Left out, with the
 * reason: `cursor` (opaque: only a cursor the service issued means anything).
 */
function allowedValues(p: Parameter, schema: Schema & { example?: unknown; description?: string }): string[][] | undefined {
  const key = p.name
  const one = (v: string) => [`${key}=${encodeURIComponent(v)}`]
  if (key === 'cursor') return undefined
  if (schema.type === 'array' && schema.items) {
    const items = resolveRef(doc, schema.items)
    const values = (items.enum ?? []).map(String)
    // Each alone, the comma list the schema's form style writes, and repeated keys as the SDK sends them.
    return [...values.map(one), one(values.join(',')), values.map((v) => `${key}=${encodeURIComponent(v)}`)]
  }
  if (schema.enum) return schema.enum.map((v) => one(String(v)))
  if (schema.type === 'boolean') return [one('true'), one('false')]
  if (schema.type === 'number' || schema.type === 'integer') {
    const min = schema.minimum ?? 1
    const out = [one(String(min)), one(String(min - 1)), one('-3')]
    if (schema.maximum !== undefined) out.push(one(String(schema.maximum)), one(String(schema.maximum + 1)))
    if (schema.type === 'number') out.push(one(String(min + 0.5)))
    return out
  }
  // Page security's page: a page number as a string, or `all` (its description).
  if (key === 'page') return [one('2'), one('all'), one('0'), one('-3'), one('2.5')]
  // A comma list of named values ("Accepted values: `active`, `infrequent`, and `inactive`"): each, and all.
  const listed = /Accepted values: (.*?)\./.exec(p.description ?? schema.description ?? '')
  if (listed) {
    const values = [...listed[1].matchAll(/`([^`]+)`/g)].map((m) => m[1])
    return [...values.map(one), one(values.join(','))]
  }
  const example = typeof schema.example === 'string' ? schema.example : typeof p.example === 'string' ? p.example : 'x'
  const long = schema.maxLength ?? 2000
  return [one(example), one(example.length >= long ? example.slice(0, long) : example + 'x'.repeat(long - example.length))]
}

let doc: OpenApiDocument
let emulator: Emulator
let recordId: string

/** The concrete path of a documented GET, or undefined when the sandbox has no id to put in it. */
function concrete(template: string): string | undefined {
  const path = template
    .replace('{zone_id}', ZONE)
    .replace('{account_id}', ACCOUNT)
    .replace('{accounts_or_zones}', 'zones')
    .replace('{account_or_zone_id}', ZONE)
    .replace('{dns_record_id}', recordId)
  return path.includes('{') ? undefined : path
}

async function get(path: string) {
  const res = await emulator.app.request(path)
  const text = await res.text()
  return { status: res.status, text, json: res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : undefined }
}

describe.skipIf(skip)(
  'list queries are never stricter than the published schema (../shared/reference/openapi-subset.json)',
  () => {
    beforeAll(async () => {
      doc = readSchema()
      emulator = memoryEmulator()
      recordId = (await get(`/zones/${ZONE}/dns_records?per_page=1`)).json.result[0].id
    }, 60_000) // seeding takes a few seconds on a busy machine
    afterAll(() => emulator?.close())

    it('answers every value the schema allows for every query parameter of every GET, clamping paging', async () => {
      const checked: string[] = []
      const refused: string[] = []
      for (const [template, item] of Object.entries(doc.paths)) {
        const op = item.get as { parameters?: Parameter[] } | undefined
        if (!op) continue
        const params = [...((item.parameters as Parameter[] | undefined) ?? []), ...(op.parameters ?? [])]
          .map((p) => resolveRef<Parameter>(doc, p as Parameter & { $ref?: string }))
          .filter((p) => p.in === 'query')
        if (params.length === 0) continue
        const path = concrete(template)
        if (path === undefined) continue
        for (const p of params) {
          const schema = resolveRef(doc, p.schema ?? {})
          const cases = allowedValues(p, schema)
          if (!cases) continue
          for (const parts of cases) {
            const url = `${path}?${parts.join('&')}`
            const r = await get(url)
            checked.push(url)
            if (r.status !== 200) refused.push(`${url.slice(0, 160)} → ${r.status} ${r.text.slice(0, 200)}`)
            const perPage = r.json?.result_info?.per_page
            if (p.name === 'per_page' && perPage !== undefined) {
              // Clamped into the schema's range, and result_info says what was used.
              expect(perPage, url).toBeGreaterThanOrEqual(schema.minimum ?? 1)
              if (schema.maximum !== undefined) expect(perPage, url).toBeLessThanOrEqual(schema.maximum)
            }
          }
        }
      }
      expect(refused).toEqual([])
      // Every list the sandbox serves was covered (the pools, zones, DNS, firewall, page security, packs, rulesets).
      for (const part of [
        '/load_balancers/pools?',
        '/zones?',
        '/dns_records?',
        '/firewall/rules?',
        '/page_shield/scripts?',
        '/page_shield/connections?',
        '/page_shield/cookies?',
        '/ssl/certificate_packs?',
        '/rulesets?',
      ]) {
        expect(
          checked.some((u) => u.includes(part)),
          part,
        ).toBe(true)
      }
    })
  },
)
