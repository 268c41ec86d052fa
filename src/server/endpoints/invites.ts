import { inviteResponseInputSchema } from '../../shared/schemas/invites'
import type { Endpoint } from './types'

/** The calling user's invites: read, accept or decline. */
export const invitesEndpoints: Endpoint[] = [
  { method: 'GET', path: '/user/invites' },
  { method: 'GET', path: '/user/invites/:invite_id' },
  { method: 'PATCH', path: '/user/invites/:invite_id', body: inviteResponseInputSchema },
]
