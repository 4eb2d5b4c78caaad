import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  NewsletterLinkState,
  NewsletterPreferences,
  type NewsletterSwitchInput,
} from '#common/schemas/newsletters.ts'
import { api } from '#web/lib/api-client.ts'
import { newsletterKeys, newsletterQueries } from './newsletter-queries.ts'

/** What the signed-in reader gets by e-mail. */
export const useNewsletterPreferences = () => useQuery(newsletterQueries.preferences())

/** What an unsubscribe link stands for (no sign-in needed). */
export const useNewsletterLink = (token: string) => useQuery(newsletterQueries.link(token))

/** Every change answers the whole preferences: the cache takes the answer as it is. */
function useSetPreferences() {
  const queryClient = useQueryClient()
  return (preferences: NewsletterPreferences) =>
    queryClient.setQueryData(newsletterKeys.preferences, preferences)
}

/** PATCH /api/me/newsletters: the global switch, or trying a bounced address again. */
export function useSwitchNewsletters() {
  const setPreferences = useSetPreferences()
  return useMutation({
    mutationFn: (input: NewsletterSwitchInput) =>
      api('/api/me/newsletters', NewsletterPreferences, { method: 'PATCH', body: input }),
    onSuccess: setPreferences,
  })
}

/** PUT /api/me/newsletters/writers/:writerId: one writer's new posts by e-mail, or not. */
export function useWriterNewsletter() {
  const setPreferences = useSetPreferences()
  return useMutation({
    mutationFn: ({ writerId, emailNewPosts }: { writerId: string; emailNewPosts: boolean }) =>
      api(`/api/me/newsletters/writers/${encodeURIComponent(writerId)}`, NewsletterPreferences, {
        method: 'PUT',
        body: { emailNewPosts },
      }),
    onSuccess: setPreferences,
  })
}

/** PUT /api/newsletters/link: unsubscribe (or, as an undo, subscribe again) through the mail's link. */
export function useSetLinkNewsletter(token: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (emailNewPosts: boolean) =>
      api('/api/newsletters/link', NewsletterLinkState, { method: 'PUT', body: { token, emailNewPosts } }),
    onSuccess: (state) => {
      queryClient.setQueryData(newsletterKeys.link(token), state)
      // The same person may have the settings open in this browser.
      void queryClient.invalidateQueries({ queryKey: newsletterKeys.preferences })
    },
  })
}
