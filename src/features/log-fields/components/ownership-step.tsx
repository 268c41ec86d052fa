import { useState } from 'react'
import type { Control } from 'react-hook-form'
import { TextField } from '@/components/form/fields'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { ErrorView } from '@/components/ui/error-view'
import type { LogpushJobCreate, OwnershipChallengeResult } from '@/shared/schemas/logpush'
import { useRequestOwnershipChallenge, useValidateOwnershipChallenge } from '../api/ownership-challenge'

interface OwnershipStepProps {
  zoneId: string
  control: Control<LogpushJobCreate>
  destination: string
  token: string
}

/**
 * Proof of ownership for storage destinations (s3, gs, azure, sumo): the service writes a file
 * holding a token to the destination; the user reads it there and pastes the token.
 */
export function OwnershipStep({ zoneId, control, destination, token }: OwnershipStepProps) {
  const request = useRequestOwnershipChallenge(zoneId)
  const check = useValidateOwnershipChallenge(zoneId)
  const [result, setResult] = useState<{ destination: string; challenge: OwnershipChallengeResult } | null>(null)
  const current = result?.destination === destination ? result.challenge : null
  const body = JSON.stringify({ destination_conf: destination }, null, 2)
  return (
    <div className="space-y-3 rounded-md border border-blue-200 bg-blue-50/50 p-4 dark:border-blue-900 dark:bg-blue-950/30">
      <h3 className="text-sm font-semibold">Prove that you own this destination</h3>
      <p className="text-sm text-zinc-700 dark:text-zinc-300">
        The service writes a file holding a token (valid 7 days) to the destination. Open that file in your storage and paste the token below. This request produces it:
      </p>
      <pre className="overflow-x-auto rounded bg-zinc-900 p-3 font-mono text-xs text-zinc-100" aria-label="Request that produces the ownership challenge">
        {`POST /client/v4/zones/${zoneId}/logpush/ownership\nContent-Type: application/json\n\n${body}`}
      </pre>
      <Button
        pending={request.isPending}
        onClick={() => request.mutate(destination, { onSuccess: (challenge) => setResult({ destination, challenge }) })}
      >
        Request ownership challenge
      </Button>
      {request.isError && <ErrorView error={request.error} title="The challenge could not be requested" />}
      {current && (
        <div className="text-sm" role="status">
          <p>
            The service wrote <span className="font-mono break-all">{current.filename}</span> to the destination.
          </p>
          {current.message && <p className="mt-1 break-words text-zinc-700 dark:text-zinc-300">{current.message}</p>}
        </div>
      )}
      <TextField control={control} name="ownership_challenge" label="Ownership token" mono autoComplete="off" spellCheck={false} help="The whole content of the challenge file." />
      <div className="flex items-center gap-2">
        <Button size="sm" disabled={!token} pending={check.isPending} onClick={() => check.mutate({ destination, token })}>
          Check token
        </Button>
        {check.data && check.variables?.token === token && check.variables.destination === destination && (check.data.valid ? <Badge tone="success">Token valid</Badge> : <Badge tone="danger">Token not valid for this destination</Badge>)}
      </div>
    </div>
  )
}
