import type { Page } from 'playwright-core'
import { expect, test } from 'vitest'
import { DEMO_ADMIN, DEMO_PASSWORD, journeyForThisFile } from './journey.ts'

const j = journeyForThisFile()

const EXPLANATION = 'One newton gives one kilogram an acceleration of one metre per second squared.'

/** One attempt, so once it is in, practice may show the right answers (decision 049). */
const exam = (title: string) => ({
  title,
  description: 'Three questions on forces.',
  subjectSlug: 'physics',
  instructions: 'No calculator needed.',
  durationMinutes: 5,
  passMark: 50,
  attemptsAllowed: 1,
  questions: [
    {
      kind: 'single',
      prompt: 'What is the SI unit of force?',
      options: [
        { id: 'a', text: 'Newton' },
        { id: 'b', text: 'Joule' },
        { id: 'c', text: 'Watt' },
      ],
      correctOptionIds: ['a'],
      points: 1,
      explanation: EXPLANATION,
    },
    {
      kind: 'true_false',
      prompt: 'In a vacuum, a heavier ball falls faster than a lighter one.',
      options: [
        { id: 'true', text: 'True' },
        { id: 'false', text: 'False' },
      ],
      correctOptionIds: ['false'],
      points: 1,
      explanation: 'Without air, every mass falls with the same acceleration.',
    },
    { kind: 'short', prompt: 'Who wrote the Principia?', acceptedAnswers: ['Newton'], points: 1 },
  ],
})

/** Published at once: an admin's own exam needs no review. */
async function publishExam(title: string): Promise<string> {
  const admin = await j.newPage()
  const origin = { origin: j.server.url }
  await admin.request.post('/api/auth/sign-in/email', {
    data: { email: DEMO_ADMIN, password: DEMO_PASSWORD },
    headers: origin,
  })
  const created = await admin.request.post('/api/exams', { data: exam(title), headers: origin })
  expect(created.status()).toBe(201)
  const { id } = await created.json()
  expect((await admin.request.post(`/api/exams/${id}/submit`, { headers: origin })).ok()).toBe(true)
  return id
}

/** What the account menu says of Practice ("Practice, 2 due"). */
async function practiceInMenu(page: Page) {
  await page.getByRole('button', { name: /account menu/i }).click()
  const link = page.getByRole('list', { name: 'Your places' }).getByRole('link', { name: /^Practice/ })
  await link.waitFor()
  return link
}

test('a reader misses questions in an exam, practises them, and each answer reschedules its card', {
  timeout: 60_000,
}, async () => {
  const title = 'Forces: practice check'
  await publishExam(title)
  const reader = await j.newPage()
  const signUp = await reader.request.post('/api/auth/sign-up/email', {
    data: { name: 'Pia Practice', email: 'pia@example.com', password: 'correct horse battery' },
    headers: { origin: j.server.url },
  })
  expect(signUp.ok()).toBe(true)

  // Nothing to practise before an exam.
  await reader.goto('/practice')
  await reader.getByText('No practice yet: take an exam').waitFor()

  // The exam: the unit wrong, the vacuum wrong, the short answer right.
  await reader.goto('/exams')
  await reader.getByRole('link', { name: title }).click()
  await reader.getByRole('button', { name: 'Start exam' }).click()
  await reader.getByRole('radio', { name: 'Joule' }).check()
  await reader.getByRole('button', { name: 'Next' }).click()
  await reader.getByRole('radio', { name: 'True' }).check()
  await reader.getByRole('button', { name: 'Next' }).click()
  await reader.getByRole('textbox', { name: 'Your answer' }).fill('Newton')
  await reader.getByRole('button', { name: 'Review and submit' }).click()
  await reader
    .getByRole('dialog', { name: 'Submit your answers?' })
    .getByRole('button', { name: 'Submit answers' })
    .click()
  await reader.waitForURL('**/examresults/**')

  // Both misses are cards, due now: the menu counts them.
  await (await practiceInMenu(reader)).filter({ hasText: '2 due' }).waitFor()
  const practiceOnDashboard = reader.getByRole('region', { name: 'Practice' })
  await reader.goto('/dashboard')
  await practiceOnDashboard.getByText('2 cards due').waitFor()
  await reader.goto('/practice')
  await reader.getByText('Card 1 of 2').waitFor()
  // The cards as sent carry no answer and no explanation.
  expect(await reader.content()).not.toContain(EXPLANATION)
  const due = await reader.request.get('/api/practice/due').then((r) => r.text())
  expect(due).not.toContain('correctOptionIds')
  expect(due).not.toContain(EXPLANATION)

  // From the keyboard: the right option's number, then Space to check and Space to go on.
  const rightKey = async () =>
    (await reader.getByText('What is the SI unit of force?').count()) > 0 ? '1' : '2'
  const wrongKey = async () => ((await rightKey()) === '1' ? '2' : '1')
  await reader.keyboard.press(await rightKey())
  await reader.keyboard.press(' ')
  const feedback = reader.getByRole('status').filter({ hasText: /Right|Not yet/ })
  await feedback.filter({ hasText: 'Right' }).waitFor()
  await feedback.filter({ hasText: /back in \d+ minutes/ }).waitFor()
  const summary = await reader.request.get('/api/practice/summary').then((r) => r.json())
  expect(summary.due).toBe(1)
  expect(Date.parse(summary.nextDue)).toBeGreaterThan(Date.now() + 5 * 60_000)
  await (await practiceInMenu(reader)).filter({ hasText: '1 due' }).waitFor()
  await reader.keyboard.press('Escape')
  await reader.getByRole('button', { name: 'Next card' }).focus()
  await reader.keyboard.press(' ')

  // Not yet: back within minutes; the attempt is the last, so the answer shows as the exam allows.
  await reader.getByText('Card 2 of 2').waitFor()
  await reader.keyboard.press(await wrongKey())
  await reader.keyboard.press(' ')
  await feedback.filter({ hasText: 'Not yet' }).waitFor()
  await reader.getByText('The answer:').waitFor()
  await reader.keyboard.press(' ')
  await reader.getByRole('heading', { name: 'Session done' }).waitFor()
  await reader.getByText('2 cards practised: 1 right, 1 not yet.').waitFor()
  await reader.getByText(/Next card due in \d+ minutes?\./).waitFor()
  expect((await reader.request.get('/api/practice/summary').then((r) => r.json())).due).toBe(0)
  // The dashboard's count has fallen with them.
  await reader.goto('/dashboard')
  await practiceOnDashboard.getByText('All caught up').waitFor()
  await practiceOnDashboard.getByText(/The next card is due in \d+ minutes?\./).waitFor()
})
