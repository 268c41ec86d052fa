import { parseArgs } from 'node:util'
import { readConfig } from '../config'
import { createStore, type Store } from '../store'

const USAGE = `The audit log's tamper-evident chain (the same store the server uses: DATA_DIR, or DATABASE_URL).

  npm run audit -- verify

verify walks every entry from the oldest kept (after retention's last checkpoint) to the newest,
recomputes each hash and names the first entry that does not match. Exit code 0 when the whole chain
matches, 2 when it does not.`

class UsageError extends Error {}

/** Runs one command; resolves to the process's exit code. */
export async function runAuditCommand(argv: string[], store: Store, out: (line: string) => void): Promise<number> {
  const { positionals, values } = parseArgs({ args: argv, allowPositionals: true, options: { help: { type: 'boolean', short: 'h' } } })
  const [command] = positionals
  if (values.help || !command) {
    out(USAGE)
    return 0
  }
  if (command !== 'verify') throw new UsageError(`Unknown command "${command}".\n\n${USAGE}`)
  const r = await store.audit.verify()
  const from = r.anchorId ? ` (entries up to ${r.anchorId} were removed by retention; the chain starts after that checkpoint)` : ''
  if (r.ok) {
    out(r.verifiedUpTo === null ? `The audit log is empty: nothing to verify${from}.` : `Chain verified up to entry ${r.verifiedUpTo}: ${r.checked} entries match${from}.`)
    return 0
  }
  out(`The chain does not verify. ${r.reason}`)
  out(r.brokenAt !== null ? `First entry that does not match: ${r.brokenAt}.` : 'Every remaining entry matches, but the chain ends before its recorded head.')
  out(r.verifiedUpTo === null ? 'No entry verified.' : `Verified up to entry ${r.verifiedUpTo}${from}.`)
  return 2
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const config = readConfig(process.env, [])
  const store = createStore({ dataDir: config.dataDir, databaseUrl: config.databaseUrl })
  runAuditCommand(process.argv.slice(2), store, (line) => console.log(line))
    .then((code) => (process.exitCode = code))
    .catch((err) => {
      console.error(err instanceof UsageError || err instanceof TypeError ? err.message : String(err))
      process.exitCode = 1
    })
    .finally(() => void store.close())
}
