import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { publishedPost } from '#server/modules/payments/entitlement.fixtures.ts'
import { createWriter } from '#server/modules/subscriptions/subscriptions.fixtures.ts'
import { buildTestApp, type TestApp } from '#server/test/app.ts'
import { createUser, type TestUser } from '#server/test/factories.ts'
import { confirmJobs, confirmRunner, contactsOf, imported } from './contacts.fixtures.ts'
import { sendConfirmations } from './contacts.service.ts'
import { followWriter, jobRunner } from './newsletters.fixtures.ts'
import { signLinkToken } from './tokens.ts'

// Double opt-in end to end on a real database and a real SMTP mailbox: the one confirmation mail
// an imported address gets, its link (opened: nothing changes; confirmed: the address is on), and
// the posts that follow reaching confirmed addresses only.

let t: TestApp
let admin: TestUser
let writer: TestUser
let other: TestUser
let follower: TestUser
let drainConfirmations: ReturnType<typeof confirmRunner>

const SUBJECT = 'Wynn Writer is moving their newsletter to Inkwell'
// mailparser folds List-* headers into one object: tests read headerLines, the headers as sent.
const received = (to: string, subject = SUBJECT) =>
  t.mailbox.received.filter((m) => m.to.includes(to) && m.subject === subject)
const statusOf = async (email: string) => (await contactsOf(t, writer)).find((c) => c.email === email)
const link = (token: string) =>
  t.request({ method: 'GET', url: `/api/newsletters/link?token=${encodeURIComponent(token)}` })
const choose = (token: string, emailNewPosts: boolean) =>
  t.request({ method: 'PUT', url: '/api/newsletters/link', body: { token, emailNewPosts } })

beforeAll(async () => {
  t = await buildTestApp()
  admin = await createUser(t, { name: 'Ada Admin', role: 'admin' })
  writer = await createWriter(t, 'Wynn Writer')
  other = await createWriter(t, 'Otto Other')
  follower = await createUser(t, { name: 'Fern Follower' })
  await followWriter(t, follower, writer)
  drainConfirmations = confirmRunner(t)
  t.mailbox.refuse('gone@example.com', 550)
  await imported(t, writer, 'email,name\nyes@example.com,Yara\nlater@example.com,Lee\ngone@example.com,Gus\n')
})
afterAll(async () => {
  await t.close()
})

describe('the confirmation mail', () => {
  it('goes once to each imported address; a refusal for good marks the address bounced', async () => {
    expect(await drainConfirmations()).toEqual([{ sent: 2, bounced: 1, deferred: 0 }])
    expect(received('yes@example.com')).toHaveLength(1)
    expect(received('later@example.com')).toHaveLength(1)
    expect(await statusOf('gone@example.com')).toMatchObject({ status: 'bounced', confirmSentAt: null })
    expect((await statusOf('gone@example.com'))?.bounceReason).toMatch(/no such mailbox/)
    const yes = await statusOf('yes@example.com')
    expect(yes).toMatchObject({ status: 'pending' })
    expect(yes?.confirmSentAt).toBeInstanceOf(Date)

    // The same job again (a retry, a second process): nobody is mailed twice.
    const [job] = await confirmJobs(t)
    expect(await sendConfirmations(t.app.ctx, job.ids)).toEqual({ sent: 0, bounced: 0, deferred: 0 })
    expect(received('yes@example.com')).toHaveLength(1)
  })

  it('says who imported the address, with a Confirm button and a way to say no by doing nothing', async () => {
    const mail = await t.mailbox.parse(received('yes@example.com')[0])
    const contact = await statusOf('yes@example.com')
    expect(mail.messageId).toBe(`<confirm.${contact!.id}@localhost>`)
    expect(mail.headerLines.map((h) => h.key)).not.toContain('list-unsubscribe')
    expect(mail.text).toContain('Wynn Writer is moving their newsletter to Inkwell')
    expect(mail.text).toContain('with yes@example.com on it')
    expect(mail.text).toMatch(/Confirm: http:\/\/localhost:3000\/newsletter\/confirm\?token=c\./)
    expect(mail.text).toContain(
      "Not interested? Ignore this mail and you'll get nothing more from Wynn Writer",
    )
    expect(mail.html).toMatch(/<html[^>]* lang="en"/)
    expect(mail.html).toMatch(
      /<a href="http:\/\/localhost:3000\/newsletter\/confirm\?token=[^"]+"[^>]*>Confirm subscription<\/a>/,
    )
    expect(mail.html).toContain(`href="http://localhost:3000/writer/${writer.id}"`)
  })

  it('a mail server saying "later" leaves the address for the retry', async () => {
    t.mailbox.refuse('slow@example.com', 451)
    await imported(t, writer, 'email\nslow@example.com\n')
    expect(await drainConfirmations()).toEqual([{ sent: 0, bounced: 0, deferred: 1 }])
    expect(await statusOf('slow@example.com')).toMatchObject({ status: 'pending', confirmSentAt: null })
    t.mailbox.refuse('slow@example.com', null)
    const job = (await confirmJobs(t)).at(-1)!
    expect(await sendConfirmations(t.app.ctx, job.ids)).toEqual({ sent: 1, bounced: 0, deferred: 0 })
    expect(received('slow@example.com')).toHaveLength(1)
  })
})

describe('the confirmation link', () => {
  /** The token in the confirmation mail's link, as a mail client reads it. */
  const tokenIn = async (to: string) => {
    const { text } = await t.mailbox.parse(received(to)[0])
    const url = /Confirm: (\S+)/.exec(text ?? '')![1]
    return new URL(url).searchParams.get('token')!
  }

  it('opened, shows whose newsletter and the address partly hidden, and changes nothing', async () => {
    const res = await link(await tokenIn('yes@example.com'))
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      writer: { id: writer.id, name: 'Wynn Writer' },
      email: 'y•••@example.com',
      emailNewPosts: false,
      imported: true,
    })
    expect(await statusOf('yes@example.com')).toMatchObject({ status: 'pending', confirmedAt: null })
  })

  it("works for its own address and writer only: another's is the same 404, and changes nothing", async () => {
    const yes = (await statusOf('yes@example.com'))!
    const later = (await statusOf('later@example.com'))!
    const sign = (id: string, writerId: string, email: string, kind: 'contact' | 'reader' = 'contact') =>
      signLinkToken(t.config.authSecret, { to: { kind, id }, writerId, postId: null }, email)
    const forged = [
      sign(later.id, writer.id, yes.email),
      sign(yes.id, other.id, yes.email),
      sign(yes.id, writer.id, yes.email, 'reader'),
      sign(yes.id, writer.id, yes.email).replace(yes.id, later.id),
    ]
    for (const token of forged) {
      expect((await link(token)).statusCode, token).toBe(404)
      expect((await choose(token, true)).statusCode, token).toBe(404)
    }
    expect((await statusOf('later@example.com'))?.status).toBe('pending')
    expect((await statusOf('yes@example.com'))?.status).toBe('pending')
  })

  it('its button confirms the address; the next post reaches it, and not the pending or bounced', async () => {
    const res = await choose(await tokenIn('yes@example.com'), true)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ emailNewPosts: true, imported: true })
    const yes = await statusOf('yes@example.com')
    expect(yes?.status).toBe('confirmed')
    expect(yes?.confirmedAt).toBeInstanceOf(Date)

    await publishedPost(t, admin, writer, {
      title: 'After the move',
      access: 'free',
      bodyHtml: '<p>Hello</p>',
    })
    await jobRunner(t).drain()
    expect(received('yes@example.com', 'After the move')).toHaveLength(1)
    expect(received(follower.email, 'After the move')).toHaveLength(1)
    expect(received('later@example.com', 'After the move')).toEqual([])
    expect(received('gone@example.com', 'After the move')).toEqual([])
    expect(received('slow@example.com', 'After the move')).toEqual([])
    const post = await t.mailbox.parse(received('yes@example.com', 'After the move')[0])
    expect(post.headerLines.map((h) => h.key)).toContain('list-unsubscribe')
  })

  it('a bounced address cannot be confirmed by its link', async () => {
    const gone = (await statusOf('gone@example.com'))!
    const token = signLinkToken(
      t.config.authSecret,
      { to: { kind: 'contact', id: gone.id }, writerId: writer.id, postId: null },
      gone.email,
    )
    expect((await choose(token, true)).statusCode).toBe(404)
    expect((await statusOf('gone@example.com'))?.status).toBe('bounced')
  })

  it('an address the writer removed has a dead link', async () => {
    const later = (await statusOf('later@example.com'))!
    const token = await tokenIn('later@example.com')
    expect((await link(token)).statusCode).toBe(200)
    const removed = await t.request({
      method: 'DELETE',
      url: `/api/me/subscribers/imported/${later.id}`,
      cookie: writer.cookie,
    })
    expect(removed.statusCode).toBe(204)
    expect((await link(token)).statusCode).toBe(404)
    expect((await choose(token, true)).statusCode).toBe(404)
  })

  it('a confirmed address whose owner later follows with an account gets each post once', async () => {
    // yes@example.com was confirmed above; its owner now signs up with it and follows.
    const same = await createUser(t, { name: 'Yara Twice', email: 'yes@example.com' })
    await followWriter(t, same, writer)
    await publishedPost(t, admin, writer, { title: 'Only once', access: 'free', bodyHtml: '<p>Once</p>' })
    await jobRunner(t).drain()
    expect(received('yes@example.com', 'Only once')).toHaveLength(1)
  })
})
