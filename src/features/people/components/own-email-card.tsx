import { useState } from 'react'
import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useForm } from 'react-hook-form'
import { applyApiErrors } from '@/components/form/apply-api-errors'
import { TextField } from '@/components/form/fields'
import { FormErrorSummary } from '@/components/form/form-error-summary'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/page-header'
import { useToast } from '@/components/ui/toast'
import { keys } from '@/lib/query-keys'
import { localCall, type ApiErrorItem } from '@/lib/api-client'
import { ownSettingsSchema, type EmailSourceName, type OwnSettings } from '@/shared/schemas/people'

const FROM: Record<EmailSourceName, string> = {
  admin: 'The address now there was set by an administrator.',
  self: 'You set the address now there.',
  sso: 'The address now there came from your single sign-on provider.',
}

/** The person's own e-mail address, where change-request mail to them goes. */
export function OwnEmailCard({ email, source }: { email: string | null; source: EmailSourceName | null }) {
  const toast = useToast()
  const qc = useQueryClient()
  const [serverErrors, setServerErrors] = useState<ApiErrorItem[]>([])
  const form = useForm<OwnSettings>({ resolver: zodResolver(ownSettingsSchema), defaultValues: { email: email ?? '' } })
  const save = useMutation({
    mutationFn: (body: OwnSettings) => localCall('PATCH', '/api/local/me', { body }),
    onSuccess: (me) => {
      qc.setQueryData(keys.me.all, me)
      form.reset({ email: me.person.email ?? '' })
      toast.success('E-mail saved', me.person.email ? `Change-request mail goes to ${me.person.email}.` : 'You will get no change-request mail.')
    },
    onError: (e) => setServerErrors(applyApiErrors(form, e)),
  })
  return (
    <Card title="E-mail" description="Where change-request mail to you goes: requests waiting for your approval, and the answer to your own." className="mt-4">
      <form
        noValidate
        className="space-y-3 p-4"
        onSubmit={form.handleSubmit((v) => (setServerErrors([]), save.mutate(v)))}
      >
        <FormErrorSummary errors={serverErrors} title="Not saved" />
        <TextField
          control={form.control}
          name="email"
          type="email"
          label="Your e-mail address (optional)"
          autoComplete="email"
          spellCheck={false}
          placeholder="name@example.com"
          help={`${email && source ? `${FROM[source]} ` : ''}Leave it empty to get no mail.`}
        />
        <Button type="submit" variant="primary" pending={save.isPending}>
          Save e-mail
        </Button>
      </form>
    </Card>
  )
}
