import type { RouteObject } from 'react-router'
import { ScreenSpinner } from '#web/components/ui/spinner.tsx'
import { RequireAdmin, RequireAuth } from './guards.tsx'
import { RootLayout } from './layout/root-layout.tsx'
import ErrorPage from './routes/error-page.tsx'
import { screen } from './screen.ts'

// Every route of the original, in one place. Each screen is its own chunk, loaded on demand.
const publicRoutes: RouteObject[] = [
  { index: true, lazy: screen(() => import('./routes/home.tsx')) },
  { path: 'login', lazy: screen(() => import('./routes/login.tsx')) },
  { path: 'signup', lazy: screen(() => import('./routes/signup.tsx')) },
  { path: 'forgot-password', lazy: screen(() => import('./routes/forgot-password.tsx')) },
  { path: 'reset-password', lazy: screen(() => import('./routes/reset-password.tsx')) },
  { path: 'contact', lazy: screen(() => import('./routes/contact.tsx')) },
  { path: 'privacy', lazy: screen(() => import('./routes/privacy.tsx')) },
  { path: 'terms', lazy: screen(() => import('./routes/terms.tsx')) },
  { path: 'aboutus', lazy: screen(() => import('./routes/about-us.tsx')) },
  { path: 'notifications', lazy: screen(() => import('./routes/notifications.tsx')) },
  { path: 'contents', lazy: screen(() => import('./routes/contents.tsx')) },
  { path: 'books', lazy: screen(() => import('./routes/books.tsx')) },
  // Public in the original; each screen asks a signed-out visitor to sign in (the order is theirs).
  { path: 'payment', lazy: screen(() => import('./routes/payment.tsx')) },
  { path: 'payment/success', lazy: screen(() => import('./routes/payment-success.tsx')) },
  { path: 'payment/failed', lazy: screen(() => import('./routes/payment-failed.tsx')) },
  { path: 'payment/error', lazy: screen(() => import('./routes/payment-error.tsx')) },
  { path: 'payment/checkout/:orderId', lazy: screen(() => import('./routes/payment-checkout.tsx')) },
  { path: 'subject/:subjectType', lazy: screen(() => import('./routes/subject.tsx')) },
  { path: 'learn/:uid/:topic', lazy: screen(() => import('./routes/learn.tsx')) },
  { path: 'read/:bookId', lazy: screen(() => import('./routes/read-book.tsx')) },
  { path: 'academic', lazy: screen(() => import('./routes/academic.tsx')) },
  { path: 'fiction', lazy: screen(() => import('./routes/fiction.tsx')) },
  { path: 'truestories', lazy: screen(() => import('./routes/true-stories.tsx')) },
  { path: 'profile', lazy: screen(() => import('./routes/profile.tsx')) },
  { path: 'writer/:writerId', lazy: screen(() => import('./routes/writer.tsx')) },
  { path: 'search/:query', lazy: screen(() => import('./routes/search.tsx')) },
]

const signedInRoutes: RouteObject[] = [
  { path: 'welcome', lazy: screen(() => import('./routes/welcome.tsx')) },
  { path: 'dashboard', lazy: screen(() => import('./routes/dashboard.tsx')) },
  { path: 'settings', lazy: screen(() => import('./routes/settings.tsx')) },
  { path: 'post', lazy: screen(() => import('./routes/post-editor.tsx')) },
  { path: 'pending', lazy: screen(() => import('./routes/pending.tsx')) },
  { path: 'topics', lazy: screen(() => import('./routes/topics.tsx')) },
  { path: 'earnings', lazy: screen(() => import('./routes/earnings.tsx')) },
  { path: 'subscriptions', lazy: screen(() => import('./routes/subscriptions.tsx')) },
  { path: 'overview', lazy: screen(() => import('./routes/overview.tsx')) },
  { path: 'postbook', lazy: screen(() => import('./routes/postbook.tsx')) },
  { path: 'postexam', lazy: screen(() => import('./routes/post-exam.tsx')) },
  { path: 'exams', lazy: screen(() => import('./routes/exams.tsx')) },
  { path: 'examroom/:examId', lazy: screen(() => import('./routes/exam-room.tsx')) },
  { path: 'leaderboard/:examId', lazy: screen(() => import('./routes/leaderboard.tsx')) },
  { path: 'examresults/:examId', lazy: screen(() => import('./routes/exam-results.tsx')) },
  { path: 'forum', lazy: screen(() => import('./routes/forum.tsx')) },
  { path: 'forum/:subject', lazy: screen(() => import('./routes/forum-subject.tsx')) },
  { path: 'forum/:subject/:threadId', lazy: screen(() => import('./routes/forum-thread.tsx')) },
]

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    ErrorBoundary: ErrorPage,
    HydrateFallback: ScreenSpinner,
    children: [
      {
        // A second boundary keeps the header on screen when a page fails.
        ErrorBoundary: ErrorPage,
        children: [
          ...publicRoutes,
          { Component: RequireAuth, children: signedInRoutes },
          {
            Component: RequireAdmin,
            children: [{ path: 'admin', lazy: screen(() => import('./routes/admin.tsx')) }],
          },
          { path: '*', lazy: screen(() => import('./routes/not-found.tsx')) },
        ],
      },
    ],
  },
]
