import { Navigate, useLocation, useParams, useSearchParams } from 'react-router'
import { forumPath, threadPath } from '#common/paths.ts'
import { QueryError } from '#web/components/ui/query-error.tsx'
import { ScreenSpinner } from '#web/components/ui/spinner.tsx'
import { useThread } from '#web/features/forums/api/threads.ts'
import { useThreadStream } from '#web/features/forums/api/use-thread-stream.ts'
import { AcceptedAnswer } from '#web/features/forums/components/accepted-answer.tsx'
import { ForumBreadcrumb } from '#web/features/forums/components/forum-breadcrumb.tsx'
import { ForumNotFound } from '#web/features/forums/components/forum-not-found.tsx'
import { OpeningPost } from '#web/features/forums/components/opening-post.tsx'
import { ThreadReplies } from '#web/features/forums/components/thread-replies.tsx'
import { ReportButton } from '#web/features/reports/components/report-button.tsx'
import { ApiError } from '#web/lib/api-client.ts'
import { useDocumentTitle } from '#web/lib/document-title.ts'
import { useMe } from '#web/lib/session.ts'

/** ?page=N, a whole number from 1; anything else reads as the first page. */
const pageFrom = (value: string | null) => {
  const n = Number(value)
  return Number.isInteger(n) && n >= 1 ? n : 1
}

/** /forum/:subject/:threadId: the opening post, the accepted answer, a page of replies; live. */
export default function ForumThread() {
  const { subject = '', threadId = '' } = useParams()
  const location = useLocation()
  const [params] = useSearchParams()
  const page = pageFrom(params.get('page'))
  const thread = useThread(threadId)
  const { data: me } = useMe()
  useThreadStream(threadId)
  const missing =
    thread.error instanceof ApiError && (thread.error.status === 404 || thread.error.code === 'bad_request')
  useDocumentTitle(thread.data?.title ?? (missing ? 'Thread not found' : 'Thread'))

  if (thread.isPending) return <ScreenSpinner label="Loading the thread…" />
  if (missing)
    return (
      <ForumNotFound title="This thread isn't here">
        The link may be mistyped, or the thread was deleted.
      </ForumNotFound>
    )
  if (!thread.data)
    return <QueryError what="this thread" error={thread.error} onRetry={() => void thread.refetch()} />

  const current = thread.data
  // A thread an admin moved lives under its new forum: old links land on the right address.
  if (current.subject.slug !== subject)
    return (
      <Navigate
        replace
        to={`${threadPath(current.subject.slug, current.id)}${location.search}${location.hash}`}
      />
    )
  const notMine = (authorId: string) => me !== undefined && me.id !== authorId
  return (
    <div className="mx-auto max-w-3xl space-y-6 pb-16">
      <ForumBreadcrumb
        trail={[
          { label: current.subject.name, to: forumPath(current.subject.slug) },
          { label: current.title },
        ]}
      />
      <OpeningPost
        thread={current}
        report={notMine(current.author.id) && <ReportButton targetType="thread" targetId={current.id} />}
      />
      <AcceptedAnswer thread={current} />
      <ThreadReplies
        thread={current}
        page={page}
        reportOf={(reply) =>
          !reply.deleted &&
          notMine(reply.author.id) && <ReportButton targetType="reply" targetId={reply.id} />
        }
      />
    </div>
  )
}
