import type { Context } from 'hono'
import type { WriteTarget } from '../write/command'

export type { WriteTarget } from '../write/command'

/**
 * The target of the request being answered, as fixed when it came in (its session's mode then): a
 * change request's apply and undo and the audit log's undo hand it to their write commands, so a
 * session switching practice on or off meanwhile cannot move their writes to the other side.
 */
export const targetOf = (c: Context): WriteTarget => ({ practice: c.get('zkPractice')?.key ?? null })
