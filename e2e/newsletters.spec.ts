import fs from 'node:fs'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { expect, test } from 'vitest'
import { expectAccessible } from './accessibility.ts'
import { PHONE } from './browser.ts'
import {
  DEMO_ADMIN,
  DEMO_PASSWORD,
  DEMO_READER,
  DEMO_WRITER,
  journeyForThisFile,
  signInWithForm,
} from './journey.ts'

const j = journeyForThisFile()

// Unique words, so that the mails are these posts' and nothing else's.
const FIRST = 'The tide tables of Hoy'
const SECOND = 'The ferry that waited at Stromness'
const THIRD = 'The fog over Scapa Flow'
/** Another demo account, following the same writer. */
const OTHER_READER = 'mei@inkwell.test'
const SHOTS = path.join('e2e', 'screenshots', 'newsletters')

async function shot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true })
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true })
}

async function signedIn(email: string, to: string, viewport?: { width: number; height: number }) {
  const page = await j.newPage(viewport)
  await page.goto(`/login?redirectTo=${encodeURIComponent(to)}`)
  await signInWithForm(page, email, DEMO_PASSWORD)
  await page.waitForURL(`**${to}`)
  return page
}

/** The writer submits a post through the editor, and an admin approves it: it is published. */
async function publish(writer: Page, admin: Page, title: string, body: string) {
  await writer.goto('/post')
  await writer.getByRole('textbox', { name: 'Title', exact: true }).fill(title)
  await writer.getByText('Fiction', { exact: true }).click()
  await writer.getByRole('textbox', { name: 'Post body' }).click()
  await writer.keyboard.type(body)
  const box = writer.getByRole('checkbox', { name: 'Email this post to my subscribers' })
  expect(await box.isChecked()).toBe(true)
  const settings = writer.getByRole('complementary', { name: 'Post settings' })
  await settings.getByRole('button', { name: 'Submit for review' }).click()
  await writer.getByRole('dialog').getByRole('button', { name: 'Submit for review' }).click()
  await writer.waitForURL('**/topics')

  await admin.goto('/pending')
  const item = admin.getByRole('listitem', { name: title, exact: true })
  await item.getByRole('button', { name: 'Approve' }).click()
  await item.waitFor({ state: 'detached' })
}

/** Follows the writer from their page (a free follow), unless already following. */
async function follow(page: Page, writerId: string, name: string) {
  await page.goto(`/writer/${writerId}`)
  const following = page.getByRole('button', { name: `Following ${name}` })
  const followButton = page.getByRole('button', { name: `Follow ${name}` })
  await Promise.race([following.waitFor(), followButton.waitFor()])
  if (await followButton.isVisible()) {
    await followButton.click()
    await following.waitFor()
  }
}

// Three posts mailed through the real queue, a bounce and a retry: about a minute on a loaded CI machine.
test('a reader follows a writer, the post arrives by e-mail, and its unsubscribe link stops the next one', {
  timeout: 150_000,
}, async () => {
  const admin = await signedIn(DEMO_ADMIN, '/dashboard')
  const writer = await signedIn(DEMO_WRITER, '/dashboard')
  const me: { id: string; name: string } = await writer.request.get('/api/me').then((r) => r.json())

  const reader = await signedIn(DEMO_READER, '/dashboard')
  await follow(reader, me.id, me.name)
  // A second follower, whose mail of the second post shows it was sent.
  const other = await signedIn(OTHER_READER, '/dashboard')
  await follow(other, me.id, me.name)

  // The reader's settings list the writer, their new posts on.
  await reader.goto('/settings#email')
  const email = reader.getByRole('region', { name: 'E-mail' })
  const perWriter = email.getByRole('switch', { name: `E-mail me new posts from ${me.name}` })
  await perWriter.waitFor()
  expect(await perWriter.getAttribute('aria-checked')).toBe('true')
  fs.mkdirSync(SHOTS, { recursive: true })
  await email.screenshot({ path: path.join(SHOTS, 'settings-email-desktop.png') })
  await expectAccessible(reader)

  await publish(writer, admin, FIRST, 'The tables said low water at four, and the island kept to them.')

  // Sent through the queue, after the publish answered: both parts, and the bulk-mail headers.
  const mail = await j.mailbox.waitFor(DEMO_READER, { subject: FIRST, timeoutMs: 60_000 })
  const parsed = await j.mailbox.parse(mail)
  expect(parsed.text).toContain('The tables said low water at four')
  expect(parsed.html).toContain('The tables said low water at four')
  expect(parsed.html).toMatch(/<html[^>]* lang="en"/)
  expect(parsed.messageId).toMatch(/^<newsletter\./)
  // The header lines as sent (mailparser folds List-* headers into one object).
  const header = (name: string) =>
    parsed.headerLines
      .find((h) => h.key === name)
      ?.line.replace(/\r?\n[ \t]+/g, ' ')
      .replace(/^[^:]+:\s*/, '')
  expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click')
  expect(header('list-id')).toBeTruthy()
  const unsubscribe = parsed.text?.match(/Unsubscribe: (\S+)/)?.[1] as string
  expect(unsubscribe).toMatch(new RegExp(`^${j.server.url}/unsubscribe\\?token=`))
  expect(header('list-unsubscribe')?.replace(/\s+/g, '')).toContain(`<${unsubscribe}>`)

  // The link, opened where the reader reads mail (no session): a page, and nothing changes yet.
  for (const [device, viewport] of [
    ['phone', PHONE],
    ['desktop', undefined],
  ] as const) {
    const page = await j.newPage(viewport)
    await page.goto(unsubscribe)
    await page.getByRole('heading', { level: 1, name: `Unsubscribe from ${me.name}?` }).waitFor()
    await shot(page, `unsubscribe-ask-${device}`)
    await expectAccessible(page)
  }
  await reader.reload()
  expect(await perWriter.getAttribute('aria-checked')).toBe('true')

  const page = await j.newPage()
  await page.goto(unsubscribe)
  await page.getByRole('button', { name: 'Unsubscribe' }).click()
  await page.getByRole('heading', { level: 1, name: "You're unsubscribed" }).waitFor()
  expect(await page.getByRole('main').textContent()).toContain(
    `You'll no longer get new posts from ${me.name}`,
  )
  await shot(page, 'unsubscribe-done-desktop')
  await page.setViewportSize(PHONE)
  await shot(page, 'unsubscribe-done-phone')
  await expectAccessible(page)
  // Undo, and out again: the last choice holds.
  await page.getByRole('button', { name: 'Undo' }).click()
  await page.getByRole('heading', { level: 1, name: "You're subscribed again" }).waitFor()
  await page.getByRole('button', { name: 'Unsubscribe' }).click()
  await page.getByRole('heading', { level: 1, name: "You're unsubscribed" }).waitFor()

  await reader.reload()
  await perWriter.waitFor()
  expect(await perWriter.getAttribute('aria-checked')).toBe('false')

  // The next post reaches the other follower, and not the reader who left.
  await publish(writer, admin, SECOND, 'The ferry waited, as it always did, for the last bus from Kirkwall.')
  await j.mailbox.waitFor(OTHER_READER, { subject: SECOND, timeoutMs: 60_000 })
  await new Promise((r) => setTimeout(r, 2000))
  expect(j.mailbox.received.filter((m) => m.to.includes(DEMO_READER) && m.subject === SECOND)).toEqual([])

  // A mail server that refuses the other follower for good: their settings say why, and they
  // can try the address again.
  j.mailbox.refuse(OTHER_READER, 550)
  await publish(writer, admin, THIRD, 'Nobody on the pier had seen a fog like it since the war.')
  await expect
    .poll(
      async () => (await other.request.get('/api/me/newsletters').then((r) => r.json())).bounce as unknown,
      { timeout: 60_000, interval: 500 },
    )
    .not.toBeNull()
  j.mailbox.refuse(OTHER_READER, null)
  const phone = await signedIn(OTHER_READER, '/settings', PHONE)
  const bounced = phone.getByRole('region', { name: 'E-mail' })
  await bounced.getByText(`We stopped e-mailing ${OTHER_READER}.`).waitFor()
  await bounced.getByText(/no such mailbox/).waitFor()
  await bounced.screenshot({ path: path.join(SHOTS, 'settings-email-bounced-phone.png') })
  await expectAccessible(phone)
  await bounced.getByRole('button', { name: 'Try this address again' }).click()
  await phone.getByText(`We'll e-mail ${OTHER_READER} again.`).waitFor()
  await bounced.getByText(`We stopped e-mailing ${OTHER_READER}.`).waitFor({ state: 'detached' })

  // The writer's figures on My posts, and the sent post's box in the editor.
  await writer.goto('/topics?status=published')
  const row = writer.getByRole('listitem').filter({ has: writer.getByRole('heading', { name: FIRST }) })
  await row.getByText('Newsletter').waitFor()
  await shot(writer, 'topics-figures-desktop')
  const writerPhone = await signedIn(DEMO_WRITER, '/topics?status=published', PHONE)
  await writerPhone.getByText('Newsletter').first().waitFor()
  await shot(writerPhone, 'topics-figures-phone')
  await row.getByRole('link', { name: `Edit “${FIRST}”` }).click()
  const sent = writer.getByRole('checkbox', { name: 'Email this post to my subscribers' })
  await sent.waitFor()
  expect(await sent.isDisabled()).toBe(true)
  await writer.getByText('It was e-mailed to your subscribers when it was first published.').waitFor()
  await shot(writer, 'editor-sent-desktop')
})
