import { Field, inputBorder, inputClass } from '@/components/form/field'
import { DNS_RECORD_TYPE_LABELS, DNS_RECORD_TYPES, type DnsRecordType } from '@/shared/dns/record-types'
import { cn } from '@/lib/format'

/** What each record type is for, in plain words (shown under the type picker). */
const TYPE_HELP: Partial<Record<DnsRecordType, string>> = {
  A: 'Points a name to a server by its IPv4 address. The usual choice for a website.',
  AAAA: 'Points a name to a server by its IPv6 address.',
  CNAME: 'Makes a name an alias of another name, which does the answering (for example a hosted shop).',
  MX: 'Says which servers receive e-mail for a name.',
  TXT: 'Publishes text that other services read: SPF, DKIM, DMARC, ownership checks.',
  CAA: 'Says which certificate authorities may issue certificates for a name.',
  SRV: 'Says where a service (such as SIP or XMPP) is offered: host and port.',
  NS: 'Hands a subdomain over to other name servers.',
}

/** The record type picker (create only: a saved record's type cannot change). */
export function TypeField({ value, onChange, disabled }: { value: DnsRecordType; onChange: (t: DnsRecordType) => void; disabled?: boolean }) {
  return (
    <Field label="Type" required help={TYPE_HELP[value] ?? DNS_RECORD_TYPE_LABELS[value]}>
      {(aria) => (
        <select
          {...aria}
          value={value}
          disabled={disabled}
          onChange={(e) => onChange(e.target.value as DnsRecordType)}
          className={cn(inputClass, inputBorder(false), 'max-w-md pr-8')}
        >
          {DNS_RECORD_TYPES.map((t) => (
            <option key={t} value={t}>
              {t}: {DNS_RECORD_TYPE_LABELS[t]}
            </option>
          ))}
        </select>
      )}
    </Field>
  )
}
