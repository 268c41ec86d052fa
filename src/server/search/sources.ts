import type { Admission } from '../budget/budget'
import type { AccountScope } from '../accounts/scope'
import type { Store } from '../store'
import type { ForwardRequest, Send } from '../upstream'
import type { ReaderSource } from './reader'

export interface SourcesOptions {
  accounts: Pick<AccountScope, 'reached'>
  vault: Store['credentials']
  /**
   * Live: the send of everything this instance sends, a request's `via` choosing the stored
   * credential it goes out with (its answers read into that credential's budget); no `via`, the
   * environment's credential.
   */
  live?: Send
  /** Live: a credential's own budget's admission (undefined: the environment's). */
  admitVia?: (via: string | undefined, kind: 'long') => Admission
  /** The sandbox: the emulator, asked with the Bearer token a request names (`ForwardRequest.credential`). */
  sandbox?: (req: ForwardRequest) => Promise<Response>
}

/** The budget's key of a credential: `api` for the environment's (and the sandbox's own), `credential:<id>` for a stored one. */
const keyOf = (stored: string | undefined) => (stored ? `credential:${stored}` : 'api')

/**
 * The background reader's sources: every account the deployment reaches, each through the
 * credential a person's request naming it would go out through (accounts/scope.ts), spending that
 * credential's own budget (live) or asking the emulator with its token (the sandbox, whose estate
 * binds accounts to tokens).
 */
export function readerSources({ accounts, vault, live, admitVia, sandbox }: SourcesOptions): () => Promise<ReaderSource[]> {
  return async () => {
    const reached = await accounts.reached()
    return reached.map(({ id, route }): ReaderSource => {
      const stored = route.kind === 'stored' ? route.credential.id : undefined
      const credential = keyOf(stored)
      if (sandbox) {
        if (!stored) return { account: id, credential: route.kind === 'own' && route.token ? 'sandbox:agency' : credential, send: (req) => sandbox({ ...req, credential: route.kind === 'own' ? route.token : undefined }) }
        return {
          account: id,
          credential,
          send: async (req) => {
            // Read per call: a credential replaced on any instance counts at the next call.
            const secret = await vault.secretOf(stored)
            if (!secret) throw new Error(`No stored credential ${stored} (it may have been removed).`)
            return sandbox({ ...req, credential: secret.kind === 'token' ? secret.token : '' })
          },
        }
      }
      if (!live) throw new Error('The reader has neither a live send nor the sandbox.')
      return { account: id, credential, send: (req) => live({ ...req, via: stored }), admit: admitVia && (() => admitVia(stored, 'long')) }
    })
  }
}
