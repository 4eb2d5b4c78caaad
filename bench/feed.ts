import { sql } from 'drizzle-orm'
import type { Database } from '#server/db/client.ts'
import { encodeCursor } from '#server/db/cursor.ts'
import { copyBuiltIndex, expectHtml, expectJson, startBareApp, startInkwell } from './apps.ts'
import type { BenchContext, SectionReport } from './foundation.ts'
import { heading, int, ms, ratio, share, table } from './report.ts'
import { FLAT, type Measurement, measurer, sizeReport } from './scale.ts'

// The feed benchmark: the published feeds (GET /api/posts, first page, a deep page by cursor,
// sort=popular, a category), reading one post (GET /api/posts/by/:writerId/:slug) and that post's
// server-rendered page (GET /learn/:writerId/:slug, decision 026), first on a small post table and
// then on a large one, against a bare Fastify route measured in the same run. Keyset pages on
// (key, id) indexes should cost the same whatever the table size. The page reads the post through
// the same service as the JSON read, plus the screen's other first reads, then renders it.

export interface FeedBenchContext extends BenchContext {
  /** Posts in the small table. */
  smallPosts: number
  /** Posts in the large table. */
  largePosts: number
}

const PAGE = 20
/** Writers of the generated posts; they are also the readers who like them. */
const AUTHORS = 300
const ACADEMIC_SUBJECTS = ['mathematics', 'physics', 'chemistry', 'biology', 'history', 'computer-science']

const ENDPOINTS = ['newest', 'deep', 'popular', 'category', 'read', 'page'] as const
type Endpoint = (typeof ENDPOINTS)[number]

type Page = { items?: { id: string }[]; nextCursor?: string | null }

export async function feedBench(ctx: FeedBenchContext): Promise<SectionReport> {
  const { settings, database, progress } = ctx
  const db = database.db

  const bareUrl = await startBareApp(ctx.defer)

  // The app serves the pages from the built index.html (one file is all a page reads).
  const webDist = copyBuiltIndex(ctx.dataDir)
  const { url: appUrl } = await startInkwell(database, ctx.dataDir, ctx.defer, { webDist })

  const failures: string[] = []
  const { measurements, measure } = measurer(settings, progress, failures)

  await expectJson(`${bareUrl}/bare`, {}, (b: { status?: string }) => b.status === 'ok')
  await measure('bare', 'bare Fastify: GET /bare', `${bareUrl}/bare`)

  progress(`posts: generating ${int(ctx.smallPosts)} posts by ${AUTHORS} writers`)
  let seconds = await fillPosts(db, ctx.smallPosts)
  progress(`  inserted in ${seconds.toFixed(1)} s (bulk SQL, then VACUUM ANALYZE)`)
  // The same post is read at both sizes: one from the first batch, which the large table keeps.
  const target = await readTarget(db)
  const depths: Record<'small' | 'large', number> = { small: 0, large: 0 }

  const measureSize = async (size: 'small' | 'large', total: number) => {
    const urls = await feedUrls(db, appUrl, target, total)
    depths[size] = urls.depth
    const rows = `${int(total)} posts`
    await expectJson(urls.newest, {}, (b: Page) => b.items?.length === PAGE && !!b.nextCursor)
    await expectJson(
      urls.deep,
      {},
      (b: Page) => b.items?.length === PAGE && b.items[0].id === urls.deepFirstId,
    )
    await expectJson(
      urls.popular,
      {},
      (b: Page) => b.items?.length === PAGE && b.items[0].id === urls.popularFirstId,
    )
    await expectJson(urls.category, {}, (b: Page) => b.items?.length === PAGE)
    await expectJson(
      urls.read,
      {},
      (b: { id?: string; bodyHtml?: string | null }) => b.id === target.id && !!b.bodyHtml,
    )
    // Signed out, the free post's page: its title in the head and its body in the content.
    await expectHtml(urls.page, [`<title>${target.title} · Inkwell</title>`, 'Generated prose about waves'])
    await checkCounters(db)
    await measure(`newest-${size}`, `newest, first page, ${rows}`, urls.newest)
    await measure(`deep-${size}`, `newest, page after row ${int(urls.depth)}, ${rows}`, urls.deep)
    await measure(`popular-${size}`, `sort=popular, first page, ${rows}`, urls.popular)
    await measure(`category-${size}`, `category=fiction, first page, ${rows}`, urls.category)
    await measure(`read-${size}`, `read one post, ${rows}`, urls.read)
    await measure(`page-${size}`, `that post's page, ${rows}`, urls.page)
  }

  await measureSize('small', ctx.smallPosts)
  progress(`posts: growing to ${int(ctx.largePosts)} posts`)
  seconds = await fillPosts(db, ctx.largePosts)
  progress(`  inserted in ${seconds.toFixed(1)} s (bulk SQL, then VACUUM ANALYZE)`)
  await measureSize('large', ctx.largePosts)

  await measure('bare-again', 'bare Fastify again (drift check)', `${bareUrl}/bare`)
  return { text: render(measurements, ctx, depths, seconds), failures }
}

interface Target {
  id: string
  authorId: string
  slug: string
  title: string
}

async function readTarget(db: Database['db']): Promise<Target> {
  const result = await db.execute<{ id: string; author_id: string; slug: string; title: string }>(sql`
    select id, author_id, slug, title from post
    where status = 'published' and access = 'free'
    order by published_at desc, id desc offset 100 limit 1`)
  const row = result.rows[0]
  if (!row) throw new Error('no published post to read')
  return { id: row.id, authorId: row.author_id, slug: row.slug, title: row.title }
}

/** The measured URLs for the table as it is now, with what their first rows should be. */
async function feedUrls(db: Database['db'], appUrl: string, target: Target, total: number) {
  const feed = (query: string) => `${appUrl}/api/posts?limit=${PAGE}${query}`
  const [{ n: published }] = (
    await db.execute<{ n: number }>(sql`select count(*)::int as n from post where status = 'published'`)
  ).rows
  // ~90% of the way down the newest list (OFFSET only here, once, to find the cursor).
  const depth = Math.floor(Number(published) * 0.9)
  const deep = await db.execute<{ id: string; published_at: string }>(sql`
    select id, published_at from post where status = 'published'
    order by published_at desc, id desc offset ${depth - 1} limit 2`)
  if (deep.rows.length < 2) throw new Error(`only ${published} of ${total} posts are published`)
  const cursor = encodeCursor(new Date(deep.rows[0].published_at), deep.rows[0].id)
  const top = await db.execute<{ id: string }>(sql`
    select id from post where status = 'published' order by score desc, id desc limit 1`)
  return {
    depth,
    deepFirstId: deep.rows[1].id,
    popularFirstId: top.rows[0].id,
    newest: feed(''),
    deep: feed(`&cursor=${encodeURIComponent(cursor)}`),
    popular: feed('&sort=popular'),
    category: feed('&category=fiction'),
    read: `${appUrl}/api/posts/by/${encodeURIComponent(target.authorId)}/${target.slug}`,
    page: `${appUrl}/learn/${encodeURIComponent(target.authorId)}/${target.slug}`,
  }
}

/**
 * Grows the post table to `target` rows in a few SQL statements: AUTHORS writers (with profiles),
 * posts in every category a minute apart and older than every existing post (1 in 20 a draft,
 * 1 in 7 for subscribers, 1 in 500 featured), then likes (0–7 per post) and views (0–11 per post,
 * over the last 30 days), how many from a hash of the post's id. The counters are written with the
 * post from that same hash and the reaction triggers paused: the numbers the triggers would have
 * left, without updating a million rows (which recomputes every search vector). checkCounters
 * verifies it.
 * Returns the seconds it took.
 */
async function fillPosts(db: Database['db'], target: number): Promise<number> {
  const started = performance.now()
  const [{ n: authors }] = (await db.execute<{ n: number }>(sql`select count(*)::int as n from "user"`)).rows
  if (Number(authors) < AUTHORS) {
    await db.execute(sql`
      with created as (
        insert into "user" (id, name, email, email_verified)
        select gen_random_uuid()::text, 'Bench Writer ' || i, 'bench-writer-' || i || '@example.com', true
        from generate_series(1, ${AUTHORS}::int) as i
        returning id
      )
      insert into profile (user_id, intent) select id, 'write' from created`)
  }
  const [{ n, oldest }] = (
    await db.execute<{ n: number; oldest: string | null }>(
      sql`select count(*)::int as n, min(created_at) as oldest from post`,
    )
  ).rows
  const from = Number(n) + 1
  if (from > target) return 0
  const base = oldest ? new Date(oldest).toISOString() : new Date().toISOString()
  const subjects = `{${ACADEMIC_SUBJECTS.join(',')}}`
  await db.transaction(async (tx) => {
    await tx.execute(sql`alter table post_like disable trigger post_like_count`)
    await tx.execute(sql`alter table post_view disable trigger post_view_count`)
    await tx.execute(sql`
      with writers as (select array_agg(id order by id) as ids from "user"),
      rows as (
        select i, gen_random_uuid() as id, ${base}::timestamptz - i * interval '1 minute' as at,
               (array['academic', 'fiction', 'true-story'])[1 + i % 3] as category
        from generate_series(${from}::int, ${target}::int) as i
      )
      insert into post (id, author_id, category, subject_slug, title, slug, excerpt, body_html, tags,
                        access, status, created_at, updated_at, published_at, featured_at,
                        like_count, view_count)
      select id, w.ids[1 + i % array_length(w.ids, 1)], category,
             case when category = 'academic' then (${subjects}::text[])[1 + (i / 3) % ${ACADEMIC_SUBJECTS.length}] end,
             'Notes on topic number ' || i, 'notes-on-topic-' || i,
             'A generated post for the benchmark, number ' || i || ', with an excerpt of ordinary length.',
             '<h2>Part ' || i || '</h2><p>' || repeat('Generated prose about waves, cells, markets and maps. ', 8) || '</p>',
             array['bench', 'tag-' || (i % 50)],
             case when i % 7 = 0 then 'subscribers' else 'free' end,
             case when i % 20 = 0 then 'draft' else 'published' end,
             at, at, case when i % 20 = 0 then null else at end,
             case when i % 500 = 0 and i % 20 <> 0 then at + interval '1 day' end,
             case when i % 20 = 0 then 0 else h % 8 end, case when i % 20 = 0 then 0 else h % 12 end
      from rows, writers w, lateral (select hashtext(id::text) & 2147483647 as h) hashed`)
    // Reactions on the new posts only (created before `base`, unlike the older rows): h % 8 likes
    // from distinct writers and h % 12 views from distinct signed-out readers, as counted above.
    await tx.execute(sql`
      with writers as (select array_agg(id order by id) as ids from "user"),
      fresh as (select id, published_at, (hashtext(id::text) & 2147483647) as h from post
                where status = 'published' and created_at < ${base}::timestamptz)
      insert into post_like (post_id, user_id, created_at)
      select f.id, w.ids[1 + (f.h + j * 37) % array_length(w.ids, 1)], f.published_at + j * interval '1 hour'
      from fresh f, writers w, generate_series(1, 7) as j
      where j <= f.h % 8`)
    await tx.execute(sql`
      insert into post_view (post_id, viewer_key, day)
      select id, 'bench-reader-' || j, current_date - (j * 3 + h) % 30
      from (select id, (hashtext(id::text) & 2147483647) as h from post
            where status = 'published' and created_at < ${base}::timestamptz) f,
           generate_series(1, 11) as j
      where j <= f.h % 12`)
    await tx.execute(sql`alter table post_like enable trigger post_like_count`)
    await tx.execute(sql`alter table post_view enable trigger post_view_count`)
  })
  // What autovacuum would soon do on its own; done now so it does not run during a measurement.
  await db.execute(sql`vacuum (analyze) post, post_like, post_view, "user", profile`)
  return (performance.now() - started) / 1000
}

/** The generated counters match the reaction rows (on a sample: counting millions takes a while). */
async function checkCounters(db: Database['db']) {
  const result = await db.execute<{ id: string }>(sql`
    select p.id from (select * from post tablesample system (1)) p
    where p.like_count <> (select count(*) from post_like l where l.post_id = p.id)
       or p.view_count <> (select count(*) from post_view v where v.post_id = p.id)
    limit 1`)
  if (result.rows.length) throw new Error(`post ${result.rows[0].id}: counters do not match its reactions`)
}

const LABELS: Record<Endpoint, string> = {
  newest: 'GET /api/posts (newest), first page',
  deep: 'GET /api/posts (newest), deep page',
  popular: 'GET /api/posts?sort=popular, first page',
  category: 'GET /api/posts?category=fiction, first page',
  read: 'GET /api/posts/by/:writerId/:slug',
  page: 'GET /learn/:writerId/:slug (server-rendered)',
}

function render(
  measurements: Record<string, Measurement>,
  ctx: FeedBenchContext,
  depths: Record<'small' | 'large', number>,
  growSeconds: number,
): string {
  const report = sizeReport({
    title: 'Feed: published posts against a bare Fastify route',
    measurements,
    keys: ENDPOINTS,
    label: (key) =>
      key === 'deep'
        ? `${LABELS.deep} (row ${int(depths.small)} → ${int(depths.large)})`
        : LABELS[key as Endpoint],
    notes: [
      `Signed out, ${PAGE} cards a page. Posts by ${AUTHORS} writers, a third in each category, 1 in 20`,
      `a draft; 0–7 likes and 0–11 views each. Growing the table took ${growSeconds.toFixed(0)} s.`,
    ],
    scale: `Scale: ${int(ctx.smallPosts)} → ${int(ctx.largePosts)} posts`,
  })
  return [report, pageReport(measurements, ctx)].join('\n')
}

/** The page against the JSON read of the same post at each size, and the page's own scale ratio. */
function pageReport(m: Record<string, Measurement>, ctx: FeedBenchContext): string {
  const sizes = [
    ['small', ctx.smallPosts],
    ['large', ctx.largePosts],
  ] as const
  const rows = sizes.map(([size, posts]) => {
    const page = m[`page-${size}`].result
    const read = m[`read-${size}`].result
    return [
      `${int(posts)} posts`,
      int(page.rps),
      int(read.rps),
      share(page.rps / read.rps),
      ms(page.p50),
      ms(read.p50),
    ]
  })
  const p50 = m['page-large'].result.p50 / m['page-small'].result.p50
  return [
    heading('The post page against the JSON read of the same post'),
    table(['table', 'page req/s', 'JSON req/s', 'page/JSON req/s', 'page p50 ms', 'JSON p50 ms'], rows),
    '',
    `Page p50 large/small: ${ratio(p50)} (${p50 <= FLAT ? 'flat' : 'GROWS'}).`,
    'Both signed out, without Accept-Encoding or If-None-Match: every page is the full HTML, its',
    'ETag computed each time.',
  ].join('\n')
}
