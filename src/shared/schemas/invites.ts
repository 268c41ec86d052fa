import { z } from 'zod'
import { lazySchema } from './lazy'

export const inviteStatuses = ['pending', 'accepted', 'rejected', 'expired'] as const
export type InviteStatus = (typeof inviteStatuses)[number]

/** A role as the 2024 schema described it; the 2026 API sends only the name (see `inviteRoleSchema`). */
export const roleObjectSchema = lazySchema(() =>
  z.object({
    id: z.string().optional(),
    name: z.string(),
    description: z.string().optional(),
    permissions: z.array(z.string()).optional(),
  }),
)

/**
 * Shape conflict (api-notes §10): the 2024 spec lists role objects, the 2026 SDK and schema role-name
 * strings. The sandbox answers with names (the newer shape); the dashboard accepts both and reads
 * every role as `{name, description?, permissions?}`.
 */
export const inviteRoleSchema = lazySchema(() => z.union([z.string().transform((name) => ({ name })), roleObjectSchema]))
export type InviteRole = { name: string; id?: string; description?: string; permissions?: string[] }

export const inviteSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    invited_member_id: z.string().nullable().optional(),
    invited_member_email: z.string().optional(),
    organization_id: z.string(),
    organization_name: z.string().optional(),
    organization_is_enforcing_twofactor: z.boolean().optional(),
    invited_by: z.string().optional(),
    invited_on: z.string().optional(),
    expires_on: z.string().optional(),
    status: z.enum(inviteStatuses),
    roles: z.array(inviteRoleSchema).optional().default([]),
  }),
)
export type Invite = z.infer<typeof inviteSchema>

/** Body of `PATCH /user/invites/:invite_id`. */
export const inviteResponseInputSchema = lazySchema(() =>
  z.object({
    status: z.enum(['accepted', 'rejected'], { error: 'status must be "accepted" or "rejected".' }),
  }),
)
export type InviteResponseInput = z.infer<typeof inviteResponseInputSchema>

export { isInviteExpired } from '../invite-expiry'
