import { createHash } from 'node:crypto'
import { MALICIOUS_JS_INTEGRITY_THRESHOLD } from '../../../shared/page-shield/malicious'
import type { WatchActivityKind } from '../../../shared/schemas/watch'
import { newId } from '../ids'
import type { Db } from '../module'
import { pageShieldWriter } from './writer'

interface Picked {
  id: string
  url: string
  hash: string | null
  js_integrity_score: number | null
  malware_score: number | null
  magecart_score: number | null
  cryptomining_score: number | null
  dataflow_score: number | null
  obfuscation_score: number | null
  status: string
}

export interface ActivityResult {
  /** The script changed (every kind but connection-reported). */
  script_id?: string
  /** The connection changed (connection-reported). */
  connection_id?: string
  url: string
  /** What happened, in plain words. */
  description: string
}

export class ActivityRefused extends Error {}

// SHA-256 like the seeded scripts' hashes: 64 hex digits, as the published schema gives the hash.
const hashOf = (seed: string) => createHash('sha256').update(seed).digest('hex')

/**
 * The sandbox's simulated page activity: what a real zone's pages do over time, on
 * request, so the script watch has something to find. `prefer`: scripts to pick first (reviewed ones).
 */
export function simulateActivity(
  db: Db,
  now: Date,
  {
    zoneId,
    kind,
    scriptId,
    prefer = [],
    connectionId,
    preferConnections = [],
  }: { zoneId: string; kind: WatchActivityKind; scriptId?: string; prefer?: string[]; connectionId?: string; preferConnections?: string[] },
): ActivityResult {
  const at = now.toISOString()
  if (kind === 'connection-reported') return toggleConnectionReport(db, zoneId, connectionId, preferConnections)
  if (kind === 'new-script' || kind === 'malicious-script') {
    const id = newId()
    const malicious = kind === 'malicious-script'
    const url = malicious ? `https://cdn.skim-analytics.example/collect-${id.slice(0, 6)}.js` : `https://widgets.partner.example/embed-${id.slice(0, 6)}.js`
    const page = (db.prepare('SELECT first_page_url FROM page_shield_scripts WHERE zone_id = ? LIMIT 1').pluck().get(zoneId) as string | undefined) ?? 'https://www.example.com/checkout'
    pageShieldWriter(db).script({
      id,
      zone_id: zoneId,
      url,
      page_urls: [page],
      status: 'active',
      added_at: at,
      first_seen_at: at,
      last_seen_at: at,
      versions: [
        {
          hash: hashOf(id),
          fetched_at: at,
          js_integrity_score: malicious ? 4 : 88,
          malware_score: malicious ? 3 : 92,
          magecart_score: malicious ? 2 : 90,
          cryptomining_score: malicious ? 40 : 95,
        },
      ],
    })
    return { script_id: id, url, description: `${malicious ? 'A malicious' : 'A new'} script appeared on ${page}: ${url}.` }
  }

  const candidates = (where: string) =>
    db
      .prepare(
        `SELECT id, url, hash, status, js_integrity_score, malware_score, magecart_score, cryptomining_score, dataflow_score, obfuscation_score
         FROM page_shield_scripts WHERE zone_id = ? AND ${where} ORDER BY last_seen_at DESC LIMIT 200`,
      )
      .all(zoneId) as Picked[]
  let script: Picked | undefined
  if (scriptId) {
    script = db.prepare('SELECT * FROM page_shield_scripts WHERE zone_id = ? AND id = ?').get(zoneId, scriptId) as Picked | undefined
    if (!script) throw new ActivityRefused(`Script ${scriptId} is not a detected script of this zone.`)
  } else {
    const fit =
      kind === 'score-drop'
        ? `hash IS NOT NULL AND status = 'active' AND (js_integrity_score IS NULL OR js_integrity_score >= ${MALICIOUS_JS_INTEGRITY_THRESHOLD})`
        : kind === 'infrequent'
          ? "status = 'active'"
          : "hash IS NOT NULL AND status = 'active'"
    const all = candidates(fit)
    script = prefer.map((id) => all.find((s) => s.id === id)).find(Boolean) ?? all[0]
    if (!script) throw new ActivityRefused('This zone has no detected script that this activity could change.')
  }

  const addVersion = (v: Partial<Picked>) => {
    const position = (db.prepare('SELECT COALESCE(MAX(position), -1) + 1 FROM page_shield_script_versions WHERE script_id = ?').pluck().get(script.id) as number)
    const next = { ...script, ...v }
    db.prepare(
      `INSERT INTO page_shield_script_versions (script_id, position, hash, fetched_at, js_integrity_score, malware_score, magecart_score, cryptomining_score, dataflow_score, obfuscation_score)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(script.id, position, next.hash, at, next.js_integrity_score, next.malware_score, next.magecart_score, next.cryptomining_score, next.dataflow_score, next.obfuscation_score)
    db.prepare(
      `UPDATE page_shield_scripts SET hash = ?, fetched_at = ?, last_seen_at = ?, js_integrity_score = ?, malware_score = ?, magecart_score = ?,
         threat_rank = CASE WHEN ? < ${MALICIOUS_JS_INTEGRITY_THRESHOLD} THEN 2 ELSE threat_rank END WHERE id = ?`,
    ).run(next.hash, at, at, next.js_integrity_score, next.malware_score, next.magecart_score, next.js_integrity_score ?? 99, script.id)
  }

  const run = db.transaction(() => {
    if (kind === 'hash-change') {
      addVersion({ hash: hashOf(`${script.id} ${at}`) })
      return `The code of ${script.url} changed (new content hash).`
    }
    if (kind === 'score-drop') {
      addVersion({ js_integrity_score: 6, malware_score: 8, magecart_score: 5 })
      return `The integrity score of ${script.url} dropped to 6 (below ${MALICIOUS_JS_INTEGRITY_THRESHOLD}: malicious).`
    }
    db.prepare("UPDATE page_shield_scripts SET status = 'infrequent' WHERE id = ?").run(script.id)
    return `${script.url} is now seen only infrequently.`
  })
  return { script_id: script.id, url: script.url, description: run() }
}

interface PickedConnection {
  id: string
  url: string
  host: string
  domain_reported_malicious: number
}

/**
 * A threat feed starts reporting a connection's host (its domain), or stops when it already did:
 * what re-opens a verdict on a connection. `prefer`: reviewed connections first.
 */
function toggleConnectionReport(db: Db, zoneId: string, connectionId: string | undefined, prefer: string[]): ActivityResult {
  const one = (id: string) =>
    db.prepare('SELECT id, url, host, domain_reported_malicious FROM page_shield_connections WHERE zone_id = ? AND id = ?').get(zoneId, id) as
      | PickedConnection
      | undefined
  let k: PickedConnection | undefined
  if (connectionId) {
    k = one(connectionId)
    if (!k) throw new ActivityRefused(`Connection ${connectionId} is not a detected connection of this zone.`)
  } else {
    k =
      prefer.map(one).find((c) => c !== undefined) ??
      (db
        .prepare("SELECT id, url, host, domain_reported_malicious FROM page_shield_connections WHERE zone_id = ? AND status = 'active' AND domain_reported_malicious = 0 ORDER BY last_seen_at DESC LIMIT 1")
        .get(zoneId) as PickedConnection | undefined)
    if (!k) throw new ActivityRefused('This zone has no detected connection that this activity could change.')
  }
  const reported = k.domain_reported_malicious === 0
  db.prepare('UPDATE page_shield_connections SET domain_reported_malicious = ?, malicious_domain_categories = ? WHERE id = ?').run(
    reported ? 1 : 0,
    JSON.stringify(reported ? ['Malware', 'Magecart'] : []),
    k.id,
  )
  return {
    connection_id: k.id,
    url: k.url,
    description: reported
      ? `Threat feeds now report the domain of ${k.host} (Malware, Magecart): connections to ${k.url} are reported as malicious.`
      : `Threat feeds no longer report the domain of ${k.host}.`,
  }
}
