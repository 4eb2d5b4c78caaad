import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ExamStatistics } from '#common/schemas/exam-statistics.ts'
import { ExamStats } from '#common/schemas/exams.ts'
import { examCard } from '#web/test/builders.ts'
import { errorResponse, jsonResponse, stubFetch } from '#web/test/fetch.ts'
import { renderAt } from '#web/test/render.tsx'
import { examPaths } from '../api/paths.ts'
import { ExamStatsPanel } from './exam-stats-panel.tsx'

const EXAM_ID = '3c1d6a40-0000-4000-8000-0000000000e1'

const stats = ExamStats.parse({
  exam: { ...examCard({ id: EXAM_ID, title: 'Forces and motion' }), status: 'published' },
  attempts: 6,
  takers: 5,
  averagePercent: 52,
  passRate: 40,
  hardestQuestions: [],
  recentAttempts: [
    {
      id: 'a1',
      user: { id: 'u-2', name: 'Tomás Reyes', image: null },
      percent: 80,
      passed: true,
      tabSwitches: 2,
      submittedAt: '2026-11-21T10:12:00.000Z',
    },
  ],
})

/** The server test's hand-worked matrix (server/modules/exams/statistics.test.ts), as the API answers it. */
const statistics = ExamStatistics.parse({
  examId: EXAM_ID,
  title: 'Forces and motion',
  version: 1,
  attempts: 6,
  takers: 5,
  enoughTakers: false,
  minTakers: 30,
  meanPercent: 48,
  sdPercent: 30.3,
  cic: 40.6,
  cicVerdict: 'unsatisfactory',
  cicMissing: null,
  computedAt: '2026-11-29T10:00:00.000Z',
  questions: [
    {
      id: 'q1',
      number: 1,
      kind: 'single',
      prompt: 'Which unit measures force?',
      points: 1,
      seen: 5,
      answered: 5,
      facility: 60,
      sdPercent: 54.8,
      discrimination: 0.21,
      flags: ['weak_discrimination', 'unpicked_option'],
      options: [
        { id: 'a', text: 'Newton', correct: true, count: 3, percent: 60 },
        { id: 'b', text: 'Joule', correct: false, count: 1, percent: 20 },
        { id: 'c', text: 'Watt', correct: false, count: 1, percent: 20 },
        { id: 'd', text: 'Pascal', correct: false, count: 0, percent: 0 },
      ],
      topAnswers: [],
    },
    {
      id: 'q4',
      number: 2,
      kind: 'short',
      prompt: 'Who wrote the Principia?',
      points: 1,
      seen: 5,
      answered: 5,
      facility: 40,
      sdPercent: 54.8,
      discrimination: 0.913,
      flags: [],
      options: [],
      topAnswers: [
        { text: 'Hooke', count: 2, percent: 40, accepted: false },
        { text: 'Newton', count: 2, percent: 40, accepted: true },
      ],
    },
  ],
})

const show = (routes: Parameters<typeof stubFetch>[0]) => {
  stubFetch(routes)
  return renderAt(<ExamStatsPanel examId={EXAM_ID} id="stats-panel" />)
}

describe('Exam statistics panel', () => {
  it('sums the exam up, with the CIC’s verdict in words', async () => {
    show({
      [examPaths.stats(EXAM_ID)]: jsonResponse(stats),
      [examPaths.statistics(EXAM_ID)]: jsonResponse(statistics),
    })
    const figure = async (label: string) => (await screen.findByText(label)).closest('div') as HTMLElement
    expect(within(await figure('Attempts')).getByText('6')).toBeInTheDocument()
    expect(within(await figure('Takers')).getByText('5')).toBeInTheDocument()
    expect(within(await figure('Mean score')).getByText('48%')).toBeInTheDocument()
    expect(within(await figure('Spread (SD)')).getByText('30.3%')).toBeInTheDocument()
    const cic = await figure('Consistency (CIC)')
    expect(within(cic).getByText('40.6%')).toBeInTheDocument()
    expect(within(cic).getByText('Unsatisfactory (below 64%)')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      examPaths.statisticsCsv(EXAM_ID),
    )
    expect(within(screen.getByRole('row', { name: /Tomás Reyes/ })).getByText('2×')).toBeInTheDocument()
  })

  it('says when there are too few takers to trust, and explains each warning', async () => {
    show({
      [examPaths.stats(EXAM_ID)]: jsonResponse(stats),
      [examPaths.statistics(EXAM_ID)]: jsonResponse(statistics),
    })
    expect(await screen.findByText('Too few takers to trust yet.')).toBeInTheDocument()
    expect(
      screen.getByText(/Only 5 people have taken this exam so far. Until at least 30 have/),
    ).toBeInTheDocument()
    const warnings = within(screen.getByRole('region', { name: 'What to look at' })).getAllByRole('listitem')
    expect(warnings.map((w) => w.textContent)).toEqual([
      expect.stringMatching(/^As a whole the exam is not consistent/),
      expect.stringMatching(/^Question 1 hardly separates strong from weak takers/),
      expect.stringMatching(/^Nobody chose “Pascal” in question 1/),
    ])
  })

  it('lists each question with its figures and flags, and what takers answered on demand', async () => {
    const { user } = show({
      [examPaths.stats(EXAM_ID)]: jsonResponse(stats),
      [examPaths.statistics(EXAM_ID)]: jsonResponse(statistics),
    })
    const table = await screen.findByRole('table', { name: /facility, discrimination and flags/ })
    const first = within(table).getByRole('row', { name: /Which unit measures force\?/ })
    expect(within(first).getByText('60%')).toBeInTheDocument()
    expect(within(first).getByText('0.21')).toBeInTheDocument()
    expect(within(first).getByText('Weak discrimination')).toBeInTheDocument()
    expect(within(first).getByText('Unpicked option')).toBeInTheDocument()

    const toggle = within(first).getByRole('button', { name: 'Answers to question 1' })
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await user.click(toggle)
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    const options = within(screen.getByRole('list', { name: 'Options chosen' })).getAllByRole('listitem')
    expect(options.map((o) => o.textContent)).toEqual([
      'Newton right answer3 · 60%',
      'Joule1 · 20%',
      'Watt1 · 20%',
      'Pascal0 · 0%',
    ])

    const short = within(table).getByRole('row', { name: /Who wrote the Principia\?/ })
    await user.click(within(short).getByRole('button', { name: 'Answers to question 2' }))
    const answers = within(screen.getByRole('list', { name: 'Most common answers' })).getAllByRole('listitem')
    expect(answers.map((a) => a.textContent)).toEqual(['Hooke2 · 40%', 'Newton accepted2 · 40%'])
    expect(screen.getByText('1 taker gave other answers.')).toBeInTheDocument()
  })

  it('has an empty state before anyone has finished', async () => {
    show({
      [examPaths.stats(EXAM_ID)]: jsonResponse({ ...stats, attempts: 0, takers: 0, recentAttempts: [] }),
      [examPaths.statistics(EXAM_ID)]: jsonResponse({
        ...statistics,
        attempts: 0,
        takers: 0,
        meanPercent: null,
        sdPercent: null,
        cic: null,
        cicVerdict: null,
        cicMissing: 'too_few_takers',
      }),
    })
    expect(await screen.findByText('No attempts yet')).toBeInTheDocument()
    expect(screen.queryByText('Too few takers to trust yet.')).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Download CSV' })).not.toBeInTheDocument()
  })

  it('says what failed and tries again', async () => {
    let fail = true
    const { user } = show({
      [examPaths.stats(EXAM_ID)]: jsonResponse(stats),
      [examPaths.statistics(EXAM_ID)]: () =>
        fail ? errorResponse(500, 'internal', 'Something went wrong on our side.') : jsonResponse(statistics),
    })
    expect(
      await screen.findByText("We couldn't load the statistics.", {}, { timeout: 5000 }),
    ).toBeInTheDocument()
    fail = false
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('Consistency (CIC)')).toBeInTheDocument()
  })
})
