import { z } from 'zod'
import {
  PAGE_SIZE_DEFAULT,
  PAGE_SIZE_MAX,
  POST_BODY_MAX_LENGTH,
  POST_CATEGORIES,
  RICH_TEXT_RAW_FACTOR,
  TITLE_MAX_LENGTH,
} from '../constants.ts'
import { pageOf, text, Uuid } from './fields.ts'

// Posts (URLs call them topics): the editor's form, the author's view, list items and the
// reader's view, which never carries a body the reader may not read.

export const POST_ACCESS = ['free', 'subscribers'] as const
export const POST_STATUSES = ['draft', 'pending', 'published', 'rejected'] as const
export const POST_EXCERPT_MAX_LENGTH = 300
export const POST_TAGS_MAX = 10
export const POST_TAG_MAX_LENGTH = 32
export const REJECTION_REASON_MAX_LENGTH = 500

export const PostCategory = z.enum(POST_CATEGORIES, { error: 'Choose a category' })
export type PostCategory = z.infer<typeof PostCategory>
export const PostAccess = z.enum(POST_ACCESS, { error: 'Choose who can read it' })
export type PostAccess = z.infer<typeof PostAccess>
export const PostStatus = z.enum(POST_STATUSES, { error: 'Choose a status' })
export type PostStatus = z.infer<typeof PostStatus>

/** A file uploaded to Inkwell (`/api/files/<folder>/<name>`): posts never point at other hosts' images. */
export const IN_APP_FILE_URL = /^\/api\/files\/[a-z]+\/[a-zA-Z0-9-]+\.[a-z0-9]+$/

export const PostTag = text('Remove the empty tag')
  .toLowerCase()
  .max(POST_TAG_MAX_LENGTH, `Keep each tag under ${POST_TAG_MAX_LENGTH} characters`)

export const SavePostInput = z
  .object({
    title: text('Add a title').max(TITLE_MAX_LENGTH, `Keep the title under ${TITLE_MAX_LENGTH} characters`),
    category: PostCategory,
    subjectSlug: z.string().trim().max(64, 'Choose a subject from the list').nullish(),
    excerpt: text()
      .max(POST_EXCERPT_MAX_LENGTH, `Keep the excerpt under ${POST_EXCERPT_MAX_LENGTH} characters`)
      .default(''),
    coverImage: z
      .string()
      .regex(IN_APP_FILE_URL, 'Upload the cover image to Inkwell first')
      .nullish()
      .transform((v) => v ?? null),
    // The limit that counts applies to the body as stored (sanitized, on the server); this one
    // only bounds the work of getting there.
    bodyHtml: z
      .string()
      .max(
        POST_BODY_MAX_LENGTH * RICH_TEXT_RAW_FACTOR,
        `Keep the post under ${POST_BODY_MAX_LENGTH.toLocaleString('en')} characters`,
      )
      .default(''),
    tags: z
      .array(PostTag)
      .max(POST_TAGS_MAX, `Add at most ${POST_TAGS_MAX} tags`)
      .default([])
      .transform((tags) => [...new Set(tags)]),
    access: PostAccess.default('free'),
    /** Mail it to the writer's subscribers when it is first published (decision 046). */
    emailSubscribers: z.boolean().default(true),
  })
  .refine((v) => v.category !== 'academic' || !!v.subjectSlug, {
    path: ['subjectSlug'],
    message: 'Choose a subject for an academic post',
    // Reported with the other fields' messages, not only once they are all right.
    when: (payload) => (payload.value as { category?: unknown })?.category === 'academic',
  })
export type SavePostInput = z.infer<typeof SavePostInput>

export const RejectInput = z.object({
  reason: text('Tell the author why').max(
    REJECTION_REASON_MAX_LENGTH,
    `Keep the reason under ${REJECTION_REASON_MAX_LENGTH} characters`,
  ),
})
export type RejectInput = z.infer<typeof RejectInput>

/** A list item (my posts, the review queue): everything but the body, with its counts. */
export const PostSummary = z.object({
  id: z.string(),
  authorId: z.string(),
  category: PostCategory,
  subjectSlug: z.string().nullable(),
  title: z.string(),
  slug: z.string(),
  excerpt: z.string(),
  coverImage: z.string().nullable(),
  tags: z.array(z.string()),
  access: PostAccess,
  status: PostStatus,
  rejectionReason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  publishedAt: z.string().nullable(),
  /** Whether it is (or was, once published) mailed to the writer's subscribers. */
  emailSubscribers: z.boolean(),
  likes: z.number().int(),
  comments: z.number().int(),
  views: z.number().int(),
})
export type PostSummary = z.infer<typeof PostSummary>

/** The author's (and admins') full view, as the editor loads it. */
export const Post = PostSummary.extend({ bodyHtml: z.string() })
export type Post = z.infer<typeof Post>

export const PostAuthor = z.object({ id: z.string(), name: z.string(), image: z.string().nullable() })

export const REVIEW_OPENING_LENGTH = 280

/**
 * A post in the admins' review queue, with who wrote it and what helps decide without opening
 * it: how long it is, how it opens, and whether its writer has other posts with the same title.
 */
export const ReviewItem = PostSummary.extend({
  author: PostAuthor,
  wordCount: z.number().int(),
  /** The start of the body's text (empty when it has none). */
  opening: z.string(),
  /** False when the body has no text and no image: it cannot be approved. */
  hasBody: z.boolean(),
  /** The writer's other posts (any status) titled the same, letter case aside. */
  sameTitleCount: z.number().int(),
})
export type ReviewItem = z.infer<typeof ReviewItem>

/** A published post in a list: no body, with its author and counts. */
export const PostCard = PostSummary.pick({
  id: true,
  category: true,
  subjectSlug: true,
  title: true,
  slug: true,
  excerpt: true,
  coverImage: true,
  tags: true,
  access: true,
  publishedAt: true,
  likes: true,
  comments: true,
  views: true,
}).extend({
  author: PostAuthor,
  featured: z.boolean(),
})
export type PostCard = z.infer<typeof PostCard>
/** `GET /api/posts`: a keyset page of cards; `GET /api/posts/popular`: a list. */
export const PostCardPage = pageOf(PostCard)
export const PostCardList = z.array(PostCard)

/** What a reader gets: the card plus the body, which is null (and `locked` true) when the reader may not read it. */
export const PublicPost = PostCard.extend({
  status: PostStatus,
  updatedAt: z.string(),
  bodyHtml: z.string().nullable(),
  locked: z.boolean(),
  /**
   * When locked, what opens it: a free follow (the writer's price is 0) or a paid subscription at
   * the writer's monthly price (minor units). Null when the body is sent.
   */
  unlock: z
    .object({ kind: z.enum(['free', 'paid']), monthlyPrice: z.number().int(), currency: z.string() })
    .nullable()
    .default(null),
  /** Whether the caller likes it (false when signed out). */
  liked: z.boolean(),
  /** What the caller may do to it, from the server's own rules (server/core/policies/post.ts). */
  canEdit: z.boolean(),
  canFeature: z.boolean(),
  canReport: z.boolean(),
})
export type PublicPost = z.infer<typeof PublicPost>

export const PostIdParams = z.object({ id: Uuid('Unknown post') })
export const PostBySlugParams = z.object({
  writerId: Uuid('Unknown writer'),
  slug: z.string().min(1).max(100),
})

export const MyPostsQuery = z.object({
  status: PostStatus.optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
})
export type MyPostsQuery = z.infer<typeof MyPostsQuery>

// Finding posts: the published feeds, a post's neighbours, popular this week.

export const FEED_SORTS = ['newest', 'popular', 'featured'] as const
export const FeedSort = z.enum(FEED_SORTS, { error: 'Choose newest, popular or featured' })
export type FeedSort = z.infer<typeof FeedSort>

/**
 * `GET /api/posts`: everything published, filtered, newest (publishedAt), popular (all-time
 * score) or featured (admin-picked, newest pick first) first, one keyset page at a time.
 */
export const FeedQuery = z.object({
  category: PostCategory.optional(),
  subject: z.string().trim().min(1).max(64).optional(),
  tag: PostTag.optional(),
  writer: Uuid('Unknown writer').optional(),
  sort: FeedSort.default('newest'),
  cursor: z.string().max(300).optional(),
  limit: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
})
export type FeedQuery = z.infer<typeof FeedQuery>

export const POPULAR_LIMIT_MAX = 20

/** `GET /api/posts/popular`: the most liked and read in the last POPULAR_WINDOW_DAYS days. */
export const PopularQuery = z.object({
  category: PostCategory.optional(),
  limit: z.coerce.number().int().min(1).max(POPULAR_LIMIT_MAX).default(6),
})
export type PopularQuery = z.infer<typeof PopularQuery>

export const MORE_FROM_WRITER = 4

/** `GET /api/posts/:id/around`: previous/next by the same writer in the same category, and more. */
export const PostNeighbours = z.object({
  previous: PostCard.nullable(),
  next: PostCard.nullable(),
  moreFromWriter: z.array(PostCard),
})
export type PostNeighbours = z.infer<typeof PostNeighbours>

export const FeaturedState = z.object({ featured: z.boolean() })
export type FeaturedState = z.infer<typeof FeaturedState>
