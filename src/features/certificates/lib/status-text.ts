import type { BadgeTone } from '@/components/ui/badge'

export interface StatusText {
  label: string
  tone: BadgeTone
  /** What the status means, in plain words. */
  meaning: string
  /** What, if anything, the user should do. */
  action?: string
  /** The action is not something this dashboard does (it only reads certificate packs). */
  elsewhere?: boolean
}

/** Said under an action the dashboard cannot take, so nobody looks for a button that is not there. */
export const ELSEWHERE_NOTE = 'This dashboard only shows certificate packs; do this in the provider’s own dashboard or through the API.'


const wait = 'Nothing to do: the service moves on by itself, usually within minutes.'

/** Every certificate pack status the API documents (api-notes §4), explained. */
export const STATUS_TEXT: Record<string, StatusText> = {
  active: { label: 'Active', tone: 'success', meaning: 'The certificate is issued and in use: visitors get a valid HTTPS connection for these hosts.' },
  initializing: { label: 'Initializing', tone: 'info', meaning: 'The order was received and is being prepared for the certificate authority.', action: wait },
  pending_validation: {
    label: 'Pending validation',
    tone: 'warning',
    meaning: 'The certificate authority is waiting for proof that you control these host names. No certificate is issued until it gets it.',
    action: 'Publish the validation records listed for this pack (a TXT record, a file on your web server, or an e-mail approval, depending on the method). The authority checks again on its own.',
  },
  deleted: { label: 'Deleted', tone: 'neutral', meaning: 'The pack was deleted and no longer serves any host.' },
  pending_issuance: { label: 'Pending issuance', tone: 'info', meaning: 'Validation succeeded; the certificate authority is issuing the certificate.', action: wait },
  pending_deployment: { label: 'Pending deployment', tone: 'info', meaning: 'The certificate is issued and being deployed to the edge servers.', action: wait },
  pending_deletion: { label: 'Pending deletion', tone: 'neutral', meaning: 'The pack is being removed.' },
  pending_expiration: { label: 'Pending expiration', tone: 'warning', meaning: 'The certificate is about to expire and will not be renewed.', action: 'Order a new certificate for these hosts if you still need them.', elsewhere: true },
  expired: { label: 'Expired', tone: 'danger', meaning: 'The certificate has expired: browsers show a security warning for these hosts.', action: 'Order or upload a new certificate for these hosts.', elsewhere: true },
  initializing_timed_out: { label: 'Initializing timed out', tone: 'danger', meaning: 'The order could not be prepared in time.', action: 'Delete the pack and order it again.', elsewhere: true },
  validation_timed_out: {
    label: 'Validation timed out',
    tone: 'danger',
    meaning: 'The certificate authority gave up: it could not verify that you control these host names before its deadline.',
    action: 'Fix what the errors below describe (the record or file was missing or unreachable), then restart validation for this pack with the button below.',
  },
  issuance_timed_out: { label: 'Issuance timed out', tone: 'danger', meaning: 'The certificate authority did not issue the certificate in time.', action: 'Restart validation or order the pack again.', elsewhere: true },
  deployment_timed_out: { label: 'Deployment timed out', tone: 'danger', meaning: 'The issued certificate could not be deployed in time.', action: 'Contact support if it stays in this state.' },
  deletion_timed_out: { label: 'Deletion timed out', tone: 'danger', meaning: 'The pack could not be removed in time.', action: 'Try deleting it again.', elsewhere: true },
  pending_cleanup: { label: 'Pending clean-up', tone: 'neutral', meaning: 'Old certificates of the pack are being cleaned up.', action: wait },
  staging_deployment: { label: 'Staging deployment', tone: 'info', meaning: 'The certificate is being deployed to the staging environment only.' },
  staging_active: { label: 'Active on staging', tone: 'info', meaning: 'The certificate is in use on the staging environment, not for real visitors.' },
  deactivating: { label: 'Deactivating', tone: 'neutral', meaning: 'The certificate is being taken out of use.' },
  inactive: { label: 'Inactive', tone: 'neutral', meaning: 'The certificate exists but is not used for these hosts.' },
  backup_issued: { label: 'Backup issued', tone: 'info', meaning: 'A backup certificate was issued; it takes over if the main one must be replaced.' },
  holding_deployment: { label: 'Holding deployment', tone: 'warning', meaning: 'Deployment is on hold, for example until the zone becomes active.', action: 'Finish activating the zone (change its name servers).' },
}

export function statusText(status: string): StatusText {
  return STATUS_TEXT[status] ?? { label: status.replace(/_/g, ' '), tone: 'neutral', meaning: 'A status the dashboard does not know yet.' }
}

export const TYPE_LABEL: Record<string, string> = {
  universal: 'Universal',
  advanced: 'Advanced',
  total_tls: 'Total TLS',
  sni_custom: 'Custom (SNI)',
  legacy_custom: 'Custom (legacy)',
  mh_custom: 'Custom hostname',
  managed_hostname: 'Managed hostname',
  keyless: 'Keyless',
}

export const CA_LABEL: Record<string, string> = { google: 'Google Trust Services', lets_encrypt: "Let's Encrypt", ssl_com: 'SSL.com' }

export const METHOD_LABEL: Record<string, string> = { txt: 'DNS TXT record', http: 'HTTP file', email: 'E-mail' }
