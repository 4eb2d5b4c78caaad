import { useQuery } from '@tanstack/react-query'
import { CircleCheck, HardDriveDownload, Trash2 } from 'lucide-react'
import { useState, useSyncExternalStore } from 'react'
import type { BookPage } from '#common/schemas/books.ts'
import { Button } from '#web/components/ui/button.tsx'
import { toast } from '#web/components/ui/toaster.tsx'
import { sessionQueries } from '#web/lib/session-queries.ts'
import { formatKeptSize, keepBook, readKeptBooks, removeKeptBook } from './kept-books.ts'
import { KEPT_BOOKS_KEY, onKeptChange } from './kept-store.ts'

// The same string while nothing changed, so useSyncExternalStore sees no change.
const keptSnapshot = () => localStorage.getItem(KEPT_BOOKS_KEY) ?? ''
const serverSnapshot = () => ''
const noChange = () => () => {}

/**
 * Keep offline, on the page of a book the reader owns (never a preview): then "Available offline ·
 * 2.3 MB" and Remove from device. Nothing without Cache Storage (an insecure address).
 */
export function KeepOfflineButton({ book }: { book: BookPage }) {
  useSyncExternalStore(onKeptChange, keptSnapshot, serverSnapshot)
  // The server draws no button (it cannot know this device): the first render here matches it.
  const hydrated = useSyncExternalStore(
    noChange,
    () => true,
    () => false,
  )
  const session = useQuery(sessionQueries.session())
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null)
  const [removing, setRemoving] = useState(false)
  const userId = session.data?.user.id
  if (!hydrated || !book.owned || typeof caches === 'undefined') return null
  // Offline the session is not read: a book kept here is shown as kept (signing out clears them).
  const kept = readKeptBooks().find((b) => b.id === book.id && (!userId || b.userId === userId))

  const keep = async () => {
    if (!userId) return
    setProgress({ done: 0, total: book.chapters.length })
    try {
      await keepBook(book.id, userId, (done, total) => setProgress({ done, total }))
    } catch (error) {
      toast.error((error as Error).message)
    } finally {
      setProgress(null)
    }
  }
  const remove = async () => {
    setRemoving(true)
    try {
      await removeKeptBook(book.id)
    } finally {
      setRemoving(false)
    }
  }

  if (progress)
    return (
      <p role="status" className="mt-4 flex items-center gap-2 text-sm text-stone-700">
        <HardDriveDownload className="size-4 shrink-0" aria-hidden />
        Keeping {progress.done} of {progress.total} chapters…
      </p>
    )
  if (kept)
    return (
      <div className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-2">
        <p role="status" className="flex items-center gap-1.5 text-sm font-medium text-emerald-800">
          <CircleCheck className="size-4 shrink-0" aria-hidden />
          Available offline · {formatKeptSize(kept.bytes)}
        </p>
        <Button
          variant="ghost"
          size="sm"
          // Its padding would indent it under the status when it wraps (a phone).
          className="-ml-3 sm:ml-0"
          busy={removing}
          onClick={() => void remove()}
        >
          <Trash2 className="size-4" aria-hidden /> Remove from device
        </Button>
      </div>
    )
  return (
    <Button
      variant="secondary"
      size="sm"
      className="mt-4"
      busy={session.isPending}
      onClick={() => void keep()}
    >
      <HardDriveDownload className="size-4" aria-hidden /> Keep offline
    </Button>
  )
}
