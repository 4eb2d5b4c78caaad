// What the subscriptions module offers the rest of the server: other modules, the app and the jobs import it
// from here and never from its files (biome.json, server/modules override).
export { subscriptionRoutes } from './subscriptions.routes.ts'
export { viewerSubscription } from './subscriptions.service.ts'
