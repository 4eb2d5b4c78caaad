import { screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { NewsletterLinkState } from '#common/schemas/newsletters.ts'
import { bodyOf, callsTo, errorResponse, jsonResponse, queryOf, stubFetch } from '#web/test/fetch.ts'
import { renderAt } from '#web/test/render.tsx'
import Unsubscribe from './unsubscribe.tsx'

vi.mock('#web/lib/auth-client.ts', () => import('#web/test/fake-auth.ts'))

const TOKEN = 'signed.token-for-rosa'

/** The server's link, held in a variable so the PUT changes what the next GET says. */
function serve(initial: Partial<NewsletterLinkState> = {}) {
  let state: NewsletterLinkState = {
    writer: { id: 'grace-id', name: 'Grace Okafor' },
    email: 'r•••@example.com',
    emailNewPosts: true,
    imported: false,
    ...initial,
  }
  const fetch = stubFetch({
    '/api/newsletters/link': () => jsonResponse(state),
    'PUT /api/newsletters/link': (_url, init) => {
      state = { ...state, emailNewPosts: (bodyOf(init) as { emailNewPosts: boolean }).emailNewPosts }
      return jsonResponse(state)
    },
  })
  return fetch
}

const puts = (fetch: ReturnType<typeof stubFetch>) =>
  callsTo(fetch, '/api/newsletters/link')
    .filter(([, init]) => init?.method === 'PUT')
    .map(([, init]) => bodyOf(init))

describe('/unsubscribe', () => {
  it('changes nothing by being opened: it reads the link and asks', async () => {
    const fetch = serve()
    renderAt(<Unsubscribe />, `/unsubscribe?token=${encodeURIComponent(TOKEN)}`)
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Unsubscribe from Grace Okafor?' }),
    ).toBeInTheDocument()
    expect(screen.getByText('r•••@example.com')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Grace Okafor' })).toHaveAttribute('href', '/writer/grace-id')
    expect(screen.getByRole('button', { name: 'Unsubscribe' })).toBeEnabled()
    const [[url]] = callsTo(fetch, '/api/newsletters/link')
    expect(queryOf(url)).toEqual({ token: TOKEN })
    expect(puts(fetch)).toEqual([])
  })

  it('unsubscribes with the button, confirms, and the Undo subscribes again', async () => {
    const fetch = serve()
    const { user } = renderAt(<Unsubscribe />, `/unsubscribe?token=${TOKEN}`)
    await user.click(await screen.findByRole('button', { name: 'Unsubscribe' }))

    const done = await screen.findByRole('heading', { level: 1, name: "You're unsubscribed" })
    expect(done).toHaveFocus()
    expect(document.title).toBe("You're unsubscribed · Inkwell")
    expect(done.closest('section')).toHaveTextContent(
      "You'll no longer get new posts from Grace Okafor at r•••@example.com.",
    )
    expect(puts(fetch)).toEqual([{ token: TOKEN, emailNewPosts: false }])

    await user.click(screen.getByRole('button', { name: 'Undo' }))
    expect(await screen.findByRole('heading', { level: 1, name: "You're subscribed again" })).toHaveFocus()
    expect(screen.getByText(/You'll get/)).toHaveTextContent(
      "You'll get new posts from Grace Okafor at r•••@example.com again.",
    )
    expect(puts(fetch)).toEqual([
      { token: TOKEN, emailNewPosts: false },
      { token: TOKEN, emailNewPosts: true },
    ])
    // And out again, should they change their mind once more.
    expect(screen.getByRole('button', { name: 'Unsubscribe' })).toBeEnabled()
  })

  it('says so when the link was already used (one click from the mail app), and offers to come back', async () => {
    const fetch = serve({ emailNewPosts: false })
    const { user } = renderAt(<Unsubscribe />, `/unsubscribe?token=${TOKEN}`)
    expect(await screen.findByRole('heading', { level: 1, name: "You're unsubscribed" })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Get new posts by e-mail again' }))
    expect(
      await screen.findByRole('heading', { level: 1, name: "You're subscribed again" }),
    ).toBeInTheDocument()
    expect(puts(fetch)).toEqual([{ token: TOKEN, emailNewPosts: true }])
  })

  it('speaks of every newsletter for a weekly digest’s link, and of following only for an account', async () => {
    const fetch = serve({ writer: null })
    const { user } = renderAt(<Unsubscribe />, `/unsubscribe?token=${TOKEN}`)
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Unsubscribe from every newsletter?' }),
    ).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }))
    const done = await screen.findByRole('heading', { level: 1, name: "You're unsubscribed" })
    expect(done.closest('section')).toHaveTextContent(
      "You'll no longer get your weekly digest or any writer's new posts at r•••@example.com.",
    )
    expect(done.closest('section')).toHaveTextContent('You still follow the same writers on Inkwell')
    expect(puts(fetch)).toEqual([{ token: TOKEN, emailNewPosts: false }])
  })

  it('does not speak of following to an imported address', async () => {
    serve({ emailNewPosts: false, imported: true })
    renderAt(<Unsubscribe />, `/unsubscribe?token=${TOKEN}`)
    const done = await screen.findByRole('heading', { level: 1, name: "You're unsubscribed" })
    expect(done.closest('section')).not.toHaveTextContent('You still follow')
  })

  it('explains a link the server does not know, and leads to the e-mail settings', async () => {
    stubFetch({ '/api/newsletters/link': errorResponse(404, 'not_found', 'This link is not valid') })
    renderAt(<Unsubscribe />, '/unsubscribe?token=forged')
    expect(
      await screen.findByRole('heading', { level: 1, name: "This link doesn't work" }),
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Manage e-mail in settings' })).toHaveAttribute(
      'href',
      '/settings#email',
    )
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).not.toBeInTheDocument()
  })

  it('explains a link with no token without asking the server', () => {
    const fetch = stubFetch({})
    renderAt(<Unsubscribe />, '/unsubscribe')
    expect(screen.getByRole('heading', { level: 1, name: "This link doesn't work" })).toBeInTheDocument()
    expect(fetch).not.toHaveBeenCalled()
  })

  it('offers to try again when Inkwell cannot be reached, and keeps the choice for later', async () => {
    let down = true
    stubFetch({
      '/api/newsletters/link': () =>
        down
          ? errorResponse(503, 'internal', 'Inkwell is busy. Try again in a minute.')
          : jsonResponse({
              writer: { id: 'g', name: 'Grace Okafor' },
              email: 'r•••@example.com',
              emailNewPosts: true,
              imported: false,
            }),
    })
    const { user } = renderAt(<Unsubscribe />, `/unsubscribe?token=${TOKEN}`)
    expect(await screen.findByText("We couldn't load this link.", {}, { timeout: 8000 })).toBeInTheDocument()
    down = false
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('button', { name: 'Unsubscribe' })).toBeEnabled()
  }, 15_000)

  it('shows in words why unsubscribing failed, and stays as it was', async () => {
    stubFetch({
      '/api/newsletters/link': jsonResponse({
        writer: { id: 'g', name: 'Grace Okafor' },
        email: 'r•••@example.com',
        emailNewPosts: true,
        imported: false,
      }),
      'PUT /api/newsletters/link': errorResponse(404, 'not_found', 'This link is not valid any more'),
    })
    const { user } = renderAt(<Unsubscribe />, `/unsubscribe?token=${TOKEN}`)
    await user.click(await screen.findByRole('button', { name: 'Unsubscribe' }))
    expect(await screen.findByText('This link is not valid any more')).toBeInTheDocument()
    expect(
      screen.getByRole('heading', { level: 1, name: 'Unsubscribe from Grace Okafor?' }),
    ).toBeInTheDocument()
  })
})
