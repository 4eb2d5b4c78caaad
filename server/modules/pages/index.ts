// What the pages module offers the rest of the server: other modules, the app and the jobs import it
// from here and never from its files (biome.json, server/modules override).
export { EARLY_TAPS_SOURCE } from './early-taps.ts'
export { type PageRenderer, pageRoutes } from './pages.routes.ts'
