import { parseArgs } from 'node:util'
import { roleSchema, ssoLinkSchema, usernameSchema, zoneScopeSchema } from '../../shared/schemas/people'
import { generatePassword, hashPassword } from '../auth/passwords'
import { readConfig } from '../config'
import { createStore, EVERY_ACCOUNT, type Store } from '../store'
import { grantAccountSchema } from '../../shared/account-grants'
import { APPROVAL_HELP, APPROVAL_USAGE, ApprovalUsageError, runApprovalCommand } from '../change-requests/cli'

const USAGE = `Manage the dashboard's people (the same store the server uses: DATA_DIR, or DATABASE_URL).

  npm run people -- add <username> --role viewer|reviewer|editor|admin [--zones a.com,b.com] [--name "Display name"] [--account <id>]
  npm run people -- list
  npm run people -- grant <username> --role viewer|reviewer|editor|admin [--zones a.com,b.com] [--account <id>]
  npm run people -- revoke <username> --account <id>|*
  npm run people -- reset-password <username>
  npm run people -- disable <username>
  npm run people -- enable <username>
  npm run people -- link <username> --issuer <provider URL> --subject <sub>
  npm run people -- unlink <username>
  npm run people -- tokens <username>
  npm run people -- revoke-token <username> <token id or prefix>|--all
${APPROVAL_USAGE}

Roles are per account: --account <id> (32 hex digits) gives the role and zones in that account only
(it replaces the every-account role there); without it, or with --account '*', in every account.
add --account gives the new person that account only. A viewer grant for every account is read-only
access to all of them. revoke takes a grant away (the person then has none there).
add and reset-password print a one-time password: give it to the person, who signs in with it at /login.
link makes a single sign-on identity (issuer + sub, as the refusal page and the audit log show them)
sign in as that person; unlink undoes it and ends the person's sessions.
reset-password and disable also revoke the person's personal API tokens.
${APPROVAL_HELP}`

class UsageError extends Error {}

/** `--account`: an account id, or `*` (and absent): every account. */
function parseAccount(raw: string | undefined): string {
  const r = grantAccountSchema.safeParse(raw?.trim().toLowerCase() || EVERY_ACCOUNT)
  if (!r.success) throw new UsageError("--account is an account id (32 hexadecimal digits), or '*' for every account.")
  return r.data
}
const accountWords = (account: string) => (account === EVERY_ACCOUNT ? 'every account' : `account ${account}`)

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
      account: { type: 'string' },
      name: { type: 'string' },
      issuer: { type: 'string' },
      subject: { type: 'string' },
      all: { type: 'boolean' },
      on: { type: 'boolean' },
      off: { type: 'boolean' },
      'zone-id': { type: 'string' },
      approvers: { type: 'string' },
      email: { type: 'string' },
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
      const zones = parseZones(values.zones)
      if (role.data === 'admin' && zones !== '*')
        throw new UsageError('An administrator has all zones: leave out --zones, or give a lower role.')
      const password = generatePassword()
      const person = await store.people.add({
        username,
        displayName: values.name?.trim() || username,
        role: role.data,
        zones,
        passwordHash: await hashPassword(password),
        mustChangePassword: true,
      })
      if (!person) throw new UsageError(`The username ${username} is taken.`)
      const account = parseAccount(values.account)
      if (account !== EVERY_ACCOUNT) await store.grants.replace(person.id, [{ account, role: role.data, zones }])
      const scope = person.zones === '*' ? 'all zones' : person.zones.join(', ')
      return out(`Added ${username} (${person.role}, ${scope}${account === EVERY_ACCOUNT ? '' : `, account ${account} only`}). One-time password: ${password}`)
    }
    case 'grant': {
      const person = await withPerson(store, target)
      const role = roleSchema.safeParse(values.role)
      if (!role.success) throw new UsageError('Give a role: --role viewer, reviewer, editor or admin.')
      const zones = parseZones(values.zones)
      if (role.data === 'admin' && zones !== '*') throw new UsageError('An administrator has all zones: leave out --zones, or give a lower role.')
      const account = parseAccount(values.account)
      if ((await store.grants.set(person.id, { account, role: role.data, zones })) === 'last-admin')
        throw new UsageError(`${person.username} is the last active administrator of ${accountWords(account)}: make someone else an administrator there first.`)
      return out(`${person.username}: ${role.data} in ${accountWords(account)} (${zones === '*' ? 'all zones' : zones.join(', ')}).`)
    }
    case 'revoke': {
      const person = await withPerson(store, target)
      if (values.account === undefined) throw new UsageError("Name the account: --account <id>, or --account '*' for the every-account role.")
      const account = parseAccount(values.account)
      const done = await store.grants.remove(person.id, account)
      if (done === 'last-admin') throw new UsageError(`${person.username} is the last active administrator of ${accountWords(account)}: make someone else an administrator there first.`)
      if (!done) throw new UsageError(`${person.username} has no role in ${accountWords(account)}.`)
      return out(`${person.username} has no role in ${accountWords(account)} now.`)
    }
    case 'list': {
      const people = await store.people.list()
      if (!people.length) return out('Nobody yet. Add the first administrator: npm run people -- add <username> --role admin')
      for (const p of people) {
        out(
          `${p.username}\t${p.role}\t${p.zones === '*' ? 'all zones' : p.zones.join(',')}\t${p.disabled ? 'disabled' : 'active'}\t${p.displayName}` +
            (p.sso ? `\tsso ${p.sso.issuer} ${p.sso.subject}` : ''),
        )
        for (const g of (await store.grants.of(p.id)).filter((g) => g.account !== EVERY_ACCOUNT)) {
          out(`  account ${g.account}\t${g.role}\t${g.zones === '*' ? 'all zones' : g.zones.join(',')}`)
        }
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
      const done = await store.people.updateKeepingAnAdmin(person.id, { disabled: command === 'disable' })
      if (done === 'last-admin')
        throw new UsageError(`${person.username} is the last active administrator: make someone else an administrator first.`)
      const ended = command === 'disable' ? await store.sessions.endAll(person.id) : 0
      const revoked = command === 'disable' ? await store.apiTokens.revokeAll(person.id) : 0
      return out(
        command === 'disable'
          ? `Disabled ${person.username}; ${ended} session(s) ended, ${revoked} API token(s) revoked.`
          : `Enabled ${person.username}.`,
      )
    }
    case 'link': {
      const person = await withPerson(store, target)
      const identity = ssoLinkSchema.safeParse({ issuer: values.issuer, subject: values.subject })
      if (!identity.success) throw new UsageError(`${identity.error.issues[0].message} (--issuer <provider URL> --subject <sub>)`)
      const linked = await store.people.linkSso(person.id, identity.data)
      if (linked === 'taken')
        throw new UsageError(
          `That identity is linked to ${(await store.people.bySso(identity.data))?.username ?? 'someone else'}: unlink it there first.`,
        )
      if (linked === 'already-linked')
        throw new UsageError(`${person.username} is linked to another identity: unlink ${person.username} first.`)
      return out(
        `Linked ${person.username} to ${identity.data.subject} at ${identity.data.issuer}: that single sign-on identity now signs in as ${person.username}.`,
      )
    }
    case 'unlink': {
      const person = await withPerson(store, target)
      if (!(await store.people.unlinkSso(person.id))) throw new UsageError(`${person.username} has no single sign-on identity.`)
      const ended = await store.sessions.endAll(person.id)
      return out(`Unlinked ${person.username}; ${ended} session(s) ended.`)
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
    case 'approval':
    case 'approvals':
    case 'may-propose':
      return runApprovalCommand(command, positionals.slice(1), values, store, out)
    default:
      throw new UsageError(`Unknown command "${command}".\n\n${USAGE}`)
  }
}

// Run as a script: npm run people -- …
if (import.meta.url === `file://${process.argv[1]}`) {
  const config = readConfig(process.env, [])
  const store = createStore({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, auditKey: config.auditKey })
  runPeopleCommand(process.argv.slice(2), store, (line) => console.log(line))
    .catch((err) => {
      console.error(err instanceof UsageError || err instanceof ApprovalUsageError || err instanceof TypeError ? err.message : String(err))
      process.exitCode = 1
    })
    .finally(() => void store.close())
}
