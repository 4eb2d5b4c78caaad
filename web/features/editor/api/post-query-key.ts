/** The cache key of one post as its author edits it (GET /api/posts/:id). */
export const postQueryKey = (id: string) => ['posts', id] as const

/** The author's lists (GET /api/me/posts): any save changes them. */
export const MY_POSTS_QUERY_KEY = ['me', 'posts'] as const
