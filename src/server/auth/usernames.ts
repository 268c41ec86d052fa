import { usernameSchema } from '../../shared/schemas/people'

/** Why a username is not acceptable (the shared schema's words), or undefined. */
export function usernameProblem(username: string): string | undefined {
  const r = usernameSchema.safeParse(username)
  return r.success ? undefined : r.error.issues[0]?.message
}
