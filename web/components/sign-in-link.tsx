import type { ComponentProps, ReactNode } from 'react'
import { useLocation } from 'react-router'
import { useSession } from '#web/lib/session.ts'
import { Button, ButtonLink } from './ui/button.tsx'

/** Where someone signs in to come back to this page. */
export function useSignInPath(): string {
  const location = useLocation()
  return `/login?redirectTo=${encodeURIComponent(location.pathname + location.search)}`
}

/**
 * A signed-out reader's way to an action: sign in, then back here. Until the session is known (a
 * page from the server paints before it is) it is shown disabled, so that a signed-in reader, whose
 * own control replaces it a moment later, is never sent to sign in.
 */
export function SignInLink({
  children,
  variant,
  size,
}: Pick<ComponentProps<typeof Button>, 'variant' | 'size'> & { children: ReactNode }) {
  const { checkingStatus } = useSession()
  const to = useSignInPath()
  if (checkingStatus)
    return (
      <Button variant={variant} size={size} disabled>
        {children}
      </Button>
    )
  return (
    <ButtonLink variant={variant} size={size} to={to}>
      {children}
    </ButtonLink>
  )
}
