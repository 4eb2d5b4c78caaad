// What the notifications module offers the rest of the server: other modules, the app and the jobs import it
// from here and never from its files (biome.json, server/modules override).
export { forgetLiker, notifyLike } from './likes.ts'
export { notificationRoutes } from './notifications.routes.ts'
export {
  bellSnapshotJson,
  broadcast,
  deliverBroadcasts,
  markKindRead,
  pruneEvents,
  toBellSnapshot,
} from './notifications.service.ts'
