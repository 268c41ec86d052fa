import { afterAll, describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { LOCAL_ROUTES, type LocalRouteEntry } from '../../shared/endpoints/local'
import { createApp } from '../app'
import { DEMO_ACCOUNT, SEED_ZONES } from '../emulator/seed-ids'
import { createStore } from '../store'
import { memoryEmulator } from '../../testing/memory-emulator'
import { testConfig } from '../../testing/server'

/**
 * Generated from the local route table (src/shared/endpoints/local.ts): every write declares its
 * body, and the local router checks it before the handler runs, in the whole app (on loopback with
 * nobody defined: the local administrator): not JSON is a 400 with code 6007, a field of the wrong
 * type a 400 with code 1004 pointing at that field, never a 500 (a handler reading a body its entry
 * does not declare is a 500 here).
 */
const store = createStore({ dataDir: ':memory:' })
const emulator = memoryEmulator({ scaleZones: false })
const app = createApp({ config: testConfig(), emulator, store })
afterAll(async () => {
  await store.close()
  emulator.close()
})

const routes = LOCAL_ROUTES as readonly LocalRouteEntry[]
const keyOf = (r: LocalRouteEntry) => `${r.method} ${r.path}`
const writes = routes.filter((r) => r.method !== 'GET')

const PARAMS: Record<string, string> = {
  zone_id: SEED_ZONES.demo.id,
  account_id: DEMO_ACCOUNT.id,
  person_id: 'p0000000000000000000000000000000',
  handle: 'h1',
  id: '1',
  channel_id: 'c1',
  alert_id: '1',
  account: DEMO_ACCOUNT.id,
}
const urlOf = (r: LocalRouteEntry) =>
  r.path.replace(/:([a-z_]+)/g, (_, name: string) => {
    const value = PARAMS[name]
    if (!value) throw new Error(`read-body.test.ts needs a sample value for :${name} (${r.path})`)
    return value
  })
const send = (r: LocalRouteEntry, body: string) =>
  app.request(urlOf(r), { method: r.method, body, headers: { 'content-type': 'application/json', 'x-zonekeeper-request': '1' } })

/** The top-level fields a body schema reads (through optional, pipes and unions); none for a body of nothing. */
function fieldsOf(schema: z.ZodType): string[] {
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def
  switch (def.type) {
    case 'object':
      return Object.keys(def.shape as object)
    case 'optional':
    case 'nullable':
    case 'default':
      return fieldsOf(def.innerType as z.ZodType)
    case 'pipe':
      return fieldsOf(def.in as z.ZodType)
    case 'union':
      return [...new Set((def.options as z.ZodType[]).flatMap(fieldsOf))]
    default:
      return []
  }
}

/** A value no field's schema takes: an array holding an array. */
const WRONG = [[]]

interface Envelope {
  errors: { code: number; message: string; source?: { pointer?: string } }[]
}

describe('the local route table: bodies', () => {
  it('every write declares its body (a write that reads nothing declares noBodySchema)', () => {
    expect(writes.length).toBeGreaterThanOrEqual(44)
    expect(writes.filter((r) => !r.body).map(keyOf)).toEqual([])
  })

  it.each(writes.map((r) => [keyOf(r), r] as const))('%s: not JSON is a 400 with code 6007', async (_, r) => {
    const res = await send(r, '{"verdict": ')
    expect(res.status).toBe(400)
    const { errors } = (await res.json()) as Envelope
    expect(errors[0]!.code).toBe(6007)
    expect(errors[0]!.message).toBe('Malformed JSON in request body.')
  })

  it.each(writes.map((r) => [keyOf(r), r] as const))('%s: a field of the wrong type is a 400 with code 1004 naming the field', async (_, r) => {
    const fields = fieldsOf(r.body!)
    // A body of nothing: any field is one it does not read.
    const sent = fields.length ? fields : ['unexpected']
    const res = await send(r, JSON.stringify(Object.fromEntries(sent.map((f) => [f, WRONG]))))
    expect(res.status).toBe(400)
    const { errors } = (await res.json()) as Envelope
    expect(errors.length).toBeGreaterThan(0)
    expect(errors.every((e) => e.code === 1004)).toBe(true)
    expect(errors.some((e) => sent.some((f) => e.source?.pointer === `/${f}` || e.source?.pointer?.startsWith(`/${f}/`)))).toBe(true)
  })
})

describe('the local route table: queries', () => {
  const withQuery = routes.filter((r) => r.query)

  it.each(withQuery.map((r) => [keyOf(r), r] as const))('%s: a refused value is a 400 with code 1001 naming its key', async (_, r) => {
    const key = Object.keys(r.query!.fields).find((k) => ['script_id', 'connection_id', 'per_page', 'review', 'status', 'field'].includes(k))!
    const res = await app.request(`${urlOf(r)}?${key}=${encodeURIComponent('not a value //')}`)
    expect(res.status).toBe(400)
    const { errors } = (await res.json()) as Envelope
    expect(errors[0]).toMatchObject({ code: 1001, source: { pointer: `/${key}` } })
  })
})
