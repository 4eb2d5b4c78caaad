import { screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { NewsletterLinkState } from '#common/schemas/newsletters.ts'
import { bodyOf, callsTo, errorResponse, jsonResponse, queryOf, stubFetch } from '#web/test/fetch.ts'
import { renderAt } from '#web/test/render.tsx'
import NewsletterConfirm from './newsletter-confirm.tsx'

vi.mock('#web/lib/auth-client.ts', () => import('#web/test/fake-auth.ts'))

const TOKEN = 'c.contact-id.grace-id..signature'
const PATH = `/newsletter/confirm?token=${encodeURIComponent(TOKEN)}`

/** The server's link, held in a variable so the PUT changes what the next GET says. */
function serve(initial: Partial<NewsletterLinkState> = {}) {
  let state: NewsletterLinkState = {
    writer: { id: 'grace-id', name: 'Grace Okafor' },
    email: 'a•••@example.com',
    emailNewPosts: false,
    imported: true,
    ...initial,
  }
  return stubFetch({
    '/api/newsletters/link': () => jsonResponse(state),
    'PUT /api/newsletters/link': (_url, init) => {
      state = { ...state, emailNewPosts: (bodyOf(init) as { emailNewPosts: boolean }).emailNewPosts }
      return jsonResponse(state)
    },
  })
}

const puts = (fetch: ReturnType<typeof stubFetch>) =>
  callsTo(fetch, '/api/newsletters/link')
    .filter(([, init]) => init?.method === 'PUT')
    .map(([, init]) => bodyOf(init))

describe('/newsletter/confirm', () => {
  it('changes nothing by being opened: it says whose newsletter and which address, and asks', async () => {
    const fetch = serve()
    renderAt(<NewsletterConfirm />, PATH)
    // While the link is read, the same heading over a spinner; then the question and its button.
    await screen.findByRole('button', { name: 'Confirm subscription' })
    const heading = screen.getByRole('heading', { level: 1, name: 'Confirm your subscription' })
    expect(heading.closest('section')).toHaveTextContent(
      'Grace Okafor is moving their newsletter to Inkwell and brought a•••@example.com along from their list.',
    )
    expect(screen.getByRole('link', { name: 'Grace Okafor' })).toHaveAttribute('href', '/writer/grace-id')
    expect(screen.getByText(/Not interested\? Close this page/)).toBeInTheDocument()
    expect(document.title).toBe('Confirm your subscription · Inkwell')
    const [[url]] = callsTo(fetch, '/api/newsletters/link')
    expect(queryOf(url)).toEqual({ token: TOKEN })
    expect(puts(fetch)).toEqual([])
  })

  it('confirms with its button, and says so with the focus on the news', async () => {
    const fetch = serve()
    const { user } = renderAt(<NewsletterConfirm />, PATH)
    await user.click(await screen.findByRole('button', { name: 'Confirm subscription' }))
    const done = await screen.findByRole('heading', { level: 1, name: "You're subscribed" })
    expect(done).toHaveFocus()
    expect(done.closest('section')).toHaveTextContent(
      "You'll get new posts from Grace Okafor at a•••@example.com. Every mail has a link to unsubscribe in one click.",
    )
    expect(screen.getByRole('link', { name: "Read Grace Okafor's posts" })).toHaveAttribute(
      'href',
      '/writer/grace-id',
    )
    expect(puts(fetch)).toEqual([{ token: TOKEN, emailNewPosts: true }])
  })

  it('says so when the address was confirmed already', async () => {
    const fetch = serve({ emailNewPosts: true })
    renderAt(<NewsletterConfirm />, PATH)
    expect(
      await screen.findByRole('heading', { level: 1, name: "You're already subscribed" }),
    ).toBeInTheDocument()
    expect(puts(fetch)).toEqual([])
  })

  it('explains a link the server does not know, or one that is not a confirmation', async () => {
    stubFetch({ '/api/newsletters/link': errorResponse(404, 'not_found', 'This link is not valid any more') })
    renderAt(<NewsletterConfirm />, '/newsletter/confirm?token=forged')
    expect(
      await screen.findByRole('heading', { level: 1, name: "This link doesn't work" }),
    ).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Confirm subscription' })).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Go to Inkwell' })).toHaveAttribute('href', '/')
  })

  it("shows an account's newsletter link as no confirmation", async () => {
    serve({ imported: false, emailNewPosts: true })
    renderAt(<NewsletterConfirm />, PATH)
    expect(
      await screen.findByRole('heading', { level: 1, name: "This link doesn't work" }),
    ).toBeInTheDocument()
  })

  it('explains a link with no token without asking the server', () => {
    const fetch = stubFetch({})
    renderAt(<NewsletterConfirm />, '/newsletter/confirm')
    expect(screen.getByRole('heading', { level: 1, name: "This link doesn't work" })).toBeInTheDocument()
    expect(fetch).not.toHaveBeenCalled()
  })

  it('a confirmation the server refuses (the address was removed meanwhile) is a dead link', async () => {
    stubFetch({
      '/api/newsletters/link': jsonResponse({
        writer: { id: 'g', name: 'Grace Okafor' },
        email: 'a•••@example.com',
        emailNewPosts: false,
        imported: true,
      }),
      'PUT /api/newsletters/link': errorResponse(404, 'not_found', 'This link is not valid any more'),
    })
    const { user } = renderAt(<NewsletterConfirm />, PATH)
    await user.click(await screen.findByRole('button', { name: 'Confirm subscription' }))
    expect(
      await screen.findByRole('heading', { level: 1, name: "This link doesn't work" }),
    ).toBeInTheDocument()
  })
})
