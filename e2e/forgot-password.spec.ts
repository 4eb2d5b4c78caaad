import { expect, test } from 'vitest'
import { DEMO_PASSWORD, DEMO_WRITER, journeyForThisFile, signInWithForm } from './journey.ts'

const j = journeyForThisFile()

test('forgot-password sends a link over SMTP that resets the password', async () => {
  const page = await j.newPage()
  await page.goto('/login')
  await page.getByRole('link', { name: 'Forgot password?' }).click()
  await page.waitForURL('**/forgot-password')
  await page.getByLabel('E-mail').fill(DEMO_WRITER)
  await page.getByRole('button', { name: 'Send reset link' }).click()
  await page.getByRole('heading', { name: 'Check your inbox' }).waitFor()

  const mail = await j.mailbox.waitFor(DEMO_WRITER)
  expect(mail.subject).toBe('Reset your Inkwell password')
  expect(mail.link).toMatch(new RegExp(`^${j.server.url}/reset-password\\?token=`))

  await page.goto(mail.link!)
  await page.getByLabel('New password', { exact: true }).fill('a brand new secret')
  await page.getByLabel('Confirm new password').fill('a brand new secret')
  await page.getByRole('button', { name: 'Set new password' }).click()
  await page.waitForURL('**/login')

  await signInWithForm(page, DEMO_WRITER, DEMO_PASSWORD)
  await page.getByRole('alert').first().waitFor()
  await signInWithForm(page, DEMO_WRITER, 'a brand new secret')
  await page.waitForURL('**/dashboard')
})
