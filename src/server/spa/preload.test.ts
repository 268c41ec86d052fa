import { Hono } from 'hono'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { registerSpa } from '.'

// A direct visit gets its route's own chunks named in the page (route-preloads.json, written by the build).
const HEAD = '<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script></head><body></body></html>'
const dist = mkdtempSync(join(tmpdir(), 'zk-spa-preload-'))
mkdirSync(join(dist, '.vite'))
writeFileSync(join(dist, 'index.html'), HEAD)
afterAll(() => rmSync(dist, { recursive: true, force: true }))

const KNOWN = 'a'.repeat(32)
const app = new Hono()
registerSpa(app, dist, { zoneExists: (id) => id === KNOWN })
const page = async (path: string) => {
  const res = await app.request(path)
  return { status: res.status, body: await res.text() }
}
const preloads = (map: unknown) => writeFileSync(join(dist, '.vite', 'route-preloads.json'), JSON.stringify(map))

describe('a page names its route’s own chunks (preload)', () => {
  it('lists the route’s files in the head, in order, for a direct visit', async () => {
    preloads({ '/zones': ['/assets/zones-page-1.js', '/assets/shared-2.js'] })
    const res = await page('/zones?page=2')
    expect(res.status).toBe(200)
    expect(res.body).toBe(
      HEAD.replace(
        '</head>',
        '<link rel="preload" as="script" crossorigin href="/assets/zones-page-1.js">' +
          '<link rel="preload" as="script" crossorigin href="/assets/shared-2.js"></head>',
      ),
    )
  })

  it('writes only plain asset names, whatever the file holds', async () => {
    preloads({ '/zones/$zoneId/dns': ['/assets/dns-page-3.js', '"><script>alert(1)</script>', 'https://elsewhere.example/x.js', 7] })
    const res = await page(`/zones/${KNOWN}/dns`)
    expect(res.body).toContain('<link rel="preload" as="script" crossorigin href="/assets/dns-page-3.js"></head>')
    expect(res.body).not.toContain('alert(1)')
    expect(res.body).not.toContain('elsewhere.example')
  })

  it('adds nothing to a route without chunks of its own, nor to a page that is not found', async () => {
    preloads({ '/zones': ['/assets/zones-page-1.js'], '/zones/$zoneId/dns': ['/assets/dns-page-3.js'] })
    expect((await page('/invites')).body).toBe(HEAD)
    for (const path of ['/no-such-page', `/zones/${'c'.repeat(32)}/dns`]) {
      const res = await page(path)
      expect(res.status, path).toBe(404)
      expect(res.body, path).toBe(HEAD)
    }
  })

  it('sends the page as it is when the file is missing or unreadable (an older build)', async () => {
    writeFileSync(join(dist, '.vite', 'route-preloads.json'), '{ not json')
    expect((await page('/zones')).body).toBe(HEAD)
    rmSync(join(dist, '.vite', 'route-preloads.json'))
    expect((await page('/zones')).body).toBe(HEAD)
  })
})
