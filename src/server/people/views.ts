import type { MeView, PersonView, SessionView } from '../../shared/schemas/people'
import type { Actor } from '../auth'
import type { Person, SessionInfo } from '../store'

const iso = (ms: number) => new Date(ms).toISOString()

export const personView = (p: Person): PersonView => ({
  id: p.id,
  username: p.username,
  display_name: p.displayName,
  role: p.role,
  zones: p.zones,
  disabled: p.disabled,
  created_at: iso(p.createdAt),
  sso: p.sso ? { issuer: p.sso.issuer, subject: p.sso.subject } : null,
  email: p.email,
  email_source: p.email ? p.emailSource : null,
})

export const sessionView = (s: SessionInfo, currentHandle?: string): SessionView => ({
  handle: s.handle,
  created_at: iso(s.createdAt),
  last_seen_at: iso(s.lastSeenAt),
  expires_at: iso(s.expiresAt),
  address: s.address,
  user_agent: s.userAgent,
  current: s.handle === currentHandle,
})

/** `practice`: this session works in the person's own practice sandbox. */
export const meView = (a: Actor, practice = false): MeView => ({
  kind: a.kind,
  practice,
  person: {
    id: a.person.id,
    username: a.person.username,
    display_name: a.person.displayName,
    role: a.person.role,
    zones: a.person.zones,
    ...(a.kind === 'person' ? { email: a.person.email, email_source: a.person.email ? a.person.emailSource : null } : {}),
  },
})
