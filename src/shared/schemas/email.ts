import { z } from 'zod'
import { lazySchema } from './lazy'

/* A module of its own: the change-request schemas check the same address without loading the people schemas (password rule and all). */

/** An address's domain is lower-cased (domains are case-blind); its local part is kept as typed (it may not be). */
const normaliseEmail = (v: string): string => {
  const at = v.lastIndexOf('@')
  return v.slice(0, at) + v.slice(at).toLowerCase()
}

/**
 * A person's e-mail address, where change-request mail goes. Optional: empty (or absent) means none,
 * stored as null. Checked for form only (one @, a domain with a dot, at most 254 characters, the
 * SMTP limit); nobody is mailed to check it. Trimmed; the domain lower-cased (normaliseEmail).
 */
export const personEmailSchema = lazySchema(() =>
  z
    .string({ error: 'Enter an e-mail address, or leave the field empty.' })
    .trim()
    .max(254, 'An e-mail address has at most 254 characters.')
    .refine(
      (v) => v === '' || z.regexes.email.test(v),
      'That is not an e-mail address: write it as name@example.com, or leave the field empty.',
    )
    .transform((v) => (v === '' ? null : normaliseEmail(v)))
    .nullable(),
)
