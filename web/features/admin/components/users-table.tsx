import { ShieldCheck, Users } from 'lucide-react'
import { type ReactNode, useState } from 'react'
import type { AdminUser } from '#common/schemas/admin.ts'
import { Avatar } from '#web/components/ui/avatar.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { Alert, EmptyState } from '#web/components/ui/card.tsx'
import { CellLabel, DataTable, TableSkeleton } from '#web/components/ui/table.tsx'
import { formatDate } from '#web/lib/format.ts'
import { useDebouncedValue } from '#web/lib/use-debounced-value.ts'
import { useUsers } from '../api/list-users.ts'
import { TableSearch } from './table-search.tsx'
import { UserRowActions } from './user-row-actions.tsx'

export const SEARCH_DEBOUNCE_MS = 300

function RoleBadge({ role }: { role: AdminUser['role'] }) {
  return role === 'admin' ? (
    <span className="inline-flex items-center gap-1 rounded-full bg-ink-50 px-2.5 py-0.5 text-xs font-medium text-ink-800 ring-1 ring-ink-200">
      <ShieldCheck className="size-3.5" aria-hidden />
      Admin
    </span>
  ) : (
    <span className="inline-flex items-center rounded-full bg-stone-100 px-2.5 py-0.5 text-xs font-medium text-stone-700">
      User
    </span>
  )
}

function StatusBadge({ user }: { user: AdminUser }) {
  if (!user.banned) {
    return (
      <span className="inline-flex items-center gap-1.5 text-sm text-stone-700">
        <span className="size-2 rounded-full bg-emerald-500" aria-hidden />
        Active
      </span>
    )
  }
  return (
    <span className="block">
      <span className="inline-flex items-center gap-1.5 text-sm font-medium text-red-700">
        <span className="size-2 rounded-full bg-red-600" aria-hidden />
        Suspended
      </span>
      {user.banReason && (
        <span className="mt-0.5 block max-w-56 text-xs text-stone-500">{user.banReason}</span>
      )}
    </span>
  )
}

const cell = 'px-4 py-3 align-middle max-md:p-0'

function UserRow({ user, meId }: { user: AdminUser; meId: string }) {
  const isMe = user.id === meId
  return (
    <tr className="max-md:grid max-md:grid-cols-3 max-md:gap-x-3 max-md:gap-y-3 max-md:rounded-2xl max-md:border max-md:border-stone-200 max-md:bg-white max-md:p-4 max-md:shadow-sm">
      <td className={`${cell} max-md:col-span-3`}>
        <div className="flex min-w-0 items-center gap-3">
          <Avatar name={user.name} image={user.image} size="sm" />
          <span className="min-w-0">
            <span className="flex items-center gap-2">
              <span className="truncate font-medium text-stone-900">{user.name}</span>
              {isMe && (
                <span className="rounded-full bg-accent-400/25 px-2 py-0.5 text-xs font-semibold text-stone-800">
                  You
                </span>
              )}
            </span>
            <span className="block truncate text-sm text-stone-500 md:hidden">{user.email}</span>
          </span>
        </div>
      </td>
      <td className={`${cell} max-md:hidden`}>
        <span className="block max-w-64 truncate text-stone-700" title={user.email}>
          {user.email}
        </span>
      </td>
      <td className={cell}>
        <CellLabel>Role</CellLabel>
        <RoleBadge role={user.role} />
      </td>
      <td className={cell}>
        <CellLabel>Status</CellLabel>
        <StatusBadge user={user} />
      </td>
      <td className={`${cell} whitespace-nowrap text-stone-600`}>
        <CellLabel>Joined</CellLabel>
        <time dateTime={user.createdAt}>{formatDate(user.createdAt)}</time>
      </td>
      <td className={`${cell} max-md:col-span-3 max-md:border-t max-md:border-stone-100 max-md:pt-3`}>
        <UserRowActions user={user} canManage={user.canManage} />
      </td>
    </tr>
  )
}

/** Everyone on Inkwell: search by name or e-mail, change roles, suspend and restore. */
export function UsersTable({ meId }: { meId: string }) {
  const [search, setSearch] = useState('')
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS)
  const users = useUsers(q)
  const items = users.data?.pages.flatMap((page) => page.items) ?? []
  const searching = users.isFetching && !users.isFetchingNextPage && users.isPlaceholderData

  let body: ReactNode
  if (users.isPending) body = <TableSkeleton label="Loading users" />
  else if (users.isError && !users.data) {
    body = (
      <Alert>
        The list of users could not be loaded: {users.error.message}{' '}
        <button type="button" className="font-medium underline" onClick={() => users.refetch()}>
          Try again
        </button>
      </Alert>
    )
  } else if (items.length === 0) {
    body = (
      <EmptyState
        icon={<Users className="size-8" aria-hidden />}
        title={q ? `No one matches “${q}”` : 'No users yet'}
      >
        {q
          ? 'Check the spelling, or search by part of an e-mail address.'
          : 'People appear here as soon as they sign up.'}
      </EmptyState>
    )
  } else {
    body = (
      <DataTable
        variant="cards"
        caption="Users, newest first"
        columns={[
          { label: 'Name' },
          { label: 'E-mail' },
          { label: 'Role' },
          { label: 'Status' },
          { label: 'Joined' },
          { label: 'Actions', align: 'right' },
        ]}
      >
        {items.map((user) => (
          <UserRow key={user.id} user={user} meId={meId} />
        ))}
      </DataTable>
    )
  }

  return (
    <div className="space-y-4">
      <TableSearch
        label="Search users by name or e-mail"
        placeholder="Search by name or e-mail"
        value={search}
        onChange={setSearch}
        searching={searching}
      />

      {body}

      {items.length > 0 && (
        <div className="flex flex-col items-center gap-3 pt-2 sm:flex-row sm:justify-between">
          <p className="text-sm text-stone-500" aria-live="polite">
            Showing {items.length} {items.length === 1 ? 'person' : 'people'}
            {q ? ` matching “${q}”` : ''}
          </p>
          {users.hasNextPage && (
            <Button variant="secondary" onClick={() => users.fetchNextPage()} busy={users.isFetchingNextPage}>
              Load more
            </Button>
          )}
        </div>
      )}
      {users.isFetchNextPageError && <Alert>More users could not be loaded. Try “Load more” again.</Alert>}
    </div>
  )
}
