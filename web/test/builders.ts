// Answers shaped exactly like the server's, parsed by the shared schemas where they have one.
import { AdminUser } from '#common/schemas/admin.ts'
import { Comment } from '#common/schemas/comments.ts'
import { ContactMessage } from '#common/schemas/contact.ts'
import { Notification } from '#common/schemas/notifications.ts'
import { PublicPost } from '#common/schemas/posts.ts'
import { Me } from '#common/schemas/profile.ts'
import type { Subject } from '#common/schemas/subjects.ts'

/** A GET /api/me answer for the signed-in person (the fake session's user-1 by default). */
export function meBody(overrides: Partial<Me> = {}): Me {
  return Me.parse({
    id: 'user-1',
    name: 'Ada Writer',
    email: 'ada@example.com',
    emailVerified: true,
    image: null,
    role: 'user',
    bio: '',
    intent: null,
    interests: [],
    links: [],
    onboarded: true,
    createdAt: '2024-01-01T00:00:00.000Z',
    ...overrides,
  })
}

/** GET /api/subjects. */
export const SUBJECTS: Subject[] = [
  { slug: 'mathematics', name: 'Mathematics', kind: 'academic', description: 'Numbers and proofs.' },
  { slug: 'physics', name: 'Physics', kind: 'academic', description: 'How the universe moves.' },
  { slug: 'history', name: 'History', kind: 'academic', description: 'What happened and why.' },
  { slug: 'fiction', name: 'Fiction', kind: 'general', description: 'Stories imagined.' },
]

/** The signed-in admin in the admin screens' tests. */
export const ADMIN_ID = 'admin-1'

export function adminUser(overrides: Partial<AdminUser> = {}): AdminUser {
  return AdminUser.parse({
    id: 'user-1',
    name: 'Grace Okafor',
    email: 'grace@inkwell.test',
    image: null,
    role: 'user',
    banned: false,
    banReason: null,
    createdAt: '2026-03-04T10:00:00.000Z',
    ...overrides,
  })
}

export function contactMessage(overrides: Partial<ContactMessage> = {}): ContactMessage {
  return ContactMessage.parse({
    id: '6f1c1f9e-0000-4000-8000-000000000001',
    name: 'Tomás Reyes',
    email: 'tomas@inkwell.test',
    subject: 'Payout question',
    message: 'When will my payout arrive?',
    userId: null,
    handled: false,
    createdAt: '2026-11-20T09:30:00.000Z',
    ...overrides,
  })
}

/** One notification for the signed-in person (user-1), unread, a few minutes old by default. */
export function notification(overrides: Partial<Notification> = {}): Notification {
  return Notification.parse({
    id: '0b7a4c6e-0000-4000-8000-000000000001',
    writerId: 'user-1',
    kind: 'comment',
    message: 'Grace commented on “Newton’s laws, gently”',
    link: '/learn/user-1/newtons-laws',
    timestamp: new Date(Date.now() - 5 * 60_000).toISOString(),
    isRead: false,
    ...overrides,
  })
}

/** `count` notifications, newest first, ids ending in 1, 2, 3 … */
export const notifications = (count: number, overrides: Partial<Notification> = {}) =>
  Array.from({ length: count }, (_, i) =>
    notification({
      id: `0b7a4c6e-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
      message: `Notification number ${i + 1}`,
      timestamp: new Date(Date.now() - (i + 1) * 60_000).toISOString(),
      ...overrides,
    }),
  )

/** GET /api/posts/by/writer-1/newtons-laws: a published, free post by writer-1, no reactions yet. */
export function publicPost(overrides: Partial<PublicPost> = {}): PublicPost {
  return PublicPost.parse({
    id: '6f1c1f9e-0000-4000-8000-0000000000a1',
    author: { id: 'writer-1', name: 'Grace Okafor', image: null },
    category: 'academic',
    subjectSlug: 'physics',
    title: 'Newton’s laws, gently',
    slug: 'newtons-laws',
    excerpt: 'Three laws, one apple, no equations you cannot follow.',
    coverImage: null,
    tags: ['mechanics', 'beginners'],
    access: 'free',
    status: 'published',
    publishedAt: '2026-11-20T09:30:00.000Z',
    updatedAt: '2026-11-20T09:30:00.000Z',
    bodyHtml: '<h2>The first law</h2><p>An object at rest stays at rest.</p>',
    locked: false,
    likes: 0,
    liked: false,
    comments: 0,
    views: 0,
    featured: false,
    ...overrides,
  })
}

/** A comment on publicPost() by someone else (so the signed-in user-1 may neither edit nor delete it). */
export function comment(overrides: Partial<Comment> = {}): Comment {
  return Comment.parse({
    id: '7a2d0c3b-0000-4000-8000-000000000001',
    postId: '6f1c1f9e-0000-4000-8000-0000000000a1',
    author: { id: 'reader-2', name: 'Tomás Reyes', image: null },
    body: 'This finally made inertia click for me.',
    createdAt: '2026-11-21T08:00:00.000Z',
    updatedAt: '2026-11-21T08:00:00.000Z',
    canEdit: false,
    canDelete: false,
    ...overrides,
  })
}
