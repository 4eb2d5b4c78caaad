import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { publicPost } from '#web/test/builders.ts'
import { fakeAuth } from '#web/test/fake-auth.ts'
import { callsTo, jsonResponse, stubFetch } from '#web/test/fetch.ts'
import { renderAt } from '#web/test/render.tsx'
import { SaveForLaterButton } from './save-for-later-button.tsx'

const post = publicPost()
const SAVED_PATH = `/api/me/reading-list/${post.id}`
const SESSION = {
  user: { id: 'reader-1', name: 'Mei Chen', email: 'mei@inkwell.test', emailVerified: true },
  session: { id: 's1', userId: 'reader-1', expiresAt: '2027-01-01T00:00:00.000Z' },
}

function renderButton(signedIn: boolean) {
  const keep = vi.fn(async () => undefined)
  const unkeep = vi.fn(async () => undefined)
  renderAt(<SaveForLaterButton post={post} signedIn={signedIn} keep={keep} unkeep={unkeep} />)
  return { keep, unkeep }
}

describe('Save for later', () => {
  it('offers a signed-out reader a sign-in link, and asks nothing of the reading list', async () => {
    fakeAuth.signedOut()
    const fetch = stubFetch({ '/api/auth/get-session': jsonResponse(null) })
    renderButton(false)
    expect(await screen.findByRole('link', { name: 'Sign in to save for later' })).toHaveAttribute(
      'href',
      expect.stringContaining('/login'),
    )
    expect(fetch).not.toHaveBeenCalledWith(expect.stringContaining('/api/me/reading-list'), expect.anything())
  })

  it('saves and keeps the post on the device, then "Saved" unsaves it and takes it off', async () => {
    let saved = false
    const fetch = stubFetch({
      '/api/auth/get-session': jsonResponse(SESSION),
      [SAVED_PATH]: () => jsonResponse({ saved, readable: true }),
      [`PUT ${SAVED_PATH}`]: () => {
        saved = true
        return jsonResponse({ saved: true, readable: true })
      },
      [`DELETE ${SAVED_PATH}`]: () => {
        saved = false
        return new Response(null, { status: 204 })
      },
      '/api/me/reading-list': jsonResponse({ items: [], nextCursor: null }),
    })
    const { keep, unkeep } = renderButton(true)
    const button = await screen.findByRole('button', { name: 'Save for later' })
    await waitFor(() => expect(button).toBeEnabled())
    expect(button).toHaveAttribute('aria-pressed', 'false')
    button.click()
    const savedButton = await screen.findByRole('button', { name: 'Saved' })
    expect(savedButton).toHaveAttribute('aria-pressed', 'true')
    await waitFor(() => expect(keep).toHaveBeenCalledWith(post, 'reader-1'))
    expect(callsTo(fetch, SAVED_PATH).filter(([, init]) => init?.method === 'PUT')).toHaveLength(1)

    await waitFor(() => expect(savedButton).toBeEnabled())
    savedButton.click()
    expect(await screen.findByRole('button', { name: 'Save for later' })).toHaveAttribute(
      'aria-pressed',
      'false',
    )
    await waitFor(() => expect(unkeep).toHaveBeenCalledWith(post.id))
    expect(keep).toHaveBeenCalledTimes(1)
  })

  it('saves a post locked to the reader without keeping it', async () => {
    stubFetch({
      '/api/auth/get-session': jsonResponse(SESSION),
      [SAVED_PATH]: jsonResponse({ saved: false, readable: false }),
      [`PUT ${SAVED_PATH}`]: jsonResponse({ saved: true, readable: false }),
      '/api/me/reading-list': jsonResponse({ items: [], nextCursor: null }),
    })
    const { keep } = renderButton(true)
    const button = await screen.findByRole('button', { name: 'Save for later' })
    await waitFor(() => expect(button).toBeEnabled())
    button.click()
    const savedButton = await screen.findByRole('button', { name: 'Saved' })
    await waitFor(() => expect(savedButton).toBeEnabled())
    expect(keep).not.toHaveBeenCalled()
  })

  it('draws nothing offline, where neither the session nor the saved state can be read', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    fakeAuth.signedOut()
    stubFetch({ '/api/auth/get-session': jsonResponse(null) })
    renderButton(false)
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(screen.queryByRole('link', { name: 'Sign in to save for later' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button')).not.toBeInTheDocument()
  })
})
