import { api, apiPath } from '@/lib/api-client'
import { poolSchema } from '@/shared/schemas/load-balancing'

/**
 * `PATCH /accounts/:id/load_balancers/pools` with `{"notification_email": ""}`: clears the legacy
 * e-mail of every pool on ONE page (pools by name). Answers the pools of that page.
 */
export const clearPoolEmailsPage = (accountId: string, page: number, perPage: number, signal?: AbortSignal, work?: boolean) =>
  api.patch(
    apiPath('/accounts/:account_id/load_balancers/pools', { account_id: accountId }),
    { notification_email: '' },
    { params: { page, per_page: perPage }, schema: poolSchema.array(), signal, work },
  )
