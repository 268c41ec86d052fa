import { useState } from 'react'
import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { applyApiErrors } from '@/components/form/apply-api-errors'
import { TextField } from '@/components/form/fields'
import { FormErrorSummary } from '@/components/form/form-error-summary'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { useToast } from '@/components/ui/toast'
import type { ApiErrorItem } from '@/lib/api-client'
import { ssoLinkSchema, type PersonView, type SsoLink } from '@/shared/schemas/people'
import { useLinkSso } from '../api/people'

/**
 * Links a single sign-on identity to a person: after a sign-in refused because the provider's user
 * name belongs to someone else here, the refusal page (and its audit entry) give the issuer and subject.
 */
export function SsoLinkDialog({ person, issuer, onClose }: { person: PersonView; issuer: string; onClose: () => void }) {
  const toast = useToast()
  const link = useLinkSso()
  const [serverErrors, setServerErrors] = useState<ApiErrorItem[]>([])
  const form = useForm<SsoLink>({ resolver: zodResolver(ssoLinkSchema), defaultValues: { issuer, subject: '' } })
  const save = form.handleSubmit((values) =>
    link.mutate(
      { id: person.id, link: values },
      {
        onSuccess: (p) => (toast.success('Linked', `${values.subject} now signs in as ${p.username}.`), onClose()),
        onError: (err) => setServerErrors(applyApiErrors(form, err)),
      },
    ),
  )
  return (
    <Dialog
      open
      onClose={onClose}
      title={`Link single sign-on to ${person.display_name}`}
      description={`The identity at the provider that signs in as ${person.username}. A refused single sign-on page and its audit entry show both values. A one-time password not yet replaced stops working.`}
      dismissible={!link.isPending}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={link.isPending}>
            Cancel
          </Button>
          <Button variant="primary" type="submit" form="sso-link-form" pending={link.isPending}>
            Link identity
          </Button>
        </>
      }
    >
      <form id="sso-link-form" onSubmit={save} noValidate className="space-y-4">
        <FormErrorSummary errors={serverErrors} title="Not linked" />
        <TextField
          control={form.control}
          name="issuer"
          label="Issuer"
          required
          autoComplete="off"
          help="The provider's URL, such as https://id.example.com."
        />
        <TextField
          control={form.control}
          name="subject"
          label="Subject (sub)"
          required
          autoComplete="off"
          help="The provider's fixed identifier of this person (not their user name)."
        />
      </form>
    </Dialog>
  )
}
