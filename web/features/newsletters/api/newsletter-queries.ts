import { queryOptions } from '@tanstack/react-query'
import { NewsletterLinkState, NewsletterPreferences } from '#common/schemas/newsletters.ts'
import { ApiError, api } from '#web/lib/api-client.ts'

// Newsletters' reads as TanStack Query options: the signed-in reader's preferences (settings) and
// what a newsletter's unsubscribe link stands for (the /unsubscribe page, signed in or not).

export const newsletterKeys = {
  /** Under ['me'], so signing out (which clears the person's queries) drops them too. */
  preferences: ['me', 'newsletters'] as const,
  link: (token: string) => ['newsletters', 'link', token] as const,
}

/** A link the server does not know (404) or refuses (400) is an answer: no retry. */
const retryUnlessRefused = (count: number, error: Error) =>
  !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2

export const newsletterQueries = {
  /** GET /api/me/newsletters: the global switch, a bounced address, and each writer I follow. */
  preferences: () =>
    queryOptions({
      queryKey: newsletterKeys.preferences,
      queryFn: ({ signal }) => api('/api/me/newsletters', NewsletterPreferences, { signal }),
    }),

  /** GET /api/newsletters/link?token=: whose newsletter the link is for, to which address, and whether it is on. */
  link: (token: string) =>
    queryOptions({
      queryKey: newsletterKeys.link(token),
      queryFn: ({ signal }) =>
        api(`/api/newsletters/link?token=${encodeURIComponent(token)}`, NewsletterLinkState, { signal }),
      retry: retryUnlessRefused,
      // The page is the link's answer; it changes only through this page's own button.
      staleTime: Number.POSITIVE_INFINITY,
    }),
}
