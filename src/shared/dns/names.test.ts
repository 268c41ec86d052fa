import { describe, expect, it } from 'vitest'
import { isHostname, nameWarnings, recordNameProblems, relativeName, toFqdn } from './names'

const ok = (name: string) => expect(recordNameProblems(name), name).toEqual([])
const refused = (name: string, text: RegExp) => {
  const problems = recordNameProblems(name)
  expect(problems.map((p) => p.message).join(' | '), name).toMatch(text)
  expect(problems.every((p) => p.code === 9000)).toBe(true)
}

describe('record names', () => {
  it('accepts relative names, @, fully qualified names and service labels', () => {
    for (const n of [
      'www',
      '@',
      'example.com',
      'www.example.com.',
      'a-b.c-d',
      'x1',
      '_dmarc',
      '_sip._tcp.example.com',
      'mail2.eu-west',
      'a.1b.example.com',
    ])
      ok(n)
  })

  it('allows at most 63 characters per label (a full name may be longer)', () => {
    ok('a'.repeat(63))
    ok(`${'a'.repeat(63)}.${'b'.repeat(63)}.example.com`)
    refused('a'.repeat(64), /at most 63 characters/)
    refused(`www.${'b'.repeat(64)}.example.com`, /at most 63 characters/)
  })

  it('refuses names over 255 characters in total', () => refused(Array(5).fill('a'.repeat(60)).join('.'), /at most 255/))

  it('may start with a letter, a digit or an underscore, never a hyphen (RFC 1123)', () => {
    for (const n of ['3d', '1password', '20230601._domainkey', '*.3d', '1www.example.com', '_acme-challenge']) ok(n)
    refused('-www', /start with a letter or a digit, not a hyphen/)
    refused('*.-www', /start with a letter or a digit, not a hyphen/)
  })

  it('each label must end with a letter or digit', () => {
    refused('www-', /end with a letter or a digit/)
    refused('www-.example.com', /end with a letter or a digit/)
    refused('a.-b.example.com', /not a hyphen/)
    refused('abc_', /end with a letter or a digit/)
  })

  it('only letters, digits, hyphens and underscores', () => {
    refused('www!', /only contain letters, digits, hyphens/)
    refused('my site', /Remove spaces/)
    refused('café', /"é"/)
  })

  it('allows * only as the whole leftmost label', () => {
    ok('*')
    ok('*.example.com')
    ok('*.preview')
    refused('a.*.example.com', /A \* can only be used/)
    refused('*foo', /A \* can only be used/)
    refused('foo*', /A \* can only be used/)
  })

  it('refuses empty labels and empty names', () => {
    refused('a..b', /empty part/)
    refused('.www', /empty part/)
    refused('', /Enter a name/)
  })
})

describe('nameWarnings', () => {
  it('warns about underscores without blocking', () => {
    expect(nameWarnings('my_host')[0]).toMatch(/allowed but discouraged/)
    expect(nameWarnings('_dmarc')[0]).toMatch(/service records/)
    expect(nameWarnings('www')).toEqual([])
    expect(recordNameProblems('my_host')).toEqual([])
  })
})

describe('toFqdn / relativeName', () => {
  it('qualifies relative names, @ and keeps names already in the zone', () => {
    expect(toFqdn('@', 'example.com')).toBe('example.com')
    expect(toFqdn('WWW', 'example.com')).toBe('www.example.com')
    expect(toFqdn('www.example.com', 'example.com')).toBe('www.example.com')
    expect(toFqdn('www.example.com.', 'example.com')).toBe('www.example.com')
    expect(toFqdn('www.other.org', 'example.com')).toBe('www.other.org.example.com')
    expect(toFqdn('www.other.org.', 'example.com')).toBeUndefined()
    expect(toFqdn('*', 'example.com')).toBe('*.example.com')
    expect(relativeName('www.example.com', 'example.com')).toBe('www')
    expect(relativeName('example.com', 'example.com')).toBe('@')
  })

  it('checks host-name targets loosely', () => {
    for (const h of ['mail.example.com', 'mail.example.com.', 'a', '_sip.example.com']) expect(isHostname(h), h).toBe(true)
    for (const h of ['', 'a..b', 'bad host', '-a.com', 'a-.com', 'http://x.com']) expect(isHostname(h), h).toBe(false)
  })
})
