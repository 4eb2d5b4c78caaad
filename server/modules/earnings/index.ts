// What the earnings module offers the rest of the server: other modules, the app and the jobs import it
// from here and never from its files (biome.json, server/modules override).
export { earningsRoutes, payoutAdminRoutes } from './earnings.routes.ts'
export { earningsHistory, earningsSummary, monthlyEarnings, monthlySales } from './earnings.service.ts'
