import { useState } from 'react'
import { Button } from '@/components/ui/button'

/** Copies a value to the clipboard and says so. */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const [copied, setCopied] = useState(false)
  return (
    <Button
      size="sm"
      variant="ghost"
      aria-label={`Copy ${label}`}
      onClick={() =>
        void navigator.clipboard?.writeText(value).then(
          () => {
            setCopied(true)
            window.setTimeout(() => setCopied(false), 1500)
          },
          () => setCopied(false),
        )
      }
    >
      {copied ? 'Copied' : 'Copy'}
    </Button>
  )
}
