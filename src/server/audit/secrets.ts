/** Keys whose values never go into the audit log (passwords, personal API tokens, hashes, secrets). */
const SECRET_KEY = /^(password|password_hash|passwordHash|secret|client_secret|token|token_hash|tokenHash|api_key|apiKey)$/i

/** A copy of `value` with secret-looking fields replaced by "[not recorded]". */
export function withoutSecrets(value: unknown, depth = 0): unknown {
  if (depth > 20 || value === null || typeof value !== 'object') return value
  if (Array.isArray(value)) return value.map((v) => withoutSecrets(v, depth + 1))
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(value)) {
    out[k] = SECRET_KEY.test(k) && v !== null && v !== false && v !== true ? '[not recorded]' : withoutSecrets(v, depth + 1)
  }
  return out
}
