import { useQuery } from '@tanstack/react-query'
import { CircleCheck, HardDriveDownload, Lock } from 'lucide-react'
import { useState, useSyncExternalStore } from 'react'
import type { ReadingListItem } from '#common/schemas/reading-list.ts'
import { toast } from '#web/components/ui/toaster.tsx'
import { sessionQueries } from '#web/lib/session-queries.ts'
import { keepPost, readKeptPosts } from './kept-posts.ts'
import { KEPT_POSTS_KEY, onKeptChange } from './kept-store.ts'

const keptSnapshot = () => localStorage.getItem(KEPT_POSTS_KEY) ?? ''
const serverSnapshot = () => ''
const noChange = () => () => {}

/**
 * What this device holds of a saved post: "Available offline"; for a body locked to the reader, that
 * it is not kept; otherwise (saved on another device) Keep offline.
 */
export function KeptPostStatus({ item }: { item: ReadingListItem }) {
  useSyncExternalStore(onKeptChange, keptSnapshot, serverSnapshot)
  const hydrated = useSyncExternalStore(
    noChange,
    () => true,
    () => false,
  )
  const session = useQuery(sessionQueries.session())
  const [keeping, setKeeping] = useState(false)
  const userId = session.data?.user.id
  // The server draws nothing here (it cannot know this device): the first render matches it.
  if (!hydrated || typeof caches === 'undefined') return null
  const kept = readKeptPosts().some((p) => p.id === item.post.id && (!userId || p.userId === userId))
  if (kept)
    return (
      <span className="inline-flex items-center gap-1 font-medium text-emerald-800">
        <CircleCheck className="size-4 shrink-0" aria-hidden /> Available offline
      </span>
    )
  if (!item.readable)
    return (
      <span className="inline-flex items-center gap-1">
        <Lock className="size-4 shrink-0" aria-hidden /> For subscribers: not kept offline
      </span>
    )
  const keep = async () => {
    if (!userId) return
    setKeeping(true)
    try {
      await keepPost(item.post, userId)
    } catch (error) {
      toast.error((error as Error).message)
    } finally {
      setKeeping(false)
    }
  }
  return (
    <button
      type="button"
      disabled={keeping || !userId}
      onClick={() => void keep()}
      className="inline-flex items-center gap-1 rounded-md px-2 py-1 font-medium text-ink-700 hover:bg-ink-50 disabled:opacity-60"
    >
      <HardDriveDownload className="size-4" aria-hidden /> Keep offline
    </button>
  )
}
