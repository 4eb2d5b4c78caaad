import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query'
import { PAGE_SIZE_DEFAULT } from '#common/constants.ts'
import { ContactMessage } from '#common/schemas/contact.ts'
import { pageOf } from '#common/schemas/fields.ts'
import { api } from '#web/lib/api-client.ts'
import { adminKeys, type MessageFilter } from './query-keys.ts'

const MessagePage = pageOf(ContactMessage)

export function fetchContactMessages({
  filter,
  cursor,
  signal,
}: {
  filter: MessageFilter
  cursor?: string
  signal?: AbortSignal
}) {
  const params = new URLSearchParams({ limit: String(PAGE_SIZE_DEFAULT) })
  if (filter !== 'all') params.set('handled', String(filter === 'handled'))
  if (cursor) params.set('cursor', cursor)
  return api(`/api/admin/contact-messages?${params}`, MessagePage, { signal })
}

/** Messages from the contact form, newest first. */
export function useContactMessages(filter: MessageFilter) {
  return useInfiniteQuery({
    queryKey: adminKeys.messageFilter(filter),
    queryFn: ({ pageParam, signal }) => fetchContactMessages({ filter, cursor: pageParam, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  })
}
