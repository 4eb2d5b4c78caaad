import { expect, test } from 'vitest'
import { DEMO_ADMIN, DEMO_PASSWORD, DEMO_WRITER, journeyForThisFile, signInWithForm } from './journey.ts'

const j = journeyForThisFile()

test('an admin notifies a writer, whose bell updates live; mark all as read and clear all', async () => {
  const writer = await j.newPage()
  await writer.goto('/login')
  await signInWithForm(writer, DEMO_WRITER, DEMO_PASSWORD)
  await writer.waitForURL('**/dashboard')
  const header = writer.getByRole('banner')
  // The demo writer starts with their welcome notification, unread: wait for the stream's snapshot.
  await header.getByRole('button', { name: 'Notifications, 1 unread' }).waitFor()

  const admin = await j.newPage()
  await admin.goto('/login?redirectTo=%2Fadmin')
  await signInWithForm(admin, DEMO_ADMIN, DEMO_PASSWORD)
  await admin.waitForURL('**/admin')
  await admin.getByRole('tab', { name: 'Notify' }).click()
  await admin.getByLabel('Message').fill('The spring writing contest opens on Monday.')
  await admin.getByRole('radio', { name: 'Everyone' }).check({ force: true })
  await admin.getByRole('button', { name: 'Send notification' }).click()
  await admin.getByText(/Sent to \d+ (people|person)/).waitFor()

  // No reload: the writer's badge moves on its own.
  await header.getByRole('button', { name: 'Notifications, 2 unread' }).waitFor()
  await header.getByRole('button', { name: /^Notifications/ }).click()
  await writer.getByText('The spring writing contest opens on Monday.').waitFor()

  await writer.getByRole('button', { name: 'Mark all as read' }).click()
  await header.getByRole('button', { name: 'Notifications', exact: true }).waitFor()

  await writer.getByRole('button', { name: 'Clear all' }).click()
  const confirm = writer.getByRole('dialog').getByRole('button', { name: /Clear/ })
  if (await confirm.count()) await confirm.click()
  await writer.getByText('No notifications yet').waitFor()
  const left = await writer.request.get('/api/notifications').then((r) => r.json())
  expect(left.items).toEqual([])
})
