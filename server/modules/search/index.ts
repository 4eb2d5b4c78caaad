// What the search module offers the rest of the server: other modules, the app and the jobs import it
// from here and never from its files (biome.json, server/modules override).
export { searchRoutes } from './search.routes.ts'
export { htmlText, searchableQuery } from './search.service.ts'
