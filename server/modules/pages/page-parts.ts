import { AppError } from '#server/errors.ts'
import { absoluteUrl } from '#server/modules/feeds/index.ts'
import { type Page, shellPage } from './document.ts'

// The pieces every server-rendered page's head is made of (decisions 026 and 030): the page type,
// JSON-LD's breadcrumbs and one-line descriptions.

/** A page without its canonical path (the route adds it). */
export type PageContent = Omit<Page, 'path'>

export const ORGANIZATION = { '@type': 'Organization', name: 'Inkwell' }

export const breadcrumbs = (appUrl: string, trail: Array<[name: string, path: string]>) => ({
  '@context': 'https://schema.org',
  '@type': 'BreadcrumbList',
  itemListElement: trail.map(([name, path], i) => ({
    '@type': 'ListItem',
    position: i + 1,
    name,
    item: absoluteUrl(appUrl, path),
  })),
})

/** Descriptions are one line of at most ~160 characters, as search results show them. */
export function summary(text: string, fallback: string): string {
  const line = text.replace(/\s+/g, ' ').trim() || fallback
  return line.length <= 160 ? line : `${line.slice(0, 157).replace(/\s+\S*$/, '')}…`
}

/** A missing item is the app's not-found screen with a 404; anything else is a real failure. */
export async function orNotFound<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found') return null
    throw error
  }
}

export const notFound = (): PageContent => shellPage(404, 'Page not found')
