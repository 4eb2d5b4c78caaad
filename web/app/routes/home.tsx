import { PAYOUT_MINIMUM_MINOR, PLATFORM_FEE_PERCENT } from '#common/constants.ts'
import { HydrateApart } from '#web/components/hydrate-apart.tsx'
import { TopBooks } from '#web/features/books/components/book-shelves.tsx'
import { FeaturedPosts } from '#web/features/discovery/components/featured-posts.tsx'
import { LatestByCategory } from '#web/features/discovery/components/latest-by-category.tsx'
import { PopularPosts } from '#web/features/discovery/components/popular-posts.tsx'
import { ClosingCall } from '#web/features/home/components/closing-call.tsx'
import { ForWriters } from '#web/features/home/components/for-writers.tsx'
import { Hero } from '#web/features/home/components/hero.tsx'
import { Offerings } from '#web/features/home/components/offerings.tsx'
import { formatAmount } from '#web/features/static/format-amount.ts'
import { useDocumentTitle } from '#web/lib/document-title.ts'
import { useSession } from '#web/lib/session.ts'

export default function Home() {
  useDocumentTitle('')
  const { loggedIn } = useSession()
  return (
    <div className="space-y-20 sm:space-y-28">
      <Hero loggedIn={loggedIn} />
      <HydrateApart>
        <FeaturedPosts />
      </HydrateApart>
      <HydrateApart>
        <LatestByCategory />
      </HydrateApart>
      <HydrateApart>
        <PopularPosts columns={2} />
      </HydrateApart>
      <HydrateApart>
        <TopBooks />
      </HydrateApart>
      <HydrateApart>
        <Offerings />
      </HydrateApart>
      <HydrateApart>
        <ForWriters feePercent={PLATFORM_FEE_PERCENT} payoutMinimum={formatAmount(PAYOUT_MINIMUM_MINOR)} />
      </HydrateApart>
      <HydrateApart>
        <ClosingCall loggedIn={loggedIn} />
      </HydrateApart>
    </div>
  )
}
