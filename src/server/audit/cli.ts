import { readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { readConfig } from '../config'
import { createStore, type Store } from '../store'

const USAGE = `The audit log's tamper-evident chain (the same store the server uses: DATA_DIR, or DATABASE_URL).

  npm run audit -- verify [--against <file>]
  npm run audit -- head

verify walks every entry from the oldest kept (after retention's last checkpoint) to the newest,
recomputes each hash and names the first entry that does not match. With AUDIT_CHAIN_KEY (or
AUDIT_CHAIN_KEY_FILE) set as for the server, it also checks every entry's signature and the head's.
--against <file>: a head printed earlier by \`head\` and kept outside the database; that entry must
still be in the chain with the same hash. Exit code 0 when the whole chain matches, 2 when it does not.

head prints the chain's newest entry and its hash as one line of JSON, to keep elsewhere (a file on
another machine, a ticket, a log the database's administrators cannot edit).`

class UsageError extends Error {}

/** Runs one command; resolves to the process's exit code. */
export async function runAuditCommand(argv: string[], store: Store, out: (line: string) => void): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { help: { type: 'boolean', short: 'h' }, against: { type: 'string' } },
  })
  const [command] = positionals
  if (values.help || !command) {
    out(USAGE)
    return 0
  }
  if (command === 'head') {
    out(JSON.stringify(await store.audit.head()))
    return 0
  }
  if (command !== 'verify') throw new UsageError(`Unknown command "${command}".\n\n${USAGE}`)
  const expect = values.against === undefined ? undefined : readHead(values.against)
  const r = await store.audit.verify({ expect })
  const from = r.anchorId ? ` (entries up to ${r.anchorId} were removed by retention; the chain starts after that checkpoint)` : ''
  if (r.ok) {
    out(r.verifiedUpTo === null ? `The audit log is empty: nothing to verify${from}.` : `Chain verified up to entry ${r.verifiedUpTo}: ${r.checked} entries match${from}.`)
    if (r.signedFrom !== null) out(`Signatures of the audit key checked from entry ${r.signedFrom}, and the head's.`)
    if (expect) out(expect.id > r.anchorId ? `Entry ${expect.id} matches the exported head.` : `Entry ${expect.id} of the exported head was removed by retention: not checked.`)
    return 0
  }
  out(`The chain does not verify. ${r.reason}`)
  out(r.brokenAt !== null ? `First entry that does not match: ${r.brokenAt}.` : 'Every remaining entry matches, but the chain ends before its recorded head.')
  out(r.verifiedUpTo === null ? 'No entry verified.' : `Verified up to entry ${r.verifiedUpTo}${from}.`)
  return 2
}

/** A head exported by `head`: `{"id":N,"hash":"<64 hex>"}`. */
function readHead(path: string): { id: number; hash: string } {
  let parsed: unknown
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'))
  } catch (err) {
    throw new UsageError(`Cannot read the exported head in ${path}: ${(err as Error).message}`)
  }
  const h = parsed as { id?: unknown; hash?: unknown }
  if (typeof h?.id !== 'number' || !Number.isInteger(h.id) || typeof h.hash !== 'string' || !/^[0-9a-f]{64}$/.test(h.hash)) {
    throw new UsageError(`${path} is not a head printed by \`npm run audit -- head\` ({"id":…,"hash":"…"}).`)
  }
  return { id: h.id, hash: h.hash }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const config = readConfig(process.env, [])
  const store = createStore({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, auditKey: config.auditKey })
  runAuditCommand(process.argv.slice(2), store, (line) => console.log(line))
    .then((code) => (process.exitCode = code))
    .catch((err) => {
      console.error(err instanceof UsageError || err instanceof TypeError ? err.message : String(err))
      process.exitCode = 1
    })
    .finally(() => void store.close())
}
