// What the files module offers the rest of the server: other modules, the app and the jobs import it
// from here and never from its files (biome.json, server/modules override).
export { fileRoutes } from './files.routes.ts'
export { keyOfFileUrl, uploadImage } from './files.service.ts'
export { uploadRoutes } from './uploads.routes.ts'
