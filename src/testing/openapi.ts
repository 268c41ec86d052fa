import { existsSync, readFileSync } from 'node:fs'
import { isIPv4, isIPv6 } from 'node:net'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * A small validator for the part of OpenAPI 3.0 / JSON Schema that the published schema of our
 * endpoints uses: `$ref` into components, type + nullable, enum, properties / required,
 * additionalProperties, items, allOf / anyOf / oneOf (with a discriminator), string, number, array
 * and object bounds, and the common formats. Strict on what a client relies on (types, required
 * fields, enums), lenient where the schema is (unlisted properties are allowed unless
 * `additionalProperties: false`; unknown keywords and formats are ignored).
 */

/** A schema node; the published file is plain JSON, so every keyword is optional. */
export interface Schema {
  $ref?: string
  type?: string
  nullable?: boolean
  enum?: unknown[]
  properties?: Record<string, Schema>
  required?: string[]
  additionalProperties?: boolean | Schema
  items?: Schema
  allOf?: Schema[]
  anyOf?: Schema[]
  oneOf?: Schema[]
  discriminator?: { propertyName: string; mapping?: Record<string, string> }
  format?: string
  pattern?: string
  minLength?: number
  maxLength?: number
  minimum?: number
  maximum?: number
  exclusiveMinimum?: boolean
  exclusiveMaximum?: boolean
  multipleOf?: number
  minItems?: number
  maxItems?: number
  uniqueItems?: boolean
  minProperties?: number
  maxProperties?: number
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, unknown>>
  components?: Record<string, Record<string, unknown>>
}

/** One disagreement between a value and its schema; `path` is a JSON path such as `$.result[0].id`. */
export interface Problem {
  path: string
  message: string
}

/** Follows `#/components/...` pointers (also chains of them) to the node they name. */
export function resolveRef<T = Schema>(doc: OpenApiDocument, node: T & { $ref?: string }): T {
  let current: unknown = node
  for (let hops = 0; hops < 32; hops++) {
    const ref = (current as { $ref?: string } | null)?.$ref
    if (typeof ref !== 'string') return current as T
    if (!ref.startsWith('#/')) throw new Error(`Only local references are supported: ${ref}`)
    let target: unknown = doc
    for (const raw of ref.slice(2).split('/')) {
      const key = raw.replace(/~1/g, '/').replace(/~0/g, '~')
      target = (target as Record<string, unknown> | undefined)?.[key]
    }
    if (target === undefined) throw new Error(`Unresolvable reference ${ref}`)
    current = target
  }
  throw new Error('Reference chain too long')
}

const kindOf = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v)
const isObject = (v: unknown): v is Record<string, unknown> => kindOf(v) === 'object'
const show = (v: unknown) => JSON.stringify(v)?.slice(0, 80) ?? String(v)
const child = (path: string, key: string) => (/^[A-Za-z_][A-Za-z0-9_]*$/.test(key) ? `${path}.${key}` : `${path}[${show(key)}]`)

const DATE_TIME = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/
const HOSTNAME =
  /^(?=.{1,253}$)([A-Za-z0-9_](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9])?)(\.[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9])?)*\.?$/
const FORMATS: Record<string, (s: string) => boolean> = {
  'date-time': (s) => DATE_TIME.test(s) && !Number.isNaN(Date.parse(s)),
  email: (s) => /^[^\s@]+@[^\s@]+$/.test(s),
  ipv4: (s) => isIPv4(s),
  ipv6: (s) => isIPv6(s),
  hostname: (s) => HOSTNAME.test(s),
  uri: (s) => /^[A-Za-z][A-Za-z0-9+.-]*:\S*$/.test(s),
}

function equal(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b)
}

function checkType(type: string, value: unknown): boolean {
  switch (type) {
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value)
    case 'number':
      return typeof value === 'number' && Number.isFinite(value)
    case 'string':
    case 'boolean':
    case 'array':
    case 'object':
      return kindOf(value) === type
    default:
      return true
  }
}

function isNullable(doc: OpenApiDocument, schema: Schema): boolean {
  if (schema.nullable) return true
  if (schema.$ref && isNullable(doc, resolveRef(doc, { $ref: schema.$ref }))) return true
  const all = schema.allOf ?? []
  if (all.length > 0 && all.every((s) => isNullable(doc, s))) return true
  return (schema.anyOf ?? schema.oneOf ?? []).some((s) => isNullable(doc, s))
}

export interface ValidateOptions {
  /**
   * Differences to accept (documented deliberate ones). Applied where each problem arises, so an
   * anyOf branch whose only problems are ignored ones counts as a match. `value` is the value being
   * checked when the problem arose (for a missing property or a discriminator: the object).
   */
  ignore?: (problem: Problem, value: unknown) => boolean
}

interface Context {
  doc: OpenApiDocument
  ignore: (problem: Problem, value: unknown) => boolean
}

/** Validates `value` against `schema`; an empty list means it conforms. */
export function validateSchema(doc: OpenApiDocument, schema: Schema, value: unknown, options: ValidateOptions = {}): Problem[] {
  return walk({ doc, ignore: options.ignore ?? (() => false) }, schema, value, '$')
}

function walk(ctx: Context, schema: Schema, value: unknown, path: string): Problem[] {
  const { doc } = ctx
  if (value === null && isNullable(doc, schema)) return []
  const problems: Problem[] = []
  const add = (message: string, at = path) => {
    if (!ctx.ignore({ path: at, message }, value)) problems.push({ path: at, message })
  }

  if (schema.$ref) problems.push(...walk(ctx, resolveRef(doc, { $ref: schema.$ref }), value, path))

  if (schema.type && !checkType(schema.type, value)) {
    add(`expected ${schema.type}${schema.nullable ? ' or null' : ''}, got ${kindOf(value)} ${show(value)}`)
    return problems
  }
  if (schema.enum && !schema.enum.some((e) => equal(e, value))) add(`${show(value)} is not one of ${show(schema.enum)}`)

  if (typeof value === 'string') {
    const length = [...value].length
    if (schema.minLength !== undefined && length < schema.minLength) add(`shorter than ${schema.minLength} characters`)
    if (schema.maxLength !== undefined && length > schema.maxLength) add(`longer than ${schema.maxLength} characters`)
    if (schema.pattern && !new RegExp(schema.pattern, 'u').test(value)) add(`${show(value)} does not match ${schema.pattern}`)
    const check = schema.format ? FORMATS[schema.format] : undefined
    if (check && !check(value)) add(`${show(value)} is not a valid ${schema.format}`)
  }
  if (typeof value === 'number') {
    const { minimum: min, maximum: max } = schema
    if (min !== undefined && (schema.exclusiveMinimum ? value <= min : value < min)) add(`${value} is below the minimum ${min}`)
    if (max !== undefined && (schema.exclusiveMaximum ? value >= max : value > max)) add(`${value} is above the maximum ${max}`)
    if (schema.multipleOf && Math.abs(value / schema.multipleOf - Math.round(value / schema.multipleOf)) > 1e-9)
      add(`${value} is not a multiple of ${schema.multipleOf}`)
  }
  if (Array.isArray(value)) {
    if (schema.minItems !== undefined && value.length < schema.minItems) add(`fewer than ${schema.minItems} items`)
    if (schema.maxItems !== undefined && value.length > schema.maxItems) add(`more than ${schema.maxItems} items`)
    if (schema.uniqueItems && new Set(value.map((v) => JSON.stringify(v))).size !== value.length) add('items are not unique')
    if (schema.items) value.forEach((item, i) => problems.push(...walk(ctx, schema.items!, item, `${path}[${i}]`)))
  }
  if (isObject(value)) problems.push(...validateObject(ctx, schema, value, path, add))

  for (const sub of schema.allOf ?? []) problems.push(...walk(ctx, sub, value, path))
  const alternatives = schema.anyOf ?? schema.oneOf
  if (alternatives) problems.push(...validateAlternatives(ctx, schema, alternatives, value, path))
  return problems
}

function validateObject(
  ctx: Context,
  schema: Schema,
  value: Record<string, unknown>,
  path: string,
  add: (message: string, at?: string) => void,
): Problem[] {
  const problems: Problem[] = []
  const keys = Object.keys(value)
  if (schema.minProperties !== undefined && keys.length < schema.minProperties)
    add(`fewer than ${schema.minProperties} properties`)
  if (schema.maxProperties !== undefined && keys.length > schema.maxProperties)
    add(`more than ${schema.maxProperties} properties`)
  for (const name of schema.required ?? []) if (!(name in value)) add('required property is missing', child(path, name))
  const properties = schema.properties ?? {}
  for (const key of keys) {
    const at = child(path, key)
    if (key in properties) problems.push(...walk(ctx, properties[key], value[key], at))
    else if (schema.additionalProperties === false) add('property is not allowed', at)
    else if (isObject(schema.additionalProperties)) problems.push(...walk(ctx, schema.additionalProperties, value[key], at))
  }
  return problems
}

/** The message of a discriminator that no branch accepts: such a branch is the least close match. */
const NO_BRANCH = 'no alternative accepts the discriminator'

/**
 * anyOf / oneOf: a discriminator picks the branches to consider (through its mapping, or else the
 * branches whose own discriminator property accepts the value); the value must satisfy one of them
 * (oneOf: exactly one), and otherwise the closest branch's problems are shown.
 */
function validateAlternatives(ctx: Context, schema: Schema, branches: Schema[], value: unknown, path: string): Problem[] {
  const { doc } = ctx
  const name = schema.discriminator?.propertyName
  const tag = name !== undefined && isObject(value) ? value[name] : undefined
  if (name !== undefined && tag !== undefined) {
    const mapped = typeof tag === 'string' ? schema.discriminator?.mapping?.[tag] : undefined
    if (mapped) return walk(ctx, { $ref: mapped }, value, path)
    branches = branches.filter((b) => {
      const property = resolveRef(doc, b).properties?.[name]
      return !property || walk({ doc, ignore: () => false }, property, tag, child(path, name)).length === 0
    })
    if (branches.length === 0) {
      const problem = { path: child(path, name), message: `${NO_BRANCH} ${show(tag)}` }
      return ctx.ignore(problem, value) ? [] : [problem]
    }
  }
  const results = branches.map((b) => walk(ctx, b, value, path))
  const passing = results.filter((r) => r.length === 0).length
  if (schema.oneOf && passing > 1)
    return [{ path, message: `matches ${passing} of the oneOf alternatives, expected exactly one` }]
  if (passing > 0) return []
  const distance = (r: Problem[]) => (r.some((p) => p.message.startsWith(NO_BRANCH)) ? 1e6 : 0) + r.length
  const closest = results.reduce((best, r) => (distance(r) < distance(best) ? r : best))
  return [{ path, message: `matches none of the ${branches.length} alternatives; the closest says:` }, ...closest]
}

export interface ResponseObject {
  $ref?: string
  content?: Record<string, { schema?: Schema }>
}
export interface OperationObject {
  responses?: Record<string, ResponseObject>
}

/** The documented operation for a concrete request path; literal segments win over `{params}`. */
export function findOperation(doc: OpenApiDocument, method: string, path: string) {
  const segments = path.split('?')[0].split('/').filter(Boolean)
  const candidates = Object.keys(doc.paths)
    .map((template) => ({ template, parts: template.split('/').filter(Boolean) }))
    .filter(({ parts }) => parts.length === segments.length && parts.every((p, i) => p.startsWith('{') || p === segments[i]))
    .filter(({ template }) => doc.paths[template][method.toLowerCase()] !== undefined)
    .sort((a, b) => literalScore(b.parts) - literalScore(a.parts))
  const best = candidates[0]
  if (!best) return undefined
  return { template: best.template, operation: doc.paths[best.template][method.toLowerCase()] as OperationObject }
}

/** Literal segments count more the earlier they come, so `/a/{x}/c` ranks below `/a/b/{y}`. */
function literalScore(parts: string[]): number {
  return parts.reduce((score, p, i) => score + (p.startsWith('{') ? 0 : 2 ** (parts.length - i)), 0)
}

/**
 * The documented response for an HTTP status: the exact code, else its class (`4XX`), else
 * `default`. `schema` is the JSON body's schema, undefined when the response documents no body.
 */
export function documentedResponse(doc: OpenApiDocument, operation: OperationObject, status: number) {
  const responses = operation.responses ?? {}
  const key = [String(status), `${String(status)[0]}XX`, 'default'].find((k) => responses[k] !== undefined)
  if (key === undefined) return undefined
  const response = resolveRef<ResponseObject>(doc, responses[key])
  const schema = response.content?.['application/json']?.schema
  return { key, schema }
}

function repoRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url))
  while (!existsSync(join(dir, 'package.json'))) {
    const up = dirname(dir)
    if (up === dir) throw new Error('package.json not found above this file')
    dir = up
  }
  return dir
}

/**
 * The published schema, `../shared/reference/openapi-subset.json` beside the repo, read at test time
 * (never copied into it). Locally a missing file skips the suite with a message naming `label`; in
 * CI it must fail (`read()` throws).
 */
export function publishedSchema(label: string): { skip: boolean; read: () => OpenApiDocument } {
  const file = resolve(repoRoot(), '../shared/reference/openapi-subset.json')
  const skip = !existsSync(file) && !process.env.CI
  if (skip) console.warn(`[${label}] skipped: the published schema is not at ${file}`)
  return { skip, read: () => JSON.parse(readFileSync(file, 'utf8')) as OpenApiDocument }
}
