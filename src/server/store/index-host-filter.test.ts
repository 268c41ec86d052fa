import { describe, expect, it } from 'vitest'
import { storeBackends } from '../../testing/store-backends'
import type { Store } from '.'

// The hosts filter of the dashboard's script and connection indexes reads `*` as the API does
// (api-notes §5.2): at the start "ends with", at the end "starts with", at both "contains", none
// "exact". `*.example.com` is anchored at the end: a subdomain at any depth, never the apex itself,
// a host that only contains it, nor one whose name merely ends in "example.com".
const HOSTS = [
  'example.com',
  'a.example.com',
  'a.b.example.com',
  'example.com.evil.net',
  'a.example.com.evil.net',
  'badexample.com',
  'cdn.other.org',
]
const OWNER = 'sandbox:0123456789abcdef0123456789abcdef'
const id = (i: number) => i.toString(16).padStart(32, '0')

const { backends } = storeBackends('zk-index-hosts-')

describe.each(backends)('index host patterns on $name', ({ skip, open }) => {
  it.skipIf(skip)('match as the API does, anchored, in the script index and the connection index alike', async () => {
    const store = await open()
    try {
      await check(store)
    } finally {
      await store.close()
    }
  })
})

async function check(store: Store) {
  const seen = '2026-01-01T00:00:00Z'
  await store.scriptIndex.upsert(
    HOSTS.map((host, i) => ({
      owner: OWNER,
      script_id: id(i),
      url: `https://${host}/app.js`,
      host,
      status: 'active',
      hash: null,
      js_integrity_score: null,
      reported: 0,
      first_seen_at: seen,
      last_seen_at: seen,
      page_urls: '',
      data: JSON.stringify({ host }),
      sweep: 1,
      checked_at: 0,
    })),
  )
  await store.connections.upsert(
    HOSTS.map((host, i) => ({
      owner: OWNER,
      connection_id: id(i),
      url: `https://${host}/collect`,
      host,
      status: 'active',
      reported: 0,
      threat: '',
      first_seen_at: seen,
      last_seen_at: seen,
      data: JSON.stringify({ host }),
      sweep: 1,
    })),
  )
  const scripts = async (hosts: string[]) =>
    (await store.scriptIndex.page(OWNER, OWNER, { statuses: [], hosts, orderBy: 'last_seen_at', direction: 'asc' }, 0, 100))
      .map((r) => (JSON.parse(r.data) as { host: string }).host)
      .sort()
  const connections = async (hosts: string[]) =>
    (await store.connections.page(OWNER, OWNER, { statuses: [], hosts, orderBy: 'last_seen_at', direction: 'asc' }, 0, 100))
      .map((r) => (JSON.parse(r.data) as { host: string }).host)
      .sort()
  const cases: [string[], string[]][] = [
    [['*.example.com'], ['a.b.example.com', 'a.example.com']],
    [['*.EXAMPLE.com'], ['a.b.example.com', 'a.example.com']],
    [['example.com'], ['example.com']],
    [['example.com*'], ['example.com', 'example.com.evil.net']],
    [
      ['*example.com*'],
      ['a.b.example.com', 'a.example.com', 'a.example.com.evil.net', 'badexample.com', 'example.com', 'example.com.evil.net'],
    ],
    [
      ['*.example.com', 'cdn.other.org'],
      ['a.b.example.com', 'a.example.com', 'cdn.other.org'],
    ],
    [['*'], [...HOSTS].sort()],
    // LIKE's own wildcards are text here.
    [['*_example.com'], []],
  ]
  for (const [hosts, want] of cases) {
    expect(await scripts(hosts), `script index, hosts=${hosts.join(',')}`).toEqual(want)
    expect(await connections(hosts), `connection index, hosts=${hosts.join(',')}`).toEqual(want)
  }
}
