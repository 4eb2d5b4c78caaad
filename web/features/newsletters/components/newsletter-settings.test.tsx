import { screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { NewsletterPreferences } from '#common/schemas/newsletters.ts'
import { bodyOf, callsTo, errorResponse, jsonResponse, stubFetch } from '#web/test/fetch.ts'
import { renderAt } from '#web/test/render.tsx'
import { NewsletterSettings } from './newsletter-settings.tsx'

vi.mock('#web/lib/auth-client.ts', () => import('#web/test/fake-auth.ts'))

const EMAIL = 'rosa@example.com'

function preferences(overrides: Partial<NewsletterPreferences> = {}): NewsletterPreferences {
  return {
    newsletters: true,
    digest: false,
    bounce: null,
    writers: [
      { writerId: 'grace-id', name: 'Grace Okafor', image: null, emailNewPosts: true },
      { writerId: 'mei-id', name: 'Mei Tanaka', image: null, emailNewPosts: false },
    ],
    ...overrides,
  }
}

/** The server: PATCH and PUT change what it holds and answer it whole, as the real one does. */
function serve(initial: NewsletterPreferences, fail?: Response) {
  let state = initial
  const fetch = stubFetch({
    '/api/me/newsletters': () => jsonResponse(state),
    'PATCH /api/me/newsletters': (_url, init) => {
      if (fail) return fail.clone()
      const body = bodyOf(init) as { newsletters?: boolean; digest?: boolean; retryBouncedAddress?: true }
      state = {
        ...state,
        newsletters: body.newsletters ?? state.newsletters,
        digest: body.digest ?? state.digest,
        bounce: body.retryBouncedAddress ? null : state.bounce,
      }
      return jsonResponse(state)
    },
    'PUT /api/me/newsletters/writers/grace-id': (_url, init) => {
      if (fail) return fail.clone()
      const { emailNewPosts } = bodyOf(init) as { emailNewPosts: boolean }
      state = {
        ...state,
        writers: state.writers.map((w) => (w.writerId === 'grace-id' ? { ...w, emailNewPosts } : w)),
      }
      return jsonResponse(state)
    },
  })
  return { fetch, ...renderAt(<NewsletterSettings email={EMAIL} />) }
}

const sent = (fetch: ReturnType<typeof stubFetch>, path: string, method: string) =>
  callsTo(fetch, path)
    .filter(([, init]) => init?.method === method)
    .map(([, init]) => bodyOf(init))

describe('NewsletterSettings', () => {
  it('shows the global switch and one switch per writer followed, and turns one writer off', async () => {
    const { fetch, user } = serve(preferences())
    const all = await screen.findByRole('switch', { name: 'E-mail me new posts' })
    expect(all).toBeChecked()
    const grace = screen.getByRole('switch', { name: 'E-mail me new posts from Grace Okafor' })
    expect(grace).toBeChecked()
    expect(screen.getByRole('switch', { name: 'E-mail me new posts from Mei Tanaka' })).not.toBeChecked()
    expect(screen.getByRole('link', { name: 'Grace Okafor' })).toHaveAttribute('href', '/writer/grace-id')

    await user.click(grace)
    expect(sent(fetch, '/api/me/newsletters/writers/grace-id', 'PUT')).toEqual([{ emailNewPosts: false }])
    expect(
      await screen.findByRole('switch', { name: 'E-mail me new posts from Grace Okafor' }),
    ).not.toBeChecked()
    // One writer's switch leaves the others and the global one as they were.
    expect(screen.getByRole('switch', { name: 'E-mail me new posts' })).toBeChecked()
  })

  it('turns the weekly digest on, saying how posts will come, and leaves the rest as it was', async () => {
    const { fetch, user } = serve(preferences())
    const digest = await screen.findByRole('switch', { name: 'Weekly digest' })
    expect(digest).not.toBeChecked()
    await user.click(digest)
    expect(await screen.findByText('New posts will come as one e-mail a week.')).toBeInTheDocument()
    expect(sent(fetch, '/api/me/newsletters', 'PATCH')).toEqual([{ digest: true }])
    expect(screen.getByRole('switch', { name: 'Weekly digest' })).toBeChecked()
    expect(screen.getByRole('switch', { name: 'E-mail me new posts' })).toBeChecked()
  })

  it('turns every newsletter off, saying so, and keeps each writer’s choice', async () => {
    const { fetch, user } = serve(preferences())
    await user.click(await screen.findByRole('switch', { name: 'E-mail me new posts' }))
    expect(await screen.findByText('Newsletters are off.')).toBeInTheDocument()
    expect(sent(fetch, '/api/me/newsletters', 'PATCH')).toEqual([{ newsletters: false }])
    const all = screen.getByRole('switch', { name: 'E-mail me new posts' })
    expect(all).not.toBeChecked()
    expect(all).toHaveAccessibleDescription(
      'Off: no writer e-mails you new posts or chapters. Your choices below are kept for when you turn it on.',
    )
    expect(screen.getByRole('switch', { name: 'E-mail me new posts from Grace Okafor' })).toBeChecked()
  })

  it('leaves a switch as it was and says why when the server refuses', async () => {
    const { user } = serve(preferences(), errorResponse(409, 'conflict', 'You no longer follow Grace Okafor'))
    await user.click(await screen.findByRole('switch', { name: 'E-mail me new posts from Grace Okafor' }))
    expect(await screen.findByText('You no longer follow Grace Okafor')).toBeInTheDocument()
    expect(screen.getByRole('switch', { name: 'E-mail me new posts from Grace Okafor' })).toBeChecked()
  })

  it('explains a bounced address (why and when) and tries it again', async () => {
    const { fetch, user } = serve(
      preferences({
        bounce: { at: '2026-11-20T08:30:00.000Z', reason: '550 5.1.1 <rosa@example.com>: user unknown' },
      }),
    )
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent(`We stopped e-mailing ${EMAIL}.`)
    expect(alert).toHaveTextContent('On 20 November 2026 your mail server refused a newsletter for good')
    expect(within(alert).getByText('550 5.1.1 <rosa@example.com>: user unknown')).toBeInTheDocument()

    await user.click(within(alert).getByRole('button', { name: 'Try this address again' }))
    expect(await screen.findByText(`We'll e-mail ${EMAIL} again.`)).toBeInTheDocument()
    expect(sent(fetch, '/api/me/newsletters', 'PATCH')).toEqual([{ retryBouncedAddress: true }])
    expect(screen.queryByText(`We stopped e-mailing ${EMAIL}.`)).not.toBeInTheDocument()
  })

  it('shows no bounce notice for a working address', async () => {
    serve(preferences())
    await screen.findByRole('switch', { name: 'E-mail me new posts' })
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Try this address again' })).not.toBeInTheDocument()
  })

  it('says so when the reader follows nobody, with a way to find writers', async () => {
    serve(preferences({ writers: [] }))
    expect(await screen.findByText("You don't follow anyone yet")).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Find writers' })).toHaveAttribute('href', '/profile')
    // The global switch and the digest's; no writer's.
    expect(screen.getAllByRole('switch').map((s) => s.getAttribute('aria-label'))).toEqual([
      'E-mail me new posts',
      'Weekly digest',
    ])
  })

  it('says when the settings could not be loaded, and tries again', async () => {
    let down = true
    stubFetch({
      '/api/me/newsletters': () =>
        down ? errorResponse(403, 'forbidden', 'Your account is suspended.') : jsonResponse(preferences()),
    })
    const { user } = renderAt(<NewsletterSettings email={EMAIL} />)
    expect(await screen.findByText("We couldn't load your e-mail settings.")).toBeInTheDocument()
    expect(screen.getByText('Your account is suspended.')).toBeInTheDocument()
    down = false
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('switch', { name: 'E-mail me new posts' })).toBeChecked()
  })
})
