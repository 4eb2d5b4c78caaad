import { BookOpen, Pencil, Plus, Trash2, TriangleExclamationPoint } from 'lucide-react'
import { type ReactNode, useState } from 'react'
import { Link } from 'react-router'
import { subjectPath } from '#common/paths.ts'
import type { SubjectWithCounts } from '#common/schemas/subjects.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Alert, EmptyState } from '#web/components/ui/card.tsx'
import { Dialog } from '#web/components/ui/dialog.tsx'
import { CellLabel, DataTable, TableSkeleton } from '#web/components/ui/table.tsx'
import { toast } from '#web/components/ui/toaster.tsx'
import { useSubjects } from '#web/data/subjects.ts'
import { useDeleteSubject } from '../api/manage-subjects.ts'
import { KIND_OPTIONS, SubjectFormDialog } from './subject-form-dialog.tsx'

/** Asks before deleting; when posts still use the subject, says so instead of deleting. */
function DeleteSubjectDialog({ subject, onClose }: { subject: SubjectWithCounts; onClose: () => void }) {
  const remove = useDeleteSubject()
  const refused = remove.data?.deleted === false ? remove.data.reason : null
  const close = () => {
    if (!remove.isPending) onClose()
  }
  return (
    <Dialog
      title={`Delete ${subject.name}?`}
      description="It disappears from the subject lists and from readers’ interests. Only a subject no post uses can be deleted."
      icon={
        <div className="mb-4 flex size-10 items-center justify-center rounded-full bg-red-50 text-red-700">
          <TriangleExclamationPoint className="size-5" aria-hidden />
        </div>
      }
      onClose={close}
    >
      {refused && (
        <div className="mt-5">
          <Alert>
            {subject.name} cannot be deleted yet. {refused}, then try again.
          </Alert>
        </div>
      )}
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={close} disabled={remove.isPending}>
          {refused ? 'Close' : 'Cancel'}
        </Button>
        {!refused && (
          <Button
            variant="danger"
            busy={remove.isPending}
            onClick={() =>
              remove.mutate(subject.slug, {
                onSuccess: (outcome) => {
                  if (!outcome.deleted) return
                  toast.success(`${subject.name} deleted.`)
                  onClose()
                },
              })
            }
          >
            Delete subject
          </Button>
        )}
      </div>
    </Dialog>
  )
}

const cell = 'px-4 py-3 align-top max-md:p-0'

function SubjectRow({
  subject,
  onEdit,
  onDelete,
}: {
  subject: SubjectWithCounts
  onEdit: () => void
  onDelete: () => void
}) {
  return (
    <tr className="max-md:grid max-md:grid-cols-2 max-md:gap-x-3 max-md:gap-y-3 max-md:rounded-2xl max-md:border max-md:border-stone-200 max-md:bg-white max-md:p-4 max-md:shadow-sm">
      <th scope="row" className={`${cell} max-md:col-span-2 text-left font-normal`}>
        <Link
          to={subjectPath(subject.slug)}
          className="font-medium text-stone-900 underline-offset-2 hover:underline"
        >
          {subject.name}
        </Link>
        <span className="block text-xs text-stone-500">/subject/{subject.slug}</span>
      </th>
      <td className={cell}>
        <CellLabel>Kind</CellLabel>
        <span
          className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-medium ${subject.kind === 'academic' ? 'bg-ink-50 text-ink-800 ring-1 ring-ink-200' : 'bg-stone-100 text-stone-700'}`}
        >
          {KIND_OPTIONS[subject.kind].label}
        </span>
      </td>
      <td className={`${cell} whitespace-nowrap text-stone-700 tabular-nums md:text-right`}>
        <CellLabel>Published posts</CellLabel>
        {subject.posts.toLocaleString('en')}
      </td>
      <td className={`${cell} max-md:col-span-2 text-stone-600`}>
        <CellLabel>Description</CellLabel>
        {subject.description || <span className="text-stone-400 italic">No description</span>}
      </td>
      <td className={`${cell} max-md:col-span-2 max-md:border-t max-md:border-stone-100 max-md:pt-3`}>
        <div className="flex gap-2 md:justify-end">
          <Button size="sm" variant="secondary" onClick={onEdit} aria-label={`Edit ${subject.name}`}>
            <Pencil className="size-4" aria-hidden />
            Edit
          </Button>
          <Button size="sm" variant="ghost" onClick={onDelete} aria-label={`Delete ${subject.name}`}>
            <Trash2 className="size-4" aria-hidden />
            Delete
          </Button>
        </div>
      </td>
    </tr>
  )
}

type Editing = { mode: 'add' } | { mode: 'edit'; subject: SubjectWithCounts } | null

/** The subjects posts belong to and readers follow: add, rename, describe, delete. */
export function SubjectsManager() {
  const subjects = useSubjects()
  const [editing, setEditing] = useState<Editing>(null)
  const [deleting, setDeleting] = useState<SubjectWithCounts | null>(null)

  let body: ReactNode
  if (subjects.isPending) body = <TableSkeleton label="Loading subjects" />
  else if (subjects.isError) {
    body = (
      <Alert>
        The subjects could not be loaded: {subjects.error.message}{' '}
        <button type="button" className="font-medium underline" onClick={() => subjects.refetch()}>
          Try again
        </button>
      </Alert>
    )
  } else if (subjects.data.length === 0) {
    body = (
      <EmptyState icon={<BookOpen className="size-8" aria-hidden />} title="No subjects yet">
        Add the first one: writers choose a subject for each lesson, and readers follow the ones they like.
      </EmptyState>
    )
  } else {
    body = (
      <DataTable
        variant="cards"
        caption="Subjects, academic first, each kind by name"
        columns={[
          { label: 'Subject' },
          { label: 'Kind' },
          { label: 'Published posts', align: 'right' },
          { label: 'Description' },
          { label: 'Actions', align: 'right' },
        ]}
      >
        {subjects.data.map((subject) => (
          <SubjectRow
            key={subject.slug}
            subject={subject}
            onEdit={() => setEditing({ mode: 'edit', subject })}
            onDelete={() => setDeleting(subject)}
          />
        ))}
      </DataTable>
    )
  }

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="max-w-xl text-sm text-stone-600">
          Academic subjects organise lessons; general ones cover stories and everything else. A subject’s
          address never changes once it is added.
        </p>
        <Button onClick={() => setEditing({ mode: 'add' })}>
          <Plus className="size-4" aria-hidden />
          Add subject
        </Button>
      </div>
      {body}
      {editing && (
        <SubjectFormDialog
          subject={editing.mode === 'edit' ? editing.subject : undefined}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && <DeleteSubjectDialog subject={deleting} onClose={() => setDeleting(null)} />}
    </div>
  )
}
