import { and, asc, eq, sql } from 'drizzle-orm'
import { POST_CATEGORIES } from '#common/constants.ts'
import { bookPath, postPath, subjectPath, writerPath } from '#common/paths.ts'
import type { AppContext } from '#server/context.ts'
import { afterCursor, encodeCursor } from '#server/db/cursor.ts'
import { book, post, user } from '#server/db/schema/index.ts'
import { CATEGORY_PAGES, STATIC_PAGES } from './public-paths.ts'
import { element, XML_DECLARATION, xmlText } from './xml.ts'

// /sitemap.xml is an index (Ghost's names: sitemap-pages, -posts, -books, -writers, -subjects).
// Posts, books and writers are paged by keyset, oldest first, so a new post only ever changes the last page and a
// page costs the same at any depth: the index hands out each page's start key (`?after=`), which
// it finds in one pass over the published-posts index (decision 021).

/** URLs per sitemap page (the protocol allows 50,000 and 50 MB; 10,000 keeps a page near 2 MB). */
export const SITEMAP_PAGE_SIZE = 10_000
/** How long a process reuses the index it built (crawlers read it hourly at most). */
export const SITEMAP_INDEX_REUSE_MS = 5 * 60_000

export interface SitemapUrl {
  path: string
  lastmod?: Date | null
  image?: string | null
}

export interface SitemapPage {
  /** Where the page is, under APP_URL. */
  path: string
  lastmod: Date | null
}

const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`
const iso = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', ${ISO})`)
const date = (value: string | null) => (value ? new Date(value) : null)
const withAfter = (path: string, after: string | null) =>
  after ? `${path}?after=${encodeURIComponent(after)}` : path

/**
 * The pages of published posts or books: every SITEMAP_PAGE_SIZE-th (published_at, id) is where
 * a page ends and the next one starts. Suspended writers' items are counted here and left out of
 * the page itself, so the pages stay aligned (a page may list fewer URLs, never another page's).
 */
async function publishedPages(ctx: AppContext, table: 'post' | 'book', path: string): Promise<SitemapPage[]> {
  const size = sql.raw(String(SITEMAP_PAGE_SIZE))
  const { rows } = await ctx.db.execute<{
    lastmod: string
    end_at: string | null
    end_id: string | null
  }>(sql`
    select ${iso('max(greatest(r.updated_at, r.published_at))')} as lastmod,
      ${iso(`max(r.published_at) filter (where r.i % ${SITEMAP_PAGE_SIZE} = ${SITEMAP_PAGE_SIZE - 1})`)} as end_at,
      max(r.id::text) filter (where r.i % ${size} = ${size} - 1) as end_id
    from (
      select published_at, updated_at, id, row_number() over (order by published_at, id) - 1 as i
      from ${sql.raw(table)} where status = 'published'
    ) r
    group by r.i / ${size}
    order by r.i / ${size}`)
  let after: string | null = null
  return rows.map((row) => {
    const page = { path: withAfter(path, after), lastmod: date(row.lastmod) }
    after = row.end_at && row.end_id ? encodeCursor(new Date(row.end_at), row.end_id) : null
    return page
  })
}

export const postPages = (ctx: AppContext) => publishedPages(ctx, 'post', '/sitemap-posts.xml')
export const bookPages = (ctx: AppContext) => publishedPages(ctx, 'book', '/sitemap-books.xml')

/** One page of posts: the next SITEMAP_PAGE_SIZE published keys after the cursor, by index. */
export async function postPage(ctx: AppContext, after: string | undefined): Promise<SitemapUrl[]> {
  const keys = ctx.db
    .select({
      id: post.id,
      authorId: post.authorId,
      slug: post.slug,
      coverImage: post.coverImage,
      publishedAt: post.publishedAt,
      updatedAt: post.updatedAt,
    })
    .from(post)
    .where(and(eq(post.status, 'published'), afterCursor(after, post.publishedAt, post.id, 'asc')))
    .orderBy(asc(post.publishedAt), asc(post.id))
    .limit(SITEMAP_PAGE_SIZE)
    .as('page')
  const rows = await ctx.db
    .select({
      authorId: keys.authorId,
      slug: keys.slug,
      coverImage: keys.coverImage,
      publishedAt: keys.publishedAt,
      updatedAt: keys.updatedAt,
    })
    .from(keys)
    .innerJoin(user, and(eq(user.id, keys.authorId), eq(user.banned, false)))
    .orderBy(asc(keys.publishedAt), asc(keys.id))
  return rows.map((row) => ({
    path: postPath(row.authorId, row.slug),
    lastmod: row.publishedAt && row.publishedAt > row.updatedAt ? row.publishedAt : row.updatedAt,
    image: row.coverImage,
  }))
}

/** One page of books (the book page and reader, /read/<id>), like a page of posts. */
export async function bookPage(ctx: AppContext, after: string | undefined): Promise<SitemapUrl[]> {
  const keys = ctx.db
    .select({
      id: book.id,
      authorId: book.authorId,
      coverImage: book.coverImage,
      publishedAt: book.publishedAt,
      updatedAt: book.updatedAt,
    })
    .from(book)
    .where(and(eq(book.status, 'published'), afterCursor(after, book.publishedAt, book.id, 'asc')))
    .orderBy(asc(book.publishedAt), asc(book.id))
    .limit(SITEMAP_PAGE_SIZE)
    .as('page')
  const rows = await ctx.db
    .select({
      id: keys.id,
      coverImage: keys.coverImage,
      publishedAt: keys.publishedAt,
      updatedAt: keys.updatedAt,
    })
    .from(keys)
    .innerJoin(user, and(eq(user.id, keys.authorId), eq(user.banned, false)))
    .orderBy(asc(keys.publishedAt), asc(keys.id))
  return rows.map((row) => ({
    path: bookPath(row.id),
    lastmod: row.publishedAt && row.publishedAt > row.updatedAt ? row.publishedAt : row.updatedAt,
    image: row.coverImage,
  }))
}

/** Writers with a published post and not suspended, by id; each one's newest post is its lastmod. */
const WRITERS = sql`
  from "user" u
  cross join lateral (
    select max(p.published_at) as latest from post p where p.author_id = u.id and p.status = 'published'
  ) w
  where not u.banned and w.latest is not null`

export async function writerPages(ctx: AppContext): Promise<SitemapPage[]> {
  const size = sql.raw(String(SITEMAP_PAGE_SIZE))
  const { rows } = await ctx.db.execute<{ lastmod: string; end_id: string | null }>(sql`
    select ${iso('max(r.latest)')} as lastmod,
      max(r.id) filter (where r.i % ${size} = ${size} - 1) as end_id
    from (select u.id, w.latest, row_number() over (order by u.id) - 1 as i ${WRITERS}) r
    group by r.i / ${size}
    order by r.i / ${size}`)
  let after: string | null = null
  return rows.map((row) => {
    const page = { path: withAfter('/sitemap-writers.xml', after), lastmod: date(row.lastmod) }
    after = row.end_id
    return page
  })
}

export async function writerPage(ctx: AppContext, after: string | undefined): Promise<SitemapUrl[]> {
  const { rows } = await ctx.db.execute<{ id: string; latest: string }>(sql`
    select u.id, ${iso('w.latest')} as latest ${WRITERS} ${after === undefined ? sql`` : sql`and u.id > ${after}`}
    order by u.id
    limit ${SITEMAP_PAGE_SIZE}`)
  return rows.map((row) => ({ path: writerPath(row.id), lastmod: new Date(row.latest) }))
}

/** Every subject hub (it shows exams and discussions too), dated by its newest post. */
export async function subjectUrls(ctx: AppContext): Promise<SitemapUrl[]> {
  const { rows } = await ctx.db.execute<{ slug: string; latest: string | null }>(sql`
    select s.slug, ${iso('w.latest')} as latest
    from subject s
    cross join lateral (
      select max(p.published_at) as latest from post p where p.subject_slug = s.slug and p.status = 'published'
    ) w
    order by s.slug`)
  return rows.map((row) => ({ path: subjectPath(row.slug), lastmod: date(row.latest) }))
}

/** The fixed pages: the home and contents pages and each category page dated by their newest post. */
export async function staticUrls(ctx: AppContext): Promise<SitemapUrl[]> {
  const { rows } = await ctx.db.execute<{ category: string | null; latest: string | null }>(sql`
    select null as category, ${iso('max(published_at)')} as latest from post where status = 'published'
    ${sql.join(
      POST_CATEGORIES.map(
        (category) =>
          sql`union all select ${category}, ${iso('max(published_at)')} from post where category = ${category} and status = 'published'`,
      ),
      sql` `,
    )}`)
  const latest = new Map(rows.map((row) => [row.category, date(row.latest)]))
  const site = latest.get(null) ?? null
  return [
    ...STATIC_PAGES.map((path) => ({ path, lastmod: path === '/' || path === '/contents' ? site : null })),
    ...POST_CATEGORIES.map((category) => ({
      path: CATEGORY_PAGES[category].path,
      lastmod: latest.get(category) ?? null,
    })),
  ]
}

/** The newest lastmod among entries (a document's Last-Modified, an index entry's lastmod). */
export function newestOf(entries: { lastmod?: Date | null }[]): Date | null {
  let latest: Date | null = null
  for (const { lastmod } of entries) if (lastmod && (!latest || lastmod > latest)) latest = lastmod
  return latest
}

/** The index: the fixed pages, the subjects, then each page of posts, of books and of writers. */
export async function sitemapIndex(ctx: AppContext): Promise<SitemapPage[]> {
  const [pages, subjects, posts, books, writers] = [
    await staticUrls(ctx),
    await subjectUrls(ctx),
    await postPages(ctx),
    await bookPages(ctx),
    await writerPages(ctx),
  ]
  return [
    { path: '/sitemap-pages.xml', lastmod: newestOf(pages) },
    { path: '/sitemap-subjects.xml', lastmod: newestOf(subjects) },
    // With nothing published yet there is still one (empty) page of each, so the names are stable.
    ...(posts.length ? posts : [{ path: '/sitemap-posts.xml', lastmod: null }]),
    ...(books.length ? books : [{ path: '/sitemap-books.xml', lastmod: null }]),
    ...(writers.length ? writers : [{ path: '/sitemap-writers.xml', lastmod: null }]),
  ]
}

const lastmod = (at: Date | null | undefined) => element('lastmod', at?.toISOString())

export function renderIndex(appUrl: string, pages: SitemapPage[]): string {
  return [
    XML_DECLARATION,
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...pages.map(
      (page) => `<sitemap>${element('loc', `${appUrl}${page.path}`)}${lastmod(page.lastmod)}</sitemap>`,
    ),
    '</sitemapindex>',
  ].join('\n')
}

export function renderUrlset(appUrl: string, urls: SitemapUrl[]): string {
  const image = (src: string | null | undefined) =>
    src ? `<image:image><image:loc>${xmlText(new URL(src, `${appUrl}/`).href)}</image:loc></image:image>` : ''
  return [
    XML_DECLARATION,
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">',
    ...urls.map(
      (url) =>
        `<url>${element('loc', `${appUrl}${url.path}`)}${lastmod(url.lastmod)}${image(url.image)}</url>`,
    ),
    '</urlset>',
  ].join('\n')
}
