import { Hono } from 'hono'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { matchSpaRoute } from '../../shared/spa-routes'
import { registerSpa } from '.'

const dist = mkdtempSync(join(tmpdir(), 'zk-spa-'))
writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Zonekeeper</title>')
afterAll(() => rmSync(dist, { recursive: true, force: true }))

const KNOWN = 'a'.repeat(32)
const app = new Hono()
registerSpa(app, dist, { zoneExists: (id) => id === KNOWN })

describe('page paths: 200 for routes of the dashboard, 404 for the rest', () => {
  it.each([
    ['/', 200],
    ['/zones', 200],
    ['/zones/', 200],
    [`/zones/${KNOWN}/dns`, 200],
    [`/zones/${KNOWN}/page-shield/scripts/${'b'.repeat(32)}`, 200],
    [`/zones/${KNOWN}/logs/jobs/new`, 200],
    ['/nope', 404],
    ['/zones/abc', 404],
    [`/zones/${'c'.repeat(32)}`, 404],
    [`/zones/${KNOWN}/dns/extra`, 404],
    [`/zones/${KNOWN}/wat`, 404],
  ])('%s → %i, still the dashboard page', async (path, status) => {
    const res = await app.request(path)
    expect(res.status).toBe(status)
    expect(await res.text()).toContain('<title>Zonekeeper</title>')
  })

  it('prefers literal segments over parameters', () => {
    expect(matchSpaRoute(`/zones/${KNOWN}/page-shield/policies/new`)?.route).toBe('/zones/$zoneId/page-shield/policies/new')
    expect(matchSpaRoute(`/zones/${KNOWN}/page-shield/policies/p1`)?.params).toEqual({ zoneId: KNOWN, policyId: 'p1' })
  })
})
