import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, apiPath } from '@/lib/api-client'
import type { InviteResponseInput } from '@/shared/schemas/invites'
import { inviteSchema } from './get-invites'
import { keys } from '@/lib/query-keys'

/** `PATCH /user/invites/:id` with `{status: "accepted" | "rejected"}` → the updated invite. */
export const respondToInvite = async (id: string, status: InviteResponseInput['status']) =>
  api.patch(apiPath('/user/invites/:invite_id', { invite_id: id }), { status } satisfies InviteResponseInput, {
    schema: await inviteSchema(),
  })

export function useRespondToInvite() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: InviteResponseInput['status'] }) => respondToInvite(id, status),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.invites }),
  })
}
