import { Link } from 'react-router'
import type { PublicPost } from '#common/schemas/posts.ts'
import { Avatar } from '#web/components/ui/avatar.tsx'
import { ButtonLink } from '#web/components/ui/button.tsx'

/** Who wrote it, with a way to their page (where following them will live). */
export function AuthorCard({ author }: { author: PublicPost['author'] }) {
  const href = `/writer/${encodeURIComponent(author.id)}`
  return (
    <section
      aria-label="About the author"
      className="flex items-center gap-3 border-y border-stone-200 py-4 sm:gap-4"
    >
      <Avatar name={author.name} image={author.image} />
      <div className="min-w-0 flex-1">
        <p className="text-xs text-stone-500">Written by</p>
        <Link to={href} className="block truncate font-medium text-stone-900 hover:underline">
          {author.name}
        </Link>
      </div>
      {/* Subscriptions come later; until then the button leads to the writer's page. */}
      <ButtonLink to={href} variant="secondary" size="sm">
        Subscribe
      </ButtonLink>
    </section>
  )
}
