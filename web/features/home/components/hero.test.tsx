import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderAt } from '#web/test/render.tsx'
import { ClosingCall } from './closing-call.tsx'
import { Hero } from './hero.tsx'
import { OFFERINGS, Offerings } from './offerings.tsx'

describe('Hero', () => {
  it('invites visitors to sign up or explore lessons', () => {
    renderAt(<Hero loggedIn={false} />)
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Read to learn.Write to be read.')
    expect(screen.getByRole('link', { name: 'Start writing' })).toHaveAttribute('href', '/signup')
    expect(screen.getByRole('link', { name: 'Explore lessons' })).toHaveAttribute('href', '/academic')
    expect(screen.queryByRole('link', { name: 'Go to your dashboard' })).not.toBeInTheDocument()
  })

  it('sends signed-in people to their dashboard instead of sign-up', () => {
    renderAt(<Hero loggedIn />)
    expect(screen.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute('href', '/dashboard')
    expect(screen.getByRole('link', { name: 'Explore lessons' })).toHaveAttribute('href', '/academic')
    expect(screen.queryByRole('link', { name: 'Start writing' })).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument()
  })
})

describe('Offerings', () => {
  it('links each card to its section', () => {
    renderAt(<Offerings />)
    const links = Object.fromEntries(
      OFFERINGS.map((o) => [
        o.title,
        screen.getByRole('link', { name: new RegExp(o.title) }).getAttribute('href'),
      ]),
    )
    expect(links).toEqual({
      'Academic lessons': '/academic',
      Fiction: '/fiction',
      'True stories': '/truestories',
      'Books Store': '/books',
      'Exams Room': '/exams',
      Forums: '/forum',
    })
  })
})

describe('ClosingCall', () => {
  it('asks visitors to create an account and members to write', () => {
    const { unmount } = renderAt(<ClosingCall loggedIn={false} />)
    expect(screen.getByRole('link', { name: 'Create your account' })).toHaveAttribute('href', '/signup')
    unmount()
    renderAt(<ClosingCall loggedIn />)
    expect(screen.getByRole('link', { name: 'Write a post' })).toHaveAttribute('href', '/post')
    expect(screen.queryByRole('link', { name: 'Create your account' })).not.toBeInTheDocument()
  })
})
