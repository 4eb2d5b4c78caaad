import { type AnyColumn, and, type SQL, sql } from 'drizzle-orm'
import { FORUM_REPLIES_PAGE_SIZE } from '#common/constants.ts'
import { type ForumHit, type ForumHitPage, pageOfPosition } from '#common/schemas/forums.ts'
import type { SearchQuery } from '#common/schemas/search.ts'
import type { AppContext } from '#server/context.ts'
import { decodeRankCursor, toPage } from '#server/db/cursor.ts'
import { forumReply, forumThread, subject, user } from '#server/db/schema/index.ts'
import {
  EDGE_LENGTH,
  HEADLINE_OPTIONS,
  htmlText,
  RANK_WEIGHTS,
  searchableQuery,
  toSnippet,
  withoutMarkers,
} from './search.service.ts'

// Full-text search over the forums: threads on their title (A) and opening post (B), replies on
// their body (B), one list ranked on both (migration 0009's search vectors). A title match outranks
// any body, however often it says the word; deleted replies are empty and never match.

interface HitRow extends Record<string, unknown> {
  id: string
  thread_id: string
  reply_id: string | null
  position: number | null
  created_at: Date | string
  rank: string
  thread_title: string
  subject_slug: string
  subject_name: string
  author_id: string
  author_name: string
  author_image: string | null
  headline: string
  head: string
  tail: string
}

const rankOf = (vector: AnyColumn, tsquery: SQL) =>
  sql<string>`round(ts_rank(${sql.raw(RANK_WEIGHTS)}, ${vector}, ${tsquery})::numeric, 6)`

/**
 * `GET /api/search/threads`: threads and replies matching the websearch-syntax query, best first,
 * one keyset page on (rank desc, id desc) over both (a thread's and a reply's ids are uuids, never
 * the same). Public: every forum is readable signed out.
 */
export async function searchThreads(ctx: AppContext, query: SearchQuery): Promise<ForumHitPage> {
  const tsquery = await searchableQuery(ctx, query.q)
  if (!tsquery) return { items: [], nextCursor: null }
  const cursor = query.cursor ? decodeRankCursor(query.cursor) : null
  const after = (rank: SQL, id: AnyColumn) =>
    cursor ? sql`(${rank}, ${id}) < (${cursor.rank}::numeric, ${cursor.id}::uuid)` : undefined

  const threadRank = rankOf(forumThread.searchVector, tsquery)
  const replyRank = rankOf(forumReply.searchVector, tsquery)
  // Rank and limit first (the cursor in each half, so each seeks its own index); then the page's
  // plain texts (a reply's body, or the opening post) in a subquery with its own limit so
  // PostgreSQL does not inline it: each is built once, then cut into a headline and measured.
  const limit = query.limit + 1
  const { rows } = await ctx.db.execute<HitRow>(sql`
    with page as (
      (select ${forumThread.id} as id, ${forumThread.id} as thread_id, null::uuid as reply_id,
              null::integer as position, ${forumThread.authorId} as author_id,
              ${forumThread.createdAt} as created_at, ${threadRank} as rank
       from ${forumThread}
       where ${and(sql`${forumThread.searchVector} @@ ${tsquery}`, after(threadRank, forumThread.id))})
      union all
      (select ${forumReply.id}, ${forumReply.threadId}, ${forumReply.id}, ${forumReply.position},
              ${forumReply.authorId}, ${forumReply.createdAt}, ${replyRank}
       from ${forumReply}
       where ${and(
         sql`${forumReply.deletedAt} is null`,
         sql`${forumReply.searchVector} @@ ${tsquery}`,
         after(replyRank, forumReply.id),
       )})
      order by rank desc, id desc
      limit ${limit}
    ),
    texts as (
      select page.*, ${withoutMarkers(htmlText(sql`coalesce(r.body_html, t.body_html)`))} as plain
      from page
      join ${forumThread} t on t.id = page.thread_id
      left join ${forumReply} r on r.id = page.reply_id
      limit ${limit}
    )
    select texts.id, texts.thread_id, texts.reply_id, texts.position, texts.created_at, texts.rank,
           t.title as thread_title, s.slug as subject_slug, s.name as subject_name,
           u.id as author_id, u.name as author_name, u.image as author_image,
           ts_headline('english', texts.plain, ${tsquery}, ${HEADLINE_OPTIONS}) as headline,
           left(texts.plain, ${EDGE_LENGTH}) as head,
           right(texts.plain, ${EDGE_LENGTH}) as tail
    from texts
    join ${forumThread} t on t.id = texts.thread_id
    join ${subject} s on s.slug = t.subject_slug
    join ${user} u on u.id = texts.author_id
    order by texts.rank desc, texts.id desc`)

  return toPage(
    rows,
    query.limit,
    (row): ForumHit => ({
      threadId: row.thread_id,
      threadTitle: row.thread_title,
      subject: { slug: row.subject_slug, name: row.subject_name },
      replyId: row.reply_id,
      page: row.position === null ? 1 : pageOfPosition(row.position, FORUM_REPLIES_PAGE_SIZE),
      author: { id: row.author_id, name: row.author_name, image: row.author_image },
      // A Date or a string, depending on the driver.
      createdAt: new Date(row.created_at).toISOString(),
      snippet: toSnippet(row.headline, row.head, row.tail),
    }),
    (row) => String(row.rank),
  )
}
