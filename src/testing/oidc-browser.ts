import type { Hono } from 'hono'

/**
 * A browser, reduced to what single sign-on needs, for tests of Zonekeeper's `/login/oidc` against
 * the real provider of src/testing/oidc-provider.ts: Zonekeeper is asked in-process (`app.request`,
 * origin http://localhost), the provider over loopback HTTP. Each browser keeps its own cookies (one
 * jar per origin), so a callback can be replayed in another browser.
 */
export class TestBrowser {
  private jars = new Map<string, Map<string, string>>()
  constructor(
    private readonly app: Hono,
    readonly address = '192.0.2.10',
  ) {}

  private jar(origin: string) {
    let j = this.jars.get(origin)
    if (!j) this.jars.set(origin, (j = new Map()))
    return j
  }

  cookie(origin: string): string {
    return [...this.jar(origin)].map(([k, v]) => `${k}=${v}`).join('; ')
  }

  /** Zonekeeper's cookies as a header value. */
  get zkCookie(): string {
    return this.cookie('http://localhost')
  }

  private keep(origin: string, res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';')
      const eq = pair.indexOf('=')
      const name = pair.slice(0, eq).trim()
      const value = pair.slice(eq + 1).trim()
      const gone = !value || attrs.some((a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=.*1970/i.test(a))
      if (gone) this.jar(origin).delete(name)
      else this.jar(origin).set(name, value)
    }
  }

  /** A request to Zonekeeper with this browser's cookies. */
  async zk(path: string, init: RequestInit = {}): Promise<Response> {
    const res = await this.app.request(
      new URL(path, 'http://localhost').href,
      { ...init, headers: { ...(init.headers as Record<string, string>), cookie: this.zkCookie } },
      { incoming: { socket: { remoteAddress: this.address } } },
    )
    this.keep('http://localhost', res)
    return res
  }

  private async provider(url: string, init: RequestInit = {}): Promise<Response> {
    const origin = new URL(url).origin
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: this.cookie(origin) },
    })
    this.keep(origin, res)
    return res
  }

  /**
   * Starts single sign-on at Zonekeeper and signs in at the provider as `login`, stopping just
   * before the provider's redirect back: returns the callback URL (code and state) unopened.
   */
  async callbackFor(login: string, next = '/zones'): Promise<string> {
    const start = await this.zk(`/login/oidc?next=${encodeURIComponent(next)}`)
    if (start.status !== 302) throw new Error(`/login/oidc answered ${start.status}: ${await start.text()}`)
    let url = start.headers.get('location')!
    for (let hop = 0; hop < 20; hop++) {
      if (url.startsWith('http://localhost/')) return url
      const interaction = /\/interaction\/([^/?]+)$/.exec(new URL(url).pathname)
      let res: Response
      if (interaction) {
        const page = await this.provider(url)
        const html = await page.text()
        const prompt = html.includes('name="login"') ? 'login' : 'consent'
        const form = new URLSearchParams(prompt === 'login' ? { prompt, login, password: 'any-password' } : { prompt })
        res = await this.provider(`${new URL(url).origin}/interaction/${interaction[1]}`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: form.toString(),
        })
      } else {
        res = await this.provider(url)
      }
      const location = res.headers.get('location')
      if (!location) throw new Error(`the provider stopped at ${url} (${res.status}): ${(await res.text()).slice(0, 300)}`)
      url = new URL(location, url).href
    }
    throw new Error('too many redirects at the provider')
  }

  /** The whole sign-in: the callback's answer (200 and a session cookie when it worked). */
  async signIn(login: string, next = '/zones'): Promise<Response> {
    return this.zk(await this.callbackFor(login, next))
  }
}
