import { afterAll, beforeAll, expect, it } from 'vitest'
import { createWriter } from '#server/modules/subscriptions/subscriptions.fixtures.ts'
import { buildTestApp, type TestApp } from '#server/test/app.ts'
import { contactsOf, imported } from './contacts.fixtures.ts'
import { contactWorkers } from './contacts.service.ts'

// The confirmation mails on the real queue (pg-boss polling, as the server runs it): an import in
// one request, the mail in the inbox shortly after, without a test calling the worker.

let t: TestApp

beforeAll(async () => {
  t = await buildTestApp()
  await t.app.ctx.jobs.start(contactWorkers(t.app.ctx).map((worker) => ({ ...worker, pollSeconds: 0.5 })))
})
afterAll(async () => {
  await t.app.ctx.jobs.stop()
  await t.close()
})

it('an imported address gets its confirmation mail through the queue', async () => {
  const writer = await createWriter(t, 'Quinn Queue')
  await imported(t, writer, 'email\nqueued@example.com\n')
  const mail = await t.mailbox.waitFor('queued@example.com', {
    subject: 'Quinn Queue is moving their newsletter to Inkwell',
    timeoutMs: 20_000,
  })
  expect(mail.to).toEqual(['queued@example.com'])
  await expect
    .poll(async () => (await contactsOf(t, writer))[0].confirmSentAt, { timeout: 5000 })
    .toBeInstanceOf(Date)
})
