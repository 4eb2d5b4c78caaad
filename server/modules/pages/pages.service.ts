import { bookPath, postPath, writerPath } from '#common/paths.ts'
import { SHOWN } from '#common/query-keys.ts'
import type { PostCategory } from '#common/schemas/posts.ts'
import type { AppContext, SessionUser } from '#server/context.ts'
import { absoluteUrl, CATEGORY_PAGES } from '#server/modules/feeds/index.ts'
import { absolute, DEFAULT_IMAGE } from './document.ts'
import { breadcrumbs, notFound, ORGANIZATION, orNotFound, type PageContent, summary } from './page-parts.ts'
import { reads } from './public-reads.ts'

// A post's, a writer's and a book's page, as this visitor sees it (`viewer`, null when signed out):
// each page reads through the same service as its JSON endpoint, for the same person (so drafts,
// pending items, subscribers-only bodies and paid chapters stay out exactly as they do there), and
// hands the result to the app under the key of the web's hook for that endpoint; the app renders
// its screen over it (decisions 030 and 041).

// --- A post ---------------------------------------------------------------------------------

export async function postPage(
  ctx: AppContext,
  viewer: SessionUser | null,
  writerId: string,
  slug: string,
): Promise<PageContent> {
  // What the post's screen shows around it: the author's card (the address names the author, so
  // it is read beside the post), their other posts, and the discussion (a subscribers-only post's
  // discussion is for subscribers: the app asks for it).
  const [read, author] = await Promise.all([
    orNotFound(reads.post(ctx, viewer, writerId, slug)),
    orNotFound(reads.writer(ctx, viewer, writerId)),
  ])
  if (!read) return notFound()
  const post = read.data
  const around = await Promise.all([
    author,
    reads.neighbours(ctx, viewer, post.id),
    post.locked ? null : reads.comments(ctx, viewer, post.id),
  ])
  const { appUrl } = ctx.config
  const path = postPath(post.author.id, post.slug)
  const category = CATEGORY_PAGES[post.category as PostCategory]
  const description = summary(post.excerpt, `${post.title}, by ${post.author.name} on Inkwell.`)
  const free = !post.locked && post.bodyHtml !== null
  return {
    status: 200,
    title: post.title,
    description,
    image: post.coverImage,
    type: 'article',
    published: {
      at: post.publishedAt,
      modified: post.updatedAt,
      author: absoluteUrl(appUrl, writerPath(post.author.id)),
    },
    feed: { title: `${post.author.name} – Inkwell`, pagePath: writerPath(post.author.id) },
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'Article',
        headline: post.title,
        description,
        image: [absolute(appUrl, post.coverImage ?? DEFAULT_IMAGE)],
        datePublished: post.publishedAt,
        dateModified: post.updatedAt,
        author: {
          '@type': 'Person',
          name: post.author.name,
          url: absoluteUrl(appUrl, writerPath(post.author.id)),
        },
        publisher: ORGANIZATION,
        mainEntityOfPage: absoluteUrl(appUrl, path),
        keywords: post.tags,
        // Google's paywalled-content markup: the body is for subscribers.
        isAccessibleForFree: free,
      },
      breadcrumbs(appUrl, [
        ['Inkwell', '/'],
        [category.title, category.path],
        [post.title, path],
      ]),
    ],
    queries: [read, ...around].flatMap((r) => (r ? [r.query] : [])),
  }
}

// --- A writer -------------------------------------------------------------------------------

export async function writerPage(
  ctx: AppContext,
  viewer: SessionUser | null,
  writerId: string,
): Promise<PageContent> {
  const profile = await orNotFound(reads.writer(ctx, viewer, writerId))
  if (!profile) return notFound()
  const writer = profile.data
  const [posts, books] = await Promise.all([
    reads.feed(ctx, { writer: writerId }),
    reads.bookShelf(ctx, { writer: writerId, sort: 'bestselling' }, SHOWN.writerBooks),
  ])
  const { appUrl } = ctx.config
  const path = writerPath(writer.id)
  const description = summary(writer.bio, `${writer.name} writes on Inkwell.`)
  return {
    status: 200,
    title: writer.name,
    description,
    image: writer.image,
    type: 'profile',
    feed: { title: `${writer.name} – Inkwell`, pagePath: path },
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'ProfilePage',
        dateCreated: writer.joinedAt,
        mainEntity: {
          '@type': 'Person',
          name: writer.name,
          description: writer.bio || undefined,
          image: writer.image ? absolute(appUrl, writer.image) : undefined,
          url: absoluteUrl(appUrl, path),
          sameAs: writer.links.length ? writer.links : undefined,
        },
      },
      breadcrumbs(appUrl, [
        ['Inkwell', '/'],
        ['Writers', '/profile'],
        [writer.name, path],
      ]),
    ],
    queries: [profile, posts, books].map((r) => r.query),
  }
}

// --- A book ---------------------------------------------------------------------------------

export async function bookPage(
  ctx: AppContext,
  viewer: SessionUser | null,
  bookId: string,
): Promise<PageContent> {
  // An unpublished book is the author's, an admin's or an owner's alone (getBookPage decides).
  const read = await orNotFound(reads.book(ctx, viewer, bookId))
  if (!read) return notFound()
  const book = read.data
  const [author, reviews] = await Promise.all([
    // The author's card (not every author is a writer with a page: then the app asks and learns so).
    orNotFound(reads.writer(ctx, viewer, book.author.id)),
    reads.bookReviews(ctx, viewer, bookId),
  ])
  const { appUrl } = ctx.config
  const path = bookPath(book.id)
  const description = summary(book.subtitle || book.description, `${book.title}, by ${book.author.name}.`)
  return {
    status: 200,
    title: book.title,
    description,
    image: book.coverImage,
    type: 'book',
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'Book',
        name: book.title,
        alternativeHeadline: book.subtitle || undefined,
        description: book.description || undefined,
        image: book.coverImage ? absolute(appUrl, book.coverImage) : undefined,
        author: {
          '@type': 'Person',
          name: book.author.name,
          url: absoluteUrl(appUrl, writerPath(book.author.id)),
        },
        inLanguage: book.language,
        bookFormat: 'https://schema.org/EBook',
        datePublished: book.publishedAt ?? undefined,
        url: absoluteUrl(appUrl, path),
        publisher: ORGANIZATION,
        offers: {
          '@type': 'Offer',
          price: (book.price / 100).toFixed(2),
          priceCurrency: book.currency,
          availability: 'https://schema.org/InStock',
          url: absoluteUrl(appUrl, path),
        },
        ...(book.rating.count
          ? {
              aggregateRating: {
                '@type': 'AggregateRating',
                ratingValue: book.rating.average,
                ratingCount: book.rating.count,
              },
            }
          : {}),
      },
      breadcrumbs(appUrl, [
        ['Inkwell', '/'],
        ['Books Store', '/books'],
        [book.title, path],
      ]),
    ],
    // The blurb and the chapter titles only: no chapter's text, free or paid.
    queries: [read, author, reviews].flatMap((r) => (r ? [r.query] : [])),
  }
}
