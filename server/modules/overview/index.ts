// What the overview module offers the rest of the server: other modules, the app and the jobs import it
// from here and never from its files (biome.json, server/modules override).
export { overviewRoutes } from './overview.routes.ts'
export { writerOverview } from './overview.service.ts'
export { rollUpStats } from './rollup.service.ts'
