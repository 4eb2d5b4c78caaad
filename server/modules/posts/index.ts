// What the posts module offers the rest of the server: other modules, the app and the jobs import it
// from here and never from its files (biome.json, server/modules override).
export { featuredAdminRoutes, feedRoutes } from './feed.routes.ts'
export { cardColumns, listFeed, popularPosts, postNeighbours, toCard } from './feed.service.ts'
export { bodyReadable, findPractisableLesson } from './flashcards.service.ts'
export { postRoutes } from './posts.routes.ts'
export { readPost } from './posts.service.ts'
export { reactionRoutes } from './reactions.routes.ts'
export { findReadablePost, listComments } from './reactions.service.ts'
export { postReview } from './review.ts'
