// What the subjects module offers the rest of the server: other modules, the app and the jobs import it
// from here and never from its files (biome.json, server/modules override).
export { subjectAdminRoutes, subjectRoutes } from './subjects.routes.ts'
export { getSubject, listSubjects, subjectExists } from './subjects.service.ts'
