import { txtPlainText } from './txt'

/**
 * Rules about records that share a name which the service does not enforce but mail and DNS do:
 * a second SPF record (RFC 7208 §4.5: any SPF check of the name ends in "permerror", so all of its
 * mail fails SPF), a second DMARC record at `_dmarc.<name>` (RFC 7489 §6.6.3: receivers then apply
 * no DMARC policy at all), and a CNAME beside other records (RFC 1034 §3.6.2: a CNAME must be alone
 * at its name). One rule for the record form (before saving) and a change request's impact notes.
 */

/** A record as both the form and the server hold it; `name` is the full name (www.example.com). */
export interface SameNameRecord {
  id?: string | null
  type: string
  name: string
  content?: unknown
}

export interface SameNameProblem {
  rule: 'second-spf' | 'second-dmarc' | 'cname-beside-others'
  /** The form field the warning belongs at. */
  field: 'name' | 'content'
  text: string
}

const host = (s: unknown) => String(s ?? '').trim().toLowerCase().replace(/\.$/, '')

/** The TXT text without quotes, as a resolver hands it to a mail server. */
const typeOf = (r: SameNameRecord) => String(r.type ?? '').toUpperCase()
const txtText = (r: SameNameRecord) => (typeOf(r) === 'TXT' ? txtPlainText(String(r.content ?? '')).trim() : '')

/** An SPF record: a TXT whose text starts with the version tag `v=spf1` alone (RFC 7208 §4.5). */
export const isSpf = (r: SameNameRecord) => /^v=spf1(\s|$)/i.test(txtText(r))

/** A DMARC record: a TXT at `_dmarc.<name>` whose text starts with `v=DMARC1` (RFC 7489 §6.4). */
export const isDmarc = (r: SameNameRecord) => host(r.name).startsWith('_dmarc.') && /^v=DMARC1\s*(;|$)/i.test(txtText(r))

const label = (r: SameNameRecord) => `${typeOf(r)} ${host(r.name)}`
const list = (rs: readonly SameNameRecord[]) => rs.map((r) => (typeOf(r) === 'TXT' ? `"${txtText(r)}"` : label(r))).join(', ')

/**
 * What `proposed` would break among `zone`'s records at its name. `zone` may hold the whole zone or
 * only the records at that name; a record with the proposed record's `id` (the one being edited) is
 * left out, as it is replaced.
 */
export function sameNameProblems(zone: readonly SameNameRecord[], proposed: SameNameRecord): SameNameProblem[] {
  const name = host(proposed.name)
  const type = typeOf(proposed)
  const others = zone.filter((r) => host(r.name) === name && !(proposed.id && r.id === proposed.id))
  const out: SameNameProblem[] = []
  if (isSpf(proposed)) {
    const spf = others.filter(isSpf)
    if (spf.length) {
      out.push({
        rule: 'second-spf',
        field: 'content',
        text: `${name} already has an SPF record (${list(spf)}). Two SPF records at one name are an error (RFC 7208 §4.5): every SPF check fails, so mail from ${name} may be rejected or marked as spam. Add the new include or address to the existing record instead.`,
      })
    }
  }
  if (isDmarc(proposed)) {
    const dmarc = others.filter(isDmarc)
    if (dmarc.length) {
      out.push({
        rule: 'second-dmarc',
        field: 'content',
        text: `${name} already has a DMARC record (${list(dmarc)}). With two, receivers ignore both and apply no DMARC policy (RFC 7489 §6.6.3). Change the existing record instead.`,
      })
    }
  }
  if (type === 'CNAME') {
    if (others.length) {
      out.push({
        rule: 'cname-beside-others',
        field: 'name',
        text: `A CNAME at ${name}, a name that also holds ${others.map(label).join(', ')}: a CNAME must be the only record at its name, so the service refuses it or resolvers ignore the others. Pick another name, or remove the others first.`,
      })
    }
  } else {
    const cname = others.filter((r) => typeOf(r) === 'CNAME')
    if (cname.length) {
      out.push({
        rule: 'cname-beside-others',
        field: 'name',
        text: `${type} record at ${name}, a name that is an alias (${list(cname)}): a CNAME must be the only record at its name, so the service refuses this record or resolvers ignore it. Pick another name, or remove the CNAME first.`,
      })
    }
  }
  return out
}
