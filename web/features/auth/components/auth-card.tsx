import { ArrowLeft } from 'lucide-react'
import { type ReactNode, useEffect, useId, useRef } from 'react'
import { Link } from 'react-router'
import { Card } from '#web/components/ui/card.tsx'

interface AuthCardProps {
  title: string
  description?: ReactNode
  /** A small icon shown above the heading (decorative). */
  icon?: ReactNode
  children: ReactNode
  /** Links under the card: "New to Inkwell? Create an account", "Back to sign in". */
  footer?: ReactNode
}

/** The centred card every account screen sits in: heading, a line of context, the form, links below. */
export function AuthCard({ title, description, icon, children, footer }: AuthCardProps) {
  const titleId = useId()
  const heading = useRef<HTMLHeadingElement>(null)
  const shownTitle = useRef(title)

  // When the screen changes state ("Check your inbox"), the new heading takes focus so keyboard and
  // screen reader users land on it instead of on a form that no longer exists.
  useEffect(() => {
    if (title === shownTitle.current) return
    shownTitle.current = title
    heading.current?.focus()
  }, [title])

  return (
    <section aria-labelledby={titleId} className="mx-auto w-full max-w-md py-2 sm:py-8">
      <div className="mb-8 text-center">
        {icon && (
          <div
            aria-hidden="true"
            className="mx-auto mb-5 flex size-12 items-center justify-center rounded-full bg-ink-50 text-ink-700 [&>svg]:size-6"
          >
            {icon}
          </div>
        )}
        <h1
          id={titleId}
          ref={heading}
          tabIndex={-1}
          className="text-3xl font-semibold focus:outline-none sm:text-[2.125rem]"
        >
          {title}
        </h1>
        {description && (
          <div className="mx-auto mt-3 max-w-sm text-[15px] leading-6 text-stone-600">{description}</div>
        )}
      </div>
      <Card className="px-5 py-6 sm:px-8 sm:py-8">{children}</Card>
      {footer && <div className="mt-6 space-y-2 text-center text-sm text-stone-600">{footer}</div>}
    </section>
  )
}

/** Between the one-button ways to sign in (a passkey, a provider) and the e-mail form. */
export function OrDivider() {
  return (
    <div className="my-6 flex items-center gap-3 text-sm text-stone-500">
      <span aria-hidden="true" className="h-px flex-1 bg-stone-200" />
      or
      <span aria-hidden="true" className="h-px flex-1 bg-stone-200" />
    </div>
  )
}

/** A text link in the account screens' style. */
export const authLinkClass = 'font-medium text-ink-700 underline-offset-4 hover:text-ink-900 hover:underline'

/** The footer link of the password-reset screens. */
export function BackToSignIn() {
  return (
    <p>
      <Link to="/login" className={`inline-flex items-center gap-1.5 ${authLinkClass}`}>
        <ArrowLeft className="size-4" aria-hidden />
        Back to sign in
      </Link>
    </p>
  )
}
