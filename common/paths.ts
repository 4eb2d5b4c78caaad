// Addresses of screens that the server also hands out (in notifications, reports and feeds), so
// the server and the web app always agree on them.

/** Where a post is read: /learn/<author id>/<slug>. */
export const postPath = (authorId: string, slug: string) =>
  `/learn/${encodeURIComponent(authorId)}/${encodeURIComponent(slug)}`

/** Where a book is (its page, and the reader at its chapters): /read/<book id>. */
export const bookPath = (bookId: string) => `/read/${encodeURIComponent(bookId)}`
