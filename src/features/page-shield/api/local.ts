import { ApiRequestError, NETWORK_ERROR_CODE, type ApiErrorItem } from '@/lib/api-client'

/**
 * The dashboard's own store (/api/local/...), same envelope as the API. The shared api client only
 * talks to /api/v4, so this small reader lives here (same errors: ApiRequestError).
 */
export async function localRequest<T>(method: 'GET' | 'POST', path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  let res: Response
  try {
    res = await fetch(`/api/local${path}`, {
      method,
      signal,
      credentials: 'same-origin',
      headers: {
        Accept: 'application/json',
        ...(method === 'GET' ? {} : { 'X-Zonekeeper-Request': '1', 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err
    throw new ApiRequestError(0, [
      { code: NETWORK_ERROR_CODE, message: 'Could not reach the Zonekeeper server. Check that it is running and try again.' },
    ])
  }
  let json: { success?: boolean; result?: T; errors?: ApiErrorItem[] } | undefined
  try {
    json = (await res.json()) as typeof json
  } catch {
    json = undefined
  }
  if (!res.ok || !json?.success) throw new ApiRequestError(res.status, json?.errors ?? [])
  return json.result as T
}
