import type { PostStatus } from '#common/schemas/posts.ts'

const LOOKS: Record<PostStatus, { label: string; className: string }> = {
  draft: { label: 'Draft', className: 'bg-stone-100 text-stone-700' },
  pending: { label: 'In review', className: 'bg-amber-50 text-amber-800 ring-1 ring-amber-200' },
  published: { label: 'Published', className: 'bg-emerald-50 text-emerald-800 ring-1 ring-emerald-200' },
  rejected: { label: 'Rejected', className: 'bg-red-50 text-red-800 ring-1 ring-red-200' },
}

/** Where one of my posts stands, in words as well as colour. */
export function PostStatusBadge({ status }: { status: PostStatus }) {
  const look = LOOKS[status]
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${look.className}`}>{look.label}</span>
  )
}
