// What the books module offers the rest of the server: other modules, the app and the jobs import it
// from here and never from its files (biome.json, server/modules override).
export { bookItem } from './book-item.ts'
export { bookAdminRoutes, bookRoutes } from './books.routes.ts'
export { listBooks } from './catalogue.service.ts'
export { listReviews, reviewsLink } from './reader-reviews.service.ts'
export { getBookPage, readChapter } from './reading.service.ts'
