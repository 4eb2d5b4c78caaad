// What the mastery module offers the rest of the server: other modules, the app and the jobs import it
// from here and never from its files (biome.json, server/modules override).
export { masteryRoutes } from './mastery.routes.ts'
export { readMastery, readSubjectMastery } from './mastery.service.ts'
