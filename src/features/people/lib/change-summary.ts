import type { PersonView } from '@/shared/schemas/people'

type Scope = PersonView['zones']

const listed = (names: readonly string[], max = 5) =>
  names.length <= max ? names.join(', ') : `${names.slice(0, max).join(', ')} and ${names.length - max} more`

function zonesChange(before: Scope, after: Scope): string | undefined {
  if (before === '*' && after === '*') return undefined
  if (after === '*') return 'zones: now all zones'
  if (before === '*') return `zones: only ${listed(after)} (was all zones)`
  const had = new Set(before)
  const has = new Set(after)
  const added = after.filter((z) => !had.has(z))
  const removed = before.filter((z) => !has.has(z))
  const parts = [added.length ? `added ${listed(added)}` : '', removed.length ? `removed ${listed(removed)}` : ''].filter(Boolean)
  return parts.length ? `zones: ${parts.join('; ')}` : undefined
}

/**
 * What a save changed, in the words of the toast: "Nina's zones: added
 * shop.example.com", "Nina's role: editor → viewer", several joined with " · ". Compares the person
 * as shown before the save with the person the server answered.
 */
export function personChangeSummary(before: PersonView, after: PersonView): string {
  const parts: string[] = []
  if (before.display_name !== after.display_name) parts.push(`name: ${before.display_name} → ${after.display_name}`)
  if (before.role !== after.role) parts.push(`role: ${before.role} → ${after.role}`)
  const zones = zonesChange(before.zones, after.zones)
  if (zones) parts.push(zones)
  if (before.email !== after.email) parts.push(after.email ? `e-mail: ${after.email}` : 'e-mail: none')
  if (!parts.length) return `Nothing changed for ${after.display_name}.`
  return `${after.display_name}'s ${parts.join(' · ')}`
}
