import { SlidersHorizontal } from 'lucide-react'
import { SHOWN } from '#common/query-keys.ts'
import type { PostCategory } from '#common/schemas/posts.ts'
import { CATEGORY_TINTS } from '#web/components/category-style.ts'
import { ButtonLink } from '#web/components/ui/button.tsx'
import { Shelf } from '#web/components/ui/shelf.tsx'
import { useDocumentTitle } from '#web/lib/document-title.ts'
import { usePopular } from '../api/get-feed.ts'
import { FeaturedPosts } from './featured-posts.tsx'
import { FeedList } from './feed-list.tsx'
import { PopularPosts } from './popular-posts.tsx'
import { SubjectGrid } from './subject-grid.tsx'
import { WriteInvite } from './write-invite.tsx'

const POPULAR_IN_SIDEBAR = SHOWN.popularBeside

const PAGES: Record<PostCategory, { title: string; kicker: string; description: string; noun: string }> = {
  academic: {
    title: 'Academic',
    kicker: 'Learn',
    description:
      'Clear lessons by subject, from Mathematics to Computer Science, written by teachers and people who know their field.',
    noun: 'lessons',
  },
  fiction: {
    title: 'Fiction',
    kicker: 'Read',
    description:
      'Short stories and serials from new and established writers. Subscribe to the ones you love.',
    noun: 'stories',
  },
  'true-story': {
    title: 'True stories',
    kicker: 'Read',
    description: 'Memoir, reportage and lived experience, told by the people who were there.',
    noun: 'true stories',
  },
}

/** A category's page: what it is, (subjects,) the editors' picks, the latest and this week's most read. */
export function CategoryPage({ category }: { category: PostCategory }) {
  const page = PAGES[category]
  useDocumentTitle(page.title)
  const tint = CATEGORY_TINTS[category]
  // The same query as the sidebar's (shared in the cache): with nothing popular, the latest take the width.
  const popular = usePopular({ category, limit: POPULAR_IN_SIDEBAR })
  const sidebar = popular.isPending || popular.isError || popular.data.length > 0
  return (
    <div className="space-y-16 sm:space-y-20">
      <header className={`rounded-3xl border border-stone-200 px-6 py-10 sm:px-10 sm:py-14 ${tint.panel}`}>
        <p className={`text-xs font-semibold tracking-[0.2em] uppercase ${tint.text}`}>{page.kicker}</p>
        <h1 className="mt-3 text-4xl font-semibold sm:text-5xl">{page.title}</h1>
        <p className="mt-4 max-w-2xl text-lg leading-relaxed text-stone-700">{page.description}</p>
        <ButtonLink to={`/contents?category=${category}`} variant="secondary" size="sm" className="mt-6">
          <SlidersHorizontal className="size-4" aria-hidden />
          Filter by tag{category === 'academic' ? ' or subject' : ''}
        </ButtonLink>
      </header>

      {category === 'academic' && <SubjectGrid />}
      <FeaturedPosts category={category} />

      <div className={sidebar ? 'grid gap-16 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] lg:gap-12' : ''}>
        <Shelf title="Latest" description={`New ${page.noun}, newest first.`}>
          <FeedList
            filters={{ category, sort: 'newest' }}
            narrow={sidebar}
            empty={
              <WriteInvite title={`No ${page.noun} published yet`}>
                Be the first: your post appears here once it is reviewed.
              </WriteInvite>
            }
          />
        </Shelf>
        {sidebar && (
          <aside>
            <PopularPosts category={category} limit={POPULAR_IN_SIDEBAR} />
          </aside>
        )}
      </div>
    </div>
  )
}
