// What the book page's and the reader's tests share: the book's requests and a render at its address.
import type { BookPage, Chapter } from '#common/schemas/books.ts'
import { meBody, writerProfile } from '#web/test/builders.ts'
import { fakeAuth } from '#web/test/fake-auth.ts'
import { jsonResponse } from '#web/test/fetch.ts'
import { LocationProbe, renderRoutes } from '#web/test/render.tsx'
import { BOOK_ID, bookPage } from './books.fixtures.ts'

export const BOOK_PATH = `/api/books/${BOOK_ID}`
export const POSITION_PATH = `PUT ${BOOK_PATH}/position`

/** The book page's requests (and the author card's subscribe button's), plus chapters by id. */
export const bookRoutes = (book: BookPage = bookPage(), chapters: Chapter[] = []) => ({
  [BOOK_PATH]: jsonResponse(book),
  // The book page's Ratings & reviews: none yet, unless a test says otherwise.
  [`${BOOK_PATH}/reviews`]: jsonResponse({
    items: [],
    nextCursor: null,
    rating: book.rating,
    distribution: [5, 4, 3, 2, 1].map((stars) => ({ stars, count: 0 })),
    mine: null,
  }),
  '/api/writers/writer-1': jsonResponse(writerProfile()),
  ...Object.fromEntries(chapters.map((c) => [`${BOOK_PATH}/chapters/${c.id}`, jsonResponse(c)])),
})

/** Signed in as `id` (user-1, a reader, unless said otherwise). */
export function signInAs(id = 'user-1') {
  fakeAuth.signedIn({ id })
  return {
    '/api/me': jsonResponse(meBody({ id })),
    // Reader settings kept on the server: none yet, unless a test says otherwise.
    '/api/me/reader-settings': jsonResponse({ settings: null }),
  }
}

/**
 * /read/:bookId (the route of a real screen: `element`), with a probe on the page that shows the
 * address and one for anywhere else.
 */
export const renderBookAt = (element: React.ReactNode, path = `/read/${BOOK_ID}`) =>
  renderRoutes(
    [
      {
        path: '/read/:bookId',
        element: (
          <>
            {element}
            <LocationProbe />
          </>
        ),
      },
      { path: '*', element: <LocationProbe /> },
    ],
    path,
  )
