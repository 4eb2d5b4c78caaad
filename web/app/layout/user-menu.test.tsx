import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { meBody } from '#web/test/builders.ts'
import { fakeAuth } from '#web/test/fake-auth.ts'
import { callsTo, jsonResponse, stubFetch } from '#web/test/fetch.ts'
import { renderAt } from '#web/test/render.tsx'
import { UserMenu } from './user-menu.tsx'

vi.mock('#web/lib/auth-client.ts', () => import('#web/test/fake-auth.ts'))

const menuLinks = async () => {
  const places = await screen.findByRole('list', { name: 'Your places' })
  return within(places)
    .getAllByRole('link')
    .map((link) => [link.textContent?.trim(), link.getAttribute('href')])
}

describe('UserMenu: every place a person works', () => {
  it('lists a writer’s places, with the practice cards due, and asks the server for no admin counts', async () => {
    const fetch = stubFetch({
      '/api/me': () => jsonResponse(meBody({ role: 'user' })),
      '/api/practice/summary': () => jsonResponse({ due: 3, cards: 5, nextDue: null }),
    })
    fakeAuth.signedIn()
    const { user } = renderAt(<UserMenu />)

    await user.click(await screen.findByRole('button', { name: /account menu/i }))
    // Read when the menu opens: the cards due now.
    expect(await screen.findByRole('link', { name: 'Practice, 3 due' })).toHaveAttribute('href', '/practice')
    expect((await menuLinks()).map(([label, href]) => [label?.replace(/\d.*/, ''), href])).toEqual([
      ['My posts', '/topics'],
      ['Write a post', '/post'],
      ['My books', '/postbook'],
      ['Post an exam', '/postexam'],
      ['Practice', '/practice'],
      ['My highlights', '/highlights'],
      ['Reading list', '/reading-list'],
      ['Pending', '/pending'],
      ['Overview', '/overview'],
      ['Earnings', '/earnings'],
      ['Notifications', '/notifications'],
      ['Subscriptions', '/subscriptions'],
      ['Settings', '/settings'],
    ])
    expect(callsTo(fetch, '/api/admin/waiting')).toHaveLength(0)
  })

  it('gives an admin the review queue and the admin area, with what waits in each, read on each opening', async () => {
    let waiting = { posts: 2, exams: 1, reports: 4, payouts: 2 }
    const fetch = stubFetch({
      '/api/me': () => jsonResponse(meBody({ role: 'admin' })),
      '/api/admin/waiting': () => jsonResponse(waiting),
      '/api/practice/summary': () => jsonResponse({ due: 0, cards: 0, nextDue: null }),
    })
    fakeAuth.signedIn()
    const { user } = renderAt(<UserMenu />)
    const button = await screen.findByRole('button', { name: /account menu/i })

    await user.click(button)
    const queue = await screen.findByRole('link', { name: 'Review queue, 3 waiting' })
    expect(queue).toHaveAttribute('href', '/pending')
    expect(screen.getByRole('link', { name: 'Admin, 6 waiting' })).toHaveAttribute('href', '/admin')
    expect(screen.queryByRole('link', { name: 'Pending' })).not.toBeInTheDocument()
    expect((await menuLinks()).map(([label]) => label?.replace(/\d.*/, ''))).toEqual([
      'My posts',
      'Write a post',
      'My books',
      'Post an exam',
      'Practice',
      'My highlights',
      'Reading list',
      'Review queue',
      'Overview',
      'Earnings',
      'Notifications',
      'Subscriptions',
      'Settings',
      'Admin',
    ])

    // Decided elsewhere in the meantime: the next opening shows the new counts, zero as nothing.
    await user.click(button)
    waiting = { posts: 0, exams: 0, reports: 1, payouts: 0 }
    await user.click(button)
    expect(await screen.findByRole('link', { name: 'Review queue' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Admin, 1 waiting' })).toBeInTheDocument()
    await waitFor(() => expect(callsTo(fetch, '/api/admin/waiting')).toHaveLength(2))
  })
})

describe('UserMenu: the account button', () => {
  it('is named starting with the initials it shows, so speech input can say what it sees (WCAG 2.5.3)', async () => {
    stubFetch({ '/api/me': () => jsonResponse(meBody({ name: 'Grace Okafor' })) })
    fakeAuth.signedIn()
    renderAt(<UserMenu />)
    const button = await screen.findByRole('button', { name: /account menu/i })
    await waitFor(() => expect(button).toHaveTextContent('GO'))
    expect(button.textContent).toBe('GO')
    expect(button).toHaveAccessibleName('GO, account menu')
  })

  it('is plainly "Account menu" over a picture, which shows no text', async () => {
    stubFetch({
      '/api/me': () => jsonResponse(meBody({ name: 'Grace Okafor', image: '/api/files/avatars/grace.jpg' })),
    })
    fakeAuth.signedIn()
    renderAt(<UserMenu />)
    const button = await screen.findByRole('button', { name: /account menu/i })
    await waitFor(() => expect(button.querySelector('img')).not.toBeNull())
    expect(button.textContent).toBe('')
    expect(button).toHaveAccessibleName('Account menu')
  })
})
