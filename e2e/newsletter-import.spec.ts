import fs from 'node:fs'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { expect, test } from 'vitest'
import { expectAccessible } from './accessibility.ts'
import { DESKTOP, PHONE } from './browser.ts'
import { DEMO_PASSWORD, DEMO_WRITER, journeyForThisFile, signInWithForm } from './journey.ts'

const j = journeyForThisFile()

const SHOTS = path.join('e2e', 'screenshots', 'newsletter-import')
/** A list as Substack exports it, three rows: two addresses and one that is not. */
const CSV = [
  'email,name,active_subscription,expiry,plan,email_disabled,created_at',
  'orla.reader@example.com,"Orla, from the old list",false,,free,false,2025-03-01T10:00:00.000Z',
  'not-an-address,Nobody,false,,free,false,2025-03-02T10:00:00.000Z',
  'ivo.reader@example.com,Ivo,false,,free,false,2025-03-03T10:00:00.000Z',
].join('\r\n')

async function shot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true })
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true })
}

async function importPreview(page: Page) {
  await page.getByRole('button', { name: 'Import from CSV' }).click()
  await page.getByLabel('CSV file').waitFor()
  await shot(page, 'import-choose-desktop')
  await page.getByLabel('CSV file').setInputFiles({
    name: 'substack.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(CSV),
  })
  await page.getByRole('heading', { name: 'Preview of substack.csv' }).waitFor()
}

test('a writer imports a Substack list, and an address confirms from its mail', async () => {
  const writer = await j.newPage()
  await writer.goto(`/login?redirectTo=${encodeURIComponent('/subscriptions?tab=subscribers')}`)
  await signInWithForm(writer, DEMO_WRITER, DEMO_PASSWORD)
  await writer.waitForURL('**/subscriptions?tab=subscribers')
  const me: { id: string; name: string } = await writer.request.get('/api/me').then((r) => r.json())

  // The preview: what would be imported, and the row that would not, with its line and why.
  await importPreview(writer)
  const refused = writer.getByRole('table', { name: "Rows that won't be imported from substack.csv" })
  expect(await refused.getByRole('row').nth(1).getByRole('cell').allInnerTexts()).toEqual([
    '3',
    'not-an-address',
    'Not an e-mail address',
  ])
  await shot(writer, 'import-preview-desktop')
  await expectAccessible(writer)

  await writer.getByRole('button', { name: 'Import 2 addresses' }).click()
  await writer.getByText(/Imported 2 addresses\. Confirmation mails are on their way/).waitFor()
  const imported = writer.getByRole('region', { name: 'Imported addresses' })
  await imported.getByText('orla.reader@example.com').waitFor()
  expect(await imported.getByText('Waiting to confirm', { exact: true }).count()).toBe(2)

  // The same file again, on a phone: nothing new, each address already imported.
  await writer.setViewportSize(PHONE)
  await writer.getByRole('button', { name: 'Import another file' }).click()
  await writer.getByLabel('CSV file').setInputFiles({
    name: 'substack.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(CSV),
  })
  await writer.getByText('There is nothing new to import from this file.').waitFor()
  await shot(writer, 'import-preview-phone')
  await writer.setViewportSize(DESKTOP)

  // The confirmation mail, sent by the queue: opened signed out, its page changes nothing until asked.
  const mail = await j.mailbox.waitFor('orla.reader@example.com', {
    subject: `${me.name} is moving their newsletter to Inkwell`,
    timeoutMs: 20_000,
  })
  const parsed = await j.mailbox.parse(mail)
  const confirm = parsed.text?.match(/Confirm: (\S+)/)?.[1] as string
  expect(confirm).toMatch(new RegExp(`^${j.server.url}/newsletter/confirm\\?token=`))

  const reader = await j.newPage(PHONE)
  await reader.goto(confirm)
  await reader.getByRole('heading', { level: 1, name: 'Confirm your subscription' }).waitFor()
  await reader.getByRole('button', { name: 'Confirm subscription' }).waitFor()
  await shot(reader, 'confirm-ask-phone')
  await expectAccessible(reader)
  const counts = async () =>
    (await writer.request.get('/api/me/subscribers/imported').then((r) => r.json())).counts
  expect(await counts()).toEqual({ pending: 2, confirmed: 0, unsubscribed: 0, bounced: 0 })

  await reader.getByRole('button', { name: 'Confirm subscription' }).click()
  await reader.getByRole('heading', { level: 1, name: "You're subscribed" }).waitFor()
  await shot(reader, 'confirm-done-phone')
  await reader.setViewportSize(DESKTOP)
  await shot(reader, 'confirm-done-desktop')

  // The writer's list says so.
  await writer.reload()
  await imported.getByText('Confirmed', { exact: true }).waitFor()
  expect(await imported.textContent()).toContain('1 confirmed·1 waiting to confirm')
  await shot(writer, 'imported-list-desktop')
  await writer.setViewportSize(PHONE)
  await shot(writer, 'imported-list-phone')
})
