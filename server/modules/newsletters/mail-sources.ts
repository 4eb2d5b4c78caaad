import { and, desc, eq, type SQL, sql } from 'drizzle-orm'
import type { NewsletterDeliveryKind } from '#common/schemas/newsletters.ts'
import type { AppContext } from '#server/context.ts'
import type { Tx } from '#server/db/client.ts'
import { book, bookChapter, post, subscription, user } from '#server/db/schema/index.ts'
import type { Mail } from '#server/mail/mailer.ts'
import {
  chapterMail,
  DIGEST_POSTS_MAX,
  type DigestPost,
  digestMail,
  type NewChapter,
  type NewsletterPost,
  newsletterMail,
} from './mail.ts'
import { signLinkToken } from './tokens.ts'

// Who a newsletter may reach (the SQL the fan-outs and the send share) and what each delivery row's
// mail is: a post's, a new chapter's or a week's digest, read from its source.

/** The live subscriptions' condition: a free follow, or a paid one while its period runs. */
export const liveSubscription = (now: SQL) =>
  sql`${subscription.status} <> 'ended' and (${subscription.kind} = 'free' or ${subscription.currentPeriodEnd} > ${now})`

/** An account that takes newsletters: not suspended, its address not bounced, the switch on. */
export const mailableReader = sql`not ${user.banned} and ${user.emailBouncedAt} is null and ${user.newsletters}`

export const nowOf = (ctx: AppContext) => sql`${ctx.clock.now().toISOString()}::timestamptz`

/** The posts a digest reader gets for a week: published in it, by a writer they follow for e-mail. */
export function digestPostsWhere(readerId: SQL, week: string, now: SQL) {
  return sql`${post.status} = 'published'
    and ${post.publishedAt} >= ${week}::date and ${post.publishedAt} < ${week}::date + 7
    and exists (select 1 from ${user} as "author" where "author".id = ${post.authorId} and not "author".banned)
    and exists (select 1 from ${subscription} where ${subscription.writerId} = ${post.authorId}
      and ${subscription.subscriberId} = ${readerId} and ${liveSubscription(now)} and ${subscription.emailNewPosts})`
}

export type DeliveryRow = {
  id: string
  postId: string | null
  chapterId: string | null
  digestWeek: string | null
  recipientId: string | null
  contactId: string | null
  email: string
  kind: NewsletterDeliveryKind
  attempts: number
  stillWanted: boolean
}

/**
 * Each row's mail, or why there is none any more, read in the row's transaction (PGlite has one
 * connection). A batch reads a post or a chapter once; a digest is each reader's own.
 */
export function mailSources(ctx: AppContext) {
  const posts = new Map<string, Promise<NewsletterPost | null>>()
  const chapters = new Map<string, Promise<NewChapter | null>>()
  const once = <T>(cache: Map<string, Promise<T>>, key: string, load: () => Promise<T>) => {
    if (!cache.has(key)) cache.set(key, load())
    return cache.get(key)!
  }
  const { appUrl, authSecret } = ctx.config
  return {
    async of(tx: Tx, row: DeliveryRow): Promise<Mail | string> {
      const to = row.contactId
        ? ({ kind: 'contact', id: row.contactId } as const)
        : ({ kind: 'reader', id: row.recipientId! } as const)
      if (row.postId) {
        const source = await once(posts, row.postId, () => newsletterPostOf(tx, row.postId!))
        if (!source) return 'The post is no longer published'
        const token = signLinkToken(
          authSecret,
          { to, writerId: source.writer.id, postId: source.id },
          row.email,
        )
        return newsletterMail(appUrl, source, { id: to.id, email: row.email, kind: row.kind, token })
      }
      if (row.chapterId) {
        const chapter = await once(chapters, row.chapterId, () => newChapterOf(tx, row.chapterId!))
        if (!chapter) return 'The book is no longer in the store'
        return chapterMail(appUrl, chapter, { id: to.id, email: row.email })
      }
      const week = row.digestWeek!
      const { posts: list, more } = await digestPostsOf(ctx, tx, to.id, week)
      if (list.length === 0) return 'Nothing new from that week any more'
      const token = signLinkToken(authSecret, { to, writerId: '', postId: null }, row.email)
      return digestMail(appUrl, week, list, more, { id: to.id, email: row.email, kind: 'full', token })
    },
  }
}

/** The post as its mail shows it, while it is published by a writer who is not suspended. */
async function newsletterPostOf(tx: Tx, postId: string): Promise<NewsletterPost | null> {
  const [row] = await tx
    .select({
      id: post.id,
      title: post.title,
      slug: post.slug,
      excerpt: post.excerpt,
      bodyHtml: post.bodyHtml,
      writerId: user.id,
      writerName: user.name,
    })
    .from(post)
    .innerJoin(user, and(eq(user.id, post.authorId), eq(user.banned, false)))
    .where(and(eq(post.id, postId), eq(post.status, 'published')))
  if (!row) return null
  const { writerId, writerName, ...rest } = row
  return { ...rest, writer: { id: writerId, name: writerName } }
}

/** The chapter as its mail shows it, while its book is in the store by a writer not suspended. */
async function newChapterOf(tx: Tx, chapterId: string): Promise<NewChapter | null> {
  const [row] = await tx
    .select({
      id: bookChapter.id,
      title: bookChapter.title,
      position: bookChapter.position,
      bookId: book.id,
      bookTitle: book.title,
      writerId: user.id,
      writerName: user.name,
    })
    .from(bookChapter)
    .innerJoin(book, and(eq(book.id, bookChapter.bookId), eq(book.status, 'published')))
    .innerJoin(user, and(eq(user.id, book.authorId), eq(user.banned, false)))
    .where(eq(bookChapter.id, chapterId))
  if (!row) return null
  return {
    id: row.id,
    title: row.title,
    position: row.position,
    book: { id: row.bookId, title: row.bookTitle },
    writer: { id: row.writerId, name: row.writerName },
  }
}

/** A digest reader's posts of the week, newest first, at most DIGEST_POSTS_MAX, and how many more. */
async function digestPostsOf(ctx: AppContext, tx: Tx, readerId: string, week: string) {
  const where = digestPostsWhere(sql`${readerId}`, week, nowOf(ctx))
  const rows = await tx
    .select({
      title: post.title,
      slug: post.slug,
      excerpt: post.excerpt,
      access: post.access,
      writerId: user.id,
      writerName: user.name,
      total: sql<number>`(count(*) over ())::int`.mapWith(Number),
    })
    .from(post)
    .innerJoin(user, eq(user.id, post.authorId))
    .where(where)
    .orderBy(desc(post.publishedAt), desc(post.id))
    .limit(DIGEST_POSTS_MAX)
  const posts: DigestPost[] = rows.map((r) => ({
    title: r.title,
    slug: r.slug,
    excerpt: r.excerpt,
    subscribersOnly: r.access !== 'free',
    writer: { id: r.writerId, name: r.writerName },
  }))
  return { posts, more: (rows[0]?.total ?? 0) - rows.length }
}
