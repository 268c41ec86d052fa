import { afterEach, describe, expect, it, vi } from 'vitest'
import { api, apiPath, ApiRequestError, buildQuery, localCall } from './api-client'
import { fieldErrorsFromApiError, pointerToFieldPath } from './field-errors'

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
const ok = (result: unknown, extra: object = {}) => json(200, { success: true, errors: [], messages: [], result, ...extra })

function mockFetch(res: Response | (() => Promise<Response>)) {
  const fn = vi.fn(async (_url: string, _init?: RequestInit) => (typeof res === 'function' ? res() : res))
  vi.stubGlobal('fetch', fn)
  return fn
}

afterEach(() => vi.unstubAllGlobals())

describe('buildQuery', () => {
  it('drops empty values and repeats array keys', () => {
    expect(buildQuery({ a: 1, b: '', c: undefined, d: null, type: ['A', 'AAAA'], proxied: false })).toBe(
      '?a=1&type=A&type=AAAA&proxied=false',
    )
  })
  it('is empty without params', () => {
    expect(buildQuery({})).toBe('')
    expect(buildQuery()).toBe('')
  })
})

describe('api', () => {
  it('gets the result from /api/v4 without the write header', async () => {
    const f = mockFetch(ok({ id: 'z1' }))
    await expect(api.get(apiPath('/zones/:zone_id', { zone_id: 'z1' }))).resolves.toEqual({ id: 'z1' })
    const [url, init] = f.mock.calls[0]
    expect(url).toBe('/api/v4/zones/z1')
    expect((init?.headers as Record<string, string>)['X-Zonekeeper-Request']).toBeUndefined()
  })

  it('lists with result_info', async () => {
    const info = { page: 2, per_page: 5, count: 1, total_count: 6, total_pages: 2 }
    mockFetch(ok([{ id: 'a' }], { result_info: info }))
    await expect(api.list('/zones', { params: { page: 2 } })).resolves.toEqual({ result: [{ id: 'a' }], resultInfo: info })
  })

  it('sends writes as JSON with the dashboard header', async () => {
    const f = mockFetch(ok({ id: 'r1' }))
    await api.post(apiPath('/zones/:zone_id/dns_records', { zone_id: 'z' }), { type: 'A' })
    const init = f.mock.calls[0][1]!
    expect(init.method).toBe('POST')
    expect(init.body).toBe('{"type":"A"}')
    expect(init.headers).toMatchObject({ 'X-Zonekeeper-Request': '1', 'Content-Type': 'application/json' })
  })

  it('throws ApiRequestError with the status and the API errors', async () => {
    mockFetch(
      json(400, {
        success: false,
        result: null,
        messages: [],
        errors: [{ code: 81058, message: 'An identical record already exists.' }],
      }),
    )
    const err = await api
      .delete(apiPath('/zones/:zone_id/dns_records/:dns_record_id', { zone_id: 'z', dns_record_id: 'r' }))
      .catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ApiRequestError)
    expect((err as ApiRequestError).status).toBe(400)
    expect((err as ApiRequestError).errors).toEqual([{ code: 81058, message: 'An identical record already exists.' }])
  })

  it('turns a network failure into status 0', async () => {
    mockFetch(() => Promise.reject(new TypeError('fetch failed')))
    const err = (await api.get('/zones').catch((e: unknown) => e)) as ApiRequestError
    expect(err.status).toBe(0)
    expect(err.errors[0].code).toBe(0)
  })

  it('turns an answer cut off mid-stream into status 0 with a plain message', async () => {
    const cut = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(new TextEncoder().encode('{"result":[{"id":'))
        c.error(new TypeError('terminated'))
      },
    })
    mockFetch(new Response(cut, { status: 200 }))
    const err = (await api.get('/zones').catch((e: unknown) => e)) as ApiRequestError
    expect(err).toBeInstanceOf(ApiRequestError)
    expect(err.status).toBe(0)
    expect(err.errors[0].message).toContain('cut off')
  })

  it('says the same of a plain-text download cut off mid-stream (a zone file)', async () => {
    const cut = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(new TextEncoder().encode('example.com.\t300\tIN\tA\t192.0.2.1\n'))
        c.error(new TypeError('Failed to fetch'))
      },
    })
    mockFetch(new Response(cut, { status: 200 }))
    const err = (await api
      .text(apiPath('/zones/:zone_id/dns_records/export', { zone_id: 'z' }))
      .catch((e: unknown) => e)) as ApiRequestError
    expect(err).toBeInstanceOf(ApiRequestError)
    expect(err.errors[0].message).toContain('cut off')
  })

  it('reports a non-JSON answer with its text', async () => {
    mockFetch(new Response('<html>Bad gateway</html>', { status: 502 }))
    const err = (await api.get('/zones').catch((e: unknown) => e)) as ApiRequestError
    expect(err.status).toBe(502)
    expect(err.errors[0].message).toContain('Bad gateway')
  })

  it('downloads text, and still reads an error envelope', async () => {
    mockFetch(new Response('example.com. 300 IN A 192.0.2.1', { status: 200 }))
    await expect(api.text(apiPath('/zones/:zone_id/dns_records/export', { zone_id: 'z' }))).resolves.toContain('192.0.2.1')
    mockFetch(json(404, { success: false, result: null, messages: [], errors: [{ code: 1001, message: 'Zone not found.' }] }))
    await expect(api.text(apiPath('/zones/:zone_id/dns_records/export', { zone_id: 'z' }))).rejects.toMatchObject({ status: 404 })
  })

  it('posts to local endpoints with the header', async () => {
    const f = mockFetch(ok({ reset: true }))
    await expect(localCall('POST', '/api/sandbox/reset')).resolves.toEqual({ reset: true })
    expect(f.mock.calls[0][0]).toBe('/api/sandbox/reset')
    expect(f.mock.calls[0][1]!.headers).toMatchObject({ 'X-Zonekeeper-Request': '1' })
  })
})

describe('field errors', () => {
  it('maps JSON pointers to form paths, with escapes', () => {
    expect(pointerToFieldPath('/data/port')).toBe('data.port')
    expect(pointerToFieldPath('/rules/0/action')).toBe('rules.0.action')
    expect(pointerToFieldPath('/a~1b/c~0d')).toBe('a/b.c~d')
  })

  it('splits errors with and without a pointer', () => {
    const err = new ApiRequestError(400, [
      { code: 9005, message: 'Content for A record must be a valid IPv4 address.', source: { pointer: '/content' } },
      { code: 1004, message: 'Port too big.', source: { pointer: '/data/port' } },
      { code: 1004, message: 'Port must be a number.', source: { pointer: '/data/port' } },
      { code: 81058, message: 'An identical record already exists.' },
    ])
    const { fields, rest } = fieldErrorsFromApiError(err)
    expect(fields.content).toBe('Content for A record must be a valid IPv4 address. (code 9005)')
    expect(fields['data.port']).toBe('Port too big. (code 1004) Port must be a number. (code 1004)')
    expect(rest).toEqual([{ code: 81058, message: 'An identical record already exists.' }])
  })

  it('treats a non-API error as a general error', () => {
    expect(fieldErrorsFromApiError(new Error('boom')).rest[0].message).toBe('boom')
  })
})

describe('paths from the endpoint table', () => {
  it('fills :params URI-encoded, so an id cannot add a path segment', async () => {
    const f = mockFetch(ok({ id: 'r' }))
    await api.get(apiPath('/zones/:zone_id/dns_records/:dns_record_id', { zone_id: 'z1', dns_record_id: '../x?y' }))
    expect(f.mock.calls[0][0]).toBe('/api/v4/zones/z1/dns_records/..%2Fx%3Fy')
  })

  it('refuses, at type-check, an undeclared endpoint, a method the table does not declare, or a missing param', () => {
    // These lines are the test: `tsc` fails if any of them type-checks (unused directives are errors).
    // @ts-expect-error not a declared endpoint
    void (() => api.get('/zones/z1/unknown'))
    // @ts-expect-error a declared template, but no DELETE is declared for it
    void (() => api.delete(apiPath('/zones/:zone_id/dns_records', { zone_id: 'z' })))
    // @ts-expect-error :zone_id is missing
    void (() => apiPath('/zones/:zone_id/dns_records', {}))
    // @ts-expect-error a template that needs params cannot be passed as it is
    void (() => api.get('/zones/:zone_id'))
    // @ts-expect-error not a declared local endpoint
    void (() => localCall('POST', '/api/local/everything'))
    // @ts-expect-error declared, but not for PUT
    void (() => localCall('PUT', '/api/local/people'))
    // @ts-expect-error :person_id is missing
    void (() => localCall('PATCH', '/api/local/people/:person_id', { body: {} }))
    // @ts-expect-error the route's body schema needs a body
    void (() => localCall('PUT', '/api/local/settings/two-factor'))
    // @ts-expect-error a field of the wrong type for the route's body schema
    void (() => localCall('PUT', '/api/local/settings/two-factor', { body: { policy: 'sometimes' } }))
    // @ts-expect-error the answer's type comes from the route's result: a person has no `password`
    void (async () => (await localCall('GET', '/api/local/people'))[0]!.password)
    // And at run time, a template whose param is missing is never sent half-filled.
    expect(() => apiPath('/zones/:zone_id/dns_records', {} as never)).toThrow(/:zone_id/)
  })
})

describe('api edge cases', () => {
  it('reads a 204 delete (no body) as a null result', async () => {
    const f = mockFetch(new Response(null, { status: 204 }))
    await expect(
      api.delete(apiPath('/zones/:zone_id/page_shield/policies/:policy_id', { zone_id: 'z1', policy_id: 'p1' })),
    ).resolves.toBeNull()
    expect((f.mock.calls[0][1]?.headers as Record<string, string>)['X-Zonekeeper-Request']).toBe('1')
  })

  it('sends the user to the sign-in page when the session is missing', async () => {
    const assign = vi.fn()
    vi.stubGlobal('window', { location: { pathname: '/zones', search: '?page=2', assign } })
    mockFetch(json(401, { success: false, errors: [{ code: 10401, message: 'Sign in first.' }], messages: [], result: null }))
    await expect(api.get('/zones')).rejects.toBeInstanceOf(ApiRequestError)
    expect(assign).toHaveBeenCalledWith('/login?next=%2Fzones%3Fpage%3D2')
  })

  it('reads the local store with the same envelope and errors', async () => {
    const f = mockFetch(ok([{ verdict: 'expected' }]))
    await expect(localCall('GET', '/api/local/zones/:zone_id/page-shield/reviews', { path: { zone_id: 'z1' } })).resolves.toEqual(
      [{ verdict: 'expected' }],
    )
    expect((f.mock.calls[0][1]?.headers as Record<string, string>)['X-Zonekeeper-Request']).toBeUndefined()
  })
})
