import { ApiRequestError, NETWORK_ERROR_CODE, type ApiErrorItem } from './api-client'

// Apart from ./api-client, which the shell every page loads first holds: only forms need these.

/** JSON pointer ("/data/port", "/rules/0/action") → react-hook-form path ("data.port", "rules.0.action"). */
export function pointerToFieldPath(pointer: string): string {
  if (!pointer.startsWith('/')) return pointer
  return pointer
    .slice(1)
    .split('/')
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('.')
}

/** Splits an API error into errors for form fields (with a pointer) and the rest (without). */
export function fieldErrorsFromApiError(err: unknown): { fields: Record<string, string>; rest: ApiErrorItem[] } {
  const fields: Record<string, string> = {}
  const rest: ApiErrorItem[] = []
  if (!(err instanceof ApiRequestError)) {
    return { fields, rest: [{ code: NETWORK_ERROR_CODE, message: err instanceof Error ? err.message : String(err) }] }
  }
  for (const e of err.errors) {
    const path = e.source?.pointer ? pointerToFieldPath(e.source.pointer) : ''
    if (!path) rest.push(e)
    else {
      const text = `${e.message} (code ${e.code})`
      fields[path] = fields[path] ? `${fields[path]} ${text}` : text
    }
  }
  return { fields, rest }
}
