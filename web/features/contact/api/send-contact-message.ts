import { useMutation } from '@tanstack/react-query'
import { z } from 'zod'
import type { ContactInput } from '#common/schemas/contact.ts'
import { api } from '#web/lib/api-client.ts'

const Sent = z.object({ id: z.string() })

export const sendContactMessage = (input: ContactInput) =>
  api('/api/contact', Sent, { method: 'POST', body: input })

/** POST /api/contact. Field errors and the rate limit are shown by the form itself. */
export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage, meta: { inlineErrors: true } })
}
