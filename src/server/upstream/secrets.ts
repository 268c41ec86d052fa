/** Keys whose values never go into the audit log (passwords, personal API tokens, hashes, secrets). */
const SECRET_KEY = /^(password|password_hash|passwordHash|secret|client_secret|token|token_hash|tokenHash|api_key|apiKey)$/i

const HIDDEN = '[not recorded]'

/**
 * Query parameters of a destination URL that carry credentials: `header_*` (sent as HTTP headers,
 * e.g. `header_Authorization=Bearer%20…`), access and secret keys, passwords, tokens, signatures.
 */
const SECRET_PARAM = /^(header_.*|.*(secret|password|passwd|token|api[-_]?key|access[-_]?key|credential|signature|auth).*|sig|key|pwd)$/i

function decoded(text: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}

/**
 * A URL-like text (a log job's `destination_conf`: `https://…?header_Authorization=…`,
 * `s3://bucket?access-key-id=…&secret-access-key=…`, `https://user:password@host/`) with the
 * credentials in it replaced by "[not recorded]"; the rest (scheme, host, path, other parameters)
 * stays, so the entry still says where the logs went. Other texts come back as they were.
 */
export function withoutUrlSecrets(text: string): string {
  const scheme = text.indexOf('://')
  if (scheme < 0) return text
  let out = text.replace(/^([a-z][a-z0-9+.-]*:\/\/)([^/@?#\s:]*):([^/@?#\s]*)@/i, `$1$2:${HIDDEN}@`)
  // A Sumo Logic collector's URL ends in its secret.
  out = out.replace(/^(https:\/\/[^/?#]*sumologic\.com\/receiver\/v1\/http\/)[^?#\s]+/i, `$1${HIDDEN}`)
  const q = out.indexOf('?')
  if (q < 0) return out
  const hash = out.indexOf('#', q)
  const query = out.slice(q + 1, hash < 0 ? undefined : hash)
  const params = query.split('&').map((pair) => {
    const eq = pair.indexOf('=')
    const key = eq < 0 ? pair : pair.slice(0, eq)
    return eq >= 0 && SECRET_PARAM.test(decoded(key)) ? `${key}=${HIDDEN}` : pair
  })
  return `${out.slice(0, q + 1)}${params.join('&')}${hash < 0 ? '' : out.slice(hash)}`
}

/**
 * `value` with secret-looking fields replaced by "[not recorded]", and credentials inside URL-like
 * texts (see withoutUrlSecrets) too. Only the objects on the way to a
 * secret are copied; the rest is shared with `value` (audit entries can hold thousands of records:
 * copying them all costs the event loop and the garbage collector for nothing).
 */
export function withoutSecrets(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return withoutUrlSecrets(value)
  if (depth > 20 || value === null || typeof value !== 'object') return value
  if (Array.isArray(value)) {
    let out: unknown[] | undefined
    for (let i = 0; i < value.length; i++) {
      const next = withoutSecrets(value[i], depth + 1)
      if (next !== value[i]) (out ??= value.slice())[i] = next
    }
    return out ?? value
  }
  const obj = value as Record<string, unknown>
  let out: Record<string, unknown> | undefined
  for (const k of Object.keys(obj)) {
    const v = obj[k]
    const next = SECRET_KEY.test(k) && v !== null && v !== false && v !== true ? HIDDEN : withoutSecrets(v, depth + 1)
    if (next !== v) (out ??= { ...obj })[k] = next
  }
  return out ?? value
}
