import { ApiRequestError, NETWORK_ERROR_CODE, type ApiErrorItem } from './api-client'
import { isRefusal } from './error-line'

export { errorLine } from './error-line'

/**
 * Plain-words explanations for API error codes. The API's own code and message are always shown
 * beside these; the explanation only says what happened and what to do next.
 */
const EXPLANATIONS: Record<number, string> = {
  [NETWORK_ERROR_CODE]: 'The dashboard could not talk to its own server. It may have stopped, or your connection dropped.',
  971: 'Too many requests of this kind in a short time (the sandbox allows a few zone-file imports a minute per zone). Wait for the time given, then try again.',
  1001: 'The thing you asked for does not exist (or no longer exists), or a value in the request is out of range.',
  1004: 'The API refused the values sent. The message says which value is wrong.',
  6003: 'The API did not accept the credential headers. The API token configured on the server may be malformed.',
  6007: 'The request body was not valid JSON.',
  7000: 'The dashboard does not forward this kind of request, so it never reached the API.',
  7003: 'The address contains an identifier the API does not recognise (ids are 32 hexadecimal characters).',
  9000: 'The record name is missing or not a valid DNS name.',
  9003: 'This target cannot sit behind the proxy. Turn proxying off for this record.',
  9004: 'Only A, AAAA and CNAME records can be proxied. Turn proxying off for this record type.',
  9005: 'An A record must point to an IPv4 address such as 192.0.2.10.',
  9006: 'An AAAA record must point to an IPv6 address such as 2001:db8::1.',
  9009: 'This record must point to a host name, not an address.',
  9021: 'TTL is how long resolvers may cache the answer. Use a value from 60 to 86400 seconds, or Auto.',
  9041: 'This address cannot be proxied (for example a private address). Turn proxying off for this record.',
  9070: 'All the TXT records at one name may hold at most 8,192 characters together. Shorten this record, or remove another TXT record at the same name.',
  9103: 'The API key or e-mail configured on the server is not known to the API.',
  9106: 'The request reached the API without credentials. Check the API token configured on the server.',
  9109: 'The API token was refused (invalid, expired, or not allowed from this location).',
  10000: 'The API token is valid but does not have permission for this action.',
  10003: 'The API could not find the rule set this change belongs to.',
  10502: 'The dashboard\'s server could not reach the API. Check its network connection and try again.',
  10503: 'The sandbox is being reset to the demo data. Try again in a moment.',
  10504: 'The API took too long to answer. Try again in a moment.',
  10505:
    'The API did not answer in time, but the change may have been made anyway. The dashboard has reloaded the list: check it before you try again, so the change is not made twice.',
  20200: 'A rule breaks the rules of its ruleset phase (for custom fields: lower-case header names, no Range, at most 40 fields). The message names the field.',
  20217: 'Only one rule set of this kind can exist per phase for a zone.',
  81044: 'This DNS record no longer exists. Someone may have deleted it; reload the list.',
  81045: 'The zone has reached its maximum number of DNS records.',
  81053: 'A name can have either one CNAME record, or A/AAAA records, but not both. Pick another name or remove the other record first.',
  81054: 'This name already has a CNAME record, so it cannot also have an A or AAAA record.',
  81055: 'An A record with this name already exists.',
  81056: 'A name delegated with NS records cannot hold other records, and a name with other records cannot be delegated. Use another name, or remove the conflicting records first.',
  81057: 'This record already exists.',
  81058: 'An identical record (same type, name and content) already exists, so this one would change nothing.',
}

/** The plain-words explanation for an error code, or undefined when the code is not known. */
export function explainCode(code: number): string | undefined {
  return EXPLANATIONS[code]
}

function explainStatus(status: number): string {
  if (status === 429) return 'Too many requests were sent in a short time. Wait a minute and try again.'
  if (status === 404) return 'The API could not find what was asked for.'
  if (status === 401 || status === 403) return 'The API refused the request: it is not allowed with the configured credential.'
  if (status >= 500) return 'The API had a problem answering. Try again in a moment.'
  return 'The API refused the request. The message from the API says why.'
}

export interface ExplainedError {
  /** One plain sentence saying what went wrong. */
  summary: string
  /** Every error from the API: its code, its message, and a plain explanation where one is known. */
  items: (ApiErrorItem & { explanation?: string })[]
  status: number
  /** Refused for who the person is (or where the request came from): trying again cannot help. */
  refused?: boolean
}

/** Turns anything thrown by a query or mutation into text a person can act on. */
export function explainError(err: unknown): ExplainedError {
  // The dashboard's own server refused (10403: a role or zone scope it lacks, or a write from
  // elsewhere): its message is the real reason, said once, with no generic guess before it.
  if (isRefusal(err)) {
    return { summary: err.errors.map((e) => e.message).join(' '), items: [], status: err.status, refused: true }
  }
  if (err instanceof ApiRequestError) {
    const items = err.errors.map((e) => ({ ...e, explanation: explainCode(e.code) }))
    const summary = items.find((i) => i.explanation)?.explanation ?? explainStatus(err.status)
    return { summary, items, status: err.status }
  }
  const message = err instanceof Error ? err.message : String(err)
  return {
    summary: 'Something went wrong inside the dashboard.',
    items: [{ code: NETWORK_ERROR_CODE, message }],
    status: 0,
  }
}
