import { useState } from 'react'
import { zodResolver } from '@hookform/resolvers/zod'
import { useForm, useWatch } from 'react-hook-form'
import { applyApiErrors } from '@/components/form/apply-api-errors'
import { SelectField, TextField } from '@/components/form/fields'
import { FormErrorSummary } from '@/components/form/form-error-summary'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { useToast } from '@/components/ui/toast'
import type { ApiErrorItem } from '@/lib/api-client'
import { PASSWORD_HINT } from '@/shared/password-rule'
import {
  personFieldsSchema,
  personInputSchema,
  personPatchSchema,
  ROLE_NAMES,
  ROLE_TEXT,
  type PersonInput,
  type PersonView,
} from '@/shared/schemas/people'
import { useCreatePerson, useUpdatePerson } from '../api/people'
import { personChangeSummary } from '../lib/change-summary'
import { ZoneScopeField } from './zone-scope-field'

const ROLE_OPTIONS = ROLE_NAMES.map((value) => ({ value, label: ROLE_TEXT[value] }))
// Editing: the same fields minus username and password (those have their own actions).
const editSchema = personFieldsSchema.pick({ display_name: true, role: true, zones: true, email: true })

const EMAIL_HELP =
  'Where change-request mail goes: requests to approve, and the answer to their own requests. Leave it empty for none; they can add it themselves under Account.'

/** Who gave the address now there, when not an administrator (one typed here is theirs and stays). */
const EMAIL_FROM = {
  admin: '',
  self: 'The address now there was set by them.',
  sso: 'The address now there came from single sign-on; one typed here replaces it, and sign-in never changes it back.',
} as const

/** Adds a person, or changes one's display name, role and zones. */
export function PersonDialog({ person, onClose }: { person?: PersonView; onClose: () => void }) {
  const toast = useToast()
  const create = useCreatePerson()
  const update = useUpdatePerson()
  const [serverErrors, setServerErrors] = useState<ApiErrorItem[]>([])
  const form = useForm<PersonInput>({
    resolver: zodResolver(person ? (editSchema as unknown as typeof personInputSchema) : personInputSchema),
    defaultValues: person
      ? { username: person.username, display_name: person.display_name, role: person.role, zones: person.zones, password: '', email: person.email ?? '' }
      : { username: '', display_name: '', role: 'viewer', zones: '*', password: '', email: '' },
  })
  const role = useWatch({ control: form.control, name: 'role' })
  const pending = create.isPending || update.isPending
  const save = form.handleSubmit((values) => {
    const onError = (err: unknown) => setServerErrors(applyApiErrors(form, err))
    if (person) {
      const patch = personPatchSchema.parse({
        display_name: values.display_name,
        role: values.role,
        zones: values.role === 'admin' ? '*' : values.zones,
        email: values.email ?? null,
      })
      update.mutate(
        { id: person.id, patch },
        // Says what changed ("Nina's zones: added shop.example.com"), nothing else.
        { onSuccess: (p) => (toast.success('Saved', personChangeSummary(person, p)), onClose()), onError },
      )
    } else {
      create.mutate(values, {
        onSuccess: (p) => (
          toast.success('Person added', `${p.display_name} can sign in as ${p.username} with the password you chose.`),
          onClose()
        ),
        onError,
      })
    }
  })
  return (
    <Dialog
      open
      onClose={onClose}
      size="lg"
      title={person ? `Change ${person.display_name}` : 'Add a person'}
      description="People sign in with their own username and password. Their role decides what they may change; their zones decide what they see at all."
      dismissible={!pending}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button variant="primary" type="submit" form="person-form" pending={pending}>
            {person ? 'Save changes' : 'Add person'}
          </Button>
        </>
      }
    >
      <form id="person-form" onSubmit={save} noValidate className="space-y-4">
        <FormErrorSummary errors={serverErrors} title="Not saved" />
        {!person && (
          <TextField
            control={form.control}
            name="username"
            label="Username"
            required
            autoComplete="off"
            help="What they type to sign in: lower-case letters, digits, dots, dashes."
          />
        )}
        <TextField
          control={form.control}
          name="display_name"
          label="Display name"
          required
          autoComplete="off"
          help="Shown in the review ledger and beside their actions."
        />
        <TextField
          control={form.control}
          name="email"
          type="email"
          label="E-mail (optional)"
          autoComplete="off"
          spellCheck={false}
          placeholder="name@example.com"
          help={person?.email && person.email_source !== 'admin' ? `${EMAIL_HELP} ${EMAIL_FROM[person.email_source ?? 'admin']}` : EMAIL_HELP}
        />
        <SelectField control={form.control} name="role" label="Role" options={ROLE_OPTIONS} required />
        {role === 'admin' ? (
          <p className="text-sm text-zinc-700 dark:text-zinc-300">Administrators always see every zone.</p>
        ) : (
          <ZoneScopeField control={form.control} name="zones" />
        )}
        {!person && (
          <TextField
            control={form.control}
            name="password"
            type="password"
            label="Initial password"
            required
            autoComplete="new-password"
            help={`${PASSWORD_HINT} Give it to them privately.`}
          />
        )}
      </form>
    </Dialog>
  )
}
