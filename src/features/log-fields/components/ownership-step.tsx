import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import type { Control, UseFormSetValue } from 'react-hook-form'
import { TextField } from '@/components/form/fields'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { ErrorView } from '@/components/ui/error-view'
import { healthQueryOptions } from '@/lib/health'
import type { LogpushJobCreate, OwnershipChallengeResult } from '@/shared/schemas/logpush'
import { useRequestOwnershipChallenge, useValidateOwnershipChallenge } from '../api/ownership-challenge'
import { tokenInMessage } from '../lib/destination'

interface OwnershipStepProps {
  zoneId: string
  control: Control<LogpushJobCreate>
  setValue: UseFormSetValue<LogpushJobCreate>
  destination: string
  /** False while the destination is not a complete, valid address yet. */
  ready: boolean
  token: string
}

/**
 * Proof of ownership for storage destinations (s3, gs, azure, sumo), one step before creating the
 * job: the service writes a file holding a token to the destination; the person pastes the token.
 * In the sandbox no file is written: the token is shown with Copy and "Fill in the token".
 */
export function OwnershipStep({ zoneId, control, setValue, destination, ready, token }: OwnershipStepProps) {
  const sandbox = useQuery(healthQueryOptions()).data?.mode === 'sandbox'
  const request = useRequestOwnershipChallenge(zoneId)
  const check = useValidateOwnershipChallenge(zoneId)
  const [result, setResult] = useState<{ destination: string; challenge: OwnershipChallengeResult } | null>(null)
  const [copied, setCopied] = useState(false)
  const current = result?.destination === destination ? result.challenge : null
  const sandboxToken = sandbox ? tokenInMessage(current?.message) : undefined
  const body = JSON.stringify({ destination_conf: destination }, null, 2)
  const copy = async (value: string) => {
    await navigator.clipboard.writeText(value).catch(() => undefined)
    setCopied(true)
  }
  return (
    <section
      aria-labelledby="ownership-title"
      className="space-y-3 rounded-md border border-blue-200 bg-blue-50/50 p-4 dark:border-blue-900 dark:bg-blue-950/30"
    >
      <h3 id="ownership-title" className="text-sm font-semibold">
        Before you create the job: prove that you own this destination
      </h3>
      <ol className="list-decimal space-y-1 pl-5 text-sm text-zinc-700 dark:text-zinc-300">
        <li>Request a challenge: the service writes a small file holding a token (valid 7 days) into the destination.</li>
        <li>{sandbox ? 'Copy the token shown here (the sandbox writes no file).' : 'Open that file in your storage and copy its whole content.'}</li>
        <li>Paste it as the ownership token and check it. Then create the job.</li>
      </ol>
      <pre className="overflow-x-auto rounded bg-zinc-900 p-3 font-mono text-xs text-zinc-100" aria-label="Request that produces the ownership challenge">
        {`POST /client/v4/zones/${zoneId}/logpush/ownership\nContent-Type: application/json\n\n${body}`}
      </pre>
      <div className="flex flex-wrap items-center gap-3">
        <Button
          disabled={!ready}
          pending={request.isPending}
          onClick={() => request.mutate(destination, { onSuccess: (challenge) => (setResult({ destination, challenge }), setCopied(false)) })}
        >
          Request ownership challenge
        </Button>
        {!ready && <span className="text-sm text-zinc-600 dark:text-zinc-400">Finish the destination address first.</span>}
      </div>
      {request.isError && <ErrorView error={request.error} title="The challenge could not be requested" />}
      {current && (
        <div className="space-y-2 text-sm" role="status">
          {sandbox ? (
            <p>
              Sandbox: no file was written, as there is no real storage. The live service would write{' '}
              <span className="font-mono break-all">{current.filename}</span> holding this token:
            </p>
          ) : (
            <p>
              The service wrote <span className="font-mono break-all">{current.filename}</span> to the destination. Open it and paste its
              whole content below.
            </p>
          )}
          {sandboxToken && (
            <>
              <code aria-label="Challenge token" className="block rounded bg-white p-2 font-mono text-xs break-all dark:bg-zinc-900">
                {sandboxToken}
              </code>
              <div className="flex flex-wrap gap-2">
                <Button size="sm" onClick={() => void copy(sandboxToken)}>
                  {copied ? 'Copied' : 'Copy token'}
                </Button>
                <Button size="sm" variant="primary" onClick={() => setValue('ownership_challenge', sandboxToken, { shouldDirty: true })}>
                  Fill in the token
                </Button>
              </div>
            </>
          )}
          {!sandbox && current.message && <p className="break-words text-zinc-700 dark:text-zinc-300">{current.message}</p>}
        </div>
      )}
      <TextField control={control} name="ownership_challenge" label="Ownership token" mono autoComplete="off" spellCheck={false} help="The whole content of the challenge file." />
      <div className="flex items-center gap-2">
        <Button size="sm" disabled={!token || !ready} pending={check.isPending} onClick={() => check.mutate({ destination, token: token.trim() })}>
          Check token
        </Button>
        {check.data && check.variables?.token === token.trim() && check.variables.destination === destination && (check.data.valid ? <Badge tone="success">Token valid</Badge> : <Badge tone="danger">Token not valid for this destination</Badge>)}
      </div>
    </section>
  )
}
