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
