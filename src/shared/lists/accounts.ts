/**
 * GET /accounts's query: the accounts the credential reaches, page-style (5–50 a page, 20 by
 * default, out-of-range values clamped as every page-style list of the service), `name` a
 * case-insensitive part of the account's name, ordered by name.
 */
import { choice, listQuery, text, whole } from './query'

export const ACCOUNTS_DEFAULT_PER_PAGE = 20

export const accountsQuery = listQuery({
  name: text({ max: 253, tooLong: 'The name filter can be at most 253 characters.' }),
  direction: choice(['asc', 'desc'], { ignoreCase: true, message: 'direction must be asc or desc.' }),
  page: whole(1, Number.MAX_SAFE_INTEGER, { clamp: true }),
  per_page: whole(5, 50, { clamp: true }),
})
