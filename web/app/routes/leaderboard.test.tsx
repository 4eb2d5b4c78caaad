import { act, screen, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { Leaderboard, type LeaderboardRow } from '#common/schemas/exam-leaderboard.ts'
import { ExamCard } from '#common/schemas/exams.ts'
import { examPaths } from '#web/features/exams/api/paths.ts'
import { installFakeEventSource } from '#web/test/fake-event-source.ts'
import { callsTo, jsonResponse, stubFetch } from '#web/test/fetch.ts'
import { renderRoutes } from '#web/test/render.tsx'
import LeaderboardPage from './leaderboard.tsx'

const EXAM_ID = '3c1d6a40-0000-4000-8000-0000000000e1'

const exam = ExamCard.parse({
  id: EXAM_ID,
  title: 'Forces and motion',
  description: '',
  subjectSlug: 'physics',
  durationMinutes: 30,
  passMark: 60,
  attemptsAllowed: 3,
  publishedAt: '2026-11-20T09:00:00.000Z',
  author: { id: 'writer-1', name: 'Grace Okafor', image: null },
  questionCount: 10,
  attempts: 240,
  averagePercent: 64,
})

const row = (rank: number, id: string, name: string, percent: number): LeaderboardRow => ({
  rank,
  user: { id, name, image: null },
  score: percent / 10,
  percent,
  durationSeconds: 300 + rank,
  submittedAt: '2026-11-21T10:00:00.000Z',
})

const TOP = [
  row(1, 'u-1', 'Amara Obi', 100),
  row(2, 'u-2', 'Tomás Reyes', 90),
  row(2, 'u-3', 'Mei Lin', 90),
  row(4, 'u-4', 'Sam Park', 80),
]

const board = (overrides: Partial<Leaderboard> = {}) =>
  Leaderboard.parse({ exam, rows: TOP, me: null, total: 4, ...overrides })

const show = (body: Leaderboard) => {
  const fetch = stubFetch({ [examPaths.leaderboard(EXAM_ID)]: jsonResponse(body) })
  return {
    fetch,
    ...renderRoutes(
      [{ path: '/leaderboard/:examId', element: <LeaderboardPage /> }],
      `/leaderboard/${EXAM_ID}`,
    ),
  }
}

const bodyRows = () => screen.getAllByRole('row').slice(1)

let events: ReturnType<typeof installFakeEventSource>
beforeEach(() => {
  events = installFakeEventSource()
})

describe('Leaderboard', () => {
  it('ranks people, ties sharing a rank, and highlights my row', async () => {
    show(board({ me: TOP[2] }))
    expect(await screen.findByRole('heading', { name: 'Forces and motion' })).toBeInTheDocument()
    expect(document.title).toBe('Leaderboard: Forces and motion · Inkwell')
    expect(screen.getByText(/4 people on the board/)).toBeInTheDocument()
    const rows = bodyRows()
    expect(rows.map((r) => within(r).getAllByRole('cell')[0].textContent)).toEqual(['1', '2', '2', '4'])
    expect(rows[2]).toHaveAttribute('aria-current', 'true')
    expect(within(rows[2]).getByText('You')).toBeInTheDocument()
    expect(rows.filter((r) => r.hasAttribute('aria-current'))).toHaveLength(1)
    expect(screen.getByText('You are number 2 of 4')).toBeInTheDocument()
  })

  it('adds my row below the top when I rank outside it', async () => {
    const me = row(187, 'user-1', 'Ada Writer', 40)
    show(board({ me, total: 312 }))
    await screen.findByRole('heading', { name: 'Forces and motion' })
    const rows = bodyRows()
    expect(rows).toHaveLength(5)
    const mine = rows[4]
    expect(mine).toHaveAttribute('aria-current', 'true')
    expect(within(mine).getByRole('rowheader')).toHaveTextContent('Ada Writer')
    expect(within(mine).getAllByRole('cell')[0]).toHaveTextContent('187')
    expect(screen.getByText(/312 people on the board .* top 100 shown/)).toBeInTheDocument()
  })

  it('reads the board again when its stream opens, when the server says it changed, and after a reconnect', async () => {
    const { fetch } = show(board())
    await screen.findByRole('heading', { name: 'Forces and motion' })
    const reads = () => callsTo(fetch, examPaths.leaderboard(EXAM_ID)).length
    const source = events.latest()
    expect(source.url).toBe(examPaths.leaderboardStream(EXAM_ID))
    expect(reads()).toBe(1)
    act(() => source.open())
    await vi.waitFor(() => expect(reads()).toBe(2))
    act(() => source.emit('changed', {}))
    await vi.waitFor(() => expect(reads()).toBe(3))
    act(() => source.fail())
    act(() => source.open())
    await vi.waitFor(() => expect(reads()).toBe(4))
  })

  it('closes its stream when the page closes', async () => {
    const { unmount } = show(board())
    await screen.findByRole('heading', { name: 'Forces and motion' })
    const source = events.latest()
    unmount()
    expect(source.readyState).toBe(2)
  })

  it('invites the first taker when nobody is on the board', async () => {
    show(board({ rows: [], total: 0 }))
    expect(await screen.findByText('Nobody on the board yet')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Take the exam' })).toHaveAttribute(
      'href',
      `/examroom/${EXAM_ID}`,
    )
  })
})
