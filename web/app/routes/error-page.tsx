import { AlertTriangle, CloudOff, RefreshCw, WifiOff } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import { LOADING_CHUNK_FAILED } from '#common/constants.ts'
import { Button, buttonClass } from '#web/components/ui/button.tsx'
import { Spinner } from '#web/components/ui/spinner.tsx'
import { type Reconnect, useReconnect } from '#web/lib/use-reconnect.ts'
import { retryFailedScreens } from '../screen.ts'

/** The dedicated error page: any screen that raises an error lands here (route-error-boundary.tsx). */
export default function ErrorPage({ error }: { error: unknown }) {
  if (error instanceof Error && error.message === LOADING_CHUNK_FAILED)
    return <ScreenDidNotLoad error={error} />
  return (
    <ErrorLayout
      icon={<AlertTriangle className="size-7" aria-hidden />}
      tone="bg-red-50 text-red-700"
      title="Something went wrong"
      detail="An unexpected error stopped this page. Reload to try again; if it keeps happening, tell us through the contact page."
    >
      {error instanceof Error && (
        <p className="mt-4 font-mono text-xs text-stone-500" data-testid="error-message">
          {error.message}
        </p>
      )}
    </ErrorLayout>
  )
}

const RETRIED = 'retriedAfterChunkFailure'
type RetryState = Record<string, unknown> | null
// The retry marks the history entry with this page load. A mark left by another load (say, the
// retry loaded the screen, and the page was reloaded later on) says nothing about the failure at
// hand. Within this load a screen that came back cannot fail again: its module is kept.
const THIS_PAGE_LOAD = Math.random().toString(36).slice(2)

const UNREACHABLE = {
  icon: <CloudOff className="size-7" aria-hidden />,
  tone: 'bg-ink-50 text-ink-700',
  title: "Can't reach Inkwell right now",
  detail:
    "Your connection or our server dropped while this page was loading. We'll try again as soon as we're back.",
}
const OFFLINE = {
  icon: <WifiOff className="size-7" aria-hidden />,
  tone: 'bg-ink-50 text-ink-700',
  title: "You're offline",
  detail: "This page needs a connection to load. It will open by itself as soon as you're back online.",
}
/** The server answers, yet the file did not load even after a reload. */
const STUCK = {
  icon: <AlertTriangle className="size-7" aria-hidden />,
  tone: 'bg-amber-50 text-amber-800',
  title: 'This page could not be loaded',
  detail:
    'Inkwell answers, but this page did not arrive. Reload to try again; if it keeps happening, tell us through the contact page.',
}

/**
 * A screen's file did not arrive (`Loading chunk failed`): the connection or the server went away,
 * or a deploy replaced the file. Says so in plain words and loads the screen again by itself.
 */
function ScreenDidNotLoad({ error }: { error: Error }) {
  const location = useLocation()
  const navigate = useNavigate()
  const state = location.state as RetryState
  const status = useReconnect({
    retried: state?.[RETRIED] === THIS_PAGE_LOAD,
    // React keeps a lazy component's failure: the failed screens are made anew, and going to the
    // same address (a new history entry in its place) clears the error boundary, so the import is
    // attempted again. The entry carries the fact that this was the retry.
    retry: () => {
      retryFailedScreens()
      void navigate(location, { replace: true, state: { ...state, [RETRIED]: THIS_PAGE_LOAD } })
    },
  })
  const message = status.state === 'offline' ? OFFLINE : status.state === 'stuck' ? STUCK : UNREACHABLE
  return (
    <ErrorLayout {...message} status={status}>
      <details className="mt-6 text-xs text-stone-500">
        <summary className="cursor-pointer hover:text-stone-700">Technical details</summary>
        <p className="mt-2 font-mono" data-testid="error-message">
          {error.message}
        </p>
      </details>
    </ErrorLayout>
  )
}

function ErrorLayout(props: {
  icon: ReactNode
  tone: string
  title: string
  detail: string
  status?: Reconnect
  children?: ReactNode
}) {
  return (
    <section className="mx-auto max-w-lg px-2 py-16 text-center" aria-labelledby="error-title">
      <div className={`mx-auto mb-6 flex size-14 items-center justify-center rounded-full ${props.tone}`}>
        {props.icon}
      </div>
      <h1 id="error-title" className="text-3xl font-semibold text-balance">
        {props.title}
      </h1>
      <p className="mt-3 text-stone-600">{props.detail}</p>
      {props.status && <StatusLine status={props.status} />}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button onClick={() => window.location.reload()}>
          <RefreshCw className="size-4" aria-hidden /> Reload
        </Button>
        <Link to="/" reloadDocument className={buttonClass('secondary')}>
          Go to the home page
        </Link>
      </div>
      {props.children}
    </section>
  )
}

/** What a screen reader hears: the situation, once each time it changes, not each wait of it. */
const HEARD: Record<Reconnect['state'], string> = {
  offline: "You're offline. Waiting for your connection…",
  waiting: "Can't reach Inkwell right now. Trying again by itself.",
  checking: "Can't reach Inkwell right now. Trying again by itself.",
  retrying: 'Connected. Opening the page…',
  stuck: 'This page could not be loaded. Reload to try again.',
}

/** What the page is doing about it, quietly. The countdown ticks on screen only. */
function StatusLine({ status }: { status: Reconnect }) {
  const shown =
    status.state === 'offline'
      ? 'Waiting for your connection…'
      : status.state === 'waiting'
        ? `Trying again in ${status.secondsLeft} s…`
        : status.state === 'checking'
          ? 'Trying again…'
          : status.state === 'retrying'
            ? 'Connected. Opening the page…'
            : undefined
  const busy = status.state === 'checking' || status.state === 'retrying'
  return (
    <>
      {shown && (
        <p
          className="mt-5 inline-flex items-center gap-2 text-sm text-stone-500"
          aria-hidden="true"
          data-testid="reconnect-status"
        >
          {busy && <Spinner size="sm" />}
          {shown}
        </p>
      )}
      <p role="status" aria-live="polite" className="sr-only">
        {HEARD[status.state]}
      </p>
    </>
  )
}
