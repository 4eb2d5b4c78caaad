import type { Page } from 'playwright-core'
import { expect, test } from 'vitest'
import { accessibilityProblems, lookAt, screenSettled } from './accessibility.ts'
import { DEMO_PASSWORD, DEMO_WRITER, journeyForThisFile } from './journey.ts'
import { signInByApi } from './route-walk.ts'

const j = journeyForThisFile()

/** Every answer of the API that failed while the page was open. */
function failedRequests(page: Page): string[] {
  const failed: string[] = []
  page.on('response', (response) => {
    if (response.url().includes('/api/') && response.status() >= 400)
      failed.push(`${response.status()} ${response.request().method()} ${response.url()}`)
  })
  return failed
}

test('a reader with nothing published opens their own page from the dashboard; others find no writer there', async () => {
  const page = await j.newPage()
  const failed = failedRequests(page)
  const signedUp = await page.request.post('/api/auth/sign-up/email', {
    data: { name: 'Rosa Reader', email: 'rosa@readers.example', password: 'a long reader password' },
    headers: { origin: j.server.url },
  })
  expect(signedUp.ok()).toBe(true)

  await page.goto('/dashboard')
  await screenSettled(page)
  await page.getByRole('link', { name: 'Your public page' }).click()
  await page.getByRole('heading', { level: 1, name: 'Rosa Reader' }).waitFor()
  const notice = page.getByRole('region', { name: 'Only you can see this page for now' })
  await notice.getByRole('link', { name: 'Write your first post' }).waitFor()
  await screenSettled(page)
  await lookAt(page, 'account-pages', 'own-empty-page')
  const ownPage = page.url()

  // The directory lists people who have published: not Rosa, not Ada Admin. Rosa is invited instead.
  await page.goto('/profile')
  await screenSettled(page)
  const mine = page.getByRole('region', { name: 'Your card' })
  await mine.getByRole('link', { name: 'Write your first post' }).waitFor()
  const all = page.getByRole('region', { name: 'All writers' })
  await all.getByRole('link', { name: 'Grace Okafor' }).waitFor()
  expect(await all.getByRole('link', { name: 'Ada Admin' }).count()).toBe(0)
  expect(await all.getByRole('link', { name: 'Rosa Reader' }).count()).toBe(0)
  await lookAt(page, 'account-pages', 'writers-directory')
  expect(failed).toEqual([])

  const stranger = await j.newPage()
  await stranger.goto(ownPage)
  await stranger.getByRole('heading', { level: 1, name: 'We can’t find this writer' }).waitFor()
})

test('the account button is named from the initials it shows, and the check fails on one that is not', async () => {
  const page = await j.newPage()
  await signInByApi(page, j.server.url, DEMO_WRITER, DEMO_PASSWORD)
  await page.goto('/dashboard')
  await screenSettled(page)
  const banner = page.getByRole('banner')
  const button = banner.getByRole('button', { name: 'GO, account menu', exact: true })
  await button.waitFor()
  await lookAt(page, 'account-pages', 'header-account-button', { fullPage: false })

  // The markup before WCAG 2.5.3 was met: the check must fail on it (the rule is experimental in axe).
  await button.evaluate((element) => element.setAttribute('aria-label', 'Account menu'))
  const problems = await accessibilityProblems(page, { contrast: false })
  expect(problems.join('\n')).toMatch(/^label-content-name-mismatch \(serious\)/m)
  await page.reload()
  await screenSettled(page)
  await banner.getByRole('button', { name: 'GO, account menu', exact: true }).waitFor()
  expect(await accessibilityProblems(page, { contrast: false })).toEqual([])
})
