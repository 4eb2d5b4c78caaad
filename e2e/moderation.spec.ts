import type { Page } from 'playwright-core'
import { expect, test } from 'vitest'
import type { Comment } from '../common/schemas/comments.ts'
import type { PostCard } from '../common/schemas/posts.ts'
import { DEMO_ADMIN, DEMO_PASSWORD, DEMO_READER, journeyForThisFile, signInWithForm } from './journey.ts'

const j = journeyForThisFile()

/** A published post nobody has featured, with at least two comments, one of them someone else's. */
async function findPostWithComments(page: Page, readerId: string) {
  const feed: { items: PostCard[] } = await page.request
    .get('/api/posts?sort=newest&limit=50')
    .then((r) => r.json())
  for (const post of feed.items) {
    if (post.featured || post.access !== 'free' || post.comments < 2) continue
    const comments: { items: Comment[] } = await page.request
      .get(`/api/posts/${post.id}/comments`)
      .then((r) => r.json())
    const other = comments.items.find((c) => c.author.id !== readerId)
    if (other) return { post, comment: other, others: comments.items.filter((c) => c.id !== other.id) }
  }
  throw new Error('The demo seed has no unfeatured post with two comments to report one of')
}

const commentsHeading = (n: number) => `Comments (${n} ${n === 1 ? 'comment' : 'comments'})`

test('a reader reports a comment, an admin removes it from the Reports tab; an admin features a post', async () => {
  const reader = await j.newPage()
  await reader.goto('/login')
  await signInWithForm(reader, DEMO_READER, DEMO_PASSWORD)
  await reader.waitForURL('**/dashboard')
  const me = await reader.request.get('/api/me').then((r) => r.json())
  const { post, comment, others } = await findPostWithComments(reader, me.id)
  const link = `/learn/${encodeURIComponent(post.author.id)}/${encodeURIComponent(post.slug)}`

  // The reader flags someone else's comment from the post's page.
  await reader.goto(link)
  await reader.getByRole('heading', { level: 1, name: post.title, exact: true }).waitFor()
  const reported = reader
    .getByRole('list', { name: 'Comments' })
    .getByRole('listitem')
    .filter({ hasText: comment.body })
  await reported.getByRole('button', { name: 'Report this comment' }).click()
  const dialog = reader.getByRole('dialog', { name: 'Report this comment' })
  await dialog.getByRole('radio', { name: 'Spam or advertising' }).check()
  await dialog.getByLabel('Details (optional)').fill('Posted the same link on three stories today.')
  await dialog.getByRole('button', { name: 'Send report' }).click()
  await dialog.waitFor({ state: 'detached' })
  await reported.getByRole('button', { name: 'Reported', disabled: true }).waitFor()

  // The admin finds it in the Reports tab and removes the comment.
  const admin = await j.newPage()
  await admin.goto('/login?redirectTo=%2Fadmin')
  await signInWithForm(admin, DEMO_ADMIN, DEMO_PASSWORD)
  await admin.waitForURL('**/admin')
  await admin.getByRole('tab', { name: 'Reports' }).click()
  const card = admin.getByRole('article', { name: `Comment on “${post.title}”`, exact: true })
  await card.getByText(comment.body).waitFor()
  await card.getByText('Reported by Tomás Reyes').waitFor()
  await card.getByText('“Posted the same link on three stories today.”').waitFor()
  await card.getByRole('button', { name: 'Remove comment…' }).click()
  const confirm = admin.getByRole('dialog', { name: 'Remove this comment?' })
  await confirm.getByRole('button', { name: 'Remove comment' }).click()
  await confirm.waitFor({ state: 'detached' })
  await card.waitFor({ state: 'detached' })

  // Gone for readers: a signed-out reader sees the post's other comments, and not that one.
  const visitor = await j.newPage()
  await visitor.goto(link)
  await visitor.getByRole('heading', { name: commentsHeading(others.length), exact: true }).waitFor()
  await visitor.getByRole('list', { name: 'Comments' }).getByText(others[0].body).waitFor()
  expect(await visitor.getByText(comment.body).count()).toBe(0)

  // The admin features the post from its page; it leads the home page's Featured section.
  await admin.goto(link)
  await admin.getByRole('button', { name: 'Feature', exact: true }).click()
  await admin.getByRole('button', { name: 'Unfeature', exact: true }).waitFor()
  await visitor.goto('/')
  await visitor
    .getByRole('region', { name: 'Featured', exact: true })
    .getByRole('link', { name: post.title, exact: true })
    .click()
  await visitor.waitForURL(`**${link}`)
  await visitor.getByRole('heading', { level: 1, name: post.title, exact: true }).waitFor()
})

test('an admin suspends a writer: their work leaves the lists until the account is restored', async () => {
  const visitor = await j.newPage()
  const fiction: { items: PostCard[] } = await visitor.request
    .get('/api/posts?category=fiction&sort=newest&limit=12')
    .then((r) => r.json())
  const [post] = fiction.items
  const others = fiction.items.filter((p) => p.author.id !== post.author.id)
  expect(others.length).toBeGreaterThan(0)
  const card = () => visitor.getByRole('link', { name: post.title, exact: true })
  await visitor.goto('/fiction')
  await card().first().waitFor()

  const admin = await j.newPage()
  await admin.goto('/login?redirectTo=%2Fadmin')
  await signInWithForm(admin, DEMO_ADMIN, DEMO_PASSWORD)
  await admin.waitForURL('**/admin')
  await admin.getByRole('button', { name: `Suspend: ${post.author.name}` }).click()
  const confirm = admin.getByRole('dialog', { name: `Suspend ${post.author.name}?` })
  await confirm.getByLabel('Reason (optional)').fill('Copied stories from another site.')
  await confirm.getByRole('button', { name: 'Suspend account' }).click()
  await confirm.waitFor({ state: 'detached' })
  await admin.getByRole('button', { name: `Restore: ${post.author.name}` }).waitFor()

  // Gone from the list for readers, while everyone else's stories stay.
  await visitor.reload()
  await visitor.getByRole('link', { name: others[0].title, exact: true }).first().waitFor()
  expect(await card().count()).toBe(0)

  await admin.getByRole('button', { name: `Restore: ${post.author.name}` }).click()
  await admin.getByRole('button', { name: `Suspend: ${post.author.name}` }).waitFor()
  await visitor.reload()
  await card().first().waitFor()
})
