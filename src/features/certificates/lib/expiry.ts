const DAY = 86_400_000

/** Whole days from `now` until `iso` (negative once past). */
export function daysUntil(iso: string, now: number): number {
  return Math.floor((Date.parse(iso) - now) / DAY)
}

interface PackLike {
  status: string
  certificates: { expires_on?: string }[]
}

/** When the pack stops working: the earliest expiry of its issued certificates, if any. */
export function packExpiry(pack: PackLike): string | undefined {
  const dates = pack.certificates.map((c) => c.expires_on).filter((d): d is string => Boolean(d) && !Number.isNaN(Date.parse(d!)))
  return dates.sort((a, b) => Date.parse(a) - Date.parse(b))[0]
}

/** Active packs whose certificates expire within `days` (already expired ones included), soonest first. */
export function expiringPacks<P extends PackLike>(packs: readonly P[], now: number, days = 30): P[] {
  return packs
    .filter((p) => p.status === 'active')
    .filter((p) => {
      const at = packExpiry(p)
      return at !== undefined && Date.parse(at) - now <= days * DAY
    })
    .sort((a, b) => Date.parse(packExpiry(a)!) - Date.parse(packExpiry(b)!))
}

/** "in 12 days", "tomorrow", "today", "expired 3 days ago". */
export function daysLeftText(days: number): string {
  if (days < 0) return days === -1 ? 'expired yesterday' : `expired ${-days} days ago`
  if (days === 0) return 'expires today'
  if (days === 1) return 'in 1 day'
  return `in ${days} days`
}
