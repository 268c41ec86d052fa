// The dashboard server in live mode, run in its own process by proxy-throughput.bench.ts,
// forwarding to UPSTREAM_URL with a dummy credential. With SIGNED_IN=1 one person is defined and
// signed in (the store in memory): the info line gives the session cookie to send, and every
// request then resolves its session and person as in a shared dashboard.
import { createApp } from '../../server/app'
import { startServer } from '../../server/serve'
import { SESSION_COOKIE } from '../../server/auth/sign-in'
import { createStore } from '../../server/store'
import { benchConfig } from './servers'

const store = createStore({ dataDir: ':memory:' })
let cookie: string | undefined
if (process.env.SIGNED_IN) {
  const person = await store.people.add({ username: 'ada', displayName: 'Ada', role: 'admin', zones: '*', passwordHash: null })
  if (!person) throw new Error('could not add the bench person')
  cookie = `${SESSION_COOKIE}=${(await store.sessions.create(person.id, '127.0.0.1', 'bench')).token}`
}
const app = createApp({
  config: benchConfig({
    credential: { kind: 'token', token: 'bench-token-0123456789abcdefghij' },
    apiBaseUrl: process.env.UPSTREAM_URL,
  }),
  store,
})
void startServer(app, '127.0.0.1', 0).then((s) => process.stdout.write(JSON.stringify({ url: s.url, cookie }) + '\n'))
process.on('SIGTERM', () => process.exit(0))
