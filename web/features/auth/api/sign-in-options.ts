import { useQuery } from '@tanstack/react-query'
import { SignInOptions } from '#common/schemas/sign-in-methods.ts'
import { api } from '#web/lib/api-client.ts'

/** GET /api/sign-in-options: the providers this Inkwell is configured for (often none). */
export function useSignInOptions() {
  return useQuery({
    queryKey: ['sign-in-options'],
    queryFn: ({ signal }) => api('/api/sign-in-options', SignInOptions, { signal }),
    // Configuration: it changes when the server restarts, not while someone reads the page.
    staleTime: Number.POSITIVE_INFINITY,
  })
}
