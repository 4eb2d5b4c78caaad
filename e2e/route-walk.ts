import type { APIRequestContext, Page } from 'playwright-core'
import {
  accessibilityProblems,
  markupProblems,
  NARROWEST,
  screenProblems,
  screenSettled,
  sidewaysScroll,
} from './accessibility.ts'
import { DESKTOP } from './browser.ts'
import { DEMO_PASSWORD, type Journey } from './journey.ts'

/** The demo content's addresses a walk needs (ids are made fresh by each seed). */
export interface DemoAddresses {
  /** Grace's lesson whose formula is wider than a phone: the code block scrolls inside itself. */
  codeLesson: string
  /** Someone else's post, for Grace (like, comment, report) and for an admin (feature). */
  otherPost: string
  graceProfile: string
  /** A forum thread with replies (their #n permalinks). */
  thread: string
  /** The exam room of an exam Grace has tried once, with one attempt left. */
  examTried: string
}

interface Listing<T> {
  items: T[]
}
type PostCard = { slug: string; title: string; author: { id: string } }

async function listing<T>(request: APIRequestContext, url: string): Promise<T[]> {
  const response = await request.get(url)
  if (!response.ok()) throw new Error(`${url} answered ${response.status()}`)
  return ((await response.json()) as Listing<T>).items
}

// Every screen of the router, signed out, as a writer and as an admin: at 1280 px with axe
// (serious and critical violations, and the heading rules), then at 320 px, where nothing may
// scroll sideways and axe looks again at what the layout changes. One spec file per person
// (accessibility-*.spec.ts), so that the three walks run side by side on CI's workers.

/** Each person's walk gets its own minutes: a phone layout is three dozen screens checked twice. */
export const WALK_TIMEOUT = 300_000

/** A fresh page of the journey, signed in as `email` (signed out without one), and the demo's addresses. */
export async function walkerPage(j: Journey, email?: string): Promise<{ page: Page; a: DemoAddresses }> {
  const page = await j.newPage()
  const a = await demoAddresses(page.request)
  if (email) await signInByApi(page, j.server.url, email, DEMO_PASSWORD)
  return { page, a }
}

/** Finds the addresses through the public API. */
export async function demoAddresses(request: APIRequestContext): Promise<DemoAddresses> {
  const posts = await listing<PostCard>(request, '/api/posts?limit=50')
  const post = (title: string) => posts.find((p) => p.title === title)
  const lesson = post('Standing Waves on a Guitar String')
  const other = post('Merge Conflict')
  const threads = await listing<{ id: string; replyCount: number }>(
    request,
    '/api/forum/subjects/physics/threads',
  )
  const thread = threads.find((t) => t.replyCount > 0)
  const exams = await listing<{ id: string; title: string }>(request, '/api/exams')
  const exam = exams.find((e) => e.title === 'Big-O and Data Structures in 10 Minutes')
  if (!lesson || !other || !thread || !exam) throw new Error('The demo content has changed: update the walk')
  const learn = (p: PostCard) => `/learn/${p.author.id}/${p.slug}`
  return {
    codeLesson: learn(lesson),
    otherPost: learn(other),
    graceProfile: `/writer/${lesson.author.id}`,
    thread: `/forum/physics/${thread.id}`,
    examTried: `/examroom/${exam.id}`,
  }
}

/** Every public screen of web/app/router.tsx, as a newcomer meets it (one of each kind). */
export function publicPaths(a: DemoAddresses): string[] {
  return [
    '/',
    '/login',
    '/signup',
    '/forgot-password',
    '/reset-password',
    // A newsletter's unsubscribe link that is not one: the page says so (journeys walk real ones).
    '/unsubscribe?token=not-a-real-link',
    // An imported address's confirmation link that is not one (e2e/newsletter-import.spec.ts walks a real one).
    '/newsletter/confirm?token=not-a-real-link',
    '/contact',
    '/privacy',
    '/terms',
    '/aboutus',
    '/contents',
    // The Books Store's catalogue with the demo's books (e2e/books.spec.ts walks a book and its reader).
    '/books',
    '/subject/physics',
    a.codeLesson,
    // Two category pages stand for true stories too (the same screen, another category).
    '/academic',
    '/fiction',
    '/profile',
    a.graceProfile,
    '/search/force',
    '/search/force?type=writers',
    '/search/force?type=books',
    '/search/force?type=exams',
    '/search/force?type=threads',
    // Signed out, a signed-in screen sends to the sign-in page: one of them stands for all.
    '/dashboard',
    '/no-such-page',
  ]
}

/** Every screen a writer (not an admin) works in, and the public ones that change when signed in. */
export function writerPaths(a: DemoAddresses): string[] {
  return [
    '/',
    '/welcome',
    '/dashboard',
    '/notifications',
    '/settings',
    '/post',
    '/pending',
    '/topics',
    '/postbook',
    // A payment screen with no order: "We couldn't find that order" (journeys walk real orders).
    '/payment',
    // Grace pays Mei in the demo: a paid row with Cancel.
    '/subscriptions',
    // Hannah and Priya follow Grace for free: the writer's side, counted and listed.
    '/subscriptions?tab=subscribers',
    // Grace's balances, the monthly chart (its table behind Show as table), history and payouts.
    '/earnings',
    '/postexam',
    '/exams',
    '/exams?tab=attempts',
    '/exams?tab=mine',
    a.examTried,
    a.examTried.replace('/examroom/', '/leaderboard/'),
    a.examTried.replace('/examroom/', '/examresults/'),
    // The demo's attempts left practice cards (or, for a writer without any, its empty state).
    '/practice',
    // The demo has no highlights: the empty state that says how to highlight.
    '/highlights',
    // Nothing saved for later yet: the empty state that says what saving does.
    '/reading-list',
    '/forum',
    '/forum/physics',
    a.thread,
    a.codeLesson,
    a.otherPost,
    '/profile',
    a.graceProfile,
    // Not an admin: sent away from /admin.
    '/admin',
  ]
}

/** The screens only an admin sees, and those where an admin has more to do. */
export function adminPaths(a: DemoAddresses): string[] {
  return [
    '/dashboard',
    '/admin',
    // Counts, open reports and payouts, and the money chart from the demo's months of history.
    '/admin?tab=totals',
    '/admin?tab=reports',
    // Two paid demo orders, each with Refund.
    '/admin?tab=orders',
    // Writers' payout requests, open ones first.
    '/admin?tab=payouts',
    '/admin?tab=messages',
    '/admin?tab=subjects',
    '/admin?tab=notify',
    '/pending',
    a.thread,
    a.otherPost,
  ]
}

/** Signs the page's browser context in through the API (the form has journeys of its own). */
export async function signInByApi(page: Page, origin: string, email: string, password: string) {
  const response = await page.request.post('/api/auth/sign-in/email', {
    data: { email, password },
    headers: { origin },
  })
  if (!response.ok()) throw new Error(`sign-in as ${email} failed: ${response.status()}`)
}

/**
 * Opens each path at desktop width and checks it (screenProblems: axe there, then scrolling
 * sideways and axe again at 320 px). Collects every problem instead of stopping at the first, so
 * one run shows all there is to fix.
 */
export async function walk(
  page: Page,
  paths: string[],
  who: string,
  { markup = false } = {},
): Promise<string[]> {
  const problems: string[] = []
  for (const path of paths) {
    await page.setViewportSize(DESKTOP)
    await page.goto(path)
    try {
      await screenSettled(page)
    } catch {
      problems.push(`${who} ${path}: did not settle (no h1, or still loading after 10 s)`)
      continue
    }
    for (const problem of await screenProblems(page)) problems.push(`${who} ${path} ${problem}`)
    if (markup) for (const problem of await markupProblems(page)) problems.push(`${who} ${path} ${problem}`)
  }
  return problems
}

/**
 * The header's menus, open: the account menu at desktop width (signed in), and at 320 px the
 * mobile menu, with the account menu open inside it. Checked like a screen.
 */
export async function walkMenus(page: Page, who: string, signedIn: boolean): Promise<string[]> {
  const problems: string[] = []
  const banner = page.getByRole('banner')
  await page.setViewportSize(DESKTOP)
  await page.goto('/')
  await screenSettled(page)
  if (signedIn) {
    await banner.getByRole('button', { name: 'Account menu' }).click()
    await banner.getByRole('list', { name: 'Your places' }).waitFor()
    for (const problem of await accessibilityProblems(page))
      problems.push(`${who} account menu @1280: ${problem}`)
    await page.keyboard.press('Escape')
  }
  await page.setViewportSize(NARROWEST)
  await banner.getByRole('button', { name: 'Open menu' }).click()
  const menu = page.locator('#mobile-menu')
  await menu.getByRole('navigation', { name: 'Main' }).waitFor()
  if (signedIn) {
    await menu.getByRole('button', { name: 'Account menu' }).click()
    await menu.getByRole('list', { name: 'Your places' }).waitFor()
  }
  const sideways = await sidewaysScroll(page)
  if (sideways) problems.push(`${who} mobile menu @${NARROWEST.width}: ${sideways}`)
  for (const problem of await accessibilityProblems(page))
    problems.push(`${who} mobile menu @${NARROWEST.width}: ${problem}`)
  return problems
}
