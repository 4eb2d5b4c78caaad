import { expect, test, vi } from 'vitest'
import type { PostCard, PublicPost } from '../common/schemas/posts.ts'
import {
  DEMO_PASSWORD,
  DEMO_READER,
  DEMO_WRITER,
  journeyForThisFile,
  signInWithForm,
  writerIdOf,
} from './journey.ts'

const j = journeyForThisFile()

const COMMENT = 'I read this twice on the bus. The second time it made even more sense.'
const EDITED = 'I read this twice on the bus. The second time I finally understood the ending.'

test('a reader likes a post and comments on it (edits, deletes); the writer is told of the like and the comment', async () => {
  const reader = await j.newPage()
  await reader.goto('/login')
  await signInWithForm(reader, DEMO_READER, DEMO_PASSWORD)
  await reader.waitForURL('**/dashboard')

  // One of Grace's free posts that this reader has not liked yet (the demo seed spreads likes around).
  const graceId = await writerIdOf(reader, 'Grace Okafor')
  const feed: { items: PostCard[] } = await reader.request
    .get(`/api/posts?writer=${encodeURIComponent(graceId)}`)
    .then((r) => r.json())
  let post: PublicPost | undefined
  for (const card of feed.items.filter((p) => p.access === 'free')) {
    const read: PublicPost = await reader.request
      .get(`/api/posts/by/${encodeURIComponent(graceId)}/${encodeURIComponent(card.slug)}`)
      .then((r) => r.json())
    if (!read.liked) {
      post = read
      break
    }
  }
  if (!post) throw new Error('The demo seed has no free post by Grace that Tomás has not liked')
  const link = `/learn/${encodeURIComponent(graceId)}/${encodeURIComponent(post.slug)}`

  await reader.goto(link)
  await reader.getByRole('heading', { level: 1, name: post.title, exact: true }).waitFor()

  // Like: the button is pressed and the count moves on, and both survive a reload.
  // The count sits beside the button (the cards of more posts below carry counts of their own).
  const likeBar = reader.getByRole('button', { name: /^Liked?$/ }).locator('xpath=..')
  const likes = (n: number) => likeBar.getByText(`${n} ${n === 1 ? 'like' : 'likes'}`, { exact: true })
  await likes(post.likes).waitFor()
  await reader.getByRole('button', { name: 'Like', exact: true, pressed: false }).click()
  await reader.getByRole('button', { name: 'Liked', exact: true, pressed: true }).waitFor()
  await likes(post.likes + 1).waitFor()
  await reader.reload()
  await reader.getByRole('button', { name: 'Liked', exact: true, pressed: true }).waitFor()
  await likes(post.likes + 1).waitFor()

  // Comment, then edit it, then delete it.
  await reader.getByLabel('Add a comment').fill(COMMENT)
  await reader.getByRole('button', { name: 'Post comment' }).click()
  const comments = reader.getByRole('list', { name: 'Comments' })
  const mine = comments.getByRole('listitem').filter({ hasText: COMMENT })
  await mine.getByText('Tomás Reyes').waitFor()
  await expect.poll(() => reader.getByLabel('Add a comment').inputValue()).toBe('')

  await mine.getByRole('button', { name: 'Edit' }).click()
  await comments.getByLabel('Edit comment').fill(EDITED)
  await comments.getByRole('button', { name: 'Save' }).click()
  const edited = comments.getByRole('listitem').filter({ hasText: EDITED })
  await edited.getByText('· edited').waitFor()
  expect(await comments.getByText(COMMENT).count()).toBe(0)

  await edited.getByRole('button', { name: 'Delete' }).click()
  const confirm = reader.getByRole('dialog', { name: 'Delete this comment?' })
  await confirm.getByRole('button', { name: 'Delete comment' }).click()
  await confirm.waitFor({ state: 'detached' })
  await edited.waitFor({ state: 'detached' })
  const left = await reader.request.get(`/api/posts/${post.id}/comments`).then((r) => r.json())
  expect(left.items.map((c: { body: string }) => c.body)).not.toContain(EDITED)

  // Grace, in her own browser, finds the comment in her bell.
  const writer = await j.newPage()
  await writer.goto('/login')
  await signInWithForm(writer, DEMO_WRITER, DEMO_PASSWORD)
  await writer.waitForURL('**/dashboard')
  const bell = writer.getByRole('banner').getByRole('button', { name: /^Notifications, \d+ unread$/ })
  // The bell is a disclosure: press it until it reports itself expanded (a press that lands while
  // the header settles after sign-in is not lost to the journey).
  await vi.waitFor(
    async () => {
      if ((await bell.getAttribute('aria-expanded')) !== 'true') await bell.click()
      expect(await bell.getAttribute('aria-expanded')).toBe('true')
    },
    { timeout: 15_000, interval: 500 },
  )
  await writer.getByText(`Tomás Reyes commented on “${post.title}”`).waitFor()
  // The like is one notification for the post, naming who liked it.
  await writer.getByText(`Tomás Reyes liked “${post.title}”`).waitFor()
})
