import { expect, test } from 'vitest'
import { DEMO_PASSWORD, DEMO_WRITER, journeyForThisFile, signInWithForm, writerIdOf } from './journey.ts'

const j = journeyForThisFile()

/** The demo's hammer-and-feather lesson, which the seed gives four Key ideas (decision 052). */
const SLUG = 'why-a-hammer-and-a-feather-land-together'
const FIRST = 'In a vacuum, does a heavier object fall faster?'
const FIRST_BACK = 'No: every object falls with the same acceleration, g ≈ 9.8 m/s².'

test('a writer adds a Key idea to a lesson; a reader adds them to practice, turns one with Space and grades it with 3', {
  timeout: 60_000,
}, async () => {
  const writer = await j.newPage()
  await writer.goto('/login')
  await signInWithForm(writer, DEMO_WRITER, DEMO_PASSWORD)
  await writer.waitForURL('**/dashboard')
  const graceId = await writerIdOf(writer, 'Grace Okafor')
  const lesson = await writer.request.get(`/api/posts/by/${graceId}/${SLUG}`).then((r) => r.json())

  // The editor: the lesson's four cards, and a fifth.
  await writer.goto(`/post?id=${lesson.id}`)
  const editor = writer.getByRole('region', { name: 'Key ideas' })
  await editor.getByText('4 of 50').waitFor()
  await editor.getByRole('button', { name: 'Add a card' }).click()
  const fifth = editor.getByRole('group', { name: 'Card 5' })
  await fifth.getByLabel('Front').fill('Acceleration due to gravity near the Earth')
  await fifth.getByLabel('Back').fill('About 9.8 m/s², called g')
  await editor.getByRole('button', { name: 'Save Key ideas' }).click()
  await editor.getByText('All saved.').waitFor()

  // Signed out: the Key ideas, and a way to sign in to practise them.
  const reader = await j.newPage()
  await reader.goto(`/learn/${graceId}/${SLUG}`)
  const block = reader.getByRole('region', { name: 'Key ideas' })
  await block.getByRole('link', { name: 'Sign in to add them to your practice' }).waitFor()

  // A new reader on the lesson: the block, a back revealed, one click into practice.
  const signUp = await reader.request.post('/api/auth/sign-up/email', {
    data: { name: 'Kit Keyideas', email: 'kit@example.com', password: 'correct horse battery' },
    headers: { origin: j.server.url },
  })
  expect(signUp.ok()).toBe(true)
  await reader.reload()
  await block.getByText(/^5 cards/).waitFor()
  await block.getByText('Acceleration due to gravity near the Earth').click()
  await block.getByText('About 9.8 m/s², called g').waitFor()
  await block.getByRole('button', { name: 'Add to practice' }).click()
  await block.getByText('Added 5 cards to your practice.').waitFor()
  await block.getByText('In your practice').waitFor()
  await block.getByRole('link', { name: 'Practise now' }).click()

  // The session: the front, Space turns it, 3 grades it Good and the next card comes.
  await reader.waitForURL('**/practice')
  await reader.getByText('Card 1 of 5').waitFor()
  await reader.getByText(FIRST).waitFor()
  expect(await reader.getByText(FIRST_BACK).count()).toBe(0)
  await reader.keyboard.press(' ')
  await reader.getByText(FIRST_BACK).waitFor()
  await reader.getByRole('button', { name: /^Good/ }).waitFor()
  await reader.keyboard.press('3')
  await reader.getByText('Card 2 of 5').waitFor()
  const summary = await reader.request.get('/api/practice/summary').then((r) => r.json())
  expect(summary).toMatchObject({ due: 4, cards: 5 })
})
