import type { Transporter } from 'nodemailer'
import type { ChangeRequestView } from '../../shared/schemas/change-requests'
import { mailTime, plural } from '../../shared/words'
import { itemLabel } from './review'

export interface MailOptions {
  /** SMTP_URL: without it, nothing is sent (the dashboard's badge and list still tell people). */
  smtpUrl?: string
  smtpFrom?: string
  /** PUBLIC_URL: links in the message point at the request's page there. */
  publicUrl?: string
  log?: (line: string) => void
}

export type Notice = 'filed' | 'approved' | 'applied' | 'failed' | 'rejected' | 'stale' | 'recovered' | 'withdrawn'

const SUBJECT: Record<Notice, (r: ChangeRequestView) => string> = {
  filed: (r) => `Change request #${r.id} on ${r.zoneName} waits for your approval: ${r.title}`,
  approved: (r) => `Your change request #${r.id} on ${r.zoneName} was approved`,
  applied: (r) => `Your change request #${r.id} on ${r.zoneName} was applied`,
  failed: (r) => `Your change request #${r.id} on ${r.zoneName} failed`,
  rejected: (r) => `Your change request #${r.id} on ${r.zoneName} was rejected`,
  stale: (r) => `Your change request #${r.id} on ${r.zoneName} needs a refresh`,
  withdrawn: (r) => `Change request #${r.id} on ${r.zoneName} was withdrawn: nothing to approve`,
  recovered: (r) =>
    r.status === 'interrupted'
      ? `Change request #${r.id} on ${r.zoneName} was interrupted: check the zone`
      : `Change request #${r.id} on ${r.zoneName} was interrupted, and what it did is known`,
}

/** The text of one notice about one request (exported for its test). */
export function noticeText(kind: Notice, r: ChangeRequestView, link: string | null): string {
  const who = r.decidedBy ? `${r.decidedBy.name} (${r.decidedBy.username})` : 'An approver'
  const lines = [`"${r.title}" on ${r.zoneName}, filed by ${r.requester.name} (${r.requester.username}) on ${mailTime(r.createdAt)}, ${plural(r.items.length, 'change')}.`, '']
  const decided = r.decidedAt ? ` on ${mailTime(r.decidedAt)}` : ''
  if (kind === 'filed') lines.push(`Reason: ${r.reason || '(none given)'}`, '', 'Review the changes and what they will do, then approve or reject the request.')
  if (kind === 'approved' || kind === 'applied') lines.push(`${who} approved it${decided} and the changes were applied to the zone in one batch.`)
  if (kind === 'failed') lines.push(`${who} approved it${decided}, but the API refused the batch, so the zone was left as it was:`, ...(r.problems ?? []).map((p) => `- ${p.label}: ${p.message}`))
  if (kind === 'rejected') lines.push(`${who} rejected it${decided} with this comment:`, '', r.comment ?? '', '', 'You can revise the changes and send a new request.')
  if (kind === 'recovered' && r.interrupted) {
    const phase = r.interrupted.phase === 'apply' ? 'applying' : 'undoing'
    lines.push(`The server ${phase} it (${r.interrupted.instance}) stopped before it finished. Another instance (${r.interrupted.recoveredBy}) worked out from the audit log what happened:`, '', r.interrupted.message)
    const unknown = r.items.filter((i) => i.result?.status === 'unknown' || i.result?.undo?.status === 'unknown')
    if (unknown.length) lines.push('', 'Check these on the zone before doing anything else; each may or may not have happened:', ...unknown.map((i) => `- ${itemLabel(i)}`))
    lines.push('', 'Open the request to see each change, undo what landed, or approve it again.')
  }
  if (kind === 'withdrawn') lines.push(`${r.requester.name} withdrew it before anyone decided it: it no longer waits for your approval, and nothing was changed on the zone.`)
  if (kind === 'stale') lines.push('Records it changes were changed by someone else since. Open it, look at what moved, and refresh it before it can be approved:', ...(r.problems ?? []).map((p) => `- ${p.message}`))
  if (link) lines.push('', link)
  return lines.join('\n')
}

/** One e-mail about several requests filed at about the same time, one line each (exported for its test). */
export function filedDigest(rs: readonly ChangeRequestView[], base: string | null): { subject: string; text: string } {
  const lines = [
    `${rs.length} change requests wait for your approval:`,
    '',
    ...rs.map(
      (r) =>
        `- #${r.id} on ${r.zoneName}: "${r.title}", filed by ${r.requester.name} (${r.requester.username}) on ${mailTime(r.createdAt)}, ${plural(r.items.length, 'change')}${base ? `\n  ${base}/change-requests/${r.id}` : ''}`,
    ),
    '',
    'Review the changes and what they will do, then approve or reject each request.',
  ]
  const zones = [...new Set(rs.map((r) => r.zoneName))]
  return { subject: `${rs.length} change requests wait for your approval on ${zones.length === 1 ? zones[0] : plural(zones.length, 'zone')}`, text: lines.join('\n') }
}

/** E-mail about change requests; every send is in the background and a failure only logged. */
export function createMailer(options: MailOptions) {
  let transport: Promise<Transporter> | undefined
  const mailer = () =>
    (transport ??= import('nodemailer').then((m) =>
      m.default.createTransport({ url: options.smtpUrl!, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 }),
    ))
  return {
    enabled: Boolean(options.smtpUrl),
    send(kind: Notice, r: ChangeRequestView, to: string[]): void {
      const list = [...new Set(to.filter(Boolean))]
      if (!options.smtpUrl || !list.length) return
      const link = options.publicUrl ? `${options.publicUrl.replace(/\/$/, '')}/change-requests/${r.id}` : null
      void mailer()
        .then((t) => t.sendMail({ from: options.smtpFrom ?? 'Zonekeeper <zonekeeper@localhost>', to: list, subject: SUBJECT[kind](r), text: noticeText(kind, r, link) }))
        .catch((err: unknown) => options.log?.(`change request #${r.id}: the ${kind} e-mail was not sent (${err instanceof Error ? err.message : 'unknown error'})`))
    },
    /** One e-mail to one approver about several requests filed at about the same time (one line each). */
    sendFiled(to: string, rs: ChangeRequestView[]): void {
      if (!options.smtpUrl || !to || !rs.length) return
      if (rs.length === 1) return this.send('filed', rs[0], [to])
      const { subject, text } = filedDigest(rs, options.publicUrl ? options.publicUrl.replace(/\/$/, '') : null)
      void mailer()
        .then((t) => t.sendMail({ from: options.smtpFrom ?? 'Zonekeeper <zonekeeper@localhost>', to: [to], subject, text }))
        .catch((err: unknown) => options.log?.(`change requests ${rs.map((r) => `#${r.id}`).join(', ')}: the filed e-mail was not sent (${err instanceof Error ? err.message : 'unknown error'})`))
    },
  }
}

export type Mailer = ReturnType<typeof createMailer>
