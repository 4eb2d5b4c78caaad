import type { QueryKey } from '@tanstack/react-query'
import { matchRoutes, Outlet, type RouteObject, useRoutes } from 'react-router'
import { useSeededUntilNavigation } from '#web/lib/server-data.ts'
import { RequireAdmin, RequireAuth } from './guards.tsx'
import { RootLayout } from './layout/root-layout.tsx'
import { RouteErrorBoundary } from './route-error-boundary.tsx'
import { type Screen, screen } from './screen.ts'

// Every route of the original, in one place. Each screen is its own chunk, loaded on demand
// (screen.ts), with React Router's declarative routes (decision 042).
const publicRoutes: RouteObject[] = [
  { index: true, Component: screen(() => import('./routes/home.tsx')) },
  { path: 'login', Component: screen(() => import('./routes/login.tsx')) },
  { path: 'signup', Component: screen(() => import('./routes/signup.tsx')) },
  { path: 'forgot-password', Component: screen(() => import('./routes/forgot-password.tsx')) },
  { path: 'reset-password', Component: screen(() => import('./routes/reset-password.tsx')) },
  // A newsletter's unsubscribe link (the token is the key: no sign-in).
  { path: 'unsubscribe', Component: screen(() => import('./routes/unsubscribe.tsx')) },
  // An imported address's confirmation link (double opt-in; the token is the key).
  { path: 'newsletter/confirm', Component: screen(() => import('./routes/newsletter-confirm.tsx')) },
  { path: 'contact', Component: screen(() => import('./routes/contact.tsx')) },
  { path: 'privacy', Component: screen(() => import('./routes/privacy.tsx')) },
  { path: 'terms', Component: screen(() => import('./routes/terms.tsx')) },
  { path: 'aboutus', Component: screen(() => import('./routes/about-us.tsx')) },
  { path: 'notifications', Component: screen(() => import('./routes/notifications.tsx')) },
  { path: 'contents', Component: screen(() => import('./routes/contents.tsx')) },
  { path: 'books', Component: screen(() => import('./routes/books.tsx')) },
  // Public in the original; each screen asks a signed-out visitor to sign in (the order is theirs).
  { path: 'payment', Component: screen(() => import('./routes/payment.tsx')) },
  { path: 'payment/success', Component: screen(() => import('./routes/payment-success.tsx')) },
  { path: 'payment/failed', Component: screen(() => import('./routes/payment-failed.tsx')) },
  { path: 'payment/error', Component: screen(() => import('./routes/payment-error.tsx')) },
  { path: 'payment/checkout/:orderId', Component: screen(() => import('./routes/payment-checkout.tsx')) },
  { path: 'subject/:subjectType', Component: screen(() => import('./routes/subject.tsx')) },
  { path: 'learn/:uid/:topic', Component: screen(() => import('./routes/learn.tsx')) },
  { path: 'read/:bookId', Component: screen(() => import('./routes/read-book.tsx')) },
  { path: 'academic', Component: screen(() => import('./routes/academic.tsx')) },
  { path: 'fiction', Component: screen(() => import('./routes/fiction.tsx')) },
  { path: 'truestories', Component: screen(() => import('./routes/true-stories.tsx')) },
  { path: 'profile', Component: screen(() => import('./routes/profile.tsx')) },
  { path: 'writer/:writerId', Component: screen(() => import('./routes/writer.tsx')) },
  { path: 'search/:query', Component: screen(() => import('./routes/search.tsx')) },
]

const signedInRoutes: RouteObject[] = [
  { path: 'welcome', Component: screen(() => import('./routes/welcome.tsx')) },
  { path: 'dashboard', Component: screen(() => import('./routes/dashboard.tsx')) },
  { path: 'settings', Component: screen(() => import('./routes/settings.tsx')) },
  { path: 'post', Component: screen(() => import('./routes/post-editor.tsx')) },
  { path: 'pending', Component: screen(() => import('./routes/pending.tsx')) },
  { path: 'topics', Component: screen(() => import('./routes/topics.tsx')) },
  { path: 'earnings', Component: screen(() => import('./routes/earnings.tsx')) },
  { path: 'subscriptions', Component: screen(() => import('./routes/subscriptions.tsx')) },
  { path: 'overview', Component: screen(() => import('./routes/overview.tsx')) },
  { path: 'postbook', Component: screen(() => import('./routes/postbook.tsx')) },
  { path: 'postexam', Component: screen(() => import('./routes/post-exam.tsx')) },
  { path: 'exams', Component: screen(() => import('./routes/exams.tsx')) },
  { path: 'examroom/:examId', Component: screen(() => import('./routes/exam-room.tsx')) },
  { path: 'leaderboard/:examId', Component: screen(() => import('./routes/leaderboard.tsx')) },
  { path: 'examresults/:examId', Component: screen(() => import('./routes/exam-results.tsx')) },
  { path: 'practice', Component: screen(() => import('./routes/practice.tsx')) },
  { path: 'highlights', Component: screen(() => import('./routes/highlights.tsx')) },
  { path: 'reading-list', Component: screen(() => import('./routes/reading-list.tsx')) },
  { path: 'forum', Component: screen(() => import('./routes/forum.tsx')) },
  { path: 'forum/:subject', Component: screen(() => import('./routes/forum-subject.tsx')) },
  { path: 'forum/:subject/:threadId', Component: screen(() => import('./routes/forum-thread.tsx')) },
]

export const routes: RouteObject[] = [
  {
    path: '/',
    element: (
      <RouteErrorBoundary>
        <RootLayout />
      </RouteErrorBoundary>
    ),
    children: [
      {
        // A second boundary keeps the header on screen when a page fails.
        element: (
          <RouteErrorBoundary>
            <Outlet />
          </RouteErrorBoundary>
        ),
        children: [
          ...publicRoutes,
          { Component: RequireAuth, children: signedInRoutes },
          {
            Component: RequireAdmin,
            children: [{ path: 'admin', Component: screen(() => import('./routes/admin.tsx')) }],
          },
          { path: '*', Component: screen(() => import('./routes/not-found.tsx')) },
        ],
      },
    ],
  },
]

const NONE: QueryKey[] = []

/** The app's screens at the router's location; `seeded`: the queries the page's data filled. */
export function AppRoutes({ seeded = NONE }: { seeded?: QueryKey[] }) {
  useSeededUntilNavigation(seeded)
  return useRoutes(routes)
}

/**
 * Loads the chunks of the screens at `pathname`, so that the first render draws them rather than
 * their loading state: the browser does it before hydrating the server's page, and the server
 * before drawing it.
 */
export async function preloadScreens(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? []
  await Promise.all(matches.map(({ route }) => (route.Component as Partial<Screen> | undefined)?.preload?.()))
}
