import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import { authClient } from '#web/lib/auth-client.ts'
import { sessionQueries } from '#web/lib/session-queries.ts'

/**
 * After Better Auth set the session cookie: read the session again before leaving, so a signed-in
 * screen's guard sees the person as signed in (Better Auth's own refresh comes a moment later),
 * drop any cached profile, then go on.
 */
export function useFinishSignIn() {
  const { refetch } = authClient.useSession()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return async (to: string) => {
    await refetch()
    void queryClient.invalidateQueries({ queryKey: sessionQueries.me().queryKey })
    navigate(to, { replace: true })
  }
}
