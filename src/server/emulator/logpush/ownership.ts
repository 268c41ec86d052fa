import { createHmac, randomBytes } from 'node:crypto'
import type { Db } from '../module'

const DAY = 86_400_000
/** The real service's challenge tokens are valid for 7 days. */
export const CHALLENGE_VALIDITY_DAYS = 7

/** Process-local signing key: tokens only need to look like the real JWTs and be unguessable. */
const key = randomBytes(32)
const b64 = (v: string | Buffer) => Buffer.from(v).toString('base64url')

/** Where the service would write the challenge file: the destination's path, without query or {DATE}. */
export function challengeFilename(destination: string): string {
  const withoutScheme = destination.replace(/^[a-z0-9]+:\/\//, '').split('?')[0]
  const path = withoutScheme.split('/').slice(1).filter((p) => p !== '' && p !== '{DATE}').join('/')
  const file = `ownership-challenge-${randomBytes(4).toString('hex')}.txt`
  return path ? `${path}/${file}` : file
}

/** Issues a JWT-shaped token for the destination and remembers it until it expires. */
export function issueChallenge(db: Db, zoneId: string, destination: string, now: Date): string {
  const exp = new Date(now.getTime() + CHALLENGE_VALIDITY_DAYS * DAY)
  const head = b64(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))
  const body = b64(JSON.stringify({ zone: zoneId, dest: createHmac('sha256', key).update(destination).digest('hex').slice(0, 16), exp: Math.floor(exp.getTime() / 1000), n: randomBytes(6).toString('hex') }))
  const sig = createHmac('sha256', key).update(`${head}.${body}`).digest('base64url')
  const token = `${head}.${body}.${sig}`
  db.prepare('INSERT INTO logpush_ownership_challenges (zone_id, destination_conf, token, expires_on) VALUES (?, ?, ?, ?)').run(
    zoneId,
    destination,
    token,
    exp.toISOString(),
  )
  return token
}

/** Whether the token was issued for this zone and destination and has not expired. */
export function challengeIsValid(db: Db, zoneId: string, destination: string, token: string, now: Date): boolean {
  const row = db
    .prepare('SELECT expires_on FROM logpush_ownership_challenges WHERE zone_id = ? AND destination_conf = ? AND token = ?')
    .get(zoneId, destination, token) as { expires_on: string } | undefined
  return row !== undefined && Date.parse(row.expires_on) > now.getTime()
}
