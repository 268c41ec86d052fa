import type { Endpoint as DeclaredEndpoint } from '../../shared/endpoints'

/**
 * What the server's allowlist needs of an endpoint: method and path, and the body check. The real
 * list is the shared declaration (src/shared/endpoints); tests may pass smaller lists.
 */
export type Endpoint = Pick<DeclaredEndpoint, 'method' | 'path'> & Partial<Omit<DeclaredEndpoint, 'method' | 'path'>>
