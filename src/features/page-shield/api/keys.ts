/** Query keys of the area: everything under ['page-shield', zoneId] so a reset or a write can invalidate by prefix. */
export const pageShieldKeys = {
  zone: (zoneId: string) => ['page-shield', zoneId] as const,
  settings: (zoneId: string) => ['page-shield', zoneId, 'settings'] as const,
  scripts: (zoneId: string) => ['page-shield', zoneId, 'scripts'] as const,
  connections: (zoneId: string) => ['page-shield', zoneId, 'connections'] as const,
  cookies: (zoneId: string) => ['page-shield', zoneId, 'cookies'] as const,
  policies: (zoneId: string) => ['page-shield', zoneId, 'policies'] as const,
  reviews: (zoneId: string) => ['page-shield', zoneId, 'reviews'] as const,
}
