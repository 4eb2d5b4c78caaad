// What the newsletters module offers the rest of the server: other modules, the app and the jobs import it
// from here and never from its files (biome.json, server/modules override).

export { newsletterContactRoutes } from './contacts.routes.ts'
export { contactWorkers } from './contacts.service.ts'
export { newsletterWorkers, queueChapterMail, queueNewsletter, sweepStranded } from './delivery.service.ts'
export { newsletterRoutes } from './newsletters.routes.ts'
export { newslettersMailed } from './preferences.service.ts'
