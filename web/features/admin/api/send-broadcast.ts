import { useMutation } from '@tanstack/react-query'
import { z } from 'zod'
import type { BroadcastInput } from '#common/schemas/notifications.ts'
import { api } from '#web/lib/api-client.ts'

const Sent = z.object({ sent: z.number() })

export const sendBroadcast = (input: BroadcastInput) =>
  api('/api/admin/notifications', Sent, { method: 'POST', body: input })

/** POST /api/admin/notifications. Field errors are shown by the form itself. */
export function useSendBroadcast() {
  return useMutation({ mutationFn: sendBroadcast, meta: { inlineErrors: true } })
}
