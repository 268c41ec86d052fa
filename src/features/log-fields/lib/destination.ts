import type { logpushDestinationSchemes } from '@/shared/schemas/logpush'

/**
 * The destination schemes of the shared schema, for the form's help text. A copy because that module
 * brings zod into the form's first load; the type makes tsc fail if the two lists ever differ.
 */
export const DESTINATION_SCHEMES = ['r2', 'gs', 's3', 'sumo', 'https', 'azure', 'splunk', 'datadog'] as const satisfies typeof logpushDestinationSchemes

/** Query parameters of a destination that carry credentials (keys, tokens, signatures). */
const SECRET = /key|secret|token|sig|password|auth|credential|sas/i

/**
 * The destination with credential values hidden: `s3://b/p?region=x&secret-access-key=•••`.
 * destination_conf often embeds keys; the list shows it, so it must not show those.
 */
export function maskDestination(destination: string): string {
  const q = destination.indexOf('?')
  if (q === -1) return destination
  const query = destination
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=')
      if (eq === -1) return pair
      const key = pair.slice(0, eq)
      return SECRET.test(key) ? `${key}=•••` : pair
    })
    .join('&')
  return `${destination.slice(0, q)}?${query}`
}

/**
 * Whether a destination, even half typed, is storage that needs the ownership challenge (s3 without
 * its own access key, gs, azure, sumo). Zod-free, so the step shows from the first keystroke; the
 * shared schema's rule (destinationNeedsOwnership) decides once the address is complete.
 */
export function looksLikeOwnershipStorage(destination: string): boolean {
  const scheme = destination.trim().split('://')[0].toLowerCase()
  if (!destination.includes('://')) return false
  if (scheme === 's3') return !/[?&]access-key-id=/.test(destination)
  return scheme === 'gs' || scheme === 'azure' || scheme === 'sumo'
}

/** The token in the sandbox's challenge answer (a JWT: three base64url parts), if there is one. */
export function tokenInMessage(message: string | null | undefined): string | undefined {
  return /\b([\w-]{8,}\.[\w-]{8,}\.[\w-]{8,})\b/.exec(message ?? '')?.[1]
}
