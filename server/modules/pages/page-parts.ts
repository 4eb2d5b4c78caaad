import { bookPath, postPath } from '#common/paths.ts'
import type { BookCard } from '#common/schemas/books.ts'
import type { PostCard } from '#common/schemas/posts.ts'
import { AppError } from '#server/errors.ts'
import { absoluteUrl, writerPath } from '#server/modules/feeds/public-paths.ts'
import { type Page, shellPage } from './document.ts'
import { type Html, html, trusted } from './html.ts'

// The pieces every server-rendered page is made of (decision 026): the page type, JSON-LD's breadcrumbs, one-line descriptions, dates, paragraphs and post lists.

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

export const dateOf = (iso: string | null) =>
  iso
    ? html`<time datetime="${iso}">${new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })}</time>`
    : ''

/** Plain text (a bio, a blurb) as paragraphs. */
export const paragraphs = (text: string, className = '') =>
  text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => html`<p class="${className}">${p}</p>`)

export const PAGE_TITLE = 'font-serif text-3xl font-semibold tracking-tight text-stone-900 sm:text-4xl'

/** Post titles as headings one level below the list's own heading (h2 under a page's h1). */
export function postList(posts: PostCard[], empty: string, level: 2 | 3 = 2): Html {
  if (!posts.length) return html`<p class="text-stone-600">${empty}</p>`
  const h = trusted(`h${level}`)
  return html`<ul class="mt-6 space-y-6">${posts.map(
    (p) =>
      html`<li><article><${h} class="font-serif text-xl font-semibold"><a href="${postPath(p.author.id, p.slug)}">${p.title}</a></${h}><p class="text-sm text-stone-500">By <a href="${writerPath(p.author.id)}">${p.author.name}</a>${p.publishedAt ? html` · ${dateOf(p.publishedAt)}` : ''}</p>${p.excerpt ? html`<p class="mt-1 text-stone-600">${p.excerpt}</p>` : ''}</article></li>`,
  )}</ul>`
}

export const bookList = (books: BookCard[]) =>
  html`<ul class="mt-6 space-y-4">${books.map(
    (b) =>
      html`<li><a class="font-semibold" href="${bookPath(b.id)}">${b.title}</a> <span class="text-stone-500">by ${b.author.name}</span></li>`,
  )}</ul>`

export const listing = (title: string, intro: string, content: Html) =>
  html`<section class="mx-auto max-w-3xl"><h1 class="${PAGE_TITLE}">${title}</h1><p class="mt-3 text-stone-600">${intro}</p>${content}</section>`

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
