import { expect, test } from 'vitest'
import type { PostCard } from '../common/schemas/posts.ts'
import { DEMO_PASSWORD, DEMO_READER, journeyForThisFile, signInWithForm, writerIdOf } from './journey.ts'

const j = journeyForThisFile()

const NOTE = 'Lighthouse thought: read this again tomorrow'

test('a reader highlights a passage of a post with a private note; it is drawn after a reload and found in My highlights', async () => {
  const reader = await j.newPage()
  await reader.goto('/login')
  await signInWithForm(reader, DEMO_READER, DEMO_PASSWORD)
  await reader.waitForURL('**/dashboard')

  const graceId = await writerIdOf(reader, 'Grace Okafor')
  const feed: { items: PostCard[] } = await reader.request
    .get(`/api/posts?writer=${encodeURIComponent(graceId)}`)
    .then((r) => r.json())
  const post = feed.items.find((p) => p.access === 'free')
  if (!post) throw new Error('The demo seed has no free post by Grace')
  await reader.goto(`/learn/${encodeURIComponent(graceId)}/${encodeURIComponent(post.slug)}`)
  await reader.getByRole('heading', { level: 1, name: post.title, exact: true }).waitFor()

  // Select the first words of the body's first paragraph, as a drag would.
  const paragraph = reader.locator('article .prose-ink p').first()
  const words = await paragraph.evaluate((p) => {
    const text = p.firstChild as Text
    const end = text.data.indexOf(' ', 20)
    const range = document.createRange()
    range.setStart(text, 0)
    range.setEnd(text, end > 0 ? end : text.data.length)
    document.getSelection()?.removeAllRanges()
    document.getSelection()?.addRange(range)
    return range.toString()
  })
  const tools = reader.getByRole('group', { name: 'Highlight the selected text' })
  await tools.getByRole('button', { name: 'Add note' }).click()
  await tools.getByText('Notes are private: only you can see them.').waitFor()
  await tools.getByRole('textbox', { name: 'Note' }).fill(NOTE)
  await tools.getByRole('button', { name: 'Colour green' }).click()
  await tools.getByRole('button', { name: 'Save highlight' }).click()
  await tools.waitFor({ state: 'detached' })

  // Drawn in the text, and still after a reload.
  const mark = reader.locator('article mark').first()
  await reader.reload()
  await mark.waitFor()
  expect(await mark.textContent()).toBe(words)
  await mark.click()
  const panel = reader.getByRole('dialog', { name: 'Your highlight' })
  expect(await panel.getByRole('textbox', { name: 'Note' }).inputValue()).toBe(NOTE)
  await reader.keyboard.press('Escape')
  await panel.waitFor({ state: 'detached' })

  // My highlights lists it under the post, and finds it by a word of the note.
  await reader.goto('/highlights')
  await reader.getByRole('heading', { level: 1, name: 'My highlights' }).waitFor()
  const section = reader.getByRole('region', { name: `Post: ${post.title}` })
  await section.getByText(words, { exact: true }).waitFor()
  await reader.getByRole('searchbox', { name: 'Search highlights and notes' }).fill('tomorr')
  await reader.getByText(NOTE).waitFor()
  await reader.getByRole('searchbox', { name: 'Search highlights and notes' }).fill('nothingmatcheszz')
  await reader.getByText('No highlight or note matches “nothingmatcheszz”').waitFor()
})
