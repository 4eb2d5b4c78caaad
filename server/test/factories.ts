import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { user } from '#server/db/schema/index.ts'
import type { TestApp } from './app.ts'

export interface TestUser {
  id: string
  name: string
  email: string
  password: string
  /** The session cookie, ready for the Cookie header. */
  cookie: string
}

export const cookieOf = (setCookie: string | string[] | undefined): string =>
  [setCookie ?? []]
    .flat()
    .map((c) => c.split(';')[0])
    .join('; ')

/** Signs a new person up through the real sign-up endpoint; role admin is then set in the database. */
export async function createUser(
  t: TestApp,
  options: { name?: string; email?: string; password?: string; role?: 'user' | 'admin' } = {},
): Promise<TestUser> {
  const name = options.name ?? 'Test Person'
  const email = options.email ?? `person-${randomUUID().slice(0, 8)}@example.com`
  const password = options.password ?? 'correct horse battery'
  const res = await t.request({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    body: { name, email, password },
  })
  if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`)
  const id = res.json().user.id as string
  if (options.role === 'admin') await t.database.db.update(user).set({ role: 'admin' }).where(eq(user.id, id))
  return { id, name, email, password, cookie: cookieOf(res.headers['set-cookie']) }
}

export async function signIn(t: TestApp, email: string, password: string) {
  return t.request({ method: 'POST', url: '/api/auth/sign-in/email', body: { email, password } })
}
