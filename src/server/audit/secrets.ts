/** Keys whose values never go into the audit log (passwords, personal API tokens, hashes, secrets). */
const SECRET_KEY = /^(password|password_hash|passwordHash|secret|client_secret|token|token_hash|tokenHash|api_key|apiKey)$/i

/**
 * `value` with secret-looking fields replaced by "[not recorded]". Only the objects on the way to a
 * secret are copied; the rest is shared with `value` (audit entries can hold thousands of records:
 * copying them all costs the event loop and the garbage collector for nothing).
 */
export function withoutSecrets(value: unknown, depth = 0): unknown {
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
    const next = SECRET_KEY.test(k) && v !== null && v !== false && v !== true ? '[not recorded]' : withoutSecrets(v, depth + 1)
    if (next !== v) (out ??= { ...obj })[k] = next
  }
  return out ?? value
}
