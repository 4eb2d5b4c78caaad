import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm'
import { IMAGE_MAX_BYTES } from '#common/constants.ts'
import type { Me, UpdateProfileInput, WelcomeInput } from '#common/schemas/profile.ts'
import type { AppContext, SessionUser } from '#server/context.ts'
import { preparedQuery, type Tx } from '#server/db/client.ts'
import { profile, subject, user } from '#server/db/schema/index.ts'
import { AppError } from '#server/errors.ts'
import { keyOfFileUrl, uploadImage } from '#server/modules/files/index.ts'
import { markKindRead } from '#server/modules/notifications/index.ts'

/** The person and their profile: read on every visit of a signed-in reader, so prepared once. */
const meById = preparedQuery((db) =>
  db
    .select({ user, profile })
    .from(user)
    .innerJoin(profile, eq(profile.userId, user.id))
    .where(eq(user.id, sql.placeholder('id')))
    .prepare('me_by_id'),
)

export async function getMe(ctx: AppContext, actor: SessionUser): Promise<Me> {
  const [row] = await meById(ctx.db).execute({ id: actor.id })
  if (!row) throw new AppError('not_found', 'Your profile does not exist yet')
  return toMe(row.user, row.profile)
}

/** A person and their profile, as GET /api/me answers them. */
export function toMe(u: typeof user.$inferSelect, p: typeof profile.$inferSelect): Me {
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    emailVerified: u.emailVerified,
    image: u.image,
    role: u.role === 'admin' ? 'admin' : 'user',
    bio: p.bio,
    intent: p.intent,
    interests: p.interests,
    links: p.links,
    onboarded: p.onboardedAt !== null,
    createdAt: u.createdAt.toISOString(),
  }
}

/** Interests are subject slugs: unknown ones are refused, repeats dropped. */
async function knownSubjects(ctx: AppContext, interests: string[]): Promise<string[]> {
  const unique = [...new Set(interests)]
  if (unique.length === 0) return unique
  const found = await ctx.db.select({ slug: subject.slug }).from(subject).where(inArray(subject.slug, unique))
  if (found.length !== unique.length) {
    throw new AppError('bad_request', 'Some fields need your attention', {
      interests: 'Choose subjects from the list',
    })
  }
  return unique
}

export async function updateProfile(
  ctx: AppContext,
  actor: SessionUser,
  input: UpdateProfileInput,
): Promise<Me> {
  const { name, ...rest } = input
  if (rest.interests) rest.interests = await knownSubjects(ctx, rest.interests)
  await ctx.db.transaction(async (tx) => {
    if (name !== undefined)
      await tx.update(user).set({ name, updatedAt: ctx.clock.now() }).where(eq(user.id, actor.id))
    if (Object.keys(rest).length) await tx.update(profile).set(rest).where(eq(profile.userId, actor.id))
    await finishIfComplete(tx, actor.id, ctx.clock.now())
  })
  return getMe(ctx, actor)
}

/** The welcome step: saves what the person told us and marks them onboarded. */
export async function completeWelcome(ctx: AppContext, actor: SessionUser, input: WelcomeInput): Promise<Me> {
  const interests = await knownSubjects(ctx, input.interests)
  await ctx.db.transaction(async (tx) => {
    await tx.update(user).set({ name: input.name, updatedAt: ctx.clock.now() }).where(eq(user.id, actor.id))
    await tx
      .update(profile)
      .set({ bio: input.bio, intent: input.intent, interests, onboardedAt: ctx.clock.now() })
      .where(eq(profile.userId, actor.id))
    await markKindRead(tx, actor.id, 'welcome')
  })
  return getMe(ctx, actor)
}

/**
 * Someone who skipped the welcome step but gave their profile what it asks for anyway (a bio and a
 * picture, from Settings) has finished it too: they are marked onboarded, once, and the welcome
 * notification's "Finish your profile" is read, so neither the dashboard nor the bell keeps asking.
 */
async function finishIfComplete(tx: Tx, userId: string, now: Date): Promise<void> {
  const finished = await tx
    .update(profile)
    .set({ onboardedAt: now })
    .where(
      and(
        eq(profile.userId, userId),
        isNull(profile.onboardedAt),
        ne(profile.bio, ''),
        sql`exists (select 1 from ${user} where ${user.id} = ${userId} and ${user.image} is not null)`,
      ),
    )
    .returning({ userId: profile.userId })
  if (finished.length > 0) await markKindRead(tx, userId, 'welcome')
}

export async function setAvatar(ctx: AppContext, actor: SessionUser, bytes: Buffer): Promise<Me> {
  const url = await uploadImage(ctx, 'avatars', bytes, IMAGE_MAX_BYTES)
  const previous = keyOfFileUrl(await swapAvatar(ctx, actor.id, url))
  if (previous) await ctx.storage.delete(previous)
  await ctx.db.transaction((tx) => finishIfComplete(tx, actor.id, ctx.clock.now()))
  return getMe(ctx, actor)
}

export async function removeAvatar(ctx: AppContext, actor: SessionUser): Promise<Me> {
  const previous = await swapAvatar(ctx, actor.id, null)
  const key = keyOfFileUrl(previous)
  if (key) await ctx.storage.delete(key)
  return getMe(ctx, actor)
}

async function swapAvatar(ctx: AppContext, userId: string, image: string | null): Promise<string | null> {
  const [before] = await ctx.db.select({ image: user.image }).from(user).where(eq(user.id, userId))
  await ctx.db.update(user).set({ image, updatedAt: ctx.clock.now() }).where(eq(user.id, userId))
  return before?.image ?? null
}

/** After Better Auth deletes an account: its rows are gone by cascade; remove its files too. */
export async function removeUserFiles(ctx: AppContext, deleted: { image?: string | null }): Promise<void> {
  const key = keyOfFileUrl(deleted.image ?? null)
  if (key) await ctx.storage.delete(key)
}
