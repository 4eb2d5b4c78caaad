// Answers shaped exactly like the server's, parsed by the shared schemas where they have one.
import { AdminUser, PlatformTotals } from '#common/schemas/admin.ts'
import { Comment } from '#common/schemas/comments.ts'
import { ContactMessage } from '#common/schemas/contact.ts'
import { ExamCard, MyAttemptItem } from '#common/schemas/exams.ts'
import { Notification } from '#common/schemas/notifications.ts'
import { PostCard, PostSummary, PublicPost } from '#common/schemas/posts.ts'
import { Me } from '#common/schemas/profile.ts'
import { ReportItem } from '#common/schemas/reports.ts'
import { PostHit, WriterHit } from '#common/schemas/search.ts'
import { type Subject, SubjectWithCounts } from '#common/schemas/subjects.ts'
import { WriterCard, WriterProfile } from '#common/schemas/writers.ts'

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
    // Someone else's account, which the admin reading the list may manage.
    canManage: true,
    ...overrides,
  })
}

/** A GET /api/admin/totals answer: `months` months of money, oldest first, ending November 2026. */
export function platformTotals(
  overrides: Partial<PlatformTotals> = {},
  months: Partial<PlatformTotals['months'][number]>[] = [],
): PlatformTotals {
  const count = Math.max(months.length, 12)
  return PlatformTotals.parse({
    users: 1204,
    admins: 3,
    suspended: 2,
    openMessages: 4,
    writers: 87,
    published: { posts: 640, books: 21, exams: 35 },
    openReports: 5,
    openPayouts: { count: 2, amount: 4550 },
    currency: 'USD',
    months: Array.from({ length: count }, (_, i) => ({
      month: new Date(Date.UTC(2026, 10 - (count - 1 - i), 1)).toISOString().slice(0, 7),
      sales: 0,
      gross: 0,
      fees: 0,
      net: 0,
      refunds: 0,
      ...months[i - (count - months.length)],
    })),
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

/** GET /api/posts/by/writer-1/newtons-laws: postCard()'s post as its reader gets it, no reactions yet. */
export function publicPost(overrides: Partial<PublicPost> = {}): PublicPost {
  return PublicPost.parse({
    ...postCard({ likes: 0, comments: 0, views: 0 }),
    status: 'published',
    updatedAt: '2026-11-20T09:30:00.000Z',
    bodyHtml: '<h2>The first law</h2><p>An object at rest stays at rest.</p>',
    locked: false,
    canEdit: false,
    canFeature: false,
    canReport: true,
    liked: false,
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

/** A published post in a feed (GET /api/posts): publicPost()'s card. Pass a new id for a second one. */
export function postCard(overrides: Partial<PostCard> = {}): PostCard {
  return PostCard.parse({
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
    publishedAt: '2026-11-20T09:30:00.000Z',
    likes: 12,
    comments: 3,
    views: 240,
    featured: false,
    ...overrides,
  })
}

/** GET /api/subjects items, each with its count of published posts. */
export const SUBJECTS_WITH_COUNTS: SubjectWithCounts[] = SUBJECTS.map((s, i) =>
  SubjectWithCounts.parse({ ...s, posts: [4, 7, 0, 2][i] ?? 0 }),
)

/** A writer in the directory (GET /api/writers). */
export function writerCard(overrides: Partial<WriterCard> = {}): WriterCard {
  return WriterCard.parse({
    id: 'writer-1',
    name: 'Grace Okafor',
    image: null,
    bio: 'Physics teacher in Lagos. Short, exam-focused lessons on mechanics and waves.',
    posts: 6,
    likes: 41,
    ...overrides,
  })
}

/** GET /api/writers/writer-1. */
export function writerProfile(overrides: Partial<WriterProfile> = {}): WriterProfile {
  return WriterProfile.parse({
    ...writerCard(),
    links: ['https://grace.example.com'],
    joinedAt: '2026-01-15T08:00:00.000Z',
    views: 1800,
    comments: 23,
    monthlyPrice: 0,
    viewerSubscription: null,
    ...overrides,
  })
}

/** A search hit (GET /api/search/posts?q=newton): postCard() with "Newton" highlighted. */
export function postHit(overrides: Partial<PostHit> = {}): PostHit {
  return PostHit.parse({
    ...postCard(),
    snippet: [
      { text: 'Three laws, one apple: ', match: false },
      { text: 'Newton', match: true },
      { text: ' made motion simple.', match: false },
    ],
    ...overrides,
  })
}

/** A writer search hit (GET /api/search/writers?q=physics). */
export function writerHit(overrides: Partial<WriterHit> = {}): WriterHit {
  return WriterHit.parse({
    ...writerCard(),
    snippet: [
      { text: 'Physics', match: true },
      { text: ' teacher in Lagos.', match: false },
    ],
    ...overrides,
  })
}

/** An open report on publicPost() by reader-2, in the admin queue (GET /api/admin/reports). */
export function reportItem(overrides: Partial<ReportItem> = {}): ReportItem {
  return ReportItem.parse({
    id: '9c3e5a1d-0000-4000-8000-000000000001',
    targetType: 'post',
    targetId: '6f1c1f9e-0000-4000-8000-0000000000a1',
    reason: 'spam',
    details: 'Links to a shop in every paragraph.',
    status: 'open',
    createdAt: '2026-11-21T10:00:00.000Z',
    resolvedAt: null,
    reporter: { id: 'reader-2', name: 'Tomás Reyes', image: null },
    target: {
      title: 'Newton’s laws, gently',
      text: 'Three laws, one apple, no equations you cannot follow.',
      author: { id: 'writer-1', name: 'Grace Okafor', image: null },
      link: '/learn/writer-1/newtons-laws',
    },
    ...overrides,
  })
}

/** A published exam in the Exams Room (GET /api/exams), by writer-1. */
export function examCard(overrides: Partial<ExamCard> = {}): ExamCard {
  return ExamCard.parse({
    id: '3b0f6a52-0000-4000-8000-000000000001',
    title: 'Mechanics check-up',
    description: 'Forces and motion.',
    subjectSlug: 'physics',
    durationMinutes: 20,
    passMark: 60,
    attemptsAllowed: 2,
    publishedAt: '2026-11-20T09:30:00.000Z',
    author: { id: 'writer-1', name: 'Grace Okafor', image: null },
    questionCount: 6,
    attempts: 14,
    averagePercent: 71.4,
    ...overrides,
  })
}

/** One of the signed-in person's posts (GET /api/me/posts): a fiction draft by user-1 by default. */
export function postSummary(overrides: Partial<PostSummary> = {}): PostSummary {
  return PostSummary.parse({
    id: '7d0f3a52-0000-4000-8000-000000000001',
    authorId: 'user-1',
    category: 'fiction',
    subjectSlug: null,
    title: 'The lighthouse keeper',
    slug: 'the-lighthouse-keeper',
    excerpt: '',
    coverImage: null,
    tags: [],
    access: 'free',
    status: 'draft',
    rejectionReason: null,
    createdAt: new Date(Date.now() - 3 * 24 * 60 * 60_000).toISOString(),
    updatedAt: new Date(Date.now() - 2 * 60 * 60_000).toISOString(),
    publishedAt: null,
    emailSubscribers: true,
    likes: 0,
    comments: 0,
    views: 0,
    ...overrides,
  })
}

/** One of the signed-in person's submitted attempts (GET /api/me/exam-attempts), on examCard(). */
export function myAttempt(overrides: Partial<MyAttemptItem> = {}): MyAttemptItem {
  return MyAttemptItem.parse({
    id: '3c1d6a40-0000-4000-8000-0000000000a1',
    number: 1,
    examVersion: 1,
    startedAt: new Date(Date.now() - 26 * 60 * 60_000).toISOString(),
    submittedAt: new Date(Date.now() - 25 * 60 * 60_000).toISOString(),
    autoSubmitted: false,
    score: 7,
    maxScore: 10,
    percent: 70,
    passed: true,
    durationSeconds: 720,
    exam: examCard(),
    ...overrides,
  })
}
