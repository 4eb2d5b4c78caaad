import { and, desc, eq } from 'drizzle-orm'
import type { ContactInput, ContactMessage } from '#common/schemas/contact.ts'
import type { AppContext, SessionUser } from '#server/context.ts'
import { afterCursor, toPage } from '#server/db/cursor.ts'
import { contactMessage } from '#server/db/schema/index.ts'
import { AppError } from '#server/errors.ts'

type Row = typeof contactMessage.$inferSelect

const toMessage = (row: Row): ContactMessage => ({ ...row, createdAt: row.createdAt.toISOString() })

/** Anyone may write to us; a signed-in sender is linked so admins can see who it was. */
export async function sendContactMessage(ctx: AppContext, sender: SessionUser | null, input: ContactInput) {
  const [row] = await ctx.db
    .insert(contactMessage)
    .values({ ...input, userId: sender?.id ?? null })
    .returning({ id: contactMessage.id })
  return { id: row.id }
}

export async function listContactMessages(
  ctx: AppContext,
  query: { cursor?: string; limit: number; handled?: 'true' | 'false' },
) {
  const rows = await ctx.db
    .select()
    .from(contactMessage)
    .where(
      and(
        query.handled ? eq(contactMessage.handled, query.handled === 'true') : undefined,
        afterCursor(query.cursor, contactMessage.createdAt, contactMessage.id),
      ),
    )
    .orderBy(desc(contactMessage.createdAt), desc(contactMessage.id))
    .limit(query.limit + 1)
  return toPage(rows, query.limit, toMessage)
}

export async function markContactMessage(
  ctx: AppContext,
  id: string,
  handled: boolean,
): Promise<ContactMessage> {
  const [row] = await ctx.db
    .update(contactMessage)
    .set({ handled })
    .where(eq(contactMessage.id, id))
    .returning()
  if (!row) throw new AppError('not_found', 'That message does not exist')
  return toMessage(row)
}
