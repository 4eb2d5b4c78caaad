import { eq, sql } from 'drizzle-orm'
import type { ParsedMail } from 'mailparser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newsletterDelivery, post, user } from '#server/db/schema/index.ts'
import { publishedPost } from '#server/modules/payments/entitlement.fixtures.ts'
import { createWriter, subscribePaid } from '#server/modules/subscriptions/subscriptions.fixtures.ts'
import { buildTestApp, type TestApp } from '#server/test/app.ts'
import { createUser, type TestUser } from '#server/test/factories.ts'
import { sweepStranded } from './delivery.service.ts'
import {
  deliveriesOf,
  emailNewPostsOf,
  fanOutJobs,
  followWriter,
  header,
  jobRunner,
  kindsOf,
  setPrice,
  suspend,
  tokenIn,
} from './newsletters.fixtures.ts'

// A post's newsletter end to end on the real database and a real SMTP mailbox: who gets what,
// what the mail says, one-click unsubscribe, retries, bounces, and "once".

let t: TestApp
let admin: TestUser
let jobs: ReturnType<typeof jobRunner>

beforeAll(async () => {
  t = await buildTestApp()
  admin = await createUser(t, { name: 'Ada Admin', role: 'admin' })
  jobs = jobRunner(t)
})
afterAll(async () => {
  await t.close()
})

const publish = (
  writer: TestUser,
  title: string,
  access: 'free' | 'subscribers' = 'free',
  bodyHtml = '<p>Hello readers</p>',
) => publishedPost(t, admin, writer, { title, access, bodyHtml, excerpt: `The gist of ${title}` })

const received = (to: TestUser, subject: string) =>
  t.mailbox.received.filter((m) => m.to.includes(to.email) && m.subject === subject)

describe('who gets what', () => {
  let writer: TestUser
  let follower: TestUser
  let paid: TestUser
  beforeAll(async () => {
    writer = await createWriter(t, 'Wren Writer')
    follower = await createUser(t, { name: 'Fern Follower' })
    paid = await createUser(t, { name: 'Pia Payer' })
    // A free follow from when the writer was free, then a price: the follow stays, and opens nothing.
    await followWriter(t, follower, writer)
    await setPrice(t, writer, 500)
    await subscribePaid(t, paid, writer)
  })

  it('a free post goes whole to every subscriber, never to the writer', async () => {
    const { id } = await publish(writer, 'A free letter')
    await jobs.drain()
    expect(await kindsOf(t, id)).toEqual({ [follower.email]: 'full:sent', [paid.email]: 'full:sent' })
    expect(received(writer, 'A free letter')).toEqual([])
    expect(received(follower, 'A free letter')).toHaveLength(1)
  })

  it('a subscribers-only post goes whole to the paying, as its excerpt to free followers', async () => {
    const { id } = await publish(writer, 'For subscribers', 'subscribers', '<p>SECRET-MARKER inside</p>')
    await jobs.drain()
    expect(await kindsOf(t, id)).toEqual({ [follower.email]: 'excerpt:sent', [paid.email]: 'full:sent' })
    const excerpt = await t.mailbox.parse(received(follower, 'For subscribers')[0])
    expect(excerpt.text).toContain('The gist of For subscribers')
    expect(excerpt.text).not.toContain('SECRET-MARKER')
    expect(excerpt.html).not.toContain('SECRET-MARKER')
    expect(excerpt.html).toContain('Subscribe to read')
    expect(excerpt.html).toContain(`href="${t.config.appUrl}/writer/${writer.id}"`)
    const full = await t.mailbox.parse(received(paid, 'For subscribers')[0])
    expect(full.html).toContain('SECRET-MARKER')
  })

  it('a subscribers-only post without an excerpt sends free followers nothing of its body', async () => {
    const { id } = await publishedPost(t, admin, writer, {
      title: 'No excerpt',
      access: 'subscribers',
      bodyHtml: '<p>LOCKED-OPENING of the body</p>',
      excerpt: '',
    })
    await jobs.drain()
    expect(await kindsOf(t, id)).toMatchObject({ [follower.email]: 'excerpt:sent' })
    expect(received(follower, 'No excerpt')[0].raw).not.toContain('LOCKED-OPENING')
  })

  it('a post not to be e-mailed mails nobody', async () => {
    const created = await t.request({
      method: 'POST',
      url: '/api/posts',
      cookie: writer.cookie,
      body: { category: 'fiction', title: 'Quiet one', bodyHtml: '<p>Shh</p>', emailSubscribers: false },
    })
    const id = created.json().id as string
    await t.request({ method: 'POST', url: `/api/posts/${id}/submit`, cookie: writer.cookie })
    expect(
      (await t.request({ method: 'POST', url: `/api/admin/posts/${id}/approve`, cookie: admin.cookie }))
        .statusCode,
    ).toBe(200)
    await jobs.drain()
    expect(await fanOutJobs(t, id)).toBe(0)
    expect(await deliveriesOf(t, id)).toEqual([])
  })

  it('an edit approved again after publication mails nobody a second time', async () => {
    const { id } = await publish(writer, 'Once only')
    await jobs.drain()
    const edited = await t.request({
      method: 'PATCH',
      url: `/api/posts/${id}`,
      cookie: writer.cookie,
      body: { category: 'fiction', title: 'Once only', bodyHtml: '<p>Edited</p>' },
    })
    expect(edited.json().status).toBe('pending')
    expect(
      (await t.request({ method: 'POST', url: `/api/admin/posts/${id}/approve`, cookie: admin.cookie }))
        .statusCode,
    ).toBe(200)
    await jobs.drain()
    expect(await fanOutJobs(t, id)).toBe(1)
    expect(received(follower, 'Once only')).toHaveLength(1)
  })

  it("an admin's own post is mailed when they publish it, and a fan-out run again adds nobody", async () => {
    await followWriter(t, follower, admin)
    const created = await t.request({
      method: 'POST',
      url: '/api/posts',
      cookie: admin.cookie,
      body: { category: 'fiction', title: 'From the admin', bodyHtml: '<p>Hi</p>' },
    })
    const id = created.json().id as string
    const submitted = await t.request({
      method: 'POST',
      url: `/api/posts/${id}/submit`,
      cookie: admin.cookie,
    })
    expect(submitted.json().status).toBe('published')
    await jobs.drain()
    expect(await kindsOf(t, id)).toEqual({ [follower.email]: 'full:sent' })
    const { fanOut } = await import('./delivery.service.ts')
    expect(await fanOut(t.app.ctx, id)).toBe(0)
    expect(received(follower, 'From the admin')).toHaveLength(1)
  })
})

describe('the mail', () => {
  let writer: TestUser
  let reader: TestUser
  let mail: ParsedMail
  let postId: string
  beforeAll(async () => {
    writer = await createWriter(t, 'Mara Mailer')
    reader = await createUser(t, { name: 'Rae Reader' })
    await followWriter(t, reader, writer)
    const { id } = await publish(
      writer,
      'Headers & parts',
      'free',
      '<p>See <a href="/subject/maths">maths</a> and <a href="https://example.org/x">this</a>.</p>',
    )
    postId = id
    await jobs.drain()
    mail = await t.mailbox.parse(received(reader, 'Headers & parts')[0])
  })

  it('has a text part and an HTML document with lang, and a View in browser link', async () => {
    const [row] = await t.database.db.select().from(post).where(eq(post.id, postId))
    const postUrl = `${t.config.appUrl}/learn/${writer.id}/${row.slug}`
    expect(mail.text).toContain('See maths and this.')
    expect(mail.text).toContain(`View in browser: ${postUrl}`)
    expect(mail.html).toMatch(/<html lang="en">/)
    expect(mail.html).toContain(`href="${postUrl}"`)
    expect(mail.html).toContain('View in browser')
  })

  it('makes every relative link absolute', () => {
    expect(mail.html).toContain(`href="${t.config.appUrl}/subject/maths"`)
    expect(mail.html).toContain('href="https://example.org/x"')
    expect(mail.html).not.toMatch(/(href|src)="\/(?!\/)/)
  })

  it('has a stable Message-ID, List-Id, List-Unsubscribe (https and mailto) and one-click', () => {
    const host = new URL(t.config.appUrl).hostname
    expect(mail.messageId).toBe(`<newsletter.${postId}.${reader.id}@${host}>`)
    expect(header(mail, 'List-Id')).toBe(`Mara Mailer <writer-${writer.id}.${host}>`)
    const unsubscribe = header(mail, 'List-Unsubscribe')
    const token = tokenIn(unsubscribe)
    expect(unsubscribe).toBe(
      `<${t.config.appUrl}/unsubscribe?token=${encodeURIComponent(token)}>, <mailto:unsubscribe@${host}?subject=unsubscribe-${token}>`,
    )
    expect(header(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click')
  })

  it('one click (a form POST with no cookie and no Origin) unsubscribes, and the next post is not mailed', async () => {
    const url = /<(https?:[^>]+)>/.exec(header(mail, 'List-Unsubscribe'))![1]
    const res = await t.app.inject({
      method: 'POST',
      url: url.slice(t.config.appUrl.length),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['content-type']).toContain('text/plain')
    expect(await emailNewPostsOf(t, reader, writer)).toBe(false)
    const [row] = await deliveriesOf(t, postId)
    expect(row.unsubscribedAt).not.toBeNull()
    const next = await publish(writer, 'After unsubscribing')
    await jobs.drain()
    expect(await deliveriesOf(t, next.id)).toEqual([])
    expect(received(reader, 'After unsubscribing')).toEqual([])
  })

  it('a one-click POST with a forged token changes nothing', async () => {
    const token = tokenIn(header(mail, 'List-Unsubscribe'))
    const forged = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`
    const res = await t.app.inject({
      method: 'POST',
      url: `/unsubscribe?token=${encodeURIComponent(forged)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    })
    expect(res.statusCode).toBe(404)
  })
})

describe('sending', () => {
  let writer: TestUser
  beforeAll(async () => {
    writer = await createWriter(t, 'Sam Sender')
  })

  it('a 451 is retried with the job, and delivered later; exactly one mail arrives', async () => {
    const reader = await createUser(t)
    await followWriter(t, reader, writer)
    t.mailbox.refuse(reader.email, 451)
    const { id } = await publish(writer, 'Try later')
    await jobs.drain()
    const mine = async () => (await deliveriesOf(t, id)).find((r) => r.recipientId === reader.id)!
    let row = await mine()
    expect(row).toMatchObject({ status: 'queued', attempts: 1 })
    expect(row.error).toContain('451')
    t.mailbox.refuse(reader.email, null)
    await jobs.retry()
    row = await mine()
    expect(row).toMatchObject({ status: 'sent', attempts: 2, error: null })
    await jobs.retry()
    expect(received(reader, 'Try later')).toHaveLength(1)
  })

  it('a delivery still queued an hour on, its send job gone, is sent again by the sweep, once an hour at most', async () => {
    const reader = await createUser(t)
    await followWriter(t, reader, writer)
    t.mailbox.refuse(reader.email, 451)
    const { id } = await publish(writer, 'Left behind')
    await jobs.drain()
    t.mailbox.refuse(reader.email, null)
    // The failed send job is not retried here: as if it had used up its retries.
    await t.database.db
      .update(newsletterDelivery)
      .set({ createdAt: new Date(Date.now() - 2 * 60 * 60 * 1000) })
      .where(eq(newsletterDelivery.postId, id))
    expect(await sweepStranded(t.app.ctx)).toBe(1)
    expect(await sweepStranded(t.app.ctx)).toBe(1)
    const sends = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from pgboss.job where name = 'newsletter.send' and singleton_key = ${`sweep.${id}`}`,
    )
    expect(Number(sends.rows[0].n)).toBe(1)
    await jobs.drain()
    expect(received(reader, 'Left behind')).toHaveLength(1)
    expect(await sweepStranded(t.app.ctx)).toBe(0)
  })

  it('a 550 marks the address bounced, and nothing more is mailed to it', async () => {
    const reader = await createUser(t)
    await followWriter(t, reader, writer)
    t.mailbox.refuse(reader.email, 550)
    const { id } = await publish(writer, 'No such mailbox')
    await jobs.drain()
    expect(await kindsOf(t, id)).toMatchObject({ [reader.email]: 'full:bounced' })
    const [person] = await t.database.db.select().from(user).where(eq(user.id, reader.id))
    expect(person.emailBouncedAt).not.toBeNull()
    expect(person.emailBounceReason).toContain('550')
    const prefs = await t.request({ method: 'GET', url: '/api/me/newsletters', cookie: reader.cookie })
    expect(prefs.json().bounce.reason).toContain('no such mailbox')
    t.mailbox.refuse(reader.email, null)
    const next = await publish(writer, 'After the bounce')
    await jobs.drain()
    expect(Object.keys(await kindsOf(t, next.id))).not.toContain(reader.email)
    expect(received(reader, 'After the bounce')).toEqual([])
  })

  it("a suspended writer's post mails nobody; a suspended reader gets nothing", async () => {
    const reader = await createUser(t)
    const suspended = await createUser(t)
    await followWriter(t, reader, writer)
    await followWriter(t, suspended, writer)
    await suspend(t, suspended)
    const { id } = await publish(writer, 'Not to the suspended')
    await jobs.drain()
    expect(Object.keys(await kindsOf(t, id))).not.toContain(suspended.email)
    expect(Object.keys(await kindsOf(t, id))).toContain(reader.email)

    const other = await publish(writer, 'Writer suspended')
    await suspend(t, writer)
    await jobs.drain()
    expect(await deliveriesOf(t, other.id)).toEqual([])
    expect(received(reader, 'Writer suspended')).toEqual([])
    await suspend(t, writer, false)
  })

  it('what changed between fan-out and send is respected: a reader who turned newsletters off gets nothing', async () => {
    const reader = await createUser(t)
    await followWriter(t, reader, writer)
    const { id } = await publish(writer, 'Changed my mind')
    const { fanOut, sendBatch } = await import('./delivery.service.ts')
    await fanOut(t.app.ctx, id)
    const off = await t.request({
      method: 'PATCH',
      url: '/api/me/newsletters',
      cookie: reader.cookie,
      body: { newsletters: false },
    })
    expect(off.statusCode).toBe(200)
    const rows = await deliveriesOf(t, id)
    await sendBatch(
      t.app.ctx,
      rows.map((r) => r.id),
    )
    expect((await deliveriesOf(t, id)).find((r) => r.recipientId === reader.id)?.status).toBe('failed')
    expect(received(reader, 'Changed my mind')).toEqual([])
    await jobs.drain()
  })

  it('publishing only queues: the request writes no delivery row and sends no mail', async () => {
    const reader = await createUser(t)
    await followWriter(t, reader, writer)
    const { id } = await publish(writer, 'Only queued')
    expect(await fanOutJobs(t, id)).toBe(1)
    expect(await deliveriesOf(t, id)).toEqual([])
    expect(received(reader, 'Only queued')).toEqual([])
    await jobs.drain()
    expect(received(reader, 'Only queued')).toHaveLength(1)
    void newsletterDelivery
  })
})
