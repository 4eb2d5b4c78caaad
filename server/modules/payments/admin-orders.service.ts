import { and, desc, eq, ilike, or, type SQL } from 'drizzle-orm'
import type { AdminOrderPage, AdminOrdersQuery } from '#common/schemas/admin.ts'
import type { AppContext } from '#server/context.ts'
import { afterCursor, toPage } from '#server/db/cursor.ts'
import { escapeLike } from '#server/db/like.ts'
import { order, user } from '#server/db/schema/index.ts'
import { toOrders } from './orders.service.ts'

// The admin's view of every order: who bought what, and where it stands (refunds start here).

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** An order id finds that order; other text, buyers by name or e-mail. */
function matching(q: string | undefined): SQL | undefined {
  if (!q) return undefined
  if (UUID.test(q)) return eq(order.id, q)
  const pattern = `%${escapeLike(q)}%`
  return or(ilike(user.name, pattern), ilike(user.email, pattern))
}

export async function listOrders(ctx: AppContext, query: AdminOrdersQuery): Promise<AdminOrderPage> {
  const rows = await ctx.db
    .select({ order, buyerName: user.name, buyerEmail: user.email })
    .from(order)
    .innerJoin(user, eq(user.id, order.buyerId))
    .where(
      and(
        query.status ? eq(order.status, query.status) : undefined,
        matching(query.q),
        afterCursor(query.cursor, order.createdAt, order.id),
      ),
    )
    .orderBy(desc(order.createdAt), desc(order.id))
    .limit(query.limit + 1)
  const page = toPage(
    rows.map((row) => ({ ...row, id: row.order.id, createdAt: row.order.createdAt })),
    query.limit,
    (row) => row,
  )
  const shown = await toOrders(
    ctx,
    page.items.map((row) => row.order),
  )
  return {
    items: page.items.map((row, i) => ({
      ...shown[i],
      buyer: { id: row.order.buyerId, name: row.buyerName, email: row.buyerEmail },
    })),
    nextCursor: page.nextCursor,
  }
}
