import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query'
import { PAGE_SIZE_DEFAULT } from '#common/constants.ts'
import {
  type EarningLineKind,
  EarningsHistoryPage,
  EarningsSummary,
  MonthlyEarnings,
  Payout,
  PayoutPage,
} from '#common/schemas/earnings.ts'
import { api } from '#web/lib/api-client.ts'

/** Every query of the earnings screen lives under ['earnings', ...]. */
export const earningsKeys = {
  all: ['earnings'] as const,
  summary: () => ['earnings', 'summary'] as const,
  monthly: (months: number) => ['earnings', 'monthly', { months }] as const,
  history: (month: string, kind: EarningLineKind | '') => ['earnings', 'history', { month, kind }] as const,
  payouts: () => ['earnings', 'payouts'] as const,
}

/** GET /api/me/earnings: balances, lifetime totals, the refund window and the payout minimum. */
export function useEarningsSummary() {
  return useQuery({
    queryKey: earningsKeys.summary(),
    queryFn: ({ signal }) => api('/api/me/earnings', EarningsSummary, { signal }),
  })
}

/** GET /api/me/earnings/monthly: the last n months, oldest first, empty months as zeros. */
export function useMonthlyEarnings(months = 12) {
  return useQuery({
    queryKey: earningsKeys.monthly(months),
    queryFn: ({ signal }) => api(`/api/me/earnings/monthly?months=${months}`, MonthlyEarnings, { signal }),
  })
}

/** GET /api/me/earnings/history: newest first, by month and kind, a keyset page at a time. */
export function useEarningsHistory(month: string, kind: EarningLineKind | '') {
  return useInfiniteQuery({
    queryKey: earningsKeys.history(month, kind),
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ limit: String(PAGE_SIZE_DEFAULT) })
      if (month) params.set('month', month)
      if (kind) params.set('kind', kind)
      if (pageParam) params.set('cursor', pageParam)
      return api(`/api/me/earnings/history?${params}`, EarningsHistoryPage, { signal })
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  })
}

/** GET /api/me/payouts: my requests and payouts, newest first. */
export function useMyPayouts() {
  return useInfiniteQuery({
    queryKey: earningsKeys.payouts(),
    queryFn: ({ pageParam, signal }) =>
      api(`/api/me/payouts${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`, PayoutPage, {
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  })
}

/** POST /api/me/payouts: moves `amount` (cents) from available to payout pending. */
export function useRequestPayout() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (amount: number) => api('/api/me/payouts', Payout, { body: { amount } }),
    // The form shows the server's field messages under the amount; anything else is toasted.
    meta: { inlineErrors: true },
    // Balances, the history (a "Payout requested" line) and the payouts list all moved.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: earningsKeys.all }),
    // A 409 (a request opened in another tab, the balance moved) is toasted; fresh balances say why.
    onError: () => queryClient.invalidateQueries({ queryKey: earningsKeys.summary() }),
  })
}
