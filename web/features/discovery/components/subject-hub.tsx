import { ArrowLeft, Compass } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link, useSearchParams } from 'react-router'
import { CATEGORY_TINTS } from '#web/components/category-style.ts'
import { ButtonLink } from '#web/components/ui/button.tsx'
import { QueryError } from '#web/components/ui/query-error.tsx'
import { SegmentedControl } from '#web/components/ui/segmented-control.tsx'
import { ScreenSpinner } from '#web/components/ui/spinner.tsx'
import { useSubject } from '#web/data/subjects.ts'
import { ApiError } from '#web/lib/api-client.ts'
import { useDocumentTitle } from '#web/lib/document-title.ts'
import { countOf } from '#web/lib/format.ts'
import { CONTENTS_SORTS } from '../contents-filters.ts'
import { FeedList } from './feed-list.tsx'
import { WriteInvite } from './write-invite.tsx'

const SORT_OPTIONS = CONTENTS_SORTS.map(({ key, label }) => ({ value: key, label }))

interface SubjectHubProps {
  slug: string
  /** More sections after the posts, given the subject's name (the route adds its exams and discussions). */
  more?: (name: string) => ReactNode
}

/** A subject's page: what it covers and its posts (newest or most popular first, in the address). */
export function SubjectHub({ slug, more }: SubjectHubProps) {
  const subject = useSubject(slug)
  const [params, setParams] = useSearchParams()
  const sort = params.get('sort') === 'popular' ? 'popular' : 'newest'
  useDocumentTitle(subject.data?.name ?? (subject.isError ? 'Subject not found' : 'Subject'))

  if (subject.isPending) return <ScreenSpinner label="Loading the subject…" />
  if (subject.isError) {
    if (subject.error instanceof ApiError && subject.error.status === 404)
      return (
        <section className="mx-auto max-w-lg py-16 text-center" aria-labelledby="subject-missing-title">
          <div className="mx-auto mb-6 flex size-14 items-center justify-center rounded-full bg-ink-50 text-ink-700">
            <Compass className="size-7" aria-hidden />
          </div>
          <h1 id="subject-missing-title" className="text-3xl font-semibold">
            We don't have that subject
          </h1>
          <p className="mt-3 text-stone-600">
            Nothing is filed under “{slug}”. The link may be old or mistyped: every subject we have is on the
            Academic page.
          </p>
          <ButtonLink to="/academic" className="mt-8">
            See all subjects
          </ButtonLink>
        </section>
      )
    return <QueryError what="this subject" error={subject.error} onRetry={() => void subject.refetch()} />
  }

  const { name, description, posts, kind } = subject.data
  return (
    <div className="space-y-10">
      <header
        className={`rounded-3xl border border-stone-200 px-6 py-10 sm:px-10 sm:py-12 ${CATEGORY_TINTS.academic.panel}`}
      >
        <Link
          to="/academic"
          className="inline-flex items-center gap-1 text-sm font-medium text-ink-700 hover:text-ink-900"
        >
          <ArrowLeft className="size-4" aria-hidden />
          All subjects
        </Link>
        <p className="mt-6 text-xs font-semibold tracking-[0.2em] text-ink-800 uppercase">
          {kind === 'academic' ? 'Academic subject' : 'Subject'}
        </p>
        <h1 className="mt-2 text-4xl font-semibold sm:text-5xl">{name}</h1>
        {description && (
          <p className="mt-4 max-w-2xl text-lg leading-relaxed text-stone-700">{description}</p>
        )}
        <p className="mt-5 text-sm font-medium text-stone-600">{countOf(posts, 'published post')}</p>
      </header>

      <section aria-labelledby="subject-posts-title">
        <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
          <h2 id="subject-posts-title" className="text-2xl font-semibold sm:text-3xl">
            Posts
          </h2>
          <SegmentedControl
            legend="Sort posts"
            overflow="scroll"
            options={SORT_OPTIONS}
            value={sort}
            onChange={(key) => setParams(key === 'newest' ? {} : { sort: key }, { replace: true })}
          />
        </div>
        <FeedList
          filters={{ subject: slug, sort }}
          empty={
            <WriteInvite title={`No posts in ${name} yet`}>
              Know this subject well? Write the first lesson: it appears here once it is reviewed.
            </WriteInvite>
          }
        />
      </section>

      {more?.(name)}
    </div>
  )
}
