import { afterAll, beforeAll, expect, it } from 'vitest'
import { publishedPost } from '#server/modules/payments/entitlement.fixtures.ts'
import { createWriter } from '#server/modules/subscriptions/subscriptions.fixtures.ts'
import { buildTestApp, type TestApp } from '#server/test/app.ts'
import { createUser } from '#server/test/factories.ts'
import { newsletterWorkers } from './delivery.service.ts'
import { deliveriesOf, followWriter } from './newsletters.fixtures.ts'

// The newsletter's jobs on the real queue (pg-boss polling, as the server runs them): an approval
// in one request, the mail in the inbox shortly after, without a test calling a worker.

let t: TestApp

beforeAll(async () => {
  t = await buildTestApp()
  await t.app.ctx.jobs.start(newsletterWorkers(t.app.ctx).map((worker) => ({ ...worker, pollSeconds: 0.5 })))
})
afterAll(async () => {
  await t.app.ctx.jobs.stop()
  await t.close()
})

it('a published post reaches a follower through the queue', async () => {
  const admin = await createUser(t, { name: 'Ada Admin', role: 'admin' })
  const writer = await createWriter(t, 'Quinn Queue')
  const reader = await createUser(t)
  await followWriter(t, reader, writer)
  const { id } = await publishedPost(t, admin, writer, {
    title: 'Through the queue',
    access: 'free',
    bodyHtml: '<p>Hello</p>',
  })
  const mail = await t.mailbox.waitFor(reader.email, { subject: 'Through the queue', timeoutMs: 20_000 })
  expect(mail.to).toEqual([reader.email])
  for (let i = 0; i < 50 && (await deliveriesOf(t, id))[0]?.status !== 'sent'; i++)
    await new Promise((resolve) => setTimeout(resolve, 100))
  expect((await deliveriesOf(t, id)).map((d) => d.status)).toEqual(['sent'])
})
