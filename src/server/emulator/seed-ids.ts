import { stableId } from './ids'

/**
 * The demo world every module seeds into. Ids are derived from labels so they are the same
 * after every reset and on every machine (tests and bookmarks rely on that).
 */
export const DEMO_ACCOUNT = { id: stableId('account:demo'), name: 'Acme Corporation' }

export const SEED_ZONES = {
  /** The ordinary zone: ~60 records of every type, page security, certificates, logs, firewall. */
  demo: { id: stableId('zone:example.com'), name: 'example.com' },
  /** 10,000 DNS records, for scale. */
  large: { id: stableId('zone:bigcorp-records.com'), name: 'bigcorp-records.com' },
  /** Waiting for its name servers to be changed. */
  pending: { id: stableId('zone:newshop.dev'), name: 'newshop.dev' },
  /** Moved away from the service. */
  moved: { id: stableId('zone:old-brand.net'), name: 'old-brand.net' },
  /** 20,000 page-security scripts, for scale. */
  scripts: { id: stableId('zone:shop-scale.io'), name: 'shop-scale.io' },
} as const

export const DEMO_USER = { id: stableId('user:demo'), email: 'alex.morgan@acme.example' }
