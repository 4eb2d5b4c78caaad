import { MutationCache, QueryClient } from '@tanstack/react-query'
import { toast } from '#web/components/ui/toaster.tsx'
import { ApiError } from './api-client.ts'

/**
 * Failed mutations raise a toast with the server's message; a 401 sends the person to sign in and
 * back. A mutation that shows its own errors (a form with field messages) sets meta.inlineErrors.
 */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
        refetchOnWindowFocus: false,
      },
    },
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) => {
        if (error instanceof ApiError && error.status === 401) {
          const here = window.location.pathname + window.location.search
          window.location.assign(`/login?redirectTo=${encodeURIComponent(here)}`)
          return
        }
        if (
          mutation.meta?.inlineErrors &&
          error instanceof ApiError &&
          (error.fields || error.status === 429)
        )
          return
        toast.error(error.message)
      },
    }),
  })
}

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: { inlineErrors?: boolean }
  }
}
