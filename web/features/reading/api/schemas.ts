import { schemasOf } from '#web/lib/api-client.ts'

/**
 * The reader's schemas, loaded beside the first request that needs them (decision 032): a post
 * drawn by the server already has its data, so zod stays out of the page's first task.
 */
export const posts = schemasOf(() => import('#common/schemas/posts.ts'))
export const comments = schemasOf(() => import('#common/schemas/comments.ts'))
export const fields = schemasOf(() => import('#common/schemas/fields.ts'))
