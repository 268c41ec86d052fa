import type { ReactNode } from 'react'
import { safeHttpUrl } from '@/lib/safe-url'
import { cn } from '@/lib/format'

/**
 * A link to an untrusted URL: only http(s) URLs become links (new tab, rel="noopener noreferrer");
 * anything else is shown as plain text. The text is always rendered as text, never HTML.
 */
export function SafeLink({ href, children, className }: { href: string | null | undefined; children?: ReactNode; className?: string }) {
  const url = safeHttpUrl(href)
  const content = children ?? href ?? ''
  if (!url) return <span className={cn('wrap-anywhere', className)}>{content}</span>
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      className={cn('wrap-anywhere text-blue-700 underline-offset-2 hover:underline dark:text-blue-300', className)}
    >
      {content}
    </a>
  )
}
