import type { Locator, Page } from 'playwright-core'
import { expect, test } from 'vitest'
import { expectAccessible } from './accessibility.ts'
import { PHONE } from './browser.ts'
import { DEMO_ADMIN, DEMO_PASSWORD, DEMO_WRITER, journeyForThisFile, signInWithForm } from './journey.ts'

const j = journeyForThisFile()

const TITLE = 'Herons at first light on Lake Vänern'
const BEFORE = 'We waited on the shore for an hour before the first heron landed.'
const AFTER = 'It stood there until the sun cleared the hills.'
const ALT = 'A grey heron standing in still water, dark hills behind it at dawn'
const CAPTION = 'The north shore of Lake Vänern, just before sunrise'

const shoot = (page: Page, name: string) => page.screenshot({ path: `e2e/screenshots/image-alt-${name}.png` })

// Two people and an upload: a long journey, given the room the forums journey has.
test('a writer describes and captions an image, the body stores both, and a reader meets them', {
  timeout: 120_000,
}, async () => {
  const writer = await j.newPage()
  await writer.goto('/login?redirectTo=%2Fpost')
  await signInWithForm(writer, DEMO_WRITER, DEMO_PASSWORD)
  await writer.waitForURL('**/post')
  await writer.getByRole('textbox', { name: 'Title', exact: true }).fill(TITLE)
  await writer.getByText('True story', { exact: true }).click()
  const body = writer.getByRole('textbox', { name: 'Post body' })
  await body.click()
  await writer.keyboard.type(BEFORE)

  const chooser = writer.waitForEvent('filechooser')
  await writer.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name: 'Image' }).click()
  await (await chooser).setFiles({
    name: 'heron.png',
    mimeType: 'image/png',
    buffer: await paintedPhoto(writer),
  })

  // The dialog asks for alt text first, while the image uploads.
  const dialog = writer.getByRole('dialog', { name: 'Describe this image' })
  const alt = dialog.getByRole('textbox', { name: 'Alt text' })
  await alt.waitFor()
  expect(await alt.evaluate((field) => field === document.activeElement)).toBe(true)
  await dialog.getByRole('button', { name: 'Insert image' }).waitFor()
  await expectAccessible(writer)
  await alt.fill(ALT)
  await dialog.getByRole('textbox', { name: 'Caption (optional)' }).fill(CAPTION)
  await shoot(writer, 'dialog-desktop')
  await dialog.getByRole('button', { name: 'Insert image' }).click()
  await dialog.waitFor({ state: 'detached' })

  // In the post, with its caption; the writer goes on writing below it.
  const image = body.getByRole('img', { name: ALT })
  await image.waitFor()
  await body.getByText(CAPTION, { exact: true }).waitFor()
  await writer.keyboard.type(AFTER)
  await body.getByText(AFTER).waitFor()
  await image.click()
  await body
    .getByRole('button', { name: `Alt text & caption: ${ALT}`, exact: true })
    .waitFor({ state: 'visible' })
  await shoot(writer, 'editor-desktop')

  const settings = writer.getByRole('complementary', { name: 'Post settings' })
  await settings.getByRole('button', { name: 'Submit for review' }).click()
  await writer.getByRole('dialog').getByRole('button', { name: 'Submit for review' }).click()
  await writer.waitForURL('**/topics')
  const mine = await writer.request.get('/api/me/posts').then((r) => r.json())
  const submitted = mine.items.find((p: { title: string }) => p.title === TITLE)
  const stored = await writer.request.get(`/api/posts/${submitted.id}`).then((r) => r.json())
  expect(stored.bodyHtml).toMatch(
    new RegExp(
      `^<p>${BEFORE}</p><figure><img src="/api/files/images/[\\w-]+\\.png" alt="${ALT}" /><figcaption>${CAPTION}</figcaption></figure><p>${AFTER}</p>$`,
    ),
  )

  // On a phone, the writer opens the post again and edits the image's text: both are filled in.
  const phone = await j.newPage(PHONE)
  await phone.goto(`/login?redirectTo=${encodeURIComponent(`/post?id=${submitted.id}`)}`)
  await signInWithForm(phone, DEMO_WRITER, DEMO_PASSWORD)
  await phone.getByRole('textbox', { name: 'Post body' }).getByRole('img', { name: ALT }).click()
  await phone.getByRole('button', { name: `Alt text & caption: ${ALT}`, exact: true }).click()
  const edit = phone.getByRole('dialog', { name: 'Alt text and caption' })
  expect(await edit.getByRole('textbox', { name: 'Alt text' }).inputValue()).toBe(ALT)
  expect(await edit.getByRole('textbox', { name: 'Caption (optional)' }).inputValue()).toBe(CAPTION)
  await expectAccessible(phone)
  await shoot(phone, 'dialog-390')
  await edit.getByRole('button', { name: 'Cancel' }).click()

  // Published, a signed-out reader sees the image with its caption, and hears its alt text.
  const admin = await j.newPage()
  const asAdmin = { headers: { origin: j.server.url } }
  await admin.request.post('/api/auth/sign-in/email', {
    ...asAdmin,
    data: { email: DEMO_ADMIN, password: DEMO_PASSWORD },
  })
  expect((await admin.request.post(`/api/admin/posts/${submitted.id}/approve`, asAdmin)).ok()).toBe(true)

  for (const [reader, name] of [
    [await j.newPage(), 'reader-desktop'],
    [await j.newPage(PHONE), 'reader-390'],
  ] as const) {
    await reader.goto(`/learn/${submitted.authorId}/${submitted.slug}`)
    const figure = reader.getByRole('figure').filter({ has: reader.getByRole('img', { name: ALT }) })
    await figure.getByText(CAPTION, { exact: true }).waitFor()
    await centre(figure)
    await expectAccessible(reader)
    await shoot(reader, name)
  }
})

async function centre(element: Locator) {
  await element.evaluate((node) => node.scrollIntoView({ block: 'center' }))
}

/** A photograph-like PNG (dawn over a lake, a heron), painted by the browser, to upload. */
async function paintedPhoto(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas')
    canvas.width = 1600
    canvas.height = 1000
    const g = canvas.getContext('2d')!
    const sky = g.createLinearGradient(0, 0, 0, 620)
    sky.addColorStop(0, '#2b3a67')
    sky.addColorStop(0.55, '#c56b6b')
    sky.addColorStop(1, '#f4b183')
    g.fillStyle = sky
    g.fillRect(0, 0, 1600, 620)
    g.fillStyle = '#ffe3a3'
    g.beginPath()
    g.arc(1100, 560, 70, 0, Math.PI * 2)
    g.fill()
    for (const [colour, base, height] of [
      ['#4a3f5c', 600, 150],
      ['#2f2a3d', 630, 100],
    ] as const) {
      g.fillStyle = colour
      g.beginPath()
      g.moveTo(0, base)
      for (let x = 0; x <= 1600; x += 40)
        g.lineTo(x, base - height * (0.5 + 0.5 * Math.sin(x / 230 + height)))
      g.lineTo(1600, 1000)
      g.lineTo(0, 1000)
      g.fill()
    }
    const lake = g.createLinearGradient(0, 640, 0, 1000)
    lake.addColorStop(0, '#d99a86')
    lake.addColorStop(1, '#3b3f63')
    g.fillStyle = lake
    g.fillRect(0, 640, 1600, 360)
    // The heron: legs, body, neck and beak, in silhouette.
    g.strokeStyle = '#1c1a24'
    g.fillStyle = '#1c1a24'
    g.lineWidth = 7
    g.beginPath()
    g.moveTo(560, 820)
    g.lineTo(575, 700)
    g.moveTo(600, 820)
    g.lineTo(590, 700)
    g.stroke()
    g.beginPath()
    g.ellipse(590, 660, 80, 45, -0.35, 0, Math.PI * 2)
    g.fill()
    g.lineWidth = 14
    g.beginPath()
    g.moveTo(640, 630)
    g.quadraticCurveTo(690, 560, 650, 520)
    g.stroke()
    g.beginPath()
    g.moveTo(650, 505)
    g.lineTo(740, 525)
    g.lineTo(650, 530)
    g.fill()
    return canvas.toDataURL('image/png')
  })
  return Buffer.from(dataUrl.split(',')[1], 'base64')
}
