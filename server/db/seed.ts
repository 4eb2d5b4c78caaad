import { count, eq, sql } from 'drizzle-orm'
import { createAuth } from '#server/auth/auth.ts'
import type { AppContext } from '#server/context.ts'
import { notify } from '#server/core/notify.ts'
import type { Db, Tx } from '#server/db/client.ts'
import {
  flashcard,
  notification,
  post,
  postComment,
  postLike,
  postView,
  profile,
  user,
} from './schema/index.ts'
import { ACADEMIC_POSTS } from './seed/academic.ts'
import { seedBooks } from './seed/books.ts'
import { seedExams } from './seed/exams.ts'
import { seedForums } from './seed/forums.ts'
import { seedHistory } from './seed/history.ts'
import { DEMO_PEOPLE } from './seed/people.ts'
import { demoPostRow } from './seed/post-row.ts'
import { STORY_POSTS } from './seed/stories.ts'
import { seedNewsletters, seedSubscriptions } from './seed/subscriptions.ts'
import type { DemoKey, DemoPost } from './seed/types.ts'

export const DEMO_PASSWORD = 'inkwell-demo'
const DEMO_WELCOME =
  'Welcome to the Inkwell demo! Look around, then sign in as another demo account to see the other side.'

const DEMO_POSTS: DemoPost[] = [...ACADEMIC_POSTS, ...STORY_POSTS]

const HOUR = 3_600_000
const DAY = 24 * HOUR

/** Where a test can interrupt the seed (as a crash would), after the step of that name. */
export type SeedStep = 'people' | 'content' | 'forums' | 'exams' | 'subscriptions' | 'books' | 'history'

// Any 32-bit number works; it only has to be the same for every Inkwell process.
const SEED_LOCK = 727_100_003

/**
 * On an empty database, creates the demo accounts, posts, forum threads, exams, subscriptions and books; returns how to
 * sign in (or null). All or nothing: everything is written in one transaction, so a process killed
 * midway leaves no demo data, the database still counts as empty, and the next start seeds it all.
 */
export async function seedDemo(
  ctx: AppContext,
  { afterStep }: { afterStep?: (step: SeedStep) => void | Promise<void> } = {},
): Promise<string | null> {
  const seeded = await ctx.db.transaction(async (tx) => {
    // Two processes starting on one empty PostgreSQL: the second waits here, then finds people.
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`)
    const [{ n }] = await tx.select({ n: count() }).from(user)
    if (n > 0) return false
    const seedCtx = inTransaction(ctx, tx)
    const ids = await seedPeople(seedCtx)
    await afterStep?.('people')
    const now = Date.now()
    await seedContent(tx, ids, now)
    await afterStep?.('content')
    await seedForums(tx, ids, now)
    await afterStep?.('forums')
    // Physics by Mei, mathematics and computer science by Priya: the "finished" notifications go to
    // them, so the accounts the journeys sign in as start with their welcome alone.
    await seedExams(seedCtx, {
      adminId: ids.ada,
      writerIds: [ids.mei, ids.priya, ids.priya],
      readerIds: [ids.hannah, ids.tomas, ids.grace, ids.mei, ids.priya],
    })
    await afterStep?.('exams')
    await seedSubscriptions(tx, ids, now, ctx.config.payments.platformFeePercent)
    await afterStep?.('subscriptions')
    const bookIds = await seedBooks(tx, ids, now, ctx.config.payments.platformFeePercent)
    await afterStep?.('books')
    // Half a year of readership and money before today, for the Earnings and Overview charts.
    await seedHistory(seedCtx, ids, bookIds, now)
    await seedNewsletters(tx)
    await afterStep?.('history')
    return true
  })
  if (!seeded) return null
  const lines = DEMO_PEOPLE.map(
    (p) => `  ${p.role === 'admin' ? 'admin ' : 'writer'}  ${p.email}  password: ${DEMO_PASSWORD}`,
  )
  return `Demo content loaded. Sign in with:\n${lines.join('\n')}`
}

/**
 * The app's context with every write going into the seed's transaction: the services' `ctx.db`
 * and a Better Auth instance on the same transaction (its nested transactions become savepoints).
 * On PGlite, one connection, a query outside the transaction would wait for it forever.
 */
function inTransaction(ctx: AppContext, tx: Tx): AppContext {
  const db = tx as unknown as Db
  // The demo accounts are verified by the seed itself: no verification mail for them.
  const auth = createAuth({ ...ctx, db, mailer: { send: async () => {} }, onUserDeleted: async () => {} })
  return { ...ctx, db, auth }
}

/** The demo accounts through Better Auth's own sign-up (password hash, account row, profile hook). */
async function seedPeople(ctx: AppContext): Promise<Record<DemoKey, string>> {
  const ids = {} as Record<DemoKey, string>
  for (const person of DEMO_PEOPLE) {
    const { user: created } = await ctx.auth.api.signUpEmail({
      body: { name: person.name, email: person.email, password: DEMO_PASSWORD },
    })
    ids[person.key] = created.id
    await ctx.db.transaction(async (tx) => {
      await tx.update(user).set({ role: person.role, emailVerified: true }).where(eq(user.id, created.id))
      await tx
        .update(profile)
        .set({
          bio: person.bio,
          intent: person.intent,
          interests: person.interests,
          onboardedAt: ctx.clock.now(),
        })
        .where(eq(profile.userId, created.id))
      // Demo accounts are already set up: swap the sign-up welcome ("finish your profile") for one
      // that fits them.
      await tx.delete(notification).where(eq(notification.writerId, created.id))
      await notify(tx, created.id, 'welcome', DEMO_WELCOME, '/dashboard')
    })
  }
  return ids
}

/**
 * The posts and what readers did with them: likes, comments and views spread over the weeks since
 * each was published (recent ones included, so "popular this week" has something to show). The
 * counters follow through the triggers. Deterministic: the same content every time. No
 * notifications for any of it: each demo account starts with its welcome alone (the journeys expect
 * one unread).
 */
async function seedContent(tx: Tx, ids: Record<DemoKey, string>, now: number): Promise<void> {
  const keys = DEMO_PEOPLE.map((p) => p.key)
  const rows = await tx
    .insert(post)
    .values(
      DEMO_POSTS.map((p, i) => {
        // Published a few hours into its day, so nothing is dated in the future.
        const at = new Date(now - p.daysAgo * DAY - (1 + ((i * 5) % 11)) * HOUR)
        const status = p.status ?? 'published'
        return {
          ...demoPostRow(ids[p.author], p, at),
          access: p.access ?? 'free',
          status,
          publishedAt: status === 'published' ? at : null,
          newsletterQueuedAt: status === 'published' ? at : null,
          featuredAt: p.featured ? new Date(now - p.daysAgo * HOUR) : null,
        }
      }),
    )
    .returning({ id: post.id, publishedAt: post.publishedAt })

  const likes: (typeof postLike.$inferInsert)[] = []
  const comments: (typeof postComment.$inferInsert)[] = []
  const views: (typeof postView.$inferInsert)[] = []
  const day = (t: number) => new Date(t).toISOString().slice(0, 10)
  DEMO_POSTS.forEach((p, i) => {
    const published = rows[i].publishedAt?.getTime()
    if (published === undefined) return
    const later = (hours: number) => new Date(Math.min(now - 60_000, published + hours * HOUR))
    // About two in three of the other demo accounts like it.
    keys.forEach((key, j) => {
      if (key === p.author || (i * 7 + j * 3) % 5 >= 3) return
      likes.push({ postId: rows[i].id, userId: ids[key], createdAt: later(3 + j * 9) })
      views.push({ postId: rows[i].id, viewerKey: ids[key], day: day(later(2 + j * 9).getTime()) })
    })
    ;(p.comments ?? []).forEach((c, k) => {
      const at = later(5 + k * 14)
      comments.push({ postId: rows[i].id, authorId: ids[c.by], body: c.body, createdAt: at, updatedAt: at })
    })
    // Signed-out readers, one row per reader per day, spread from publication to today.
    const age = Math.floor((now - published) / DAY)
    const readers = 12 + ((i * 37) % 41) + (p.featured ? 30 : 0)
    for (let g = 0; g < readers; g++) {
      views.push({
        postId: rows[i].id,
        viewerKey: `demo-reader-${g}`,
        day: day(now - ((g * 3 + i) % (age + 1)) * DAY),
      })
    }
  })
  const keyIdeas = DEMO_POSTS.flatMap((p, i) =>
    (p.keyIdeas ?? []).map((card, position) => ({ postId: rows[i].id, position, ...card })),
  )
  if (keyIdeas.length > 0) await tx.insert(flashcard).values(keyIdeas)
  await tx.insert(postLike).values(likes)
  await tx.insert(postComment).values(comments)
  await tx.insert(postView).values(views)
}
