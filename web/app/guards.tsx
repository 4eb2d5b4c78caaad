import { useEffect } from 'react'
import { Navigate, Outlet, useLocation } from 'react-router'
import { ScreenSpinner } from '#web/components/ui/spinner.tsx'
import { toast } from '#web/components/ui/toaster.tsx'
import { useMe, useSession } from '#web/lib/session.ts'

/** Signed-in screens: a loading animation while the session is checked, else /login and back. */
export function RequireAuth() {
  const { loggedIn, checkingStatus } = useSession()
  const location = useLocation()
  if (checkingStatus) return <ScreenSpinner label="Checking your session…" />
  if (!loggedIn) {
    const redirectTo = encodeURIComponent(location.pathname + location.search)
    return <Navigate to={`/login?redirectTo=${redirectTo}`} replace />
  }
  return <Outlet />
}

/** Admin screens: anyone whose role is not admin goes to /. The server enforces the same rule. */
export function RequireAdmin() {
  const { loggedIn, checkingStatus, role } = useSession()
  const me = useMe()
  const location = useLocation()
  if (checkingStatus || (loggedIn && me.isPending)) return <ScreenSpinner label="Checking your access…" />
  if (!loggedIn) {
    const redirectTo = encodeURIComponent(location.pathname + location.search)
    return <Navigate to={`/login?redirectTo=${redirectTo}`} replace />
  }
  if (role !== 'admin') return <AdminsOnly />
  return <Outlet />
}

/** Someone who is not an admin is sent home, and told why rather than left wondering. */
function AdminsOnly() {
  useEffect(() => {
    // One toast however often this renders (StrictMode runs effects twice).
    toast.info('The admin area is for administrators only, so we brought you to the home page.', {
      toastId: 'admins-only',
    })
  }, [])
  return <Navigate to="/" replace />
}

/** Where to go after signing in: the redirectTo parameter when it is a path of ours, else the dashboard. */
export function safeRedirect(target: string | null, fallback = '/dashboard'): string {
  if (!target?.startsWith('/')) return fallback
  // Resolved as a browser would (a backslash reads as a slash; tabs and newlines are dropped), a
  // path of ours stays on our origin, while '//evil.com', '/\\evil.com' or '/\t/evil.com' do not.
  const base = 'http://inkwell.invalid'
  try {
    return new URL(target, base).origin === base ? target : fallback
  } catch {
    return fallback
  }
}
