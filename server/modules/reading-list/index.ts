// What the reading-list module offers the rest of the server: other modules, the app and the jobs import it
// from here and never from its files (biome.json, server/modules override).
export { readingListRoutes } from './reading-list.routes.ts'
