import { useState } from 'react'
import { Link } from 'react-router'
import { formatMoney } from '#common/money.ts'
import { writerPath } from '#common/paths.ts'
import type { MySubscription } from '#common/schemas/subscriptions.ts'
import { Avatar } from '#web/components/ui/avatar.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { Dialog } from '#web/components/ui/dialog.tsx'
import { useFollow } from '#web/data/subscriptions.ts'
import { formatDate } from '#web/lib/format.ts'
import { useChangeSubscription, useRemoveFromMine } from '../api/subscriptions.ts'

/** "Free" or "$5.00 / month": what this subscription costs, at the price it was bought at. */
export const priceOf = (s: Pick<MySubscription, 'kind' | 'pricePaid' | 'currency'>) =>
  s.kind === 'free' ? 'Free' : `${formatMoney(s.pricePaid, s.currency)} / month`

/** When the next payment comes, or when access ends; a free follow says since when. */
function periodOf(s: MySubscription) {
  if (s.kind === 'free') return `Following since ${formatDate(s.createdAt)}`
  if (s.status === 'cancelled' && s.currentPeriodEnd) return `Ends ${formatDate(s.currentPeriodEnd)}`
  return s.renewsAt ? `Renews ${formatDate(s.renewsAt)}` : null
}

/** One writer I follow or pay, with what I can do about it. */
export function SubscriptionRow({ subscription: s, now }: { subscription: MySubscription; now: number }) {
  const [confirming, setConfirming] = useState(false)
  const cancel = useChangeSubscription('cancel')
  const resume = useChangeSubscription('resume')
  const follow = useFollow(s.writer.id)
  const removeFromMine = useRemoveFromMine()
  const period = periodOf(s)
  const cancelled = s.status === 'cancelled'
  const beforeEnd = s.currentPeriodEnd !== null && new Date(s.currentPeriodEnd).getTime() > now

  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:gap-4 sm:p-5">
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <Avatar name={s.writer.name} image={s.writer.image} />
        <div className="min-w-0">
          <Link
            to={writerPath(s.writer.id)}
            className="block truncate font-medium text-stone-900 underline-offset-4 hover:underline"
          >
            {s.writer.name}
          </Link>
          <p className="mt-0.5 flex flex-wrap gap-x-2 text-sm text-stone-600">
            <span className="font-medium text-stone-800">{priceOf(s)}</span>
            {period && (
              <>
                <span aria-hidden="true">·</span>
                <span className={cancelled ? 'text-amber-800' : undefined}>{period}</span>
              </>
            )}
          </p>
        </div>
      </div>
      <div className="flex shrink-0 gap-2 pl-13 sm:pl-0">
        {s.kind === 'free' ? (
          <Button
            variant="secondary"
            size="sm"
            busy={follow.isPending}
            aria-label={`Unfollow ${s.writer.name}`}
            onClick={() => follow.mutate(false, { onSuccess: () => removeFromMine(s.id) })}
          >
            Unfollow
          </Button>
        ) : cancelled ? (
          beforeEnd && (
            <Button
              variant="secondary"
              size="sm"
              busy={resume.isPending}
              aria-label={`Resume your subscription to ${s.writer.name}`}
              onClick={() => resume.mutate(s.id)}
            >
              Resume
            </Button>
          )
        ) : (
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Cancel your subscription to ${s.writer.name}`}
            onClick={() => setConfirming(true)}
          >
            Cancel
          </Button>
        )}
      </div>
      {confirming && (
        <Dialog
          title={`Cancel your subscription to ${s.writer.name}?`}
          description={
            s.currentPeriodEnd
              ? `You keep access until ${formatDate(s.currentPeriodEnd)} and won't be charged again. You can resume before then.`
              : "You won't be charged again."
          }
          onClose={() => !cancel.isPending && setConfirming(false)}
        >
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={() => setConfirming(false)} disabled={cancel.isPending}>
              Keep subscription
            </Button>
            <Button
              variant="danger"
              busy={cancel.isPending}
              onClick={() => cancel.mutate(s.id, { onSuccess: () => setConfirming(false) })}
            >
              Cancel subscription
            </Button>
          </div>
        </Dialog>
      )}
    </li>
  )
}
