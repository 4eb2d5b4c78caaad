import { AlertTriangle, RefreshCw } from 'lucide-react'
import { isRouteErrorResponse, Link, useRouteError } from 'react-router'
import { LOADING_CHUNK_FAILED } from '#common/constants.ts'
import { Button, buttonClass } from '#web/components/ui/button.tsx'

/** The dedicated error page: any route that raises an error lands here. */
export default function ErrorPage() {
  const error = useRouteError()
  const chunkFailed = error instanceof Error && error.message === LOADING_CHUNK_FAILED
  const title = chunkFailed
    ? 'This page could not be loaded'
    : isRouteErrorResponse(error) && error.status === 404
      ? 'Page not found'
      : 'Something went wrong'
  const detail = chunkFailed
    ? 'Your connection dropped, or Inkwell was updated while you were here. Reloading usually fixes it.'
    : 'An unexpected error stopped this page. Reload to try again; if it keeps happening, tell us through the contact page.'

  return (
    <section className="mx-auto max-w-lg py-16 text-center" aria-labelledby="error-title">
      <div className="mx-auto mb-6 flex size-14 items-center justify-center rounded-full bg-red-50 text-red-700">
        <AlertTriangle className="size-7" aria-hidden />
      </div>
      <h1 id="error-title" className="text-3xl font-semibold">
        {title}
      </h1>
      <p className="mt-3 text-stone-600">{detail}</p>
      {error instanceof Error && (
        <p className="mt-4 font-mono text-xs text-stone-500" data-testid="error-message">
          {error.message}
        </p>
      )}
      <div className="mt-8 flex justify-center gap-3">
        <Button onClick={() => window.location.reload()}>
          <RefreshCw className="size-4" aria-hidden /> Reload
        </Button>
        <Link to="/" reloadDocument className={buttonClass('secondary')}>
          Go to the home page
        </Link>
      </div>
    </section>
  )
}
