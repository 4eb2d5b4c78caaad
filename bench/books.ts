import { sql } from 'drizzle-orm'
import type { Database } from '#server/db/client.ts'
import { encodeCursor } from '#server/db/cursor.ts'
import { expectJson, startBareApp, startInkwell } from './apps.ts'
import type { BenchContext, SectionReport } from './foundation.ts'
import { call, signUp } from './http.ts'
import { int } from './report.ts'
import { type Measurement, measurer, sizeReport } from './scale.ts'

// The Books Store: reading a chapter past the preview as its signed-in owner (the
// ownership check, then the chapter and its neighbours), and the catalogue's first page, a deep
// page and the best-selling page, on a small and a large book table, against a bare Fastify route
// measured in the same run. Keyset pages on (status, key, id) indexes should cost the same whatever
// the table size.

export interface BooksBenchContext extends BenchContext {
  /** Books in the small table. */
  smallBooks: number
  /** Books in the large table. */
  largeBooks: number
}

const PAGE = 20
const AUTHORS = 300

const ENDPOINTS = ['newest', 'deep', 'bestselling', 'chapter'] as const
type Endpoint = (typeof ENDPOINTS)[number]

type Page = { items?: { id: string }[]; nextCursor?: string | null }

export async function booksBench(ctx: BooksBenchContext): Promise<SectionReport> {
  const { settings, database, progress } = ctx
  const db = database.db
  const bareUrl = await startBareApp(ctx.defer)
  const { url: appUrl } = await startInkwell(database, ctx.dataDir, ctx.defer)
  const failures: string[] = []
  const { measurements, measure } = measurer(settings, progress, failures)

  await expectJson(`${bareUrl}/bare`, {}, (b: { status?: string }) => b.status === 'ok')
  await measure('bare', 'bare Fastify: GET /bare', `${bareUrl}/bare`)

  progress('books: a writer writes a 3-chapter book (1 preview chapter); a reader owns it')
  const author = await signUp(appUrl, 'bench-book-author@example.com')
  const reader = await signUp(appUrl, 'bench-book-reader@example.com')
  const created = await call(appUrl, 'POST', '/api/books', author, {
    title: 'The Benchmark Book',
    category: 'fiction',
    price: 999,
    previewChapters: 1,
  })
  const bookId = (created.json as { id: string }).id
  const chapterIds: string[] = []
  for (const n of [1, 2, 3]) {
    const body = `<h2>Part ${n}</h2>${'<p>Generated prose about harbours, lanterns and tides, long enough to read like a page of a novel.</p>'.repeat(60)}`
    const chapter = await call(appUrl, 'POST', `/api/books/${bookId}/chapters`, author, {
      title: `Chapter ${n}`,
      bodyHtml: body,
    })
    chapterIds.push((chapter.json as { id: string }).id)
  }
  // Published and owned directly: review and payment are not what is measured here.
  await db.execute(sql`update book set status = 'published', published_at = now() where id = ${bookId}`)
  await db.execute(sql`
    insert into book_ownership (book_id, user_id)
    select ${bookId}::uuid, id from "user" where email = 'bench-book-reader@example.com'`)
  const chapterUrl = `${appUrl}/api/books/${bookId}/chapters/${chapterIds[1]}`
  const owner = { cookie: reader }

  const depths: Record<'small' | 'large', number> = { small: 0, large: 0 }
  const measureSize = async (size: 'small' | 'large', total: number) => {
    const urls = await catalogueUrls(db, appUrl)
    depths[size] = urls.depth
    const rows = `${int(total)} books`
    await expectJson(urls.newest, {}, (b: Page) => b.items?.length === PAGE && !!b.nextCursor)
    await expectJson(
      urls.deep,
      {},
      (b: Page) => b.items?.length === PAGE && b.items[0].id === urls.deepFirstId,
    )
    await expectJson(urls.bestselling, {}, (b: Page) => b.items?.length === PAGE)
    await expectJson(
      chapterUrl,
      owner,
      (b: { id?: string; bodyHtml?: string }) => b.id === chapterIds[1] && !!b.bodyHtml,
    )
    await measure(`newest-${size}`, `newest, first page, ${rows}`, urls.newest)
    await measure(`deep-${size}`, `newest, page after row ${int(urls.depth)}, ${rows}`, urls.deep)
    await measure(`bestselling-${size}`, `sort=bestselling, first page, ${rows}`, urls.bestselling)
    await measure(`chapter-${size}`, `owner reads chapter 2, ${rows}`, chapterUrl, owner)
  }

  progress(`books: generating ${int(ctx.smallBooks)} books by ${AUTHORS} writers`)
  let seconds = await fillBooks(db, ctx.smallBooks)
  await measureSize('small', ctx.smallBooks)
  progress(`books: growing to ${int(ctx.largeBooks)} books`)
  seconds = await fillBooks(db, ctx.largeBooks)
  progress(`  inserted in ${seconds.toFixed(1)} s (bulk SQL, then VACUUM ANALYZE)`)
  await measureSize('large', ctx.largeBooks)
  await measure('bare-again', 'bare Fastify again (drift check)', `${bareUrl}/bare`)
  return { text: render(measurements, ctx, depths, seconds), failures }
}

/** The measured catalogue URLs for the table as it is now, with the deep page's expected first row. */
async function catalogueUrls(db: Database['db'], appUrl: string) {
  const list = (query: string) => `${appUrl}/api/books?limit=${PAGE}${query}`
  const [{ n: published }] = (
    await db.execute<{ n: number }>(sql`select count(*)::int as n from book where status = 'published'`)
  ).rows
  // ~90% of the way down the newest list (OFFSET only here, once, to find the cursor).
  const depth = Math.floor(Number(published) * 0.9)
  const deep = await db.execute<{ id: string; published_at: string }>(sql`
    select id, published_at from book where status = 'published'
    order by published_at desc, id desc offset ${depth - 1} limit 2`)
  const cursor = encodeCursor(new Date(deep.rows[0].published_at), deep.rows[0].id)
  return {
    depth,
    deepFirstId: deep.rows[1].id,
    newest: list(''),
    deep: list(`&cursor=${encodeURIComponent(cursor)}`),
    bestselling: list('&sort=bestselling'),
  }
}

/**
 * Grows the book table to `target` rows in one statement: books by AUTHORS writers, a minute apart
 * and older than every existing book, a third in each category, 1 in 20 a draft, 1 in 4 free, sales
 * from a hash. Returns the seconds it took.
 */
async function fillBooks(db: Database['db'], target: number): Promise<number> {
  const started = performance.now()
  const [{ n: authors }] = (
    await db.execute<{ n: number }>(
      sql`select count(*)::int as n from "user" where email like 'bench-bookwriter-%'`,
    )
  ).rows
  if (Number(authors) < AUTHORS) {
    await db.execute(sql`
      insert into "user" (id, name, email, email_verified)
      select gen_random_uuid()::text, 'Bench Book Writer ' || i, 'bench-bookwriter-' || i || '@example.com', true
      from generate_series(1, ${AUTHORS}::int) as i`)
  }
  const [{ n, oldest }] = (
    await db.execute<{ n: number; oldest: string | null }>(
      sql`select count(*)::int as n, min(created_at) as oldest from book`,
    )
  ).rows
  const from = Number(n) + 1
  if (from > target) return 0
  const base = oldest ? new Date(oldest).toISOString() : new Date().toISOString()
  await db.execute(sql`
    with writers as (select array_agg(id order by id) as ids from "user" where email like 'bench-bookwriter-%'),
    rows as (select i, ${base}::timestamptz - i * interval '1 minute' as at,
                    (array['academic', 'fiction', 'true-story'])[1 + i % 3] as category
             from generate_series(${from}::int, ${target}::int) as i)
    insert into book (author_id, title, description, category, subject_slug, price, status, sales_count,
                      chapter_count, word_count, created_at, updated_at, published_at)
    select w.ids[1 + i % array_length(w.ids, 1)], 'Generated book number ' || i,
           'A generated book for the benchmark, with a blurb of ordinary length.', category,
           case when category = 'academic' then 'mathematics' end,
           case when i % 4 = 0 then 0 else 99 + (i * 37) % 5000 end,
           case when i % 20 = 0 then 'draft' else 'published' end, (i * 7919) % 1000, 12, 40000,
           at, at, case when i % 20 = 0 then null else at end
    from rows, writers w`)
  await db.execute(sql`vacuum (analyze) book, "user"`)
  return (performance.now() - started) / 1000
}

const LABELS: Record<Endpoint, string> = {
  newest: 'GET /api/books (newest), first page',
  deep: 'GET /api/books (newest), deep page',
  bestselling: 'GET /api/books?sort=bestselling, first page',
  chapter: 'GET /api/books/:id/chapters/:chapterId (owner)',
}

function render(
  measurements: Record<string, Measurement>,
  ctx: BooksBenchContext,
  depths: Record<'small' | 'large', number>,
  growSeconds: number,
): string {
  return sizeReport({
    title: 'Books: the catalogue and the reader against a bare Fastify route',
    measurements,
    keys: ENDPOINTS,
    label: (key) =>
      key === 'deep'
        ? `${LABELS.deep} (row ${int(depths.small)} → ${int(depths.large)})`
        : LABELS[key as Endpoint],
    notes: [
      `Catalogue signed out, ${PAGE} cards a page; the chapter (about 6,000 words of HTML) read by its`,
      `signed-in owner. Books by ${AUTHORS} writers, 1 in 20 a draft. Growing the table took ${growSeconds.toFixed(0)} s.`,
    ],
    scale: `Scale: ${int(ctx.smallBooks)} → ${int(ctx.largeBooks)} books`,
  })
}
