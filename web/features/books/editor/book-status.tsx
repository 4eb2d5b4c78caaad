import type { BookStatus } from '#common/schemas/books.ts'

const LOOKS: Record<BookStatus, { label: string; className: string }> = {
  draft: { label: 'Draft', className: 'bg-stone-100 text-stone-700' },
  pending: { label: 'In review', className: 'bg-amber-50 text-amber-800 ring-1 ring-amber-200' },
  published: { label: 'In the store', className: 'bg-emerald-50 text-emerald-800 ring-1 ring-emerald-200' },
  rejected: { label: 'Sent back', className: 'bg-red-50 text-red-800 ring-1 ring-red-200' },
}

/** Where a book stands, in words as well as colour. */
export function BookStatusBadge({ status }: { status: BookStatus | null }) {
  const look = status ? LOOKS[status] : { label: 'New book', className: 'bg-stone-100 text-stone-700' }
  return (
    <span
      className={`rounded-full px-2.5 py-0.5 text-xs font-medium tracking-wide uppercase ${look.className}`}
    >
      {look.label}
    </span>
  )
}
