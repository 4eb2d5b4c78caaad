const seg = encodeURIComponent

/** Where the forum API lives. */
export const forumPaths = {
  forums: () => '/api/forum',
  forum: (slug: string) => `/api/forum/subjects/${seg(slug)}`,
  threads: (slug: string) => `/api/forum/subjects/${seg(slug)}/threads`,
  thread: (id: string) => `/api/forum/threads/${seg(id)}`,
  watch: (id: string) => `/api/forum/threads/${seg(id)}/watch`,
  accepted: (id: string) => `/api/forum/threads/${seg(id)}/accepted`,
  replies: (id: string) => `/api/forum/threads/${seg(id)}/replies`,
  stream: (id: string) => `/api/forum/threads/${seg(id)}/stream`,
  reply: (id: string) => `/api/forum/replies/${seg(id)}`,
  moderate: (id: string) => `/api/admin/forum/threads/${seg(id)}`,
}
