import { parseArgs } from 'node:util'
import { roleSchema, usernameSchema, zoneScopeSchema } from '../../shared/schemas/people'
import { generatePassword, hashPassword } from '../auth/passwords'
import { readConfig } from '../config'
import { createStore, type Store } from '../store'

const USAGE = `Manage the dashboard's people (the same store the server uses: DATA_DIR, or DATABASE_URL).

  npm run people -- add <username> --role viewer|reviewer|editor|admin [--zones a.com,b.com] [--name "Display name"]
  npm run people -- list
  npm run people -- reset-password <username>
  npm run people -- disable <username>
  npm run people -- enable <username>
  npm run people -- tokens <username>
  npm run people -- revoke-token <username> <token id or prefix>|--all

add and reset-password print a one-time password: give it to the person, who signs in with it at /login.
reset-password and disable also revoke the person's personal API tokens.`

class UsageError extends Error {}

function parseZones(raw: string | undefined): '*' | string[] {
  if (!raw || raw.trim() === '*') return '*'
  const r = zoneScopeSchema.safeParse(
    raw
      .split(',')
      .map((z) => z.trim())
      .filter(Boolean),
  )
  if (!r.success) throw new UsageError(r.error.issues[0].message)
  return r.data
}

function parseUsername(raw: string | undefined): string {
  const r = usernameSchema.safeParse(raw ?? '')
  if (!r.success) throw new UsageError(raw ? r.error.issues[0].message : 'Name the person: a username.')
  return r.data
}

async function withPerson(store: Store, raw: string | undefined) {
  const username = parseUsername(raw)
  const person = await store.people.byUsername(username)
  if (!person) throw new UsageError(`Nobody is called ${username}. See: npm run people -- list`)
  return person
}

export async function runPeopleCommand(argv: string[], store: Store, out: (line: string) => void): Promise<void> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      role: { type: 'string' },
      zones: { type: 'string' },
      name: { type: 'string' },
      all: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  })
  const [command, target] = positionals
  if (values.help || !command) return out(USAGE)
  switch (command) {
    case 'add': {
      const username = parseUsername(target)
      const role = roleSchema.safeParse(values.role)
      if (!role.success) throw new UsageError('Give a role: --role viewer, reviewer, editor or admin.')
      const password = generatePassword()
      const person = await store.people.add({
        username,
        displayName: values.name?.trim() || username,
        role: role.data,
        zones: parseZones(values.zones),
        passwordHash: await hashPassword(password),
        mustChangePassword: true,
      })
      if (!person) throw new UsageError(`The username ${username} is taken.`)
      const zones = person.zones === '*' ? 'all zones' : person.zones.join(', ')
      return out(`Added ${username} (${person.role}, ${zones}). One-time password: ${password}`)
    }
    case 'list': {
      const people = await store.people.list()
      if (!people.length) return out('Nobody yet. Add the first administrator: npm run people -- add <username> --role admin')
      for (const p of people) {
        out(
          `${p.username}\t${p.role}\t${p.zones === '*' ? 'all zones' : p.zones.join(',')}\t${p.disabled ? 'disabled' : 'active'}\t${p.displayName}`,
        )
      }
      return
    }
    case 'reset-password': {
      const person = await withPerson(store, target)
      const password = generatePassword()
      await store.people.update(person.id, { passwordHash: await hashPassword(password), mustChangePassword: true })
      const ended = await store.sessions.endAll(person.id)
      const revoked = await store.apiTokens.revokeAll(person.id)
      return out(
        `New one-time password for ${person.username}: ${password} (${ended} session(s) ended, ${revoked} API token(s) revoked)`,
      )
    }
    case 'disable':
    case 'enable': {
      const person = await withPerson(store, target)
      await store.people.update(person.id, { disabled: command === 'disable' })
      const ended = command === 'disable' ? await store.sessions.endAll(person.id) : 0
      const revoked = command === 'disable' ? await store.apiTokens.revokeAll(person.id) : 0
      return out(
        command === 'disable'
          ? `Disabled ${person.username}; ${ended} session(s) ended, ${revoked} API token(s) revoked.`
          : `Enabled ${person.username}.`,
      )
    }
    case 'tokens': {
      const person = await withPerson(store, target)
      const tokens = await store.apiTokens.list(person.id)
      if (!tokens.length) return out(`${person.username} has no personal API tokens.`)
      for (const t of tokens) {
        const used = t.lastUsedAt === null ? 'never used' : `last used ${new Date(t.lastUsedAt).toISOString()}`
        out(`${t.id}\t${t.prefix}…\t${t.name}\tcreated ${new Date(t.createdAt).toISOString()}\t${used}`)
      }
      return
    }
    case 'revoke-token': {
      const person = await withPerson(store, target)
      if (values.all) return out(`Revoked ${await store.apiTokens.revokeAll(person.id)} API token(s) of ${person.username}.`)
      const which = positionals[2]?.replace(/…$/, '')
      if (!which) throw new UsageError('Name the token: its id or prefix (see: npm run people -- tokens <username>), or --all.')
      const matches = (await store.apiTokens.list(person.id)).filter((t) => t.id === which || t.prefix === which)
      if (matches.length !== 1) {
        throw new UsageError(
          matches.length ? `Several tokens start with ${which}: use the id.` : `${person.username} has no token ${which}.`,
        )
      }
      await store.apiTokens.revoke(person.id, matches[0].id)
      return out(`Revoked the token "${matches[0].name}" (${matches[0].prefix}…) of ${person.username}.`)
    }
    default:
      throw new UsageError(`Unknown command "${command}".\n\n${USAGE}`)
  }
}

// Run as a script: npm run people -- …
if (import.meta.url === `file://${process.argv[1]}`) {
  const config = readConfig(process.env, [])
  const store = createStore({ dataDir: config.dataDir, databaseUrl: config.databaseUrl })
  runPeopleCommand(process.argv.slice(2), store, (line) => console.log(line))
    .catch((err) => {
      console.error(err instanceof UsageError || err instanceof TypeError ? err.message : String(err))
      process.exitCode = 1
    })
    .finally(() => void store.close())
}
