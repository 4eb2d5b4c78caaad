import type { PostAccess, PostCategory, PostStatus } from '#common/schemas/posts.ts'

/** Who the demo accounts are; the keys name them in the demo content. */
export type DemoKey = 'ada' | 'grace' | 'tomas' | 'mei' | 'hannah' | 'priya'

export interface DemoPerson {
  key: DemoKey
  name: string
  email: string
  role: 'admin' | 'user'
  bio: string
  intent: 'read' | 'write' | 'both'
  interests: string[]
}

export interface DemoPost {
  author: DemoKey
  category: PostCategory
  /** Academic posts only. */
  subject?: string
  title: string
  excerpt: string
  tags: string[]
  /** Raw HTML; the seed sanitizes it like every other write. */
  body: string
  /** How long ago it was published (or last edited, for drafts and pending posts). */
  daysAgo: number
  status?: PostStatus
  access?: PostAccess
  featured?: boolean
  /** A few short replies from other demo accounts, oldest first. */
  comments?: { by: DemoKey; body: string }[]
  /** An academic lesson's Key ideas, in order (decision 052). */
  keyIdeas?: { front: string; back: string }[]
}
