import type { Page } from 'playwright-core'
import { expect, test } from 'vitest'
import { expectAccessible } from './accessibility.ts'
import {
  DEMO_ADMIN,
  DEMO_PASSWORD,
  DEMO_READER,
  DEMO_WRITER,
  journeyForThisFile,
  signInWithForm,
} from './journey.ts'

const j = journeyForThisFile()

const TITLE = 'Is every square a rectangle?'
const GRACE = 'Grace Okafor'
const TOMAS = 'Tomás Reyes'

/** Signs in through the form, landing on `path`. */
async function signedIn(email: string, path: string) {
  const page = await j.newPage()
  // Each step is quick: a missing one fails in seconds, well inside the test's minute.
  page.setDefaultTimeout(10_000)
  await page.goto(`/login?redirectTo=${encodeURIComponent(path)}`)
  await signInWithForm(page, email, DEMO_PASSWORD)
  await page.waitForURL(`**${path}`)
  return page
}

const bell = (page: Page, name: string) => page.getByRole('banner').getByRole('button', { name, exact: true })

const replies = (page: Page) => page.getByRole('list', { name: 'Replies' })
const reply = (page: Page, position: number, author: string) =>
  replies(page).getByRole('listitem', { name: `Reply ${position} by ${author}`, exact: true })

/** Writes in the thread's reply box and sends it. */
async function postReply(page: Page, text: string) {
  const box = page.getByRole('region', { name: 'Your reply' })
  await box.getByRole('textbox', { name: 'Reply', exact: true }).fill(text)
  await box.getByRole('button', { name: 'Post reply' }).click()
}

test('two people discuss a thread live: a reply, the bell, an accepted answer, a quote, a deletion and a lock', {
  timeout: 120_000,
}, async () => {
  // Grace starts a thread in the Mathematics forum, from the header.
  const grace = await signedIn(DEMO_WRITER, '/dashboard')
  // The demo writer starts with their welcome alone, unread: wait for the stream's snapshot.
  await bell(grace, 'Notifications, 1 unread').waitFor()
  await grace.getByRole('banner').getByRole('link', { name: 'Forums', exact: true }).click()
  await grace.getByRole('heading', { name: 'Forums', level: 1 }).waitFor()
  await grace.getByRole('link', { name: 'Mathematics', exact: true }).click()
  await grace.getByRole('heading', { name: 'Mathematics', level: 1 }).waitFor()
  await grace.getByRole('button', { name: 'New thread' }).click()
  const composer = grace.getByRole('region', { name: 'New thread in Mathematics' })
  await composer.getByRole('textbox', { name: 'Title', exact: true }).fill(TITLE)
  await composer
    .getByRole('textbox', { name: 'Opening post', exact: true })
    .fill('My students keep arguing about it. Which way round does it go?')
  await composer.getByRole('button', { name: 'Post thread' }).click()
  await grace.waitForURL(/\/forum\/mathematics\/[^/?#]+$/)
  await grace.getByRole('heading', { name: TITLE, level: 1 }).waitFor()
  await grace.getByText('No replies yet').waitFor()
  const threadPath = new URL(grace.url()).pathname

  // Tomás opens the same thread in his own browser and replies.
  const tomas = await signedIn(DEMO_READER, threadPath)
  await tomas.getByRole('heading', { name: TITLE, level: 1 }).waitFor()
  const answer = 'Yes: a square is a rectangle whose sides happen to be equal, not the other way round.'
  await postReply(tomas, answer)
  await reply(tomas, 1, TOMAS).getByText(answer).waitFor()

  // Grace never reloads: the reply arrives over the thread's stream, the bell over hers.
  await reply(grace, 1, TOMAS).getByText(answer).waitFor()
  await grace.getByRole('heading', { name: '1 reply', level: 2 }).waitFor()
  await bell(grace, 'Notifications, 2 unread').click()
  await grace
    .getByRole('region', { name: 'Notifications' })
    .getByText(`${TOMAS} replied in “${TITLE}”`)
    .waitFor()
  // The thread with a reply and the bell's panel open over it.
  await expectAccessible(grace)
  await grace.keyboard.press('Escape')

  // Grace accepts it; Tomás's page shows it on its own.
  await reply(grace, 1, TOMAS).getByRole('button', { name: 'Accept answer' }).click()
  await reply(grace, 1, TOMAS).getByRole('button', { name: 'Unaccept' }).waitFor()
  await reply(grace, 1, TOMAS).getByText('Accepted answer').waitFor()
  for (const page of [grace, tomas]) {
    const accepted = page.getByRole('region', { name: 'Accepted answer' })
    await accepted.getByText(TOMAS).waitFor()
    await accepted.getByText(answer).waitFor()
    await page.getByRole('article').getByText('Answered', { exact: true }).waitFor()
  }
  await reply(tomas, 1, TOMAS).getByText('Accepted answer').waitFor()
  await bell(tomas, 'Notifications, 2 unread').waitFor()

  // Grace thanks him; Tomás quotes her, and his reply carries the quote.
  const thanks = 'Thank you, that settles it for my class.'
  await postReply(grace, thanks)
  await reply(tomas, 2, GRACE).getByRole('button', { name: 'Quote' }).click()
  const box = tomas.getByRole('region', { name: 'Your reply' })
  await box.getByText(`Quoting ${GRACE} (#2)`).waitFor()
  await postReply(tomas, 'Happy to help. A rhombus has the same problem, by the way.')
  const quoting = reply(tomas, 3, TOMAS)
  await quoting.getByRole('link', { name: `${GRACE} wrote (#2):` }).waitFor()
  await quoting.getByText(thanks).waitFor()
  await reply(grace, 3, TOMAS)
    .getByRole('link', { name: `${GRACE} wrote (#2):` })
    .waitFor()
  await bell(grace, 'Notifications, 3 unread').waitFor()

  // Grace deletes her reply: it stays in its place as a note, for both of them, and in the quote.
  await reply(grace, 2, GRACE).getByRole('button', { name: 'Delete' }).click()
  await grace
    .getByRole('dialog', { name: 'Delete this reply?' })
    .getByRole('button', { name: 'Delete reply' })
    .click()
  for (const page of [grace, tomas]) {
    await replies(page)
      .getByRole('listitem')
      .nth(1)
      .filter({ hasText: 'This reply was deleted.' })
      .getByRole('link', { name: '#2', exact: true })
      .waitFor()
    await reply(page, 3, TOMAS).getByText('This reply was deleted.').waitFor()
    expect(await replies(page).getByText(thanks).count()).toBe(0)
    // The count is of the replies still there; the note keeps #3 numbered as it was.
    await page.getByRole('heading', { name: '2 replies', level: 2 }).waitFor()
  }

  // An admin locks the thread: Tomás's reply box gives way to the locked notice.
  const admin = await signedIn(DEMO_ADMIN, threadPath)
  await admin.getByRole('heading', { name: TITLE, level: 1 }).waitFor()
  await admin.getByRole('button', { name: 'Lock', exact: true }).click()
  await admin.getByRole('button', { name: 'Unlock', exact: true }).waitFor()
  // Everything a thread can hold: an accepted answer, a quote, a deleted reply, a lock, the admin's tools.
  await expectAccessible(admin)
  await tomas.getByText('This thread is locked. New replies are closed.').waitFor()
  await tomas.getByRole('region', { name: 'Your reply' }).waitFor({ state: 'detached' })
  expect(await tomas.getByRole('button', { name: 'Quote' }).count()).toBe(0)
  await tomas.getByRole('article').getByText('Locked', { exact: true }).waitFor()
  // What he saw live is what a fresh visit shows.
  await tomas.reload()
  await tomas.getByText('This thread is locked. New replies are closed.').waitFor()
  await tomas.getByRole('region', { name: 'Accepted answer' }).getByText(TOMAS).waitFor()
})
