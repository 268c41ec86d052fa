import type { ReactNode } from 'react'
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { UndoHost } from '@/components/audit/undo-host'
import { ToastProvider } from '@/components/ui/toast'

/** Everything every page needs around it: server-state cache and toasts. */
export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        {children}
        <UndoHost />
      </ToastProvider>
    </QueryClientProvider>
  )
}
