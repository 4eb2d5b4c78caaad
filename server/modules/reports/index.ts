// What the reports module offers the rest of the server: other modules, the app and the jobs import it
// from here and never from its files (biome.json, server/modules override).
export { reportAdminRoutes, reportRoutes } from './reports.routes.ts'
