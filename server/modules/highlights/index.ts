// What the highlights module offers the rest of the server: other modules, the app and the jobs import it
// from here and never from its files (biome.json, server/modules override).
export { highlightRoutes } from './highlights.routes.ts'
