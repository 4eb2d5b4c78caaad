import { infiniteQueryOptions } from '@tanstack/react-query'
import { ImportedSubscriberPage } from '#common/schemas/newsletters.ts'
import { MySubscriptionPage, SubscriberPage } from '#common/schemas/subscriptions.ts'
import { api } from '#web/lib/api-client.ts'
import { cursorPages } from '#web/lib/cursor-pages.ts'

// The subscriptions screen's reads as TanStack Query options, under ['subscriptions', ...] (a
// saved monthly price refreshes that prefix, the account's price included).

const pageQuery = (path: string, cursor: string | undefined) =>
  cursor ? `${path}?cursor=${encodeURIComponent(cursor)}` : path

export const subscriptionQueries = {
  /** GET /api/me/subscriptions: whom I follow or pay, a keyset page at a time. */
  mine: () =>
    infiniteQueryOptions({
      queryKey: ['subscriptions', 'mine'] as const,
      queryFn: ({ pageParam, signal }) =>
        api(pageQuery('/api/me/subscriptions', pageParam), MySubscriptionPage, { signal }),
      ...cursorPages,
    }),

  /** GET /api/me/subscribers: who follows or pays me, with the paid and free counts and my price. */
  subscribers: () =>
    infiniteQueryOptions({
      queryKey: ['subscriptions', 'subscribers'] as const,
      queryFn: ({ pageParam, signal }) =>
        api(pageQuery('/api/me/subscribers', pageParam), SubscriberPage, { signal }),
      ...cursorPages,
    }),

  /** GET /api/me/subscribers/imported: the addresses I imported, with the counts by status. */
  imported: () =>
    infiniteQueryOptions({
      queryKey: ['subscriptions', 'imported'] as const,
      queryFn: ({ pageParam, signal }) =>
        api(pageQuery('/api/me/subscribers/imported', pageParam), ImportedSubscriberPage, { signal }),
      ...cursorPages,
    }),
}
