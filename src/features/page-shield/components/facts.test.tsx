import { describe, expect, it } from 'vitest'
import type { PageShieldConnection } from '@/shared/schemas/page-shield'
import { detectedFacts } from './facts'

const connection: PageShieldConnection = {
  id: 'c1',
  url: 'https://stats.example/hit',
  host: 'stats.example',
  added_at: '2026-01-01T00:00:00Z',
  first_seen_at: '2026-01-01T00:00:00Z',
  last_seen_at: '2026-02-01T00:00:00Z',
  url_contains_cdn_cgi_path: false,
  url_reported_malicious: true,
  malicious_url_categories: ['Malware', 'Spyware'],
  status: 'active',
}

describe('detectedFacts', () => {
  it('lists every shared field, the extra ones right after "Last seen", threat fields after them', () => {
    const facts = detectedFacts(connection, {
      urlLabel: 'Script URL',
      help: { url: 'Opens in a new tab.' },
      extra: [{ label: 'Code last fetched', value: 'today' }],
    })
    expect(facts.map((f) => f.label)).toEqual([
      'Script URL',
      'Host',
      'Status',
      'First seen on page',
      'Added',
      'First seen',
      'Last seen',
      'Code last fetched',
      'URL reported malicious',
      'URL threat categories',
      'Domain reported malicious',
      'Domain threat categories',
      'Under /cdn-cgi/',
      'Identifier',
    ])
    const value = (label: string) => facts.find((f) => f.label === label)?.value
    expect(value('URL reported malicious')).toBe('Yes')
    expect(value('URL threat categories')).toBe('Malware, Spyware')
    expect(value('Domain reported malicious')).toBe('—')
    expect(value('Domain threat categories')).toBe('None')
    expect(value('First seen on page')).toBe('—')
  })

  it('never says a bare "No" beside threat categories: the flag and the categories are separate fields of the API', () => {
    const facts = detectedFacts(
      { ...connection, url_reported_malicious: false, domain_reported_malicious: false, malicious_url_categories: ['Malware'], malicious_domain_categories: [] },
      { urlLabel: 'URL', help: { url: '' } },
    )
    const value = (label: string) => facts.find((f) => f.label === label)?.value
    expect(value('URL reported malicious')).toBe('Not flagged malicious by the feed, though it lists threat categories: Malware')
    expect(value('URL threat categories')).toBe('Malware')
    expect(value('Domain reported malicious')).toBe('No')
  })

  it('puts help only under the fields it is given for', () => {
    const facts = detectedFacts(connection, { urlLabel: 'URL', help: { url: 'Only the host is recorded.', cdnCgi: 'Hidden.' } })
    expect(facts.filter((f) => f.help).map((f) => [f.label, f.help])).toEqual([
      ['URL', 'Only the host is recorded.'],
      ['Under /cdn-cgi/', 'Hidden.'],
    ])
  })
})
