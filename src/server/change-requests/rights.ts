import type { Actor } from '../auth/actor'
import { hasRole, inScope } from '../auth/actor'
import type { ZoneApprovalSettings } from '../../shared/schemas/change-requests'

type Someone = Pick<Actor['person'], 'id' | 'role' | 'zones'>

/**
 * Who approves on a zone: administrators always; with `editors`, every editor whose scope
 * holds the zone; with `named`, the people listed (who need the editor role too: the apply is written
 * with the approver's own rights, re-checked when it is sent).
 */
export function mayApprove(p: Someone, s: ZoneApprovalSettings, zoneName: string): boolean {
  if (p.role === 'admin') return true
  if (!inScope(p.zones, zoneName) || !hasRole(p.role, 'editor')) return false
  return s.approverMode === 'editors' || (s.approverMode === 'named' && p.id !== null && s.approverIds.includes(p.id))
}

/** Who proposes: editors in scope, and viewers or reviewers in scope whom an administrator allowed to. */
export function mayPropose(p: Someone, zoneName: string, switchOn: boolean): boolean {
  return inScope(p.zones, zoneName) && (hasRole(p.role, 'editor') || switchOn)
}

/** Whoever may see a request: the zone must be in their scope (as it is now). */
export const maySee = (p: Someone, zoneName: string) => inScope(p.zones, zoneName)
