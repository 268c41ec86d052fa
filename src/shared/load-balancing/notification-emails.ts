/**
 * Zod-free helpers of the pools, importable where zod must not load (the pools table's first paint).
 * No imports: src/shared/schemas/load-balancing.ts re-exports them.
 */

/**
 * The addresses of a legacy `notification_email` (a comma list), trimmed, lower-cased and without
 * duplicates. Lower-case because mail systems treat addresses case-insensitively in practice and
 * grouping "Ops@x" and "ops@x" apart would create two policies for one mailbox.
 */
export function splitNotificationEmails(value: string | null | undefined): string[] {
  if (!value) return []
  const seen = new Set<string>()
  for (const part of value.split(/[,;]/)) {
    const address = part.trim().toLowerCase()
    if (address) seen.add(address)
  }
  return [...seen]
}
