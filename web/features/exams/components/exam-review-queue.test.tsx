import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { AuthorExam, ExamReviewItem } from '#common/schemas/exams.ts'
import { bodyOf, callsTo, jsonResponse, stubFetch } from '#web/test/fetch.ts'
import { renderAt } from '#web/test/render.tsx'
import { examPaths } from '../api/paths.ts'
import { ExamReviewQueue } from './exam-review-queue.tsx'

const EXAM_ID = '3c1d6a40-0000-4000-8000-0000000000e1'

const settings = {
  id: EXAM_ID,
  authorId: 'writer-1',
  title: 'Forces and motion',
  description: '',
  subjectSlug: 'physics',
  instructions: 'No calculators.',
  durationMinutes: 30,
  passMark: 60,
  attemptsAllowed: null,
  shuffleQuestions: false,
  shuffleOptions: false,
  drawCount: null,
  review: {
    correctness: 'after_last_attempt',
    answers: 'after_last_attempt',
    explanations: 'after_last_attempt',
  },
  status: 'pending',
  rejectionReason: null,
  version: 1,
  createdAt: '2026-11-20T09:00:00.000Z',
  updatedAt: '2026-11-21T09:00:00.000Z',
  publishedAt: null,
} as const

const pending = ExamReviewItem.parse({
  ...settings,
  author: { id: 'writer-1', name: 'Grace Okafor', image: null },
  questionCount: 1,
})

/** What the reviewer reads when opening the questions (GET …/edit, allowed to admins). */
const full = AuthorExam.parse({
  ...settings,
  hasAttempts: false,
  questions: [
    {
      id: 'q1',
      position: 0,
      kind: 'single',
      prompt: 'What keeps a body at rest?',
      options: [
        { id: 'a', text: 'Inertia' },
        { id: 'b', text: 'Friction' },
      ],
      correctOptionIds: ['a'],
      acceptedAnswers: [],
      points: 1,
      partialCredit: false,
      explanation: '',
    },
  ],
})

describe('Exam review queue', () => {
  it('shows the questions with their answers, and approves', async () => {
    let queue = [pending]
    const fetch = stubFetch({
      [examPaths.reviewQueue]: () => jsonResponse({ items: queue, nextCursor: null }),
      [examPaths.edit(EXAM_ID)]: jsonResponse(full),
      [`POST ${examPaths.approve(EXAM_ID)}`]: () => {
        queue = []
        return jsonResponse({ ...pending, status: 'published' })
      },
    })
    const { user } = renderAt(<ExamReviewQueue />)
    const item = (await screen.findByRole('heading', { name: 'Forces and motion' })).closest(
      'li',
    ) as HTMLElement
    expect(
      within(item).getByText('1 question · 30 min · pass mark 60% · Unlimited attempts'),
    ).toBeInTheDocument()
    await user.click(within(item).getByRole('button', { name: 'Read the questions' }))
    expect(await within(item).findByText('No calculators.')).toBeInTheDocument()
    const inertia = within(item).getByText('Inertia', { exact: false })
    expect(inertia).toHaveTextContent('Inertia (correct)')
    await user.click(within(item).getByRole('button', { name: 'Approve' }))
    expect(await screen.findByText('“Forces and motion” is published')).toBeInTheDocument()
    expect(await screen.findByText('No exams waiting')).toBeInTheDocument()
    expect(callsTo(fetch, examPaths.approve(EXAM_ID))).toHaveLength(1)
  })

  it('asks for a reason before sending an exam back', async () => {
    const fetch = stubFetch({
      [examPaths.reviewQueue]: jsonResponse({ items: [pending], nextCursor: null }),
      [`POST ${examPaths.reject(EXAM_ID)}`]: jsonResponse({ ...pending, status: 'rejected' }),
    })
    const { user } = renderAt(<ExamReviewQueue />)
    await user.click(await screen.findByRole('button', { name: 'Reject' }))
    const dialog = screen.getByRole('dialog', { name: 'Send “Forces and motion” back?' })
    await user.click(within(dialog).getByRole('button', { name: 'Send back' }))
    expect(within(dialog).getByText('Tell the author why')).toBeInTheDocument()
    expect(callsTo(fetch, examPaths.reject(EXAM_ID))).toHaveLength(0)
    await user.type(within(dialog).getByLabelText('What should change?'), 'Question 1 needs a third option.')
    await user.click(within(dialog).getByRole('button', { name: 'Send back' }))
    expect(await screen.findByText('“Forces and motion” was sent back to its author')).toBeInTheDocument()
    expect(bodyOf(callsTo(fetch, examPaths.reject(EXAM_ID))[0][1])).toEqual({
      reason: 'Question 1 needs a third option.',
    })
  })
})
