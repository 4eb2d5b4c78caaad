import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { jsonResponse, stubFetch } from '#web/test/fetch.ts'
import { renderAt } from '#web/test/render.tsx'
import { AddToPractice } from './add-to-practice.tsx'

const URL = '/api/practice/lessons/post-1'

describe('AddToPractice', () => {
  it('adds a lesson’s Key ideas with one click and says how many, then offers practice and removal', async () => {
    stubFetch({
      [URL]: jsonResponse({ keyIdeas: 4, inPractice: 0, changed: 0 }),
      [`POST ${URL}`]: jsonResponse({ keyIdeas: 4, inPractice: 4, changed: 4 }),
      [`DELETE ${URL}`]: jsonResponse({ keyIdeas: 4, inPractice: 0, changed: 4 }),
      '/api/practice/summary': jsonResponse({ due: 4, cards: 4, nextDue: null }),
    })
    const { user } = renderAt(<AddToPractice postId="post-1" signedIn />)
    await user.click(await screen.findByRole('button', { name: 'Add to practice' }))
    expect(await screen.findByText('Added 4 cards to your practice.')).toBeInTheDocument()
    expect(screen.getByText('In your practice')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Practise now' })).toHaveAttribute('href', '/practice')
    await user.click(screen.getByRole('button', { name: 'Remove from practice' }))
    expect(await screen.findByText('Took 4 cards out of your practice.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Add to practice' })).toBeInTheDocument()
  })

  it('offers the writer’s new cards when some are not in yet', async () => {
    stubFetch({ [URL]: jsonResponse({ keyIdeas: 5, inPractice: 3, changed: 0 }) })
    renderAt(<AddToPractice postId="post-1" signedIn />)
    expect(await screen.findByRole('button', { name: 'Add 2 new cards' })).toBeInTheDocument()
  })

  it('asks a signed-out reader to sign in, without asking the server', async () => {
    const fetch = stubFetch({})
    renderAt(<AddToPractice postId="post-1" signedIn={false} />, '/learn/w/lesson')
    expect(await screen.findByRole('link', { name: 'Sign in to add them to your practice' })).toHaveAttribute(
      'href',
      `/login?redirectTo=${encodeURIComponent('/learn/w/lesson')}`,
    )
    expect(fetch).not.toHaveBeenCalledWith(expect.stringContaining(URL), expect.anything())
  })
})
