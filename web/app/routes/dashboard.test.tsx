import { screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { meBody } from '#web/test/builders.ts'
import { fakeAuth } from '#web/test/fake-auth.ts'
import { errorResponse, jsonResponse, stubFetch } from '#web/test/fetch.ts'
import { renderAt } from '#web/test/render.tsx'
import Dashboard from './dashboard.tsx'

vi.mock('#web/lib/auth-client.ts', () => import('#web/test/fake-auth.ts'))

const show = (me: Parameters<typeof meBody>[0]) => {
  fakeAuth.signedIn()
  stubFetch({ '/api/me': jsonResponse(meBody(me)) })
  return renderAt(<Dashboard />, '/dashboard')
}

describe('Dashboard', () => {
  it('greets by first name, with the quick actions and honest empty shelves', async () => {
    show({ name: 'Grace Okafor', onboarded: true })

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, Grace' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: /Write a post/ })).toHaveAttribute('href', '/post')
    expect(screen.getByRole('link', { name: /Forums/ })).toHaveAttribute('href', '/forum')
    for (const shelf of ['My library', 'Continue reading', 'My recent posts', 'Exam attempts']) {
      expect(screen.getByRole('heading', { level: 2, name: shelf })).toBeInTheDocument()
    }
    expect(screen.queryByRole('link', { name: 'Finish your profile' })).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: /Admin/ })).not.toBeInTheDocument()
  })

  it('nudges someone who skipped the welcome step back to it', async () => {
    show({ onboarded: false })
    expect(await screen.findByRole('link', { name: 'Finish your profile' })).toHaveAttribute(
      'href',
      '/welcome',
    )
  })

  it('shows admins the way to the admin area', async () => {
    show({ role: 'admin' })
    expect(await screen.findByRole('link', { name: /Admin/ })).toHaveAttribute('href', '/admin')
  })

  it('says when the profile cannot be loaded', async () => {
    fakeAuth.signedIn()
    stubFetch({ '/api/me': errorResponse(404, 'not_found', 'Your profile does not exist yet') })
    renderAt(<Dashboard />, '/dashboard')
    expect(await screen.findByRole('alert')).toHaveTextContent('Your profile does not exist yet')
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument()
  })
})
