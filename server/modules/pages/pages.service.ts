import { bookPath, postPath } from '#common/paths.ts'
import { SHOWN } from '#common/query-keys.ts'
import type { PostCategory, PublicPost } from '#common/schemas/posts.ts'
import type { AppContext } from '#server/context.ts'
import { absoluteUrl, CATEGORY_PAGES, writerPath } from '#server/modules/feeds/public-paths.ts'
import { absolute, DEFAULT_IMAGE } from './document.ts'
import { type Html, html, trusted } from './html.ts'
import {
  bookList,
  breadcrumbs,
  dateOf,
  notFound,
  ORGANIZATION,
  orNotFound,
  PAGE_TITLE,
  type PageContent,
  paragraphs,
  postList,
  summary,
} from './page-parts.ts'
import { reads } from './public-reads.ts'

// What each public page shows a visitor without JavaScript, as the signed-out reader sees it: each
// page reads through the same service as its JSON endpoint (so drafts, pending items,
// subscribers-only bodies and paid chapters stay out exactly as they do there), and hands the
// result to the app under the key of the web's hook for that endpoint.

// --- A post ---------------------------------------------------------------------------------

export async function postPage(ctx: AppContext, writerId: string, slug: string): Promise<PageContent> {
  // What the post's screen shows around it: the author's card (the address names the author, so
  // it is read beside the post), their other posts, and the discussion (a subscribers-only post's
  // discussion is for subscribers: the app asks for it).
  const [read, author] = await Promise.all([
    orNotFound(reads.post(ctx, writerId, slug)),
    orNotFound(reads.writer(ctx, writerId)),
  ])
  if (!read) return notFound()
  const post = read.data
  const around = await Promise.all([
    author,
    reads.neighbours(ctx, post.id),
    post.locked ? null : reads.comments(ctx, post.id),
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
    main: postArticle(post, free),
    queries: [read, ...around].flatMap((r) => (r ? [r.query] : [])),
  }
}

function postArticle(post: PublicPost, free: boolean): Html {
  const category = CATEGORY_PAGES[post.category as PostCategory]
  return html`<article class="mx-auto max-w-2xl pt-2 pb-16 sm:pt-6">
<p class="text-xs font-semibold uppercase tracking-[0.14em] text-ink-700"><a href="${category.path}">${category.title}</a></p>
<h1 class="mt-3 font-serif text-[2.1rem] leading-tight font-semibold tracking-tight text-stone-900 sm:text-5xl sm:leading-[1.1]">${post.title}</h1>
${post.excerpt ? html`<p class="mt-4 font-serif text-xl leading-relaxed text-stone-600">${post.excerpt}</p>` : ''}
<p class="mt-5 text-sm text-stone-500">By <a href="${writerPath(post.author.id)}">${post.author.name}</a>${post.publishedAt ? html` · ${dateOf(post.publishedAt)}` : ''}</p>
${post.coverImage ? html`<img src="${post.coverImage}" alt="" class="mt-8 w-full rounded-2xl" />` : ''}
${
  free
    ? html`<div class="prose-ink mt-10 break-words">${trusted(post.bodyHtml ?? '')}</div>`
    : html`<p class="mt-10 rounded-xl border border-stone-200 p-6">This post is for ${post.author.name}’s subscribers. <a href="${writerPath(post.author.id)}">Subscribe to read it</a>.</p>`
}
</article>`
}

// --- A writer -------------------------------------------------------------------------------

export async function writerPage(ctx: AppContext, writerId: string): Promise<PageContent> {
  const profile = await orNotFound(reads.writer(ctx, writerId))
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
    main: html`<section class="mx-auto max-w-3xl">
${writer.image ? html`<img src="${writer.image}" alt="" width="96" height="96" class="size-24 rounded-full object-cover" />` : ''}
<h1 class="mt-4 ${PAGE_TITLE}">${writer.name}</h1>
${paragraphs(writer.bio, 'mt-3 text-stone-600')}
<p class="mt-3 text-sm text-stone-500">${writer.posts} posts · ${writer.likes} likes</p>
${books.data.items.length ? html`<h2 class="mt-10 text-2xl font-semibold">Books by ${writer.name}</h2>${bookList(books.data.items)}` : ''}
<h2 class="mt-10 text-2xl font-semibold">Posts by ${writer.name}</h2>
${postList(posts.data.items, `${writer.name} has not published yet.`, 3)}
</section>`,
    queries: [profile, posts, books].map((r) => r.query),
  }
}

// --- A book ---------------------------------------------------------------------------------

export async function bookPage(ctx: AppContext, bookId: string): Promise<PageContent> {
  const read = await orNotFound(reads.book(ctx, bookId))
  // An unpublished book is the author's, an admin's or an owner's alone (getBookPage lets a
  // signed-out visitor see only published ones, and this page is the signed-out view).
  if (!read) return notFound()
  const book = read.data
  const [author, reviews] = await Promise.all([
    // The author's card (not every author is a writer with a page: then the app asks and learns so).
    orNotFound(reads.writer(ctx, book.author.id)),
    reads.bookReviews(ctx, bookId),
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
    main: html`<article class="mx-auto max-w-3xl">
${book.coverImage ? html`<img src="${book.coverImage}" alt="" class="w-40 rounded-lg" />` : ''}
<h1 class="mt-4 ${PAGE_TITLE}">${book.title}</h1>
${book.subtitle ? html`<p class="mt-2 text-xl text-stone-600">${book.subtitle}</p>` : ''}
<p class="mt-3 text-sm text-stone-500">By <a href="${writerPath(book.author.id)}">${book.author.name}</a> · ${book.chapterCount} chapters · ${book.price === 0 ? 'Free' : `${(book.price / 100).toFixed(2)} ${book.currency}`}</p>
${paragraphs(book.description, 'mt-4 text-stone-700')}
<h2 class="mt-10 text-2xl font-semibold">Contents</h2>
<ol class="mt-4 list-decimal space-y-1 pl-6">${book.chapters.map((c) => html`<li>${c.title}${c.preview ? ' (free preview)' : ''}</li>`)}</ol>
</article>`,
    queries: [read, author, reviews].flatMap((r) => (r ? [r.query] : [])),
  }
}
