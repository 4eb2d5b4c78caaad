// What the contact module offers the rest of the server: other modules, the app and the jobs import it
// from here and never from its files (biome.json, server/modules override).
export { contactRoutes } from './contact.routes.ts'
export { listContactMessages, markContactMessage } from './contact.service.ts'
