import { count, eq } from 'drizzle-orm'
import type { AppContext } from '#server/context.ts'
import { notify } from '#server/modules/notifications/notify.ts'
import { notification, profile, user } from './schema/index.ts'

export const DEMO_PASSWORD = 'inkwell-demo'
const DEMO_WELCOME =
  'Welcome to the Inkwell demo! Look around, then sign in as another demo account to see the other side.'

const DEMO_PEOPLE = [
  {
    name: 'Ada Admin',
    email: 'admin@inkwell.test',
    role: 'admin' as const,
    bio: 'Keeps Inkwell tidy: reviews submissions, answers messages and looks after the subjects.',
    intent: 'both' as const,
    interests: ['general'],
  },
  {
    name: 'Grace Okafor',
    email: 'grace@inkwell.test',
    role: 'user' as const,
    bio: 'Physics teacher in Lagos. I write short, exam-focused lessons on mechanics and waves.',
    intent: 'write' as const,
    interests: ['physics', 'mathematics'],
  },
  {
    name: 'Tomás Reyes',
    email: 'tomas@inkwell.test',
    role: 'user' as const,
    bio: 'Novelist and former journalist. Fiction on Mondays, true stories when they find me.',
    intent: 'write' as const,
    interests: ['fiction', 'true-stories', 'literature'],
  },
]

/** On an empty database, creates the demo accounts; returns how to sign in with them (or null). */
export async function seedDemo(ctx: AppContext): Promise<string | null> {
  const [{ n }] = await ctx.db.select({ n: count() }).from(user)
  if (n > 0) return null
  for (const person of DEMO_PEOPLE) {
    const { user: created } = await ctx.auth.api.signUpEmail({
      body: { name: person.name, email: person.email, password: DEMO_PASSWORD },
    })
    await ctx.db.update(user).set({ role: person.role, emailVerified: true }).where(eq(user.id, created.id))
    await ctx.db.transaction(async (tx) => {
      await tx
        .update(profile)
        .set({ bio: person.bio, intent: person.intent, interests: person.interests, onboardedAt: new Date() })
        .where(eq(profile.userId, created.id))
      // Demo accounts are already set up: swap the sign-up welcome ("finish your profile") for one
      // that fits them.
      await tx.delete(notification).where(eq(notification.writerId, created.id))
      await notify(tx, created.id, 'welcome', DEMO_WELCOME, '/dashboard')
    })
  }
  const lines = DEMO_PEOPLE.map(
    (p) => `  ${p.role === 'admin' ? 'admin ' : 'writer'}  ${p.email}  password: ${DEMO_PASSWORD}`,
  )
  return `Demo content loaded. Sign in with:\n${lines.join('\n')}`
}
