import { describe, expect, it } from 'vitest'
import { certificateVerdict } from './verdict'

const now = Date.parse('2026-03-01T12:00:00Z')
const inDays = (d: number) => new Date(now + d * 86_400_000).toISOString()
const pack = (id: string, status: string, hosts: string[], expiresIn = 80) => ({
  id,
  status,
  hosts,
  certificates: [{ expires_on: inDays(expiresIn) }],
})
const universal = pack('u', 'active', ['example.com', '*.example.com'])

describe('certificateVerdict: one plain sentence, then what to do', () => {
  it('says all is well when every proxied name is covered and nothing waits or expires', () => {
    const v = certificateVerdict(['example.com', 'www.example.com', 'shop.example.com'], [universal], now)
    expect(v).toMatchObject({ tone: 'good', headline: 'Visitors get a valid certificate on all 3 proxied names.', todo: [] })
  })

  it('leads with names visitors get a warning on, and orders the checks by need', () => {
    const v = certificateVerdict(['example.com', 'a.b.example.com'], [universal, pack('t', 'validation_timed_out', ['status.example.com'])], now)
    expect(v.tone).toBe('bad')
    expect(v.headline).toBe('Visitors get a certificate warning on 1 proxied name of 2: no active certificate covers it.')
    expect(v.todo[0]).toMatch(/^Get a certificate for a\.b\.example\.com/)
    expect(v.todo[1]).toMatch(/status\.example\.com: validation timed out/)
    expect(v.order).toEqual(['coverage', 'action', 'expiring'])
  })

  it('warns about a pack waiting on the person or expiring soon while visitors are still fine', () => {
    const v = certificateVerdict(['example.com'], [universal, pack('l', 'active', ['legacy.example.com'], 12)], now)
    expect(v.tone).toBe('warning')
    expect(v.headline).toBe('Visitors get a valid certificate on the one proxied name.')
    expect(v.todo).toEqual([expect.stringMatching(/legacy\.example\.com: the certificate expires in 12 days/)])
    expect(v.order).toEqual(['expiring', 'coverage', 'action'])
  })
})
