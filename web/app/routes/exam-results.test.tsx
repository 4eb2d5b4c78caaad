import { screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { ExamResults } from '#common/schemas/exams.ts'
import { examPaths } from '#web/features/exams/api/paths.ts'
import { meBody } from '#web/test/builders.ts'
import { fakeAuth } from '#web/test/fake-auth.ts'
import { jsonResponse, stubFetch } from '#web/test/fetch.ts'
import { renderRoutes } from '#web/test/render.tsx'
import ExamResultsPage from './exam-results.tsx'

vi.mock('#web/lib/auth-client.ts', () => import('#web/test/fake-auth.ts'))

const EXAM_ID = '3c1d6a40-0000-4000-8000-0000000000e1'

const attempt = (n: number, overrides = {}) => ({
  id: `3c1d6a40-0000-4000-8000-0000000000a${n}`,
  number: n,
  examVersion: 1,
  startedAt: '2026-11-21T10:00:00.000Z',
  submittedAt: '2026-11-21T10:12:00.000Z',
  autoSubmitted: false,
  score: 2.5,
  maxScore: 4,
  percent: 62.5,
  passed: true,
  durationSeconds: 725,
  ...overrides,
})

const results = (overrides: Partial<ExamResults> = {}) =>
  ExamResults.parse({
    exam: {
      id: EXAM_ID,
      title: 'Forces and motion',
      description: '',
      subjectSlug: 'physics',
      durationMinutes: 30,
      passMark: 60,
      attemptsAllowed: 2,
      publishedAt: '2026-11-20T09:00:00.000Z',
      author: { id: 'writer-1', name: 'Grace Okafor', image: null },
      questionCount: 2,
      attempts: 20,
      averagePercent: 55,
    },
    attempts: [attempt(1, { autoSubmitted: true })],
    review: {
      attemptId: attempt(1).id,
      questions: [
        {
          id: 'q1',
          kind: 'multiple',
          prompt: 'Which are vector quantities?',
          options: [
            { id: 'a', text: 'Velocity' },
            { id: 'b', text: 'Mass' },
            { id: 'c', text: 'Force' },
          ],
          correctOptionIds: ['a', 'c'],
          acceptedAnswers: [],
          points: 2,
          partialCredit: true,
          explanation: 'Both have a direction.',
          myAnswer: { optionIds: ['a'] },
          earned: 1,
          correct: false,
        },
        {
          id: 'q2',
          kind: 'short',
          prompt: 'Name the unit of force.',
          options: [],
          correctOptionIds: [],
          acceptedAnswers: ['newton', 'N'],
          points: 2,
          partialCredit: false,
          explanation: '',
          myAnswer: { text: 'Newton' },
          earned: 2,
          correct: true,
        },
      ],
    },
    disclosure: {
      options: {
        correctness: 'after_each_attempt',
        answers: 'after_each_attempt',
        explanations: 'after_each_attempt',
      },
      shown: { correctness: true, answers: true, explanations: true },
      attemptsLeft: 1,
    },
    ...overrides,
  })

/** The review as the server sends it when the options keep every part back. */
const withheld = (disclosure: ExamResults['disclosure']) => {
  const full = results()
  return results({
    disclosure,
    review: {
      attemptId: full.review!.attemptId,
      questions: full.review!.questions.map(
        ({
          earned: _e,
          correct: _c,
          correctOptionIds: _o,
          acceptedAnswers: _a,
          explanation: _x,
          ...rest
        }) => ({
          ...rest,
          ...(disclosure.shown.correctness && { earned: _e, correct: _c }),
        }),
      ),
    },
  })
}

const AFTER_LAST = {
  correctness: 'after_last_attempt',
  answers: 'after_last_attempt',
  explanations: 'after_last_attempt',
} as const
const NOTHING_SHOWN = { correctness: false, answers: false, explanations: false }

const show = (body: ExamResults, more: Parameters<typeof stubFetch>[0] = {}) => {
  stubFetch({ [examPaths.results(EXAM_ID)]: jsonResponse(body), ...more })
  return renderRoutes(
    [{ path: '/examresults/:examId', element: <ExamResultsPage /> }],
    `/examresults/${EXAM_ID}`,
  )
}

describe('Exam results', () => {
  it('shows the latest score, pass or fail in words, and each question reviewed', async () => {
    show(results())
    expect(await screen.findByText('62.5%')).toBeInTheDocument()
    expect(document.title).toBe('Results: Forces and motion · Inkwell')
    expect(screen.getByText('Passed')).toBeInTheDocument()
    expect(screen.getByText('2.5 of 4 points · pass mark 60%', { exact: false })).toBeInTheDocument()
    expect(screen.getByText('Handed in when time ran out')).toBeInTheDocument()
    expect(screen.getByText('12 min 05 s')).toBeInTheDocument()

    const first = screen.getByRole('listitem', { name: 'Question 1: Partly correct' })
    const velocity = within(first).getByText('Velocity').closest('li') as HTMLElement
    expect(within(velocity).getByText('Your answer')).toBeInTheDocument()
    expect(within(velocity).getByText('Correct answer')).toBeInTheDocument()
    const force = within(first).getByText('Force').closest('li') as HTMLElement
    expect(within(force).queryByText('Your answer')).toBeNull()
    expect(within(force).getByText('Correct answer')).toBeInTheDocument()
    expect(within(first).getByText('Both have a direction.')).toBeInTheDocument()

    const second = screen.getByRole('listitem', { name: 'Question 2: Correct' })
    expect(within(second).getByText('Newton')).toBeInTheDocument()
    expect(within(second).getByText('newton · N')).toBeInTheDocument()

    expect(screen.getByRole('link', { name: 'Leaderboard' })).toHaveAttribute(
      'href',
      `/leaderboard/${EXAM_ID}`,
    )
    expect(screen.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', `/examroom/${EXAM_ID}`)
  })

  it('lists every attempt and offers no retry once the attempts are used', async () => {
    show(results({ attempts: [attempt(2, { passed: false, percent: 25, score: 1 }), attempt(1)] }))
    expect(await screen.findByRole('heading', { name: 'All my attempts' })).toBeInTheDocument()
    const table = screen.getByRole('table')
    expect(within(table).getAllByRole('row')).toHaveLength(3)
    expect(within(table).getByText('Not passed')).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Try again' })).toBeNull()
    expect(screen.getByText('Attempt 1, question by question.')).toBeInTheDocument()
  })

  it('shows my answers without marks, right answers or explanations, and says when they come', async () => {
    show(withheld({ options: AFTER_LAST, shown: NOTHING_SHOWN, attemptsLeft: 1 }))
    expect(
      await screen.findByText(
        'Marks for each question, the right answers and the explanations are shown after your last attempt. You have 1 attempt left.',
      ),
    ).toBeInTheDocument()
    const first = screen.getByRole('listitem', { name: 'Question 1' })
    const velocity = within(first).getByText('Velocity').closest('li') as HTMLElement
    expect(within(velocity).getByText('Your answer')).toBeInTheDocument()
    expect(within(first).getByText('2 points')).toBeInTheDocument()
    expect(screen.queryByText('Correct answer')).toBeNull()
    expect(screen.queryByText(/Partly correct|Incorrect/)).toBeNull()
    expect(screen.queryByText('Both have a direction.')).toBeNull()
    const second = screen.getByRole('listitem', { name: 'Question 2' })
    expect(within(second).getByText('Newton')).toBeInTheDocument()
    expect(within(second).queryByText('Accepted answers')).toBeNull()
    // The score itself is always there.
    expect(screen.getByText('62.5%')).toBeInTheDocument()
  })

  it('shows marks after each attempt while the author never shows the answers', async () => {
    show(
      withheld({
        options: { correctness: 'after_each_attempt', answers: 'never', explanations: 'never' },
        shown: { correctness: true, answers: false, explanations: false },
        attemptsLeft: 1,
      }),
    )
    expect(
      await screen.findByText('The author does not show the right answers and the explanations.'),
    ).toBeInTheDocument()
    expect(screen.getByRole('listitem', { name: 'Question 1: Partly correct' })).toBeInTheDocument()
    expect(screen.getByRole('listitem', { name: 'Question 2: Correct' })).toBeInTheDocument()
    expect(screen.queryByText('Correct answer')).toBeNull()
  })

  it('says that nothing waits for a last attempt when attempts are unlimited', async () => {
    show(
      withheld({
        options: { ...AFTER_LAST, correctness: 'after_each_attempt' },
        shown: { correctness: true, answers: false, explanations: false },
        attemptsLeft: null,
      }),
    )
    expect(
      await screen.findByText(
        'This exam allows unlimited attempts, so the right answers and the explanations are not shown.',
      ),
    ).toBeInTheDocument()
  })

  it('has no note when everything is shown', async () => {
    show(results())
    await screen.findByText('Both have a direction.')
    expect(screen.queryByText(/last attempt|does not show|not shown/)).toBeNull()
  })

  it('says when there is no finished attempt yet', async () => {
    show(results({ attempts: [], review: null }))
    expect(await screen.findByText('No finished attempt yet')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Go to the exam' })).toHaveAttribute(
      'href',
      `/examroom/${EXAM_ID}`,
    )
  })

  it("shows my level in the exam's subject after the score, only to me", async () => {
    fakeAuth.signedIn()
    show(results(), {
      '/api/me': jsonResponse(meBody()),
      '/api/me/mastery/physics': jsonResponse({
        subject: { slug: 'physics', name: 'Physics' },
        level: 'familiar',
        exams: 1,
        averagePercent: 62.5,
        cards: 1,
        remembered: 0,
        next: { level: 'proficient', steps: ['Take another Physics exam'] },
      }),
    })
    const level = await screen.findByRole('region', { name: 'Your level in Physics' })
    expect(within(level).getByText('Familiar', { selector: 'p' })).toBeInTheDocument()
    // After the score's section, before the review.
    const score = screen.getByRole('region', { name: 'Attempt 1' })
    expect(score.compareDocumentPosition(level) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
  })
})
