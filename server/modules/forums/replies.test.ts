import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FORUM_REPLIES_PAGE_SIZE } from '#common/constants.ts'
import { forumReply, forumThread, forumThreadReader } from '#server/db/schema/index.ts'
import { buildTestApp, type TestApp } from '#server/test/app.ts'
import { createUser, signIn, type TestUser } from '#server/test/factories.ts'
import { type ForumFixtures, forumFixtures } from './forums.fixtures.ts'

let t: TestApp
let f: ForumFixtures
let admin: TestUser
let grace: TestUser
let rosa: TestUser
let otto: TestUser
beforeAll(async () => {
  t = await buildTestApp()
  f = forumFixtures(t)
  admin = await createUser(t, { name: 'Ada Admin', role: 'admin' })
  grace = await createUser(t, { name: 'Grace Hopper' })
  rosa = await createUser(t, { name: 'Rosa Reader' })
  otto = await createUser(t, { name: 'Otto Other' })
})
afterAll(() => t.close())

describe('replying', () => {
  it('adds replies at positions 1, 2, 3… and moves the thread’s activity on', async () => {
    const thread = await f.createThread(grace, { title: 'Positions' })
    const first = await f.reply(rosa, thread.id, { bodyHtml: '<p>One <b>bold</b></p><script>x()</script>' })
    expect(first).toMatchObject({
      threadId: thread.id,
      position: 1,
      author: { id: rosa.id, name: 'Rosa Reader', image: null },
      bodyHtml: '<p>One bold</p>',
      deleted: false,
      editedAt: null,
      quote: null,
      accepted: false,
      canEdit: true,
      canDelete: true,
    })
    const second = await f.reply(otto, thread.id)
    expect(second.position).toBe(2)
    const row = await f.threadRow(thread.id)
    expect(row).toMatchObject({ replySeq: 2, replyCount: 2, lastReplyAuthorId: otto.id })
    expect(row.lastActivityAt.getTime()).toBeGreaterThan(new Date(thread.lastActivityAt).getTime())
    expect(await f.openThread(thread.id)).toMatchObject({ replyCount: 2, lastReplyBy: { id: otto.id } })
  })

  it('quotes a reply of the same thread, with a plain-text excerpt', async () => {
    const thread = await f.createThread(grace, { title: 'Quoting' })
    const long = `<p>Light &amp; dust: ${'scatter '.repeat(40)}</p>`
    const quoted = await f.reply(rosa, thread.id, { bodyHtml: long })
    const quoting = await f.reply(otto, thread.id, { quotedReplyId: quoted.id })
    expect(quoting.quote).toMatchObject({
      replyId: quoted.id,
      position: 1,
      page: 1,
      author: { id: rosa.id, name: 'Rosa Reader' },
    })
    expect(quoting.quote?.excerpt).toMatch(/^Light & dust: scatter scatter/)
    expect(quoting.quote?.excerpt?.length).toBeLessThanOrEqual(201)
    expect(quoting.quote?.excerpt).toMatch(/…$/)
  })

  it('refuses a quote from elsewhere or of a deleted reply, a blank body, and writes nothing', async () => {
    const thread = await f.createThread(grace, { title: 'Bad replies' })
    const elsewhere = await f.reply(rosa, (await f.createThread(grace)).id)
    const gone = await f.reply(rosa, thread.id)
    expect((await f.req('DELETE', `/api/forum/replies/${gone.id}`, rosa.cookie)).statusCode).toBe(204)
    const url = `/api/forum/threads/${thread.id}/replies`
    for (const [body, fields] of [
      [
        { bodyHtml: '<p>Hi</p>', quotedReplyId: elsewhere.id },
        { quotedReplyId: 'Quote a reply from this thread' },
      ],
      [
        { bodyHtml: '<p>Hi</p>', quotedReplyId: gone.id },
        { quotedReplyId: 'Quote a reply from this thread' },
      ],
      [{ bodyHtml: '<p>Hi</p>', quotedReplyId: 'nope' }, { quotedReplyId: 'Quote a reply from this thread' }],
      [{ bodyHtml: '   ' }, { bodyHtml: 'Write something' }],
      [{ bodyHtml: '<p><br></p><style>p{}</style>' }, { bodyHtml: 'Write something' }],
      [{}, { bodyHtml: 'Write something' }],
    ] as const) {
      const res = await f.req('POST', url, otto.cookie, body)
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
      expect(res.json().error.fields).toEqual(fields)
    }
    expect(await f.replyRows(thread.id)).toHaveLength(1)
    expect(await f.threadRow(thread.id)).toMatchObject({ replySeq: 1, replyCount: 0 })
  })

  it('is refused from a suspended account, and nothing is written', async () => {
    const thread = await f.createThread(grace, { title: 'Suspension' })
    const troll = await createUser(t, { name: 'Troll' })
    await f.reply(troll, thread.id)
    const suspended = await f.req('PUT', `/api/admin/users/${troll.id}/suspension`, admin.cookie, {
      suspended: true,
    })
    expect(suspended.statusCode, suspended.body).toBe(200)
    const res = await f.req('POST', `/api/forum/threads/${thread.id}/replies`, troll.cookie, {
      bodyHtml: '<p>Again</p>',
    })
    expect(res.statusCode).toBe(401)
    expect((await signIn(t, troll.email, troll.password)).statusCode).not.toBe(200)
    expect(await f.replyRows(thread.id)).toHaveLength(1)
  })
})

describe('a locked thread', () => {
  it('takes no replies (409, nothing written) and says so, until unlocked', async () => {
    const thread = await f.createThread(grace, { title: 'Locked' })
    await f.reply(rosa, thread.id)
    expect(await f.moderate(admin, thread.id, { locked: true })).toMatchObject({
      locked: true,
      canReply: false,
    })
    expect((await f.openThread(thread.id, rosa)).canReply).toBe(false)
    const res = await f.req('POST', `/api/forum/threads/${thread.id}/replies`, rosa.cookie, {
      bodyHtml: '<p>More</p>',
    })
    expect(res.statusCode).toBe(409)
    expect(res.json().error.message).toBe('This thread is locked: it takes no new replies')
    expect(await f.replyRows(thread.id)).toHaveLength(1)
    expect(await f.threadRow(thread.id)).toMatchObject({ replySeq: 1, replyCount: 1 })

    await f.moderate(admin, thread.id, { locked: false })
    expect((await f.reply(rosa, thread.id)).position).toBe(2)
  })
})

describe('pages of replies', () => {
  it('page N holds positions (N-1)·20+1 … N·20; the page past the end is empty', async () => {
    const thread = await f.createThread(grace, { title: 'Long thread' })
    const total = FORUM_REPLIES_PAGE_SIZE * 2 + 5
    // Written straight to the table (the route's rate limit is off here, but 45 requests are slow).
    await t.database.db.transaction(async (tx) => {
      await tx.insert(forumReply).values(
        Array.from({ length: total }, (_, i) => ({
          threadId: thread.id,
          authorId: rosa.id,
          position: i + 1,
          bodyHtml: `<p>Reply ${i + 1}</p>`,
        })),
      )
      await tx.update(forumThread).set({ replySeq: total }).where(eq(forumThread.id, thread.id))
    })
    const positions = async (page: number) =>
      (await f.repliesPage(thread.id, page)).items.map((r) => r.position)
    const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i)
    expect(await positions(1)).toEqual(range(1, 20))
    expect(await positions(2)).toEqual(range(21, 40))
    expect(await positions(3)).toEqual(range(41, 45))
    expect(await f.repliesPage(thread.id, 4)).toEqual({ items: [], page: 4, pageCount: 3 })
    expect((await f.repliesPage(thread.id)).page).toBe(1)
    expect((await f.openThread(thread.id)).pageCount).toBe(3)

    const quoting = await f.reply(otto, thread.id, {
      quotedReplyId: (await f.repliesPage(thread.id, 2)).items[0].id,
    })
    expect(quoting.position).toBe(46)
    expect(quoting.quote).toMatchObject({ position: 21, page: 2, excerpt: 'Reply 21' })

    const bad = await f.req('GET', `/api/forum/threads/${thread.id}/replies?page=0`)
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error.fields).toEqual({ page: 'Pages start at 1' })
  })

  it('an empty thread has one empty page', async () => {
    const thread = await f.createThread(grace, { title: 'Quiet' })
    expect(await f.repliesPage(thread.id)).toEqual({ items: [], page: 1, pageCount: 1 })
  })
})

describe('editing a reply', () => {
  it('is for its author only; a deleted reply is 409; nothing is written otherwise', async () => {
    const thread = await f.createThread(grace, { title: 'Edits' })
    const mine = await f.reply(rosa, thread.id, { bodyHtml: '<p>Draft</p>' })
    const url = `/api/forum/replies/${mine.id}`
    for (const who of [otto, admin, grace]) {
      const res = await f.req('PATCH', url, who.cookie, { bodyHtml: '<p>Not yours</p>' })
      expect(res.statusCode).toBe(403)
      expect(res.json().error.message).toBe('Only its author can edit this reply')
    }
    const blank = await f.req('PATCH', url, rosa.cookie, { bodyHtml: '<script>x()</script>' })
    expect(blank.statusCode).toBe(400)
    expect(blank.json().error.fields).toEqual({ bodyHtml: 'Write something' })
    expect((await f.replyRows(thread.id))[0]).toMatchObject({ bodyHtml: '<p>Draft</p>', editedAt: null })

    const res = await f.req('PATCH', url, rosa.cookie, {
      bodyHtml: '<p>Final <a href="javascript:x()">link</a></p>',
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ id: mine.id, position: 1, bodyHtml: '<p>Final <a>link</a></p>' })
    expect(res.json().editedAt).toEqual(expect.any(String))

    expect((await f.req('DELETE', url, rosa.cookie)).statusCode).toBe(204)
    const gone = await f.req('PATCH', url, rosa.cookie, { bodyHtml: '<p>Back</p>' })
    expect(gone.statusCode).toBe(409)
    expect((await f.replyRows(thread.id))[0].bodyHtml).toBe('')
  })
})

describe('deleting a reply', () => {
  it('is for its author or an admin; it keeps its place, the counts drop, the answer is cleared', async () => {
    const thread = await f.createThread(grace, { subjectSlug: 'biology', title: 'Deletes' })
    const [a, b, c] = [
      await f.reply(rosa, thread.id),
      await f.reply(otto, thread.id),
      await f.reply(rosa, thread.id),
    ]
    await f.req('PUT', `/api/forum/threads/${thread.id}/accepted`, grace.cookie, { replyId: b.id })
    const quoting = await f.reply(grace, thread.id, { quotedReplyId: b.id })
    const forumBefore = await f.forum('biology')

    const refused = await f.req('DELETE', `/api/forum/replies/${b.id}`, rosa.cookie)
    expect(refused.statusCode).toBe(403)
    expect((await f.req('DELETE', `/api/forum/replies/${b.id}`, grace.cookie)).statusCode).toBe(403)
    expect(await f.forum('biology')).toEqual(forumBefore)

    expect((await f.req('DELETE', `/api/forum/replies/${b.id}`, otto.cookie)).statusCode).toBe(204)
    expect((await f.req('DELETE', `/api/forum/replies/${c.id}`, admin.cookie)).statusCode).toBe(204)
    // A second delete changes nothing.
    expect((await f.req('DELETE', `/api/forum/replies/${c.id}`, admin.cookie)).statusCode).toBe(204)

    const page = await f.repliesPage(thread.id, 1, rosa)
    expect(page.items.map((r) => [r.position, r.deleted, r.bodyHtml === ''])).toEqual([
      [1, false, false],
      [2, true, true],
      [3, true, true],
      [4, false, false],
    ])
    expect(page.items[1]).toMatchObject({ id: b.id, accepted: false, canEdit: false, canDelete: false })
    expect(page.items[0]).toMatchObject({ id: a.id, canEdit: true, canDelete: true })
    expect(page.items[3]).toMatchObject({ id: quoting.id, quote: { replyId: b.id, excerpt: null } })

    const shown = await f.openThread(thread.id)
    expect(shown).toMatchObject({ replyCount: 2, answered: false, acceptedReply: null })
    expect(await f.forum('biology')).toMatchObject({
      threadCount: forumBefore.threadCount,
      replyCount: forumBefore.replyCount - 2,
    })
    expect(await f.forum('biology')).toMatchObject(await f.countedFromRows('biology'))
  })
})

describe('accepting an answer', () => {
  it('is for the thread’s author only (admins too get 403), a standing reply of this thread', async () => {
    const thread = await f.createThread(grace, { title: 'Answers' })
    const answer = await f.reply(rosa, thread.id, { bodyHtml: '<p>Rayleigh scattering</p>' })
    const url = `/api/forum/threads/${thread.id}/accepted`
    for (const who of [rosa, admin]) {
      const res = await f.req('PUT', url, who.cookie, { replyId: answer.id })
      expect(res.statusCode).toBe(403)
    }
    const other = await f.reply(rosa, (await f.createThread(grace)).id)
    for (const replyId of [other.id, 'x']) {
      const res = await f.req('PUT', url, grace.cookie, { replyId })
      expect(res.statusCode).toBe(400)
      expect(res.json().error.fields).toEqual({ replyId: 'Choose a reply from this thread' })
    }
    expect((await f.threadRow(thread.id)).acceptedReplyId).toBeNull()

    const res = await f.req('PUT', url, grace.cookie, { replyId: answer.id })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({
      answered: true,
      acceptedReply: {
        replyId: answer.id,
        position: 1,
        page: 1,
        author: { id: rosa.id },
        excerpt: 'Rayleigh scattering',
      },
    })
    expect((await f.repliesPage(thread.id)).items[0].accepted).toBe(true)

    const cleared = await f.req('PUT', url, grace.cookie, { replyId: null })
    expect(cleared.json()).toMatchObject({ answered: false, acceptedReply: null })
  })
})

describe('notifications', () => {
  // People of their own, so earlier tests' notifications do not count.
  let grace: TestUser
  let rosa: TestUser
  let otto: TestUser
  beforeAll(async () => {
    grace = await createUser(t, { name: 'Grace Hopper' })
    rosa = await createUser(t, { name: 'Rosa Reader' })
    otto = await createUser(t, { name: 'Otto Other' })
  })

  it('go to the author, watchers and the quoted person, once each, never for one’s own doing', async () => {
    const thread = await f.createThread(grace, { title: 'Sky' })
    const link = (r: { id: string }) => `/forum/physics/${thread.id}#reply-${r.id}`

    // Rosa replies: Grace (the author, watching) hears of it; Rosa does not.
    const first = await f.reply(rosa, thread.id)
    expect(await f.forumNotes(grace)).toEqual([
      { message: 'Rosa Reader replied in “Sky”', link: link(first) },
    ])
    expect(await f.forumNotes(rosa)).toEqual([])

    // Grace replies to her own thread: Rosa (a replier, now watching) hears; Grace does not.
    const second = await f.reply(grace, thread.id)
    expect(await f.forumNotes(rosa)).toEqual([
      { message: 'Grace Hopper replied in “Sky”', link: link(second) },
    ])
    expect(await f.forumNotes(grace)).toHaveLength(1)

    // Otto quotes Rosa: Rosa gets only the quote; Grace gets the reply one.
    const third = await f.reply(otto, thread.id, { quotedReplyId: first.id })
    expect(await f.forumNotes(rosa)).toEqual([
      { message: 'Grace Hopper replied in “Sky”', link: link(second) },
      { message: 'Otto Other quoted you in “Sky”', link: link(third) },
    ])
    expect((await f.forumNotes(grace)).map((n) => n.message)).toEqual([
      'Rosa Reader replied in “Sky”',
      'Otto Other replied in “Sky”',
    ])

    // Quoting yourself is no quote to tell of: watchers hear of a reply, Otto hears nothing.
    await f.reply(otto, thread.id, { quotedReplyId: third.id })
    expect(await f.forumNotes(otto)).toEqual([])
    expect(await f.forumNotes(rosa)).toHaveLength(3)

    // Rosa stops watching: replies no longer reach her, though a quote still does.
    await f.req('PUT', `/api/forum/threads/${thread.id}/watch`, rosa.cookie, { watching: false })
    await f.reply(grace, thread.id)
    expect(await f.forumNotes(rosa)).toHaveLength(3)
    // Replying again does not make her watch again: she chose.
    await f.reply(rosa, thread.id)
    const rows = await t.database.db
      .select()
      .from(forumThreadReader)
      .where(eq(forumThreadReader.threadId, thread.id))
    expect(rows.find((r) => r.userId === rosa.id)?.watching).toBe(false)
    await f.reply(otto, thread.id, { quotedReplyId: first.id })
    expect((await f.forumNotes(rosa)).map((n) => n.message)).toEqual([
      'Grace Hopper replied in “Sky”',
      'Otto Other quoted you in “Sky”',
      'Otto Other replied in “Sky”',
      'Otto Other quoted you in “Sky”',
    ])
  })

  it('tell a reply’s author it was accepted, unless it is the thread author’s own', async () => {
    const thread = await f.createThread(grace, { title: 'Accepted' })
    const answer = await f.reply(rosa, thread.id)
    const own = await f.reply(grace, thread.id)
    const before = (await f.forumNotes(rosa)).length
    await f.req('PUT', `/api/forum/threads/${thread.id}/accepted`, grace.cookie, { replyId: answer.id })
    expect((await f.forumNotes(rosa)).slice(before)).toEqual([
      {
        message: 'Grace Hopper accepted your reply in “Accepted”',
        link: `/forum/physics/${thread.id}#reply-${answer.id}`,
      },
    ])
    const graceBefore = (await f.forumNotes(grace)).length
    await f.req('PUT', `/api/forum/threads/${thread.id}/accepted`, grace.cookie, { replyId: own.id })
    expect(await f.forumNotes(grace)).toHaveLength(graceBefore)
  })

  it('link to the reply’s page', async () => {
    const thread = await f.createThread(grace, { title: 'Deep' })
    await t.database.db
      .update(forumThread)
      .set({ replySeq: FORUM_REPLIES_PAGE_SIZE })
      .where(eq(forumThread.id, thread.id))
    const deep = await f.reply(rosa, thread.id)
    expect(deep.position).toBe(FORUM_REPLIES_PAGE_SIZE + 1)
    expect((await f.forumNotes(grace)).find((n) => n.message === 'Rosa Reader replied in “Deep”')?.link).toBe(
      `/forum/physics/${thread.id}?page=2#reply-${deep.id}`,
    )
  })
})
