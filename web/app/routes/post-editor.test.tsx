import { act, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Post } from '#common/schemas/posts.ts'
import { meBody, SUBJECTS_WITH_COUNTS } from '#web/test/builders.ts'
import { fillEditor, useEditorLayout } from '#web/test/editor.ts'
import { fakeAuth } from '#web/test/fake-auth.ts'
import { bodyOf, callsTo, deferred, errorResponse, jsonResponse, stubFetch } from '#web/test/fetch.ts'
import { landedAt, renderAt } from '#web/test/render.tsx'
import PostEditor from './post-editor.tsx'

vi.mock('#web/lib/auth-client.ts', () => import('#web/test/fake-auth.ts'))

const POST_ID = '7d0f3a52-0000-4000-8000-000000000001'

function post(overrides: Partial<Post> = {}): Post {
  return Post.parse({
    id: POST_ID,
    authorId: 'user-1',
    category: 'fiction',
    subjectSlug: null,
    title: 'The lighthouse keeper',
    slug: 'the-lighthouse-keeper',
    excerpt: '',
    coverImage: null,
    tags: [],
    access: 'free',
    status: 'draft',
    rejectionReason: null,
    createdAt: '2026-11-20T09:00:00.000Z',
    updatedAt: '2026-11-20T09:00:00.000Z',
    publishedAt: null,
    emailSubscribers: true,
    likes: 0,
    comments: 0,
    views: 0,
    bodyHtml: '<p>It was a dark night.</p>',
    ...overrides,
  })
}

const echo =
  (status: Post['status'] = 'draft') =>
  (_url: string, init?: RequestInit) =>
    jsonResponse(post({ ...(bodyOf(init) as Partial<Post>), status }), 201)

function show(path: string, routes: Parameters<typeof stubFetch>[0] = {}, role: 'user' | 'admin' = 'user') {
  fakeAuth.signedIn()
  const fetch = stubFetch({
    '/api/me': jsonResponse(meBody({ role })),
    '/api/subjects': jsonResponse(SUBJECTS_WITH_COUNTS),
    ...routes,
  })
  return { fetch, ...renderAt(<PostEditor />, path) }
}

afterEach(() => {
  vi.useRealTimers()
})

const methodCalls = (fetch: ReturnType<typeof stubFetch>, method: string) =>
  fetch.mock.calls.filter(([, init]) => init?.method === method)

describe('Post editor', () => {
  useEditorLayout()

  it('mounts the editor with its labelled toolbar and a live word count', async () => {
    show(`/post?id=${POST_ID}`, { [`/api/posts/${POST_ID}`]: jsonResponse(post()) })
    const toolbar = await screen.findByRole('toolbar', { name: 'Formatting' })
    for (const name of [
      'Heading 2',
      'Heading 3',
      'Bold',
      'Italic',
      'Link',
      'Bullet list',
      'Numbered list',
      'Quote',
      'Code block',
      'Image',
      'Undo',
      'Redo',
    ]) {
      expect(within(toolbar).getByRole('button', { name })).toBeInTheDocument()
    }
    expect(screen.getByLabelText('Title')).toHaveValue('The lighthouse keeper')
    expect(screen.getByText('5 words')).toBeInTheDocument()
    expect(screen.getByText('Draft')).toBeInTheDocument()
  })

  it('refuses an academic post without a subject, under the field, and sends nothing', async () => {
    const { fetch, user } = show('/post')
    await user.type(await screen.findByLabelText('Title'), 'Vectors, gently')
    await user.click(screen.getByRole('button', { name: 'Save draft' }))
    expect(await screen.findByText('Choose a subject for an academic post')).toBeInTheDocument()
    expect(screen.getByLabelText('Subject')).toHaveAttribute('aria-invalid', 'true')
    expect(callsTo(fetch, '/api/posts')).toHaveLength(0)
  })

  it('autosaves two seconds after the last change: creates the post once it has a body, then patches it', async () => {
    const { fetch } = show('/post', {
      'POST /api/posts': echo(),
      [`PATCH /api/posts/${POST_ID}`]: (_url, init) => jsonResponse(post(bodyOf(init) as Partial<Post>)),
      [`/api/posts/${POST_ID}`]: jsonResponse(post()),
    })
    const title = await screen.findByLabelText('Title')
    fireEvent.click(screen.getByLabelText('Fiction'))
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    vi.setSystemTime(new Date('2026-11-21T14:05:00'))

    fireEvent.change(title, { target: { value: 'The light' } })
    await act(() => vi.advanceTimersByTimeAsync(1500))
    fireEvent.change(title, { target: { value: 'The lighthouse' } })
    await act(() => vi.advanceTimersByTimeAsync(2100))
    expect(callsTo(fetch, '/api/posts')).toHaveLength(0) // a title alone is not worth a draft

    fillEditor('Post body', '<p>It was a dark night.</p>')
    await act(() => vi.advanceTimersByTimeAsync(1500))
    expect(callsTo(fetch, '/api/posts')).toHaveLength(0) // still typing: the clock restarted
    await act(() => vi.advanceTimersByTimeAsync(600))
    const creates = methodCalls(fetch, 'POST')
    expect(creates).toHaveLength(1)
    expect(bodyOf(creates[0][1])).toMatchObject({
      title: 'The lighthouse',
      category: 'fiction',
      bodyHtml: '<p>It was a dark night.</p>',
    })
    expect(screen.getByText('Saved at 14:05')).toBeInTheDocument()

    fireEvent.change(title, { target: { value: 'The lighthouse keeper' } })
    await act(() => vi.advanceTimersByTimeAsync(2100))
    const patches = methodCalls(fetch, 'PATCH')
    expect(patches).toHaveLength(1)
    expect(String(patches[0][0])).toBe(`/api/posts/${POST_ID}`)
    expect(bodyOf(patches[0][1])).toMatchObject({ title: 'The lighthouse keeper' })
    expect(methodCalls(fetch, 'POST')).toHaveLength(1)
  })

  it('leaves no draft behind when the page is left with only a title, or an empty body', async () => {
    const { fetch, router } = show('/post', { 'POST /api/posts': echo() })
    const title = await screen.findByLabelText('Title')
    fireEvent.click(screen.getByLabelText('Fiction'))
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    fireEvent.change(title, { target: { value: 'A title and nothing else' } })
    fillEditor('Post body', '<p> </p><p></p>')
    await act(() => vi.advanceTimersByTimeAsync(5000))
    await act(() => router.navigate('/topics'))
    await act(() => vi.advanceTimersByTimeAsync(5000))
    expect(callsTo(fetch, '/api/posts')).toHaveLength(0)
  })

  it('creates one draft per editing session: later saves wait for it and use its id, leaving included', async () => {
    const created = deferred<Response>()
    const { fetch, router } = show('/post', {
      'POST /api/posts': () => created.promise,
      [`PATCH /api/posts/${POST_ID}`]: (_url, init) => jsonResponse(post(bodyOf(init) as Partial<Post>)),
    })
    const title = await screen.findByLabelText('Title')
    fireEvent.click(screen.getByLabelText('Fiction'))
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    fireEvent.change(title, { target: { value: 'Fast' } })
    fillEditor('Post body', '<p>One</p>')
    await act(() => vi.advanceTimersByTimeAsync(2100))
    expect(methodCalls(fetch, 'POST')).toHaveLength(1) // on its way, slowly

    // Fast typing meets the timer again, and the writer presses Save draft: both wait for the first.
    fillEditor('Post body', '<p>One two</p>')
    await act(() => vi.advanceTimersByTimeAsync(2100))
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }))
    await act(() => vi.advanceTimersByTimeAsync(100))
    expect(methodCalls(fetch, 'POST')).toHaveLength(1)
    expect(methodCalls(fetch, 'PATCH')).toHaveLength(0)

    await act(async () => created.resolve(jsonResponse(post({ title: 'Fast', bodyHtml: '<p>One</p>' }), 201)))
    await act(() => vi.advanceTimersByTimeAsync(100))
    expect(methodCalls(fetch, 'PATCH').map(([url, init]) => [url, bodyOf(init)])).toEqual([
      [`/api/posts/${POST_ID}`, expect.objectContaining({ bodyHtml: '<p>One two</p>' })],
    ])
    expect(router.state.location.search).toBe(`?id=${POST_ID}`)

    // Leaving before the timer: the last words are saved, to the same post.
    fillEditor('Post body', '<p>One two three</p>')
    await act(() => router.navigate('/topics'))
    await act(() => vi.advanceTimersByTimeAsync(100))
    const patches = methodCalls(fetch, 'PATCH')
    expect(patches).toHaveLength(2)
    expect(bodyOf(patches[1][1])).toMatchObject({ bodyHtml: '<p>One two three</p>' })
    expect(methodCalls(fetch, 'POST')).toHaveLength(1)
    expect(router.state.location.pathname).toBe('/topics')
  })

  it('says when a save fails and retries on demand', async () => {
    let fail = true
    const { fetch, user } = show(`/post?id=${POST_ID}`, {
      [`/api/posts/${POST_ID}`]: jsonResponse(post()),
      [`PATCH /api/posts/${POST_ID}`]: () =>
        fail ? errorResponse(500, 'internal', 'Something broke') : jsonResponse(post({ title: 'Lamps' })),
    })
    const title = await screen.findByLabelText('Title')
    await user.clear(title)
    await user.type(title, 'Lamps')
    await user.click(screen.getByRole('button', { name: 'Save draft' }))
    expect(await screen.findByText(/Couldn't save/)).toBeInTheDocument()
    fail = false
    await user.click(screen.getByRole('button', { name: 'retry' }))
    expect(await screen.findByText(/Saved at/)).toBeInTheDocument()
    expect(callsTo(fetch, `/api/posts/${POST_ID}`).filter(([, i]) => i?.method === 'PATCH')).toHaveLength(2)
  })

  it('shows the reviewer’s reason on a rejected post', async () => {
    show(`/post?id=${POST_ID}`, {
      [`/api/posts/${POST_ID}`]: jsonResponse(
        post({ status: 'rejected', rejectionReason: 'Cite your sources.' }),
      ),
    })
    expect(await screen.findByRole('alert')).toHaveTextContent('Cite your sources.')
    expect(screen.getByText('Rejected')).toBeInTheDocument()
  })

  it('submits for review after a confirmation, then lands on My posts with a toast', async () => {
    const { fetch, user } = show(`/post?id=${POST_ID}`, {
      [`/api/posts/${POST_ID}`]: jsonResponse(post()),
      [`POST /api/posts/${POST_ID}/submit`]: jsonResponse(post({ status: 'pending' })),
    })
    await user.click(await screen.findByRole('button', { name: 'Submit for review' }))
    const dialog = await screen.findByRole('dialog', { name: 'Submit for review?' })
    expect(callsTo(fetch, '/submit')).toHaveLength(0)
    await user.click(within(dialog).getByRole('button', { name: 'Submit for review' }))
    expect(await landedAt()).toBe('/topics')
    expect(await screen.findByText('Your post is in the review queue.')).toBeInTheDocument()
    expect(callsTo(fetch, '/submit')).toHaveLength(1)
  })

  it('explains, instead of submitting, when the post has no text yet', async () => {
    const { fetch, user } = show(`/post?id=${POST_ID}`, {
      [`/api/posts/${POST_ID}`]: jsonResponse(post({ bodyHtml: '<p> </p>' })),
    })
    await user.click(await screen.findByRole('button', { name: 'Submit for review' }))
    const dialog = await screen.findByRole('dialog', { name: 'Your post has no text yet' })
    expect(dialog).toHaveAccessibleDescription(
      'Write something before you submit it: a post needs text or an image. Your draft stays as it is.',
    )
    expect(within(dialog).queryByRole('button', { name: 'Submit for review' })).not.toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Keep writing' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(callsTo(fetch, '/submit')).toHaveLength(0)
  })

  it('shows the server’s reason in the dialog when it refuses an empty body', async () => {
    const why = 'Write something first: a post needs text or an image before it is reviewed'
    const { user } = show(`/post?id=${POST_ID}`, {
      [`/api/posts/${POST_ID}`]: jsonResponse(post()),
      [`POST /api/posts/${POST_ID}/submit`]: jsonResponse(
        { error: { code: 'bad_request', message: 'This post has no text yet', fields: { bodyHtml: why } } },
        400,
      ),
    })
    await user.click(await screen.findByRole('button', { name: 'Submit for review' }))
    const ask = await screen.findByRole('dialog', { name: 'Submit for review?' })
    await user.click(within(ask).getByRole('button', { name: 'Submit for review' }))
    const dialog = await screen.findByRole('dialog', { name: 'Your post has no text yet' })
    expect(dialog).toHaveAccessibleDescription(why)
    expect(screen.queryByText('This post has no text yet')).not.toBeInTheDocument() // no toast
  })

  it('offers admins Publish instead', async () => {
    show(`/post?id=${POST_ID}`, { [`/api/posts/${POST_ID}`]: jsonResponse(post()) }, 'admin')
    expect(await screen.findByRole('button', { name: 'Publish' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Submit for review' })).not.toBeInTheDocument()
  })

  it("shows a not-found state for someone else's post", async () => {
    show(`/post?id=${POST_ID}`, {
      [`/api/posts/${POST_ID}`]: errorResponse(404, 'not_found', 'That post does not exist'),
    })
    expect(await screen.findByText("We can't find that post")).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'My posts' })).toHaveAttribute('href', '/topics')
  })
})

describe('Post editor: the newsletter', () => {
  useEditorLayout()
  const box = () => screen.findByRole('checkbox', { name: 'Email this post to my subscribers' })

  it('is ticked for a new post and sent as emailSubscribers; unticking it is saved too', async () => {
    const { fetch, user } = show(`/post?id=${POST_ID}`, {
      [`/api/posts/${POST_ID}`]: jsonResponse(post()),
      [`PATCH /api/posts/${POST_ID}`]: (_url, init) => jsonResponse(post(bodyOf(init) as Partial<Post>)),
    })
    expect(await box()).toBeChecked()
    expect(await box()).toBeEnabled()
    expect(await box()).toHaveAccessibleDescription(
      'Sent once, when it is published, to everyone who follows you.',
    )
    await user.click(await box())
    expect(await box()).not.toBeChecked()
    await user.click(screen.getByRole('button', { name: 'Save draft' }))
    expect(await screen.findByText('Draft saved.')).toBeInTheDocument()
    const [patch] = methodCalls(fetch, 'PATCH')
    expect(bodyOf(patch[1])).toMatchObject({ emailSubscribers: false })
  })

  it('says who gets what for a subscribers-only post', async () => {
    show(`/post?id=${POST_ID}`, { [`/api/posts/${POST_ID}`]: jsonResponse(post({ access: 'subscribers' })) })
    expect(await box()).toHaveAccessibleDescription(
      'Sent once, when it is published: whole to paying subscribers, the excerpt to free followers.',
    )
  })

  it('keeps an unticked draft unticked when it is opened again', async () => {
    show(`/post?id=${POST_ID}`, {
      [`/api/posts/${POST_ID}`]: jsonResponse(post({ emailSubscribers: false })),
    })
    expect(await box()).not.toBeChecked()
    expect(await box()).toBeEnabled()
  })

  it.each([
    [true, 'It was e-mailed to your subscribers when it was first published.'],
    [false, 'It was not e-mailed: you chose not to when it was first published.'],
  ])('once published (emailSubscribers %s), only says what happened', async (emailed, line) => {
    const { fetch, user } = show(`/post?id=${POST_ID}`, {
      [`/api/posts/${POST_ID}`]: jsonResponse(
        post({ status: 'published', publishedAt: '2026-11-21T10:00:00.000Z', emailSubscribers: emailed }),
      ),
      [`PATCH /api/posts/${POST_ID}`]: (_url, init) =>
        jsonResponse(
          post({
            ...(bodyOf(init) as Partial<Post>),
            status: 'pending',
            publishedAt: '2026-11-21T10:00:00.000Z',
          }),
        ),
    })
    expect(await box()).toBeDisabled()
    expect(await box()).toHaveProperty('checked', emailed)
    expect(await box()).toHaveAccessibleDescription(line)
    // An edit afterwards sends the choice as it was, whatever the box shows.
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'The lighthouse keeper, again' } })
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(await screen.findByText('Changes saved.')).toBeInTheDocument()
    expect(bodyOf(methodCalls(fetch, 'PATCH')[0][1])).toMatchObject({ emailSubscribers: emailed })
  })

  it('a post back in review after publication stays as it was mailed', async () => {
    show(`/post?id=${POST_ID}`, {
      [`/api/posts/${POST_ID}`]: jsonResponse(
        post({ status: 'pending', publishedAt: '2026-11-21T10:00:00.000Z', emailSubscribers: true }),
      ),
    })
    expect(await box()).toBeDisabled()
    expect(await box()).toBeChecked()
  })
})
