import { ArrowRight } from 'lucide-react'
import { Link } from 'react-router'
import { SHOWN } from '#common/query-keys.ts'
import type { PostCategory } from '#common/schemas/posts.ts'
import { CATEGORY_TINTS } from '#web/components/category-style.ts'
import { PostCardItem } from '#web/components/post-card.tsx'
import { QueryError } from '#web/components/ui/query-error.tsx'
import { Shelf } from '#web/components/ui/shelf.tsx'
import { useFeed } from '../api/get-feed.ts'
import { RowSkeleton } from './post-list.tsx'
import { WriteInvite } from './write-invite.tsx'

const PER_CATEGORY = SHOWN.latestPerCategory

/** Each category's listing page. */
const CATEGORY_PATHS: Record<PostCategory, string> = {
  academic: '/academic',
  fiction: '/fiction',
  'true-story': '/truestories',
}

const COLUMNS: { category: PostCategory; title: string; none: string }[] = [
  { category: 'academic', title: 'Academic', none: 'No lessons yet. Know a subject well? Teach it.' },
  { category: 'fiction', title: 'Fiction', none: 'No stories yet. Have one in you? Tell it.' },
  {
    category: 'true-story',
    title: 'True stories',
    none: 'No true stories yet. Lived something worth telling?',
  },
]

/** The newest posts of each category side by side; one invitation when nothing is published at all. */
export function LatestByCategory() {
  const feeds = {
    academic: useFeed({ category: 'academic', sort: 'newest', limit: PER_CATEGORY }),
    fiction: useFeed({ category: 'fiction', sort: 'newest', limit: PER_CATEGORY }),
    'true-story': useFeed({ category: 'true-story', sort: 'newest', limit: PER_CATEGORY }),
  }
  const nothingYet = Object.values(feeds).every((feed) => feed.data?.pages[0]?.items.length === 0)

  return (
    <Shelf title="Latest on Inkwell" description="Just published, in each part of Inkwell.">
      {nothingYet ? (
        <WriteInvite title="Nothing published yet">
          Be the first: write a lesson, a story or something true, and it appears here once it is reviewed.
        </WriteInvite>
      ) : (
        <div className="grid gap-10 lg:grid-cols-3 lg:gap-8">
          {COLUMNS.map(({ category, title, none }) => {
            const feed = feeds[category]
            const posts = feed.data?.pages[0]?.items ?? []
            return (
              <section key={category} aria-label={`Latest in ${title}`}>
                <div
                  className={`mb-2 flex items-center justify-between rounded-xl px-4 py-3 ${CATEGORY_TINTS[category].panel}`}
                >
                  <h3 className={`font-serif text-xl font-semibold ${CATEGORY_TINTS[category].text}`}>
                    {title}
                  </h3>
                  <Link
                    to={CATEGORY_PATHS[category]}
                    aria-label={`See all ${title.toLowerCase()}`}
                    className="group inline-flex items-center gap-1 text-sm font-medium text-ink-700 hover:text-ink-900"
                  >
                    See all
                    <ArrowRight
                      className="size-4 transition-transform group-hover:translate-x-0.5"
                      aria-hidden
                    />
                  </Link>
                </div>
                {feed.isPending ? (
                  <RowSkeleton count={PER_CATEGORY} label={`Loading ${title.toLowerCase()}…`} />
                ) : feed.isError ? (
                  <QueryError
                    what={title.toLowerCase()}
                    error={feed.error}
                    onRetry={() => void feed.refetch()}
                  />
                ) : posts.length === 0 ? (
                  <p className="px-4 py-6 text-sm text-stone-600">
                    {none}{' '}
                    <Link to="/post" className="font-medium text-ink-700 underline-offset-2 hover:underline">
                      Write a post
                    </Link>
                  </p>
                ) : (
                  <ul className="divide-y divide-stone-200/70">
                    {posts.map((post) => (
                      <li key={post.id}>
                        <PostCardItem post={post} variant="row" heading="h4" />
                      </li>
                    ))}
                  </ul>
                )}
              </section>
            )
          })}
        </div>
      )}
    </Shelf>
  )
}
