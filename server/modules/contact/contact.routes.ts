import { z } from 'zod'
import { CONTACT_RATE_LIMIT } from '#common/constants.ts'
import { ContactInput } from '#common/schemas/contact.ts'
import { readSessionUser } from '#server/auth/guards.ts'
import type { App } from '#server/http/app-type.ts'
import { sendContactMessage } from './contact.service.ts'

export function contactRoutes(app: App) {
  app.post(
    '/api/contact',
    {
      schema: {
        operationId: 'sendContactMessage',
        summary: 'Send a message to the Inkwell team',
        body: ContactInput,
        response: { 201: z.object({ id: z.string() }) },
      },
      config: {
        rateLimit: { max: CONTACT_RATE_LIMIT.max, timeWindow: CONTACT_RATE_LIMIT.windowSeconds * 1000 },
      },
    },
    async (req, reply) =>
      reply.code(201).send(await sendContactMessage(app.ctx, await readSessionUser(req), req.body)),
  )
}
