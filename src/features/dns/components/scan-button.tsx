import { lazy, Suspense, useState } from 'react'
import { Button } from '@/components/ui/button'

// The scan and its review load when first opened.
const ScanDialog = lazy(() => import('./scan-dialog').then((m) => ({ default: m.ScanDialog })))

/** "Scan for records" in the DNS page's header (editors; issue 29): opens the scan and its review. */
export function ScanButton({ zoneId, zoneName }: { zoneId: string; zoneName: string }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button onClick={() => setOpen(true)}>Scan for records</Button>
      {open && (
        <Suspense fallback={null}>
          <ScanDialog zoneId={zoneId} zoneName={zoneName} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  )
}
