import { describe, expect, it } from 'vitest'
import type { ChangeRequestView } from '../../shared/schemas/change-requests'
import { filedDigest, noticeText, type Notice } from './mail'

const ISO = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/
const FILED = Date.UTC(2026, 10, 29, 6, 30)
const DECIDED = Date.UTC(2026, 10, 29, 8, 15)

const request = (id: number, items: number, over: Partial<ChangeRequestView> = {}): ChangeRequestView =>
  ({
    id,
    zoneId: 'a'.repeat(32),
    zoneName: 'shop.test',
    title: `Request ${id}`,
    reason: 'Move the shop',
    status: 'pending',
    requester: { id: 'p1', username: 'rex', name: 'Rex' },
    createdAt: FILED,
    updatedAt: FILED,
    decidedBy: { id: 'p2', username: 'ada', name: 'Ada' },
    decidedAt: DECIDED,
    comment: 'Not on a Friday',
    problems: [],
    appliedEntryId: null,
    requesterDone: false,
    lease: null,
    interrupted: null,
    items: Array.from({ length: items }, () => ({}) as ChangeRequestView['items'][number]),
    ...over,
  }) as ChangeRequestView

describe('change request mail', () => {
  it('says when it was filed and decided in the mail time form, never a raw ISO time, and counts changes in words', () => {
    for (const kind of ['filed', 'approved', 'applied', 'failed', 'rejected', 'stale', 'withdrawn'] as Notice[]) {
      const text = noticeText(kind, request(3, 1), 'https://dash.test/change-requests/3')
      expect(text, kind).not.toMatch(ISO)
      expect(text, kind).toContain('filed by Rex (rex) on 29 Nov 2026, 06:30 UTC, 1 change.')
    }
    expect(noticeText('rejected', request(3, 2), null)).toContain('Ada (ada) rejected it on 29 Nov 2026, 08:15 UTC with this comment:')
    expect(noticeText('applied', request(3, 2), null)).toContain(', 2 changes.')
  })
  it('lists several filed requests one line each, with the same time form and counted changes', () => {
    const { subject, text } = filedDigest([request(4, 1), request(5, 3, { zoneName: 'other.test' })], 'https://dash.test')
    expect(text).not.toMatch(ISO)
    expect(text).toContain('- #4 on shop.test: "Request 4", filed by Rex (rex) on 29 Nov 2026, 06:30 UTC, 1 change\n  https://dash.test/change-requests/4')
    expect(text).toContain('filed by Rex (rex) on 29 Nov 2026, 06:30 UTC, 3 changes')
    expect(subject).toBe('2 change requests wait for your approval on 2 zones')
  })
})
