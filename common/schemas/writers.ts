import { z } from 'zod'
import { PageQuery, pageOf, Uuid } from './fields.ts'
import { ViewerSubscription } from './subscriptions.ts'

// Writers: anyone not suspended with a published post (only their own page shows someone who has
// published nothing yet, to themself).

export const WriterCard = z.object({
  id: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  bio: z.string(),
  /** Published posts. */
  posts: z.number().int(),
  /** Likes on their published posts. */
  likes: z.number().int(),
})
export type WriterCard = z.infer<typeof WriterCard>
export const WriterPage = pageOf(WriterCard)

/** `GET /api/writers`: by name, or matching `q` (name or bio). */
export const WritersQuery = PageQuery.extend({
  // The cursor carries the last name (up to 80 characters, maybe 4 bytes each), so it can be long.
  cursor: z.string().max(600).optional(),
  q: z.string().trim().max(100).optional(),
})
export type WritersQuery = z.infer<typeof WritersQuery>

/** `GET /api/writers/:writerId`: the writer page's header. */
export const WriterProfile = WriterCard.extend({
  links: z.array(z.string()),
  joinedAt: z.string(),
  views: z.number().int(),
  comments: z.number().int(),
  /** The writer's current monthly price in minor units (0: a free follow). */
  monthlyPrice: z.number().int(),
  /** The signed-in reader's live subscription; null when signed out, not subscribed or ended. */
  viewerSubscription: ViewerSubscription.nullable(),
})
export type WriterProfile = z.infer<typeof WriterProfile>

export const WriterIdParams = z.object({ writerId: Uuid('Unknown writer') })
