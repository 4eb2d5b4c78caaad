import { MessagesSquare, Plus } from 'lucide-react'
import { useNavigate, useParams, useSearchParams } from 'react-router'
import { threadPath } from '#common/paths.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Alert, EmptyState } from '#web/components/ui/card.tsx'
import { QueryError } from '#web/components/ui/query-error.tsx'
import { ScreenSpinner } from '#web/components/ui/spinner.tsx'
import { useForum, useThreads } from '#web/features/forums/api/forums.ts'
import { useCreateThread } from '#web/features/forums/api/threads.ts'
import { ForumBreadcrumb } from '#web/features/forums/components/forum-breadcrumb.tsx'
import { ForumNotFound } from '#web/features/forums/components/forum-not-found.tsx'
import { ThreadForm } from '#web/features/forums/components/thread-form.tsx'
import { ThreadList } from '#web/features/forums/components/thread-list.tsx'
import { ApiError } from '#web/lib/api-client.ts'
import { useDocumentTitle } from '#web/lib/document-title.ts'
import { countOf } from '#web/lib/format.ts'

/** /forum/:subject: a subject's threads, pinned first; New thread opens the composer (?new=1). */
export default function ForumSubject() {
  const { subject: slug = '' } = useParams()
  const forum = useForum(slug)
  // Read alongside the forum, not after it.
  const threads = useThreads(slug)
  const [params, setParams] = useSearchParams()
  const composing = params.get('new') === '1'
  const missing = forum.error instanceof ApiError && forum.error.status === 404
  useDocumentTitle(
    forum.data?.subject.name ? `${forum.data.subject.name} forum` : missing ? 'Forum not found' : 'Forum',
  )

  if (forum.isPending) return <ScreenSpinner label="Loading the forum…" />
  if (missing)
    return (
      <ForumNotFound title="We don't have that forum">
        {`There is no subject called “${slug}”, so no forum either. The link may be old or mistyped.`}
      </ForumNotFound>
    )
  if (forum.isError)
    return <QueryError what="this forum" error={forum.error} onRetry={() => void forum.refetch()} />

  const { subject, threadCount, replyCount } = forum.data
  const setComposing = (open: boolean) => setParams(open ? { new: '1' } : {}, { replace: !open })
  return (
    <div className="mx-auto max-w-5xl">
      <ForumBreadcrumb trail={[{ label: subject.name }]} />
      <header className="mb-8 flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-3xl font-semibold sm:text-4xl">{subject.name}</h1>
          {subject.description && <p className="mt-2 max-w-2xl text-stone-600">{subject.description}</p>}
          <p className="mt-2 text-sm text-stone-500">
            {countOf(threadCount, 'thread')} · {countOf(replyCount, 'reply', 'replies')}
          </p>
        </div>
        {!composing && (
          <Button onClick={() => setComposing(true)}>
            <Plus className="size-4" aria-hidden /> New thread
          </Button>
        )}
      </header>
      {composing && <NewThread slug={subject.slug} name={subject.name} onClose={() => setComposing(false)} />}
      <Threads threads={threads} name={subject.name} onStart={() => setComposing(true)} />
    </div>
  )
}

function NewThread({ slug, name, onClose }: { slug: string; name: string; onClose: () => void }) {
  const create = useCreateThread(slug)
  const navigate = useNavigate()
  return (
    <section
      aria-labelledby="new-thread-title"
      className="mb-8 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="new-thread-title" className="mb-4 font-serif text-xl font-semibold">
        New thread in {name}
      </h2>
      <ThreadForm
        submitLabel="Post thread"
        onCancel={onClose}
        onSubmit={async (input) => {
          const thread = await create.mutateAsync(input)
          navigate(threadPath(thread.subjectSlug, thread.id))
        }}
      />
    </section>
  )
}

function Threads({
  threads,
  name,
  onStart,
}: {
  threads: ReturnType<typeof useThreads>
  name: string
  onStart: () => void
}) {
  if (threads.isPending) return <ScreenSpinner label="Loading the threads…" />
  if (!threads.data)
    return <QueryError what="the threads" error={threads.error} onRetry={() => void threads.refetch()} />
  return (
    <>
      {threads.isFetchNextPageError && (
        <div className="mb-4">
          <Alert>We couldn't load more threads. {threads.error?.message}</Alert>
        </div>
      )}
      <ThreadList
        threads={threads.data.pages.flatMap((page) => page.items)}
        hasMore={threads.hasNextPage}
        loadingMore={threads.isFetchingNextPage}
        onLoadMore={() => void threads.fetchNextPage()}
        empty={
          <EmptyState
            icon={<MessagesSquare className="size-8" aria-hidden />}
            title={`No threads in ${name} yet`}
          >
            <p>Start the first discussion: ask a question, or share something worth talking about.</p>
            <Button className="mt-4" onClick={onStart}>
              Start the first thread
            </Button>
          </EmptyState>
        }
      />
    </>
  )
}
