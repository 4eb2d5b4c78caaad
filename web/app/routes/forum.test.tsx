import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { SUBJECTS } from '#web/test/builders.ts'
import { deferred, errorResponse, jsonResponse, stubFetch } from '#web/test/fetch.ts'
import { forumSummary } from '#web/test/forum-builders.ts'
import { renderRoutes } from '#web/test/render.tsx'
import Forums from './forum.tsx'

const show = () => renderRoutes([{ path: '/forum', element: <Forums /> }], '/forum')

describe('Forums', () => {
  it('lists every subject’s forum with its counts and latest activity', async () => {
    stubFetch({
      '/api/forum': jsonResponse({
        items: [
          forumSummary(),
          forumSummary({ subject: SUBJECTS[1], threadCount: 0, replyCount: 0, lastActivity: null }),
        ],
      }),
    })
    show()
    const maths = (await screen.findByRole('link', { name: 'Mathematics' })).closest('li') as HTMLElement
    expect(within(maths).getByRole('link', { name: 'Mathematics' })).toHaveAttribute(
      'href',
      '/forum/mathematics',
    )
    expect(maths).toHaveTextContent('Numbers and proofs.')
    expect(maths).toHaveTextContent('1 thread')
    expect(maths).toHaveTextContent('2 replies')
    expect(maths).toHaveTextContent('Grace Okafor posted 2 hours ago in “Why is 0.999… equal to 1?”')
    expect(within(maths).getByRole('link', { name: '“Why is 0.999… equal to 1?”' })).toHaveAttribute(
      'href',
      '/forum/mathematics/c1a7e0d2-0000-4000-8000-000000000001',
    )
    const physics = screen.getByRole('link', { name: 'Physics' }).closest('li') as HTMLElement
    expect(physics).toHaveTextContent('0 threads')
    expect(physics).toHaveTextContent('No threads yet')
    expect(document.title).toBe('Forums · Inkwell')
  })

  it('shows that it is loading', async () => {
    const held = deferred<Response>()
    stubFetch({ '/api/forum': () => held.promise })
    show()
    expect(screen.getByRole('status')).toHaveTextContent('Loading the forums…')
    held.resolve(jsonResponse({ items: [forumSummary()] }))
    expect(await screen.findByRole('link', { name: 'Mathematics' })).toBeInTheDocument()
  })

  it('says what went wrong and tries again', async () => {
    let calls = 0
    stubFetch({
      '/api/forum': () => {
        calls += 1
        return calls === 1
          ? errorResponse(403, 'forbidden', 'Your account is suspended.')
          : jsonResponse({ items: [forumSummary()] })
      },
    })
    const { user } = show()
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "We couldn't load the forums. Your account is suspended.",
    )
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('link', { name: 'Mathematics' })).toBeInTheDocument()
  })
})
