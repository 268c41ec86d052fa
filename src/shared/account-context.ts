import { z } from 'zod'

/**
 * How the browser names the account a request acts in: the account switcher's choice (also in the
 * URL as `?account=`), sent on every request to the dashboard's own server. The server picks the
 * credential that reaches that account and the signed-in person's role in it; without the header a
 * request acts in the deployment's default account, as before several accounts existed.
 */
export const ACCOUNT_HEADER = 'x-zonekeeper-account'

/** An account id as the API writes them: 32 lower-case hex digits. */
export const accountIdSchema = z.string().regex(/^[0-9a-f]{32}$/, 'An account id is 32 hexadecimal digits.')
