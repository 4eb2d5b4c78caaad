// What the me module offers the rest of the server: other modules, the app and the jobs import it
// from here and never from its files (biome.json, server/modules override).
export { avatarRoutes, meRoutes } from './me.routes.ts'
export { removeUserFiles, toMe } from './me.service.ts'
