import { type ReactNode, useEffect, useId, useRef } from 'react'
import { Link } from 'react-router'
import { emailSettingsPath } from '#common/paths.ts'
import { Card } from '#web/components/ui/card.tsx'
import { useDocumentTitle } from '#web/lib/document-title.ts'

// The card the pages a newsletter's links open are drawn in: /unsubscribe and /newsletter/confirm.

export const linkClass = 'font-medium text-ink-700 underline-offset-4 hover:text-ink-900 hover:underline'

/** A centred card: an icon, the heading (focused when it changes, so the news is heard), the rest. */
export function Frame({
  title,
  icon,
  footer = true,
  children,
}: {
  title: string
  icon: ReactNode
  /** The way to every writer's choice under the card (the bad link's card leads there itself). */
  footer?: boolean
  children: ReactNode
}) {
  useDocumentTitle(title)
  const titleId = useId()
  const heading = useRef<HTMLHeadingElement>(null)
  const shown = useRef(title)
  useEffect(() => {
    if (title === shown.current) return
    shown.current = title
    heading.current?.focus()
  }, [title])
  return (
    <section aria-labelledby={titleId} className="mx-auto w-full max-w-lg py-2 sm:py-10">
      <Card className="px-5 py-7 sm:px-10 sm:py-10">
        <div
          aria-hidden="true"
          className="mb-5 flex size-12 items-center justify-center rounded-full bg-ink-50 text-ink-700 [&>svg]:size-6"
        >
          {icon}
        </div>
        <h1
          id={titleId}
          ref={heading}
          tabIndex={-1}
          className="text-2xl font-semibold break-words focus:outline-none sm:text-3xl"
        >
          {title}
        </h1>
        <div className="mt-4">{children}</div>
      </Card>
      {footer && (
        <p className="mt-6 text-center text-sm text-stone-600">
          Choose what every writer sends you in{' '}
          <Link to={emailSettingsPath} className={linkClass}>
            your e-mail settings
          </Link>
          .
        </p>
      )}
    </section>
  )
}
