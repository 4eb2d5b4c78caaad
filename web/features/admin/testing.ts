// Builders for admin tests: answers shaped exactly like the server's, parsed by the shared schemas.
import { AdminUser } from '#common/schemas/admin.ts'
import { ContactMessage } from '#common/schemas/contact.ts'

export const ME_ID = 'admin-1'

export function adminUser(overrides: Partial<AdminUser> = {}): AdminUser {
  return AdminUser.parse({
    id: 'user-1',
    name: 'Grace Okafor',
    email: 'grace@inkwell.test',
    image: null,
    role: 'user',
    banned: false,
    banReason: null,
    createdAt: '2026-03-04T10:00:00.000Z',
    ...overrides,
  })
}

export function contactMessage(overrides: Partial<ContactMessage> = {}): ContactMessage {
  return ContactMessage.parse({
    id: '6f1c1f9e-0000-4000-8000-000000000001',
    name: 'Tomás Reyes',
    email: 'tomas@inkwell.test',
    subject: 'Payout question',
    message: 'When will my payout arrive?',
    userId: null,
    handled: false,
    createdAt: '2026-11-20T09:30:00.000Z',
    ...overrides,
  })
}

/** The query string of a fetch call, as an object. */
export function queryOf(input: unknown): Record<string, string> {
  return Object.fromEntries(new URL(String(input), 'http://inkwell.test').searchParams)
}

/** The JSON body of a fetch call. */
export function bodyOf(init: RequestInit | undefined): unknown {
  return JSON.parse(String(init?.body))
}
