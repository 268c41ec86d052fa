import type { Environment } from 'vitest/runtime'
import { builtinEnvironments } from 'vitest/runtime'

/**
 * Vitest's happy-dom environment, but the page's fetch family stays Node's own (Request, Response,
 * Headers, AbortSignal…): the screen tests run the real server app in the same process, and the
 * server builds Node's Responses, streams bodies and checks signals the way it does in production.
 * Only what happy-dom puts in place of these is given back; the document, events and layout stay
 * happy-dom's. Used by `// @vitest-environment ./src/testing/dom-environment.ts`.
 */
const NODE_KEYS = ['Request', 'Response', 'Headers', 'fetch', 'FormData', 'Blob', 'File', 'AbortController', 'AbortSignal', 'URL', 'URLSearchParams', 'ReadableStream', 'WritableStream', 'TransformStream', 'TextEncoder', 'TextDecoder', 'structuredClone']

const happy = builtinEnvironments['happy-dom']

export default {
  name: 'happy-dom-node-fetch',
  viteEnvironment: 'client',
  async setup(global, options) {
    const g = global as Record<string, unknown>
    const node = new Map(NODE_KEYS.filter((k) => k in g).map((k) => [k, g[k]]))
    const env = await happy.setup(global, options)
    for (const [k, v] of node) Object.defineProperty(g, k, { value: v, configurable: true, writable: true })
    return {
      async teardown(g2) {
        await env.teardown(g2)
        for (const [k, v] of node) Object.defineProperty(g2, k, { value: v, configurable: true, writable: true })
      },
    }
  },
} satisfies Environment
