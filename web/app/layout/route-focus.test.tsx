import { screen, waitFor } from '@testing-library/react'
import { useEffect, useState } from 'react'
import { Link, Outlet, type RouteObject } from 'react-router'
import { describe, expect, it } from 'vitest'
import { useDocumentTitle } from '#web/lib/document-title.ts'
import { renderRoutes } from '#web/test/render.tsx'
import { RouteFocus } from './route-focus.tsx'

/** A screen as the app's are: its title set in an effect, inside the layout's <main id="main">. */
function Screen({ title, to, later = false }: { title: string; to: string; later?: boolean }) {
  useDocumentTitle(title)
  // A screen whose data arrives after a moment draws its heading then.
  const [ready, setReady] = useState(!later)
  useEffect(() => {
    if (!later) return
    const timer = setTimeout(() => setReady(true), 30)
    return () => clearTimeout(timer)
  }, [later])
  return ready ? (
    <>
      <h1>{title}</h1>
      <Link to={to}>Go on</Link>
      <Link to={`?tab=other`}>Another tab</Link>
    </>
  ) : (
    <p>Loading…</p>
  )
}

// The app's root layout in little: one <main> and one RouteFocus around every screen.
const routes: RouteObject[] = [
  {
    element: (
      <>
        <main id="main">
          <Outlet />
        </main>
        <RouteFocus />
      </>
    ),
    children: [
      { path: '/', element: <Screen title="Home" to="/post" /> },
      { path: '/post', element: <Screen title="A post" to="/" later /> },
    ],
  },
]

const announcer = () => document.getElementById('inkwell-announcer')

describe('RouteFocus', () => {
  it('leaves the first page alone, then puts focus on the new screen’s heading and says its title', async () => {
    const { user } = renderRoutes(routes, '/')
    expect(document.activeElement).toBe(document.body)
    expect(announcer()).toBeNull()

    await user.click(screen.getByRole('link', { name: 'Go on' }))
    const heading = await screen.findByRole('heading', { level: 1, name: 'A post' })
    await waitFor(() => expect(heading).toHaveFocus())
    expect(heading).toHaveAttribute('tabindex', '-1')
    await waitFor(() => expect(announcer()).toHaveTextContent('A post · Inkwell'))
    expect(announcer()).toHaveAttribute('aria-live', 'polite')

    // Back, by keyboard this time: the same.
    screen.getByRole('link', { name: 'Go on' }).focus()
    await user.keyboard('{Enter}')
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Home' })).toHaveFocus())
    await waitFor(() => expect(announcer()).toHaveTextContent('Home · Inkwell'))
  })

  it('does not move focus for a change of query alone, nor away from what a screen focused', async () => {
    const { user } = renderRoutes(routes, '/')
    const tab = screen.getByRole('link', { name: 'Another tab' })
    await user.click(tab)
    expect(tab).toHaveFocus()
    expect(screen.getByRole('heading', { level: 1, name: 'Home' })).not.toHaveFocus()
  })
})
