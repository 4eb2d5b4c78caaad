import type { Page } from 'playwright-core'
import { expect, test } from 'vitest'
import { PNG_1PX } from '../server/test/upload.ts'
import { expectAccessible } from './accessibility.ts'
import { DEMO_ADMIN, DEMO_PASSWORD, DEMO_WRITER, journeyForThisFile, signInWithForm } from './journey.ts'

const j = journeyForThisFile()

// Unique words, so that search and the Fiction page find this post and nothing else of the seed's.
const TITLE = 'The lamplighter of Vardø'
const BODY = 'The lamp had not gone out in forty years, and tonight it would not either.'

test('a writer writes and submits a post with a cover, an admin approves it, a signed-out reader finds it and reads it', async () => {
  const writer = await j.newPage()
  await writer.goto('/login?redirectTo=%2Fpost')
  await signInWithForm(writer, DEMO_WRITER, DEMO_PASSWORD)
  await writer.waitForURL('**/post')

  await writer.getByRole('textbox', { name: 'Title', exact: true }).fill(TITLE)
  await writer.getByText('Fiction', { exact: true }).click()
  await writer.getByRole('textbox', { name: 'Post body' }).click()
  await writer.keyboard.type(BODY)
  await writer
    .getByLabel('Upload cover')
    .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG_1PX })
  await writer.getByRole('img', { name: 'Cover preview' }).waitFor()
  await expectAccessible(writer)

  const settings = writer.getByRole('complementary', { name: 'Post settings' })
  await settings.getByRole('button', { name: 'Submit for review' }).click()
  await writer.getByRole('dialog').waitFor()
  await expectAccessible(writer)
  await writer.getByRole('dialog').getByRole('button', { name: 'Submit for review' }).click()
  await writer.waitForURL('**/topics')
  const mine = await writer.request.get('/api/me/posts').then((r) => r.json())
  const submitted = mine.items.find((p: { title: string }) => p.title === TITLE)
  expect(submitted).toMatchObject({ status: 'pending', category: 'fiction' })
  expect(submitted.coverImage).toMatch(/^\/api\/files\/images\//)

  // Not published yet: a signed-out reader gets the not-found state.
  const reader = await j.newPage()
  const link = `/learn/${submitted.authorId}/${submitted.slug}`
  await reader.goto(link)
  await reader.getByText(/This post doesn.t exist or isn.t published/).waitFor()

  const admin = await j.newPage()
  await admin.goto('/login?redirectTo=%2Fpending')
  await signInWithForm(admin, DEMO_ADMIN, DEMO_PASSWORD)
  await admin.waitForURL('**/pending')
  const item = admin.getByRole('listitem', { name: TITLE, exact: true })
  await item.getByText(/^by Grace/).waitFor()
  await item.getByRole('button', { name: 'Approve' }).click()
  await item.waitFor({ state: 'detached' })

  await reader.goto(link)
  await expectToRead(reader)
  await expectAccessible(reader)

  // From the Fictions page: the newest story in its Latest section.
  await reader.goto('/')
  await reader.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Fictions' }).click()
  await reader.waitForURL('**/fiction')
  await reader.getByRole('region', { name: 'Latest' }).getByRole('link', { name: TITLE, exact: true }).click()
  await reader.waitForURL(`**${link}`)
  await expectToRead(reader)

  // From the header's search box: words of its title.
  await reader
    .getByRole('banner')
    .getByRole('searchbox', { name: 'Search Inkwell' })
    .fill('lamplighter Vardø')
  await reader.keyboard.press('Enter')
  await reader.waitForURL('**/search/**')
  await reader.getByRole('region', { name: 'Posts' }).getByRole('link', { name: TITLE, exact: true }).click()
  await reader.waitForURL(`**${link}`)
  await expectToRead(reader)

  // The writer hears about it through the live bell.
  await writer
    .getByRole('banner')
    .getByRole('button', { name: /^Notifications, \d+ unread/ })
    .waitFor()
  const notes = await writer.request.get('/api/notifications').then((r) => r.json())
  expect(notes.items[0]).toMatchObject({ kind: 'item_approved', link })
})

/** The post's page: its title, its body, and its name in the tab. */
async function expectToRead(page: Page) {
  await page.getByRole('heading', { level: 1, name: TITLE, exact: true }).waitFor()
  await page.getByText(BODY).waitFor()
  expect(await page.title()).toContain(TITLE)
}
