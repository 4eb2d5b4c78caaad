// What the feeds module offers the rest of the server: other modules, the app and the jobs import it
// from here and never from its files (biome.json, server/modules override).
export { syndicationRoutes } from './feeds.routes.ts'
export { absoluteUrl, CATEGORY_PAGES, feedPath } from './public-paths.ts'
