import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import type { z } from 'zod'
import {
  SUBJECT_DESCRIPTION_MAX_LENGTH,
  SUBJECT_KINDS,
  SUBJECT_NAME_MAX_LENGTH,
  type Subject,
  SubjectInput,
} from '#common/schemas/subjects.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Alert } from '#web/components/ui/card.tsx'
import { Dialog } from '#web/components/ui/dialog.tsx'
import { TextArea, TextField } from '#web/components/ui/field.tsx'
import { toast } from '#web/components/ui/toaster.tsx'
import { applyServerErrors, sameNames } from '#web/lib/form-errors.ts'
import { useSaveSubject } from '../api/manage-subjects.ts'

type SubjectFormInput = z.input<typeof SubjectInput>

export const KIND_OPTIONS: Record<Subject['kind'], { label: string; hint: string }> = {
  academic: { label: 'Academic', hint: 'Lessons belong to it, and it has a page in the subject grid.' },
  general: { label: 'General', hint: 'For stories and everything else; readers can follow it.' },
}

interface SubjectFormDialogProps {
  /** The subject to edit; none to add one. */
  subject?: Subject
  onClose: () => void
}

/** Adds a subject, or edits one's name, kind and description (its address stays the same). */
export function SubjectFormDialog({ subject, onClose }: SubjectFormDialogProps) {
  const save = useSaveSubject()
  const [formError, setFormError] = useState<string | null>(null)
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<SubjectFormInput, unknown, SubjectInput>({
    resolver: zodResolver(SubjectInput),
    defaultValues: subject
      ? { name: subject.name, kind: subject.kind, description: subject.description }
      : { name: '', kind: 'academic', description: '' },
  })
  const description = useWatch({ control, name: 'description' }) ?? ''

  const onSubmit = handleSubmit((input) => {
    setFormError(null)
    save.mutate(
      { slug: subject?.slug, input },
      {
        onSuccess: (saved) => {
          toast.success(subject ? `${saved.name} saved.` : `${saved.name} added.`)
          onClose()
        },
        onError: (error) =>
          setFormError(
            applyServerErrors(error, setError, sameNames<SubjectFormInput>(['name', 'kind', 'description'])),
          ),
      },
    )
  })

  const close = () => {
    if (!save.isPending) onClose()
  }

  return (
    <Dialog
      title={subject ? `Edit ${subject.name}` : 'Add a subject'}
      description={
        subject
          ? `Its address stays /subject/${subject.slug}, so links and posts keep working.`
          : 'Its address is made from the name and does not change afterwards.'
      }
      onClose={close}
    >
      <form onSubmit={onSubmit} noValidate className="mt-5 space-y-5">
        {formError && <Alert>{formError}</Alert>}
        <TextField
          label="Name"
          maxLength={SUBJECT_NAME_MAX_LENGTH}
          autoComplete="off"
          error={errors.name?.message}
          {...register('name')}
        />
        <fieldset>
          <legend className="mb-2 block text-sm font-medium text-stone-800">Kind</legend>
          <div className="space-y-2">
            {SUBJECT_KINDS.map((kind) => (
              <label key={kind} className="flex cursor-pointer items-start gap-2.5 text-sm">
                <input type="radio" value={kind} className="mt-1 accent-ink-800" {...register('kind')} />
                <span>
                  <span className="font-medium text-stone-800">{KIND_OPTIONS[kind].label}</span>
                  <span className="block text-stone-500">{KIND_OPTIONS[kind].hint}</span>
                </span>
              </label>
            ))}
          </div>
          {errors.kind?.message && (
            <p role="alert" className="mt-1.5 text-sm text-red-700">
              {errors.kind.message}
            </p>
          )}
        </fieldset>
        <TextArea
          label="Description (optional)"
          rows={3}
          maxLength={SUBJECT_DESCRIPTION_MAX_LENGTH}
          placeholder="One or two sentences for the subject’s page"
          hint={`${description.length}/${SUBJECT_DESCRIPTION_MAX_LENGTH}`}
          error={errors.description?.message}
          {...register('description')}
        />
        <div className="flex flex-col-reverse gap-2 pt-1 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={close} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" busy={save.isPending}>
            {subject ? 'Save changes' : 'Add subject'}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
