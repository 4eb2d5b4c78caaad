import { useQuery } from '@tanstack/react-query'
import { Bookmark } from 'lucide-react'
import { useState, useSyncExternalStore } from 'react'
import type { PublicPost } from '#common/schemas/posts.ts'
import { SignInLink } from '#web/components/sign-in-link.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { toast } from '#web/components/ui/toaster.tsx'
import { announce } from '#web/lib/announce.ts'
import { sessionQueries } from '#web/lib/session-queries.ts'
import { readingListQueries, useSaveForLater } from '../api/reading-list.ts'

function onOnlineChange(listener: () => void) {
  window.addEventListener('online', listener)
  window.addEventListener('offline', listener)
  return () => {
    window.removeEventListener('online', listener)
    window.removeEventListener('offline', listener)
  }
}

interface SaveForLaterProps {
  post: PublicPost
  signedIn: boolean
  /** Keeps the post on this device for `userId` (the route hands in the offline feature's). */
  keep: (post: PublicPost, userId: string) => Promise<unknown>
  /** Takes it off this device. */
  unkeep: (postId: string) => Promise<void>
}

/**
 * Save for later, on a published post's page: it goes on the reader's reading list and, when its
 * body is theirs to read, onto this device for offline reading; "Saved" undoes both. Signed out, a
 * link to sign in and come back.
 */
export function SaveForLaterButton({ post, signedIn, keep, unkeep }: SaveForLaterProps) {
  const state = useQuery({ ...readingListQueries.saved(post.id), enabled: signedIn })
  const session = useQuery({ ...sessionQueries.session(), enabled: signedIn })
  const save = useSaveForLater(post.id)
  const [keeping, setKeeping] = useState(false)
  // The server draws the page online; offline the session is not read, so neither state is known.
  const online = useSyncExternalStore(
    onOnlineChange,
    () => navigator.onLine,
    () => true,
  )
  const icon = (filled: boolean) => (
    <Bookmark className={`size-4 ${filled ? 'fill-current text-ink-700' : ''}`} aria-hidden />
  )
  // Offline the reader is reading a kept post, not saving one (nor signing in).
  if (!online && !state.data) return null
  if (!signedIn)
    return (
      <SignInLink variant="secondary" size="sm">
        {icon(false)}
        Sign in to save for later
      </SignInLink>
    )
  const saved = state.data?.saved ?? false
  const userId = session.data?.user.id

  const toggle = async () => {
    const answer = await save.mutateAsync(!saved).catch(() => null)
    if (!answer) return
    setKeeping(true)
    try {
      if (!answer.saved) await unkeep(post.id)
      else if (answer.readable && userId) await keep(post, userId)
      announce(answer.saved ? 'Saved to your reading list' : 'Removed from your reading list')
    } catch (error) {
      toast.error((error as Error).message)
    } finally {
      setKeeping(false)
    }
  }

  return (
    <Button
      variant="secondary"
      size="sm"
      aria-pressed={saved}
      busy={state.isPending || save.isPending || keeping}
      onClick={() => void toggle()}
    >
      {icon(saved)}
      {saved ? 'Saved' : 'Save for later'}
    </Button>
  )
}
