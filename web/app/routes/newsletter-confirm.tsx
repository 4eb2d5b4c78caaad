import { useSearchParams } from 'react-router'
import { ConfirmPanel } from '#web/features/newsletters/components/confirm-panel.tsx'

/** /newsletter/confirm?token=…: an imported address's confirmation link (double opt-in), no sign-in. */
export default function NewsletterConfirm() {
  const [params] = useSearchParams()
  return <ConfirmPanel token={params.get('token')?.trim() || null} />
}
