import { BookOpen, Check, Pencil, ShoppingBag } from 'lucide-react'
import { useNavigate } from 'react-router'
import { formatMoney } from '#common/money.ts'
import { bookEditorPath, readPath } from '#common/paths.ts'
import type { BookPage } from '#common/schemas/books.ts'
import { useSignInPath } from '#web/components/sign-in-link.tsx'
import { Button, ButtonLink } from '#web/components/ui/button.tsx'
import { toast } from '#web/components/ui/toaster.tsx'
import { useSession } from '#web/lib/session.ts'
import { useAddToLibrary, useCreateBookOrder } from '../api/books.ts'
import { bookActionFor } from '../lib/book-action.ts'

interface BookActionsProps {
  book: BookPage
  viewerId: string | undefined
  /** The button row's size: large on the book page, medium in the reader's locked notice. */
  size?: 'md' | 'lg'
  /** Leave out "Read the preview" (the reader is already in it). */
  withPreview?: boolean
}

/** The book's main button, chosen for this reader (lib/book-action.ts), and the preview beside it. */
const ROW = 'flex flex-col gap-3 sm:flex-row sm:flex-wrap'
/** On a phone, the large buttons fill the width, one under the other. */
const FILL = 'w-full sm:w-auto'

export function BookActions({ book, viewerId, size = 'lg', withPreview = true }: BookActionsProps) {
  const action = bookActionFor(book, viewerId)
  // While the session is being checked a click could send a signed-in reader to sign in (a page
  // opened from the server paints before the session is known): the buttons wait for it.
  const { loggedIn: signedIn, checkingStatus } = useSession()
  const order = useCreateBookOrder(book.id)
  const addToLibrary = useAddToLibrary(book.id)
  const navigate = useNavigate()
  const signInPath = useSignInPath()
  const signIn = () => navigate(signInPath)

  switch (action.kind) {
    case 'write':
      return (
        <div className={ROW}>
          {action.chapterId && (
            <ButtonLink to={readPath(book.id, action.chapterId)} size={size} className={FILL}>
              <BookOpen className="size-5" aria-hidden /> Read your book
            </ButtonLink>
          )}
          <ButtonLink to={bookEditorPath(book.id)} size={size} variant="secondary" className={FILL}>
            <Pencil className="size-4" aria-hidden /> Edit book
          </ButtonLink>
        </div>
      )
    case 'continue':
      return (
        <ButtonLink to={readPath(book.id, action.chapterId)} size={size} className={FILL}>
          <BookOpen className="size-5" aria-hidden /> Continue reading
        </ButtonLink>
      )
    case 'start':
      return action.chapterId ? (
        <ButtonLink to={readPath(book.id, action.chapterId)} size={size} className={FILL}>
          <BookOpen className="size-5" aria-hidden /> Start reading
        </ButtonLink>
      ) : null
  }

  const preview = withPreview && action.previewChapterId && (
    <ButtonLink
      to={readPath(book.id, action.previewChapterId)}
      size={size}
      variant="secondary"
      className={FILL}
    >
      Read the preview
    </ButtonLink>
  )
  if (action.kind === 'add')
    return (
      <div className={ROW}>
        <Button
          size={size}
          className={FILL}
          busy={addToLibrary.isPending || checkingStatus}
          onClick={() =>
            signedIn
              ? addToLibrary.mutate(undefined, {
                  onSuccess: () => toast.success(`“${book.title}” is in your library`),
                })
              : signIn()
          }
        >
          <Check className="size-5" aria-hidden /> Add to library · Free
        </Button>
        {preview}
      </div>
    )
  return (
    <div className={ROW}>
      <Button
        size={size}
        className={FILL}
        busy={order.isPending || checkingStatus}
        onClick={() =>
          signedIn
            ? order.mutate(undefined, {
                onSuccess: (created) => navigate(`/payment?order=${encodeURIComponent(created.id)}`),
              })
            : signIn()
        }
      >
        <ShoppingBag className="size-5" aria-hidden /> Buy · {formatMoney(book.price, book.currency)}
      </Button>
      {preview}
    </div>
  )
}
