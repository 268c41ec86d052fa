/**
 * The audit log's vocabulary: the areas, outcomes and actions its entries carry and its filters
 * offer. Once for the server's list, its CSV and the audit page. No zod here: the browser's first
 * load imports it.
 */

export const AUDIT_AREAS = ['dns', 'page-shield', 'log-fields', 'logpush', 'certificates', 'firewall', 'load-balancing', 'invites', 'people', 'sign-in', 'sandbox', 'change-requests'] as const
export type AuditArea = (typeof AUDIT_AREAS)[number]
export const AUDIT_OUTCOMES = ['success', 'failure', 'refused'] as const
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number]
export const AUDIT_ACTIONS = ['create', 'update', 'replace', 'delete', 'proxy', 'batch', 'import', 'undo', 'reset', 'accept', 'decline', 'password', 'end-sessions', 'sign-in', 'sign-out', 'password-change', 'token-create', 'token-revoke', 'tokens-revoke', 'second-factor', 'two-factor-on', 'two-factor-off', 'two-factor-reset', 'file', 'approve', 'reject', 'apply', 'fail', 'refresh'] as const
export type AuditAction = (typeof AUDIT_ACTIONS)[number]
