import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Overview, OverviewDay, OverviewFigures } from '#common/schemas/overview.ts'
import { callsTo, errorResponse, jsonResponse, queryOf, stubFetch } from '#web/test/fetch.ts'
import { renderAt } from '#web/test/render.tsx'
import { OverviewScreen } from './overview-screen.tsx'

const TODAY = '2026-11-24'
const NOW = new Date(`${TODAY}T12:00:00Z`)

const figures = (over: Partial<OverviewFigures> = {}): OverviewFigures => ({
  views: 0,
  likes: 0,
  comments: 0,
  freeSubscribers: 0,
  paidSubscribers: 0,
  bookSales: 0,
  bookRevenue: 0,
  examAttempts: 0,
  examPasses: 0,
  ...over,
})

/** An overview of `days` days to today, each day with 10 views, 2 likes and a $5 sale. */
function overview(days: number, over: Partial<Overview> = {}): Overview {
  const series: OverviewDay[] = Array.from({ length: days }, (_, i) => {
    const date = new Date(`${TODAY}T00:00:00Z`)
    date.setUTCDate(date.getUTCDate() - (days - 1 - i))
    return {
      day: date.toISOString().slice(0, 10),
      ...figures({ views: 10, likes: 2, bookSales: 1, bookRevenue: 500 }),
    }
  })
  return {
    days,
    from: series[0].day,
    to: TODAY,
    currency: 'USD',
    totals: figures({
      views: 10 * days,
      likes: 2 * days,
      comments: 4,
      freeSubscribers: 3,
      bookSales: days,
      bookRevenue: 500 * days,
      examAttempts: 4,
      examPasses: 3,
    }),
    previous: figures({
      views: 8 * days,
      likes: 4 * days,
      comments: 4,
      bookSales: days,
      bookRevenue: 500 * days,
      examAttempts: 2,
      examPasses: 1,
    }),
    series,
    top: {
      posts: [
        {
          id: 'post-1',
          title: 'On gradients',
          path: '/learn/w-1/on-gradients',
          views: 120,
          likes: 9,
          comments: 1,
        },
      ],
      books: [{ id: 'book-1', title: 'Field notes', sales: 3, revenue: 1500 }],
      exams: [{ id: 'exam-1', title: 'Calculus I', attempts: 4, passes: 3 }],
    },
    newsletters: [
      {
        postId: 'post-1',
        title: 'On gradients',
        path: '/learn/w-1/on-gradients',
        mailedAt: '2026-11-20T09:30:00.000Z',
        recipients: 120,
        sent: 117,
        failed: 1,
        bounced: 2,
        unsubscribes: 3,
      },
    ],
    updatedAt: new Date(NOW.getTime() - 5 * 60_000).toISOString(),
    ...over,
  }
}

const NOTHING = (days: number): Overview => ({
  ...overview(days),
  totals: figures(),
  previous: figures(),
  series: overview(days).series.map(({ day }) => ({ day, ...figures() })),
  top: { posts: [], books: [], exams: [] },
  newsletters: [],
  updatedAt: null,
})

const answer = (make: (days: number) => Overview) => (url: string) =>
  jsonResponse(make(Number(queryOf(url).days)))

const card = (label: string) => screen.getByText(label, { selector: 'dt' }).parentElement as HTMLElement

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(NOW)
})
afterEach(() => vi.useRealTimers())

// Six charts with their tables per render: jsdom is slow at it on a shared two-core machine.
describe('Overview screen', { timeout: 20_000 }, () => {
  it('asks for the last 30 days and shows each figure against the 30 before', async () => {
    const fetch = stubFetch({ '/api/me/overview': answer(overview) })
    renderAt(<OverviewScreen />, '/overview')
    await screen.findByRole('region', { name: 'Totals' })
    expect(queryOf(callsTo(fetch, '/api/me/overview')[0][0])).toEqual({ days: '30' })
    expect(screen.getByRole('radio', { name: '30 days' })).toBeChecked()

    expect(card('Views')).toHaveTextContent('300▲ Up 25% vs previous 30 days')
    expect(card('Likes')).toHaveTextContent('60▼ Down 50% vs previous 30 days')
    expect(card('Comments')).toHaveTextContent('Same as the previous 30 days')
    // Nothing the period before: no percentage, just what there was.
    expect(card('New free subscribers')).toHaveTextContent('30 in the previous 30 days')
    expect(card('Book revenue')).toHaveTextContent('$150.00')
    expect(card('Pass rate')).toHaveTextContent('75%▲ Up 25 pts vs previous 30 days')
    expect(screen.getByText(/Updated/).closest('p')).toHaveTextContent(
      '26 Oct 2026 – 24 Nov 2026 · Updated 5 min ago',
    )
  })

  it('switches the range from the keyboard: a new request, the address, and weekly bars', async () => {
    const fetch = stubFetch({ '/api/me/overview': answer(overview) })
    const { user, router } = renderAt(<OverviewScreen />, '/overview')
    const views = await screen.findByRole('table', { name: 'Views by day, last 30 days' })
    expect(within(views).getAllByRole('row')).toHaveLength(31)

    screen.getByRole('radio', { name: '30 days' }).focus()
    await user.keyboard('{ArrowRight}')
    const weekly = await screen.findByRole('table', { name: 'Views by week, last 90 days' })
    expect(queryOf(callsTo(fetch, '/api/me/overview').at(-1)?.[0])).toEqual({ days: '90' })
    expect(router.state.location.search).toBe('?days=90')
    expect(screen.getByRole('radio', { name: '90 days' })).toBeChecked()
    // 90 days to Tuesday 24 Nov: Thu 27 Aug–Sun 30 Aug, 12 whole weeks, Mon 23–Tue 24 Nov.
    expect(within(weekly).getAllByRole('row')).toHaveLength(15)
    expect(within(weekly).getByRole('row', { name: /31 Aug – 6 Sep/ })).toHaveTextContent('70')

    await user.click(screen.getByRole('radio', { name: '365 days' }))
    const monthly = await screen.findByRole('table', { name: 'Views by month, last 365 days' })
    expect(within(monthly).getAllByRole('row')).toHaveLength(14)
    expect(within(monthly).getByRole('row', { name: /December 2025/ })).toHaveTextContent('310')
    expect(screen.getByRole('table', { name: 'Book revenue by month, last 365 days' })).toHaveTextContent(
      '$155.00',
    )
  })

  it('opens on the range in the address', async () => {
    const fetch = stubFetch({ '/api/me/overview': answer(overview) })
    renderAt(<OverviewScreen />, '/overview?days=7')
    const table = await screen.findByRole('table', { name: 'Views by day, last 7 days' })
    expect(within(table).getAllByRole('row')).toHaveLength(8)
    expect(within(table).getByRole('row', { name: /Tuesday 24 November 2026/ })).toBeInTheDocument()
    expect(queryOf(callsTo(fetch, '/api/me/overview')[0][0])).toEqual({ days: '7' })
  })

  it('links the top posts, books and exams', async () => {
    stubFetch({ '/api/me/overview': answer(overview) })
    renderAt(<OverviewScreen />, '/overview')
    const top = await screen.findByRole('region', { name: 'Top of the period' })
    expect(within(top).getByRole('link', { name: /On gradients/ })).toHaveAttribute(
      'href',
      '/learn/w-1/on-gradients',
    )
    expect(within(top).getByRole('link', { name: /On gradients/ })).toHaveTextContent(
      '120 views · 9 likes · 1 comment',
    )
    expect(within(top).getByRole('link', { name: /Field notes/ })).toHaveAttribute('href', '/read/book-1')
    expect(within(top).getByRole('link', { name: /Field notes/ })).toHaveTextContent('3 sales · $15.00')
    expect(within(top).getByRole('link', { name: /Calculus I/ })).toHaveAttribute('href', '/examroom/exam-1')
    expect(within(top).getByRole('link', { name: /Calculus I/ })).toHaveTextContent('75% passed')
  })

  it('shows each newsletter of the period with how it went, and says when there was none', async () => {
    stubFetch({ '/api/me/overview': answer(overview) })
    renderAt(<OverviewScreen />, '/overview')
    const list = await screen.findByRole('region', { name: 'Newsletters' })
    expect(within(list).getByRole('link', { name: 'On gradients' })).toHaveAttribute(
      'href',
      '/learn/w-1/on-gradients',
    )
    expect(list).toHaveTextContent('Mailed 20 November 2026')
    for (const [term, value] of [
      ['recipients', '120'],
      ['sent', '117'],
      ['failed', '1'],
      ['bounced', '2'],
      ['unsubscribed', '3'],
    ]) {
      expect(within(list).getByText(term, { selector: 'dt' }).nextElementSibling).toHaveTextContent(value)
    }
  })

  it('says so when no post was e-mailed in the period', async () => {
    stubFetch({ '/api/me/overview': answer((days) => ({ ...overview(days), newsletters: [] })) })
    renderAt(<OverviewScreen />, '/overview')
    expect(await screen.findByRole('region', { name: 'Newsletters' })).toHaveTextContent(
      'No post was e-mailed to your subscribers in the last 30 days.',
    )
  })

  it('says what a section lacks instead of drawing an empty chart', async () => {
    stubFetch({
      '/api/me/overview': answer((days) => ({
        ...overview(days),
        top: { posts: [], books: [], exams: [] },
      })),
    })
    renderAt(<OverviewScreen />, '/overview')
    await screen.findByRole('table', { name: 'Views by day, last 30 days' })
    expect(screen.queryByRole('table', { name: /Exam attempts/ })).not.toBeInTheDocument()
    const exams = screen.getByRole('region', { name: 'Exams' })
    expect(exams).toHaveTextContent('No one has taken your exams in the last 30 days.')
    expect(within(exams).getByRole('link', { name: 'Post an exam' })).toHaveAttribute('href', '/postexam')
    expect(screen.getByRole('region', { name: 'Top posts' })).toHaveTextContent(
      'No post was read in the last 30 days.',
    )
  })

  it('tells someone with nothing yet what will appear, and where to start', async () => {
    const fetch = stubFetch({ '/api/me/overview': answer(NOTHING) })
    const { user } = renderAt(<OverviewScreen />, '/overview')
    expect(await screen.findByText('Nothing to show yet')).toBeInTheDocument()
    expect(screen.getByText(/you will see it here day by day/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Write a post' })).toHaveAttribute('href', '/post')
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
    expect(screen.getByText(/the first update has not run yet/)).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Look at the last 365 days' }))
    await waitFor(() =>
      expect(queryOf(callsTo(fetch, '/api/me/overview').at(-1)?.[0])).toEqual({ days: '365' }),
    )
    expect(await screen.findByText(/in the last 365 days or the 365 before/)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Look at the last 365 days' })).not.toBeInTheDocument()
  })

  it('says what failed and tries again', async () => {
    let fail = true
    stubFetch({
      '/api/me/overview': (url) =>
        fail
          ? errorResponse(429, 'rate_limited', 'Too many requests; wait a minute.')
          : answer(overview)(url),
    })
    const { user } = renderAt(<OverviewScreen />, '/overview')
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "We couldn't load your overview. Too many requests; wait a minute.",
    )
    fail = false
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('region', { name: 'Totals' })).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument())
  })

  it('shows placeholders while the first figures load', async () => {
    stubFetch({ '/api/me/overview': () => new Promise<Response>(() => {}) })
    renderAt(<OverviewScreen />, '/overview')
    expect(screen.getByRole('status', { name: 'Loading your overview' })).toBeInTheDocument()
    expect(screen.getByText('Loading the last 30 days…')).toBeInTheDocument()
  })
})
