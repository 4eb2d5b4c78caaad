import { type FormEvent, useId, useState } from 'react'
import { formatMoney } from '#common/money.ts'
import type { EarningsSummary } from '#common/schemas/earnings.ts'
import { Button } from '#web/components/ui/button.tsx'
import { TextField } from '#web/components/ui/field.tsx'
import { toast } from '#web/components/ui/toaster.tsx'
import { ApiError } from '#web/lib/api-client.ts'
import { useRequestPayout } from '../api/earnings.ts'

/** "12.5" → 1250, "12.50" → 1250, "12" → 1200; null for anything that is not dollars and cents. */
export function dollarsToCents(text: string): number | null {
  const match = /^\s*\$?\s*(\d{1,9})(?:\.(\d{1,2}))?\s*$/.exec(text)
  if (!match) return null
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'))
}

/** Why the writer cannot ask for a payout now, or null when they can. */
function blockedReason(summary: EarningsSummary) {
  const money = (minor: number) => formatMoney(minor, summary.currency)
  if (summary.payoutPending > 0)
    return `You have a payout request of ${money(summary.payoutPending)} open. You can ask for another once it is paid or rejected.`
  if (summary.available < summary.payoutMinimum)
    return `The smallest payout is ${money(summary.payoutMinimum)}; you have ${money(summary.available)} available.`
  return null
}

/** Request a payout: an amount in dollars, at least the minimum and at most what is available. */
export function PayoutRequest({ summary }: { summary: EarningsSummary }) {
  const request = useRequestPayout()
  const [amount, setAmount] = useState('')
  const [error, setError] = useState<string>()
  const headingId = useId()
  const money = (minor: number) => formatMoney(minor, summary.currency)
  const blocked = blockedReason(summary)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const cents = dollarsToCents(amount)
    if (cents === null) return setError('Enter an amount in dollars, such as 25 or 25.50')
    if (cents < summary.payoutMinimum)
      return setError(`The smallest payout is ${money(summary.payoutMinimum)}`)
    if (cents > summary.available) return setError(`You have ${money(summary.available)} available`)
    setError(undefined)
    request.mutate(cents, {
      onSuccess: (payout) => {
        setAmount('')
        toast.success(`Payout of ${money(payout.amount)} requested. We'll let you know when it is paid.`)
      },
      onError: (failure) => {
        if (failure instanceof ApiError && failure.fields?.amount) setError(failure.fields.amount)
      },
    })
  }

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm"
    >
      <h2 id={headingId} className="text-xl font-semibold">
        Request a payout
      </h2>
      <p className="mt-1 text-sm text-stone-600">
        At least {money(summary.payoutMinimum)}, at most what is available ({money(summary.available)}). One
        request at a time; an admin sends it and you are notified.
      </p>
      {blocked ? (
        <p role="note" className="mt-4 rounded-lg bg-stone-100 px-4 py-3 text-sm text-stone-700">
          {blocked}
        </p>
      ) : null}
      <form onSubmit={submit} noValidate className="mt-4 flex flex-wrap items-start gap-3">
        <div className="w-48">
          <TextField
            label="Amount (USD)"
            inputMode="decimal"
            autoComplete="off"
            placeholder={(summary.available / 100).toFixed(2)}
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            error={error}
            disabled={Boolean(blocked) || request.isPending}
          />
        </div>
        <Button type="submit" className="sm:mt-7" busy={request.isPending} disabled={Boolean(blocked)}>
          Request payout
        </Button>
      </form>
    </section>
  )
}
