import { expect, test } from 'vitest'
import { DEMO_ADMIN, DEMO_PASSWORD, DEMO_WRITER, journeyForThisFile, signInWithForm } from './journey.ts'

const j = journeyForThisFile()

test('a signed-in non-admin opening /admin lands on /, and the API refuses them too', async () => {
  const page = await j.newPage()
  await page.goto('/login')
  await signInWithForm(page, DEMO_WRITER, DEMO_PASSWORD)
  await page.waitForURL('**/dashboard')

  await page.goto('/admin')
  await page.waitForURL((url) => url.pathname === '/')
  await page.getByRole('status').filter({ hasText: 'The admin area is for administrators only' }).waitFor()
  expect(await page.getByRole('heading', { name: 'Admin', exact: true }).count()).toBe(0)
  const res = await page.request.get('/api/admin/users')
  expect(res.status()).toBe(403)
})

test('an admin opens /admin and sees the users', async () => {
  const page = await j.newPage()
  await page.goto('/login?redirectTo=%2Fadmin')
  await signInWithForm(page, DEMO_ADMIN, DEMO_PASSWORD)
  await page.waitForURL('**/admin')
  await page.getByRole('heading', { name: 'Admin', exact: true }).waitFor()
  await page.getByText(DEMO_WRITER, { exact: true }).filter({ visible: true }).first().waitFor()
})
