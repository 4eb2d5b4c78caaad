import { zodResolver } from '@hookform/resolvers/zod'
import { FilePen } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { Controller, type FieldPath, useForm } from 'react-hook-form'
import type { z } from 'zod'
import { hasContent } from '#common/rich-text.ts'
import { POST_EXCERPT_MAX_LENGTH, type Post, type PostStatus, SavePostInput } from '#common/schemas/posts.ts'
import { CategoryRadios } from '#web/components/category-radios.tsx'
import { AutosaveStatus } from '#web/components/editor/autosave-status.tsx'
import { CoverUpload } from '#web/components/editor/cover-upload.tsx'
import { RichTextEditor } from '#web/components/editor/rich-text-editor.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { Alert } from '#web/components/ui/card.tsx'
import { Dialog } from '#web/components/ui/dialog.tsx'
import { TextArea } from '#web/components/ui/field.tsx'
import { toast } from '#web/components/ui/toaster.tsx'
import { useSubjects } from '#web/data/subjects.ts'
import { ApiError } from '#web/lib/api-client.ts'
import { applyServerErrors } from '#web/lib/form-errors.ts'
import { useAutosave } from '#web/lib/use-autosave.ts'
import { useSavePost } from '../api/save-post.ts'
import { useSubmitPost } from '../api/submit-post.ts'
import { AccessChoice, fieldLabel, NewsletterChoice } from './post-audience.tsx'
import { TagInput } from './tag-input.tsx'

type FormInput = z.input<typeof SavePostInput>

export const STATUS_LABELS: Record<PostStatus, string> = {
  draft: 'Draft',
  pending: 'In review',
  published: 'Published',
  rejected: 'Rejected',
}

const FIELDS = [
  'title',
  'category',
  'subjectSlug',
  'excerpt',
  'coverImage',
  'bodyHtml',
  'tags',
  'access',
  'emailSubscribers',
] as const

const fieldOf = (key: string): FieldPath<FormInput> | undefined =>
  FIELDS.find((name) => name === key.split('.')[0])

const defaultsOf = (post: Post | null): FormInput => ({
  title: post?.title ?? '',
  category: post?.category ?? 'academic',
  subjectSlug: post?.subjectSlug ?? null,
  excerpt: post?.excerpt ?? '',
  coverImage: post?.coverImage ?? null,
  bodyHtml: post?.bodyHtml ?? '',
  tags: post?.tags ?? [],
  access: post?.access ?? 'free',
  emailSubscribers: post?.emailSubscribers ?? true,
})

/** Drafts save themselves; a post in review or published changes only when its author says so. */
const autosaves = (status: PostStatus | null) =>
  status === null || status === 'draft' || status === 'rejected'

const selectClass = (error?: string) =>
  `block w-full rounded-lg border bg-white px-3 py-2 text-[15px] shadow-xs focus:outline-none focus:ring-2 ${error ? 'border-red-600 focus:ring-red-600/30' : 'border-stone-300 focus:border-ink-600 focus:ring-ink-600/20'}`

function FieldMessage({ id, message }: { id: string; message?: string }) {
  if (!message) return null
  return (
    <p id={id} role="alert" className="text-sm text-red-700">
      {message}
    </p>
  )
}

interface PostFormProps {
  post: Post | null
  isAdmin: boolean
  /** The first save created the post: the page can remember its id (in the URL). */
  onCreated: (post: Post) => void
  onSubmitted: (post: Post) => void
}

/**
 * The writing screen: title and body in a calm column, settings beside it (under it on a phone).
 * Drafts autosave two seconds after the last change; the first save creates the post.
 */
export function PostForm({ post, isAdmin, onCreated, onSubmitted }: PostFormProps) {
  const save = useSavePost()
  const submit = useSubmitPost()
  const subjects = useSubjects()
  // A post belongs to an academic subject only; general subjects are for interests.
  const academicSubjects = subjects.data?.filter((s) => s.kind === 'academic')
  const postId = useRef<string | null>(post?.id ?? null)
  const [status, setStatus] = useState<PostStatus | null>(post?.status ?? null)
  const [formError, setFormError] = useState<string | null>(null)
  const [confirming, setConfirming] = useState(false)
  /** Why the server refused to submit (an empty body it saw differently): shown in the dialog. */
  const [refusal, setRefusal] = useState<string | null>(null)
  // After the page is left, a last save still lands, but the page no longer follows it.
  const mounted = useRef(true)
  useEffect(() => {
    mounted.current = true
    return () => {
      mounted.current = false
    }
  }, [])
  const form = useForm<FormInput, unknown, SavePostInput>({
    resolver: zodResolver(SavePostInput),
    defaultValues: defaultsOf(post),
  })
  const {
    register,
    control,
    handleSubmit,
    setError,
    clearErrors,
    watch,
    formState: { errors },
  } = form
  const values = watch()
  const canSave = SavePostInput.safeParse(values).success
  const bodyEmpty = !hasContent(values.bodyHtml ?? '')
  // A new post is created by its first save, so only once there is something to keep: a title
  // alone is not. Once it exists, every change is saved (emptying the body included).
  const worthKeeping = status !== null || !bodyEmpty

  const autosave = useAutosave({
    value: values,
    enabled: autosaves(status) && canSave && worthKeeping,
    initial: post ? defaultsOf(post) : undefined,
    save: async (draft: FormInput) => {
      try {
        const input = SavePostInput.parse(draft)
        const created = postId.current === null
        const saved = await save.mutateAsync({ id: postId.current, input })
        postId.current = saved.id
        setStatus(saved.status)
        setFormError(null)
        clearErrors()
        if (created && mounted.current) onCreated(saved)
      } catch (error) {
        setFormError(applyServerErrors(error, setError, fieldOf))
        throw error
      }
    },
  })

  const onSave = handleSubmit(async () => {
    if (await autosave.flush()) toast.success(autosaves(status) ? 'Draft saved.' : 'Changes saved.')
  })

  const onAskSubmit = handleSubmit(() => {
    setRefusal(null)
    setConfirming(true)
  })

  const onConfirmSubmit = async () => {
    if (!(await autosave.flush()) || !postId.current) {
      setConfirming(false)
      return
    }
    submit.mutate(postId.current, {
      onSuccess: (sent) => {
        setConfirming(false)
        toast.success(
          sent.status === 'published' ? 'Your post is published.' : 'Your post is in the review queue.',
        )
        onSubmitted(sent)
      },
      onError: (error) => {
        const why = error instanceof ApiError ? error.fields?.bodyHtml : undefined
        if (why) return setRefusal(why)
        setConfirming(false)
        // Field errors skip the global toast (meta.inlineErrors); only the body's have a place here.
        if (error instanceof ApiError && error.fields) toast.error(error.message)
      },
    })
  }

  const category = values.category
  const excerptLength = (values.excerpt ?? '').length
  const submittable = autosaves(status)
  const submitLabel = isAdmin ? 'Publish' : 'Submit for review'

  return (
    <form onSubmit={onSave} noValidate className="grid gap-10 lg:grid-cols-[minmax(0,1fr)_18rem]">
      <div className="min-w-0">
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <div className="flex items-center gap-3">
            <span className="rounded-full bg-stone-100 px-2.5 py-0.5 text-xs font-medium tracking-wide text-stone-700 uppercase">
              {status ? STATUS_LABELS[status] : 'New post'}
            </span>
            <AutosaveStatus state={autosave.state} onRetry={() => void autosave.flush()} />
          </div>
        </div>
        {status === 'rejected' && post?.rejectionReason && (
          <div className="mb-6">
            <Alert>
              <p className="font-medium">The reviewer sent this post back.</p>
              <p className="mt-1">{post.rejectionReason}</p>
            </Alert>
          </div>
        )}
        {status === 'published' && !isAdmin && (
          <div className="mb-6">
            <Alert tone="info">This post is published. Saving changes sends it back to review.</Alert>
          </div>
        )}
        {formError && (
          <div className="mb-6">
            <Alert>{formError}</Alert>
          </div>
        )}
        <label htmlFor="post-title" className="sr-only">
          Title
        </label>
        <textarea
          id="post-title"
          rows={1}
          placeholder="Title"
          aria-invalid={errors.title ? true : undefined}
          aria-describedby={errors.title ? 'post-title-error' : undefined}
          className="field-sizing-content block w-full resize-none border-0 bg-transparent p-0 font-serif text-4xl leading-tight font-semibold text-stone-900 placeholder:text-stone-300 focus:outline-none sm:text-5xl"
          {...register('title')}
          onKeyDown={(event) => event.key === 'Enter' && event.preventDefault()}
        />
        <FieldMessage id="post-title-error" message={errors.title?.message} />
        <div className="mt-6">
          <Controller
            control={control}
            name="bodyHtml"
            render={({ field, fieldState }) => (
              <RichTextEditor
                initialHtml={post?.bodyHtml ?? ''}
                onChange={field.onChange}
                error={fieldState.error?.message}
              />
            )}
          />
        </div>
      </div>

      <aside aria-label="Post settings" className="space-y-6 lg:sticky lg:top-6 lg:self-start">
        <div className="flex flex-col gap-2">
          {submittable && (
            <Button onClick={() => void onAskSubmit()} busy={submit.isPending}>
              {submitLabel}
            </Button>
          )}
          <Button type="submit" variant="secondary" busy={autosave.state.kind === 'saving'}>
            {submittable ? 'Save draft' : 'Save changes'}
          </Button>
        </div>

        <CategoryRadios field={register('category')} value={category} />

        {category === 'academic' && (
          <div className="space-y-1.5">
            <label htmlFor="post-subject" className={fieldLabel}>
              Subject
            </label>
            <select
              id="post-subject"
              className={selectClass(errors.subjectSlug?.message)}
              aria-invalid={errors.subjectSlug ? true : undefined}
              aria-describedby={errors.subjectSlug ? 'post-subject-error' : undefined}
              {...register('subjectSlug', { setValueAs: (v) => (v ? v : null) })}
            >
              <option value="">Choose a subject…</option>
              {academicSubjects?.map((subject) => (
                <option key={subject.slug} value={subject.slug}>
                  {subject.name}
                </option>
              ))}
            </select>
            <FieldMessage id="post-subject-error" message={errors.subjectSlug?.message} />
          </div>
        )}

        <Controller
          control={control}
          name="tags"
          render={({ field, fieldState }) => (
            <TagInput tags={field.value ?? []} onChange={field.onChange} error={fieldState.error?.message} />
          )}
        />

        <TextArea
          label="Excerpt"
          rows={3}
          maxLength={POST_EXCERPT_MAX_LENGTH}
          error={errors.excerpt?.message}
          hint={`${excerptLength} / ${POST_EXCERPT_MAX_LENGTH} characters — shown in lists and previews`}
          {...register('excerpt')}
        />

        <Controller
          control={control}
          name="coverImage"
          render={({ field, fieldState }) => (
            <CoverUpload
              value={field.value ?? null}
              onChange={field.onChange}
              error={fieldState.error?.message}
            />
          )}
        />

        <AccessChoice field={register('access')} />

        <NewsletterChoice
          // Mailed once, at its first publication: after that the choice is history.
          published={post?.publishedAt ? post.emailSubscribers : null}
          access={values.access ?? 'free'}
          field={register('emailSubscribers')}
        />
      </aside>

      {confirming &&
        (bodyEmpty || refusal ? (
          <Dialog
            title="Your post has no text yet"
            description={
              refusal ??
              `Write something before you ${isAdmin ? 'publish it' : 'submit it'}: a post needs text or an image. Your draft stays as it is.`
            }
            icon={
              <div className="mb-4 flex size-10 items-center justify-center rounded-full bg-amber-50 text-amber-700">
                <FilePen className="size-5" aria-hidden />
              </div>
            }
            onClose={() => setConfirming(false)}
          >
            <div className="mt-6 flex justify-end">
              <Button onClick={() => setConfirming(false)}>Keep writing</Button>
            </div>
          </Dialog>
        ) : (
          <Dialog
            title={isAdmin ? 'Publish this post?' : 'Submit for review?'}
            description={
              isAdmin
                ? 'It goes live for readers at once.'
                : 'An editor reads it before it is published. You can still edit it while it waits.'
            }
            onClose={() => !submit.isPending && setConfirming(false)}
          >
            <div className="mt-6 flex justify-end gap-2">
              <Button variant="secondary" onClick={() => setConfirming(false)} disabled={submit.isPending}>
                Cancel
              </Button>
              <Button onClick={() => void onConfirmSubmit()} busy={submit.isPending}>
                {submitLabel}
              </Button>
            </div>
          </Dialog>
        ))}
    </form>
  )
}
