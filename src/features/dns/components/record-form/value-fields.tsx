import type { FieldPath } from 'react-hook-form'
import { NumberField, SelectField, TextareaField, TextField } from '@/components/form/fields'
import { isDataType, type DnsRecordType } from '@/shared/dns/record-types'
import { DATA_FIELD_SPECS } from '../../lib/data-field-specs'
import type { RecordFormValues } from '../../lib/record-form-values'
import type { RecordControl } from './record-resolver'
import { TxtField } from './txt-field'

type Props = { control: RecordControl; type: DnsRecordType; zoneName: string }

function contentField(type: DnsRecordType, zoneName: string): { label: string; help: string; placeholder: string } {
  switch (type) {
    case 'A':
      return { label: 'IPv4 address', placeholder: '192.0.2.1', help: 'The address of your server, four numbers from 0 to 255 separated by dots. Addresses of the service\'s own network are not allowed.' }
    case 'AAAA':
      return { label: 'IPv6 address', placeholder: '2001:db8::1', help: 'The IPv6 address of your server. It is saved in its shortest standard form.' }
    case 'CNAME':
      return { label: 'Target', placeholder: 'shops.myhost.com', help: `The name this one is an alias of; visitors get whatever it answers. Use @ for ${zoneName} itself. It cannot be the record's own name.` }
    case 'MX':
      return { label: 'Mail server', placeholder: `mail.${zoneName}`, help: 'The host name of the server that receives the mail (not an IP address).' }
    case 'NS':
      return { label: 'Name server', placeholder: 'ns1.other-dns.net', help: 'The name server that should answer for this name and everything under it.' }
    case 'PTR':
      return { label: 'Domain name', placeholder: `host.${zoneName}`, help: 'The name this address points back to.' }
    default:
      return { label: 'Public key', placeholder: '', help: 'The OpenPGP public key, in base64.' }
  }
}

const priorityHelp = 'Lower numbers are tried first; give backup servers a higher number.'

/** The value of the record: one content field, or the separate data fields of the type. */
/** `sameNameWarning`: what the value would break beside the records already at the name (a second SPF record). */
export function ValueFields({ control, type, zoneName, sameNameWarning }: Props & { sameNameWarning?: string }) {
  if (type === 'TXT') {
    return <TxtField control={control} sameNameWarning={sameNameWarning} />
  }
  if (!isDataType(type)) {
    const f = contentField(type, zoneName)
    const field =
      type === 'OPENPGPKEY' ? (
        <TextareaField control={control} name="content" label={f.label} required rows={4} mono help={f.help} />
      ) : (
        <TextField control={control} name="content" label={f.label} required mono placeholder={f.placeholder} help={f.help} spellCheck={false} autoComplete="off" />
      )
    return type === 'MX' ? (
      <div className="grid gap-4 sm:grid-cols-[1fr_12rem]">
        {field}
        <NumberField control={control} name="priority" label="Priority" required min={0} max={65_535} help={priorityHelp} />
      </div>
    ) : (
      field
    )
  }
  const specs = DATA_FIELD_SPECS[type]
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2">
      <legend className="mb-2 text-sm font-semibold text-zinc-900 dark:text-zinc-100">{type} fields</legend>
      {type === 'URI' && <NumberField control={control} name="priority" label="Priority" required min={0} max={65_535} help={priorityHelp} />}
      {specs.map((s) => {
        const name = `data.${s.key}` as FieldPath<RecordFormValues>
        const common = { control, name, label: s.label, help: s.help || undefined, required: !(s.kind === 'text' && ['value', 'regex', 'flags', 'service'].includes(s.key)) }
        const wide = s.kind === 'textarea' || s.key === 'target' || s.key === 'value' ? 'sm:col-span-2' : undefined
        if (s.kind === 'int' || s.kind === 'number') return <NumberField key={s.key} {...common} min={s.min} max={s.max} placeholder={`e.g. ${s.example}`} />
        if (s.kind === 'select') return <SelectField key={s.key} {...common} options={s.options ?? []} />
        if (s.kind === 'textarea') return <TextareaField key={s.key} {...common} className={wide} rows={3} mono placeholder={`e.g. ${s.example}`} />
        return <TextField key={s.key} {...common} className={wide} mono={s.mono} placeholder={`e.g. ${s.example}`} spellCheck={false} autoComplete="off" />
      })}
    </fieldset>
  )
}
