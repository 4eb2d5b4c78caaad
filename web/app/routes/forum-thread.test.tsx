import { screen, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { Reply, Thread } from '#common/schemas/forums.ts'
import { meBody, SUBJECTS } from '#web/test/builders.ts'
import { fillEditor, useEditorLayout } from '#web/test/editor.ts'
import { fakeAuth } from '#web/test/fake-auth.ts'
import { installFakeEventSource } from '#web/test/fake-event-source.ts'
import { bodyOf, callsTo, errorResponse, jsonResponse, queryOf, stubFetch } from '#web/test/fetch.ts'
import { forumSummary, reply, thread } from '#web/test/forum-builders.ts'
import { LocationProbe, landedAt, renderRoutes } from '#web/test/render.tsx'
import ForumThread from './forum-thread.tsx'

vi.mock('#web/lib/auth-client.ts', () => import('#web/test/fake-auth.ts'))

const THREAD = thread()
const ID = THREAD.id
const PATH = `/forum/mathematics/${ID}`
const API = `/api/forum/threads/${ID}`
const GRACE = reply()
const MINE = reply({
  id: 'd2b8f1e3-0000-4000-8000-000000000002',
  position: 2,
  author: { id: 'user-1', name: 'Ada Writer', image: null },
  bodyHtml: '<p>Thanks, that helps.</p>',
  canEdit: true,
  canDelete: true,
})

interface World {
  thread: Thread
  pages: Record<number, Reply[]>
}

/** Plays the server: the thread and its pages as they are in `world` when asked. */
function show(world: World, path = PATH, extra: Parameters<typeof stubFetch>[0] = {}) {
  fakeAuth.signedIn()
  const fetch = stubFetch({
    '/api/me': jsonResponse(meBody()),
    [API]: () => jsonResponse(world.thread),
    [`${API}/replies`]: (url) => {
      const page = Number(queryOf(url).page ?? 1)
      return jsonResponse({ items: world.pages[page] ?? [], page, pageCount: world.thread.pageCount })
    },
    ...extra,
  })
  const view = renderRoutes(
    [
      { path: '/forum/:subject/:threadId', element: <ForumThread /> },
      { path: '*', element: <LocationProbe /> },
    ],
    path,
  )
  return { ...view, fetch }
}

const replyCalls = (fetch: ReturnType<typeof stubFetch>) =>
  callsTo(fetch, `${API}/replies`).filter(([, init]) => (init?.method ?? 'GET') === 'GET')

describe('A thread', () => {
  useEditorLayout()
  beforeEach(() => {
    Element.prototype.scrollIntoView = vi.fn()
  })

  it('moves an old link of a thread that was moved to its new forum, keeping the page and anchor', async () => {
    fakeAuth.signedIn()
    stubFetch({
      '/api/me': jsonResponse(meBody()),
      [API]: () => jsonResponse(THREAD),
      [`${API}/replies`]: jsonResponse({ items: [GRACE], page: 2, pageCount: 2 }),
    })
    renderRoutes(
      [
        {
          path: '/forum/:subject/:threadId',
          element: (
            <>
              <ForumThread />
              <LocationProbe />
            </>
          ),
        },
      ],
      `/forum/physics/${ID}?page=2`,
    )
    await vi.waitFor(async () => expect(await landedAt()).toBe(`${PATH}?page=2`))
    expect(await screen.findByRole('heading', { level: 1, name: THREAD.title })).toBeInTheDocument()
  })

  it('shows its breadcrumb, opening post and replies, with Report only on other people’s', async () => {
    show({ thread: THREAD, pages: { 1: [GRACE, MINE] } })
    expect(await screen.findByRole('heading', { level: 1, name: THREAD.title })).toBeInTheDocument()
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' })
    expect(within(crumbs).getByRole('link', { name: 'Mathematics' })).toHaveAttribute(
      'href',
      '/forum/mathematics',
    )
    const opening = screen.getByRole('article')
    expect(opening).toHaveTextContent('Tomás Reyes')
    expect(opening).toHaveTextContent('My teacher says they are the same number. How?')
    expect(within(opening).getByRole('button', { name: 'Report this thread' })).toBeInTheDocument()
    expect(within(opening).queryByRole('button', { name: /Edit/ })).not.toBeInTheDocument()

    const grace = await screen.findByRole('listitem', { name: 'Reply 1 by Grace Okafor' })
    expect(within(grace).getByRole('button', { name: 'Report this reply' })).toBeInTheDocument()
    const mine = screen.getByRole('listitem', { name: 'Reply 2 by Ada Writer' })
    expect(within(mine).queryByRole('button', { name: 'Report this reply' })).not.toBeInTheDocument()
    expect(within(mine).getByRole('button', { name: 'Edit' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: '2 replies' })).toBeInTheDocument()
    expect(document.title).toBe(`${THREAD.title} · Inkwell`)
  })

  it('watches and stops watching', async () => {
    const world = { thread: THREAD, pages: { 1: [GRACE] } }
    const { user, fetch } = show(world, PATH, {
      [`PUT ${API}/watch`]: (_url, init) => jsonResponse(bodyOf(init)),
    })
    await user.click(await screen.findByRole('button', { name: 'Watch' }))
    expect(await screen.findByRole('button', { name: 'Stop watching' })).toBeInTheDocument()
    expect(bodyOf(callsTo(fetch, '/watch')[0][1])).toEqual({ watching: true })
  })

  it('shows the accepted answer near the top, linking to it', async () => {
    const accepted = {
      replyId: GRACE.id,
      position: 1,
      page: 1,
      author: GRACE.author,
      excerpt: 'Subtract one…',
    }
    show({
      thread: thread({ answered: true, acceptedReply: accepted }),
      pages: { 1: [{ ...GRACE, accepted: true }] },
    })
    const box = await screen.findByRole('region', { name: 'Accepted answer' })
    expect(box).toHaveTextContent('by Grace Okafor')
    expect(box).toHaveTextContent('Subtract one…')
    expect(within(box).getByRole('link', { name: 'Read the answer (#1)' })).toHaveAttribute(
      'href',
      `${PATH}#reply-${GRACE.id}`,
    )
    expect(screen.getByText('Answered')).toBeInTheDocument()
  })

  it('reads the page in the address and moves between pages', async () => {
    const second = reply({
      id: 'd2b8f1e3-0000-4000-8000-000000000021',
      position: 21,
      bodyHtml: '<p>Page two</p>',
    })
    const { user, fetch } = show(
      { thread: thread({ pageCount: 2, replyCount: 21 }), pages: { 1: [GRACE], 2: [second] } },
      `${PATH}?page=2`,
    )
    expect(await screen.findByText('Page two')).toBeInTheDocument()
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument()
    const pages = screen.getByRole('navigation', { name: 'Reply pages' })
    expect(within(pages).getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page')
    await user.click(within(pages).getByRole('link', { name: 'Previous' }))
    expect(await screen.findByText('Subtract one from the other: what is left?')).toBeInTheDocument()
    expect(replyCalls(fetch).map(([url]) => queryOf(url).page)).toEqual(['2', '1'])
  })

  it('scrolls to the reply in the address', async () => {
    show({ thread: THREAD, pages: { 1: [GRACE, MINE] } }, `${PATH}#reply-${MINE.id}`)
    const target = await screen.findByRole('listitem', { name: 'Reply 2 by Ada Writer' })
    await vi.waitFor(() => expect(Element.prototype.scrollIntoView).toHaveBeenCalled())
    expect(vi.mocked(Element.prototype.scrollIntoView).mock.contexts[0]).toBe(target)
  })

  it('quotes a reply in the reply box, and sends the reply to its page', async () => {
    const world = { thread: THREAD, pages: { 1: [GRACE, MINE] } as Record<number, Reply[]> }
    const sent = reply({
      id: 'd2b8f1e3-0000-4000-8000-000000000003',
      position: 3,
      author: MINE.author,
      bodyHtml: '<p>Agreed.</p>',
      quote: { replyId: GRACE.id, position: 1, page: 1, author: GRACE.author, excerpt: 'Subtract one' },
    })
    const { user, fetch, router } = show(world, PATH, {
      [`POST ${API}/replies`]: () => {
        world.pages[1] = [GRACE, MINE, sent]
        world.thread = { ...world.thread, replyCount: 3 }
        return jsonResponse(sent, 201)
      },
    })
    const grace = await screen.findByRole('listitem', { name: 'Reply 1 by Grace Okafor' })
    await user.click(within(grace).getByRole('button', { name: 'Quote' }))
    const box = screen.getByRole('region', { name: 'Your reply' })
    expect(box).toHaveTextContent('Quoting Grace Okafor (#1)')
    expect(box).toHaveTextContent('Subtract one from the other: what is left?')
    // Tiptap focuses on the next animation frame.
    await vi.waitFor(() =>
      expect(document.activeElement).toBe(within(box).getByRole('textbox', { name: 'Reply' })),
    )

    await user.click(within(box).getByRole('button', { name: 'Remove the quote' }))
    expect(box).not.toHaveTextContent('Quoting')
    await user.click(within(grace).getByRole('button', { name: 'Quote' }))

    fillEditor('Reply', '<p>Agreed.</p>')
    await user.click(within(box).getByRole('button', { name: 'Post reply' }))
    expect(await screen.findByRole('listitem', { name: 'Reply 3 by Ada Writer' })).toBeInTheDocument()
    expect(bodyOf(callsTo(fetch, `${API}/replies`).find(([, init]) => init?.method === 'POST')?.[1])).toEqual(
      {
        bodyHtml: '<p>Agreed.</p>',
        quotedReplyId: GRACE.id,
      },
    )
    expect(router.state.location.hash).toBe(`#reply-${sent.id}`)
    expect(box).not.toHaveTextContent('Quoting')
    expect(within(box).getByRole('textbox', { name: 'Reply' })).toHaveTextContent('')
    await vi.waitFor(() =>
      expect(vi.mocked(Element.prototype.scrollIntoView).mock.contexts).toContain(
        document.getElementById(`reply-${sent.id}`),
      ),
    )
  })

  it('asks for a body before sending a reply', async () => {
    const { user, fetch } = show({ thread: THREAD, pages: { 1: [GRACE] } })
    await user.click(await screen.findByRole('button', { name: 'Post reply' }))
    expect(await screen.findByText('Write something')).toBeInTheDocument()
    expect(callsTo(fetch, `${API}/replies`).filter(([, init]) => init?.method === 'POST')).toHaveLength(0)
  })

  it('says a locked thread takes no replies', async () => {
    show({ thread: thread({ locked: true, canReply: false }), pages: { 1: [GRACE] } })
    expect(await screen.findByText('This thread is locked. New replies are closed.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Post reply' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Quote' })).not.toBeInTheDocument()
    expect(screen.getByText('Locked')).toBeInTheDocument()
  })

  it('stays live: a change is read again, and new pages are announced on an earlier page', async () => {
    const events = installFakeEventSource()
    const world = { thread: THREAD, pages: { 1: [GRACE] } as Record<number, Reply[]> }
    const { fetch, unmount } = show(world)
    await screen.findByRole('listitem', { name: 'Reply 1 by Grace Okafor' })
    const source = events.latest()
    expect(source.url).toBe(`${API}/stream`)
    source.open()

    world.pages[1] = [GRACE, MINE]
    world.thread = { ...world.thread, replyCount: 2 }
    source.emit('changed', {})
    expect(await screen.findByRole('listitem', { name: 'Reply 2 by Ada Writer' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: '2 replies' })).toBeInTheDocument()
    expect(screen.queryByText('New replies — go to the last page')).not.toBeInTheDocument()

    world.thread = { ...world.thread, replyCount: 21, pageCount: 2 }
    source.emit('changed', {})
    expect(await screen.findByRole('link', { name: 'New replies — go to the last page' })).toHaveAttribute(
      'href',
      `${PATH}?page=2`,
    )
    expect(callsTo(fetch, API).length).toBeGreaterThanOrEqual(3)

    unmount()
    expect(source.readyState).toBe(2)
  })

  it('reads the thread again when the stream reconnects', async () => {
    const events = installFakeEventSource()
    const world = { thread: THREAD, pages: { 1: [GRACE] } as Record<number, Reply[]> }
    show(world)
    await screen.findByRole('listitem', { name: 'Reply 1 by Grace Okafor' })
    const source = events.latest()
    source.open()
    world.pages[1] = [GRACE, MINE]
    source.fail()
    source.open()
    expect(await screen.findByRole('listitem', { name: 'Reply 2 by Ada Writer' })).toBeInTheDocument()
  })

  it('says so when the thread does not exist', async () => {
    show({ thread: THREAD, pages: {} }, PATH, { [API]: errorResponse(404, 'not_found', 'No such thread') })
    expect(
      await screen.findByRole('heading', { level: 1, name: "This thread isn't here" }),
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'See all forums' })).toHaveAttribute('href', '/forum')
    expect(document.title).toBe('Thread not found · Inkwell')
  })

  it('offers to try again when the thread cannot be read', async () => {
    let calls = 0
    const { user } = show({ thread: THREAD, pages: { 1: [] } }, PATH, {
      [API]: () => {
        calls += 1
        return calls === 1
          ? errorResponse(403, 'forbidden', 'Your account is suspended.')
          : jsonResponse(THREAD)
      },
    })
    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't load this thread.")
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('heading', { level: 1, name: THREAD.title })).toBeInTheDocument()
    expect(await screen.findByText('No replies yet')).toBeInTheDocument()
  })

  it('lets its author edit it in place', async () => {
    const mine = thread({ author: MINE.author, canEdit: true, canDelete: true, canAccept: true })
    const world = { thread: mine, pages: { 1: [GRACE] } }
    const { user, fetch } = show(world, PATH, {
      [`PATCH ${API}`]: (_url, init) => {
        world.thread = { ...mine, ...(bodyOf(init) as object), editedAt: new Date().toISOString() }
        return jsonResponse(world.thread)
      },
    })
    await user.click(await screen.findByRole('button', { name: 'Edit' }))
    const title = screen.getByLabelText('Title')
    await user.clear(title)
    await user.type(title, 'Is 0.999… really 1?')
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Is 0.999… really 1?' })).toBeInTheDocument()
    expect(screen.getByRole('article')).toHaveTextContent('· edited')
    expect(bodyOf(callsTo(fetch, API).find(([, init]) => init?.method === 'PATCH')?.[1])).toEqual({
      title: 'Is 0.999… really 1?',
      bodyHtml: mine.bodyHtml,
    })
  })

  it('lets its author delete it, after asking, and goes back to the forum', async () => {
    const mine = thread({ author: MINE.author, canEdit: true, canDelete: true })
    const { user, fetch } = show({ thread: mine, pages: { 1: [] } }, PATH, {
      [`DELETE ${API}`]: new Response(null, { status: 204 }),
    })
    await user.click(await screen.findByRole('button', { name: 'Delete' }))
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete this thread?' })).getByRole('button', {
        name: 'Delete thread',
      }),
    )
    expect(await landedAt()).toBe('/forum/mathematics')
    expect(callsTo(fetch, API).some(([, init]) => init?.method === 'DELETE')).toBe(true)
  })

  it('lets an admin pin, lock and move it', async () => {
    const moderated = thread({ canModerate: true, canDelete: true })
    const world = { thread: moderated, pages: { 1: [GRACE] } }
    const admin = `/api/admin/forum/threads/${ID}`
    const { user, fetch, router } = show(world, PATH, {
      '/api/forum': jsonResponse({ items: [forumSummary(), forumSummary({ subject: SUBJECTS[1] })] }),
      [`PATCH ${admin}`]: (_url, init) => {
        const change = bodyOf(init) as Partial<Thread>
        // As the server answers a move: the thread's subject is the new one.
        const subject = SUBJECTS.find((s) => s.slug === change.subjectSlug) ?? world.thread.subject
        world.thread = { ...world.thread, ...change, subject }
        return jsonResponse(world.thread)
      },
    })
    await user.click(await screen.findByRole('button', { name: 'Pin' }))
    expect(await screen.findByRole('button', { name: 'Unpin' })).toBeInTheDocument()
    expect(screen.getByText('Pinned')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Lock' }))
    expect(await screen.findByRole('button', { name: 'Unlock' })).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Move' }))
    const dialog = screen.getByRole('dialog', { name: 'Move this thread' })
    const select = within(dialog).getByLabelText('Move to')
    await within(dialog).findByRole('option', { name: 'Physics' })
    expect(within(dialog).queryByRole('option', { name: 'Mathematics' })).not.toBeInTheDocument()
    await user.selectOptions(select, 'physics')
    await user.click(within(dialog).getByRole('button', { name: 'Move thread' }))
    await vi.waitFor(() => expect(router.state.location.pathname).toBe(`/forum/physics/${ID}`))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(callsTo(fetch, admin).map(([, init]) => bodyOf(init))).toEqual([
      { pinned: true },
      { locked: true },
      { subjectSlug: 'physics' },
    ])
  })
})
