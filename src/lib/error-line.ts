import { ApiRequestError } from './api-client'

// Split from error-text.ts: the toasts (in the shell every page loads first) need only this line,
// not the tables of plain-words explanations, which load with the views that show them.

/** The dashboard's own server refused the request (PROXY_CODES.refused in src/server/http/envelope.ts). */
export const REFUSED_CODE = 10403

/** Refused for who the person is (every error is the dashboard's own 10403): its messages are the reason. */
export const isRefusal = (err: unknown): err is ApiRequestError =>
  err instanceof ApiRequestError && err.errors.length > 0 && err.errors.every((e) => e.code === REFUSED_CODE)

/** A single line for toasts: "81058: An identical record already exists." */
export function errorLine(err: unknown): string {
  if (isRefusal(err)) return err.errors.map((e) => e.message).join(' ')
  // A thrown non-API error has no code (NETWORK_ERROR_CODE is 0): its message alone.
  const items = err instanceof ApiRequestError ? err.errors : [{ code: 0, message: err instanceof Error ? err.message : String(err) }]
  return items.map((i) => (i.code ? `${i.code}: ${i.message}` : i.message)).join(' · ')
}
