import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ExamStatistics } from '#common/schemas/exam-statistics.ts'
import { ExamCard, ExamStats, MyAttemptItem, MyExamItem } from '#common/schemas/exams.ts'
import { examPaths } from '#web/features/exams/api/paths.ts'
import { SUBJECTS_WITH_COUNTS } from '#web/test/builders.ts'
import { callsTo, jsonResponse, queryOf, stubFetch } from '#web/test/fetch.ts'
import { renderAt } from '#web/test/render.tsx'
import Exams from './exams.tsx'

const EXAM_ID = '3c1d6a40-0000-4000-8000-0000000000e1'

const card = ExamCard.parse({
  id: EXAM_ID,
  title: 'Forces and motion',
  description: 'Newton’s laws in ten minutes.',
  subjectSlug: 'physics',
  durationMinutes: 30,
  passMark: 60,
  attemptsAllowed: 3,
  publishedAt: '2026-11-20T09:00:00.000Z',
  author: { id: 'writer-1', name: 'Grace Okafor', image: null },
  questionCount: 10,
  attempts: 42,
  averagePercent: 71.4,
})

const page = (items: unknown[], nextCursor: string | null = null) => jsonResponse({ items, nextCursor })

function show(path: string, routes: Parameters<typeof stubFetch>[0] = {}) {
  const fetch = stubFetch({ '/api/subjects': jsonResponse(SUBJECTS_WITH_COUNTS), ...routes })
  return { fetch, ...renderAt(<Exams />, path) }
}

const mine = MyExamItem.parse({
  ...card,
  authorId: 'user-1',
  instructions: '',
  shuffleQuestions: false,
  shuffleOptions: false,
  drawCount: null,
  review: {
    correctness: 'after_last_attempt',
    answers: 'after_last_attempt',
    explanations: 'after_last_attempt',
  },
  status: 'published',
  rejectionReason: null,
  version: 1,
  createdAt: '2026-11-19T09:00:00.000Z',
  updatedAt: '2026-11-19T09:00:00.000Z',
  questionCount: 10,
  attempts: 42,
  averagePercent: 71.4,
})
const stats = ExamStats.parse({
  exam: { ...card, status: 'published' },
  attempts: 42,
  takers: 30,
  averagePercent: 71.4,
  passRate: 80,
  hardestQuestions: [{ id: 'q1', prompt: 'Which are vector quantities?', correctRate: 35 }],
  recentAttempts: [
    {
      id: 'a1',
      user: { id: 'u-2', name: 'Tomás Reyes', image: null },
      percent: 90,
      passed: true,
      tabSwitches: 3,
      submittedAt: '2026-11-21T10:12:00.000Z',
    },
  ],
})
const statistics = ExamStatistics.parse({
  examId: EXAM_ID,
  title: 'Forces and motion',
  version: 1,
  attempts: 42,
  takers: 30,
  enoughTakers: true,
  minTakers: 30,
  meanPercent: 68.2,
  sdPercent: 15.1,
  cic: 78.4,
  cicVerdict: 'desirable',
  cicMissing: null,
  computedAt: '2026-11-21T10:13:00.000Z',
  questions: [
    {
      id: 'q1',
      number: 1,
      kind: 'multiple',
      prompt: 'Which are vector quantities?',
      points: 2,
      seen: 30,
      answered: 29,
      facility: 35,
      sdPercent: 40.2,
      discrimination: 0.52,
      flags: [],
      options: [],
      topAnswers: [],
    },
  ],
})

describe('Exams Room', () => {
  it('lists published exams with what taking them involves, and loads more', async () => {
    const second = {
      ...card,
      id: '3c1d6a40-0000-4000-8000-0000000000e2',
      title: 'Waves',
      averagePercent: null,
    }
    const { fetch, user } = show('/exams', {
      [examPaths.exams]: (url) => (queryOf(url).cursor ? page([second]) : page([card], 'next')),
    })
    const link = await screen.findByRole('link', { name: 'Forces and motion' })
    expect(document.title).toBe('Exams Room · Inkwell')
    expect(link).toHaveAttribute('href', `/examroom/${EXAM_ID}`)
    const article = link.closest('article') as HTMLElement
    for (const text of ['30 min', '10 questions', '42 attempts', 'Average 71%', 'Grace Okafor', 'Physics'])
      expect(within(article).getByText(text)).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Load more' }))
    expect(await screen.findByRole('link', { name: 'Waves' })).toBeInTheDocument()
    expect(screen.getByText('No scores yet')).toBeInTheDocument()
    expect(queryOf(callsTo(fetch, examPaths.exams)[1][0])).toEqual({ cursor: 'next' })
    expect(screen.getByRole('link', { name: 'Create exam' })).toHaveAttribute('href', '/postexam')
  })

  it('filters by subject and words from the address, and says when nothing matches', async () => {
    const { fetch, user } = show('/exams?subject=physics&q=laws', { [examPaths.exams]: page([]) })
    expect(await screen.findByText('No exams match')).toBeInTheDocument()
    expect(queryOf(callsTo(fetch, examPaths.exams)[0][0])).toEqual({ subject: 'physics', q: 'laws' })
    expect(screen.getByLabelText('Search exams')).toHaveValue('laws')
    expect(await screen.findByRole('option', { name: 'Physics' })).toBeInTheDocument()
    expect(screen.getByLabelText('Subject')).toHaveValue('physics')
    await user.selectOptions(screen.getByLabelText('Subject'), 'history')
    expect(queryOf(callsTo(fetch, examPaths.exams).at(-1)?.[0])).toEqual({ subject: 'history', q: 'laws' })
  })

  it('lists my attempts with score, pass or fail, and links to results and leaderboard', async () => {
    const item = MyAttemptItem.parse({
      id: '3c1d6a40-0000-4000-8000-0000000000a1',
      number: 1,
      examVersion: 1,
      startedAt: '2026-11-21T10:00:00.000Z',
      submittedAt: '2026-11-21T10:12:00.000Z',
      autoSubmitted: false,
      score: 7,
      maxScore: 10,
      percent: 70,
      passed: true,
      durationSeconds: 720,
      exam: card,
    })
    show('/exams?tab=attempts', { [examPaths.myAttempts]: page([item]) })
    expect(await screen.findByText('7/10 · 70%')).toBeInTheDocument()
    expect(screen.getByRole('tab', { name: 'My attempts' })).toHaveAttribute('aria-selected', 'true')
    expect(screen.getByText('Passed')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Results of “Forces and motion”' })).toHaveAttribute(
      'href',
      `/examresults/${EXAM_ID}`,
    )
    expect(screen.getByRole('link', { name: 'Leaderboard of “Forces and motion”' })).toHaveAttribute(
      'href',
      `/leaderboard/${EXAM_ID}`,
    )
  })

  it('lists my exams and opens their statistics, tab switches included', async () => {
    const { user } = show('/exams?tab=mine', {
      [examPaths.myExams]: page([mine]),
      [examPaths.stats(EXAM_ID)]: jsonResponse(stats),
      [examPaths.statistics(EXAM_ID)]: jsonResponse(statistics),
    })
    expect(await screen.findByText('Published')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Edit “Forces and motion”' })).toHaveAttribute(
      'href',
      `/postexam?id=${EXAM_ID}`,
    )
    const toggle = screen.getByRole('button', { name: 'Statistics of “Forces and motion”' })
    await user.click(toggle)
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    expect(await screen.findByText('80%')).toBeInTheDocument()
    expect(screen.getByText('Desirable (above 75%)')).toBeInTheDocument()
    const question = screen.getByRole('row', { name: /Which are vector quantities\?/ })
    expect(within(question).getByText('35%')).toBeInTheDocument()
    expect(within(question).getByText('0.52')).toBeInTheDocument()
    const row = screen.getByRole('row', { name: /Tomás Reyes/ })
    expect(within(row).getByText('3×')).toBeInTheDocument()
  })

  it('opens an exam’s statistics from its address (a finished attempt’s notification links there)', async () => {
    show(`/exams?tab=mine&stats=${EXAM_ID}`, {
      [examPaths.myExams]: page([mine]),
      [examPaths.stats(EXAM_ID)]: jsonResponse(stats),
      [examPaths.statistics(EXAM_ID)]: jsonResponse(statistics),
    })
    expect(await screen.findByText('Desirable (above 75%)')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Statistics of “Forces and motion”' })).toHaveAttribute(
      'aria-expanded',
      'true',
    )
  })

  it('invites me to write an exam when I have none', async () => {
    show('/exams?tab=mine', { [examPaths.myExams]: page([]) })
    expect(await screen.findByText('You have not written an exam yet')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Create an exam' })).toHaveAttribute('href', '/postexam')
  })
})
