import { zodResolver } from '@hookform/resolvers/zod'
import { useForm, useFormState, useWatch, type Control, type UseFormRegister } from 'react-hook-form'
import { applyApiErrors } from '@/components/form/apply-api-errors'
import { Field, inputBorder, inputClass } from '@/components/form/field'
import { SelectField, TextField } from '@/components/form/fields'
import { cn } from '@/lib/format'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { Card } from '@/components/ui/page-header'
import { useToast } from '@/components/ui/toast'
import {
  credentialInputSchema,
  credentialSecretSchema,
  type CredentialInput,
  type CredentialSecretInput,
  type CredentialView,
} from '@/shared/schemas/credentials'
import { useAddCredential, useReplaceCredential } from '../api/credentials'

const KINDS = [
  { value: 'token', label: 'API token (user cfut_, account cfat_, or older)' },
  { value: 'key', label: 'E-mail and global API key' },
]

/** Blank secret fields: after a save nothing typed stays in the form. */
const blank = { token: '', email: '', key: '' }

type SecretName = 'token' | 'key'

/**
 * A secret's input: a password field, never autofilled, and uncontrolled (registered, not bound):
 * React writes a bound input's value into its `value` attribute, so a controlled field would put
 * the secret into the page's markup while it is typed.
 */
function SecretInput({ control, register, name, label, help }: { control: Control<CredentialInput>; register: UseFormRegister<CredentialInput>; name: SecretName; label: string; help: string }) {
  const { errors } = useFormState({ control, name })
  const error = (errors as Partial<Record<SecretName, { message?: string }>>)[name]?.message
  return (
    <Field label={label} help={help} error={error}>
      {(aria) => <input {...aria} {...register(name)} type="password" autoComplete="off" spellCheck={false} className={cn(inputClass, inputBorder(!!error), 'font-mono')} />}
    </Field>
  )
}

/** The secret's fields: a token, or an e-mail and a global key. Never autofilled, never shown. */
function SecretFields({ control, register, kind }: { control: Control<CredentialInput> | Control<CredentialSecretInput>; register: UseFormRegister<CredentialInput> | UseFormRegister<CredentialSecretInput>; kind: 'token' | 'key' }) {
  const c = control as Control<CredentialInput>
  const r = register as UseFormRegister<CredentialInput>
  return kind === 'token' ? (
    <SecretInput control={c} register={r} name="token" label="API token" help="Paste the whole token. It is checked with the API before it is kept, and never shown again." />
  ) : (
    <>
      <TextField control={c} name="email" type="email" autoComplete="off" label="E-mail of the account" />
      <SecretInput control={c} register={r} name="key" label="Global API key" help="Checked with the API before it is kept, and never shown again." />
    </>
  )
}

/** Add a credential: a label and its secret, checked by the server with a live call. */
export function AddCredentialForm() {
  const add = useAddCredential()
  const toast = useToast()
  const form = useForm<CredentialInput>({ resolver: zodResolver(credentialInputSchema), defaultValues: { kind: 'token', label: '', ...blank } })
  const kind = useWatch({ control: form.control, name: 'kind' })
  const save = form.handleSubmit((v) =>
    add.mutate(v, {
      onSuccess: (added) => {
        form.reset({ kind: v.kind, label: '', ...blank })
        const reach = added.accounts?.length ? `It reaches ${added.accounts.map((a) => a.name).join(', ')}.` : 'The API listed no account for it.'
        toast.success('Credential added', `${added.label} was checked and stored. ${reach}`)
      },
      onError: (e) => {
        const rest = applyApiErrors(form, e)
        if (rest.length) toast.error('Not added', e)
      },
    }),
  )
  return (
    <Card title="Add a credential" description="Give it a label you will recognise (the client or account), then paste the secret." className="mt-4">
      <form onSubmit={save} noValidate className="grid max-w-xl gap-3">
        <TextField control={form.control} name="label" label="Label" autoComplete="off" help='For example "Acme Corp, DNS only".' />
        <SelectField control={form.control} name="kind" label="Kind" options={KINDS} />
        <SecretFields control={form.control} register={form.register} kind={kind} />
        <div>
          <Button type="submit" variant="primary" pending={add.isPending}>
            Check and add
          </Button>
        </div>
      </form>
    </Card>
  )
}

/** Replace a credential's secret (rotation): the next call to the API uses the new one, without a restart. */
export function ReplaceCredentialDialog({ credential, onClose }: { credential: CredentialView; onClose: () => void }) {
  const replace = useReplaceCredential()
  const toast = useToast()
  const form = useForm<CredentialSecretInput>({ resolver: zodResolver(credentialSecretSchema), defaultValues: { kind: credential.kind, ...blank, email: credential.email ?? '' } })
  const kind = useWatch({ control: form.control, name: 'kind' })
  const save = form.handleSubmit((v) =>
    replace.mutate(
      { id: credential.id, secret: v },
      {
        onSuccess: () => {
          form.reset({ kind: v.kind, ...blank })
          toast.success('Secret replaced', `${credential.label} uses the new secret from now on.`)
          onClose()
        },
        onError: (e) => {
          const rest = applyApiErrors(form, e)
          if (rest.length) toast.error('Not replaced', e)
        },
      },
    ),
  )
  return (
    <Dialog
      open
      onClose={onClose}
      dismissible={!replace.isPending}
      title={`Replace the secret of ${credential.label}`}
      description="Paste the new secret. It is checked with the API first; if the API refuses it, the old one stays in use."
      footer={
        <>
          <Button onClick={onClose} disabled={replace.isPending}>
            Cancel
          </Button>
          <Button type="submit" form="replace-credential" variant="primary" pending={replace.isPending}>
            Check and replace
          </Button>
        </>
      }
    >
      <form id="replace-credential" onSubmit={save} noValidate className="grid gap-3">
        <SelectField control={form.control} name="kind" label="Kind" options={KINDS} />
        <SecretFields control={form.control} register={form.register} kind={kind} />
      </form>
    </Dialog>
  )
}
