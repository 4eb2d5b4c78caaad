import type { PostCategory } from '#common/schemas/posts.ts'

// The web app's public addresses that feeds, sitemaps and robots.txt hand out, beside postPath()
// in common/paths.ts. They must match web/app/router.tsx.

/** The category pages' own names (the true stories page is /truestories, its category `true-story`). */
export const CATEGORY_PAGES: Record<PostCategory, { path: string; title: string }> = {
  academic: { path: '/academic', title: 'Academic' },
  fiction: { path: '/fiction', title: 'Fiction' },
  'true-story': { path: '/truestories', title: 'True stories' },
}

/** Pages anyone can read that no post, subject or writer names: the sitemap's fixed pages. */
export const STATIC_PAGES = [
  '/',
  '/contents',
  '/books',
  '/profile',
  '/aboutus',
  '/contact',
  '/privacy',
  '/terms',
]

/**
 * Where a page's feed is: the page's own address + /rss, as Ghost does (/rss for the whole site),
 * and the same + /atom for Atom.
 */
export const feedPath = (pagePath: string, format: 'rss' | 'atom') =>
  pagePath === '/' ? `/${format}` : `${pagePath}/${format}`

/** An absolute URL on APP_URL (which has no trailing slash). */
export const absoluteUrl = (appUrl: string, path: string) => `${appUrl}${path}`
