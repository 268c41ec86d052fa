/** A path part that looks like a token (Slack's, Discord's, Teams' webhook URLs carry their secret in the path). */
const TOKEN_LIKE = /^(?=[^/]*\d)[\w.~%=-]{16,}$/

/**
 * A webhook URL as people other than administrators read it: scheme, host, port and path, without
 * a user name or password, the query, the fragment, or path parts that look like tokens ("…").
 * Anything that does not parse is not shown at all. An e-mail address is shown as it is.
 */
export function publicTarget(kind: string, target: string): string {
  if (kind !== 'webhook') return target
  let u: URL
  try {
    u = new URL(target)
  } catch {
    return '(a webhook address that could not be read)'
  }
  const path = u.pathname
    .split('/')
    .map((part) => (TOKEN_LIKE.test(part) ? '…' : part))
    .join('/')
  const hidden = u.username || u.password || u.search || u.hash || path !== u.pathname
  return `${u.protocol}//${u.host}${path}${hidden ? ' (parts hidden)' : ''}`
}
