// Rendering for the account feature's tests: a real query client and router around one screen
// part, with every other path showing where a navigation landed. Only the network is faked
// (fetch via #web/test/render.tsx, or Better Auth's client via vi.mock).
import { QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import type { ReactNode } from 'react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach } from 'vitest'
import { createTestQueryClient, LocationProbe } from '#web/test/render.tsx'

// Vitest runs without globals here, so Testing Library cannot unmount between tests by itself.
afterEach(cleanup)

export function renderAccount(ui: ReactNode, path = '/settings') {
  const queryClient = createTestQueryClient()
  const router = createMemoryRouter(
    [
      { path, element: ui },
      { path: '*', element: <LocationProbe /> },
    ],
    { initialEntries: [path] },
  )
  const user = userEvent.setup()
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
  return { ...view, user, queryClient, router }
}

export const SUBJECTS = [
  { slug: 'mathematics', name: 'Mathematics', kind: 'academic' },
  { slug: 'physics', name: 'Physics', kind: 'academic' },
  { slug: 'history', name: 'History', kind: 'academic' },
  { slug: 'fiction', name: 'Fiction', kind: 'general' },
] as const
