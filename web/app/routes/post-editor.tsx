import { FileQuestion } from 'lucide-react'
import { useNavigate, useSearchParams } from 'react-router'
import { ButtonLink } from '#web/components/ui/button.tsx'
import { Alert, EmptyState } from '#web/components/ui/card.tsx'
import { ScreenSpinner } from '#web/components/ui/spinner.tsx'
import { usePost } from '#web/features/editor/api/get-post.ts'
import { KeyIdeasEditor } from '#web/features/editor/components/key-ideas-editor.tsx'
import { PostForm } from '#web/features/editor/components/post-form.tsx'
import { ApiError } from '#web/lib/api-client.ts'
import { useDocumentTitle } from '#web/lib/document-title.ts'
import { useMe } from '#web/lib/session.ts'

/** /post writes a new post; /post?id= edits one of the author's own (someone else's answers 404). */
export default function PostEditor() {
  const [params, setParams] = useSearchParams()
  const id = params.get('id')
  useDocumentTitle(id ? 'Edit post' : 'New post')
  const navigate = useNavigate()
  const me = useMe()
  const post = usePost(id)

  if (id && post.isPending) return <ScreenSpinner label="Loading your post…" />
  if (id && post.error) {
    if (post.error instanceof ApiError && (post.error.status === 404 || post.error.status === 400))
      return (
        <div className="mx-auto max-w-xl py-10">
          <EmptyState icon={<FileQuestion className="size-8" aria-hidden />} title="We can't find that post">
            <p>It may have been deleted, or it belongs to someone else.</p>
            <div className="mt-4 flex justify-center gap-2">
              <ButtonLink to="/topics" variant="secondary">
                My posts
              </ButtonLink>
              <ButtonLink to="/post">Write a new post</ButtonLink>
            </div>
          </EmptyState>
        </div>
      )
    return (
      <div className="mx-auto max-w-xl py-10">
        <Alert>We couldn't load your post. {post.error.message}</Alert>
      </div>
    )
  }

  return (
    <div className="mx-auto max-w-6xl">
      {/* The title field takes the heading's place on screen; screen readers still get one. */}
      <h1 className="sr-only">{id ? 'Edit post' : 'New post'}</h1>
      <PostForm
        post={post.data ?? null}
        isAdmin={me.data?.role === 'admin'}
        onCreated={(created) => setParams({ id: created.id }, { replace: true })}
        onSubmitted={() => navigate('/topics')}
      />
      {/* An academic lesson's flashcards, once it is saved as one (decision 052). */}
      {post.data?.category === 'academic' && <KeyIdeasEditor postId={post.data.id} />}
    </div>
  )
}
