import { expect, test } from 'vitest'
import { DEMO_PASSWORD, DEMO_WRITER, journeyForThisFile, signInWithForm } from './journey.ts'

const j = journeyForThisFile()

test('a signed-out visit to /dashboard lands on /login and returns there after sign-in', async () => {
  const page = await j.newPage()
  await page.goto('/dashboard')
  await page.waitForURL('**/login?redirectTo=%2Fdashboard')
  await page.getByRole('heading', { name: 'Sign in to Inkwell' }).waitFor()

  await signInWithForm(page, DEMO_WRITER, 'not the password')
  await page.getByRole('alert').first().waitFor()
  expect(new URL(page.url()).pathname).toBe('/login')

  await signInWithForm(page, DEMO_WRITER, DEMO_PASSWORD)
  await page.waitForURL('**/dashboard')
  await page.getByRole('main').getByRole('heading', { name: /Grace/ }).waitFor()
})
