import { count } from 'drizzle-orm'
import { expect } from 'vitest'
import { describePassage, textOfHtml } from '#common/anchoring.ts'
import type { Highlight } from '#common/schemas/highlights.ts'
import { highlight } from '#server/db/schema/index.ts'
import type { TestApp } from '#server/test/app.ts'
import type { TestUser } from '#server/test/factories.ts'

// Highlights made and read through the API, as the reader's page makes them.

export type Target = { postId: string } | { bookId: string; chapterId: string }

/** The selectors of `words` (its first copy after `from`) in the body `html`, as the page sends them. */
export function selectorsIn(html: string, words: string, from = 0) {
  const text = textOfHtml(html)
  const start = text.indexOf(words, from)
  expect(start, `"${words}" is in the text`).toBeGreaterThanOrEqual(0)
  return describePassage(text, start, start + words.length)
}

export const highlightsApi = (t: TestApp) => ({
  create: (who: TestUser | null, body: unknown) =>
    t.request({ method: 'POST', url: '/api/highlights', cookie: who?.cookie, body }),
  list: (who: TestUser | null, query = '') =>
    t.request({ method: 'GET', url: `/api/highlights${query}`, cookie: who?.cookie }),
  onTarget: (who: TestUser | null, target: Target) =>
    t.request({
      method: 'GET',
      url: `/api/highlights/target?${new URLSearchParams(target)}`,
      cookie: who?.cookie,
    }),
  get: (who: TestUser | null, id: string) =>
    t.request({ method: 'GET', url: `/api/highlights/${id}`, cookie: who?.cookie }),
  update: (who: TestUser | null, id: string, body: unknown) =>
    t.request({ method: 'PATCH', url: `/api/highlights/${id}`, cookie: who?.cookie, body }),
  remove: (who: TestUser | null, id: string) =>
    t.request({ method: 'DELETE', url: `/api/highlights/${id}`, cookie: who?.cookie }),
  exported: (who: TestUser | null) =>
    t.request({ method: 'GET', url: '/api/highlights/export', cookie: who?.cookie }),

  /** Highlights `words` of `html` on `target` for `who`: 201 expected. */
  async highlight(who: TestUser, target: Target, html: string, words: string, extra: object = {}) {
    const res = await this.create(who, { target, selectors: selectorsIn(html, words), ...extra })
    expect(res.statusCode, res.body).toBe(201)
    return res.json() as Highlight
  },
})

export async function highlightCount(t: TestApp): Promise<number> {
  const [{ n }] = await t.database.db.select({ n: count() }).from(highlight)
  return n
}
