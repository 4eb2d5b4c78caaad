import { useSearchParams } from 'react-router'
import { UnsubscribePanel } from '#web/features/newsletters/components/unsubscribe-panel.tsx'

/** /unsubscribe?token=…: a newsletter's unsubscribe link, signed in or not. */
export default function Unsubscribe() {
  const [params] = useSearchParams()
  return <UnsubscribePanel token={params.get('token')?.trim() || null} />
}
