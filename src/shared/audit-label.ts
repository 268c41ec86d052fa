/* The name a person knows an audited object by (imports nothing: the server, its migrations and the browser share it). */

type Rec = Record<string, unknown>
const rec = (v: unknown): Rec | null => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Rec) : null)
const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null)
const count = (v: unknown): number => (Array.isArray(v) ? v.length : 0)
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`
const MAX = 200

/**
 * "A shop.example.com" for a DNS record, a policy's description, a script's URL, a pool's or a log
 * job's name, a person's username; for a batch or an import, how many records. Read from the state
 * after the write, else before it, else the request's body (a refused write has only that). Null
 * when nothing names it.
 */
export function labelOf(resourceType: string, before: unknown, after: unknown, body?: unknown): string | null {
  const b = rec(before)
  const a = rec(after)
  const sources = [a, b, rec(body)].filter((x): x is Rec => x !== null)
  const first = (...keys: string[]) => {
    for (const s of sources) for (const k of keys) if (str(s[k])) return str(s[k])
    return null
  }
  let label: string | null
  switch (resourceType) {
    case 'dns_record': {
      const type = first('type')
      const name = first('name')
      label = name ? `${type ? `${type} ` : ''}${name}` : null
      break
    }
    case 'dns_records': {
      const n = a ? count(a.deletes) + count(a.patches) + count(a.puts) + count(a.posts) + count(a.created) : 0
      label = n ? plural(n, 'record') : null
      break
    }
    case 'page_shield_policy':
    case 'notification_policy':
    case 'firewall_rule':
      label = first('description', 'name')
      break
    case 'person':
    case 'me':
      label = first('username')
      break
    case 'certificate_pack': {
      const hosts = sources.map((s) => s.hosts).find(Array.isArray) as unknown[] | undefined
      label = hosts?.length ? hosts.map(String).join(', ') : null
      break
    }
    case 'review_verdict':
    case 'connection_verdict': {
      // A verdict is named by what was judged: the script's or the connection's URL (else its host).
      const item = sources.map((s) => rec(s.script) ?? rec(s.connection)).find((x) => x !== null)
      label = (item && (str(item.url) ?? str(item.host))) ?? first('name', 'script_url', 'url')
      break
    }
    case 'payment_page':
    case 'pattern_verdict':
      // Named by the page or script pattern it marks or judges.
      label = first('pattern')
      break
    case 'invite':
      label = first('invited_member_email', 'email')
      break
    default:
      label = first('name', 'script_url', 'url', 'hostname', 'description', 'username')
  }
  return label && label.length > MAX ? `${label.slice(0, MAX - 1)}…` : label
}
