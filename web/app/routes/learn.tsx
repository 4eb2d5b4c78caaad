import { FileQuestion } from 'lucide-react'
import { useMemo, useRef } from 'react'
import { useParams } from 'react-router'
import { POST_TOC_MIN_HEADINGS } from '#common/constants.ts'
import { postEditorPath } from '#common/paths.ts'
import { HydrateApart } from '#web/components/hydrate-apart.tsx'
import { Button, ButtonLink } from '#web/components/ui/button.tsx'
import { Alert } from '#web/components/ui/card.tsx'
import { PassageHighlights } from '#web/features/highlights/components/passage-highlights.tsx'
import { keepPost, removeKeptPost } from '#web/features/offline/kept-posts.ts'
import { AddToPractice } from '#web/features/practice/components/add-to-practice.tsx'
import { usePost } from '#web/features/reading/api/get-post.ts'
import { useRecordView } from '#web/features/reading/api/record-view.ts'
import { AuthorCard } from '#web/features/reading/components/author-card.tsx'
import { CommentsSection } from '#web/features/reading/components/comments-section.tsx'
import { FeatureToggle } from '#web/features/reading/components/feature-toggle.tsx'
import { KeyIdeas } from '#web/features/reading/components/key-ideas.tsx'
import { LikeButton } from '#web/features/reading/components/like-button.tsx'
import { LockedNotice } from '#web/features/reading/components/locked-notice.tsx'
import { PostBody } from '#web/features/reading/components/post-body.tsx'
import { PostCover, PostHeader } from '#web/features/reading/components/post-header.tsx'
import { PostNeighbours } from '#web/features/reading/components/post-neighbours.tsx'
import { PostSkeleton } from '#web/features/reading/components/post-skeleton.tsx'
import { ReadingProgressBar } from '#web/features/reading/components/reading-progress-bar.tsx'
import { StatusBanner } from '#web/features/reading/components/status-banner.tsx'
import { ContentsDisclosure, ContentsSidebar } from '#web/features/reading/components/table-of-contents.tsx'
import { outlineOf } from '#web/features/reading/lib/outline.ts'
import { useLandOnHash } from '#web/features/reading/lib/sections.ts'
import { readingTimeMinutes } from '#web/features/reading/reading-time.ts'
import { useMetaDescription } from '#web/features/reading/use-meta-description.ts'
import { SaveForLaterButton } from '#web/features/reading-list/components/save-for-later-button.tsx'
import { ReportButton } from '#web/features/reports/components/report-button.tsx'
import { ApiError } from '#web/lib/api-client.ts'
import { useDocumentTitle } from '#web/lib/document-title.ts'
import { useMe, useSession } from '#web/lib/session.ts'

/** The reader: /learn/:uid/:topic is a writer's id and the post's slug. */
export default function Learn() {
  const { uid = '', topic = '' } = useParams()
  const { data: post, error, isPending, refetch, isRefetching } = usePost(uid, topic)
  const { data: me } = useMe()
  const { loggedIn } = useSession()
  const missing = error instanceof ApiError && error.status === 404

  useDocumentTitle(post?.title ?? (missing ? 'Post not found' : ''))
  useMetaDescription(post?.excerpt || undefined)
  useRecordView(post)
  // The body with anchors on its headings; none while it is locked.
  const bodyHtml = post && !post.locked ? post.bodyHtml : null
  const outline = useMemo(() => (bodyHtml === null ? null : outlineOf(bodyHtml)), [bodyHtml])
  const body = useRef<HTMLDivElement>(null)
  useLandOnHash(!isPending)

  if (isPending) return <PostSkeleton />
  if (missing) return <PostNotFound />
  if (error)
    return (
      <div className="mx-auto max-w-2xl space-y-4 py-10">
        <Alert>{error.message}</Alert>
        <Button variant="secondary" onClick={() => refetch()} busy={isRefetching}>
          Try again
        </Button>
      </div>
    )

  const isAuthor = me?.id === post.author.id
  const published = post.status === 'published'
  const editHref = post.canEdit ? postEditorPath(post.id) : undefined
  const contents = outline && outline.headings.length >= POST_TOC_MIN_HEADINGS ? outline.headings : null
  return (
    // Wide screens: the article stays centred where the skeleton was, "On this page" beside it.
    <div className="xl:grid xl:grid-cols-[minmax(0,1fr)_minmax(0,42rem)_minmax(0,1fr)] xl:gap-x-10">
      <article className="mx-auto max-w-2xl pt-2 pb-16 sm:pt-6 xl:col-start-2 xl:w-full">
        <StatusBanner status={post.status} editHref={editHref} />
        <PostHeader post={post} minutes={bodyHtml === null ? null : readingTimeMinutes(bodyHtml)} />
        <div className="mt-8">
          {/* An unpublished post's banner already offers Edit. */}
          <AuthorCard author={post.author} isAuthor={isAuthor} editHref={published ? editHref : undefined} />
        </div>
        {published && (
          <div className="mt-4">
            <SaveForLaterButton post={post} signedIn={loggedIn} keep={keepPost} unkeep={removeKeptPost} />
          </div>
        )}
        {post.coverImage && <PostCover src={post.coverImage} />}
        {contents && (
          <div className="xl:hidden">
            <ContentsDisclosure headings={contents} />
          </div>
        )}
        {!outline ? (
          <LockedNotice authorId={post.author.id} authorName={post.author.name} />
        ) : (
          <>
            <PostBody html={outline.html} body={body} />
            {loggedIn && (
              <PassageHighlights body={body} target={{ postId: post.id }} content={outline.html} />
            )}
          </>
        )}
        {post.category === 'academic' && !post.locked && (
          <HydrateApart>
            <KeyIdeas
              postId={post.id}
              action={published && <AddToPractice postId={post.id} signedIn={loggedIn} />}
            />
          </HydrateApart>
        )}
        <div className="mt-10 flex flex-wrap items-center justify-between gap-3">
          <LikeButton post={post} signedIn={loggedIn} />
          <div className="flex flex-wrap items-center gap-2">
            {post.canFeature && published && <FeatureToggle post={post} />}
            {post.canReport && <ReportButton targetType="post" targetId={post.id} />}
          </div>
        </div>
        {/* What follows the post is hydrated on its own, after the post itself (decision 041). */}
        {published && (
          <HydrateApart>
            <PostNeighbours post={post} />
          </HydrateApart>
        )}
        {/* A locked post's discussion is for those who may read it (the server says so too). */}
        {!post.locked && (
          <HydrateApart>
            <CommentsSection
              post={post}
              signedIn={loggedIn}
              commentActions={
                loggedIn
                  ? (comment) =>
                      comment.author.id !== me?.id && (
                        <ReportButton targetType="comment" targetId={comment.id} />
                      )
                  : undefined
              }
            />
          </HydrateApart>
        )}
      </article>
      {contents && (
        <div className="hidden pt-6 xl:block">
          <ContentsSidebar headings={contents} />
        </div>
      )}
      {outline && <ReadingProgressBar target={body} />}
    </div>
  )
}

function PostNotFound() {
  return (
    <section className="mx-auto max-w-lg py-16 text-center" aria-labelledby="post-missing-title">
      <div className="mx-auto mb-6 flex size-14 items-center justify-center rounded-full bg-ink-50 text-ink-700">
        <FileQuestion className="size-7" aria-hidden />
      </div>
      <h1 id="post-missing-title" className="font-serif text-3xl font-semibold">
        This post doesn’t exist or isn’t published
      </h1>
      <p className="mt-3 text-stone-600">
        The link may be mistyped, or the writer may have taken the post down or not published it yet.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <ButtonLink to="/">Find something to read</ButtonLink>
      </div>
    </section>
  )
}
