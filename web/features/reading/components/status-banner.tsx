import type { PostStatus } from '#common/schemas/posts.ts'
import { ButtonLink } from '#web/components/ui/button.tsx'

const MESSAGES: Record<Exclude<PostStatus, 'published'>, { title: string; text: string; tone: string }> = {
  draft: {
    title: 'Draft',
    text: 'Only you and Inkwell’s editors can see this post. Submit it for review when it is ready.',
    tone: 'border-stone-300 bg-stone-50 text-stone-800',
  },
  pending: {
    title: 'Waiting for review',
    text: 'An editor will read it soon. Readers see it once it is approved.',
    tone: 'border-amber-200 bg-amber-50 text-amber-900',
  },
  rejected: {
    title: 'Needs changes',
    text: 'An editor asked for changes before this post can be published. Their note is on your Pending page.',
    tone: 'border-red-200 bg-red-50 text-red-900',
  },
}

/** Shown to the author (or an admin) reading a post that readers cannot see yet. */
export function StatusBanner({ status, editHref }: { status: PostStatus; editHref?: string }) {
  if (status === 'published') return null
  const { title, text, tone } = MESSAGES[status]
  return (
    <div
      role="status"
      className={`mb-8 flex flex-col gap-3 rounded-xl border px-4 py-3 text-sm sm:flex-row sm:items-center ${tone}`}
    >
      <p className="flex-1">
        <strong className="font-semibold">Not published · {title}.</strong> {text}
      </p>
      {editHref && (
        <ButtonLink to={editHref} variant="secondary" size="sm">
          Edit post
        </ButtonLink>
      )}
    </div>
  )
}
