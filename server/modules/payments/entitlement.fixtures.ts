import { expect } from 'vitest'
import type { TestApp } from '#server/test/app.ts'
import type { TestUser } from '#server/test/factories.ts'
import { orderFor } from './payments.fixtures.ts'

/** A post by `author`, written, submitted and approved by `admin`. */
export async function publishedPost(
  t: TestApp,
  admin: TestUser,
  author: TestUser,
  fields: {
    title: string
    bodyHtml: string
    access: 'free' | 'subscribers'
    excerpt?: string
    category?: 'academic' | 'fiction' | 'true-story'
    subjectSlug?: string
  },
): Promise<{ id: string; slug: string }> {
  const created = await t.request({
    method: 'POST',
    url: '/api/posts',
    cookie: author.cookie,
    body: { category: 'fiction', tags: ['marker'], ...fields },
  })
  expect(created.statusCode, created.body).toBe(201)
  const { id, slug } = created.json()
  const submitted = await t.request({ method: 'POST', url: `/api/posts/${id}/submit`, cookie: author.cookie })
  expect(submitted.statusCode, submitted.body).toBe(200)
  const approved = await t.request({
    method: 'POST',
    url: `/api/admin/posts/${id}/approve`,
    cookie: admin.cookie,
  })
  expect(approved.statusCode, approved.body).toBe(200)
  return { id, slug }
}

/** `reader` pays `writer`'s current price through the orders API and the sandbox checkout. */
export async function paySubscription(t: TestApp, reader: TestUser, writer: TestUser): Promise<string> {
  const order = await orderFor(t, reader, writer)
  const paid = await t.request({
    method: 'POST',
    url: `/api/payments/sandbox/${order.id}/pay`,
    cookie: reader.cookie,
    body: { outcome: 'succeed' },
  })
  expect(paid.statusCode, paid.body).toBe(200)
  return order.id
}

/** The post as `reader` (or the signed-out) reads it at /learn/<writer>/<slug>. */
export async function readPost(t: TestApp, reader: TestUser | null, writerId: string, slug: string) {
  const res = await t.request({
    method: 'GET',
    url: `/api/posts/by/${writerId}/${slug}`,
    cookie: reader?.cookie,
  })
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as {
    bodyHtml: string | null
    locked: boolean
    unlock: { kind: 'free' | 'paid'; monthlyPrice: number; currency: string } | null
  }
}
