import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PostStatus } from '#common/schemas/posts.ts'
import type { SubjectWithCounts } from '#common/schemas/subjects.ts'
import { forumStats, forumThread, post, profile, subject } from '#server/db/schema/index.ts'
import { buildTestApp, type TestApp } from '#server/test/app.ts'
import { createUser, type TestUser } from '#server/test/factories.ts'

let t: TestApp
let admin: TestUser
let writer: TestUser
beforeAll(async () => {
  t = await buildTestApp()
  admin = await createUser(t, { name: 'Ada Admin', role: 'admin' })
  writer = await createUser(t, { name: 'Wanjiru Writer' })
})
afterAll(() => t.close())

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE'
const req = (method: Method, url: string, cookie?: string, body?: unknown) =>
  t.request({ method, url, cookie, body })

/** A post straight in the database: these tests are about subjects, not the editor. */
async function addPost(subjectSlug: string, status: PostStatus = 'published') {
  const slug = `post-${randomUUID()}`
  await t.database.db.insert(post).values({
    authorId: writer.id,
    category: 'academic',
    subjectSlug,
    title: 'Waves',
    slug,
    status,
    publishedAt: status === 'published' ? new Date() : null,
  })
}

const subjectRow = async (slug: string) =>
  (await t.database.db.select().from(subject).where(eq(subject.slug, slug)))[0]
const subjectCount = async () => (await t.database.db.select().from(subject)).length

describe('GET /api/subjects', () => {
  it('lists the subjects to anyone, academic first, each kind by name, with published post counts', async () => {
    await addPost('physics')
    await addPost('physics')
    await addPost('physics', 'draft')
    await addPost('physics', 'pending')
    await addPost('history')

    const res = await req('GET', '/api/subjects')
    expect(res.statusCode).toBe(200)
    const subjects = res.json() as SubjectWithCounts[]
    expect(subjects).toHaveLength(13)
    expect(subjects.map((s) => s.kind)).toEqual([...Array(10).fill('academic'), ...Array(3).fill('general')])
    const academic = subjects.filter((s) => s.kind === 'academic').map((s) => s.name)
    expect(academic).toEqual([...academic].sort())
    expect(subjects.find((s) => s.slug === 'physics')).toMatchObject({ name: 'Physics', posts: 2 })
    expect(subjects.find((s) => s.slug === 'history')?.posts).toBe(1)
    expect(subjects.find((s) => s.slug === 'true-stories')).toMatchObject({
      slug: 'true-stories',
      name: 'True Stories',
      kind: 'general',
      posts: 0,
    })
    expect(subjects.every((s) => typeof s.description === 'string')).toBe(true)
  })
})

describe('GET /api/subjects/:slug', () => {
  it('answers one subject with its count', async () => {
    const res = await req('GET', '/api/subjects/biology')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ slug: 'biology', name: 'Biology', kind: 'academic', posts: 0 })
  })

  it('answers 404 for an unknown subject', async () => {
    const res = await req('GET', '/api/subjects/astrology')
    expect(res.statusCode).toBe(404)
    expect(res.json().error.code).toBe('not_found')
  })
})

describe('admin guards', () => {
  it.each<[Method, string, unknown]>([
    ['POST', '/api/admin/subjects', { name: 'Music', kind: 'academic' }],
    ['PATCH', '/api/admin/subjects/biology', { name: 'Life', kind: 'academic' }],
    ['DELETE', '/api/admin/subjects/biology', undefined],
  ])('%s %s: 401 signed out, 403 for a non-admin, nothing changed', async (method, url, body) => {
    const before = await subjectCount()
    expect((await req(method, url, undefined, body)).statusCode).toBe(401)
    expect((await req(method, url, writer.cookie, body)).statusCode).toBe(403)
    expect(await subjectCount()).toBe(before)
    expect(await subjectRow('biology')).toMatchObject({ name: 'Biology' })
  })
})

describe('POST /api/admin/subjects', () => {
  it('adds a subject with a slug made from its name', async () => {
    const res = await req('POST', '/api/admin/subjects', admin.cookie, {
      name: '  Ancient Greek & Latin ',
      kind: 'academic',
      description: 'Languages of the classical world.',
    })
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json()).toEqual({
      slug: 'ancient-greek-latin',
      name: 'Ancient Greek & Latin',
      kind: 'academic',
      description: 'Languages of the classical world.',
    })
    expect(await subjectRow('ancient-greek-latin')).toMatchObject({ name: 'Ancient Greek & Latin' })
    const listed = (await req('GET', '/api/subjects')).json() as SubjectWithCounts[]
    expect(listed.find((s) => s.slug === 'ancient-greek-latin')).toMatchObject({ posts: 0 })
  })

  it('refuses bad input with field messages and writes nothing', async () => {
    const before = await subjectCount()
    const res = await req('POST', '/api/admin/subjects', admin.cookie, {
      name: '   ',
      kind: 'astrology',
      description: 'x'.repeat(301),
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().error.fields).toEqual({
      name: 'Name the subject',
      kind: 'Choose academic or general',
      description: 'Keep the description under 300 characters',
    })
    expect(await subjectCount()).toBe(before)
  })

  it.each([
    ['the same name', 'Physics'],
    ['a name that makes the same slug', 'physics!'],
  ])('refuses %s as a field message on name', async (_, name) => {
    const before = await subjectCount()
    const res = await req('POST', '/api/admin/subjects', admin.cookie, { name, kind: 'general' })
    expect(res.statusCode).toBe(400)
    expect(res.json().error.fields).toEqual({ name: 'There is already a subject with that name' })
    expect(await subjectCount()).toBe(before)
    expect(await subjectRow('physics')).toMatchObject({ name: 'Physics', kind: 'academic' })
  })
})

describe('PATCH /api/admin/subjects/:slug', () => {
  it('changes the name, kind and description; the slug stays', async () => {
    const res = await req('PATCH', '/api/admin/subjects/economics', admin.cookie, {
      name: 'Economics and Business',
      kind: 'academic',
      description: 'Markets, money and firms.',
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({
      slug: 'economics',
      name: 'Economics and Business',
      kind: 'academic',
      description: 'Markets, money and firms.',
    })
    expect(await subjectRow('economics')).toMatchObject({ name: 'Economics and Business' })
  })

  it('keeps its own name (a change of description only)', async () => {
    const res = await req('PATCH', '/api/admin/subjects/geography', admin.cookie, {
      name: 'Geography',
      kind: 'academic',
      description: 'Places and people.',
    })
    expect(res.statusCode, res.body).toBe(200)
    expect((await subjectRow('geography')).description).toBe('Places and people.')
  })

  it("refuses another subject's name (whatever its case) and bad input, writing nothing", async () => {
    const taken = await req('PATCH', '/api/admin/subjects/chemistry', admin.cookie, {
      name: 'BIOLOGY',
      kind: 'academic',
    })
    expect(taken.statusCode).toBe(400)
    expect(taken.json().error.fields).toEqual({ name: 'There is already a subject with that name' })

    const bad = await req('PATCH', '/api/admin/subjects/chemistry', admin.cookie, {
      name: 'x'.repeat(61),
      kind: 'academic',
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error.fields).toEqual({ name: 'Keep the name under 60 characters' })
    expect(await subjectRow('chemistry')).toMatchObject({ name: 'Chemistry' })
  })

  it('answers 404 for an unknown subject', async () => {
    const res = await req('PATCH', '/api/admin/subjects/astrology', admin.cookie, {
      name: 'Astrology',
      kind: 'general',
    })
    expect(res.statusCode).toBe(404)
    expect(await subjectRow('astrology')).toBeUndefined()
  })
})

describe('DELETE /api/admin/subjects/:slug', () => {
  it('refuses while posts (of any status) use it, saying how many', async () => {
    await addPost('literature', 'draft')
    const one = await req('DELETE', '/api/admin/subjects/literature', admin.cookie)
    expect(one.statusCode).toBe(409)
    expect(one.json().error.message).toBe('Move or delete its 1 post first')

    await addPost('literature')
    const two = await req('DELETE', '/api/admin/subjects/literature', admin.cookie)
    expect(two.json().error.message).toBe('Move or delete its 2 posts first')
    expect(await subjectRow('literature')).toBeDefined()
  })

  it('refuses while forum threads use it, naming the threads and posts to move first', async () => {
    const thread = {
      subjectSlug: 'computer-science',
      authorId: writer.id,
      title: 'Causes of WW1',
      bodyHtml: '<p>?</p>',
    }
    await t.database.db.insert(forumThread).values(thread)
    const one = await req('DELETE', '/api/admin/subjects/computer-science', admin.cookie)
    expect(one.statusCode).toBe(409)
    expect(one.json().error.message).toBe('Move or delete its 1 forum thread first')

    await t.database.db.insert(forumThread).values({ ...thread, title: 'Treaty of Versailles' })
    await addPost('computer-science')
    const both = await req('DELETE', '/api/admin/subjects/computer-science', admin.cookie)
    expect(both.statusCode).toBe(409)
    expect(both.json().error.message).toBe('Move or delete its 1 post and 2 forum threads first')
    expect(await subjectRow('computer-science')).toBeDefined()
    expect(
      await t.database.db.select().from(forumStats).where(eq(forumStats.subjectSlug, 'computer-science')),
    ).toEqual([{ subjectSlug: 'computer-science', threadCount: 2, replyCount: 0 }])
  })

  it('deletes an unused subject and removes it from everyone’s interests', async () => {
    await t.database.db
      .update(profile)
      .set({ interests: ['english', 'physics'] })
      .where(eq(profile.userId, writer.id))
    const res = await req('DELETE', '/api/admin/subjects/english', admin.cookie)
    expect(res.statusCode).toBe(204)
    expect(await subjectRow('english')).toBeUndefined()
    const [mine] = await t.database.db.select().from(profile).where(eq(profile.userId, writer.id))
    expect(mine.interests).toEqual(['physics'])
    expect((await req('GET', '/api/subjects/english')).statusCode).toBe(404)
  })

  it('answers 404 for an unknown subject', async () => {
    const res = await req('DELETE', '/api/admin/subjects/astrology', admin.cookie)
    expect(res.statusCode).toBe(404)
  })
})
