import { queryKeys } from '#common/query-keys.ts'

export const forumKeys = {
  all: ['forum'] as const,
  list: () => [...forumKeys.all, 'list'] as const,
  forum: (slug: string) => [...forumKeys.all, 'subjects', slug] as const,
  threads: (slug: string, limit?: number) =>
    limit === undefined
      ? ([...forumKeys.forum(slug), 'threads'] as const)
      : queryKeys.recentThreads(slug, limit),
  thread: (id: string) => [...forumKeys.all, 'threads', id] as const,
  replies: (id: string) => [...forumKeys.thread(id), 'replies'] as const,
  replyPage: (id: string, page: number) => [...forumKeys.replies(id), page] as const,
}
