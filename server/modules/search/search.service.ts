import { type AnyColumn, and, desc, eq, type SQL, sql } from 'drizzle-orm'
import type { PostHit, SearchQuery, Snippet } from '#common/schemas/search.ts'
import type { AppContext } from '#server/context.ts'
import { activeAuthor } from '#server/db/active-author.ts'
import { decodeRankCursor, toPage } from '#server/db/cursor.ts'
import { post, user } from '#server/db/schema/index.ts'
import { cardColumns, toCard } from '#server/modules/posts/index.ts'

// Full-text search over published posts, on the weighted post.search_vector (migration 0007).
// Ranked by ts_rank, whose weight per occurrence shrinks as a word repeats: one title hit (A)
// outranks a body (C) that says the word many times.

/** ts_rank's weights for D, C, B, A: body text 0.2, tags and excerpt 0.4, title 1. */
export const RANK_WEIGHTS = "'{0.1, 0.2, 0.4, 1.0}'::float4[]"

// Private-use characters as ts_headline's markers: the plain text is stripped of them first, so
// a post cannot fake a highlight, and no HTML marker ever has to be parsed out again.
const MATCH_START = '\uE000'
const MATCH_END = '\uE001'
// One fragment of about three card lines, the match inside it rather than at its end.
export const HEADLINE_OPTIONS = `StartSel=${MATCH_START}, StopSel=${MATCH_END}, MaxWords=24, MinWords=12, ShortWord=3, MaxFragments=1`
/** How much of the text's start and end comes back to tell whether the headline cut into it. */
export const EDGE_LENGTH = 80

/**
 * An HTML body's text: block tags become spaces, inline tags vanish, the entities the sanitizer
 * writes are decoded (`&amp;` last so `&amp;lt;` stays the text "&lt;").
 */
export const htmlText = (
  html: SQL | AnyColumn,
) => sql`replace(replace(replace(replace(replace(replace(replace(
  regexp_replace(regexp_replace(${html}, '</?(p|h[1-6]|li|ul|ol|blockquote|pre|br|hr|img)\\M[^>]*>', ' ', 'gi'), '<[^>]*>', '', 'g'),
  '&nbsp;', ' '), '&lt;', '<'), '&gt;', '>'), '&quot;', '"'), '&#39;', ''''), '&#x27;', ''''), '&amp;', '&')`

/** The text without the highlight markers, so what someone wrote cannot fake a highlight. */
export const withoutMarkers = (text: SQL) => sql`translate(${text}, ${MATCH_START + MATCH_END}, '')`

/**
 * The text a snippet is cut from: the excerpt, then the body's text. A subscribers post gives its
 * excerpt only: its body is never quoted to someone who may not read it.
 */
const plainText = withoutMarkers(
  sql`${post.excerpt} || case when ${post.access} = 'free' then ' ' || ${htmlText(post.bodyHtml)} else '' end`,
)

const letters = (text: string) => text.replace(/[^\p{L}\p{N}]+/gu, '')

/**
 * ts_headline's output as segments (the text between the markers is a match), with "…" where it
 * starts after the text's start or stops before its end (`head`/`tail`: the text's first and last
 * EDGE_LENGTH characters). Compared on letters and digits only: ts_headline drops the punctuation
 * at a fragment's edges.
 */
export function toSnippet(headline: string, head: string, tail: string): Snippet {
  const segments: Snippet = []
  const push = (text: string, match: boolean) => {
    if (!text) return
    const last = segments.at(-1)
    if (last && last.match === match) last.text += text
    else segments.push({ text, match })
  }
  // Whitespace is collapsed here, not in SQL: removed tags and line breaks leave runs of it.
  const squashed = headline.replace(/\s+/g, ' ').trim()
  const bare = letters(squashed)
  if (!bare) return []
  if (!letters(head).startsWith(bare.slice(0, 20))) push('… ', false)
  const [before, ...rest] = squashed.split(MATCH_START)
  push(before, false)
  for (const part of rest) {
    const end = part.indexOf(MATCH_END)
    push(end === -1 ? part : part.slice(0, end), true)
    if (end !== -1) push(part.slice(end + MATCH_END.length).replaceAll(MATCH_END, ''), false)
  }
  if (!letters(tail).endsWith(bare.slice(-20))) push(' …', false)
  return segments
}

/**
 * The websearch-syntax query as a tsquery, or null when it has nothing to look up (only stop words
 * or punctuation, or only exclusions).
 */
export async function searchableQuery(ctx: AppContext, q: string): Promise<SQL | null> {
  const tsquery = sql`websearch_to_tsquery('english', ${q})`
  const [{ tree }] = (await ctx.db.execute<{ tree: string }>(sql`select querytree(${tsquery}) as tree`)).rows
  // '' when nothing is left; 'T' when no term can use the index (e.g. "-word" alone).
  return tree === '' || tree === 'T' ? null : tsquery
}

/**
 * `GET /api/search/posts`: published posts matching the websearch-syntax query, best first, one
 * keyset page on (rank desc, id desc). A subscribers post is found only by its title, tags and
 * excerpt, so a search cannot reveal what its paid body says. A query with nothing to look up
 * (only stop words or punctuation, or only exclusions) finds nothing.
 */
export async function searchPosts(ctx: AppContext, query: SearchQuery) {
  const tsquery = await searchableQuery(ctx, query.q)
  if (!tsquery) return { items: [], nextCursor: null }

  const rank = sql<string>`round(ts_rank(${sql.raw(RANK_WEIGHTS)}, ${post.searchVector}, ${tsquery})::numeric, 6)`
  const cursor = query.cursor ? decodeRankCursor(query.cursor) : null
  const after = cursor
    ? sql`(${rank}, ${post.id}) < (${cursor.rank}::numeric, ${cursor.id}::uuid)`
    : undefined
  // Rank and limit first: the plain text and the costly headline are built for this page only.
  const page = ctx.db
    .select({ id: post.id, rank: rank.as('rank') })
    .from(post)
    .innerJoin(user, activeAuthor(post.authorId))
    .where(
      and(
        eq(post.status, 'published'),
        sql`${post.searchVector} @@ ${tsquery}`,
        sql`(${post.access} = 'free' or ts_filter(${post.searchVector}, '{a,b}') @@ ${tsquery})`,
        after,
      ),
    )
    .orderBy(desc(sql`rank`), desc(post.id))
    .limit(query.limit + 1)
    .as('page')

  // The page's plain texts, in a subquery with its own limit so PostgreSQL does not inline it:
  // each text is built once, then cut into a headline and measured at both ends.
  const texts = ctx.db
    .select({ id: page.id, rank: page.rank, plain: sql<string>`${plainText}`.as('plain') })
    .from(page)
    .innerJoin(post, eq(post.id, page.id))
    .limit(query.limit + 1)
    .as('texts')

  const rows = await ctx.db
    .select({
      ...cardColumns,
      rank: texts.rank,
      headline: sql<string>`ts_headline('english', ${texts.plain}, ${tsquery}, ${HEADLINE_OPTIONS})`,
      head: sql<string>`left(${texts.plain}, ${EDGE_LENGTH})`,
      tail: sql<string>`right(${texts.plain}, ${EDGE_LENGTH})`,
    })
    .from(texts)
    .innerJoin(post, eq(post.id, texts.id))
    .innerJoin(user, eq(user.id, post.authorId))
    .orderBy(desc(texts.rank), desc(texts.id))

  return toPage(
    rows,
    query.limit,
    ({ rank: _rank, headline, head, tail, ...card }): PostHit => ({
      ...toCard(card),
      snippet: toSnippet(headline, head, tail),
    }),
    (row) => row.rank,
  )
}
