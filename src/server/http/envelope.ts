import type { ApiMessage } from '../../shared/schemas/common'

/** An error item, possibly with the nested `error_chain` the real API adds to header errors (6003). */
export type ErrorItem = ApiMessage & { error_chain?: ApiMessage[] }

/**
 * Error codes the dashboard's own server adds (not the API's): listed in src/server/README.md.
 * 7000 no route / not allowlisted, 6003 + chain bad auth headers (sandbox), 6007 malformed JSON,
 * 10401 sign in first, 10403 write refused, 10413 body too large, 10429 too many sign-in attempts,
 * 10500 unexpected server error, 10502 upstream unreachable, 10504 upstream time-out, 10505 upstream
 * time-out on a write (which may have been applied).
 */
export const PROXY_CODES = {
  noRoute: 7000,
  malformedJson: 6007,
  signIn: 10401,
  refused: 10403,
  tooLarge: 10413,
  tooManyAttempts: 10429,
  /** The API's rate budget: long work waits (retry-after), a page read is refused with a clear message. */
  rateBudget: 10430,
  internal: 10500,
  unreachable: 10502,
  timeout: 10504,
  writeTimeout: 10505,
} as const

export function errorBody(errors: ErrorItem[]) {
  return { result: null, success: false, errors, messages: [] }
}

export function jsonErrors(status: number, errors: ErrorItem[], headers?: Record<string, string>): Response {
  return new Response(JSON.stringify(errorBody(errors)), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  })
}

export function jsonError(status: number, code: number, message: string, headers?: Record<string, string>): Response {
  return jsonErrors(status, [{ code, message }], headers)
}

export function jsonOk<T>(result: T): Response {
  return new Response(JSON.stringify({ result, success: true, errors: [], messages: [] }), {
    headers: { 'content-type': 'application/json' },
  })
}
