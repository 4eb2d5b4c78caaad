// What the forums module offers the rest of the server: other modules, the app and the jobs import it
// from here and never from its files (biome.json, server/modules override).
export { listThreads } from './forum-index.service.ts'
export { forumAdminRoutes, forumRoutes } from './forums.routes.ts'
export { removeReply, removeThread } from './removal.ts'
