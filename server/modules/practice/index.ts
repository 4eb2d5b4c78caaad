// What the practice module offers the rest of the server: other modules, the app and the jobs import it
// from here and never from its files (biome.json, server/modules override). Cards are written at an
// exam's submission by server/core/practice-cards.ts, so the exams module never imports this one.
export { practiceRoutes } from './practice.routes.ts'
