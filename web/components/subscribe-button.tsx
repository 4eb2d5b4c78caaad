import { Check } from 'lucide-react'
import { useNavigate } from 'react-router'
import { formatMoney } from '#common/money.ts'
import { useSignInPath } from '#web/components/sign-in-link.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { useCreateSubscriptionOrder, useFollow, useWriterProfile } from '#web/data/subscriptions.ts'
import { formatDate } from '#web/lib/format.ts'
import { useMe, useSession } from '#web/lib/session.ts'

interface SubscribeButtonProps {
  writerId: string
  size?: 'sm' | 'md'
  variant?: 'primary' | 'secondary'
}

/**
 * Follow or subscribe to a writer, as their price says: a free writer is followed at once; a paid
 * one starts an order and goes to its summary. A live subscription shows as such instead. Nothing
 * for the writer themselves, or when the writer cannot be read (the screen says why).
 */
export function SubscribeButton({ writerId, size = 'sm', variant = 'primary' }: SubscribeButtonProps) {
  const writer = useWriterProfile(writerId)
  // Until the session is known, a tap could only send a signed-in reader to sign in: wait for it.
  const { loggedIn, checkingStatus } = useSession()
  const { data: me } = useMe()
  const follow = useFollow(writerId)
  const order = useCreateSubscriptionOrder(writerId)
  const navigate = useNavigate()
  const signInPath = useSignInPath()

  if (writer.isPending)
    return (
      <Button size={size} variant={variant} disabled aria-busy>
        Subscribe
      </Button>
    )
  if (!writer.data || me?.id === writerId) return null

  const { monthlyPrice, viewerSubscription: subscription, name } = writer.data
  const signIn = () => navigate(signInPath)

  if (subscription?.kind === 'paid')
    return (
      <span
        className={`inline-flex items-center gap-1.5 rounded-lg bg-emerald-50 font-medium text-emerald-800 ring-1 ring-emerald-200 ${size === 'sm' ? 'h-8 px-3 text-sm' : 'h-10 px-4 text-sm'}`}
      >
        <Check className="size-4" aria-hidden />
        {subscription.status === 'cancelled' && subscription.currentPeriodEnd
          ? `Subscribed until ${formatDate(subscription.currentPeriodEnd)}`
          : 'Subscribed'}
      </span>
    )

  if (monthlyPrice === 0) {
    const following = subscription !== null
    return (
      <Button
        size={size}
        variant={following ? 'secondary' : variant}
        aria-pressed={following}
        busy={follow.isPending}
        disabled={checkingStatus}
        onClick={() => (loggedIn ? follow.mutate(!following) : signIn())}
        aria-label={following ? `Following ${name}` : `Follow ${name}`}
      >
        {following && <Check className="size-4" aria-hidden />}
        {following ? 'Following' : 'Follow'}
      </Button>
    )
  }

  return (
    <Button
      size={size}
      variant={variant}
      busy={order.isPending}
      disabled={checkingStatus}
      onClick={() =>
        loggedIn
          ? order.mutate(undefined, {
              onSuccess: (created) => navigate(`/payment?order=${encodeURIComponent(created.id)}`),
            })
          : signIn()
      }
    >
      Subscribe · {formatMoney(monthlyPrice, 'USD', { short: true })}/month
    </Button>
  )
}
