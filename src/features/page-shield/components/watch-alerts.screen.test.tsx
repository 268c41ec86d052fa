import { screen, within } from '@testing-library/react'
import { beforeAll, describe, expect, it } from 'vitest'
import { SEED_ZONES } from '@/server/emulator/seed-ids'
import { renderApp, screenServer } from '@/testing/screen'

/** Page security → Alerts: each alert about a script or connection says what review followed it, from the ledger. */
const server = screenServer()
const Z = SEED_ZONES.demo.id
const W = { 'x-zonekeeper-request': '1', 'content-type': 'application/json' }
const HOUR = 3_600_000
let reviewed: { id: string; url: string }
let later: { id: string; url: string }
let connection: { id: string; url: string }

const alertAbout = async (kind: 'script' | 'connection', item: { id: string; url: string }, createdAt: number) => {
  await server.store.watch.addFinding({
    zone_id: Z,
    run_id: 1,
    dedupe_key: `${kind}:${item.id}:${createdAt}`,
    item_kind: kind,
    item_id: item.id,
    kinds: JSON.stringify([kind === 'script' ? 'changed' : 'connection']),
    title: `Alert on ${item.url}`,
    detail: JSON.stringify({
      zone_name: 'demo',
      url: item.url,
      host: 'x',
      pages: [],
      scores: null,
      hash: null,
      previous_hash: null,
      verdict: null,
      verdict_counts: false,
      changes: ['Something changed.'],
      link: '/',
    }),
    created_at: createdAt,
  })
}

beforeAll(async () => {
  await server.signInAs('rex', 'reviewer')
  const scripts = (await (await fetch(`/api/v4/zones/${Z}/page_shield/scripts?per_page=5`)).json()) as { result: { id: string; url: string }[] }
  ;[reviewed, later] = scripts.result
  const conns = (await (await fetch(`/api/v4/zones/${Z}/page_shield/connections?per_page=1`)).json()) as { result: { id: string; url: string }[] }
  connection = conns.result[0]
  // An alert an hour ago, reviewed since (Investigate) ...
  await alertAbout('script', reviewed, Date.now() - HOUR)
  const r = await fetch(`/api/local/zones/${Z}/page-shield/reviews`, {
    method: 'POST',
    headers: W,
    body: JSON.stringify({ script_id: reviewed.id, verdict: 'investigate', note: 'Who added this?' }),
  })
  expect(r.status).toBe(201)
  // ... a script reviewed before its alert (the verdict is older than the alert) ...
  expect(
    (
      await fetch(`/api/local/zones/${Z}/page-shield/reviews`, {
        method: 'POST',
        headers: W,
        body: JSON.stringify({ script_id: later.id, verdict: 'expected', note: 'Our analytics.' }),
      })
    ).status,
  ).toBe(201)
  await alertAbout('script', later, Date.now() + HOUR)
  // ... and a connection nobody reviewed.
  await alertAbout('connection', connection, Date.now() - 2 * HOUR)
})

const card = async (url: string) => {
  const item = (await screen.findByRole('link', { name: `Alert on ${url}` })).closest('li')
  if (!item) throw new Error(`no alert on ${url}`)
  return item
}

describe('the alert card', () => {
  it('shows the verdict recorded since the alert (who, when), or that none was, with the way to review it', async () => {
    renderApp(`/zones/${Z}/page-shield/alerts`)
    const done = within(await card(reviewed.url))
    const since = await done.findByLabelText('Review since this alert')
    expect(since.textContent).toMatch(/^Reviewed since this alert:Investigateby Rex \(rex\), /)
    expect(done.queryByText('Not reviewed since this alert.')).toBeNull()

    // A verdict older than the alert does not count as its follow-up.
    const old = within(await card(later.url))
    expect(await old.findByText('Not reviewed since this alert.')).toBeTruthy()
    expect(old.getByRole('link', { name: 'Review this script' }).getAttribute('href')).toBe(`/zones/${Z}/page-shield/scripts/${later.id}`)

    const conn = within(await card(connection.url))
    expect(await conn.findByText('Not reviewed since this alert.')).toBeTruthy()
    expect(conn.getByRole('link', { name: 'Review this connection' }).getAttribute('href')).toBe(`/zones/${Z}/page-shield/connections/${connection.id}`)
  })
})
