import { z } from 'zod'
import { CONTACT_MESSAGE_MAX_LENGTH, TITLE_MAX_LENGTH } from '../constants.ts'
import { Email, PersonName, text } from './fields.ts'

export const ContactInput = z.object({
  name: PersonName,
  email: Email,
  subject: text('Add a subject').max(TITLE_MAX_LENGTH, `Keep it under ${TITLE_MAX_LENGTH} characters`),
  message: text('Tell us a little more (at least 10 characters)')
    .min(10, 'Tell us a little more (at least 10 characters)')
    .max(CONTACT_MESSAGE_MAX_LENGTH, `Keep it under ${CONTACT_MESSAGE_MAX_LENGTH} characters`),
})
export type ContactInput = z.infer<typeof ContactInput>

export const ContactMessage = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  userId: z.string().nullable(),
  handled: z.boolean(),
  createdAt: z.string(),
})
export type ContactMessage = z.infer<typeof ContactMessage>
