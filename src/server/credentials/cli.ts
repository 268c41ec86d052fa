import { userInfo } from 'node:os'
import { parseArgs } from 'node:util'
import { credentialInputSchema } from '../../shared/schemas/credentials'
import { readConfig, type ServerConfig } from '../config'
import { openSandbox } from '../data'
import { createStore, NO_KEY_MESSAGE, type Store } from '../store'
import { createUpstream } from '../upstream'
import { emulatorSendWith, verifyCredential, type SendWith } from './verify'

const USAGE = `Manage the deployment's stored API credentials (the vault; the same store and key as the server:
DATA_DIR or DATABASE_URL, and CREDENTIALS_KEY or CREDENTIALS_KEY_FILE).

  npm run credentials -- add --label "Client A"                          < token-file
  npm run credentials -- add --label "Client B" --email ops@example.com < global-key-file
  npm run credentials -- list
  npm run credentials -- remove <id>

add reads the token (or, with --email, the global API key) from standard input, never from the
command line, where other users of the machine could read it (ps). It is checked with a live call
first (live mode: API_BASE_URL; sandbox: the sandbox) and stored only if the API accepts it.`

export class CredentialsUsageError extends Error {}

export interface CredentialsCliDeps {
  store: Store
  sendWith: SendWith
  /** The whole of standard input: the secret. */
  readSecret: () => Promise<string>
  out: (line: string) => void
  /** Who is recorded as having added it. */
  by: string
}

export async function runCredentialsCommand(argv: string[], deps: CredentialsCliDeps): Promise<void> {
  const { store, out } = deps
  const { positionals, values } = parseArgs({ args: argv, allowPositionals: true, options: { label: { type: 'string' }, email: { type: 'string' } } })
  const [command, id] = positionals
  switch (command) {
    case 'add': {
      if (!store.credentials.hasKey) throw new CredentialsUsageError(NO_KEY_MESSAGE)
      const secret = (await deps.readSecret()).trim()
      if (!secret) throw new CredentialsUsageError(`Give the ${values.email ? 'global API key' : 'token'} on standard input, for example: npm run credentials -- add --label "Client A" < token-file`)
      const parsed = credentialInputSchema.safeParse(values.email ? { kind: 'key', label: values.label, email: values.email, key: secret } : { kind: 'token', label: values.label, token: secret })
      if (!parsed.success) throw new CredentialsUsageError(parsed.error.issues.map((i) => i.message).join('\n'))
      const body = parsed.data
      const credential = body.kind === 'token' ? { kind: 'token' as const, token: body.token } : { kind: 'key' as const, email: body.email, key: body.key }
      const verdict = await verifyCredential(deps.sendWith(credential), credential)
      if (!verdict.ok) throw new CredentialsUsageError(`Not stored: ${verdict.message}`)
      const added = await store.credentials.add({ label: body.label, credential, check: verdict.check, by: deps.by })
      const reach = added.accounts.length ? added.accounts.map((a) => a.name).join(', ') : 'no account listed'
      return out(`Stored "${added.label}" (${added.id}), ${added.family} ${added.kind}; reaches ${reach}${added.expiresOn ? `; expires ${added.expiresOn}` : ''}.`)
    }
    case 'list': {
      const all = await store.credentials.list()
      if (!all.length) return out('No stored credentials.')
      for (const c of all) {
        out([c.id, c.label, `${c.family} ${c.kind}`, c.accounts.map((a) => a.name).join(', ') || '-', c.expiresOn ?? 'no expiry', `added by ${c.createdBy}`].join('\t'))
      }
      return
    }
    case 'remove': {
      if (!id) throw new CredentialsUsageError('Name the credential to remove: its id (see: npm run credentials -- list).')
      const gone = await store.credentials.remove(id)
      if (!gone) throw new CredentialsUsageError(`No stored credential ${id}. See: npm run credentials -- list`)
      return out(`Removed "${gone.label}" (${gone.id}).`)
    }
    default:
      throw new CredentialsUsageError(command ? `Unknown command "${command}".\n\n${USAGE}` : USAGE)
  }
}

async function readStdin(): Promise<string> {
  if (process.stdin.isTTY) process.stderr.write('Paste the secret, then press Enter and Ctrl-D: ')
  const chunks: Buffer[] = []
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

/** Live: the API at API_BASE_URL; sandbox: the sandbox's own emulator (closed when done). */
function checker(config: ServerConfig): { sendWith: SendWith; close: () => void } {
  if (config.mode === 'live') {
    return { sendWith: (credential) => createUpstream({ baseUrl: config.apiBaseUrl, credential, timeoutMs: config.upstreamTimeoutMs }), close: () => {} }
  }
  let emulator: ReturnType<typeof openSandbox> | undefined
  return {
    sendWith: (credential) => emulatorSendWith((emulator ??= openSandbox(config)))(credential),
    close: () => emulator?.close(),
  }
}

// Run as a script: npm run credentials -- …
if (import.meta.url === `file://${process.argv[1]}`) {
  const config = readConfig(process.env, [])
  const store = createStore({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, auditKey: config.auditKey, credentialsKey: config.credentialsKey })
  const check = checker(config)
  runCredentialsCommand(process.argv.slice(2), { store, sendWith: check.sendWith, readSecret: readStdin, out: (line) => console.log(line), by: `command line (${userInfo().username})` })
    .catch((err) => {
      console.error(err instanceof CredentialsUsageError || err instanceof TypeError ? err.message : String(err))
      process.exitCode = 1
    })
    .finally(() => {
      check.close()
      // Exit at once: a live check's keep-alive connection would hold the process for seconds.
      void store.close().finally(() => process.exit())
    })
}
