import { Pencil } from 'lucide-react'
import { Link } from 'react-router'
import { writerPath } from '#common/paths.ts'
import type { PublicPost } from '#common/schemas/posts.ts'
import { SubscribeButton } from '#web/components/subscribe-button.tsx'
import { Avatar } from '#web/components/ui/avatar.tsx'
import { ButtonLink } from '#web/components/ui/button.tsx'

interface AuthorCardProps {
  author: PublicPost['author']
  /** The reader wrote this post: nothing to subscribe to, their own way to edit it instead. */
  isAuthor?: boolean
  /** The author's Edit link, when no status banner above already offers it. */
  editHref?: string
}

/** Who wrote it, with a way to their page, and to follow or subscribe to them. */
export function AuthorCard({ author, isAuthor = false, editHref }: AuthorCardProps) {
  const href = writerPath(author.id)
  return (
    <section
      aria-label="About the author"
      className="flex items-center gap-3 border-y border-stone-200 py-4 sm:gap-4"
    >
      <Avatar name={author.name} image={author.image} />
      <div className="min-w-0 flex-1">
        <p className="text-xs text-stone-500">{isAuthor ? 'Written by you' : 'Written by'}</p>
        <Link to={href} className="block truncate font-medium text-stone-900 hover:underline">
          {author.name}
        </Link>
      </div>
      {!isAuthor ? (
        <SubscribeButton writerId={author.id} variant="secondary" />
      ) : (
        editHref && (
          <ButtonLink to={editHref} variant="secondary" size="sm">
            <Pencil className="size-4" aria-hidden /> Edit post
          </ButtonLink>
        )
      )}
    </section>
  )
}
