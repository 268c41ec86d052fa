import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { useToast } from '@/components/ui/toast'
import { downloadText, exportDnsRecords } from '../api/export-dns-records'

/** Downloads every record of the zone as a BIND zone file. */
export function ExportButton({ zoneId, zoneName }: { zoneId: string; zoneName: string }) {
  const toast = useToast()
  const [pending, setPending] = useState(false)
  return (
    <Button
      pending={pending}
      onClick={async () => {
        setPending(true)
        try {
          downloadText(await exportDnsRecords(zoneId), `${zoneName}.txt`)
          toast.success('Zone file downloaded', `${zoneName}.txt, in BIND format.`)
        } catch (err) {
          toast.error('The zone file could not be exported', err)
        } finally {
          setPending(false)
        }
      }}
    >
      Export BIND file
    </Button>
  )
}
