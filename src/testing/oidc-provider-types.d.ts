// oidc-provider ships no types; the test helper uses only its constructor and listen().
declare module 'oidc-provider' {
  import type { Server } from 'node:http'
  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>)
    listen(port: number, host?: string): Server
  }
}
