/** The change-request list's tabs: waiting for the person's approval, their own, every one on their zones. */
export const LIST_SCOPES = ['to-approve', 'mine', 'all'] as const
export type ListScope = (typeof LIST_SCOPES)[number]
