import { expect, test } from 'vitest'
import { expectAccessible } from './accessibility.ts'
import { journeyForThisFile } from './journey.ts'

const j = journeyForThisFile()

test('a new person signs up, completes welcome, sees Dashboard, signs out and sees Sign in', async () => {
  const page = await j.newPage()
  await page.goto('/')
  await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).click()
  await page.getByRole('link', { name: 'Create an account' }).click()
  await page.waitForURL('**/signup')

  await page.getByLabel('Name').fill('Wanjiru Kamau')
  await page.getByLabel('E-mail').fill('wanjiru@example.com')
  await page.getByLabel('Password').fill('a long enough secret')
  await page.getByRole('button', { name: 'Create account' }).click()

  await page.waitForURL('**/welcome')
  await page.getByRole('heading', { name: 'Welcome to Inkwell' }).waitFor()
  await expectAccessible(page)
  await expect(page.getByLabel('Display name').inputValue()).resolves.toBe('Wanjiru Kamau')
  await page.getByLabel('Short bio').fill('Biology teacher who writes about the natural world.')
  // The choices are cards and chips: click them as a person would, then check what they chose.
  await page.getByText('Both', { exact: true }).click()
  await page.getByText('Biology', { exact: true }).click()
  expect(await page.getByRole('radio', { name: /^Both/ }).isChecked()).toBe(true)
  expect(await page.getByRole('checkbox', { name: 'Biology' }).isChecked()).toBe(true)
  await page.getByRole('button', { name: 'Continue' }).click()

  await page.waitForURL('**/dashboard')
  const main = page.getByRole('main')
  await main.getByRole('heading', { name: /Wanjiru/ }).waitFor()
  const nav = page.getByRole('banner')
  await nav.getByRole('link', { name: 'Dashboard' }).waitFor()
  expect(await nav.getByRole('link', { name: 'Sign in' }).count()).toBe(0)
  // A finished profile stops asking to be finished: no banner, and the welcome's nudge is read.
  await main.getByRole('link', { name: /^My posts/ }).waitFor()
  expect(await main.getByRole('link', { name: 'Finish your profile' }).count()).toBe(0)
  await nav.getByRole('button', { name: 'Notifications', exact: true }).waitFor()
  // A newcomer's dashboard, mostly empty states.
  await expectAccessible(page)

  // What welcome saved is on the profile the server keeps.
  const me = await page.request.get('/api/me').then((r) => r.json())
  expect(me).toMatchObject({ name: 'Wanjiru Kamau', intent: 'both', interests: ['biology'], onboarded: true })

  await nav.getByRole('button', { name: 'Account menu' }).click()
  await nav.getByRole('button', { name: 'Sign out' }).click()
  await nav.getByRole('link', { name: 'Sign in' }).waitFor()
  expect(await nav.getByRole('link', { name: 'Dashboard' }).count()).toBe(0)
})
