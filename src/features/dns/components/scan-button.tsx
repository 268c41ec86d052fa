import { lazy, Suspense, useState } from 'react'
import { Button } from '@/components/ui/button'

// The scan and its review load when first opened.
const ScanDialog = lazy(() => import('./scan-dialog').then((m) => ({ default: m.ScanDialog })))
// On a zone whose changes need approval the review proposes instead.
const ProposeScanDialog = lazy(() => import('./propose-scan-dialog').then((m) => ({ default: m.ProposeScanDialog })))

/**
 * "Scan for records" in the DNS page's header (editors): opens the scan and its review. When
 * the person's changes on the zone are proposals (`proposing`), accepting and rejecting go into the
 * change request; `mayStart`: their role may start a scan (a viewer allowed to propose reviews what was found).
 */
export function ScanButton({ zoneId, zoneName, proposing = false, mayStart = true }: { zoneId: string; zoneName: string; proposing?: boolean; mayStart?: boolean }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button onClick={() => setOpen(true)}>Scan for records</Button>
      {open && (
        <Suspense fallback={null}>
          {proposing ? (
            <ProposeScanDialog zoneId={zoneId} zoneName={zoneName} mayStart={mayStart} onClose={() => setOpen(false)} />
          ) : (
            <ScanDialog zoneId={zoneId} zoneName={zoneName} onClose={() => setOpen(false)} />
          )}
        </Suspense>
      )}
    </>
  )
}
