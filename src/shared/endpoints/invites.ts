import { z } from 'zod'
import { inviteResponseInputSchema, inviteSchema } from '../schemas/invites'
import { declare } from './types'
import { lazySchema } from '../schemas/lazy'

/** The calling user's invites: read, accept or decline. */
export const invitesEndpoints = declare('invites', [
  { method: 'GET', path: '/user/invites', result: lazySchema(() => z.array(inviteSchema)) },
  { method: 'GET', path: '/user/invites/:invite_id', result: inviteSchema },
  {
    method: 'PATCH',
    path: '/user/invites/:invite_id',
    body: inviteResponseInputSchema,
    result: inviteSchema,
    audit: {
      type: 'invite',
      action: (body) => ((body as { status?: string } | null)?.status === 'accepted' ? 'accept' : 'decline'),
    },
  },
])
