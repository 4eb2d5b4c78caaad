import { screen, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { BOOK_ID, bookCard, chapterIdOf, libraryItem } from '#web/features/books/books.fixtures.ts'
import { meBody, myAttempt, postSummary } from '#web/test/builders.ts'
import { fakeAuth } from '#web/test/fake-auth.ts'
import { callsTo, errorResponse, jsonResponse, queryOf, stubFetch } from '#web/test/fetch.ts'
import { renderAt } from '#web/test/render.tsx'
import Dashboard from './dashboard.tsx'

vi.mock('#web/lib/auth-client.ts', () => import('#web/test/fake-auth.ts'))

const NONE = { items: [], nextCursor: null }

type Routes = Parameters<typeof stubFetch>[0]

const show = (me: Parameters<typeof meBody>[0], routes: Routes = {}) => {
  fakeAuth.signedIn()
  const fetch = stubFetch({
    '/api/me': jsonResponse(meBody(me)),
    '/api/me/posts': jsonResponse(NONE),
    '/api/me/exam-attempts': jsonResponse(NONE),
    '/api/me/library': jsonResponse(NONE),
    '/api/practice/summary': jsonResponse({ due: 0, cards: 0, nextDue: null }),
    '/api/me/mastery': jsonResponse([]),
    ...routes,
  })
  return { fetch, ...renderAt(<Dashboard />, '/dashboard') }
}

const shelf = (name: string) => screen.getByRole('region', { name })
const workspace = () => screen.getByRole('region', { name: 'Your workspace' })

describe('Dashboard', () => {
  beforeEach(() => localStorage.clear())

  it('says Welcome on the first visit and Welcome back after it', async () => {
    const first = show({ name: 'Grace Okafor', onboarded: true })
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Grace' })).toBeInTheDocument()
    first.unmount()
    show({ name: 'Grace Okafor', onboarded: true })
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, Grace' })).toBeInTheDocument()
  })

  it('shows a reader their reading and practice first, and the writer’s tools in one row', async () => {
    show({ intent: 'read' }, { '/api/practice/summary': jsonResponse({ due: 3, cards: 8, nextDue: null }) })
    const practice = await screen.findByRole('region', { name: 'Practice' })
    expect(await within(practice).findByText('3 cards due')).toBeInTheDocument()
    expect(within(practice).getByRole('link', { name: 'Practise now' })).toHaveAttribute('href', '/practice')
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)
    expect(headings.slice(0, 5)).toEqual([
      'Continue reading',
      'Practice',
      'My library',
      'Your subjects',
      'Exam attempts',
    ])
    expect(screen.queryByRole('region', { name: 'My recent posts' })).not.toBeInTheDocument()
    const places = within(workspace())
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'))
    expect(places).toEqual(['/highlights', '/reading-list', '/notifications', '/subscriptions', '/settings'])
    const writing = screen.getByRole('region', { name: 'Write on Inkwell' })
    expect(
      within(writing)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/topics', '/post', '/postbook', '/postexam', '/pending', '/overview', '/earnings'])
  })

  it('says when practice is all caught up, and what it is before the first missed question', async () => {
    const later = new Date(Date.now() + 3 * 24 * 60 * 60_000).toISOString()
    const first = show({}, { '/api/practice/summary': jsonResponse({ due: 0, cards: 1, nextDue: later }) })
    const practice = await screen.findByRole('region', { name: 'Practice' })
    expect(await within(practice).findByText('All caught up')).toBeInTheDocument()
    expect(practice).toHaveTextContent('The next card is due in 3 days. 1 card in your practice.')
    first.unmount()
    show({})
    const empty = await screen.findByRole('region', { name: 'Practice' })
    expect(await within(empty).findByText(/Questions you miss in an exam come back here/)).toBeInTheDocument()
    expect(within(empty).getByRole('link', { name: 'Find an exam to take' })).toHaveAttribute(
      'href',
      '/exams',
    )
  })

  it('greets someone who writes with every place they work, writer’s tools first', async () => {
    show({ name: 'Grace Okafor', onboarded: true, intent: 'write' })

    expect(await screen.findByRole('heading', { level: 1, name: /Grace/ })).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Write on Inkwell' })).not.toBeInTheDocument()
    const links = within(workspace())
      .getAllByRole('link')
      .map((link) => [link.querySelector('span > span')?.textContent, link.getAttribute('href')])
    expect(links).toEqual([
      ['My posts', '/topics'],
      ['Write a post', '/post'],
      ['My books', '/postbook'],
      ['Post an exam', '/postexam'],
      ['My highlights', '/highlights'],
      ['Reading list', '/reading-list'],
      ['Pending', '/pending'],
      ['Overview', '/overview'],
      ['Earnings', '/earnings'],
      ['Notifications', '/notifications'],
      ['Subscriptions', '/subscriptions'],
      ['Settings', '/settings'],
    ])
    expect(screen.queryByRole('link', { name: 'Finish your profile' })).not.toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Admin' })).not.toBeInTheDocument()
  })

  it('shows my latest posts with their status, published ones opening as readers see them', async () => {
    const { fetch } = show(
      {},
      {
        '/api/me/posts': jsonResponse({
          items: [
            postSummary({ title: 'The lighthouse keeper' }),
            postSummary({
              id: '7d0f3a52-0000-4000-8000-000000000002',
              title: 'Waves and tides',
              slug: 'waves-and-tides',
              status: 'published',
              publishedAt: new Date(Date.now() - 3 * 24 * 60 * 60_000).toISOString(),
              views: 1204,
            }),
          ],
          nextCursor: 'more',
        }),
      },
    )
    const draft = await within(await screen.findByRole('region', { name: 'My recent posts' })).findByRole(
      'link',
      { name: /The lighthouse keeper/ },
    )
    expect(draft).toHaveAttribute('href', '/post?id=7d0f3a52-0000-4000-8000-000000000001')
    expect(draft).toHaveTextContent('Draft')
    expect(draft).toHaveTextContent('Edited 2 hours ago')
    const published = within(shelf('My recent posts')).getByRole('link', { name: /Waves and tides/ })
    expect(published).toHaveAttribute('href', '/learn/user-1/waves-and-tides')
    expect(published).toHaveTextContent('Published 3 days ago')
    expect(published).toHaveTextContent('1,204 views')
    expect(within(shelf('My recent posts')).getByRole('link', { name: 'All my posts' })).toHaveAttribute(
      'href',
      '/topics',
    )
    // A few, not the whole list.
    expect(queryOf(callsTo(fetch, '/api/me/posts')[0][0])).toEqual({ limit: '5' })
    expect(within(shelf('My recent posts')).queryByText(/Write your first post/)).not.toBeInTheDocument()
  })

  it('shows my latest exam attempts with pass or fail and score, each opening its results', async () => {
    const { fetch } = show(
      {},
      {
        '/api/me/exam-attempts': jsonResponse({
          items: [
            myAttempt(),
            myAttempt({ id: '3c1d6a40-0000-4000-8000-0000000000a2', passed: false, percent: 40, score: 4 }),
          ],
          nextCursor: null,
        }),
      },
    )
    const region = await screen.findByRole('region', { name: 'Exam attempts' })
    const [passed, failed] = await within(region).findAllByRole('link', { name: /Mechanics check-up/ })
    expect(passed).toHaveAttribute('href', '/examresults/3b0f6a52-0000-4000-8000-000000000001')
    expect(passed).toHaveTextContent('Passed')
    expect(passed).toHaveTextContent('70% (7/10)')
    expect(passed).toHaveTextContent('yesterday')
    expect(failed).toHaveTextContent('Not passed')
    expect(failed).toHaveTextContent('40% (4/10)')
    expect(within(region).getByRole('link', { name: 'All attempts' })).toHaveAttribute(
      'href',
      '/exams?tab=attempts',
    )
    expect(queryOf(callsTo(fetch, '/api/me/exam-attempts')[0][0])).toEqual({ limit: '5' })
  })

  it('keeps honest empty states: no posts, no attempts, and no books yet', async () => {
    show({ intent: 'both' })
    expect(await screen.findByRole('link', { name: 'Write your first post' })).toHaveAttribute(
      'href',
      '/post',
    )
    expect(await screen.findByRole('link', { name: 'Go to the Exams Room' })).toHaveAttribute(
      'href',
      '/exams',
    )
    expect(within(shelf('My library')).getByText(/Books you buy or add for free/)).toBeInTheDocument()
    expect(within(shelf('Continue reading')).getByText(/The books you’re reading/)).toBeInTheDocument()
    expect(within(shelf('My library')).getByRole('link', { name: 'Browse the Books Store' })).toHaveAttribute(
      'href',
      '/books',
    )
  })

  it('keeps my books in My library, each with whether I have started it', async () => {
    const { fetch } = show(
      {},
      {
        '/api/me/library': jsonResponse({
          items: [
            libraryItem(),
            libraryItem({
              book: bookCard({ id: '5a0b7c1e-0000-4000-8000-0000000000b2', title: 'Waves for Beginners' }),
              position: {
                chapterId: chapterIdOf(2),
                progress: 0.3,
                updatedAt: new Date(Date.now() - 3_600_000).toISOString(),
              },
              chapter: { position: 2, title: 'A ship in the fog' },
              through: 0.4333,
            }),
          ],
          nextCursor: null,
        }),
      },
    )
    const library = await screen.findByRole('region', { name: 'My library' })
    const unread = await within(library).findByRole('link', { name: /The Lighthouse Keeper/ })
    expect(unread).toHaveAttribute('href', `/read/${BOOK_ID}`)
    expect(unread).toHaveTextContent('Grace Okafor · Not started')
    const started = within(library).getByRole('link', { name: /Waves for Beginners/ })
    expect(started).toHaveAttribute(
      'href',
      `/read/5a0b7c1e-0000-4000-8000-0000000000b2?chapter=${chapterIdOf(2)}`,
    )
    expect(started).toHaveTextContent('43% read · Last read 1 hour ago')
    expect(queryOf(callsTo(fetch, '/api/me/library')[0][0])).toEqual({ limit: '20' })
    expect(within(library).queryByText(/Books you buy or add for free/)).not.toBeInTheDocument()
  })

  it('continues the book I read last, at its chapter, with how far through it I am', async () => {
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString()
    show(
      {},
      {
        '/api/me/library': jsonResponse({
          items: [
            libraryItem({
              book: bookCard({ id: '5a0b7c1e-0000-4000-8000-0000000000b2', title: 'Waves for Beginners' }),
              position: { chapterId: chapterIdOf(1), progress: 0.9, updatedAt: at(600) },
            }),
            libraryItem({
              position: { chapterId: chapterIdOf(2), progress: 0.5, updatedAt: at(5) },
              chapter: { position: 2, title: 'A ship in the fog' },
              through: 0.5,
            }),
            libraryItem({
              book: bookCard({ id: '5a0b7c1e-0000-4000-8000-0000000000b3', title: 'Unopened' }),
            }),
          ],
          nextCursor: null,
        }),
      },
    )
    const shelf = await screen.findByRole('region', { name: 'Continue reading' })
    expect(await within(shelf).findByText('Chapter 2: A ship in the fog')).toBeInTheDocument()
    expect(within(shelf).getByText('The Lighthouse Keeper', { selector: 'p' })).toBeInTheDocument()
    // (1 chapter + half of the second) of 3.
    expect(within(shelf).getByText('50% through the book')).toBeInTheDocument()
    expect(
      within(shelf).getByRole('link', { name: 'Continue reading The Lighthouse Keeper' }),
    ).toHaveAttribute('href', `/read/${BOOK_ID}?chapter=${chapterIdOf(2)}`)
  })

  it('keeps Continue reading an honest empty state while no book is started', async () => {
    show({}, { '/api/me/library': jsonResponse({ items: [libraryItem()], nextCursor: null }) })
    const shelf = await screen.findByRole('region', { name: 'Continue reading' })
    expect(await within(shelf).findByText(/The books you’re reading will appear here/)).toBeInTheDocument()
    expect(within(shelf).getByRole('link', { name: 'Find a book to read' })).toHaveAttribute('href', '/books')
  })

  it('says when a shelf cannot be loaded, and tries again', async () => {
    let fail = true
    const { user } = show(
      { intent: 'write' },
      {
        '/api/me/posts': () =>
          fail
            ? errorResponse(429, 'rate_limited', 'Too many requests: try again in a minute')
            : jsonResponse({ items: [postSummary()], nextCursor: null }),
      },
    )
    const region = await screen.findByRole('region', { name: 'My recent posts' })
    expect(await within(region).findByRole('alert')).toHaveTextContent("We couldn't load your posts.")
    fail = false
    await user.click(within(region).getByRole('button', { name: 'Try again' }))
    expect(await within(region).findByRole('link', { name: /The lighthouse keeper/ })).toBeInTheDocument()
  })

  it('nudges someone whose profile is not finished back to the welcome step, and only them', async () => {
    show({ onboarded: false })
    expect(await screen.findByRole('link', { name: 'Finish your profile' })).toHaveAttribute(
      'href',
      '/welcome',
    )
  })

  it('shows admins what waits for them, each count leading to where it is decided', async () => {
    show(
      { role: 'admin' },
      { '/api/admin/waiting': jsonResponse({ posts: 2, exams: 1, reports: 4, payouts: 1 }) },
    )
    const desk = await screen.findByRole('region', { name: 'Admin' })
    expect(await within(desk).findByText('8 items are waiting for you.')).toBeInTheDocument()
    expect(within(desk).getByRole('link', { name: '2 Posts in review' })).toHaveAttribute('href', '/pending')
    expect(within(desk).getByRole('link', { name: '1 Exam in review' })).toHaveAttribute('href', '/pending')
    expect(within(desk).getByRole('link', { name: '4 Open reports' })).toHaveAttribute(
      'href',
      '/admin?tab=reports',
    )
    expect(within(desk).getByRole('link', { name: '1 Payout request' })).toHaveAttribute(
      'href',
      '/admin?tab=payouts',
    )
    expect(within(desk).getByRole('link', { name: 'Open admin' })).toHaveAttribute('href', '/admin')
    // It promises what /admin has, and nothing it has not.
    expect(desk).toHaveTextContent(
      'users and roles, platform totals, reports, orders and refunds, payouts to writers, contact messages, subjects, and notices to everyone',
    )
    expect(desk).not.toHaveTextContent(/review queue/i)
    // The review queue is a workplace of its own, with its count.
    expect(within(workspace()).getByRole('link', { name: /Review queue, 3 waiting/ })).toHaveAttribute(
      'href',
      '/pending',
    )
    expect(within(workspace()).queryByRole('link', { name: /^Pending/ })).not.toBeInTheDocument()
  })

  it('tells an admin when nothing waits', async () => {
    show({ role: 'admin' }, { '/api/admin/waiting': jsonResponse({ posts: 0, exams: 0, reports: 0 }) })
    const desk = await screen.findByRole('region', { name: 'Admin' })
    expect(await within(desk).findByText('Nothing is waiting for you. All caught up.')).toBeInTheDocument()
    expect(within(workspace()).getByRole('link', { name: /^Review queue/ })).not.toHaveTextContent(/\d/)
  })

  it('says when the profile cannot be loaded', async () => {
    fakeAuth.signedIn()
    stubFetch({
      '/api/me': errorResponse(404, 'not_found', 'Your profile does not exist yet'),
      '/api/me/posts': jsonResponse(NONE),
      '/api/me/exam-attempts': jsonResponse(NONE),
      '/api/me/library': jsonResponse(NONE),
      '/api/practice/summary': jsonResponse({ due: 0, cards: 0, nextDue: null }),
    })
    renderAt(<Dashboard />, '/dashboard')
    expect(await screen.findByRole('alert')).toHaveTextContent('Your profile does not exist yet')
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument()
  })
})
