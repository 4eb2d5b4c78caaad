import type { PostStatus } from '#common/schemas/posts.ts'

/** Every moderation query lives under ['review', ...], so approving or rejecting refreshes them all. */
export const reviewKeys = {
  all: ['review'] as const,
  queue: () => ['review', 'queue'] as const,
  mine: (status: PostStatus) => ['review', 'mine', status] as const,
  post: (writerId: string, slug: string) => ['review', 'post', writerId, slug] as const,
}
