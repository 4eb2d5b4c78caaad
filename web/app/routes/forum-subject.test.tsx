import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { fillEditor, useEditorLayout } from '#web/test/editor.ts'
import { bodyOf, callsTo, errorResponse, jsonResponse, queryOf, stubFetch } from '#web/test/fetch.ts'
import { forumSummary, thread, threadSummary } from '#web/test/forum-builders.ts'
import { LocationProbe, landedAt, renderRoutes } from '#web/test/render.tsx'
import ForumSubject from './forum-subject.tsx'

const FORUM = '/api/forum/subjects/mathematics'
const THREADS = `${FORUM}/threads`

function show(routes: Parameters<typeof stubFetch>[0], path = '/forum/mathematics') {
  const fetch = stubFetch({ [FORUM]: jsonResponse(forumSummary()), ...routes })
  const view = renderRoutes(
    [
      { path: '/forum/:subject', element: <ForumSubject /> },
      { path: '*', element: <LocationProbe /> },
    ],
    path,
  )
  return { ...view, fetch }
}

describe('A subject’s forum', () => {
  useEditorLayout()

  it('names the forum under its breadcrumb, with its counts and threads, and loads more', async () => {
    const { user, fetch } = show({
      [THREADS]: (url) =>
        queryOf(url).cursor
          ? jsonResponse({ items: [threadSummary({ id: 't2', title: 'Older question' })], nextCursor: null })
          : jsonResponse({ items: [threadSummary({ pinned: true })], nextCursor: 'next-1' }),
    })
    expect(await screen.findByRole('heading', { level: 1, name: 'Mathematics' })).toBeInTheDocument()
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' })
    expect(within(crumbs).getByRole('link', { name: 'Forums' })).toHaveAttribute('href', '/forum')
    expect(within(crumbs).getByText('Mathematics')).toHaveAttribute('aria-current', 'page')
    expect(screen.getByText('Numbers and proofs.')).toBeInTheDocument()
    expect(screen.getByText('1 thread · 2 replies')).toBeInTheDocument()
    expect(await screen.findByRole('link', { name: 'Why is 0.999… equal to 1?' })).toBeInTheDocument()
    expect(screen.getByText('Pinned')).toBeInTheDocument()
    expect(document.title).toBe('Mathematics forum · Inkwell')

    await user.click(screen.getByRole('button', { name: 'Load more threads' }))
    expect(await screen.findByRole('link', { name: 'Older question' })).toBeInTheDocument()
    expect(callsTo(fetch, THREADS).map(([url]) => queryOf(url))).toEqual([{}, { cursor: 'next-1' }])
    expect(screen.queryByRole('button', { name: 'Load more threads' })).not.toBeInTheDocument()
  })

  it('invites the first thread when there is none', async () => {
    const { user } = show({ [THREADS]: jsonResponse({ items: [], nextCursor: null }) })
    expect(await screen.findByText('No threads in Mathematics yet')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Start the first thread' }))
    expect(screen.getByRole('heading', { name: 'New thread in Mathematics' })).toBeInTheDocument()
    expect(screen.getByLabelText('Title')).toBeInTheDocument()
  })

  it('says so when there is no such forum', async () => {
    show(
      {
        '/api/forum/subjects/alchemy': errorResponse(404, 'not_found', 'No such subject'),
        '/api/forum/subjects/alchemy/threads': errorResponse(404, 'not_found', 'No such subject'),
      },
      '/forum/alchemy',
    )
    expect(
      await screen.findByRole('heading', { level: 1, name: "We don't have that forum" }),
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'See all forums' })).toHaveAttribute('href', '/forum')
    expect(document.title).toBe('Forum not found · Inkwell')
  })

  it('starts a thread: the server’s messages by the fields, then the new thread', async () => {
    const created = thread({ id: 'c1a7e0d2-0000-4000-8000-0000000000ff', title: 'Limits, gently' })
    let posts = 0
    const { user, fetch } = show({
      [THREADS]: jsonResponse({ items: [threadSummary()], nextCursor: null }),
      [`POST ${THREADS}`]: () => {
        posts += 1
        return posts === 1
          ? jsonResponse(
              {
                error: {
                  code: 'bad_request',
                  message: 'Check the thread',
                  fields: { title: 'Keep the title under 150 characters' },
                },
              },
              400,
            )
          : jsonResponse(created, 201)
      },
    })
    await user.click(await screen.findByRole('button', { name: 'New thread' }))
    await user.type(screen.getByLabelText('Title'), 'Limits, gently')
    fillEditor('Opening post', '<p>What is a limit?</p>')
    await user.click(screen.getByRole('button', { name: 'Post thread' }))
    expect(await screen.findByText('Keep the title under 150 characters')).toBeInTheDocument()
    expect(screen.getByLabelText('Title')).toHaveAttribute('aria-invalid', 'true')

    await user.click(screen.getByRole('button', { name: 'Post thread' }))
    expect(await landedAt()).toBe(`/forum/mathematics/${created.id}`)
    const sent = callsTo(fetch, THREADS).filter(([, init]) => init?.method === 'POST')
    expect(sent).toHaveLength(2)
    expect(bodyOf(sent[1][1])).toEqual({
      title: 'Limits, gently',
      bodyHtml: '<p>What is a limit?</p>',
    })
  })

  it('opens the composer from a link (?new=1) and closes it on Cancel', async () => {
    const { user, router } = show(
      { [THREADS]: jsonResponse({ items: [], nextCursor: null }) },
      '/forum/mathematics?new=1',
    )
    expect(await screen.findByRole('heading', { name: 'New thread in Mathematics' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('heading', { name: 'New thread in Mathematics' })).not.toBeInTheDocument()
    expect(router.state.location.search).toBe('')
  })
})
