import { describe, expect, it } from 'vitest'
import { documentedResponse, findOperation, resolveRef, validateSchema, type OpenApiDocument, type Schema } from './openapi'

/** Tiny inline documents: these tests never need the published schema file. */
const doc: OpenApiDocument = {
  paths: {
    '/zones/{zone_id}/items': {
      get: { responses: { '200': { $ref: '#/components/responses/ok' }, '4XX': { description: 'error' } } },
    },
    '/zones/{zone_id}/items/{item_id}': { get: {}, delete: { responses: { '204': { description: 'gone' } } } },
    '/zones/{zone_id}/items/export': { get: {} },
    '/{accounts_or_zones}/{account_or_zone_id}/jobs': { get: {} },
  },
  components: {
    responses: { ok: { content: { 'application/json': { schema: { $ref: '#/components/schemas/envelope' } } } } },
    schemas: {
      id: { type: 'string', maxLength: 32 },
      envelope: {
        type: 'object',
        required: ['success', 'result'],
        properties: {
          success: { type: 'boolean', enum: [true] },
          result: { type: 'array', items: { $ref: '#/components/schemas/item' } },
        },
      },
      item: {
        type: 'object',
        required: ['id', 'kind'],
        properties: {
          id: { $ref: '#/components/schemas/id' },
          kind: { type: 'string', enum: ['a', 'b'] },
          note: { type: 'string', nullable: true },
        },
      },
      a: {
        type: 'object',
        required: ['size'],
        properties: { kind: { type: 'string', enum: ['a'] }, size: { type: 'integer', minimum: 1 } },
      },
      b: {
        type: 'object',
        required: ['name'],
        properties: { kind: { type: 'string', enum: ['b'] }, name: { type: 'string', minLength: 1 } },
      },
    },
  },
}
const check = (schema: Schema, value: unknown) => validateSchema(doc, schema, value)
const paths = (schema: Schema, value: unknown) => check(schema, value).map((p) => p.path)

describe('validateSchema', () => {
  it('checks types strictly, integers included, and says what it got', () => {
    expect(check({ type: 'integer' }, 3)).toEqual([])
    expect(check({ type: 'integer' }, 3.5)[0].message).toBe('expected integer, got number 3.5')
    expect(check({ type: 'number' }, '3')[0].message).toBe('expected number, got string "3"')
    expect(check({ type: 'array' }, {})).toHaveLength(1)
    expect(check({ type: 'object' }, [])).toHaveLength(1)
    expect(check({ type: 'string' }, null)[0].message).toBe('expected string, got null null')
  })

  it('accepts null only where the schema (or what it references) is nullable', () => {
    expect(check({ type: 'string', nullable: true }, null)).toEqual([])
    expect(check({ $ref: '#/components/schemas/id' }, null)).toHaveLength(1)
    expect(check({ anyOf: [{ type: 'integer' }, { type: 'string', nullable: true }] }, null)).toEqual([])
  })

  it('follows $ref, reports missing required properties and wrong enums with JSON paths', () => {
    const schema = { $ref: '#/components/schemas/envelope' }
    expect(check(schema, { success: true, result: [{ id: 'x', kind: 'a' }] })).toEqual([])
    expect(
      check(schema, {
        success: true,
        result: [
          { id: 'x', kind: 'a' },
          { kind: 'c', note: 1 },
        ],
      }),
    ).toEqual([
      { path: '$.result[1].id', message: 'required property is missing' },
      { path: '$.result[1].kind', message: '"c" is not one of ["a","b"]' },
      { path: '$.result[1].note', message: 'expected string or null, got number 1' },
    ])
    expect(paths(schema, { result: [] })).toEqual(['$.success'])
    expect(paths(schema, { success: false, result: [] })).toEqual(['$.success'])
  })

  it('allows unlisted properties unless additionalProperties is false, and checks them against a schema', () => {
    const item = { $ref: '#/components/schemas/item' }
    expect(check(item, { id: 'x', kind: 'b', extra: 1 })).toEqual([])
    expect(paths({ type: 'object', properties: { a: {} }, additionalProperties: false }, { a: 1, b: 2 })).toEqual(['$.b'])
    expect(paths({ type: 'object', additionalProperties: { type: 'string' } }, { a: 'x', 'b-c': 2 })).toEqual(['$["b-c"]'])
  })

  it('checks string, number, array and object bounds', () => {
    expect(check({ $ref: '#/components/schemas/id' }, 'a'.repeat(33))[0].message).toBe('longer than 32 characters')
    expect(check({ type: 'string', minLength: 2 }, 'é')).toHaveLength(1)
    expect(check({ type: 'string', pattern: '^[a-z]+$' }, 'abc')).toEqual([])
    expect(check({ type: 'string', pattern: '^[a-z]+$' }, 'ab1')).toHaveLength(1)
    expect(check({ type: 'integer', minimum: 0, maximum: 10 }, 11)[0].message).toBe('11 is above the maximum 10')
    expect(check({ type: 'number', minimum: 0, exclusiveMinimum: true }, 0)).toHaveLength(1)
    expect(check({ type: 'number', multipleOf: 0.5 }, 1.5)).toEqual([])
    expect(check({ type: 'array', minItems: 1, uniqueItems: true }, [])).toHaveLength(1)
    expect(check({ type: 'array', uniqueItems: true }, ['a', 'a'])[0].message).toBe('items are not unique')
    expect(check({ type: 'object', minProperties: 1 }, {})).toHaveLength(1)
  })

  it('checks the formats the published schema uses, and ignores unknown ones', () => {
    expect(check({ type: 'string', format: 'date-time' }, '2026-03-01T12:00:00.123Z')).toEqual([])
    expect(check({ type: 'string', format: 'date-time' }, '2026-03-01T12:00:00+02:00')).toEqual([])
    expect(check({ type: 'string', format: 'date-time' }, '2026-03-01')).toHaveLength(1)
    expect(check({ type: 'string', format: 'date-time' }, '2026-13-45T99:00:00Z')).toHaveLength(1)
    expect(check({ type: 'string', format: 'ipv4' }, '192.0.2.1')).toEqual([])
    expect(check({ type: 'string', format: 'ipv4' }, '1.1')).toHaveLength(1)
    expect(check({ type: 'string', format: 'ipv6' }, '2001:db8::1')).toEqual([])
    expect(check({ type: 'string', format: 'email' }, 'no-at-sign')).toHaveLength(1)
    expect(check({ type: 'string', format: 'hostname' }, 'www.example.com')).toEqual([])
    expect(check({ type: 'string', format: 'hostname' }, 'bad host')).toHaveLength(1)
    expect(check({ type: 'string', format: 'uri' }, 'https://x.example/a')).toEqual([])
    expect(check({ type: 'string', format: 'something-new' }, 'anything')).toEqual([])
  })

  it('allOf needs every part; anyOf needs one branch and shows the closest one otherwise; oneOf exactly one', () => {
    expect(paths({ allOf: [{ required: ['a'] }, { required: ['b'] }] }, {})).toEqual(['$.a', '$.b'])
    const any = { anyOf: [{ $ref: '#/components/schemas/a' }, { $ref: '#/components/schemas/b' }] }
    expect(check(any, { kind: 'b', name: 'n' })).toEqual([])
    const none = check(any, { kind: 'a', size: 0 })
    expect(none[0].message).toBe('matches none of the 2 alternatives; the closest says:')
    expect(none.slice(1)).toEqual([{ path: '$.size', message: '0 is below the minimum 1' }])
    expect(check({ oneOf: [{ type: 'integer' }, { type: 'number' }] }, 2)[0].message).toMatch(/exactly one/)
    expect(check({ oneOf: [{ type: 'integer' }, { type: 'number' }] }, 2.5)).toEqual([])
  })

  it('uses the discriminator: its mapping, or else the branches whose property accepts the value', () => {
    const branches = [{ $ref: '#/components/schemas/a' }, { $ref: '#/components/schemas/b' }]
    const implicit = { anyOf: branches, discriminator: { propertyName: 'kind' } }
    // Without the discriminator the closest branch would be `a` (one problem); with it, `b` is the one.
    expect(check(implicit, { kind: 'b', size: 1 })).toEqual([
      { path: '$', message: 'matches none of the 1 alternatives; the closest says:' },
      { path: '$.name', message: 'required property is missing' },
    ])
    expect(check(implicit, { kind: 'z' })).toEqual([{ path: '$.kind', message: 'no alternative accepts the discriminator "z"' }])
    const mapped = { anyOf: branches, discriminator: { propertyName: 'kind', mapping: { b: '#/components/schemas/b' } } }
    expect(paths(mapped, { kind: 'b' })).toEqual(['$.name'])
  })

  it('ignores accepted differences where they arise, so a branch with only those still matches', () => {
    const any = { anyOf: [{ $ref: '#/components/schemas/a' }, { $ref: '#/components/schemas/b' }] }
    const value = { kind: 'a', size: 0 }
    const ignore = (p: { path: string }, v: unknown) => p.path === '$.size' && (v as number) === 0
    expect(validateSchema(doc, any, value, { ignore })).toEqual([])
    expect(validateSchema(doc, any, { kind: 'a', size: -1 }, { ignore })).not.toEqual([])
  })
})

describe('operations and responses', () => {
  it('finds the documented path for a concrete request, literal segments first', () => {
    expect(findOperation(doc, 'GET', '/zones/abc/items?page=2')?.template).toBe('/zones/{zone_id}/items')
    expect(findOperation(doc, 'GET', '/zones/abc/items/export')?.template).toBe('/zones/{zone_id}/items/export')
    expect(findOperation(doc, 'GET', '/zones/abc/items/123')?.template).toBe('/zones/{zone_id}/items/{item_id}')
    expect(findOperation(doc, 'GET', '/zones/abc/jobs')?.template).toBe('/{accounts_or_zones}/{account_or_zone_id}/jobs')
    expect(findOperation(doc, 'PUT', '/zones/abc/items')).toBeUndefined()
    expect(findOperation(doc, 'GET', '/zones/abc/other')).toBeUndefined()
  })

  it('picks the exact status, then its class, and follows response references', () => {
    const list = findOperation(doc, 'GET', '/zones/abc/items')!.operation
    expect(documentedResponse(doc, list, 200)).toEqual({ key: '200', schema: { $ref: '#/components/schemas/envelope' } })
    expect(documentedResponse(doc, list, 404)).toEqual({ key: '4XX', schema: undefined })
    expect(documentedResponse(doc, list, 500)).toBeUndefined()
    const del = findOperation(doc, 'DELETE', '/zones/abc/items/1')!.operation
    expect(documentedResponse(doc, del, 204)?.schema).toBeUndefined()
  })

  it('refuses references it cannot follow', () => {
    expect(() => resolveRef(doc, { $ref: '#/components/schemas/nope' })).toThrow(/Unresolvable/)
    expect(() => resolveRef(doc, { $ref: 'other.json#/x' })).toThrow(/local/)
  })
})
