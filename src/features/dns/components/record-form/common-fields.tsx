import { useWatch } from 'react-hook-form'
import { ChipsField } from '@/components/form/chips-field'
import { Field, inputBorder, inputClass } from '@/components/form/field'
import { SelectField, TextField } from '@/components/form/fields'
import { SwitchField } from '@/components/form/switch-field'
import { cn } from '@/lib/format'
import { hostCovers, wildcardRuleText } from '@/shared/certificates/coverage'
import { canBeProxied } from '@/shared/dns/proxiable'
import { bothNameForms, toAsciiName } from '@/shared/dns/idn'
import { nameWarnings, toFqdn } from '@/shared/dns/names'
import { RECORD_ATTRIBUTE_LIMITS, type PlanTier } from '@/shared/dns/plan-limits'
import { formatTtl, isProxiableType, TTL_AUTO, TTL_AUTO_SECONDS, type DnsRecordType } from '@/shared/dns/record-types'
import { useActiveCertificateHosts } from '../../api/get-certificate-hosts'
import type { RecordControl } from './record-resolver'

type Props = { control: RecordControl; type: DnsRecordType; zoneName: string }

const TTL_CHOICES = [TTL_AUTO, 60, 120, 300, 600, 900, 1800, 3600, 7200, 18_000, 43_200, 86_400]
const ttlLabel = (t: number) => (t === TTL_AUTO ? `Auto (${TTL_AUTO_SECONDS / 60} minutes)` : formatTtl(t))

/** `sameNameWarning`: what the record would break beside the records already at the name. */
export function NameField({ control, type, zoneName, sameNameWarning }: Props & { sameNameWarning?: string }) {
  const name = useWatch({ control, name: 'name' }) ?? ''
  const typed = name.trim() ? toFqdn(name, zoneName) : undefined
  // An internationalised name (café) in both forms: as read, and as stored (xn--caf-dma).
  const fqdn = typed && bothNameForms(typed)
  const warnings = [...nameWarnings(name), ...(sameNameWarning ? [sameNameWarning] : [])]
  const serviceHint =
    type === 'SRV' || type === 'TLSA' || type === 'URI'
      ? ' For this type the name starts with the service and protocol, such as _sip._tcp (or _443._tcp.www for TLSA).'
      : ''
  return (
    <TextField
      control={control}
      name="name"
      label="Name"
      required
      mono
      spellCheck={false}
      autoComplete="off"
      placeholder="www or @"
      warning={warnings.length ? warnings.join(' ') : undefined}
      help={`Use @ for ${zoneName} itself, or a name such as www (saved as www.${zoneName}). Use letters, digits and hyphens (letters with accents or in other scripts, such as café, are saved in their ASCII form xn--caf-dma); each part between dots is at most 63 characters and starts and ends with a letter or digit (such as 3d or 20230601._domainkey). A * alone as the first part matches every name without its own record.${serviceHint}`}
      helpExtra={
        fqdn && (
          <span className="mt-1 block">
            Full name: <span className="font-mono text-zinc-900 dark:text-zinc-100">{fqdn}</span>
          </span>
        )
      }
    />
  )
}

const PROXY_HELP =
  'Proxied: visitors connect to the service, which passes the traffic on to your server. Your server\'s address stays hidden, and you get caching and attack protection. DNS only: the address is given out as it is. Only A, AAAA and CNAME records can be proxied, because only they lead visitors to a web server.'

/**
 * Said before saving when the record is proxied (visitors reach the name over HTTPS through the
 * service) and no active certificate of the zone covers its full name. Nothing while
 * the certificates load or when they cannot be read: the Certificates page has the full check.
 */
function useCoverageWarning(control: RecordControl, zoneId: string | undefined, zoneName: string, on: boolean): string | undefined {
  const name = useWatch({ control, name: 'name' }) ?? ''
  const hosts = useActiveCertificateHosts(zoneId ?? '', on && zoneId !== undefined && name.trim() !== '')
  if (!on || !zoneId || !name.trim() || !hosts.data) return undefined
  const fqdn = toFqdn(toAsciiName(name), zoneName)
  if (!fqdn || hosts.data.some((h) => hostCovers(h, fqdn))) return undefined
  return `No certificate on this zone covers ${bothNameForms(fqdn)}: visitors will see a certificate error. ${wildcardRuleText(fqdn)} Order a certificate for it on the Certificates page, or leave it DNS only.`
}

/** Proxy status and TTL: proxying only for A, AAAA and CNAME, and a proxied record always has TTL Auto. */
export function ProxyAndTtlFields({ control, type, zoneName, zoneId }: Props & { zoneId?: string }) {
  const proxied = useWatch({ control, name: 'proxied' })
  const content = useWatch({ control, name: 'content' }) ?? ''
  const ttl = useWatch({ control, name: 'ttl' })
  const proxiable = isProxiableType(type)
  const coverageWarning = useCoverageWarning(control, zoneId, zoneName, proxiable && proxied === true)
  const privateWarning =
    proxiable && !canBeProxied(type, content)
      ? `${content.trim()} is a private address, reachable only inside your own network, so it cannot be proxied.`
      : coverageWarning
  const ttlHelp = `How long other DNS servers may remember (cache) this answer before asking again. Auto means the service picks it: ${TTL_AUTO_SECONDS} seconds (5 minutes).`
  const options = [...new Set([...TTL_CHOICES, ttl ?? TTL_AUTO])].sort((a, b) => a - b).map((t) => ({ value: t, label: ttlLabel(t) }))
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {proxiable ? (
        <SwitchField control={control} name="proxied" label="Proxy status" onLabel="Proxied" offLabel="DNS only" help={PROXY_HELP} warning={privateWarning} />
      ) : (
        <div className="text-sm">
          <p className="font-medium text-zinc-900 dark:text-zinc-100">Proxy status: DNS only</p>
          <p className="mt-1.5 text-zinc-600 dark:text-zinc-400">
            Only A, AAAA and CNAME records can be proxied: they lead visitors to a web server, which is what the proxy stands in front
            of. {type} records are read directly by other systems (mail servers, certificate authorities, apps), so they are always DNS only.
          </p>
        </div>
      )}
      {proxied && proxiable ? (
        <Field
          label="TTL"
          help={`${ttlHelp} A proxied record always uses Auto: visitors are given the service's own addresses, which the service manages, so it decides how long they are cached.`}
        >
          {(aria) => (
            <select {...aria} disabled value={TTL_AUTO} className={cn(inputClass, inputBorder(false))}>
              <option value={TTL_AUTO}>{ttlLabel(TTL_AUTO)}</option>
            </select>
          )}
        </Field>
      ) : (
        <SelectField control={control} name="ttl" label="TTL" options={options} help={`${ttlHelp} Shorter means changes spread faster; longer means fewer lookups.`} />
      )}
    </div>
  )
}

export function CommentAndTagsFields({ control, tier }: { control: RecordControl; tier?: PlanTier }) {
  const commentMax = RECORD_ATTRIBUTE_LIMITS[tier ?? 'paid'].comment
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        control={control}
        name="comment"
        label="Comment (optional)"
        help={`A note for your team, at most ${commentMax} characters${tier === 'free' ? ' on the Free plan' : ''}. It is not published in DNS.`}
      />
      <ChipsField
        control={control}
        name="tags"
        label="Tags (optional)"
        placeholder="env:production"
        help={
          tier === 'free'
            ? 'Tags are only available on paid plans; this zone is on the Free plan. Use the comment instead.'
            : `Labels to find records later, written name:value (such as env:production), at most ${RECORD_ATTRIBUTE_LIMITS.paid.tags} per record. Press Enter after each one.`
        }
      />
    </div>
  )
}
