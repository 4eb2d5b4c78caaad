import { and, asc, count, desc, eq, sql } from 'drizzle-orm'
import { anchorPassage, textOfHtml } from '#common/anchoring.ts'
import {
  type CreateHighlightInput,
  HIGHLIGHTS_PER_TARGET_MAX,
  type Highlight,
  type HighlightListQuery,
  type HighlightPage,
  type HighlightTargetInput,
  type TargetHighlights,
  type UpdateHighlightInput,
} from '#common/schemas/highlights.ts'
import type { AppContext, SessionUser } from '#server/context.ts'
import { canReadSubscriberBody } from '#server/core/entitlement.ts'
import { highlightPolicy } from '#server/core/policies/index.ts'
import { afterCursor, toPage } from '#server/db/cursor.ts'
import { highlight } from '#server/db/schema/index.ts'
import { AppError } from '#server/errors.ts'
import { readChapter } from '#server/modules/books/index.ts'
import { findReadablePost } from '#server/modules/posts/index.ts'
import { type JoinedRow, mine, selectHighlights, toHighlights } from './highlight-rows.ts'

// Highlights and notes (decision 055). A reader highlights only what they may read now: a post as
// its page shows it (published; a subscribers-only body to those it is for), a chapter as the
// reader sends it (the preview, or every chapter for its owners). The passage must be in the text.
// Afterwards a highlight is its owner's alone: anyone else is told it does not exist.

const highlightNotFound = () => new AppError('not_found', 'That highlight does not exist')

/** The body the reader is highlighting, if they may read it (404 unseen, 403 locked). */
async function readableHtml(ctx: AppContext, actor: SessionUser, target: HighlightTargetInput) {
  if (target.postId) {
    const row = await findReadablePost(ctx, actor, target.postId)
    if (row.access === 'subscribers' && !(await canReadSubscriberBody(ctx, actor, row.authorId)))
      throw new AppError('forbidden', 'This post is for its subscribers: subscribe to highlight it')
    return row.bodyHtml
  }
  return (await readChapter(ctx, actor, target.bookId as string, target.chapterId as string)).bodyHtml
}

const onTarget = (target: HighlightTargetInput) =>
  target.postId
    ? eq(highlight.postId, target.postId)
    : and(eq(highlight.bookId, target.bookId as string), eq(highlight.chapterId, target.chapterId as string))

async function findMine(ctx: AppContext, actor: SessionUser, id: string): Promise<JoinedRow> {
  const [found] = await selectHighlights(ctx).where(eq(highlight.id, id))
  // Not even an admin: the 404 of a highlight that does not exist.
  if (!found || !highlightPolicy.own(actor, found.row)) throw highlightNotFound()
  return found
}

async function one(ctx: AppContext, found: JoinedRow): Promise<Highlight> {
  const [sent] = await toHighlights(ctx, [found])
  return sent
}

export async function createHighlight(
  ctx: AppContext,
  actor: SessionUser,
  input: CreateHighlightInput,
): Promise<Highlight> {
  const { target, selectors, colour, note } = input
  const html = await readableHtml(ctx, actor, target)
  const place = anchorPassage(textOfHtml(html), selectors)
  if (!place)
    throw new AppError('bad_request', 'That passage is not in the text (it may have just changed)', {
      'selectors.exact': 'That passage is not in the text',
    })
  const [{ n }] = await ctx.db
    .select({ n: count() })
    .from(highlight)
    .where(and(eq(highlight.userId, actor.id), onTarget(target)))
  if (n >= HIGHLIGHTS_PER_TARGET_MAX)
    throw new AppError('conflict', `You can keep up to ${HIGHLIGHTS_PER_TARGET_MAX} highlights on one page`)
  const now = ctx.clock.now()
  const [row] = await ctx.db
    .insert(highlight)
    .values({
      userId: actor.id,
      postId: target.postId ?? null,
      bookId: target.bookId ?? null,
      chapterId: target.chapterId ?? null,
      ...selectors,
      // Where the server's reading of the text finds it (the same as the page's, decision 055).
      ...place,
      colour,
      note: note || null,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: highlight.id })
  return one(ctx, await findMine(ctx, actor, row.id))
}

export async function getHighlight(ctx: AppContext, actor: SessionUser, id: string): Promise<Highlight> {
  return one(ctx, await findMine(ctx, actor, id))
}

export async function updateHighlight(
  ctx: AppContext,
  actor: SessionUser,
  id: string,
  input: UpdateHighlightInput,
): Promise<Highlight> {
  const { colour, note } = input
  await findMine(ctx, actor, id)
  await ctx.db
    .update(highlight)
    .set({
      ...(colour ? { colour } : {}),
      ...(note !== undefined ? { note: note || null } : {}),
      updatedAt: ctx.clock.now(),
    })
    .where(mine(actor.id, id))
  return one(ctx, await findMine(ctx, actor, id))
}

export async function deleteHighlight(ctx: AppContext, actor: SessionUser, id: string): Promise<void> {
  await findMine(ctx, actor, id)
  await ctx.db.delete(highlight).where(mine(actor.id, id))
}

// A search is its words, each a prefix ("lante" finds "lantern"), all of them: letters and digits
// only, so nothing typed reaches to_tsquery's own syntax.
const MAX_SEARCH_WORDS = 12
const searchWords = (q: string) => (q.match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_SEARCH_WORDS)

/** My highlights, newest first (keyset on created_at, id); by book or post; searched by `q`. */
export async function listHighlights(
  ctx: AppContext,
  actor: SessionUser,
  query: HighlightListQuery,
): Promise<HighlightPage> {
  const words = query.q ? searchWords(query.q) : []
  if (query.q && words.length === 0) return { items: [], nextCursor: null }
  const search = words.length
    ? sql`${highlight.searchVector} @@ to_tsquery('simple', ${words.map((w) => `${w}:*`).join(' & ')})`
    : undefined
  const rows = await selectHighlights(ctx)
    .where(
      and(
        mine(actor.id),
        query.bookId ? eq(highlight.bookId, query.bookId) : undefined,
        query.postId ? eq(highlight.postId, query.postId) : undefined,
        search,
        afterCursor(query.cursor, highlight.createdAt, highlight.id),
      ),
    )
    .orderBy(desc(highlight.createdAt), desc(highlight.id))
    .limit(query.limit + 1)
  const page = toPage(
    rows.map((r) => ({ ...r, id: r.row.id })),
    query.limit,
    (r) => r,
    (r) => r.row.createdAt,
  )
  return { items: await toHighlights(ctx, page.items), nextCursor: page.nextCursor }
}

/** My highlights on one chapter or post, in the text's order: the reader draws them. */
export async function targetHighlights(
  ctx: AppContext,
  actor: SessionUser,
  target: HighlightTargetInput,
): Promise<TargetHighlights> {
  const rows = await selectHighlights(ctx)
    .where(and(mine(actor.id), onTarget(target)))
    .orderBy(asc(highlight.start), asc(highlight.id))
    .limit(HIGHLIGHTS_PER_TARGET_MAX)
  return { items: await toHighlights(ctx, rows) }
}
