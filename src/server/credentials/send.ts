import { createHash } from 'node:crypto'
import type { Credential } from '../config'
import type { Store } from '../store'
import type { Send } from '../upstream'
import type { SendWith } from './verify'

const fingerprint = (c: Credential) => createHash('sha256').update(c.kind === 'token' ? `t:${c.token}` : `k:${c.email}:${c.key}`).digest('hex')

/**
 * A Send that uses one stored credential, whatever its secret is at the time of each call: the
 * secret is read (and opened) per call, so a Replace on any instance takes effect on the next call,
 * without a restart. The upstream made for a secret is kept until the secret changes.
 */
export function credentialSend(vault: Store['credentials'], id: string, sendWith: SendWith): Send {
  let kept: { print: string; send: Send } | undefined
  return async (req) => {
    const credential = await vault.secretOf(id)
    if (!credential) throw new Error(`No stored credential ${id} (it may have been removed).`)
    const print = fingerprint(credential)
    if (kept?.print !== print) kept = { print, send: sendWith(credential) }
    void vault.touch(id).catch(() => {})
    return kept.send(req)
  }
}
