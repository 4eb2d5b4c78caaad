// Every address of a screen that code writes, in the server (notifications, reports, feeds,
// sitemaps, review links) and in the web app (links and navigations), so the two always agree.
// They must match the routes in web/app/router.tsx.

const segment = encodeURIComponent

/** Where a post is read: /learn/<author id>/<slug>. */
export const postPath = (authorId: string, slug: string) => `/learn/${segment(authorId)}/${segment(slug)}`

/** Where a book is (its page, and the reader at its chapters): /read/<book id>. */
export const bookPath = (bookId: string) => `/read/${segment(bookId)}`

/** The reader at one of a book's chapters, or the book's page without one. */
export const readPath = (bookId: string, chapterId?: string | null) =>
  `${bookPath(bookId)}${chapterId ? `?chapter=${segment(chapterId)}` : ''}`

/** A writer's public page. */
export const writerPath = (writerId: string) => `/writer/${segment(writerId)}`

/** A subject's page: its posts, exams and discussions. */
export const subjectPath = (slug: string) => `/subject/${segment(slug)}`

/** A subject's forum: its threads. */
export const forumPath = (subjectSlug: string) => `/forum/${segment(subjectSlug)}`

/** A forum thread; a page after the first, and a reply to scroll to, when given. */
export const threadPath = (subjectSlug: string, threadId: string, page = 1, replyId?: string) =>
  `${forumPath(subjectSlug)}/${segment(threadId)}${page > 1 ? `?page=${page}` : ''}${replyId ? `#reply-${replyId}` : ''}`

/** The post editor at one of the author's posts. */
export const postEditorPath = (postId: string) => `/post?id=${segment(postId)}`

/** The book workspace at one of the author's books. */
export const bookEditorPath = (bookId: string) => `/postbook?id=${segment(bookId)}`

/** The exam builder at one of the author's exams. */
export const examEditorPath = (examId: string) => `/postexam?id=${segment(examId)}`

/** The author's exams with one exam's statistics open. */
export const examStatsPath = (examId: string) => `/exams?tab=mine&stats=${segment(examId)}`

/** The page a newsletter's unsubscribe link opens: it shows the link's state, and a GET changes nothing. */
export const unsubscribePath = (token: string) => `/unsubscribe?token=${segment(token)}`

/**
 * The page an imported address's confirmation mail opens (double opt-in): it shows whose
 * newsletter and which address, and a GET changes nothing; its button confirms.
 */
export const newsletterConfirmPath = (token: string) => `/newsletter/confirm?token=${segment(token)}`

/** Settings at the e-mail section: newsletters per writer, the global switch, a bounced address. */
export const emailSettingsPath = '/settings#email'
